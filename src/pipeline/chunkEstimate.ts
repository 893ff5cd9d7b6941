import { DEFAULT_CHUNK_OPTIONS } from './chunker.js';
import type { ChunkOptions } from './types.js';

/**
 * Bytes of Markdown per token the chunker counts (estimateTokens), measured on the bundled corpora: with chunks of
 * 200 tokens overlapping by 30, the Obsidian Help vault's 705,681 bytes give 1,493 chunks (one per 473
 * bytes), tldr's 4,276,759 bytes 11,643 (but many of its pages are one chunk by themselves): about 170 new tokens
 * × 3 bytes = 510 bytes per chunk. Used only before a note is read.
 */
export const BYTES_PER_TOKEN = 3;

/** Bytes of a note each further chunk covers: the tokens a chunk adds beyond its overlap with the one before. */
export function bytesPerChunk(opts: ChunkOptions = DEFAULT_CHUNK_OPTIONS): number {
  return Math.max(1, opts.chunkSize - opts.overlap) * BYTES_PER_TOKEN;
}

/**
 * The chunks notes of these sizes (bytes) are expected to give before any is read: a non-empty note gives at
 * least one chunk, however short (tldr's 7,426 pages average 576 bytes, and give 11,643 chunks where bytes alone
 * would say 8,386; this estimate says 12,151, and 1,464 for the help vault's 1,493, 78 for the sample vault's 78).
 */
export function estimateChunks(sizes: Iterable<number>, opts: ChunkOptions = DEFAULT_CHUNK_OPTIONS): number {
  const per = bytesPerChunk(opts);
  let chunks = 0;
  for (const size of sizes) if (size > 0) chunks += Math.max(1, Math.ceil(size / per));
  return chunks;
}
