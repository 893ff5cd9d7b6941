/**
 * questionLanguage (src/agent/language.ts) on every question of every eval set: how often each set's questions are
 * read as each language. `node --import tsx bench/questionLanguage.ts [--show]` (`--show` lists the misread ones).
 * The set's language is the truth (eval/sets.json); every set is one language.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { questionLanguage } from '../src/agent/language.js';

const root = path.resolve(import.meta.dirname, '..');
const sets = (
  JSON.parse(readFileSync(path.join(root, 'eval/sets.json'), 'utf8')) as {
    sets: { name: string; queries: string; language: string }[];
  }
).sets;
const show = process.argv.includes('--show');
const confusion = new Map<string, Map<string, number>>();
for (const set of sets) {
  const lines = readFileSync(path.join(root, set.queries), 'utf8').split('\n').filter(Boolean);
  for (const line of lines) {
    const q = (JSON.parse(line) as { q: string }).q;
    const got = questionLanguage(q);
    const row = confusion.get(set.language) ?? new Map<string, number>();
    row.set(got, (row.get(got) ?? 0) + 1);
    confusion.set(set.language, row);
    if (show && got !== set.language) console.log(`${set.name}: ${got} ← ${q}`);
  }
}
for (const [truth, row] of confusion) {
  const total = [...row.values()].reduce((a, b) => a + b, 0);
  const cells = [...row.entries()].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`);
  console.log(`${truth} (${total} questions): ${cells.join(', ')}`);
}
