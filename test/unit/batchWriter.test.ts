import { describe, expect, it } from 'vitest';
import { BatchWriter, batchLimit, type PreparedNote } from '../../src/pipeline/batchWriter.js';
import type { SyncOptions, SyncSummary } from '../../src/pipeline/syncTypes.js';

/**
 * When a write batch is full: batchLimit is the one place the batch sizes and their defaults are decided, and the
 * writer follows it for any sizes a sync is given. (Writing is tested on real stores in the pipeline and crash suites.)
 */
describe('BatchWriter.full follows batchLimit', () => {
  const note = (chunks: number) => ({ chunks: Array.from({ length: chunks }) }) as unknown as PreparedNote;
  /** The chunk count at which the first batch of a writer with these options is full. */
  const firstBatchCloses = (opts: Partial<SyncOptions>): number => {
    const writer = new BatchWriter(opts as SyncOptions, {} as SyncSummary, () => {});
    let n = 0;
    while (!writer.full) {
      writer.add(note(1));
      n++;
    }
    return n;
  };

  it.each<[string, Partial<SyncOptions>, number]>([
    ['defaults', {}, batchLimit(0)],
    ['a full size below the default first size caps the first batch', { batchChunks: 8 }, 8],
    ['a first size of its own', { firstBatchChunks: 4 }, 4],
    ['a first size above the full size is capped by it', { batchChunks: 8, firstBatchChunks: 32 }, 8],
  ])('%s', (_label, opts, expected) => {
    expect(firstBatchCloses(opts)).toBe(expected);
    expect(firstBatchCloses(opts)).toBe(batchLimit(0, opts.batchChunks, opts.firstBatchChunks));
  });

  it('later batches double up to the full size', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => batchLimit(n))).toEqual([16, 32, 64, 128, 256, 256]);
    expect([0, 1, 2].map((n) => batchLimit(n, 8))).toEqual([8, 8, 8]);
  });
});
