/**
 * Per-vault fusion calibration against real questions (issue 24 part 2): for each vault of the chosen sets, the
 * pseudo-query MRR@10 at every shift of the model's dense weight (what bench/pseudoQueryCalibration.ts chooses
 * from), next to the real questions' R@5 / MRR@10 at the same shifts, in one run. The question is whether the shift
 * the pseudo-queries pick moves with the shift the real questions want. The indexes are the ones `npm run eval`
 * builds (same --data-root); they are opened, not synced.
 *
 *   node --import tsx bench/calibrationEval.ts --data-root DIR [--part tune|test] [--set NAME ...] [--model ID]
 *        [--kind sentence|heading|masked] [--shifts -0.2,-0.1,0,0.1,0.2] [--pseudo-only | --no-pseudo] [--out FILE.json]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openEvalIndex } from '../src/services/evalIndex.js';
import { evaluate, readQueries, type Metrics } from '../src/search/evaluate.js';
import { askedOn, loadEvalSets, selectEvalSets, type SetPart } from '../src/search/evalSets.js';
import { calibrateFusion, CALIBRATION_SHIFTS, type PseudoQueryKind } from './pseudoQueryCalibration.js';
import { memoisedEmbedder, cachedVectors } from './searchCache.js';
import { option, repeated } from './lib/args.js';

const args = process.argv.slice(2);
const dataRoot = option('--data-root');
if (!dataRoot) throw new Error('usage: calibrationEval.ts --data-root DIR [--part tune|test] [--set NAME ...]');
const names = repeated('--set');
const sets = selectEvalSets(loadEvalSets(), { names, part: option('--part') as SetPart | undefined });
const shifts = option('--shifts')?.split(',').map(Number) ?? CALIBRATION_SHIFTS;
const kinds = (args.includes('--no-pseudo') ? [] : (option('--kind')?.split(',') ?? ['masked'])) as PseudoQueryKind[];

const byVault = new Map<string, typeof sets>();
for (const s of sets) byVault.set(s.vault, [...(byVault.get(s.vault) ?? []), s]);

const report: unknown[] = [];
for (const [vault, vaultSets] of byVault) {
  const { service } = await openEvalIndex(dataRoot, vault, option('--model'));
  try {
    const embedder = memoisedEmbedder(service.embedder);
    const index = cachedVectors(service.index);
    console.log(`${path.basename(vault)} (${embedder.modelId}, ${index.db.countsByStatus().chunks} chunks)`);
    const pseudo: Record<string, unknown> = {};
    for (const kind of kinds) {
      const c = await calibrateFusion(service.index, service.embedder, { shifts, kind });
      pseudo[kind] = { mrr: c.mrr, shift: c.shift, queries: c.queries, ms: c.ms, examples: c.perQuery.slice(0, 5) };
      console.log(
        `  pseudo ${kind.padEnd(8)} ${c.queries} q, ${c.ms} ms: ${Object.entries(c.mrr)
          .map(([s, m]) => `${s}:${m.toFixed(3)}`)
          .join(' ')} -> shift ${c.shift}`,
      );
    }
    const real: Record<string, Record<string, Metrics>> = {};
    for (const set of args.includes('--pseudo-only') ? [] : vaultSets) {
      const queries = readQueries(set.queries, { offTopic: true }).filter((q) => q.rel.length > 0);
      if (!queries.length) continue;
      real[set.name] = {};
      // A set that pins its day (the journal's) is searched date-aware, as `npm run eval` does.
      const today = askedOn(set);
      const single = await evaluate(index, embedder, queries, ['dense', 'sparse'], { today });
      const cells: string[] = [];
      for (const shift of shifts) {
        const m = (await evaluate(index, embedder, queries, ['hybrid'], { denseWeightShift: shift, today })).hybrid;
        real[set.name]![shift.toFixed(2)] = m;
        cells.push(`${shift.toFixed(2)}:${m.recall_at_5.toFixed(3)}/${m.mrr_at_10.toFixed(3)}`);
      }
      console.log(
        `  ${set.name} (${set.part}, ${queries.length} q) dense ${single.dense.recall_at_5.toFixed(3)}/${single.dense.mrr_at_10.toFixed(3)} BM25 ${single.sparse.recall_at_5.toFixed(3)}/${single.sparse.mrr_at_10.toFixed(3)}\n    ${cells.join('  ')}`,
      );
      real[set.name]!.dense = single.dense;
      real[set.name]!.sparse = single.sparse;
    }
    report.push({ vault, model: embedder.modelId, pseudo, real });
  } finally {
    service.close();
  }
  const out = option('--out');
  if (out) writeFileSync(out, JSON.stringify(report, null, 1));
}
