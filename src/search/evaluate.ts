import { readFileSync } from 'node:fs';
import type { Embedder } from '../models/embedder.js';
import type { Index } from '../store/openIndex.js';
import { similaritySearch, type RetrievalMode, type SearchInput } from './similaritySearch.js';

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
}

export function readQueries(file: string): EvalQuery[] {
  const out: EvalQuery[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      const parsed = JSON.parse(line) as EvalQuery;
      if (typeof parsed.q !== 'string' || !Array.isArray(parsed.rel) || parsed.rel.length === 0) {
        throw new Error(`${file}:${i + 1}: expected {"q": string, "rel": [one or more paths]}`);
      }
      out.push(parsed);
    });
  return out;
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

export async function evaluate(
  index: Index,
  embedder: Embedder,
  queries: EvalQuery[],
  modes: RetrievalMode[] = ['dense', 'sparse', 'hybrid'],
  /** Search settings under test (e.g. `linkBoost`, `denseWeight`); the defaults otherwise. */
  settings: Pick<SearchInput, 'linkBoost' | 'denseWeight'> = {},
): Promise<Record<RetrievalMode, Metrics>> {
  const out = {} as Record<RetrievalMode, Metrics>;
  for (const mode of modes) {
    const acc = { r1: 0, r5: 0, rr: 0, ndcg: 0 };
    for (const q of queries) {
      // Threshold 0: ranking quality is measured here, the "nothing relevant" gate separately.
      const hits = await similaritySearch(index, embedder, {
        refined_query_for_vector_search: q.q,
        k: 10,
        perNote: true,
        mode,
        threshold: 0,
        dateAware: false,
        ...settings,
      });
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
    };
  }
  return out;
}
