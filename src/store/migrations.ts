import { FTS_INDEX_TOKENIZER } from '../text/segment.js';

/** FTS5 tokenizer of the chunk index before migration 5 (English-only stemming, no CJK word breaks). */
const LEGACY_FTS_TOKENIZER = 'porter unicode61 remove_diacritics 2';

/**
 * SQL function (registered on every IndexDb connection) giving a column's BM25 terms: `obq_fts_text(text, body)`
 * segments and folds `text`, stemming it as English when the chunk's `body` is English (src/text/segment.ts).
 */
export const FTS_TEXT_FUNCTION = 'obq_fts_text';

/** The chunk index's FTS insert: every column through FTS_TEXT_FUNCTION, judged by the chunk body's language. */
const FTS_INSERT_FROM = (row: string) =>
  `insert into obq_chunks_fts(rowid, title, aliases, header_path, page_content)
   select ${row}.rowid, ${['title', 'aliases', 'header_path', 'page_content']
     .map((col) => `${FTS_TEXT_FUNCTION}(${row}.${col}, ${row}.page_content)`)
     .join(', ')}`;

/**
 * SQL: whether a chunk row writes Hebrew or Arabic letters (U+0590–U+06FF) or their presentation forms (U+FB1D–U+FDFF,
 * U+FE70–U+FEFF) in any column FTS_INSERT_FROM indexes. GLOB ranges compare code points.
 */
const WRITES_ARABIC_OR_HEBREW = (row: string) =>
  `(${['title', 'aliases', 'header_path', 'page_content'].map((col) => `coalesce(${row}.${col}, '')`).join(" || ' ' || ")})
   glob '*[\u0590-\u06ff\ufb1d-\ufdff\ufe70-\ufeff]*'`;

/** SQL for a chunk's lower-cased file name ("Folder/My Note.md" → "my note.md"): its path after the last "/". */
export const FILE_NAME_SQL = "lower(replace(source, rtrim(source, replace(source, '/', '')), ''))";

/**
 * The oldest schema a reader of this build can search (IndexDb.openReadOnly, the MCP server, which must not migrate).
 * Migration 5 rewrote what the FTS table holds, so an older index's BM25 terms do not match this build's queries;
 * 6 and 7 only add (sentence vectors, which a reader then goes without; an index). 8 re-indexes Arabic and Hebrew
 * chunks only: a reader of an index from before it still finds every other note as before, and an Arabic word
 * written with its article only by meaning, until the next sync opens the index to write and migrates it. Refusing
 * every such index for that would stop the MCP server on vaults with no Arabic at all. Raise it when a migration
 * changes what an existing table means for every vault.
 */
export const OLDEST_READABLE_VERSION = 5;

/** The schema version that has obq_sentence_vectors (migration 6): a reader of an older index goes without. */
export const SENTENCE_VECTORS_VERSION = 6;

/**
 * Versioned schema migrations for the index database. Each entry runs once, in order, inside a transaction;
 * PRAGMA user_version records how far a database has come. Never edit a shipped migration: add a new one.
 */
export const migrations: readonly string[] = [
  // 1: the ingestion log and chunk log, exactly as specified, plus key/value metadata about the index.
  `
  create table obq_log (
    id INTEGER primary key autoincrement,
    file_name TEXT not null,
    file_path TEXT not null unique,
    file_hash TEXT,
    file_size INTEGER,
    last_modified REAL not null,
    last_ingested REAL,
    num_chunks INTEGER,
    status TEXT not null check (status IN ('pending','processing','completed','failed')),
    error_message TEXT,
    metadata_json TEXT,
    created_at REAL default (STRFTIME('%s','now')),
    is_enabled BOOLEAN default 1
  );
  create table obq_chunk_log (
    id INTEGER primary key autoincrement,
    file_id INTEGER not null references obq_log,
    chunk_id TEXT not null,
    created_at REAL default (STRFTIME('%s','now'))
  );
  create index obq_chunk_log_file on obq_chunk_log(file_id);
  create unique index obq_chunk_log_chunk on obq_chunk_log(chunk_id);
  create index obq_log_status on obq_log(status);
  create table obq_meta (key TEXT primary key, value TEXT not null);
  `,
  // 2: chunk text and metadata for BM25 (FTS5) and for showing a file's chunks without touching LanceDB.
  `
  create table obq_chunks (
    rowid INTEGER primary key,
    chunk_id TEXT not null unique,
    file_id INTEGER not null references obq_log on delete cascade,
    source TEXT not null,
    folder TEXT not null,
    title TEXT not null,
    section_title TEXT not null,
    header_path TEXT not null,
    chunk_index INTEGER not null,
    total_chunks INTEGER not null,
    start_line INTEGER not null,
    end_line INTEGER not null,
    start_pos INTEGER not null,
    end_pos INTEGER not null,
    token_count INTEGER not null,
    contains_code INTEGER not null,
    code_language TEXT not null,
    tags TEXT not null,
    mtime REAL not null,
    note_date TEXT,
    aliases TEXT not null,
    page_content TEXT not null
  );
  create index obq_chunks_file on obq_chunks(file_id);
  create virtual table obq_chunks_fts using fts5(
    title, aliases, header_path, page_content,
    content='obq_chunks', content_rowid='rowid', tokenize='${LEGACY_FTS_TOKENIZER}'
  );
  create trigger obq_chunks_ai after insert on obq_chunks begin
    insert into obq_chunks_fts(rowid, title, aliases, header_path, page_content)
    values (new.rowid, new.title, new.aliases, new.header_path, new.page_content);
  end;
  create trigger obq_chunks_ad after delete on obq_chunks begin
    insert into obq_chunks_fts(obq_chunks_fts, rowid, title, aliases, header_path, page_content)
    values ('delete', old.rowid, old.title, old.aliases, old.header_path, old.page_content);
  end;
  `,
  // 3: a record of each sync run, for the UI's "last sync" header and the status command.
  `
  create table obq_sync_runs (
    id INTEGER primary key autoincrement,
    started_at REAL not null,
    finished_at REAL,
    summary_json TEXT
  );
  `,
  // 4: a query that is exactly a note's title or file name is looked up through these, not by scanning every
  // chunk (80-150 ms at 200k chunks). Since migration 7's build, names are matched in memory (src/store/noteNames.ts)
  // and only IndexDb.linkedNotes uses the file-name index; its expression must match FILE_NAME_SQL exactly.
  `
  create index obq_chunks_note_title on obq_chunks(lower(title)) where chunk_index = 0;
  create index obq_chunks_note_file on obq_chunks(${FILE_NAME_SQL}) where chunk_index = 0;
  `,
  // 5: BM25 in every script. The FTS columns now hold terms made in JS (src/text/segment.ts: ICU word breaks for
  // CJK, Latin accents folded, Porter only for English chunks), and the table is rebuilt here from the stored
  // chunk texts: no re-embedding needed. It keeps its own copy of those terms, so a delete by rowid removes
  // exactly what was inserted (a later change of the segmenter's dictionary can never corrupt it) and keeps
  // BM25's document-length statistics exact. A contentless table cannot: its deletes leave the token totals
  // behind, so every edit inflated the average length and re-indexing changed BM25 scores.
  `
  drop trigger obq_chunks_ai;
  drop trigger obq_chunks_ad;
  drop table obq_chunks_fts;
  create virtual table obq_chunks_fts using fts5(
    title, aliases, header_path, page_content,
    tokenize="${FTS_INDEX_TOKENIZER}"
  );
  ${FTS_INSERT_FROM('c')} from obq_chunks c;
  create trigger obq_chunks_ai after insert on obq_chunks begin
    ${FTS_INSERT_FROM('new')};
  end;
  create trigger obq_chunks_ad after delete on obq_chunks begin
    delete from obq_chunks_fts where rowid = old.rowid;
  end;
  `,
  // 6: sentence vectors of Japanese and Chinese chunks (README, "Sentence vectors"), one row per chunk holding its
  // sentences' vectors back to back as float32. They live and die with their chunk row, in SQLite's transactions:
  // search only re-scores candidates with them, so no vector index is needed. Chunks indexed before have none until
  // their note is indexed again (the next sync does it: requeueForSentenceVectors); search scores them by their chunk
  // vector alone meanwhile.
  `
  create table obq_sentence_vectors (
    chunk_rowid INTEGER primary key,
    vectors BLOB not null
  );
  create trigger obq_chunks_sentences_ad after delete on obq_chunks begin
    delete from obq_sentence_vectors where chunk_rowid = old.rowid;
  end;
  `,
  // 7: the chunks of one note by its path (a preview, a note's outline or opening, the notes a mention list shows)
  // were read by scanning every chunk: 0.7 ms a note at 12k chunks, growing with the vault, and a mention list reads
  // up to eight. Only adds an index, so an older reader is unaffected.
  `
  create index if not exists obq_chunks_source on obq_chunks(source, chunk_index);
  `,
  // 8: Arabic and Hebrew BM25 terms without their optional marks, and Arabic ones without the article (foldText in
  // src/text/segment.ts): "الوظيفة" is indexed as "وظيفة", as a question writes it. Only the chunks written partly in
  // those scripts (or their presentation forms, which NFKC folds into them) are indexed again; every other chunk's
  // terms are what this build makes of them already.
  `
  delete from obq_chunks_fts where rowid in (select rowid from obq_chunks c where ${WRITES_ARABIC_OR_HEBREW('c')});
  ${FTS_INSERT_FROM('c')} from obq_chunks c where ${WRITES_ARABIC_OR_HEBREW('c')};
  `,
];
