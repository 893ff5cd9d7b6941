import { readQueries as readEvalQueries } from '../../../src/search/evaluate.js';
import { similaritySearch } from '../../../src/search/similaritySearch.js';
import { openIndex } from '../../../src/store/openIndex.js';
import { loadSettings } from '../../../src/services/settings.js';
import { sharedEmbedder } from '../../../src/services/vaultService.js';

export interface Hit {
  source: string;
  page_content: string;
  score: number;
}

/** The dev-set questions (JSONL lines {"q": ..., "rel": [...]}). */
export function readQueries(file: string): string[] {
  return readEvalQueries(file).map((x) => x.q);
}

/**
 * Runs each query against an index folder in this process, the way `obsiquery search --chunks` does
 * (hybrid, the index's own threshold), returning `depth` ranked chunks per query.
 */
export async function searchIndex(dataDir: string, queries: string[], depth: number): Promise<Hit[][]> {
  const embedder = await sharedEmbedder();
  const index = await openIndex(dataDir, { modelId: embedder.modelId, dimension: embedder.dimension });
  try {
    const threshold = loadSettings(dataDir).threshold ?? undefined; // null = the model's calibrated gate
    const out: Hit[][] = [];
    for (const q of queries) {
      const hits = await similaritySearch(index, embedder, {
        refined_query_for_vector_search: q,
        k: depth,
        perNote: false,
        threshold,
      });
      out.push(hits.map((h) => ({ source: h.source, page_content: h.page_content, score: h.score })));
    }
    return out;
  } finally {
    index.close();
  }
}

const key = (h: Hit) => `${h.source}\u0000${h.page_content}`;

/**
 * Compares the top `k` of two rankings by (source, page_content), in order. Two builds of one vault embed
 * chunks in different batches (different padding), so their float scores can differ in the last digits: a
 * swap between results whose scores are within `eps` in both rankings is reported as a near-tie, not a
 * difference. Returns human-readable differences (empty when the rankings agree).
 */
export function compareRankings(got: Hit[], want: Hit[], k: number, eps = 1e-4): { diffs: string[]; ties: string[] } {
  const diffs: string[] = [];
  const ties: string[] = [];
  const scoreIn = (list: Hit[], h: Hit) => list.find((x) => key(x) === key(h))?.score;
  const n = Math.min(k, Math.max(got.length, want.length));
  if (Math.min(got.length, k) !== Math.min(want.length, k))
    diffs.push(`${Math.min(got.length, k)} results vs ${Math.min(want.length, k)} in the clean index`);
  for (let i = 0; i < n; i++) {
    const g = got[i];
    const w = want[i];
    if (!g || !w || key(g) === key(w)) continue;
    const gInWant = scoreIn(want, g);
    const wInGot = scoreIn(got, w);
    const desc = `rank ${i + 1}: ${g.source} (${g.score.toFixed(6)}) vs clean ${w.source} (${w.score.toFixed(6)})`;
    const tied =
      gInWant !== undefined &&
      wInGot !== undefined &&
      Math.abs(gInWant - w.score) < eps &&
      Math.abs(wInGot - g.score) < eps;
    (tied ? ties : diffs).push(desc);
  }
  return { diffs, ties };
}
