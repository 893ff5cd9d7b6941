/**
 * questionLanguage (src/agent/language.ts) on every question of every eval set: how often each set's questions are
 * read as each language. `node --import tsx bench/questionLanguage.ts [--show]` (`--show` lists the misread ones).
 * The set's language is the truth (eval/sets.json); every set is one language. Each set is read twice: alone, and
 * as the agent reads it, knowing the language of the vault it is asked of (inVaultLanguage; the vault's language as
 * detectVaultLanguage reads its notes), per part (tuning or test). Then the questions of
 * `eval/question-languages.{tune,test}.jsonl` (one line each: a question and its language), in the languages
 * no eval set is written in (Polish, Turkish, Vietnamese…): the tuning file chose when ELD is asked
 * (src/text/ngramLanguage.ts), the test file is reported.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inVaultLanguage, questionLanguage } from '../src/agent/language.js';
import { detectVaultLanguage } from '../src/models/vaultLanguage.js';
import { discoverNotes } from '../src/pipeline/discover.js';

const root = path.resolve(import.meta.dirname, '..');
const sets = (
  JSON.parse(readFileSync(path.join(root, 'eval/sets.json'), 'utf8')) as {
    sets: { name: string; queries: string; language: string; vault: string; part?: string }[];
  }
).sets;
const show = process.argv.includes('--show');
const confusion = new Map<string, Map<string, number>>();
/** Per part: the confusion with the vault's language known, as the agent reads questions. */
const inVault = new Map<string, Map<string, Map<string, number>>>();
const vaultLanguages = new Map<string, string>();
for (const set of sets) {
  const lines = readFileSync(path.join(root, set.queries), 'utf8').split('\n').filter(Boolean);
  const vaultDir = path.resolve(root, set.vault);
  if (!vaultLanguages.has(vaultDir))
    vaultLanguages.set(
      vaultDir,
      (await detectVaultLanguage((await discoverNotes(vaultDir)).files.map((f) => f.filePath))).lang,
    );
  const vault = vaultLanguages.get(vaultDir)!;
  const part = set.part === 'test' ? 'test' : 'tune';
  if (!inVault.has(part)) inVault.set(part, new Map());
  for (const line of lines) {
    const q = (JSON.parse(line) as { q: string }).q;
    const got = questionLanguage(q);
    tally(confusion, set.language, got);
    if (show && got !== set.language) console.log(`${set.name}: ${got} ← ${q}`);
    const asked = inVaultLanguage(vault, () => questionLanguage(q));
    tally(inVault.get(part)!, set.language, asked);
    if (show && asked !== set.language) console.log(`${set.name} (vault ${vault}): ${asked} ← ${q}`);
  }
}
console.log('\nEval sets, each question alone:');
printConfusion(confusion);
for (const [part, rows] of inVault) {
  const right = [...rows].reduce((n, [lang, row]) => n + (row.get(lang) ?? 0), 0);
  const total = [...rows.values()].reduce((n, row) => n + [...row.values()].reduce((a, b) => a + b, 0), 0);
  console.log(
    `\nEval sets' ${part === 'tune' ? 'tuning' : 'test'} parts, as the agent reads them (the vault's language known): ${right} of ${total} read right`,
  );
  printConfusion(rows);
}

for (const part of ['tune', 'test']) {
  const file = `eval/question-languages.${part}.jsonl`;
  const read = new Map<string, Map<string, number>>();
  for (const line of readFileSync(path.join(root, file), 'utf8').split('\n').filter(Boolean)) {
    const { q, lang } = JSON.parse(line) as { q: string; lang: string };
    const got = questionLanguage(q);
    tally(read, lang, got);
    if (show && got !== lang) console.log(`${file}: ${got} ← ${q}`);
  }
  const right = [...read].reduce((n, [lang, row]) => n + (row.get(lang) ?? 0), 0);
  const total = [...read.values()].reduce((n, row) => n + [...row.values()].reduce((a, b) => a + b, 0), 0);
  console.log(`\n${file} (${part === 'tune' ? 'tuning part' : 'test part'}): ${right} of ${total} read right`);
  printConfusion(read);
}

/** Counts one question of language `truth` read as `got`. */
function tally(rows: Map<string, Map<string, number>>, truth: string, got: string): void {
  const row = rows.get(truth) ?? new Map<string, number>();
  row.set(got, (row.get(got) ?? 0) + 1);
  rows.set(truth, row);
}

function printConfusion(rows: Map<string, Map<string, number>>): void {
  for (const [truth, row] of rows) {
    const total = [...row.values()].reduce((a, b) => a + b, 0);
    const cells = [...row.entries()].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`);
    console.log(`${truth} (${total} questions): ${cells.join(', ')}`);
  }
}
