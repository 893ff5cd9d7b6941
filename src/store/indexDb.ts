import Database from 'better-sqlite3';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { indexText, stemsAsEnglish } from '../text/segment.js';
import {
  FILE_NAME_SQL,
  FTS_TEXT_FUNCTION,
  OLDEST_READABLE_VERSION,
  SENTENCE_VECTORS_VERSION,
  migrations,
} from './migrations.js';
import { linkFileName, linkTargets } from '../obsidian/wikilinks.js';
import { IndexError } from '../shared/errors.js';
import { buildWhere } from './whereClause.js';
import { NoteNames, type IndexedNote } from './noteNames.js';

export type FileStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface LogRow {
  id: number;
  file_name: string;
  file_path: string;
  file_hash: string | null;
  file_size: number | null;
  last_modified: number;
  last_ingested: number | null;
  num_chunks: number | null;
  status: FileStatus;
  error_message: string | null;
  metadata_json: string | null;
  created_at: number;
  is_enabled: number;
}

/** A chunk as stored in SQLite (obq_chunks) and, with its vector, in LanceDB. */
export interface ChunkRecord {
  chunk_id: string;
  file_id: number;
  source: string;
  folder: string;
  title: string;
  section_title: string;
  header_path: string;
  chunk_index: number;
  total_chunks: number;
  start_line: number;
  end_line: number;
  start_pos: number;
  end_pos: number;
  token_count: number;
  contains_code: number;
  code_language: string;
  /** Tags joined as ',tag1,tag2,' so a LIKE '%,tag,%' test is exact. */
  tags: string;
  mtime: number;
  note_date: string | null;
  aliases: string;
  page_content: string;
}

/** One indexed note as a listing shows it (tags joined as in ChunkRecord). */
export type NoteSummary = Pick<ChunkRecord, 'source' | 'title' | 'folder' | 'tags' | 'note_date' | 'mtime'> & {
  num_chunks: number | null;
};

const NOTE_SUMMARY_SQL = `select c.source, c.title, c.folder, c.tags, c.note_date, c.mtime, l.num_chunks
  from obq_chunks c join obq_log l on l.id = c.file_id
  where c.chunk_index = 0 and l.is_enabled`;

export interface ScannedFile {
  filePath: string;
  fileName: string;
  mtime: number;
  size: number;
}

export interface ScanChanges {
  added: number;
  modified: number;
  retried: number;
  unchanged: number;
  /** Log rows whose files are gone from the vault. */
  gone: LogRow[];
}

export class CorruptIndexError extends IndexError {
  constructor(
    message: string,
    readonly file: string,
  ) {
    super('index.corrupt', message);
    this.name = 'CorruptIndexError';
  }
}

/**
 * An index of a schema this build cannot use: written by a newer ObsiQuery (never written to here, since its
 * tables may mean something this build does not know), or, for a reader that must not migrate, too old.
 */
export class IndexSchemaError extends IndexError {
  constructor(
    message: string,
    readonly file: string,
  ) {
    super('index.schema', message);
    this.name = 'IndexSchemaError';
  }
}

const DB_FILE = 'obq.sqlite';
/** Joins a note's aliases in obq_chunks.aliases: a character no alias contains, so an alias is never split. */
export const ALIAS_SEPARATOR = '\u001f';

/**
 * The SQLite side of the index: the ingestion log, the chunk log, chunk text for BM25 and the sync history.
 * Synchronous on purpose (better-sqlite3): every call is a short transaction and the pipeline runs in its own
 * process, so blocking here never blocks a UI.
 */
export class IndexDb {
  readonly db: Database.Database;
  /** A reader of an index from before obq_sentence_vectors existed (writers always migrate). */
  private readonly readsBeforeSentenceVectors: boolean;
  /** The notes' names as of one change of the database (noteNames). */
  private names?: { version: string; names: NoteNames };

  private constructor(
    readonly file: string,
    readOnly = false,
  ) {
    this.db = new Database(file, { readonly: readOnly, fileMustExist: readOnly });
    this.readsBeforeSentenceVectors = readOnly && this.schemaVersion < SENTENCE_VECTORS_VERSION;
    if (!readOnly) {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
    }
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    registerFtsText(this.db);
  }

  /**
   * Opens (creating if needed) the index database in dataDir. A database that SQLite cannot read is moved
   * aside and recreated, because the vault is the source of truth: the caller then re-indexes everything.
   */
  static open(dataDir: string, opts: { onCorrupt?: (detail: string) => void } = {}): IndexDb {
    mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, DB_FILE);
    try {
      return IndexDb.openChecked(file);
    } catch (err) {
      if (!isCorruption(err)) throw err;
      const aside = `${file}.corrupt-${Date.now()}`;
      for (const suffix of ['', '-wal', '-shm']) {
        if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
      }
      opts.onCorrupt?.(
        `The index database was unreadable (${(err as Error).message}); moved it to ${aside} and started a fresh one.`,
      );
      return IndexDb.openChecked(file);
    }
  }

  /**
   * Opens an existing index for reading only (the MCP server): nothing is created, migrated or repaired, so it
   * never writes while another process syncs. Undefined when there is no index in dataDir yet.
   */
  static openReadOnly(dataDir: string): IndexDb | undefined {
    const file = path.join(dataDir, DB_FILE);
    if (!existsSync(file)) return undefined;
    const idx = new IndexDb(file, true);
    const version = idx.schemaVersion;
    if (version < OLDEST_READABLE_VERSION || version > migrations.length) {
      idx.close();
      throw new IndexSchemaError(
        version > migrations.length
          ? newerSchemaMessage(dataDir, version)
          : `The index at ${dataDir} has schema version ${version}, this ObsiQuery reads versions ${OLDEST_READABLE_VERSION}–${migrations.length}: run \`obsiquery sync\` once to bring it up to date.`,
        file,
      );
    }
    return idx;
  }

  /** How far this database's schema has come (its migrations run; below migrations.length only for a reader). */
  get schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  private static openChecked(file: string): IndexDb {
    // Creating a database and switching it to WAL takes locks SQLite will not wait for (it returns BUSY at
    // once to avoid deadlock), so processes opening a brand-new index together retry for a few seconds.
    for (let attempt = 1; ; attempt++) {
      try {
        return IndexDb.openOnce(file);
      } catch (err) {
        if (!isTransientOpenError(err) || attempt >= 50) throw err;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20 + Math.random() * 80);
      }
    }
  }

  private static openOnce(file: string): IndexDb {
    const idx = new IndexDb(file);
    try {
      const check = idx.db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new CorruptIndexError(`integrity check failed: ${String(check)}`, file);
      idx.migrate();
      return idx;
    } catch (err) {
      idx.close();
      throw err;
    }
  }

  private migrate(): void {
    // Version is read inside an IMMEDIATE transaction: two processes creating the same new index at once
    // (the app's worker and a CLI) must not both run migration 1.
    const step = this.db.transaction(() => {
      const v = this.schemaVersion;
      if (v > migrations.length) throw new IndexSchemaError(newerSchemaMessage(path.dirname(this.file), v), this.file);
      if (v >= migrations.length) return false;
      this.db.exec(migrations[v]!);
      this.db.pragma(`user_version = ${v + 1}`);
      return true;
    });
    while (step.immediate()) {
      // one migration per transaction, until the schema is current
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /**
   * The embedding model an existing index in dataDir was built with, read without creating or migrating
   * anything; undefined when there is no readable index yet.
   */
  static peekEmbeddingModel(dataDir: string): string | undefined {
    return IndexDb.peekMeta(dataDir, 'embedding_model');
  }

  /** One obq_meta value of an existing index, read-only and without migrating; undefined when absent. */
  static peekMeta(dataDir: string, key: string): string | undefined {
    const file = path.join(dataDir, DB_FILE);
    if (!existsSync(file)) return undefined;
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      try {
        const row = db.prepare(`select value from obq_meta where key = ?`).get(key) as { value: string } | undefined;
        return row?.value;
      } finally {
        db.close();
      }
    } catch {
      return undefined; // unreadable or pre-meta: opening the index proper reports and repairs it
    }
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare('select value from obq_meta where key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare('insert into obq_meta(key, value) values (?, ?) on conflict(key) do update set value = excluded.value')
      .run(key, value);
  }

  /**
   * Up to `limit` chunks of enabled notes, one per note, in a fixed pseudo-random order (multiplicative hashes of
   * the file id and of the chunk's rowid, so the same index gives the same sample and no note's place in the vault
   * decides): the texts fusion calibration (bench/pseudoQueryCalibration.ts) makes its pseudo-queries from. The
   * chunk hash spreads over every chunk of a note, so a chunk from the middle of a note is as likely as its first.
   */
  calibrationSample(limit: number): { source: string; title: string; header_path: string; page_content: string }[] {
    return this.db
      .prepare(
        `select source, title, header_path, page_content from (
           select c.source, c.title, c.header_path, c.page_content,
             row_number() over (partition by c.source order by (c.rowid * 2654435761) % 4294967296) as k,
             (c.file_id * 2246822519) % 4294967291 as h
           from obq_chunks c join obq_log l on l.id = c.file_id
           where l.is_enabled)
         where k = 1 order by h limit ?`,
      )
      .all(limit) as { source: string; title: string; header_path: string; page_content: string }[];
  }

  /** Stage 2: record what discovery found, applying the change-tracking rules in one transaction. */
  recordScan(files: ScannedFile[]): ScanChanges {
    const changes: ScanChanges = { added: 0, modified: 0, retried: 0, unchanged: 0, gone: [] };
    const existing = new Map<string, LogRow>();
    for (const row of this.db.prepare('select * from obq_log').all() as LogRow[]) existing.set(row.file_path, row);
    const insert = this.db.prepare(
      `insert into obq_log(file_name, file_path, file_size, last_modified, status) values (?, ?, ?, ?, 'pending')`,
    );
    const markModified = this.db.prepare(
      `update obq_log set status = 'pending', last_modified = ?, file_size = ?, file_name = ? where id = ?`,
    );
    const markRetry = this.db.prepare(
      `update obq_log set status = 'pending', file_size = ?, file_name = ? where id = ?`,
    );
    const refresh = this.db.prepare(
      `update obq_log set file_size = ?, file_name = ? where id = ? and (file_size is not ? or file_name is not ?)`,
    );
    this.db.transaction(() => {
      for (const f of files) {
        const row = existing.get(f.filePath);
        existing.delete(f.filePath);
        if (!row) {
          insert.run(f.fileName, f.filePath, f.size, f.mtime);
          changes.added++;
        } else if (row.last_modified !== f.mtime) {
          markModified.run(f.mtime, f.size, f.fileName, row.id);
          changes.modified++;
        } else if (row.status === 'failed') {
          markRetry.run(f.size, f.fileName, row.id);
          changes.retried++;
        } else {
          refresh.run(f.size, f.fileName, row.id, f.size, f.fileName);
          // Only a completed file is unchanged; a pending one (left by an interrupted run) is counted when indexed.
          if (row.status === 'completed') changes.unchanged++;
        }
      }
    })();
    changes.gone = [...existing.values()];
    return changes;
  }

  /** Stage 3: files waiting to be (re)indexed. */
  selectPending(): LogRow[] {
    return this.db
      .prepare(`select * from obq_log where status in ('pending','failed') and is_enabled order by id`)
      .all() as LogRow[];
  }

  markProcessing(id: number): void {
    this.db.prepare(`update obq_log set status = 'processing', error_message = null where id = ?`).run(id);
  }

  /** Rows a crash left in 'processing' go back to 'pending' so the next sync picks them up. */
  resetInterrupted(): number {
    return this.db.prepare(`update obq_log set status = 'pending' where status = 'processing'`).run().changes;
  }

  markFailed(id: number, message: string): void {
    this.db
      .prepare(`update obq_log set status = 'failed', error_message = ? where id = ?`)
      .run(message.slice(0, 2000), id);
  }

  /** Back to `pending`, with the content hash forgotten so the next sync re-indexes the file even if unchanged. */
  /** A failed file queued for the next sync as it is (its hash kept: unchanged content is not re-embedded). */
  requeueForRetry(id: number): void {
    this.db.prepare(`update obq_log set status = 'pending' where id = ? and status != 'processing'`).run(id);
  }

  /** Every file queued to be chunked and embedded again (new chunk boundaries invalidate every stored chunk). */
  requeueAllForReindex(): void {
    this.db.exec(`update obq_log set status = 'pending', file_hash = null`);
  }

  /** These files queued to be indexed again; returns how many were completed (a scan counted them unchanged). */
  requeueForReindex(ids: number[]): number {
    const statusOf = this.db.prepare('select status from obq_log where id = ?').pluck();
    const requeue = this.db.prepare(`update obq_log set status = 'pending', file_hash = null where id = ?`);
    let completed = 0;
    this.db.transaction(() => {
      for (const id of ids) {
        if (statusOf.get(id) === 'completed') completed++;
        requeue.run(id);
      }
    })();
    return completed;
  }

  /** Content unchanged since the last successful ingest (touched or copied): completed again, nothing re-embedded. */
  markUnchanged(id: number): void {
    this.db
      .prepare(`update obq_log set status = 'completed', error_message = null, last_ingested = ? where id = ?`)
      .run(Date.now() / 1000, id);
  }

  /** The sentence vectors of these chunks, by chunk id (chunks without any are left out). */
  sentenceVectorsOf(chunkIds: string[], dimension: number): Map<string, Float32Array[]> {
    const out = new Map<string, Float32Array[]>();
    // A reader of an index from before migration 6 (openReadOnly) has no such table: every chunk goes without.
    if (this.readsBeforeSentenceVectors) return out;
    const stmt = this.db.prepare(
      `select c.chunk_id, s.vectors from obq_chunks c join obq_sentence_vectors s on s.chunk_rowid = c.rowid
       where c.chunk_id = ?`,
    );
    for (const id of chunkIds) {
      const row = stmt.get(id) as { chunk_id: string; vectors: Buffer } | undefined;
      if (row) out.set(row.chunk_id, unpackVectors(row.vectors, dimension));
    }
    return out;
  }

  /**
   * The files with a chunk that has no sentence vectors although `wantsThem` says it should: chunks written before
   * migration 6 (or by a build without sentence vectors). One pass over the chunk texts; sync asks once per index.
   */
  filesLackingSentenceVectors(
    wantsThem: (chunk: { title: string; header_path: string; page_content: string }) => boolean,
  ): number[] {
    const rows = this.db
      .prepare(
        `select c.file_id, c.title, c.header_path, c.page_content from obq_chunks c
         left join obq_sentence_vectors s on s.chunk_rowid = c.rowid where s.chunk_rowid is null`,
      )
      .iterate() as IterableIterator<{ file_id: number; title: string; header_path: string; page_content: string }>;
    const files = new Set<number>();
    for (const row of rows) if (!files.has(row.file_id) && wantsThem(row)) files.add(row.file_id);
    return [...files];
  }

  chunkIdsOf(fileId: number): string[] {
    return (
      this.db.prepare('select chunk_id from obq_chunk_log where file_id = ?').all(fileId) as { chunk_id: string }[]
    ).map((r) => r.chunk_id);
  }

  /**
   * Stage 5's SQLite half, one transaction per batch: drop each file's old chunk rows, insert the new ones
   * with their log entries, and mark the file completed. Called only after LanceDB holds the new vectors,
   * so a crash before it leaves the file 'processing' (retried) and never 'completed' without chunks.
   */
  commitFiles(
    files: {
      id: number;
      hash: string;
      metadataJson: string;
      chunks: ChunkRecord[];
      /** Per chunk, its sentences' vectors (none for most chunks; see migration 6). */
      sentenceVectors?: Float32Array[][];
    }[],
  ): {
    chunksDeleted: number;
  } {
    const delChunks = this.db.prepare('delete from obq_chunks where file_id = ?');
    const delLog = this.db.prepare('delete from obq_chunk_log where file_id = ?');
    const insChunk = this.db.prepare(
      `insert into obq_chunks(chunk_id, file_id, source, folder, title, section_title, header_path, chunk_index, total_chunks,
        start_line, end_line, start_pos, end_pos, token_count, contains_code, code_language, tags, mtime, note_date, aliases, page_content)
       values (@chunk_id, @file_id, @source, @folder, @title, @section_title, @header_path, @chunk_index, @total_chunks,
        @start_line, @end_line, @start_pos, @end_pos, @token_count, @contains_code, @code_language, @tags, @mtime, @note_date, @aliases, @page_content)`,
    );
    const insLog = this.db.prepare('insert into obq_chunk_log(file_id, chunk_id) values (?, ?)');
    const insSentences = this.db.prepare('insert into obq_sentence_vectors(chunk_rowid, vectors) values (?, ?)');
    const done = this.db.prepare(
      `update obq_log set status = 'completed', error_message = null, file_hash = ?, metadata_json = ?, num_chunks = ?, last_ingested = ? where id = ?`,
    );
    let chunksDeleted = 0;
    this.db.transaction(() => {
      const now = Date.now() / 1000;
      for (const f of files) {
        delChunks.run(f.id);
        chunksDeleted += delLog.run(f.id).changes;
        f.chunks.forEach((c, i) => {
          const { lastInsertRowid } = insChunk.run(c);
          insLog.run(f.id, c.chunk_id);
          const sentences = f.sentenceVectors?.[i] ?? [];
          if (sentences.length) insSentences.run(lastInsertRowid, packVectors(sentences));
        });
        done.run(f.hash, f.metadataJson, f.chunks.length, now, f.id);
      }
    })();
    return { chunksDeleted };
  }

  /** Removes files (gone from the vault) with their chunk rows. LanceDB vectors must be deleted first. */
  forgetFiles(ids: number[]): number {
    return this.dropChunkRows(ids, 'delete from obq_log where id = ?');
  }

  /** Drops files' chunks so they disappear from search; they stay in the log as 'pending' (re-indexed when enabled). */
  clearChunks(ids: number[]): number {
    return this.dropChunkRows(
      ids,
      `update obq_log set status = 'pending', num_chunks = 0, file_hash = null where id = ?`,
    );
  }

  /** Deletes the files' chunk and chunk-log rows, then runs `thenSql` per file, all in one transaction. */
  private dropChunkRows(ids: number[], thenSql: string): number {
    const delChunks = this.db.prepare('delete from obq_chunks where file_id = ?');
    const delLog = this.db.prepare('delete from obq_chunk_log where file_id = ?');
    const then = this.db.prepare(thenSql);
    let chunks = 0;
    this.db.transaction(() => {
      for (const id of ids) {
        delChunks.run(id);
        chunks += delLog.run(id).changes;
        then.run(id);
      }
    })();
    return chunks;
  }

  /**
   * A disabled file: its chunks leave the index and its work is done ('completed' with 0 chunks), so it is not
   * reported as waiting forever. Enabling sets it 'pending' again; its hash is cleared so it is re-embedded.
   */
  excludeFiles(ids: number[]): number {
    return this.dropChunkRows(
      ids,
      `update obq_log set status = 'completed', num_chunks = 0, file_hash = null where id = ?`,
    );
  }

  /** Disabled files that still have chunks in the index. */
  disabledWithChunks(): number[] {
    return (
      this.db
        .prepare('select distinct l.id from obq_log l join obq_chunk_log c on c.file_id = l.id where not l.is_enabled')
        .all() as { id: number }[]
    ).map((r) => r.id);
  }

  setEnabled(filePath: string, enabled: boolean): LogRow | undefined {
    this.db
      .prepare(
        `update obq_log set is_enabled = ?, status = case when ? then 'pending' else status end where file_path = ?`,
      )
      .run(enabled ? 1 : 0, enabled ? 1 : 0, filePath);
    return this.fileByPath(filePath);
  }

  fileByPath(filePath: string): LogRow | undefined {
    return this.db.prepare('select * from obq_log where file_path = ?').get(filePath) as LogRow | undefined;
  }

  fileById(id: number): LogRow | undefined {
    return this.db.prepare('select * from obq_log where id = ?').get(id) as LogRow | undefined;
  }

  listFiles(status?: FileStatus): LogRow[] {
    return (
      status
        ? this.db.prepare('select * from obq_log where status = ? order by file_path').all(status)
        : this.db.prepare('select * from obq_log order by file_path').all()
    ) as LogRow[];
  }

  countsByStatus(): Record<FileStatus, number> & { disabled: number; total: number; chunks: number } {
    const counts = { pending: 0, processing: 0, completed: 0, failed: 0, disabled: 0, total: 0, chunks: 0 };
    for (const r of this.db.prepare('select status, count(*) n from obq_log group by status').all() as {
      status: FileStatus;
      n: number;
    }[]) {
      counts[r.status] = r.n;
      counts.total += r.n;
    }
    counts.disabled = (this.db.prepare('select count(*) n from obq_log where not is_enabled').get() as { n: number }).n;
    counts.chunks = (this.db.prepare('select count(*) n from obq_chunk_log').get() as { n: number }).n;
    return counts;
  }

  chunksOf(fileId: number): ChunkRecord[] {
    return this.db
      .prepare('select * from obq_chunks where file_id = ? order by chunk_index')
      .all(fileId) as ChunkRecord[];
  }

  allChunkLog(): { file_id: number; chunk_id: string }[] {
    return this.db.prepare('select file_id, chunk_id from obq_chunk_log').all() as {
      file_id: number;
      chunk_id: string;
    }[];
  }

  /** Completed, enabled notes with their titles and aliases (what the agent picks a note from by name). */
  indexedNotes(): readonly IndexedNote[] {
    return this.noteNames().notes;
  }

  /**
   * Notes whose title, an alias or file name (without .md) is `name`, compared folded (case, accents, full-width
   * forms; src/store/noteNames.ts): what a typed title, "who is Lena" or "what is Canvas" names. By path.
   */
  notesNamed(name: string): string[] {
    return this.noteNames().named(name);
  }

  /**
   * The names of every completed, enabled note, read once per change of the index: a question reads them up to five
   * times (the router, search, the answer's routes), and reading them costs 12-20 ms at 7,400 notes.
   */
  noteNames(): NoteNames {
    const version = this.changeVersion();
    if (this.names?.version === version) return this.names.names;
    const notes = (
      this.db
        .prepare(
          `select source, title, aliases from obq_chunks where chunk_index = 0 and file_id in (select id from obq_log where status = 'completed' and is_enabled) order by source`,
        )
        .all() as { source: string; title: string; aliases: string }[]
    ).map((r) =>
      Object.freeze({
        source: r.source,
        title: r.title,
        aliases: r.aliases ? r.aliases.split(ALIAS_SEPARATOR).filter(Boolean) : [],
      }),
    );
    const names = new NoteNames(Object.freeze(notes));
    this.names = { version, names };
    return names;
  }

  /**
   * Changes whenever the database may have: another connection's commit (a sync in the worker: data_version) or
   * this connection's own writes (total_changes). Cheap (about 10 µs), so a cache can ask it on every read.
   */
  private changeVersion(): string {
    return `${this.db.pragma('data_version', { simple: true })}:${this.db.prepare('select total_changes()').pluck().get()}`;
  }

  /**
   * Every chunk of the enabled notes that hold a task ("- [ ] …": a one-character box then a space; LIKE's "_" is
   * the box), narrowed by `where` (buildWhere's clause over obq_chunks as `c`), in note and chunk order. All of a
   * note's chunks come, not only those with a task, so that its lines can be put back together and a box inside a
   * fenced code block read as code (src/agent/taskList.ts).
   */
  chunksOfNotesWithTasks(where?: string): ChunkRecord[] {
    return this.db
      .prepare(
        `select c.* from obq_chunks c join obq_log l on l.id = c.file_id
         where l.is_enabled and c.file_id in (select file_id from obq_chunks where page_content like '%[_] %')
         ${where ? `and (${where})` : ''}
         order by c.source, c.chunk_index`,
      )
      .all() as ChunkRecord[];
  }

  /** The first chunk of each of these notes (that is indexed and enabled), in one query: what a list of notes shows. */
  firstChunksOf(sources: readonly string[]): ChunkRecord[] {
    if (sources.length === 0) return [];
    return this.db
      .prepare(
        `select c.* from obq_chunks c join obq_log l on l.id = c.file_id
         where l.is_enabled and c.chunk_index = 0 and c.source in (select value from json_each(?))`,
      )
      .all(JSON.stringify(sources)) as ChunkRecord[];
  }

  /** The chunks of one enabled note by its vault-relative path, in order; none when it is not indexed or disabled. */
  chunksOfNote(source: string): ChunkRecord[] {
    return this.db
      .prepare(
        `select c.* from obq_chunks c join obq_log l on l.id = c.file_id
         where l.is_enabled and c.source = ? order by c.chunk_index`,
      )
      .all(source) as ChunkRecord[];
  }

  /**
   * Enabled notes that have chunks, with what a listing shows (chunk 0 carries a note's title, tags and date).
   * Exactly what search can return: a note being re-indexed keeps its old chunks until the sync's commit
   * replaces them, so it never drops out of a listing mid-sync.
   */
  noteSummaries(): NoteSummary[] {
    return this.db.prepare(`${NOTE_SUMMARY_SQL} order by c.source`).all() as NoteSummary[];
  }

  /** The listing of one note by its vault-relative path; undefined unless it is indexed and enabled. */
  noteSummary(source: string): NoteSummary | undefined {
    return this.db.prepare(`${NOTE_SUMMARY_SQL} and c.source = ?`).get(source) as NoteSummary | undefined;
  }

  /**
   * For the note of each of `chunkIds`, keyed by its source, the indexed notes its [[wikilinks]] point to,
   * resolved as Obsidian resolves them: `[[Folder/Note]]` names that file when it exists, otherwise (and
   * for a bare `[[Note]]`) any note with that file name. Links to missing notes and self-links are dropped.
   * Every lookup goes through an index (chunk id, file id, file name), so this stays cheap on a huge vault.
   */
  linkedNotes(chunkIds: string[]): Map<string, string[]> {
    const out = new Map<string, string[]>();
    const noteOf = this.db.prepare(
      `select c.source, l.metadata_json from obq_chunks c join obq_log l on l.id = c.file_id where c.chunk_id = ?`,
    );
    const byName = this.db.prepare(`select source from obq_chunks where chunk_index = 0 and ${FILE_NAME_SQL} = ?`);
    for (const chunkId of chunkIds) {
      const row = noteOf.get(chunkId) as { source: string; metadata_json: string | null } | undefined;
      if (!row || out.has(row.source)) continue;
      const targets = new Set<string>();
      for (const link of linksIn(row.metadata_json)) {
        const named = (byName.all(linkFileName(link)) as { source: string }[]).map((r) => r.source);
        for (const s of linkTargets(link, named)) targets.add(s);
      }
      targets.delete(row.source);
      out.set(row.source, [...targets]);
    }
    return out;
  }

  /**
   * What the vault holds around a date range (inclusive 'YYYY-MM-DD'): how many notes the date filter matches
   * (their own date, or their last change when they have none, exactly as buildWhere reads a date filter) and
   * the notes dated in it by a date of their own (daily-note names, date properties), and the nearest such dates
   * before and after it. Only asked when a date-filtered search found nothing or the date may name a daily note,
   * so the scans cost nothing on the usual path.
   */
  noteDatesAround(range: { from: string; to: string }): {
    inRange: number;
    ownInRange: number;
    before: string | null;
    after: string | null;
  } {
    const where = buildWhere({ date_from: range.from, date_to: range.to }, undefined)!;
    const inRange = this.db.prepare(`select count(distinct source) from obq_chunks where ${where}`).pluck().get();
    const ownInRange = this.db
      .prepare('select count(*) from obq_chunks where chunk_index = 0 and note_date between ? and ?')
      .pluck()
      .get(range.from, range.to);
    const before = this.db
      .prepare('select max(note_date) from obq_chunks where chunk_index = 0 and note_date < ?')
      .pluck()
      .get(range.from);
    const after = this.db
      .prepare('select min(note_date) from obq_chunks where chunk_index = 0 and note_date > ?')
      .pluck()
      .get(range.to);
    return {
      inRange: Number(inRange),
      ownInRange: Number(ownInRange),
      before: (before as string | null) ?? null,
      after: (after as string | null) ?? null,
    };
  }

  /** Every tag in the index, lowercased (tags are stored as ',a,b,' on each chunk). */
  knownTags(): string[] {
    const tags = new Set<string>();
    for (const r of this.db
      .prepare(`select distinct tags from obq_chunks where chunk_index = 0 and tags != ''`)
      .all() as { tags: string }[]) {
      for (const t of r.tags.split(',')) if (t) tags.add(t);
    }
    return [...tags].sort();
  }

  startSyncRun(): number {
    return Number(
      this.db.prepare('insert into obq_sync_runs(started_at) values (?)').run(Date.now() / 1000).lastInsertRowid,
    );
  }

  finishSyncRun(id: number, summary: unknown): void {
    this.db
      .prepare('update obq_sync_runs set finished_at = ?, summary_json = ? where id = ?')
      .run(Date.now() / 1000, JSON.stringify(summary), id);
  }

  lastSyncRun<Summary = unknown>():
    | { started_at: number; finished_at: number | null; summary: Summary | null }
    | undefined {
    const row = this.db
      .prepare(
        'select started_at, finished_at, summary_json from obq_sync_runs where finished_at is not null order by id desc limit 1',
      )
      .get() as { started_at: number; finished_at: number | null; summary_json: string | null } | undefined;
    return (
      row && {
        started_at: row.started_at,
        finished_at: row.finished_at,
        summary: row.summary_json ? JSON.parse(row.summary_json) : null,
      }
    );
  }

  /** Forget every file's indexed state so the next sync re-embeds all (used when the embedding model changed). */
  /**
   * Re-index: every enabled note goes back to pending with no known hash, so the next sync re-embeds it even
   * though its content is unchanged. Its current chunks stay searchable until its new ones replace them.
   */
  requeueAll(): number {
    return this.db.prepare(`update obq_log set status = 'pending', file_hash = null where is_enabled`).run().changes;
  }

  resetAll(): void {
    this.db.transaction(() => {
      this.db.exec(
        `delete from obq_chunks; delete from obq_chunk_log; update obq_log set status = 'pending', num_chunks = null, file_hash = null;`,
      );
    })();
  }
}

/**
 * Registers FTS_TEXT_FUNCTION, which the chunk triggers call to fill the BM25 index. A chunk's language is judged
 * from its body once: the trigger calls the function for each of the chunk's four columns with the same body.
 */
function registerFtsText(db: Database.Database): void {
  let lastBody: string | undefined;
  let lastEnglish = false;
  db.function(FTS_TEXT_FUNCTION, { deterministic: true }, (text: unknown, body: unknown) => {
    const b = typeof body === 'string' ? body : '';
    if (b !== lastBody) {
      lastBody = b;
      lastEnglish = stemsAsEnglish(b);
    }
    return typeof text === 'string' ? indexText(text, lastEnglish) : '';
  });
}

/** Vectors back to back as float32, the form obq_sentence_vectors stores. */
function packVectors(vectors: Float32Array[]): Buffer {
  return Buffer.concat(vectors.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength)));
}

/** The vectors packVectors wrote (a blob of another dimension, from an index of another model, gives none). */
function unpackVectors(blob: Buffer, dimension: number): Float32Array[] {
  const size = dimension * 4;
  if (blob.byteLength % size !== 0) return [];
  const out: Float32Array[] = [];
  for (let at = 0; at < blob.byteLength; at += size)
    out.push(new Float32Array(blob.buffer.slice(blob.byteOffset + at, blob.byteOffset + at + size)));
  return out;
}

/**
 * An error another process opening or migrating the same new index at the same moment causes, gone on a retry:
 * SQLITE_BUSY, and the same lock met inside FTS5's table constructor, which SQLite reports as "vtable constructor
 * failed" (seen once in concurrency.test.ts after migration 6 added a step after the FTS table's creation).
 */
function isTransientOpenError(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === 'SQLITE_BUSY' || /vtable constructor failed/.test(String(e.message));
}

function newerSchemaMessage(dataDir: string, version: number): string {
  return `The index at ${dataDir} has schema version ${version}, written by a newer ObsiQuery; this one knows versions up to ${migrations.length}: update ObsiQuery, or use another data folder.`;
}

function isCorruption(err: unknown): boolean {
  if (err instanceof CorruptIndexError) return true;
  const code = (err as { code?: string }).code ?? '';
  return (
    code === 'SQLITE_NOTADB' ||
    code === 'SQLITE_CORRUPT' ||
    /not a database|malformed/i.test(String((err as Error).message))
  );
}

/** The outgoing links recorded in a note's metadata_json; none for a missing or unreadable blob. */
function linksIn(metadataJson: string | null): string[] {
  try {
    const links = (JSON.parse(metadataJson ?? '{}') as { links?: unknown }).links;
    return Array.isArray(links) ? links.filter((l): l is string => typeof l === 'string' && l !== '') : [];
  } catch {
    return [];
  }
}
