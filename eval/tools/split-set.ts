// Splits a question set into a tuning part (40 %) and a test part (60 %), deterministically.
// Usage: node --import tsx eval/tools/split-set.ts <name> [seed]
//   reads  eval/sources/<name>.jsonl
//   writes eval/<name>.tune.jsonl and eval/<name>.test.jsonl
// The seed is fixed (eval/README.md) so that re-running gives the same parts: a question must never move from the
// test part to the tuning part after someone has looked at test-part results.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rng } from '../../bench/lib/stats.js';

export const DEFAULT_SEED = 20261124;
export const TUNE_FRACTION = 0.4;

/** Fisher–Yates driven by the project's seeded PRNG (mulberry32, bench/lib/stats.ts), so the split never depends
 * on Math.random; returns a new array. */
export function seededShuffle<T>(items: T[], seed: number): T[] {
  const out = items.slice();
  const rand = rng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function splitLines(lines: string[], seed = DEFAULT_SEED): { tune: string[]; test: string[] } {
  const shuffled = seededShuffle(lines, seed);
  const nTune = Math.round(shuffled.length * TUNE_FRACTION);
  return { tune: shuffled.slice(0, nTune), test: shuffled.slice(nTune) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const [name, seedArg] = process.argv.slice(2);
  if (!name) {
    console.error('usage: node --import tsx eval/tools/split-set.ts <name> [seed]');
    process.exit(2);
  }
  const seed = seedArg ? Number(seedArg) : DEFAULT_SEED;
  const evalDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const src = path.join(evalDir, 'sources', `${name}.jsonl`);
  const lines = readFileSync(src, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const { tune, test } = splitLines(lines, seed);
  writeFileSync(path.join(evalDir, `${name}.tune.jsonl`), tune.join('\n') + '\n');
  writeFileSync(path.join(evalDir, `${name}.test.jsonl`), test.join('\n') + '\n');
  console.log(`${name}: ${lines.length} questions -> ${tune.length} tune, ${test.length} test (seed ${seed})`);
}
