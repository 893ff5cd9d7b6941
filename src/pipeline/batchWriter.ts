/**
 * Stage 5 of a sync, "write": embedded notes are gathered into batches, and each batch replaces its files'
 * vectors and chunk rows. The order of the writes is the crash-safety contract (see writeBatch).
 */
import type { ChunkRecord, LogRow } from '../store/indexDb.js';
import { isDiskFull } from '../shared/errors.js';
import type { SyncOptions, SyncSummary } from './syncTypes.js';

export const DEFAULT_BATCH_CHUNKS = 256;
export const DEFAULT_FIRST_BATCH_CHUNKS = 16;

/**
 * How many chunks close the n-th (0-based) write batch of a sync: first small, then doubling to full size (a first
 * size above the full one is capped by it).
 */
export function batchLimit(
  n: number,
  full = DEFAULT_BATCH_CHUNKS,
  first = Math.min(DEFAULT_FIRST_BATCH_CHUNKS, full),
): number {
  return Math.min(full, first * 2 ** n);
}

/** A note chunked and embedded, waiting for its batch to be written. */
export interface PreparedNote {
  row: LogRow;
  source: string;
  hash: string;
  metadataJson: string;
  chunks: ChunkRecord[];
  embeddings: Float32Array[];
  /** Per chunk, its sentences' vectors (empty for most chunks: sentenceTexts). */
  sentenceVectors: Float32Array[][];
  isNew: boolean;
}

/** Names the cause a user can act on: a full disk is the common one, and the raw errors hide it. */
export function describeWriteError(err: Error): string {
  if (isDiskFull(err)) {
    return `The disk holding the index is full (no space left on device): free some space and sync again. (${err.message.split('\n')[0]})`;
  }
  return err.message;
}

export class BatchWriter {
  private batch: PreparedNote[] = [];
  private batchSize = 0;
  private batchesWritten = 0;

  constructor(
    private readonly opts: SyncOptions,
    private readonly summary: SyncSummary,
    /** Called after every flush that wrote something (the progress report). */
    private readonly afterFlush: () => void,
  ) {}

  add(note: PreparedNote): void {
    this.batch.push(note);
    this.batchSize += note.chunks.length;
  }

  /** The current batch holds enough chunks to be written: the first batches are small, later ones full size. */
  get full(): boolean {
    // Unset sizes take batchLimit's defaults, the one place they are decided.
    return this.batchSize >= batchLimit(this.batchesWritten, this.opts.batchChunks, this.opts.firstBatchChunks);
  }

  async flush(): Promise<void> {
    if (this.batch.length === 0) return;
    const { db, vectors } = this.opts.index;
    const current = this.batch;
    this.batch = [];
    this.batchSize = 0;
    this.batchesWritten++;
    try {
      await this.writeBatch(current);
    } catch {
      // One bad file must not fail its neighbours: retry one by one to find it.
      for (const p of current) {
        try {
          await this.writeBatch([p]);
        } catch (err) {
          // The old vectors may already be gone: drop the old chunk rows too, so keyword search never serves
          // text whose vectors are missing. Best effort: on a full disk even these writes can fail.
          await vectors.deleteByFileIds([p.row.id]).catch(() => undefined);
          try {
            db.clearChunks([p.row.id]);
            db.markFailed(p.row.id, `Indexing failed: ${describeWriteError(err as Error)}`);
          } catch {
            // the next sync resets this file from 'processing' and retries it
          }
          this.summary.failed++;
        }
      }
    }
    this.afterFlush();
  }

  // Ordering is the crash-safety contract: embeddings exist before anything is written, old vectors are
  // deleted and new ones added before the one SQLite commit that declares the files completed.
  private async writeBatch(items: PreparedNote[]): Promise<void> {
    const { db, vectors } = this.opts.index;
    const cp = this.opts.checkpoint ?? (() => {});
    const records = items.flatMap((p) => p.chunks);
    const embeddings = items.flatMap((p) => p.embeddings);
    cp('after-embed');
    await vectors.deleteByFileIds(items.map((p) => p.row.id));
    cp('after-delete-vectors');
    await vectors.add(records.map((r, i) => ({ ...r, contains_code: r.contains_code === 1, vector: embeddings[i]! })));
    cp('after-add-vectors');
    const { chunksDeleted } = db.commitFiles(
      items.map((p) => ({
        id: p.row.id,
        hash: p.hash,
        metadataJson: p.metadataJson,
        chunks: p.chunks,
        sentenceVectors: p.sentenceVectors,
      })),
    );
    cp('after-commit');
    for (const p of items) {
      if (p.isNew) this.summary.added++;
      else this.summary.modified++;
    }
    this.summary.chunks_added += records.length;
    this.summary.chunks_deleted += chunksDeleted;
    this.opts.onFilesChanged?.(items.map((p) => p.row.id));
  }
}
