/**
 * Fusion candidates replayed per question (issue 24 part 2, the agreement round): like bench/fusionEval.ts, but every
 * SQLite read and vector search is memoised too (searchCache.cachedDb), so each candidate after the first costs only
 * the fusion and the boosts, and the per-question note ranks are written out, so a candidate's wins and losses can be
 * read question by question on the tuning parts.
 *
 *   node --import tsx bench/fusionReplay.ts --data-root DIR [--part tune|test] [--set NAME ...] [--model ID]
 *       [--only NAME,NAME] [--weights 0.4,0.5] --out FILE.json
 *
 * Candidates run through the real search (similaritySearch with the boosts), each naming its whole fusion on top of
 * SHIPPED_FUSION. `bench/fusionTable.ts` turns the output into worst margins per embedder group.
 */
import { writeFileSync } from 'node:fs';
import { openEvalIndex } from '../src/services/evalIndex.js';
import { rankNotesForEval, readQueries, scoreRanking, type EvalSettings } from '../src/search/evaluate.js';
import { askedOn, loadEvalSets, selectEvalSets, type SetPart } from '../src/search/evalSets.js';
import type { FusionOptions } from '../src/search/fusion.js';
import type { RetrievalMode } from '../src/search/similaritySearch.js';
import { cachedDb, cachedVectors, memoisedEmbedder } from './searchCache.js';
import { option, repeated } from './lib/args.js';

const dataRoot = option('--data-root');
const out = option('--out');
if (!dataRoot || !out)
  throw new Error('usage: fusionReplay.ts --data-root DIR --out FILE [--part tune|test] [--set NAME]');
const names = repeated('--set');
const sets = selectEvalSets(loadEvalSets(), { names, part: option('--part') as SetPart | undefined });
const only = option('--only')?.split(',');

export interface ReplayCandidate {
  name: string;
  /** On top of SHIPPED_FUSION (guard and bonus as shipped unless named). */
  fusion?: Partial<FusionOptions>;
  /** Dense weight for every query of the set; undefined: the model's calibration (per script). */
  weight?: number;
  /** Dense weight by embedder id, where it differs from the calibration (main's weights, for the same-run baseline). */
  weightOf?: Record<string, number>;
  /** Other search settings (the link boost's share, the title boost). */
  settings?: Pick<EvalSettings, 'linkBoost' | 'titleBoost'>;
}

// 'main': the rule shipped before this round (the guard's gap not scaled, MPNet 0.7), the same-run baseline. The rounds
// before this list (docs/retrieval-quality.md, "Fusion: candidates side by side", round 5) ran each variant over the
// weights 0.4-0.95; what they found is what is kept here: every variant at the models' weights, and MPNet's neighbours.
const MPNET = 'all-mpnet-base-v2-int8';
const candidates: ReplayCandidate[] = [
  { name: 'shipped' },
  { name: 'main', fusion: { guardByShare: false }, weightOf: { [MPNET]: 0.7 } },
  { name: 'main rule, MPNet 0.825', fusion: { guardByShare: false } },
  { name: 'agreement', fusion: { adaptive: 'agreement' } },
  { name: 'gapAgree', fusion: { adaptive: 'gapAgree' } },
  { name: 'agreeGap', fusion: { adaptive: 'agreeGap' } },
  { name: 'gap on notes', fusion: { noteStats: true } },
  { name: 'bonus balanced', fusion: { bothBonusBalance: true } },
  { name: 'bonus top 5', fusion: { bothBonusDepth: 5 } },
  { name: 'no guard', fusion: { guard: 0 } },
  { name: 'no link boost', settings: { linkBoost: 0 } },
  { name: 'no title boost', settings: { titleBoost: false } },
  ...[0.25, 0.5, 0.75, 1].map((x) => ({ name: `note fusion ${x}`, fusion: { noteFusion: x } })),
  ...[-1, -0.5, 0, 0.5].map((x) => ({ name: `zFloor ${x}`, fusion: { zFloor: x } })),
  ...[0.8, 0.85, 0.9, 0.95].map((w) => ({ name: `shipped, MPNet ${w}`, weightOf: { [MPNET]: w } })),
];
const run = only ? candidates.filter((c) => only.includes(c.name)) : candidates;
// --weights 0.4,0.5: the shipped rule at each dense weight for every query of the set (a weight re-checked on more
// tuning parts than it was first chosen on), whatever --only names.
for (const w of option('--weights')?.split(',').map(Number) ?? []) run.push({ name: `shipped, w ${w}`, weight: w });

/** A question's note-level R@5 and reciprocal rank; `top`: its first ten notes, for the systems named by --dump. */
type PerQuestion = { r5: number; rr: number; top?: string[] };
const dump = new Set(['dense', 'sparse', ...(option('--dump')?.split(',') ?? [])]);
interface SetResult {
  set: string;
  part: SetPart;
  language: string;
  model: string;
  questions: { q: string; rel: string[] }[];
  systems: Record<string, PerQuestion[]>;
}
const results: SetResult[] = [];
for (const set of sets) {
  const { service } = await openEvalIndex(dataRoot, set.vault, option('--model'));
  try {
    await service.sync();
    const embedder = memoisedEmbedder(service.embedder);
    const index = cachedDb(cachedVectors(service.index));
    const queries = readQueries(set.queries, { offTopic: true }).filter((q) => q.rel.length > 0);
    if (queries.length === 0) continue;
    const result: SetResult = {
      set: set.name,
      part: set.part,
      language: set.language,
      model: embedder.modelId,
      questions: queries,
      systems: {},
    };
    // A set that pins its day (the journal's) is searched date-aware, as `npm run eval` does.
    const today = askedOn(set);
    const ranks = async (mode: RetrievalMode, settings: EvalSettings = {}, name: string = mode) => {
      const per: PerQuestion[] = [];
      for (const q of queries) {
        const hits = await rankNotesForEval(index, embedder, q.q, mode, { today, ...settings });
        const s = scoreRanking(
          hits.map((h) => h.source),
          q.rel,
        );
        per.push({ r5: s.r5, rr: s.rr, ...(dump.has(name) ? { top: [...new Set(hits.map((h) => h.source))] } : {}) });
      }
      return per;
    };
    result.systems.dense = await ranks('dense');
    result.systems.sparse = await ranks('sparse');
    const started = performance.now();
    for (const c of run) {
      result.systems[c.name] = await ranks(
        'hybrid',
        {
          fusion: c.fusion,
          ...c.settings,
          ...((c.weight ?? c.weightOf?.[embedder.modelId]) !== undefined
            ? { denseWeight: c.weight ?? c.weightOf?.[embedder.modelId] }
            : {}),
        },
        c.name,
      );
    }
    const mean = (xs: PerQuestion[], k: 'r5' | 'rr') => xs.reduce((a, x) => a + x[k], 0) / xs.length;
    const line = (n: string) =>
      `${mean(result.systems[n]!, 'r5').toFixed(3)}/${mean(result.systems[n]!, 'rr').toFixed(3)}`;
    console.log(
      `${set.name} (${set.part}, ${queries.length} q, ${embedder.modelId}): dense ${line('dense')} BM25 ${line('sparse')} shipped ${line(run[0]?.name ?? 'dense')}; ${run.length} candidates in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    results.push(result);
  } finally {
    service.close();
  }
  writeFileSync(out, JSON.stringify(results));
}
