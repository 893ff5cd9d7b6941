/**
 * The Electron main process, started against a stand-in `electron` module (electronStandIn.ts): the shell's
 * real wiring, the real Backend, and the real pipeline worker in a child process indexing a real vault.
 * What needs the Electron binary itself (a real window, the real sandbox) is in e2e/electron.spec.ts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requests } from '../../src/shared/contract.js';
import { copyVault, repoRoot, sampleVault, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import {
  appEvents,
  dialogCalls,
  FakeBrowserWindow,
  FakeTray,
  ipcHandlers,
  openedExternally,
  standIn,
  workers,
} from './electronStandIn.js';

vi.mock('electron', async () => (await import('./electronStandIn.js')).electron);

const tmp = tempDir('obq-shell-');
let vault: string;
let win: FakeBrowserWindow;
let tray: FakeTray;
let startShell: typeof import('../../src/main/shell.js').startShell;

/** Calls an IPC handler as the app's own window does (or as `sender`). */
function invoke(channel: string, payload: unknown, sender: unknown = win.webContents): Promise<unknown> {
  const handler = ipcHandlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler({ sender }, payload);
}

function sent(channel: string): unknown[] {
  return win.webContents.sent.filter(([c]) => c === channel).map(([, p]) => p);
}

async function waitFor<T>(what: string, fn: () => T | undefined | false, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until no sync runs (a resume or a watcher event may have started one). */
async function idle(): Promise<void> {
  for (let i = 0; i < 1800; i++) {
    if (!((await invoke('status:get', {})) as { syncing: boolean }).syncing) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out waiting for the sync to finish');
}

/** Resolves with the next sync:done sent to the window after this call. */
function nextSyncDone(): Promise<{ summary: { added: number; modified: number } | null; error: string | null }> {
  const before = sent('sync:done').length;
  return waitFor('sync:done', () => sent('sync:done')[before] as never);
}

beforeAll(async () => {
  useFastEmbedder();
  process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
  standIn.userData = path.join(tmp.dir, 'userData');
  mkdirSync(standIn.userData, { recursive: true });
  vault = copyVault(sampleVault, tmp.dir);
  ({ startShell } = await import('../../src/main/shell.js'));
  await startShell({ mainDir: path.join(repoRoot, 'out/main'), resources: path.join(repoRoot, 'resources') });
  win = FakeBrowserWindow.created[0]!;
  tray = FakeTray.created[0]!;
});

afterAll(async () => {
  appEvents.emit('before-quit');
  await new Promise((r) => setTimeout(r, 300));
  for (const w of workers) w.child.kill('SIGKILL');
  tmp.cleanup();
});

describe('the main process (stand-in electron, real backend and worker)', () => {
  it('opens one locked-down window on the app page with the built preload', () => {
    expect(FakeBrowserWindow.created).toHaveLength(1);
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(prefs.preload).toBe(path.join(repoRoot, 'out/preload/index.cjs'));
    expect(win.loaded).toBe(path.join(repoRoot, 'out/renderer/index.html'));
  });

  it('handles every request channel of the contract, and only for its own window', async () => {
    expect([...ipcHandlers.keys()].sort()).toEqual(Object.keys(requests).sort());
    await expect(invoke('vault:list', {})).resolves.toEqual([]);
    const foreign = new FakeBrowserWindow({}).webContents;
    for (const channel of ipcHandlers.keys()) await expect(invoke(channel, {}, foreign)).rejects.toThrow('Refused.');
    FakeBrowserWindow.created.pop();
  });

  it('blocks every way of navigating away, including a dropped file', () => {
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect']) {
      expect(win.webContents.tryNavigate(event, 'https://example.com/'), event).toBe(true);
      expect(win.webContents.tryNavigate(event, `file://${vault}/Home.md`), event).toBe(true);
    }
  });

  it('hands only https: and obsidian: URLs to the OS, and never opens a window', () => {
    const urls = [
      'https://obsidian.md/help',
      'obsidian://open?vault=v&file=Home',
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'file:///etc/passwd',
      'http://example.com/',
      'data:text/html,<script>1</script>',
      'not a url',
      'https//missing-colon',
    ];
    openedExternally.length = 0;
    for (const url of urls) expect(win.webContents.openHandler!({ url })).toEqual({ action: 'deny' });
    expect(openedExternally).toEqual(['https://obsidian.md/help', 'obsidian://open?vault=v&file=Home']);
  });

  it('the folder dialog answers vault:pickFolder', async () => {
    standIn.dialogAnswer = { canceled: false, filePaths: [vault] };
    await expect(invoke('vault:pickFolder', {})).resolves.toEqual({ path: vault });
    expect(dialogCalls.at(-1)).toMatchObject({ properties: ['openDirectory'] });
  });

  it('a dropped folder added as a vault is indexed by the worker, with progress sent to the window', async () => {
    const done = nextSyncDone();
    // What onboarding sends with the path the preload's pathForFile gave it.
    await expect(invoke('vault:add', { path: vault })).resolves.toMatchObject({ vault, current: true });
    const result = await done;
    expect(result.error).toBeNull();
    expect(result.summary!.added).toBeGreaterThan(5);
    // Several write batches (the stand-in's worker writes 16 chunks per batch), so a pause can land between two.
    expect((result.summary as unknown as { chunks_added: number }).chunks_added).toBeGreaterThan(48);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.options).toMatchObject({ serviceName: 'ObsiQuery indexer' });
    expect(sent('vault:changed')).toContainEqual({ vault });
    expect(sent('sync:progress').some((p) => (p as { phase: string }).phase === 'indexing')).toBe(true);
    const status = (await invoke('status:get', {})) as { counts: { completed: number; total: number } };
    expect(status.counts.completed).toBe(status.counts.total);
    expect(tray.tooltip).toBe('ObsiQuery: up to date');
  });

  it('"Open in Obsidian" hands the obsidian: URI to the OS', async () => {
    openedExternally.length = 0;
    const { uri } = (await invoke('note:open', { source: 'Home.md' })) as { uri: string };
    expect(uri).toMatch(/^obsidian:\/\/open\?/);
    expect(openedExternally).toEqual([uri]);
  });

  it('tray "Sync now" runs a sync in the worker and its progress reaches the window', async () => {
    const progressBefore = sent('sync:progress').length;
    const done = nextSyncDone();
    tray.item('Sync now')!.click!({});
    const result = await done;
    expect(result.error).toBeNull();
    expect(sent('sync:progress').length).toBeGreaterThan(progressBefore);
    expect(workers).toHaveLength(1); // the same worker, not a new one per sync
  });

  it('tray pause and the UI pause (sync:pause) are one state, and the tray menu follows it', async () => {
    await idle();
    const doneBefore = sent('sync:done').length;
    tray.item('Pause syncing')!.click!({});
    await waitFor('paused', () => sent('sync:paused').length > 0);
    expect(sent('sync:paused').at(-1)).toEqual({ paused: true });
    expect(tray.item('Resume syncing')).toBeDefined();
    expect(tray.item('Sync now')!.enabled).toBe(false);
    await expect(invoke('status:get', {})).resolves.toMatchObject({ paused: true });
    await expect(invoke('sync:start', {})).resolves.toEqual({ started: false });

    // The UI resumes: the tray shows it.
    await expect(invoke('sync:pause', { paused: false })).resolves.toEqual({ paused: false });
    expect(sent('sync:paused').at(-1)).toEqual({ paused: false });
    expect(tray.item('Pause syncing')).toBeDefined();
    expect(tray.item('Sync now')!.enabled).toBe(true);
    // The UI pauses: the tray shows that too, and resuming from the tray clears it for the UI.
    await invoke('sync:pause', { paused: true });
    expect(tray.item('Resume syncing')).toBeDefined();
    tray.item('Resume syncing')!.click!({});
    await waitFor('resumed', () => (sent('sync:paused').at(-1) as { paused: boolean }).paused === false);
    await expect(invoke('status:get', {})).resolves.toMatchObject({ paused: false });
    // The sync asked for while paused runs on resume.
    await waitFor('the missed sync', () => sent('sync:done').length > doneBefore);
  });

  it('pausing stops a running sync; resuming finishes it', async () => {
    await idle();
    const total = ((await invoke('status:get', {})) as { counts: { total: number } }).counts.total;
    const changedBefore = sent('log:changed').length;
    const done = nextSyncDone();
    await expect(invoke('sync:start', { reindex: true })).resolves.toEqual({ started: true });
    // Pause once the first batch is committed: the worker stops after the batch it is embedding then.
    await waitFor('a committed batch', () => sent('log:changed').length > changedBefore);
    await invoke('sync:pause', { paused: true });
    const stopped = await done;
    expect(stopped.error).toBeNull();
    expect(stopped.summary!.modified).toBeGreaterThan(0);
    expect(stopped.summary!.modified).toBeLessThan(total);
    const status = (await invoke('status:get', {})) as { counts: { completed: number; pending: number } };
    expect(status.counts.pending).toBe(total - stopped.summary!.modified);
    const finished = nextSyncDone();
    await invoke('sync:pause', { paused: false });
    await finished;
    await expect(invoke('status:get', {})).resolves.toMatchObject({ counts: { pending: 0 } });
  });

  it('re-index through the app re-embeds every note: new chunk ids, same search results', async () => {
    await idle();
    const chunkIds = async () =>
      ((await invoke('log:chunks', { source: 'Home.md' })) as { chunk_id: string }[]).map((c) => c.chunk_id);
    const search = async () =>
      (
        (await invoke('search:query', { query: 'weekly review', k: 5 })) as {
          hits: { source: string; start_line: number }[];
        }
      ).hits.map((h) => `${h.source}:${h.start_line}`);
    const idsBefore = await chunkIds();
    const hitsBefore = await search();
    const total = ((await invoke('status:get', {})) as { counts: { total: number } }).counts.total;
    expect(idsBefore.length).toBeGreaterThan(0);
    expect(hitsBefore.length).toBeGreaterThan(0);

    const done = nextSyncDone();
    await expect(invoke('sync:start', { reindex: true })).resolves.toEqual({ started: true });
    const result = await done;
    expect(result.error).toBeNull();
    expect(result.summary!.modified).toBe(total);
    const idsAfter = await chunkIds();
    expect(idsAfter).toHaveLength(idsBefore.length);
    expect(idsAfter.filter((id) => idsBefore.includes(id))).toEqual([]);
    expect(await search()).toEqual(hitsBefore);
  });

  it('a worker that crashes is restarted, the window is told, and the interrupted sync completes', async () => {
    await idle();
    const crashesBefore = sent('worker:crashed').length;
    const progressBefore = sent('sync:progress').length;
    await expect(invoke('sync:start', { reindex: true })).resolves.toEqual({ started: true });
    // Kill it mid-index, as the OS would.
    await waitFor('indexing', () =>
      sent('sync:progress')
        .slice(progressBefore)
        .some((p) => (p as { phase: string }).phase === 'indexing'),
    );
    workers[0]!.child.kill('SIGKILL');
    await waitFor('worker:crashed', () => sent('worker:crashed').length > crashesBefore);
    expect(sent('worker:crashed').at(-1)).toMatchObject({ message: expect.stringMatching(/exited unexpectedly/) });
    const done = nextSyncDone();
    await waitFor('a new worker', () => workers.length === 2);
    const result = await done;
    expect(result.error).toBeNull();
    const status = (await invoke('status:get', {})) as { counts: { completed: number; total: number } };
    expect(status.counts.completed).toBe(status.counts.total);
  });
});
