/**
 * Fusion candidates side by side (issue 24 part 2): every method of src/search/fusion.ts over a grid of weights,
 * with the title and link boosts on and off, on the question sets of eval/sets.json, in one run. The indexes are
 * the ones `npm run eval` builds (same --data-root, same folder per vault and embedder), synced first (a no-op when
 * up to date); each question is embedded once and reused by every candidate, so the grid costs searches only.
 *
 *   node --import tsx bench/fusionEval.ts --data-root DIR [--part tune|test] [--set NAME ...] [--model ID] [--out FILE.json]
 *
 * Prints one line per candidate and set (R@5, MRR@10) and writes every number to --out. Choose knobs on
 * `--part tune` only; run `--part test` once, for the chosen candidate, to report.
 */
import { writeFileSync } from 'node:fs';
import { openEvalIndex } from '../src/services/evalIndex.js';
import { evaluate, readQueries, type Metrics } from '../src/search/evaluate.js';
import { askedOn, loadEvalSets, selectEvalSets, type SetPart as EvalPart } from '../src/search/evalSets.js';
import type { FusionOptions } from '../src/search/fusion.js';
import { LINK_BOOST } from '../src/search/similaritySearch.js';
import { memoisedEmbedder, cachedVectors } from './searchCache.js';
import { option, repeated } from './lib/args.js';

const dataRoot = option('--data-root');
if (!dataRoot) throw new Error('usage: fusionEval.ts --data-root DIR [--part tune|test] [--set NAME ...] [--out FILE]');
const names = repeated('--set');
const sets = selectEvalSets(loadEvalSets(), { names, part: option('--part') as EvalPart | undefined });
const only = option('--only')?.split(','); // candidate names, comma-separated: run just those (the test-part report)

interface Candidate {
  name: string;
  fusion?: Partial<FusionOptions>;
  /** Dense weight for Latin-script and CJK-script queries; undefined: the model's calibration. */
  weight?: number;
  linkBoost?: number;
  titleBoost?: boolean;
}

// 'before': the fusion shipped before issue 24 (max-normalised, 0.85 dense; E5 0.5 for CJK queries).
const candidates: Candidate[] = [
  { name: 'shipped' },
  { name: 'shipped no-link', linkBoost: 0 },
  { name: 'shipped no-title', titleBoost: false },
  { name: 'before', fusion: { method: 'max', adaptive: 'none' }, weight: -1 },
];
const WEIGHTS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
// "No side left behind" guards: each side's best hit (or best two) kept within the fused top three or five.
// Round 4 (docs/retrieval-quality.md, "Fusion: candidates side by side"): the guard and the both-sides bonus together,
// at the weights either held the target with.
const GUARD: Partial<FusionOptions> = { guard: 5, guardGap: 0.5 };
for (const w of WEIGHTS)
  for (const both of [0.25, 0.5])
    for (const [suffix, g] of [
      ['', {}],
      [' guard=1@5 gap>=0.5', GUARD],
    ] as const)
      candidates.push({
        name: `zscore gap w=${w} both=${both}${suffix}`,
        fusion: { method: 'zscore', adaptive: 'gap', bothBonus: both, ...g },
        weight: w,
      });
const run = only ? candidates.filter((c) => only.includes(c.name)) : candidates;
if (run.length === 0) throw new Error(`no candidate named ${only?.join(', ')}`);

type Row = { set: string; part: EvalPart; language: string; model: string; candidate: string; hybrid: Metrics };
const rows: Row[] = [];
const singles: Record<string, { dense: Metrics; sparse: Metrics }> = {};
for (const set of sets) {
  const { service } = await openEvalIndex(dataRoot, set.vault, option('--model'));
  try {
    await service.sync();
    const embedder = memoisedEmbedder(service.embedder);
    const index = cachedVectors(service.index);
    const queries = readQueries(set.queries, { offTopic: true }).filter((q) => q.rel.length > 0);
    if (queries.length === 0) continue;
    // A set that pins its day (the journal's) is searched date-aware, as `npm run eval` does (EvalSettings.today).
    const today = askedOn(set);
    const single = await evaluate(index, embedder, queries, ['dense', 'sparse'], { today });
    singles[set.name] = { dense: single.dense, sparse: single.sparse };
    console.log(
      `${set.name} (${set.part}, ${queries.length} q, ${embedder.modelId}): dense ${single.dense.recall_at_5.toFixed(3)}/${single.dense.mrr_at_10.toFixed(3)}  BM25 ${single.sparse.recall_at_5.toFixed(3)}/${single.sparse.mrr_at_10.toFixed(3)}`,
    );
    for (const c of run) {
      const m = await evaluate(index, embedder, queries, ['hybrid'], {
        // A candidate names its whole fusion: the shipped guard and bonus apply only where it asks for them.
        fusion: c.fusion && { guard: 0, bothBonus: 0, ...c.fusion },
        ...(c.weight === -1
          ? { denseWeight: set.language === 'ja' && embedder.calibration.denseWeightCjk !== undefined ? 0.5 : 0.85 }
          : c.weight !== undefined
            ? { denseWeight: c.weight }
            : {}),
        linkBoost: c.linkBoost ?? LINK_BOOST,
        titleBoost: c.titleBoost,
        today,
      });
      rows.push({
        set: set.name,
        part: set.part,
        language: set.language,
        model: embedder.modelId,
        candidate: c.name,
        hybrid: m.hybrid,
      });
      console.log(
        `  ${c.name.padEnd(40)} ${m.hybrid.recall_at_5.toFixed(3)} / ${m.hybrid.mrr_at_10.toFixed(3)}  p95 ${m.hybrid.p95_ms.toFixed(0)} ms`,
      );
    }
  } finally {
    service.close();
  }
  // Written after every set, so a long run stopped half-way keeps what it measured.
  const out = option('--out');
  if (out) writeFileSync(out, JSON.stringify({ singles, rows }, null, 1));
}
