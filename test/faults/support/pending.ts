import Database from 'better-sqlite3';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { batchesOf } from '../../helpers/crashPlan.js';
import { listNotes } from './audit.js';
import { chunkCountOf } from './vault.js';

/** The checkpoints a sync passes (src/pipeline/sync.ts marks processing, src/pipeline/batchWriter.ts writes), in write order. */
export const CHECKPOINTS = [
  'after-scan',
  'after-mark-processing',
  'after-embed',
  'after-delete-vectors',
  'after-add-vectors',
  'after-commit',
] as const;
export type Checkpoint = (typeof CHECKPOINTS)[number];

export interface PendingWork {
  /** Files the next sync will mark processing, in its order (existing rows by id, then new files by path). */
  pending: string[];
  /** Of those, the ones it will embed (content differs from what was indexed). */
  batched: string[];
  gone: string[];
  chunks: number;
  batches: number;
  /** How many times the next sync passes each checkpoint. */
  occurrences: Record<Checkpoint, number>;
}

/**
 * Predicts what the next sync of `vault` into `dataDir` will do, from the log and the notes on disk, mirroring
 * IndexDb.recordScan/selectPending and syncVault's batching. Lets a test pick `point:n` kills it knows will
 * fire (a wrong prediction shows up as "expected a SIGKILL" with the details printed).
 */
export function predictPendingWork(dataDir: string, vault: string): PendingWork {
  interface Row {
    id: number;
    file_path: string;
    last_modified: number;
    status: string;
    file_hash: string | null;
    num_chunks: number | null;
    is_enabled: number;
    logged: number;
  }
  let rows: Row[] = [];
  const dbFile = path.join(dataDir, 'obq.sqlite');
  if (existsSync(dbFile)) {
    const db = new Database(dbFile, { readonly: true });
    try {
      const hasLog = db.prepare(`select 1 from sqlite_master where name = 'obq_log'`).get();
      if (hasLog)
        rows = db
          .prepare(
            `select l.id, l.file_path, l.last_modified, l.status, l.file_hash, l.num_chunks, l.is_enabled,
               (select count(*) from obq_chunk_log c where c.file_id = l.id) as logged
             from obq_log l order by l.id`,
          )
          .all() as Row[];
    } finally {
      db.close();
    }
  }
  const onDisk = listNotes(vault).map((rel) => path.join(vault, rel));
  const diskSet = new Set(onDisk);
  const byPath = new Map(rows.map((r) => [r.file_path, r]));
  const gone = rows.filter((r) => !diskSet.has(r.file_path)).map((r) => r.file_path);
  const existing: Row[] = [];
  for (const r of rows) {
    if (!diskSet.has(r.file_path) || !r.is_enabled) continue;
    const mtime = statSync(r.file_path).mtimeMs / 1000;
    if (r.last_modified !== mtime || r.status !== 'completed') existing.push(r);
  }
  const fresh = onDisk.filter((f) => !byPath.has(f)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const pending = [...existing.map((r) => r.file_path), ...fresh];
  const batched = pending.filter((f) => {
    const r = byPath.get(f);
    if (!r) return true;
    const hash = createHash('sha256').update(readFileSync(f)).digest('hex');
    return !(hash === r.file_hash && r.num_chunks !== null && r.logged === r.num_chunks);
  });
  const counts = new Map(batched.map((f) => [f, chunkCountOf(readFileSync(f, 'utf8'))]));
  const batches = batchesOf(batched, counts).length;
  return {
    pending,
    batched,
    gone,
    chunks: [...counts.values()].reduce((a, b) => a + b, 0),
    batches,
    occurrences: {
      'after-scan': 1,
      'after-mark-processing': pending.length,
      'after-embed': batches,
      'after-delete-vectors': batches + (gone.length > 0 ? 1 : 0),
      'after-add-vectors': batches,
      'after-commit': batches,
    },
  };
}
