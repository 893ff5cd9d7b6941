import { distance } from 'fastest-levenshtein';
import type Database from 'better-sqlite3';
import type { IndexDb, ChunkRecord } from './indexDb.js';
import { keyWordTerms, queryTerms, stemsAsEnglish, words, wordTerms, type QueryTerm } from '../text/segment.js';
import { otherSpellings } from '../text/spellingVariants.js';

/**
 * How many postings (chunk × query-word matches) one BM25 query may score. FTS5 scores every chunk holding
 * any query word, so on a 200k-chunk vault a question made of everyday words ("list", "file", "using")
 * scores nearly every chunk and costs ~200 ms. Words are taken rarest first while they fit: a word left out
 * sits in thousands of chunks (5% of a 200k-chunk vault), so its IDF, and its weight in the ranking, is a
 * small fraction of the rare words' (bench/README.md has the measurements). Vaults under ~10k chunks
 * seldom reach the budget.
 */
export const SPARSE_POSTINGS_BUDGET = 10_000;

/**
 * The query's terms for FTS5, quoted so user punctuation can never be read as FTS syntax. Terms are made by
 * src/text/segment.ts exactly as the index's were, so each one is a single index term.
 */
function matchExpression(terms: QueryTerm[]): string {
  return terms.flatMap((t) => t.terms.map((w) => `"${w.replace(/"/g, '""')}"`)).join(' OR ');
}

/** An FTS5 expression matching the chunks that hold every one of the terms (each in any of its index forms). */
function everyTermExpression(terms: QueryTerm[]): string {
  return terms.map((t) => `(${matchExpression([t])})`).join(' AND ');
}

/** Per-connection statements over the chunk index's vocabulary (fts5vocab). */
interface Vocabulary {
  /** A term's document frequency. */
  df: Database.Statement;
  /** The terms from one string up to (not including) another: fts5vocab is sorted. */
  range: Database.Statement;
}
const vocabularies = new WeakMap<Database.Database, Vocabulary>();

function vocabulary(db: Database.Database): Vocabulary {
  let v = vocabularies.get(db);
  if (!v) {
    // A temp table: it lives with this connection only and writes nothing into the index file.
    db.exec('create virtual table if not exists temp.obq_chunks_vocab using fts5vocab(main, obq_chunks_fts, row)');
    v = {
      df: db.prepare('select doc from temp.obq_chunks_vocab where term = ?'),
      range: db.prepare('select term from temp.obq_chunks_vocab where term >= ? and term < ?').pluck(),
    };
    vocabularies.set(db, v);
  }
  return v;
}

/** How many chunks hold each term (0 for a term the index lacks). */
function documentCounter(db: Database.Database): (term: string) => number {
  const { df } = vocabulary(db);
  return (term) => (df.get(term) as { doc: number } | undefined)?.doc ?? 0;
}

/** How many chunks hold a query word in any of its index forms (a chunk holding two forms counts twice). */
function heldBy(t: QueryTerm, docs: (term: string) => number): number {
  return t.terms.reduce((sum, w) => sum + docs(w), 0);
}

/**
 * An English query word's index forms: its stem, plus the word as written only where the vault holds it at least as
 * often as the stem (English notes are indexed stemmed, so the written form is found in the notes of other languages,
 * and in a vault of mostly other languages it is the common form). Searching both everywhere made a note judged
 * non-English a rare, high-IDF match for the written form and lifted it over the English notes (issue 18: tldr BM25
 * R@5 0.441 -> 0.411); a non-English query keeps both forms, its words are what the notes hold.
 */
function vaultForms(t: QueryTerm, docs: (term: string) => number): string[] {
  const [written, stem] = t.terms;
  if (stem === undefined) return t.terms;
  return docs(written!) >= docs(stem) ? t.terms : [stem];
}

/** The query words BM25 will score, with their terms: rarest first, within the budget, back in query order. */
export function affordableTerms(db: IndexDb, query: string, budget = SPARSE_POSTINGS_BUDGET): QueryTerm[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const docs = documentCounter(db.db);
  const english = stemsAsEnglish(query);
  const cost = terms
    .map((t) => (english ? { ...t, terms: vaultForms(t, docs) } : withCompoundParts(t, docs)))
    .map((t, i) => ({ t, i, postings: heldBy(t, docs) }));
  let spent = 0;
  const kept: typeof cost = [];
  for (const c of [...cost].sort((a, b) => a.postings - b.postings)) {
    if (spent + c.postings > budget) break;
    spent += c.postings;
    kept.push(c);
  }
  return kept.sort((a, b) => a.i - b.i).map((c) => c.t);
}

/**
 * A query word no note holds, searched as the two words of a compound that notes do hold: German (Dutch, Swedish…)
 * writes as one word what a note may write as two, or in another compound ("Videoformate" where the help says
 * "Video:" and "Dateiformate", "Serverstandort" where it says "Server" and "Standort"). Each part has four letters or
 * more and is an index term itself; the first may end in a linking "s" or "es" ("Frühlingsurlaub"). Of several
 * splits, the one whose parts the notes hold most often (the geometric mean of their document frequencies, after
 * Koehn and Knight's "Empirical methods for compound splitting", 2003). Not for English queries, whose words are
 * stemmed and rarely compounded.
 */
function withCompoundParts(t: QueryTerm, docs: (term: string) => number): QueryTerm {
  const letters = [...t.word];
  if (letters.length < 8 || !/^\p{Script=Latin}+$/u.test(t.word) || heldBy(t, docs) > 0) return t;
  let best: { parts: string[]; score: number } | null = null;
  for (let i = 4; i <= letters.length - 4; i++) {
    const last = letters.slice(i).join('');
    const written = letters.slice(0, i).join('');
    for (const first of new Set([written, written.replace(/e?s$/u, '')])) {
      if ([...first].length < 4) continue;
      const score = Math.sqrt(docs(first) * docs(last));
      if (score > 0 && (!best || score > best.score)) best = { parts: [first, last], score };
    }
  }
  return best ? { ...t, terms: [...t.terms, ...best.parts] } : t;
}

/**
 * How many chunks hold each of the text's query words (any of its index forms): fusion calibration masks a
 * pseudo-query's rarest words with it (bench/pseudoQueryCalibration.ts).
 */
export function wordDocumentCounts(db: IndexDb, text: string): Map<string, number> {
  const docs = documentCounter(db.db);
  return new Map(queryTerms(text).map((t) => [t.word, heldBy(t, docs)]));
}

/**
 * The query's words the vault never holds in any form (document frequency 0 for the written form and its stem),
 * numbers left out: "Excalidraw", "Todoist", "kubectl" in a question over the help vault. A question naming
 * something the notes never mention is about something else, however close its other words come. With `endings`
 * (a question in a language that inflects names), a word the vault holds with another ending is not lacking.
 */
export function unknownWords(db: IndexDb, query: string, { endings = false } = {}): string[] {
  const docs = documentCounter(db.db);
  return queryTerms(query)
    .filter((t) => !/\p{N}/u.test(t.word) && t.terms.every((w) => docs(w) === 0))
    .filter((t) => !t.terms.some((w) => hasNearTerm(db.db, w, typoBudget(t.word))))
    .filter((t) => !endings || !(hasOtherEnding(db.db, t.word) || endsNoteNameOtherwise(db, t.word)))
    .map((t) => t.word);
}

/**
 * Whether `word` (folded, three letters) is a word of a note's name with another ending: all its letters but the last
 * start the name's word, at most two letters longer. A name of three letters is too short for hasOtherEnding, whose
 * start keeps three: Ukrainian "Як звати собаку Маї?" (the note is "Мая Чен") was refused as naming someone the vault
 * never mentions (`personal-uk-tune`, thirty-seventh session). Only note names: a two-letter start begins too many of
 * the vault's other words.
 */
function endsNoteNameOtherwise(db: IndexDb, word: string): boolean {
  return [...word].length === 3 && db.noteNames().hasNameWordWithEnding(word);
}

/**
 * Whether the index holds `word` (folded) with another ending: a term that begins with all of it but its last two
 * letters (three letters at least) and is at most two letters longer or shorter. A language that inflects writes a
 * name with case endings its notes may never use: Polish "Co pożyczyłem od Toma?" (the note says "Tom"), "pies Mayi"
 * ("Maya"), "w Lizbonie" ("Lizbony"); each was a name no note mentions, and the question was refused.
 */
function hasOtherEnding(db: Database.Database, word: string): boolean {
  const letters = [...word];
  if (letters.length < 3) return false;
  const start = letters.slice(0, Math.max(3, letters.length - 2)).join('');
  const terms = vocabulary(db).range.iterate(start, `${start}\u{10ffff}`) as IterableIterator<string>;
  for (const term of terms) if (Math.abs([...term].length - letters.length) <= 2) return true;
  return false;
}

/**
 * Whether `ws` (a text's folded words) holds `phrase` (folded words) in a row, a trailing "s" either way: "Google
 * Calendar" in "my google calendars".
 */
export function wordsInRow(ws: readonly string[], phrase: readonly string[]): boolean {
  const same = (a: string, b: string) => a === b || a === `${b}s` || `${a}s` === b;
  return ws.some((_, i) => i + phrase.length <= ws.length && phrase.every((w, j) => same(ws[i + j]!, w)));
}

/**
 * Whether some note writes these words in a row (folded, a trailing "s" either way), in its text, headings, title or
 * aliases: "Google Calendar" or "Tasks plugin" is a thing of its own even where each word is in the vault. Found
 * by an FTS5 phrase of the words' index forms (stems in English chunks, so "templater plugin" finds "Templates
 * plugin"), then checked against the chunks' own words.
 */
export function holdsPhrase(db: IndexDb, phrase: string[]): boolean {
  // No words at all: nothing the vault could lack.
  if (phrase.flatMap(words).length === 0) return true;
  return notesWithPhrase(db, phrase, 1).length > 0;
}

/**
 * FTS5 phrase queries for folded words in a row: as written, and as their last index forms (stems in English chunks,
 * so "templater plugin" finds "Templates plugin"); one query when both are the same.
 */
function phraseMatches(folded: readonly string[]): string[] {
  const forms = new Set([folded.join(' '), folded.map((w) => wordTerms(w).at(-1)!).join(' ')]);
  return [...forms].map((form) => `"${form.replace(/"/g, '""')}"`);
}

/** The notes (up to `limit`) whose chunks write these words in a row, as holdsPhrase finds them. */
export function notesWithPhrase(db: IndexDb, phrase: string[], limit = Infinity): string[] {
  return phraseWriters(db, phrase, { limit }).sources;
}

/**
 * The notes whose chunks write these words in a row: notesWithPhrase, reading at most `rows` candidate chunks per form
 * of the phrase (the FTS5 match, before each chunk's own words are checked), with whether every candidate was read
 * (`complete`: the list holds every such note).
 */
export function phraseWriters(
  db: IndexDb,
  phrase: string[],
  { limit = Infinity, rows = 200 }: { limit?: number; rows?: number } = {},
): { sources: string[]; complete: boolean } {
  const folded = phrase.flatMap(words);
  if (folded.length === 0) return { sources: [], complete: true };
  const candidates = db.db.prepare(
    `select c.source, c.title, c.aliases, c.header_path, c.page_content from obq_chunks_fts f
     join obq_chunks c on c.rowid = f.rowid where obq_chunks_fts match ? limit ?`,
  );
  const writesInRow = (ws: string[]) => wordsInRow(ws, folded);
  const found = new Set<string>();
  let complete = true;
  for (const form of phraseMatches(folded)) {
    const read = candidates.all(form, rows + 1) as Record<string, string>[];
    if (read.length > rows) complete = false;
    for (const r of read.slice(0, rows)) {
      if (found.has(r.source!)) continue;
      if ([r.title, r.aliases, r.header_path, r.page_content].some((column) => writesInRow(words(column ?? '')))) {
        found.add(r.source!);
        if (found.size >= limit) return { sources: [...found], complete: false };
      }
    }
  }
  return { sources: [...found], complete };
}

/**
 * How many chunks of the vault write these words in a row, by the FTS index (any column; the words' index forms, so
 * an English plural counts): where a subject is written, for noteAbout.
 */
export function chunksWritingPhrase(db: IndexDb, phrase: string): number {
  const folded = words(phrase);
  if (folded.length === 0) return 0;
  const count = db.db.prepare('select count(*) as n from obq_chunks_fts where obq_chunks_fts match ?');
  return Math.max(...phraseMatches(folded).map((form) => (count.get(form) as { n: number }).n));
}

/** A word held by at most this many chunks is rare: a query made only of rare words names the notes holding them. */
export const RARE_WORD_MAX_CHUNKS = 3;

/**
 * The notes holding every word of a query whose every word is rare in the vault (held by 1..maxChunks chunks, in any
 * of its index forms): an order number, a serial, a surname typed alone ("KQ7731"). Embeddings cannot read such a word,
 * so a long note that mentions it in passing scored below the relevance gate and was never shown, although BM25 had
 * it as its only hit. A query with any common or unknown word is not a lookup of this kind and gets nothing here.
 */
export function notesWithRareWords(db: IndexDb, query: string, maxChunks = RARE_WORD_MAX_CHUNKS): string[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const docs = documentCounter(db.db);
  const rare = (t: QueryTerm) => {
    const held = heldBy(t, docs);
    return held > 0 && held <= maxChunks;
  };
  if (!terms.every(rare)) return [];
  const match = everyTermExpression(terms);
  return db.db
    .prepare(
      'select distinct c.source from obq_chunks_fts f join obq_chunks c on c.rowid = f.rowid where obq_chunks_fts match ?',
    )
    .pluck()
    .all(match) as string[];
}

/**
 * The notes holding every key word of a question together, where at most `maxChunks` chunks do: "by when do I have to
 * renew the car insurance" names the one Inbox line "Renew the car insurance before 2026-12-31". A chunk that lists
 * many unrelated things (an inbox, a day's log) is far in meaning from a question about one of them, so its dense
 * score was under the relevance gate and nothing was shown, though it alone holds all the question's words. Needs two
 * key words or more ("when is my birthday" is no lookup of the one note that says "birthday"), each known to the vault:
 * a question with a word the vault lacks is about something else.
 */
export function notesHoldingKeyWords(db: IndexDb, query: string, maxChunks = RARE_WORD_MAX_CHUNKS): string[] {
  const terms = keyWordTerms(query);
  if (terms.length < 2) return [];
  // A key word the vault lacks matches no chunk, so the AND finds nothing: no separate check for unknown words.
  const sources = db.db
    .prepare(
      'select c.source from obq_chunks_fts f join obq_chunks c on c.rowid = f.rowid where obq_chunks_fts match ? limit ?',
    )
    .pluck()
    .all(everyTermExpression(terms), maxChunks + 1) as string[];
  return sources.length > maxChunks ? [] : [...new Set(sources)];
}

/**
 * Typos a word may carry and still be the vault's word: one edit from 6 letters, two from 9 (shorter words must
 * match: one edit turns most of them into another real word, "slack" → "stack"). Users type fast
 * ("obsidan sync storge", "catalist licence"), and a misspelt word is not a thing the vault lacks.
 */
function typoBudget(word: string): number {
  const n = [...word].length;
  return n >= 9 ? 2 : n >= 6 ? 1 : 0;
}

/**
 * Whether the index holds a term within the typo budget of `word` (Levenshtein, same first letter: typos rarely
 * hit the first one, and it keeps the scan to one letter's slice of the vocabulary).
 */
function hasNearTerm(db: Database.Database, word: string, budget: number): boolean {
  const first = word.codePointAt(0);
  if (budget === 0 || first === undefined) return false;
  const terms = vocabulary(db).range.iterate(String.fromCodePoint(first), String.fromCodePoint(first + 1));
  for (const term of terms as IterableIterator<string>) {
    if (Math.abs(term.length - word.length) > budget) continue;
    if (distance(term, word) <= budget) return true;
  }
  return false;
}

/**
 * The query with each word the vault never writes, in any form, spelled as the vault writes it where that is the word's
 * other English spelling (otherSpellings: British ↔ American). "colour nodes in the graph by tag or folder" over
 * Obsidian's help, which writes "color", is searched and answered as "color nodes in the graph…"; BM25 matched
 * nothing for "colour" and no sentence shared it. A word the vault writes as typed is kept, even where it writes the
 * other spelling too, so nothing a vault holds is ever searched as something else; case is kept ("Colour" → "Color").
 */
export function inTheVaultsSpelling(db: IndexDb, query: string): string {
  const docs = documentCounter(db.db);
  const written = (word: string) => wordTerms(word).some((t) => docs(t) > 0);
  // Whole words only: the letters of an accented word ("décolouré") are no English word.
  return query.replace(/(?<!\p{L})[A-Za-z]{3,}(?!\p{L})/gu, (typed) => {
    const word = typed.toLowerCase();
    const variants = otherSpellings(word);
    if (variants.length === 0 || written(word)) return typed;
    const vaults = variants.find(written);
    return vaults === undefined ? typed : inCaseOf(typed, vaults);
  });
}

/** `word` in the case of `typed`: all capitals, a capital first, or as it is. */
function inCaseOf(typed: string, word: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase()) return word.toUpperCase();
  if (typed[0] !== typed[0]!.toLowerCase()) return word[0]!.toUpperCase() + word.slice(1);
  return word;
}

/** The query words BM25 will score (normalised as indexed): rarest first within the budget, in query order. */
export function affordableWords(db: IndexDb, query: string, budget = SPARSE_POSTINGS_BUDGET): string[] {
  return affordableTerms(db, query, budget).map((t) => t.word);
}

export type SparseHit = ChunkRecord & { bm25: number };

const BM25 = 'bm25(obq_chunks_fts, 8.0, 8.0, 3.0, 1.0)';

/**
 * BM25 over the same chunks (SQLite FTS5). Column weights make a hit in a note's title or aliases count far
 * more than one in its body: names and titles are what vector search most often misses. `where` filters the
 * chunks (alias `c`) before ranking.
 */
export function sparseSearch(db: IndexDb, query: string, k: number, where?: string): SparseHit[] {
  const terms = affordableTerms(db, query, SPARSE_POSTINGS_BUDGET);
  if (terms.length === 0) return [];
  const match = matchExpression(terms);
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
