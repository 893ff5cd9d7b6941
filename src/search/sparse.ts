import Database from 'better-sqlite3';
import type { IndexDb, ChunkRecord } from '../store/indexDb.js';
import { FTS_TOKENIZER } from '../store/migrations.js';

const STOPWORDS = new Set(
  'a an and are as at be by can do does for from how i if in into is it me my of on or so that the their then there these this to was what when where which who why will with you your'.split(
    ' ',
  ),
);

/**
 * How many postings (chunk × query-word matches) one BM25 query may score. FTS5 scores every chunk holding
 * any query word, so on a 200k-chunk vault a question made of everyday words ("list", "file", "using")
 * scores nearly every chunk and costs ~200 ms. Words are taken rarest first while they fit: a word left out
 * sits in thousands of chunks (5% of a 200k-chunk vault), so its IDF, and its weight in the ranking, is a
 * small fraction of the rare words' (bench/README.md has the measurements). Vaults under ~10k chunks
 * seldom reach the budget.
 */
export const SPARSE_POSTINGS_BUDGET = 10_000;

/** The query's distinct content words (lower-cased, stopwords dropped), in order. */
export function queryWords(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
  return [...new Set(words)];
}

/** Query words for FTS5, quoted so user punctuation can never be read as FTS syntax. */
function matchExpression(words: string[]): string {
  return words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' OR ');
}

/**
 * Turns words into the index's terms with SQLite's own FTS5 tokenizer (porter stemming and all), in an
 * in-memory table, so the document frequencies looked up below are those of the exact terms FTS5 matches.
 */
class QueryTokenizer {
  private readonly db = new Database(':memory:');
  private readonly insert;
  private readonly terms;
  private readonly clear;

  constructor() {
    this.db.exec(`create virtual table q using fts5(t, tokenize='${FTS_TOKENIZER}');
      create virtual table q_terms using fts5vocab(q, instance);`);
    this.insert = this.db.prepare('insert into q(rowid, t) values (?, ?)');
    this.terms = this.db.prepare('select doc, term from q_terms');
    this.clear = this.db.prepare('delete from q');
  }

  /** The index terms of each word (a word like "foo_bar" yields two). */
  termsOf(words: string[]): string[][] {
    const out = words.map((): string[] => []);
    this.db.transaction(() => {
      words.forEach((w, i) => this.insert.run(i + 1, w));
      for (const row of this.terms.all() as { doc: number; term: string }[]) out[row.doc - 1]!.push(row.term);
      this.clear.run();
    })();
    return out;
  }
}

let tokenizer: QueryTokenizer | undefined;

/** Per-connection statement reading a term's document frequency from the chunk index (fts5vocab). */
const dfStatements = new WeakMap<Database.Database, Database.Statement>();

function documentFrequency(db: Database.Database): Database.Statement {
  let stmt = dfStatements.get(db);
  if (!stmt) {
    // A temp table: it lives with this connection only and writes nothing into the index file.
    db.exec('create virtual table if not exists temp.obq_chunks_vocab using fts5vocab(main, obq_chunks_fts, row)');
    stmt = db.prepare('select doc from temp.obq_chunks_vocab where term = ?');
    dfStatements.set(db, stmt);
  }
  return stmt;
}

/** The query words BM25 will score: rarest first, within SPARSE_POSTINGS_BUDGET, back in query order. */
export function affordableWords(db: IndexDb, query: string, budget = SPARSE_POSTINGS_BUDGET): string[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  tokenizer ??= new QueryTokenizer();
  const df = documentFrequency(db.db);
  const termsOf = tokenizer.termsOf(words);
  const cost = words.map((w, i) => ({
    w,
    i,
    postings: termsOf[i]!.reduce((sum, t) => sum + ((df.get(t) as { doc: number } | undefined)?.doc ?? 0), 0),
  }));
  let spent = 0;
  const kept: typeof cost = [];
  for (const c of [...cost].sort((a, b) => a.postings - b.postings)) {
    if (spent + c.postings > budget) break;
    spent += c.postings;
    kept.push(c);
  }
  return kept.sort((a, b) => a.i - b.i).map((c) => c.w);
}

export type SparseHit = ChunkRecord & { bm25: number };

const BM25 = 'bm25(obq_chunks_fts, 8.0, 8.0, 3.0, 1.0)';

/**
 * BM25 over the same chunks (SQLite FTS5). Column weights make a hit in a note's title or aliases count far
 * more than one in its body: names and titles are what vector search most often misses. `where` filters the
 * chunks (alias `c`) before ranking.
 */
export function sparseSearch(db: IndexDb, query: string, k: number, where?: string): SparseHit[] {
  const words = affordableWords(db, query);
  if (words.length === 0) return [];
  const match = matchExpression(words);
  // Unfiltered, rank inside FTS5 first and read only the top k chunk rows; a filter needs the chunk columns
  // of every candidate, so it joins first.
  const sql = where
    ? `select c.*, ${BM25} as bm25
       from obq_chunks_fts join obq_chunks c on c.rowid = obq_chunks_fts.rowid
       where obq_chunks_fts match ? and ${where}
       order by bm25 limit ?`
    : `select c.*, f.bm25 from (
         select rowid, ${BM25} as bm25 from obq_chunks_fts where obq_chunks_fts match ? order by bm25 limit ?
       ) f join obq_chunks c on c.rowid = f.rowid
       order by f.bm25`;
  return db.db.prepare(sql).all(match, k) as SparseHit[];
}
