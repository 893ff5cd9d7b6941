import type { Embedder } from '../models/embedder.js';
import type { Index } from '../store/openIndex.js';
import { parseQuestionFile } from './evalSets.js';
import { similaritySearch, type RetrievalMode, type SearchInput, type SearchResult } from './similaritySearch.js';

export interface EvalQuery {
  q: string;
  rel: string[];
}

export interface Metrics {
  recall_at_1: number;
  recall_at_5: number;
  mrr_at_10: number;
  ndcg_at_10: number;
  queries: number;
  /** Search latency over the questions, milliseconds (the query embedding included). */
  p50_ms: number;
  p95_ms: number;
}

/**
 * Questions from a JSONL file (parseQuestionFile's format and checks, the vault's paths not checked). `offTopic: true`
 * also accepts `"rel": []` (a question the vault does not answer: it measures the "not in your notes" path, not a
 * ranking). Throws with every problem of the file.
 */
export function readQueries(file: string, opts: { offTopic?: boolean } = {}): EvalQuery[] {
  const { questions, problems } = parseQuestionFile(file, { mixed: opts.offTopic });
  if (problems.length) throw new Error(problems.join('\n'));
  return questions.map(({ q, rel }) => ({ q, rel }));
}

/** Note-level metrics: a query is about notes, so the ranking judged is the per-note one. */
export function scoreRanking(rankedIn: string[], rel: string[]): { r1: number; r5: number; rr: number; ndcg: number } {
  const relSet = new Set(rel);
  if (relSet.size === 0) throw new Error('A query needs at least one relevant note.');
  // A note counts once, at its best rank.
  const ranked = [...new Set(rankedIn)];
  const found = (n: number) => ranked.slice(0, n).filter((s) => relSet.has(s)).length / relSet.size;
  const first = ranked.slice(0, 10).findIndex((s) => relSet.has(s));
  let dcg = 0;
  ranked.slice(0, 10).forEach((s, i) => {
    if (relSet.has(s)) dcg += 1 / Math.log2(i + 2);
  });
  let idcg = 0;
  for (let i = 0; i < Math.min(relSet.size, 10); i++) idcg += 1 / Math.log2(i + 2);
  return { r1: found(1), r5: found(5), rr: first === -1 ? 0 : 1 / (first + 1), ndcg: idcg ? dcg / idcg : 0 };
}

/**
 * Search settings a ranking is measured under (e.g. `linkBoost`, `denseWeight`); the defaults otherwise. `today`:
 * the set's pinned day (a journal's "what did I do last week"), whose questions are then searched as the app
 * searches them, their date phrases filtering every system before it ranks; without it dates are ignored, so a
 * question's ranking does not depend on the day the eval runs.
 */
export type EvalSettings = Pick<
  SearchInput,
  'linkBoost' | 'denseWeight' | 'denseWeightShift' | 'fusion' | 'titleBoost' | 'today'
>;

/** The notes one system ranks for a question, as every metric here judges them: best chunk per note, top 10. */
export function rankNotesForEval(
  index: Index,
  embedder: Embedder,
  question: string,
  mode: RetrievalMode,
  settings: EvalSettings = {},
): Promise<SearchResult[]> {
  // Threshold 0: ranking quality is measured here, the "nothing relevant" gate separately.
  return similaritySearch(index, embedder, {
    refined_query_for_vector_search: question,
    k: 10,
    perNote: true,
    mode,
    threshold: 0,
    dateAware: settings.today !== undefined,
    ...settings,
  });
}

export async function evaluate(
  index: Index,
  embedder: Embedder,
  queries: EvalQuery[],
  modes: RetrievalMode[] = ['dense', 'sparse', 'hybrid'],
  settings: EvalSettings = {},
): Promise<Record<RetrievalMode, Metrics>> {
  const out = {} as Record<RetrievalMode, Metrics>;
  for (const mode of modes) {
    const acc = { r1: 0, r5: 0, rr: 0, ndcg: 0 };
    const ms: number[] = [];
    for (const q of queries) {
      const started = performance.now();
      const hits = await rankNotesForEval(index, embedder, q.q, mode, settings);
      ms.push(performance.now() - started);
      const s = scoreRanking(
        hits.map((h) => h.source),
        q.rel,
      );
      acc.r1 += s.r1;
      acc.r5 += s.r5;
      acc.rr += s.rr;
      acc.ndcg += s.ndcg;
    }
    const n = queries.length || 1;
    out[mode] = {
      recall_at_1: acc.r1 / n,
      recall_at_5: acc.r5 / n,
      mrr_at_10: acc.rr / n,
      ndcg_at_10: acc.ndcg / n,
      queries: queries.length,
      p50_ms: percentile(ms, 0.5),
      p95_ms: percentile(ms, 0.95),
    };
  }
  return out;
}

/** Nearest-rank percentile; 0 for no samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/**
 * Off-topic questions: the share the shipped search answers with nothing (the model's calibrated relevance gate
 * closes), which is what lets the agent say "not in your notes".
 */
export async function offTopicRefusals(
  index: Index,
  embedder: Embedder,
  queries: EvalQuery[],
  today?: Date,
): Promise<{ refused: number; queries: number }> {
  let refused = 0;
  for (const q of queries) {
    const hits = await similaritySearch(index, embedder, {
      refined_query_for_vector_search: q.q,
      k: 5,
      perNote: true,
      dateAware: today !== undefined,
      today,
    });
    if (hits.length === 0 || hits.every((h) => h.weak)) refused++;
  }
  return { refused: refused / (queries.length || 1), queries: queries.length };
}

/**
 * The fusion target (issue 24): shipped hybrid Recall@5 and MRR@10 each at least the better single system's
 * minus `slack`. `margin` is the worse of the two differences (negative: below the better single system).
 */
export function fusionTarget(
  m: Record<'dense' | 'sparse' | 'hybrid', Metrics>,
  slack = 0.01,
): { holds: boolean; r5_margin: number; mrr_margin: number } {
  const r5 = m.hybrid.recall_at_5 - Math.max(m.dense.recall_at_5, m.sparse.recall_at_5);
  const mrr = m.hybrid.mrr_at_10 - Math.max(m.dense.mrr_at_10, m.sparse.mrr_at_10);
  return { holds: r5 >= -slack - 1e-9 && mrr >= -slack - 1e-9, r5_margin: r5, mrr_margin: mrr };
}
