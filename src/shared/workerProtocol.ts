/** Messages between a host (Electron main, or the web server) and the pipeline worker process. */
import type { SyncProgressT } from './contract.js';

export type ToWorker =
  | { type: 'sync'; vault: string; dataDir: string; reindex?: boolean }
  /** Pause: stop the running sync after its current batch (handled at once, not queued behind the sync). */
  | { type: 'cancel' }
  | { type: 'shutdown' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; progress: SyncProgressT }
  | { type: 'filesChanged'; ids: number[] }
  | { type: 'done'; summary: import('./contract.js').EventPayload<'sync:done'>['summary']; repairs: string[] }
  | { type: 'error'; message: string };
