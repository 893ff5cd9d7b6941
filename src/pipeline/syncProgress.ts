/**
 * The indexing stage's progress: files done, chunks embedded and an ETA. Kept apart from the indexing steps so
 * they only say what happened to a note ("chunked", "embedded", "failed") and the arithmetic lives in one place.
 */
import { bytesPerChunk } from './chunkEstimate.js';
import type { SyncProgress } from './syncTypes.js';
import type { ChunkOptions } from './types.js';

/**
 * Chunks per byte of a note before any is read (the estimate the model choice uses too). Only used until real
 * notes have been chunked, whose own chunks-per-byte then takes over.
 */
function priorChunksPerByte(chunkOpts: ChunkOptions): number {
  return 1 / bytesPerChunk(chunkOpts);
}

/** A note's share of the estimate once it is chunked: taken back if the note then fails. */
export interface ChunkedShare {
  bytes: number;
  chunks: number;
}

export class IndexingProgress {
  // Files count as done once their chunks are embedded (or they failed or were unchanged): embedding is the
  // slow part, so counting at commit time would hold the count at 0 for a whole batch.
  filesDone = 0;
  // Chunks embedded so far, of files whose embedding finished; plus the chunks of the file being embedded.
  private chunksEmbedded = 0;
  private chunksInFlight = 0;
  // Bytes read of the notes chunked so far, against all pending notes' sizes: the total chunk count is
  // estimated from the chunks per byte seen so far, so the ETA is chunk rate over estimated chunks left.
  private bytesTotal: number;
  private bytesSeen = 0;
  private chunksSeen = 0;
  // -Infinity, not 0: performance.now() counts from process start, so a young process (a fresh worker) would
  // otherwise skip its first in-flight reports.
  private lastInFlightReport = -Infinity;
  private readonly start = performance.now();

  constructor(
    readonly filesTotal: number,
    bytesTotal: number,
    private readonly chunkOpts: ChunkOptions,
    private readonly onProgress?: (p: SyncProgress) => void,
  ) {
    this.bytesTotal = bytesTotal;
  }

  report(currentFile?: string): void {
    const secs = (performance.now() - this.start) / 1000;
    const embedded = this.chunksEmbedded + this.chunksInFlight;
    const rate = secs > 0 ? embedded / secs : 0;
    const perByte =
      this.bytesSeen > 0 && this.chunksSeen > 0 ? this.chunksSeen / this.bytesSeen : priorChunksPerByte(this.chunkOpts);
    const estimatedTotal = Math.max(
      embedded,
      this.chunksSeen + Math.max(0, this.bytesTotal - this.bytesSeen) * perByte,
    );
    this.onProgress?.({
      phase: 'indexing',
      filesDone: this.filesDone,
      filesTotal: this.filesTotal,
      chunksDone: embedded,
      chunksPerSec: rate,
      etaSeconds: rate > 0 ? (estimatedTotal - embedded) / rate : null,
      currentFile,
    });
  }

  /** Same content as indexed: done, and no chunks to come from it. */
  unchanged(size: number): void {
    this.filesDone++;
    this.bytesTotal -= size;
  }

  /** A note was cut into chunks: its bytes and chunks refine the estimate of the chunks still to come. */
  chunked(share: ChunkedShare): void {
    this.bytesSeen += share.bytes;
    this.chunksSeen += share.chunks;
  }

  /** The embedder finished n of the current note's chunks; reported a few times a second, not once per chunk. */
  embedding(n: number, source: string): void {
    this.chunksInFlight = n;
    const t = performance.now();
    if (t - this.lastInFlightReport < 250) return;
    this.lastInFlightReport = t;
    this.report(source);
  }

  /** The current note's embedding ended, finished or not: its chunks are no longer in flight. */
  embeddingEnded(): void {
    this.chunksInFlight = 0;
  }

  embedded(chunks: number): void {
    this.chunksEmbedded += chunks;
    this.filesDone++;
  }

  /** Neither a failed note's bytes nor its chunks are work still to come. */
  failed(size: number, share: ChunkedShare | null): void {
    this.bytesTotal -= size;
    if (share) {
      this.bytesSeen -= share.bytes;
      this.chunksSeen -= share.chunks;
    }
    this.filesDone++;
  }
}
