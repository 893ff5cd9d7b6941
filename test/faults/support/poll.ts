import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sleep } from './proc.js';

export interface LogState {
  byStatus: Record<string, string[]>;
  total: number;
}

/**
 * Reads a live index's ingestion log while another process syncs into it (WAL: readers never block the
 * writer). Cheaper and far more precise than polling `obsiquery status --json` (a process start each time).
 */
export class LogWatcher {
  private db: Database.Database | null = null;

  constructor(readonly dataDir: string) {}

  /** The log as of now, or null while the index does not exist yet. */
  read(): LogState | null {
    try {
      if (!this.db) {
        const file = path.join(this.dataDir, 'obq.sqlite');
        if (!existsSync(file)) return null;
        const db = new Database(file, { readonly: true, fileMustExist: true });
        if (!db.prepare(`select 1 from sqlite_master where name = 'obq_log'`).get()) {
          db.close();
          return null;
        }
        this.db = db;
      }
      const rows = this.db.prepare('select file_path, status from obq_log').all() as {
        file_path: string;
        status: string;
      }[];
      const byStatus: Record<string, string[]> = {};
      for (const r of rows) (byStatus[r.status] ??= []).push(r.file_path);
      return { byStatus, total: rows.length };
    } catch {
      // The writer is creating the schema or holds a lock for a moment: try again on the next poll.
      return null;
    }
  }

  /** Polls until `pred` holds (returns the state) or `stop()` says to give up (returns null). */
  async until(pred: (s: LogState) => boolean, stop: () => boolean, everyMs = 15): Promise<LogState | null> {
    for (;;) {
      const s = this.read();
      if (s && pred(s)) return s;
      if (stop()) return null;
      await sleep(everyMs);
    }
  }

  close(): void {
    this.db?.close();
    this.db = null;
  }
}
