import { describe, expect, it } from 'vitest';
import { IndexingProgress } from '../../src/pipeline/syncProgress.js';
import type { SyncProgress } from '../../src/pipeline/sync.js';

/**
 * The indexing stage's progress on its own: files done, chunks embedded, and the chunks still to come that the
 * ETA is computed from (estimated from the chunks per byte of the notes chunked so far).
 */

function tracker(files: number, bytes: number, chunkOpts = { chunkSize: 100, overlap: 0 }) {
  const reports: SyncProgress[] = [];
  const progress = new IndexingProgress(files, bytes, chunkOpts, (p) => reports.push(p));
  // The ETA is (estimated chunks left) / rate, so rate × ETA gives back the chunks left.
  const left = () => {
    const last = reports.at(-1)!;
    return last.etaSeconds === null ? null : Math.round(last.etaSeconds * last.chunksPerSec);
  };
  return { progress, reports, left };
}

describe('IndexingProgress', () => {
  it('estimates the chunks left from the chunks per byte seen so far', async () => {
    const { progress, reports, left } = tracker(3, 3000);
    progress.chunked({ bytes: 1000, chunks: 10 });
    progress.embedded(10);
    await new Promise((r) => setTimeout(r, 5)); // a measurable rate
    progress.report('a.md');
    expect(reports.at(-1)).toMatchObject({ phase: 'indexing', filesDone: 1, filesTotal: 3, chunksDone: 10 });
    expect(reports.at(-1)!.currentFile).toBe('a.md');
    // 2000 bytes still to read at 10 chunks per 1000 bytes.
    expect(left()).toBe(20);
  });

  it('takes a failed note’s bytes and chunks out of the estimate, and an unchanged note’s bytes', async () => {
    const { progress, left } = tracker(4, 4000);
    progress.chunked({ bytes: 1000, chunks: 10 });
    progress.embedded(10);
    const share = { bytes: 1000, chunks: 50 };
    progress.chunked(share);
    progress.failed(1000, share);
    progress.unchanged(1000);
    await new Promise((r) => setTimeout(r, 5));
    progress.report();
    // Only the last note's 1000 bytes are left, at the 10 chunks per 1000 bytes of the note that succeeded.
    expect(left()).toBe(10);
    expect(progress.filesDone).toBe(3);
  });

  it('counts the chunks of the note being embedded, and drops them when its embedding ends', async () => {
    const { progress, reports } = tracker(1, 1000);
    progress.chunked({ bytes: 1000, chunks: 8 });
    await new Promise((r) => setTimeout(r, 5));
    progress.embedding(3, 'a.md');
    expect(reports.at(-1)).toMatchObject({ chunksDone: 3, currentFile: 'a.md', filesDone: 0 });
    progress.embeddingEnded();
    progress.report();
    expect(reports.at(-1)!.chunksDone).toBe(0);
  });
});
