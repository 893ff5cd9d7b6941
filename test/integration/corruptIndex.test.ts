import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  existsSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
  closeSync,
} from 'node:fs';
import path from 'node:path';
import { copyVault, runCli, sampleVault, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { IndexDb } from '../../src/store/indexDb.js';

useFastEmbedder();

/**
 * The vault is the source of truth: whatever happens to the index files, ObsiQuery must say what it found,
 * rebuild from the vault, and never crash at start.
 */
describe('corrupt or mismatched index', () => {
  const tmp = tempDir();
  const home = path.join(tmp.dir, 'home');
  let vault: string;
  let noteCount: number;

  const sync = (data: string, extra: string[] = []) =>
    runCli(['sync', '--vault', vault, '--data', data, '--json', ...extra], { home });
  const statusOf = async (data: string) =>
    JSON.parse((await runCli(['status', '--data', data, '--json'], { home })).stdout);
  const doctorOk = async (data: string) =>
    JSON.parse((await runCli(['doctor', '--data', data, '--json', '--no-repair'], { home })).stdout).ok;

  async function freshIndex(name: string): Promise<string> {
    const data = path.join(tmp.dir, name);
    const r = await sync(data);
    expect(r.code, r.stderr).toBe(0);
    return data;
  }

  beforeAll(async () => {
    vault = copyVault(sampleVault, tmp.dir);
    const data = await freshIndex('probe');
    noteCount = (await statusOf(data)).counts.completed;
    expect(noteCount).toBeGreaterThan(10);
  }, 180_000);
  afterAll(() => tmp.cleanup());

  it('garbled SQLite file: detected, moved aside, rebuilt from the vault', async () => {
    const data = await freshIndex('garbled');
    const db = path.join(data, 'obq.sqlite');
    // Checkpoint the WAL first so the garbage lands on real pages, then overwrite the header and some pages.
    const idx = IndexDb.open(data);
    idx.db.pragma('wal_checkpoint(TRUNCATE)');
    idx.close();
    const fd = openSync(db, 'r+');
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 0);
    closeSync(fd);
    const r = await sync(data);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/index database was unreadable/);
    expect(JSON.parse(r.stdout).added).toBe(noteCount);
    expect(readdirSync(data).some((f) => f.startsWith('obq.sqlite.corrupt-'))).toBe(true);
    expect((await statusOf(data)).counts.completed).toBe(noteCount);
    expect(await doctorOk(data)).toBe(true);
  }, 180_000);

  it('truncated SQLite file: rebuilt, no orphan vectors left from the old index', async () => {
    const data = await freshIndex('truncated');
    const idx = IndexDb.open(data);
    idx.db.pragma('wal_checkpoint(TRUNCATE)');
    idx.close();
    const db = path.join(data, 'obq.sqlite');
    truncateSync(db, Math.floor(statSync(db).size / 3));
    const r = await sync(data);
    expect(r.code, r.stderr).toBe(0);
    const status = await statusOf(data);
    expect(status.counts.completed).toBe(noteCount);
    expect(await doctorOk(data)).toBe(true);
  }, 180_000);

  it('damaged LanceDB directory: detected, reset, re-embedded', async () => {
    const data = await freshIndex('lance');
    const table = path.join(data, 'lancedb', 'chunks.lance');
    // Remove the version manifests: the table can no longer be opened.
    rmSync(path.join(table, '_versions'), { recursive: true, force: true });
    const r = await sync(data);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/vector store could not be opened/);
    expect(JSON.parse(r.stdout).modified + JSON.parse(r.stdout).added).toBe(noteCount);
    expect(await doctorOk(data)).toBe(true);
  }, 180_000);

  it('status never crashes on a broken index: it reports and repairs', async () => {
    const data = await freshIndex('status');
    rmSync(path.join(data, 'lancedb'), { recursive: true, force: true });
    const r = await runCli(['status', '--data', data, '--json'], { home });
    expect(r.code, r.stderr).toBe(0);
    // The log no longer claims files are indexed when their vectors are gone.
    expect(JSON.parse(r.stdout).counts.completed).toBe(0);
  }, 180_000);

  it('embedding model changed: refused with a clear message until --reindex, never mixed', async () => {
    const data = await freshIndex('model');
    const idx = IndexDb.open(data);
    idx.setMeta('embedding_model', 'some-other-model');
    idx.close();
    const refused = await sync(data);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/built with the embedding model "some-other-model".*--reindex/s);
    const search = await runCli(['search', '--data', data, '--json', 'sourdough'], { home });
    expect(search.code).toBe(2);
    const re = await sync(data, ['--reindex']);
    expect(re.code, re.stderr).toBe(0);
    const s = JSON.parse(re.stdout);
    expect(s.added + s.modified).toBe(noteCount);
    expect(await doctorOk(data)).toBe(true);
    expect(existsSync(path.join(data, 'obq.sqlite'))).toBe(true);
  }, 180_000);

  it('an index a newer build wrote: refused with a clear message, neither written to nor moved aside', async () => {
    const data = await freshIndex('newer');
    const file = path.join(data, 'obq.sqlite');
    const idx = IndexDb.open(data);
    idx.db.pragma('wal_checkpoint(TRUNCATE)');
    idx.db.pragma('user_version = 99');
    idx.close();
    const before = readFileSync(file);
    for (const args of [
      ['sync', '--vault', vault],
      ['search', 'sourdough'],
    ]) {
      const r = await runCli([...args, '--data', data, '--json'], { home });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/schema version 99, written by a newer ObsiQuery.*update ObsiQuery/s);
    }
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(data).filter((f) => f.includes('corrupt'))).toEqual([]);
  }, 180_000);
});
