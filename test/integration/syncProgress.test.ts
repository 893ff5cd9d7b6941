/**
 * Indexing progress that moves (issue 19): a file counts as soon as its chunks are embedded, the ETA comes
 * from the chunk rate, and the first batch commits small so the first notes are searchable within seconds.
 * Real sample vault, real MiniLM, real SQLite + LanceDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { copyVault, sampleVault, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';
import { batchLimit, type SyncProgress } from '../../src/pipeline/sync.js';

useFastEmbedder();

describe('sync progress on a first sync', () => {
  const tmp = tempDir();
  let service: VaultService;
  const events: (SyncProgress & { committed: number })[] = [];
  /** Completed files (SQLite) at each onFilesChanged, in order. */
  const commits: number[] = [];

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const vault = copyVault(sampleVault, tmp.dir);
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
    const off = service.onProgress((p) =>
      events.push({ ...p, committed: service.index.db.countsByStatus().completed }),
    );
    const origCommit = service.index.db.commitFiles.bind(service.index.db);
    service.index.db.commitFiles = (items) => {
      const r = origCommit(items);
      commits.push(items.reduce((acc, i) => acc + i.chunks.length, 0));
      return r;
    };
    await service.sync();
    off();
  }, 300_000);
  afterAll(() => {
    service?.close();
    tmp.cleanup();
  });

  it('counts a file once it is embedded, before its batch commits', () => {
    const indexing = events.filter((e) => e.phase === 'indexing');
    // Some progress event reports more files done than SQLite has committed: counted on embedding.
    expect(indexing.some((e) => e.filesDone > e.committed)).toBe(true);
    // The count never waits for a whole batch: it moves one file at a time.
    const steps = new Set(indexing.map((e) => e.filesDone));
    expect(steps.size).toBeGreaterThanOrEqual(Math.min(10, indexing.at(-1)!.filesTotal));
    for (let i = 1; i < indexing.length; i++) {
      expect(indexing[i]!.filesDone).toBeGreaterThanOrEqual(indexing[i - 1]!.filesDone);
    }
  });

  it('commits the first batch small, then grows the batches', () => {
    expect(commits.length).toBeGreaterThanOrEqual(2);
    // A batch closes on the file that crosses its limit, so it can exceed it by less than one note.
    expect(commits[0]!).toBeGreaterThanOrEqual(1);
    expect(commits[0]!).toBeLessThan(batchLimit(0) + 20);
    expect(batchLimit(0)).toBe(16);
    expect([0, 1, 2, 3, 4, 5].map((n) => batchLimit(n))).toEqual([16, 32, 64, 128, 256, 256]);
  });

  it('gives an ETA from the chunk rate as soon as chunks are embedded', () => {
    const indexing = events.filter((e) => e.phase === 'indexing' && e.chunksDone > 0);
    expect(indexing.length).toBeGreaterThan(0);
    // Once anything is embedded there is a rate, so an estimate: no "estimating…" for the whole sync.
    expect(indexing.every((e) => e.etaSeconds !== null && Number.isFinite(e.etaSeconds) && e.etaSeconds >= 0)).toBe(
      true,
    );
    // Early estimates come before the first commit (the old ETA needed committed files).
    expect(indexing.some((e) => e.committed === 0 && e.etaSeconds !== null)).toBe(true);
  });
});
