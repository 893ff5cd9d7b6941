import type { IndexDb, ChunkRecord } from '../store/indexDb.js';

const STOPWORDS = new Set(
  'a an and are as at be by can do does for from how i if in into is it me my of on or so that the their then there these this to was what when where which who why will with you your'.split(
    ' ',
  ),
);

/** Query words for FTS5, quoted so user punctuation can never be read as FTS syntax. */
export function ftsQuery(query: string): string | null {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
  if (words.length === 0) return null;
  return [...new Set(words)].map((w) => `"${w}"`).join(' OR ');
}

export type SparseHit = ChunkRecord & { bm25: number };

/**
 * BM25 over the same chunks (SQLite FTS5). Column weights make a hit in a note's title or aliases count far
 * more than one in its body: names and titles are what vector search most often misses.
 */
export function sparseSearch(db: IndexDb, query: string, k: number, where?: string): SparseHit[] {
  const match = ftsQuery(query);
  if (!match) return [];
  const sql = `select c.*, bm25(obq_chunks_fts, 8.0, 8.0, 3.0, 1.0) as bm25
    from obq_chunks_fts join obq_chunks c on c.rowid = obq_chunks_fts.rowid
    where obq_chunks_fts match ? ${where ? `and ${where}` : ''}
    order by bm25 limit ?`;
  return db.db.prepare(sql).all(match, k) as SparseHit[];
}
