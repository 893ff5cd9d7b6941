/** What a sync is given and what it reports: shared by its steps (sync.ts and the modules it calls). */
import type { Embedder } from '../models/embedder.js';
import type { Index } from '../store/openIndex.js';
import type { LinkPolicy } from './linkPolicy.js';
import type { ChunkOptions } from './types.js';

export interface SyncSummary {
  added: number;
  modified: number;
  unchanged: number;
  deleted: number;
  failed: number;
  /**
   * Links out of the vault the link policy does not follow. Logged as failed with the reason (so the log says
   * why they are not searchable), but counted apart: they are the policy working, not a failure to report.
   */
  links_refused: number;
  chunks_added: number;
  chunks_deleted: number;
  duration_ms: number;
}

export interface SyncProgress {
  phase: 'scanning' | 'indexing' | 'finishing' | 'done';
  filesDone: number;
  filesTotal: number;
  chunksDone: number;
  chunksPerSec: number;
  etaSeconds: number | null;
  currentFile?: string;
}

export interface SyncOptions {
  vault: string;
  index: Index;
  embedder: Embedder;
  chunk?: ChunkOptions;
  maxNoteBytes?: number;
  /** gitignore-style patterns from settings, on top of the vault's .obsidianqueryignore. */
  exclude?: string[];
  /** Which symlinks may be followed (linkPolicy.ts); default: only those that stay inside the vault. */
  linkPolicy?: LinkPolicy;
  onProgress?: (p: SyncProgress) => void;
  /** Called after each committed batch: lets a UI refresh the log live. */
  onFilesChanged?: (ids: number[]) => void;
  signal?: AbortSignal;
  /** Chunks written per batch at full size. Bigger batches mean fewer LanceDB versions and SQLite commits. */
  batchChunks?: number;
  /**
   * The first batch's size; each later batch doubles up to batchChunks. A small first commit makes the first
   * notes searchable within seconds of a first sync starting, instead of after a full batch.
   */
  firstBatchChunks?: number;
  /** Test hook: called at named points so fault tests can kill the process at a precise moment. */
  checkpoint?: (point: string) => void;
}
