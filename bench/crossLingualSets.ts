/**
 * Question sets asking the English help vault in other languages: each translated vault's questions of a set of
 * `eval/sets.json`, with their `rel` notes mapped to the English vault's through the notes' frontmatter `permalink`
 * (every translation keeps it). For measuring what a person gets who asks in their own language over English notes
 * (docs/languages.md, "A question in another language than the notes"); run `obsiquery eval --vault
 * ../shared/corpora/obsidian-help-en --queries FILE` on what it writes.
 *
 *   node --import tsx bench/crossLingualSets.ts --out DIR --set NAME [--set NAME ...]
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkQuestionFile, loadEvalSets, selectEvalSets } from '../src/search/evalSets.js';
import { option, repeated } from './lib/args.js';

const out = option('--out')!;
const english = loadEvalSets().find((s) => s.name === 'dev-ohelp-en')!.vault;

/** Vault-relative path → permalink, read from each note's frontmatter. */
function permalinks(vault: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(vault, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const file = join(entry.parentPath, entry.name);
    const head = readFileSync(file, 'utf8').slice(0, 2000);
    const link = /^---\n[\s\S]*?^permalink:\s*(\S+)/m.exec(head)?.[1];
    if (link) found.set(relative(vault, file).split('\\').join('/'), link);
  }
  return found;
}

const englishByLink = new Map([...permalinks(english)].map(([path, link]) => [link, path]));
mkdirSync(out, { recursive: true });
for (const set of selectEvalSets(loadEvalSets(), { names: repeated('--set') })) {
  const links = permalinks(set.vault);
  const { questions } = checkQuestionFile(set.queries, set.vault, set);
  const lines: string[] = [];
  let unmapped = 0;
  for (const { q, rel } of questions) {
    const mapped = rel.map((r) => englishByLink.get(links.get(r) ?? ''));
    if (rel.length === 0 || mapped.some((m) => m === undefined)) {
      unmapped++;
      continue;
    }
    lines.push(JSON.stringify({ q, rel: mapped }));
  }
  writeFileSync(join(out, `${set.name}.over-en.jsonl`), lines.map((l) => `${l}\n`).join(''));
  console.log(
    `${set.name}: ${lines.length} questions${unmapped ? `, ${unmapped} left out (off-topic or unmapped)` : ''}`,
  );
}
