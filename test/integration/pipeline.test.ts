import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { copyVault, corpusOhelp, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { VaultService } from '../../src/services/vaultService.js';

useFastEmbedder();

function countNotes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    if (e.isDirectory()) n += countNotes(path.join(dir, e.name));
    else if (e.name.endsWith('.md')) n++;
  }
  return n;
}

/**
 * The change-tracking contract on a real vault (173 Obsidian help notes), real SQLite and a real LanceDB
 * directory: every sync leaves exactly the chunks the vault implies, and re-embeds only what changed.
 */
describe('sync on obsidian-help-en', () => {
  const tmp = tempDir();
  let vault: string;
  let service: VaultService;
  const noteCount = countNotes(corpusOhelp);

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    vault = copyVault(corpusOhelp, tmp.dir);
    service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
  });
  afterAll(() => {
    service?.close();
    tmp.cleanup();
  });

  const vectorsOf = async (rel: string) => service.index.vectors.count(`source = '${rel.replace(/'/g, "''")}'`);

  it('first sync indexes every note, reporting progress as it embeds', async () => {
    const events: { filesDone: number; chunksDone: number; phase: string }[] = [];
    const off = service.onProgress((p) => events.push(p));
    const s = await service.sync();
    off();
    // Progress moves within a write batch (a few times a second while it embeds), never backwards, and ends
    // at the total.
    const indexing = events.filter((e) => e.phase === 'indexing');
    const batches = Math.ceil(s.chunks_added / 256);
    expect(indexing.length).toBeGreaterThan(batches * 3);
    for (let i = 1; i < indexing.length; i++) {
      expect(indexing[i]!.chunksDone).toBeGreaterThanOrEqual(indexing[i - 1]!.chunksDone);
      expect(indexing[i]!.filesDone).toBeGreaterThanOrEqual(indexing[i - 1]!.filesDone);
    }
    expect(indexing.at(-1)).toMatchObject({ filesDone: noteCount, chunksDone: s.chunks_added });
    expect(s.added).toBe(noteCount);
    expect(s.failed).toBe(0);
    expect(s.chunks_added).toBeGreaterThan(noteCount);
    const counts = service.index.db.countsByStatus();
    expect(counts.completed).toBe(noteCount);
    expect(await service.index.vectors.count()).toBe(counts.chunks);
    expect((await service.doctor(false)).ok).toBe(true);
  }, 300_000);

  it('second sync changes nothing', async () => {
    const s = await service.sync();
    expect(s).toMatchObject({
      added: 0,
      modified: 0,
      deleted: 0,
      failed: 0,
      chunks_added: 0,
      chunks_deleted: 0,
      unchanged: noteCount,
    });
  });

  it('touching a file re-embeds nothing (content hash)', async () => {
    const file = path.join(vault, 'Plugins/File recovery.md');
    const before = service.index.db.chunkIdsOf(service.index.db.fileByPath(file)!.id);
    const future = new Date(Date.now() + 60_000);
    utimesSync(file, future, future);
    const s = await service.sync();
    expect(s.chunks_added).toBe(0);
    expect(s.modified).toBe(0);
    expect(service.index.db.chunkIdsOf(service.index.db.fileByPath(file)!.id)).toEqual(before);
  });

  it('editing a file replaces exactly its chunks', async () => {
    const rel = 'Plugins/Bookmarks.md';
    const file = path.join(vault, rel);
    const row = service.index.db.fileByPath(file)!;
    const oldIds = service.index.db.chunkIdsOf(row.id);
    const otherBefore = service.index.db.countsByStatus().chunks - oldIds.length;
    appendFileSync(file, '\n\n## Zebra crossing\n\nA unique sentence about zebra crossings for the test.\n');
    const s = await service.sync();
    expect(s.modified).toBe(1);
    expect(s.chunks_deleted).toBe(oldIds.length);
    const newIds = service.index.db.chunkIdsOf(row.id);
    expect(newIds.some((id) => oldIds.includes(id))).toBe(false);
    expect(s.chunks_added).toBe(newIds.length);
    expect(await vectorsOf(rel)).toBe(newIds.length);
    expect(service.index.db.countsByStatus().chunks - newIds.length).toBe(otherBefore);
    expect(service.index.db.chunksOf(row.id).some((c) => c.page_content.includes('zebra crossings'))).toBe(true);
  });

  it('deleting a file removes its chunks and its log row', async () => {
    const rel = 'Plugins/Random note.md';
    const file = path.join(vault, rel);
    const n = service.index.db.chunkIdsOf(service.index.db.fileByPath(file)!.id).length;
    rmSync(file);
    const s = await service.sync();
    expect(s.deleted).toBe(1);
    expect(s.chunks_deleted).toBe(n);
    expect(service.index.db.fileByPath(file)).toBeUndefined();
    expect(await vectorsOf(rel)).toBe(0);
  });

  it('disabling a file excludes it from the index until it is enabled again', async () => {
    const rel = 'Plugins/Workspaces.md';
    await service.setEnabled(rel, false);
    expect(await vectorsOf(rel)).toBe(0);
    let s = await service.sync();
    expect(s.added + s.modified).toBe(0);
    expect(await vectorsOf(rel)).toBe(0);
    expect(service.index.db.indexedNotes().some((n) => n.source === rel)).toBe(false);
    await service.setEnabled(rel, true);
    s = await service.sync();
    expect(await vectorsOf(rel)).toBeGreaterThan(0);
    expect((await service.doctor(false)).ok).toBe(true);
  });

  it('records metadata: frontmatter aliases, tags and wikilinks', () => {
    const row = service.index.db.fileByPath(path.join(vault, 'Linking notes and files/Internal links.md'))!;
    const meta = JSON.parse(row.metadata_json!);
    expect(meta.title).toBe('Internal links');
    expect(meta.links.length).toBeGreaterThan(0);
  });
});
