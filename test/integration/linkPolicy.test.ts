import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { runCli, tempDir, useFastEmbedder, writeNotes } from '../helpers/fixtures.js';
import { startWebServer, type RunningServer } from '../../src/server/webServer.js';
import { discoverNotes } from '../../src/pipeline/discover.js';
import { loadSettings, saveSettings } from '../../src/services/settings.js';
import type { SyncSummary } from '../../src/pipeline/sync.js';
import type { LogRowT, Res, RequestChannel, SearchHitT, StatusT } from '../../src/shared/contract.js';

/*
 * One symlink policy (src/pipeline/linkPolicy.ts), checked end to end through the real web server and its real
 * pipeline worker: indexing, search, `log:chunks` and `note:read` must give the same verdict on every file,
 * with the policy off (the default), turned on, and turned off again. Real symlinks in a temp folder.
 */
useFastEmbedder();

type Envelope<T> = { ok: true; result: T } | { ok: false; error: string };

function call<C extends RequestChannel>(server: RunningServer, channel: C, body: unknown): Promise<Envelope<Res<C>>> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: `/api/invoke/${channel}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      },
      (res) => {
        let data = '';
        res.on('data', (d: Buffer) => (data += d.toString()));
        res.on('end', () => resolve(JSON.parse(data)));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function ok<C extends RequestChannel>(server: RunningServer, channel: C, body: unknown): Promise<Res<C>> {
  const r = await call(server, channel, body);
  if (!r.ok) throw new Error(`${channel} failed: ${r.error}`);
  return r.result;
}

/** The last finished sync's end time (0 before any), to wait for the next one. */
async function lastSyncEnd(server: RunningServer): Promise<number> {
  return (await ok(server, 'status:get', {})).lastSync?.finished_at ?? 0;
}

/** Waits for a sync that finishes after `previousEnd` with nothing left to do. */
async function nextSync(server: RunningServer, previousEnd: number): Promise<StatusT> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const st = await ok(server, 'status:get', {});
    if (!st.syncing && (st.lastSync?.finished_at ?? 0) > previousEnd && st.counts.pending === 0) {
      // The server's LanceDB handle re-reads the table at most once a second (readConsistencyInterval).
      await new Promise((r) => setTimeout(r, 1_100));
      return st;
    }
    if (Date.now() > deadline) throw new Error(`no sync finished: ${JSON.stringify(st)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('symlinks: one policy for indexing, search, chunks and preview', () => {
  const tmp = tempDir('obq-links-policy-');
  const vault = path.join(tmp.dir, 'vault');
  const outside = path.join(tmp.dir, 'outside');
  let server: RunningServer;
  let rows: Map<string, LogRowT>;

  const logRows = async () => new Map((await ok(server, 'log:list', {})).map((r) => [r.source, r]));
  const search = async (query: string): Promise<SearchHitT[]> =>
    (await ok(server, 'search:query', { query, k: 10 })).hits;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    writeNotes(vault, {
      'Inside.md': '# Inside\n\nThe periwinkle lighthouse keeper logs every passing ship in a leather book.\n',
      'Folder/Real.md': '# Real\n\nCopper kettles whistle louder than steel ones, says the tinker.\n',
    });
    writeNotes(outside, {
      'Secret.md': '# Secret\n\nThe quokka marmalade password is hidden under the doormat.\n',
      'dir/Linked note.md': '# Linked note\n\nA zebra accordion concert happens every solstice.\n',
    });
    symlinkSync(path.join(outside, 'Secret.md'), path.join(vault, 'escape.md')); // file link out
    symlinkSync(path.join(outside, 'dir'), path.join(vault, 'Linked')); // folder link out
    symlinkSync('Folder/Real.md', path.join(vault, 'Pinned.md')); // file link inside
    symlinkSync('..', path.join(vault, 'Folder/loop')); // loop
    const webRoot = path.join(tmp.dir, 'web');
    mkdirSync(webRoot);
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>ObsiQuery</title>');
    server = await startWebServer({ vault, dataDir: path.join(tmp.dir, 'data'), webRoot, watch: false });
    await nextSync(server, 0);
    rows = await logRows();
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it('off (default): links out are logged as failed with the reason, never indexed; links inside are followed', async () => {
    expect(rows.get('escape.md')).toMatchObject({ status: 'failed' });
    expect(rows.get('escape.md')!.num_chunks ?? 0).toBe(0);
    expect(rows.get('escape.md')!.error_message).toMatch(/^Not indexed: this file is a link to .*Secret\.md, outside/);
    expect(rows.get('escape.md')!.error_message).toMatch(/followExternalLinks/);
    // The linked folder is one refused entry, never walked.
    expect(rows.get('Linked')).toMatchObject({ status: 'failed' });
    expect(rows.get('Linked')!.error_message).toMatch(/this folder is a link to .*outside/);
    expect([...rows.keys()].some((s) => s.startsWith('Linked/'))).toBe(false);
    // The loop terminates; the note linked from inside is indexed exactly once.
    expect([...rows.keys()].some((s) => s.includes('loop/'))).toBe(false);
    expect(rows.get('Inside.md')?.status).toBe('completed');
    const realOnes = ['Folder/Real.md', 'Pinned.md'].filter((s) => rows.get(s)?.status === 'completed');
    expect(realOnes).toHaveLength(1);
    expect((await search('periwinkle lighthouse keeper'))[0]?.source).toBe('Inside.md');
    expect(realOnes).toContain((await search('copper kettles whistle'))[0]?.source);
  });

  it('off: search, log:chunks and note:read all refuse the outside text', async () => {
    expect((await search('quokka marmalade password')).map((h) => h.source)).not.toContain('escape.md');
    expect((await search('zebra accordion concert solstice')).some((h) => h.source.startsWith('Linked'))).toBe(false);
    const read = await call(server, 'note:read', { source: 'escape.md' });
    const chunks = await call(server, 'log:chunks', { source: 'escape.md' });
    expect(read).toMatchObject({ ok: false, error: expect.stringMatching(/Refused: that note links outside/) });
    expect(chunks).toMatchObject({ ok: false, error: expect.stringMatching(/Refused: that note links outside/) });
    const inside = await ok(server, 'note:read', { source: 'Pinned.md' });
    expect(inside.content).toMatch(/Copper kettles/);
  });

  it('on: links out are followed (files and folders) and all four agree', async () => {
    const before = await lastSyncEnd(server);
    await ok(server, 'settings:set', { followExternalLinks: true });
    await nextSync(server, before);
    const on = await logRows();
    expect(on.get('escape.md')).toMatchObject({ status: 'completed', error_message: null });
    expect(on.get('Linked/Linked note.md')).toMatchObject({ status: 'completed' });
    expect(on.has('Linked')).toBe(false);
    expect((await search('quokka marmalade password'))[0]?.source).toBe('escape.md');
    expect((await search('zebra accordion concert solstice'))[0]?.source).toBe('Linked/Linked note.md');
    expect((await ok(server, 'note:read', { source: 'escape.md' })).content).toMatch(/quokka/);
    const chunks = await ok(server, 'log:chunks', { source: 'Linked/Linked note.md' });
    expect(chunks.map((c) => c.page_content).join('\n')).toMatch(/zebra accordion/);
  });

  it('on, then off again: the next sync drops what was indexed from outside', async () => {
    // Turned off behind the server's back (no sync yet): the index still holds the outside text, and search,
    // chunks and preview must already refuse it, in agreement.
    saveSettings(path.join(tmp.dir, 'data'), { followExternalLinks: false });
    expect((await search('quokka marmalade password')).map((h) => h.source)).not.toContain('escape.md');
    expect(await call(server, 'log:chunks', { source: 'escape.md' })).toMatchObject({ ok: false });
    expect(await call(server, 'note:read', { source: 'escape.md' })).toMatchObject({ ok: false });
    const before = await lastSyncEnd(server);
    await ok(server, 'sync:start', {});
    await nextSync(server, before);
    const off = await logRows();
    expect(off.get('escape.md')).toMatchObject({ status: 'failed', num_chunks: 0 });
    expect(off.has('Linked/Linked note.md')).toBe(false);
    expect(off.get('Linked')?.status).toBe('failed');
    expect((await search('quokka marmalade password')).map((h) => h.source)).not.toContain('escape.md');
    expect((await search('zebra accordion concert solstice')).some((h) => h.source.startsWith('Linked'))).toBe(false);
    const st = await ok(server, 'status:get', {});
    const completedChunks = [...off.values()]
      .filter((r) => r.status === 'completed')
      .reduce((n, r) => n + (r.num_chunks ?? 0), 0);
    expect(st.counts.chunks).toBe(completedChunks);
    expect(await call(server, 'log:chunks', { source: 'escape.md' })).toMatchObject({ ok: false });
  });

  it('discovery never walks a folder linked outside while the policy is off', async () => {
    // An unreadable folder inside the linked-to tree: walking it would report it as skipped.
    const locked = path.join(outside, 'dir/locked');
    mkdirSync(locked);
    chmodSync(locked, 0o000);
    try {
      const off = await discoverNotes(vault);
      expect(off.outside.map((o) => path.basename(o.filePath)).sort()).toEqual(['Linked', 'escape.md']);
      expect(off.skipped.some((s) => s.path.startsWith(path.join(vault, 'Linked')))).toBe(false);
      const on = await discoverNotes(vault, [], { followExternalLinks: true });
      expect(on.outside).toEqual([]);
      expect(on.files.map((f) => path.relative(vault, f.filePath))).toContain(path.join('Linked', 'Linked note.md'));
    } finally {
      chmodSync(locked, 0o755);
    }
  });
});

describe('settings:set checks chatModelPath', () => {
  const tmp = tempDir('obq-chat-path-');
  let server: RunningServer;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const vault = path.join(tmp.dir, 'vault');
    writeNotes(vault, { 'Note.md': '# Note\n\nSome text.\n' });
    const webRoot = path.join(tmp.dir, 'web');
    mkdirSync(webRoot);
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html>');
    server = await startWebServer({ vault, dataDir: path.join(tmp.dir, 'data'), webRoot, watch: false });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    tmp.cleanup();
  });

  it('accepts an existing .gguf file with the GGUF signature, or null, and says why anything else is refused', async () => {
    const good = path.join(tmp.dir, 'model.gguf');
    writeFileSync(good, Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(60)]));
    const wrongMagic = path.join(tmp.dir, 'fake.gguf');
    writeFileSync(wrongMagic, '<!doctype html> an error page saved as a model');
    const wrongExt = path.join(tmp.dir, 'model.bin');
    writeFileSync(wrongExt, Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(60)]));
    const folder = path.join(tmp.dir, 'folder.gguf');
    mkdirSync(folder);
    const cases: [unknown, RegExp][] = [
      [path.join(tmp.dir, 'missing.gguf'), /not found/],
      [wrongMagic, /GGUF signature/],
      [wrongExt, /must be a \.gguf file/],
      [folder, /not a file/],
      ['model.gguf', /absolute path/],
    ];
    for (const [chatModelPath, message] of cases) {
      const r = await call(server, 'settings:set', { chatModelPath });
      expect(r, String(chatModelPath)).toMatchObject({ ok: false, error: expect.stringMatching(message) });
    }
    expect((await ok(server, 'settings:get', {})).chatModelPath).toBeNull();
    expect((await ok(server, 'settings:set', { chatModelPath: good })).chatModelPath).toBe(good);
    expect((await ok(server, 'settings:set', { chatModelPath: null })).chatModelPath).toBeNull();
  });
});

describe('sync --[no-]follow-external-links', () => {
  const tmp = tempDir('obq-links-cli-');
  afterAll(() => tmp.cleanup());

  it('saves the policy; the link out is indexed with it on and dropped with it off', async () => {
    const home = path.join(tmp.dir, 'home');
    const vault = path.join(tmp.dir, 'vault');
    const dataDir = path.join(tmp.dir, 'data');
    writeNotes(vault, { 'Note.md': '# Note\n\nA note about rowing boats on a calm lake.\n' });
    writeNotes(tmp.dir, { 'outside/Diary.md': '# Diary\n\nPrivate diary entry about the harbour festival.\n' });
    symlinkSync(path.join(tmp.dir, 'outside/Diary.md'), path.join(vault, 'Diary.md'));
    const sync = async (flag: string[]) => {
      const r = await runCli(['sync', '--vault', vault, '--data', dataDir, '--json', ...flag], { home });
      return { code: r.code, stderr: r.stderr, summary: JSON.parse(r.stdout) as SyncSummary };
    };
    const on = await sync(['--follow-external-links']);
    expect(on.code, on.stderr).toBe(0);
    expect(on.summary).toMatchObject({ added: 2, failed: 0 });
    expect(loadSettings(dataDir).followExternalLinks).toBe(true);
    const off = await sync(['--no-follow-external-links']);
    // The refused link is the policy working, not a failure: exit 0, counted apart (its log row says why).
    expect(off.code, off.stderr).toBe(0);
    expect(off.summary).toMatchObject({ failed: 0, links_refused: 1 });
    expect(off.summary.chunks_deleted).toBeGreaterThan(0);
    expect(loadSettings(dataDir).followExternalLinks).toBe(false);
  }, 240_000);
});
