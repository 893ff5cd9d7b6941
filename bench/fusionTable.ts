/**
 * Worst margins of the fusion candidates of bench/fusionReplay.ts output files, over the sets each file holds (one
 * embedder group per file): hybrid R@5 and MRR@10 minus the better single system's, the worst over the group's sets
 * and both metrics (the issue-24 target is >= -0.01).
 *
 *   node --import tsx bench/fusionTable.ts FILE.json [FILE.json ...] [--top N] [--match SUBSTRING] [--sets a,b]
 *
 * Prints, per file, the candidates by worst margin (ties by mean R@5 + MRR@10), with each set's R@5 / MRR@10.
 */
import { readFileSync } from 'node:fs';
import { option } from './lib/args.js';

interface SetResult {
  set: string;
  model: string;
  systems: Record<string, { r5: number; rr: number }[]>;
}
const args = process.argv.slice(2);
const files = args.filter((a, i) => a.endsWith('.json') && !args[i - 1]?.startsWith('--'));
const top = Number(option('--top') ?? 12);
const match = option('--match');
const only = option('--sets')?.split(',');
// --merge: one group over every file's sets (one embedder's vaults indexed in separate runs).
const groups = args.includes('--merge') ? [files] : files.map((f) => [f]);

const mean = (xs: { r5: number; rr: number }[], k: 'r5' | 'rr') => xs.reduce((a, x) => a + x[k], 0) / xs.length;
for (const group of groups) {
  const file = group.join(' + ');
  const sets = group
    .flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as SetResult[])
    .filter((s) => !only || only.includes(s.set));
  if (sets.length === 0) continue;
  const names = Object.keys(sets[0]!.systems).filter((n) => n !== 'dense' && n !== 'sparse');
  const rows = names
    .filter((n) => !match || n.includes(match) || n === 'shipped')
    .map((name) => {
      let worst = Infinity;
      let sum = 0;
      const cells = sets.map((s) => {
        const h = s.systems[name]!;
        const [r5, rr] = [mean(h, 'r5'), mean(h, 'rr')];
        const best = (k: 'r5' | 'rr') => Math.max(mean(s.systems.dense!, k), mean(s.systems.sparse!, k));
        worst = Math.min(worst, r5 - best('r5'), rr - best('rr'));
        sum += r5 + rr;
        return `${r5.toFixed(3)}/${rr.toFixed(3)}`;
      });
      return { name, worst, meanSum: sum / sets.length, cells };
    })
    .sort((a, b) => b.worst - a.worst || b.meanSum - a.meanSum);
  console.log(`\n${file} (${sets[0]!.model}): ${sets.map((s) => s.set).join(' | ')}`);
  const single = (k: 'dense' | 'sparse') =>
    sets.map((s) => `${mean(s.systems[k]!, 'r5').toFixed(3)}/${mean(s.systems[k]!, 'rr').toFixed(3)}`).join(' ');
  console.log(`  ${'dense'.padEnd(34)}          ${single('dense')}`);
  console.log(`  ${'BM25'.padEnd(34)}          ${single('sparse')}`);
  const shown = rows.slice(0, top);
  const shipped = rows.find((r) => r.name === 'shipped');
  if (shipped && !shown.includes(shipped)) shown.push(shipped);
  for (const r of shown)
    console.log(
      `  ${r.name.padEnd(34)} ${r.worst >= 0 ? '+' : ''}${r.worst.toFixed(3)} ${r.meanSum.toFixed(3)} ${r.cells.join(' ')}`,
    );
}
