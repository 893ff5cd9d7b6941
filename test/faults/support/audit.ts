import Database from 'better-sqlite3';
import * as lancedb from '@lancedb/lancedb';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * An independent audit of one index folder: reads obq.sqlite and the LanceDB table directly (no product code,
 * no repair on open) and checks the invariants the crash-safety design promises. Used right after a SIGKILL or
 * ENOSPC (what the fault left) and after a fault-free sync (what the index converged to).
 */

export interface AuditRow {
  id: number;
  file_path: string;
  file_hash: string | null;
  num_chunks: number | null;
  status: string;
  is_enabled: number;
}

export interface Audit {
  dbExists: boolean;
  rows: AuditRow[];
  statusCounts: Record<string, number>;
  chunkLog: number;
  vectors: number;
  /** Rows of obq_sync_runs: runs started, and runs that recorded their end. */
  syncRuns: { started: number; finished: number };
  /** Stores that could not be read or failed an integrity check. */
  corrupt: string[];
  /** Completed files whose chunk log, chunk rows, num_chunks and vectors disagree (by file). */
  completedInconsistent: string[];
  /** Chunk ids stored more than once in LanceDB. */
  duplicateVectors: string[];
  /** Vectors whose file_id names no row of obq_log. */
  danglingVectors: string[];
  /** Vectors without a chunk-log row, with the status of the row they point at. */
  orphanVectors: { chunk_id: string; file_id: number; status: string }[];
  /** Chunk-log rows without their vector, with their file's status (keyword-searchable, not vector-searchable). */
  chunksWithoutVectors: { chunk_id: string; file_id: number; status: string; file_path: string }[];
  /** Vectors whose source/text differ from the chunk row with the same id. */
  metadataMismatch: string[];
  /** Only with a vault: differences between the index and the notes on disk. */
  disk: { missing: string[]; extra: string[]; staleHash: string[] };
}

/** Vault-relative paths (with '/') of every note discovery would index (no ignore file in these vaults). */
export function listNotes(vault: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(vault, rel), { withFileTypes: true })) {
    if (e.name === '.obsidian' || e.name === '.trash' || e.name === '.git') continue;
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listNotes(vault, r));
    else if (e.isFile() && e.name.toLowerCase().endsWith('.md')) out.push(r);
  }
  return out.sort();
}

export function sha256File(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

interface VectorInfo {
  chunk_id: string;
  file_id: number;
  source: string;
  page_content: string;
}

async function readVectors(dataDir: string, corrupt: string[]): Promise<VectorInfo[]> {
  const dir = path.join(dataDir, 'lancedb');
  if (!existsSync(dir)) return [];
  let conn: lancedb.Connection | undefined;
  try {
    conn = await lancedb.connect(dir);
    if (!(await conn.tableNames()).includes('chunks')) return [];
    const table = await conn.openTable('chunks');
    try {
      const rows = await table.query().select(['chunk_id', 'file_id', 'source', 'page_content']).toArray();
      return rows.map((r: VectorInfo) => ({
        chunk_id: String(r.chunk_id),
        file_id: Number(r.file_id),
        source: String(r.source),
        page_content: String(r.page_content),
      }));
    } finally {
      table.close();
    }
  } catch (err) {
    corrupt.push(`LanceDB table unreadable: ${(err as Error).message.split('\n')[0]}`);
    return [];
  } finally {
    conn?.close();
  }
}

export async function auditIndex(dataDir: string, vault?: string): Promise<Audit> {
  const audit: Audit = {
    dbExists: false,
    rows: [],
    statusCounts: {},
    chunkLog: 0,
    vectors: 0,
    syncRuns: { started: 0, finished: 0 },
    corrupt: [],
    completedInconsistent: [],
    duplicateVectors: [],
    danglingVectors: [],
    orphanVectors: [],
    chunksWithoutVectors: [],
    metadataMismatch: [],
    disk: { missing: [], extra: [], staleHash: [] },
  };
  const vectors = await readVectors(dataDir, audit.corrupt);
  audit.vectors = vectors.length;

  const dbFile = path.join(dataDir, 'obq.sqlite');
  let log: { file_id: number; chunk_id: string }[] = [];
  let chunks: { chunk_id: string; file_id: number; source: string; page_content: string; chunk_index: number }[] = [];
  if (existsSync(dbFile)) {
    audit.dbExists = true;
    const db = new Database(dbFile);
    try {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') audit.corrupt.push(`SQLite quick_check: ${String(check)}`);
      const tables = new Set(
        (db.prepare(`select name from sqlite_master where type in ('table')`).all() as { name: string }[]).map(
          (t) => t.name,
        ),
      );
      if (tables.has('obq_log')) {
        audit.rows = db
          .prepare('select id, file_path, file_hash, num_chunks, status, is_enabled from obq_log order by id')
          .all() as AuditRow[];
      }
      if (tables.has('obq_sync_runs')) {
        audit.syncRuns = db
          .prepare('select count(*) as started, count(finished_at) as finished from obq_sync_runs')
          .get() as Audit['syncRuns'];
      }
      if (tables.has('obq_chunk_log')) {
        log = db.prepare('select file_id, chunk_id from obq_chunk_log').all() as typeof log;
      }
      if (tables.has('obq_chunks')) {
        chunks = db
          .prepare('select chunk_id, file_id, source, page_content, chunk_index from obq_chunks')
          .all() as typeof chunks;
        try {
          // FTS5 structure check (the table is contentless since migration 5, so there is no copy to compare).
          db.prepare(`insert into obq_chunks_fts(obq_chunks_fts, rank) values ('integrity-check', 1)`).run();
        } catch (err) {
          audit.corrupt.push(`FTS5 integrity-check: ${(err as Error).message}`);
        }
      }
    } catch (err) {
      audit.corrupt.push(`SQLite unreadable: ${(err as Error).message}`);
    } finally {
      db.close();
    }
  }
  audit.chunkLog = log.length;
  for (const r of audit.rows) audit.statusCounts[r.status] = (audit.statusCounts[r.status] ?? 0) + 1;

  const rowById = new Map(audit.rows.map((r) => [r.id, r]));
  const logById = new Map(log.map((l) => [l.chunk_id, l.file_id]));
  const chunkById = new Map(chunks.map((c) => [c.chunk_id, c]));
  const vecCount = new Map<string, number>();
  const vecsByFile = new Map<number, Set<string>>();
  for (const v of vectors) {
    vecCount.set(v.chunk_id, (vecCount.get(v.chunk_id) ?? 0) + 1);
    if (!vecsByFile.has(v.file_id)) vecsByFile.set(v.file_id, new Set());
    vecsByFile.get(v.file_id)!.add(v.chunk_id);
    const row = rowById.get(v.file_id);
    if (!row) audit.danglingVectors.push(`${v.chunk_id} (file_id ${v.file_id})`);
    const loggedFile = logById.get(v.chunk_id);
    if (loggedFile === undefined || loggedFile !== v.file_id) {
      audit.orphanVectors.push({ chunk_id: v.chunk_id, file_id: v.file_id, status: row?.status ?? 'no row' });
    } else {
      const c = chunkById.get(v.chunk_id);
      if (c && (c.source !== v.source || c.page_content !== v.page_content))
        audit.metadataMismatch.push(`${v.chunk_id} of ${row?.file_path ?? v.file_id}`);
    }
  }
  for (const [id, n] of vecCount) if (n > 1) audit.duplicateVectors.push(`${id} ×${n}`);
  for (const l of log) {
    if (!vecCount.has(l.chunk_id)) {
      const row = rowById.get(l.file_id);
      audit.chunksWithoutVectors.push({
        chunk_id: l.chunk_id,
        file_id: l.file_id,
        status: row?.status ?? 'no row',
        file_path: row?.file_path ?? '?',
      });
    }
  }

  const logByFile = new Map<number, Set<string>>();
  for (const l of log) {
    if (!logByFile.has(l.file_id)) logByFile.set(l.file_id, new Set());
    logByFile.get(l.file_id)!.add(l.chunk_id);
  }
  const chunksByFile = new Map<number, typeof chunks>();
  for (const c of chunks) {
    if (!chunksByFile.has(c.file_id)) chunksByFile.set(c.file_id, []);
    chunksByFile.get(c.file_id)!.push(c);
  }
  const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
  for (const r of audit.rows) {
    if (r.status !== 'completed') continue;
    const logged = logByFile.get(r.id) ?? new Set<string>();
    const rows = chunksByFile.get(r.id) ?? [];
    const vecs = vecsByFile.get(r.id) ?? new Set<string>();
    const why: string[] = [];
    if (logged.size !== (r.num_chunks ?? 0)) why.push(`num_chunks ${r.num_chunks} but ${logged.size} logged`);
    if (!sameSet(new Set(rows.map((c) => c.chunk_id)), logged)) why.push(`${rows.length} chunk rows ≠ chunk log`);
    if (!sameSet(vecs, logged)) why.push(`${vecs.size} vectors ≠ ${logged.size} logged chunks`);
    const indexes = rows.map((c) => c.chunk_index).sort((a, b) => a - b);
    if (indexes.some((x, i) => x !== i)) why.push(`chunk_index not 0..n-1: ${indexes.join(',')}`);
    if (why.length) audit.completedInconsistent.push(`${r.file_path}: ${why.join('; ')}`);
  }

  if (vault) {
    const onDisk = new Set(listNotes(vault).map((rel) => path.join(vault, rel)));
    const indexed = new Set(audit.rows.map((r) => r.file_path));
    audit.disk.missing = [...onDisk].filter((f) => !indexed.has(f)).map((f) => path.relative(vault, f));
    audit.disk.extra = [...indexed].filter((f) => !onDisk.has(f)).map((f) => path.relative(vault, f));
    for (const r of audit.rows) {
      if (r.status !== 'completed' || !onDisk.has(r.file_path)) continue;
      if (sha256File(r.file_path) !== r.file_hash) audit.disk.staleHash.push(path.relative(vault, r.file_path));
    }
  }
  return audit;
}

/** Problems that must never exist, whatever a fault interrupted: a completed file is always whole. */
export function invariantViolations(a: Audit): string[] {
  const out: string[] = [];
  if (a.corrupt.length) out.push(`corrupt stores: ${a.corrupt.join(' | ')}`);
  if (a.completedInconsistent.length)
    out.push(`completed files without exactly their chunks: ${a.completedInconsistent.slice(0, 10).join(' | ')}`);
  if (a.duplicateVectors.length) out.push(`duplicate vectors: ${a.duplicateVectors.slice(0, 10).join(', ')}`);
  if (a.danglingVectors.length) out.push(`vectors of unknown files: ${a.danglingVectors.slice(0, 10).join(', ')}`);
  const badOrphans = a.orphanVectors.filter((o) => o.status === 'completed');
  if (badOrphans.length)
    out.push(`unlogged vectors on completed files: ${badOrphans.slice(0, 10).map((o) => o.chunk_id)}`);
  const badMissing = a.chunksWithoutVectors.filter((c) => c.status === 'completed');
  if (badMissing.length)
    out.push(`completed files with chunks lacking vectors: ${[...new Set(badMissing.map((c) => c.file_path))]}`);
  if (a.metadataMismatch.length) out.push(`vector text ≠ chunk text: ${a.metadataMismatch.slice(0, 10).join(', ')}`);
  return out;
}

/** Everything that must hold after a complete, fault-free sync (with a vault: of exactly that vault's notes). */
export function settledViolations(a: Audit): string[] {
  const out = invariantViolations(a);
  const unsettled = a.rows.filter((r) => r.status !== 'completed');
  if (unsettled.length)
    out.push(`files not completed: ${unsettled.slice(0, 10).map((r) => `${r.status} ${r.file_path}`)}`);
  if (a.orphanVectors.length) out.push(`${a.orphanVectors.length} orphan vectors (no chunk-log row)`);
  if (a.chunksWithoutVectors.length) out.push(`${a.chunksWithoutVectors.length} logged chunks without a vector`);
  if (a.disk.missing.length) out.push(`notes on disk not in the index: ${a.disk.missing.slice(0, 10).join(', ')}`);
  if (a.disk.extra.length) out.push(`index rows for notes not on disk: ${a.disk.extra.slice(0, 10).join(', ')}`);
  if (a.disk.staleHash.length)
    out.push(`indexed content differs from disk: ${a.disk.staleHash.slice(0, 10).join(', ')}`);
  return out;
}

/** One line for logs. */
export function summarizeAudit(a: Audit): string {
  const st = Object.entries(a.statusCounts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return `files [${st || 'none'}], ${a.chunkLog} logged chunks, ${a.vectors} vectors, ${a.orphanVectors.length} orphan vectors, ${a.chunksWithoutVectors.length} chunks without vector`;
}

/** Per-file chunk texts (in chunk order), keyed by vault-relative path: comparable across vault copies. */
export function chunkTextsByNote(dataDir: string, vault: string): Map<string, string[]> {
  const db = new Database(path.join(dataDir, 'obq.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        'select l.file_path as file_path, c.page_content as page_content from obq_chunks c join obq_log l on l.id = c.file_id order by l.file_path, c.chunk_index',
      )
      .all() as { file_path: string; page_content: string }[];
    const out = new Map<string, string[]>();
    for (const r of rows) {
      const rel = path.relative(vault, r.file_path).split(path.sep).join('/');
      const list = out.get(rel) ?? [];
      list.push(r.page_content);
      out.set(rel, list);
    }
    return out;
  } finally {
    db.close();
  }
}

/** Differences between two per-note chunk-text maps, for an assertion message (empty when equal). */
export function diffChunkTexts(got: Map<string, string[]>, want: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [note, texts] of want) {
    const g = got.get(note);
    if (!g) out.push(`missing note ${note} (${texts.length} chunks)`);
    else if (g.length !== texts.length || g.some((t, i) => t !== texts[i])) {
      const i = g.findIndex((t, j) => t !== texts[j]);
      out.push(
        `${note}: ${g.length} chunks vs ${texts.length} clean; first difference at chunk ${i === -1 ? g.length : i}: ${JSON.stringify((g[i] ?? '').slice(0, 80))} vs ${JSON.stringify((texts[i] ?? '').slice(0, 80))}`,
      );
    }
  }
  for (const note of got.keys()) if (!want.has(note)) out.push(`extra note ${note}`);
  return out;
}
