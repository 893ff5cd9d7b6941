/**
 * The desktop shell: the same renderer in an Electron window, talking to the backend over the preload's IPC
 * bridge, with the indexer in a utility process that is restarted when it dies. Needs the Electron binary; the
 * npm package alone (installed with ELECTRON_SKIP_BINARY_DOWNLOAD) is not enough, and then these tests skip.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { artifact, countNotes, delay, HOSTILE_CONTENT, HOSTILE_NOTE, repoRoot, sampleVault } from './support/server.js';

/** `require('electron')` in Node is the binary's path; it throws when the binary was never downloaded. */
function electronBinary(): string | null {
  try {
    const p: unknown = createRequire(import.meta.url)('electron');
    return typeof p === 'string' && existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
test.skip(
  !binary,
  'Electron binary not installed (ELECTRON_SKIP_BINARY_DOWNLOAD). What can be proven without it runs in test/shell; ' +
    'to run these specs, see README "Desktop shell: what is tested where"',
);
test.describe.configure({ mode: 'serial' });

/** What the preload exposes, as seen from page scripts (which run without DOM typings here). */
interface Bridge {
  invoke(channel: string, request: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}
type Win = { obsiquery?: Bridge; require?: unknown; process?: unknown; __events?: [string, unknown][] };

let electronApp: ElectronApplication;
let win: Page;
let tmp: string;
let vault: string;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // The main, preload and renderer bundles the app really ships.
  execFileSync('npx', ['electron-vite', 'build'], { cwd: repoRoot, stdio: 'inherit', timeout: 240_000 });
  tmp = mkdtempSync(path.join(os.tmpdir(), 'obq-e2e-electron-'));
  vault = path.join(tmp, 'vault');
  cpSync(sampleVault, vault, { recursive: true });
  writeFileSync(path.join(vault, HOSTILE_NOTE), HOSTILE_CONTENT);
  mkdirSync(path.join(tmp, 'home'));

  const args = [path.join(repoRoot, 'out/main/index.js'), `--user-data-dir=${path.join(tmp, 'electron')}`];
  if (process.platform === 'linux') {
    args.push('--no-sandbox');
    if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) args.push('--ozone-platform=headless');
  }
  electronApp = await _electron.launch({
    executablePath: binary!,
    args,
    cwd: repoRoot,
    env: { ...process.env, OBSIQUERY_HOME: path.join(tmp, 'home'), ELECTRON_ENABLE_LOGGING: '1' },
    timeout: 90_000,
  });
  win = await electronApp.firstWindow();
  await win.waitForLoadState('domcontentloaded');
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  if (electronApp) {
    const proc = electronApp.process();
    await Promise.race([electronApp.close().catch(() => undefined), delay(15_000)]);
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

test('window: context isolation, no Node in the page, and only the typed bridge exposed', async () => {
  const seen = await win.evaluate(() => {
    const w = globalThis as unknown as Win;
    return {
      require: typeof w.require,
      process: typeof w.process,
      obsiquery: typeof w.obsiquery,
      keys: w.obsiquery ? Object.keys(w.obsiquery).sort() : [],
    };
  });
  expect(seen.require).toBe('undefined');
  expect(seen.process).toBe('undefined');
  expect(seen.obsiquery).toBe('object');
  expect(seen.keys).toEqual(['invoke', 'on', 'pathForFile']);

  // With context isolation the page cannot reach the preload's world: patching a built-in here does not leak into
  // the bridge, and the bridge's functions are not the preload's originals (no ipcRenderer reachable).
  const isolated = await win.evaluate(() => {
    const w = globalThis as unknown as Win;
    const src = Function.prototype.toString.call(w.obsiquery!.invoke);
    return { mentionsIpc: /ipcRenderer/.test(src) };
  });
  expect(isolated.mentionsIpc).toBe(false);

  // No vault yet: the window shows onboarding.
  await expect(win.getByRole('region', { name: 'Drop your vault folder here' })).toBeVisible();
  await win.screenshot({ path: artifact('electron-onboarding.png') });
});

test('IPC: status:get round trip; invalid payloads and unknown channels are rejected', async () => {
  const status = (await win.evaluate(() => (globalThis as unknown as Win).obsiquery!.invoke('status:get', {}))) as {
    vault: string | null;
    embeddingModel: string;
    counts: { total: number };
  };
  expect(status.vault).toBeNull();
  expect(status.embeddingModel).toBeTruthy();
  expect(status.counts.total).toBe(0);

  const outcome = (request: unknown, channel = 'log:setEnabled') =>
    win.evaluate(
      async ([c, r]) => {
        try {
          await (globalThis as unknown as Win).obsiquery!.invoke(c as string, r);
          return 'resolved';
        } catch (err) {
          return `rejected: ${(err as Error).message}`;
        }
      },
      [channel, request] as const,
    );
  expect(await outcome({ source: 42, enabled: 'yes' })).toMatch(/^rejected: .*(source|enabled|expected|invalid)/i);
  expect(await outcome({ source: '../../etc/passwd.md' }, 'note:read')).toMatch(/^rejected:/);
  expect(await outcome({}, 'fs:readFile')).toMatch(/^rejected: .*unknown channel/i);
});

test('worker: killed mid-life, the crash is reported and the next sync restarts it', async () => {
  test.setTimeout(240_000);
  const noteCount = countNotes(vault);
  await win.evaluate(() => {
    const w = globalThis as unknown as Win;
    w.__events = [];
    for (const e of ['worker:crashed', 'sync:done']) w.obsiquery!.on(e, (p) => w.__events!.push([e, p]));
  });
  const events = () => win.evaluate(() => (globalThis as unknown as Win).__events ?? []);
  const syncDone = async () =>
    (await events()).filter(([e, p]) => e === 'sync:done' && (p as { summary: unknown }).summary);

  await win.evaluate((p) => (globalThis as unknown as Win).obsiquery!.invoke('vault:add', { path: p }), vault);
  await expect.poll(async () => (await syncDone()).length, { timeout: 180_000 }).toBeGreaterThan(0);

  const indexerPids = () =>
    electronApp.evaluate(({ app }) =>
      app
        .getAppMetrics()
        .filter(
          (m) => m.type === 'Utility' && (m.serviceName === 'ObsiQuery indexer' || m.name === 'ObsiQuery indexer'),
        )
        .map((m) => m.pid),
    );
  const before = await indexerPids();
  expect(before, 'the indexer utility process').toHaveLength(1);
  process.kill(before[0]!, 'SIGKILL');

  await expect
    .poll(async () => (await events()).filter(([e]) => e === 'worker:crashed').length, { timeout: 30_000 })
    .toBe(1);
  // The UI tells the user.
  await expect(
    win
      .getByRole('alert')
      .filter({ hasText: /worker|indexer/i })
      .first(),
  ).toBeVisible();

  const started = (await win.evaluate(() => (globalThis as unknown as Win).obsiquery!.invoke('sync:start', {}))) as {
    started: boolean;
  };
  expect(started.started).toBe(true);
  await expect.poll(async () => (await syncDone()).length, { timeout: 120_000 }).toBeGreaterThan(1);
  const after = await indexerPids();
  expect(after).toHaveLength(1);
  expect(after[0]).not.toBe(before[0]);

  const status = (await win.evaluate(() => (globalThis as unknown as Win).obsiquery!.invoke('status:get', {}))) as {
    counts: { completed: number; failed: number };
  };
  expect(status.counts.completed).toBe(noteCount);
  expect(status.counts.failed).toBe(0);
  await win.screenshot({ path: artifact('electron-after-crash.png') });
});

test('pause from the UI is the one pause state; re-index re-embeds every note', async () => {
  const invoke = (channel: string, request: unknown) =>
    win.evaluate(([c, r]) => (globalThis as unknown as Win).obsiquery!.invoke(c as string, r), [channel, request]);
  expect(await invoke('sync:pause', { paused: true })).toEqual({ paused: true });
  expect(await invoke('status:get', {})).toMatchObject({ paused: true });
  expect(await invoke('sync:start', {})).toEqual({ started: false });
  expect(await invoke('sync:pause', { paused: false })).toEqual({ paused: false });
  await expect.poll(async () => ((await invoke('status:get', {})) as { syncing: boolean }).syncing).toBe(false);

  const doneBefore = await win.evaluate(
    () => ((globalThis as unknown as Win).__events ?? []).filter(([e]) => e === 'sync:done').length,
  );
  expect(await invoke('sync:start', { reindex: true })).toEqual({ started: true });
  await expect
    .poll(
      () =>
        win.evaluate(
          (n) => ((globalThis as unknown as Win).__events ?? []).filter(([e]) => e === 'sync:done')[n]?.[1] ?? null,
          doneBefore,
        ),
      { timeout: 180_000 },
    )
    .not.toBeNull();
  const status = (await invoke('status:get', {})) as { counts: { completed: number; total: number } };
  expect(status.counts.completed).toBe(status.counts.total);
  const last = (await win.evaluate(
    (n) => ((globalThis as unknown as Win).__events ?? []).filter(([e]) => e === 'sync:done')[n]![1],
    doneBefore,
  )) as { summary: { modified: number } | null };
  expect(last.summary?.modified).toBe(status.counts.total);
});

test('tray app: closing the window hides it instead of quitting', async () => {
  await electronApp.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close());
  await expect
    .poll(() => electronApp.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.isVisible())))
    .toEqual([false]);
  expect(electronApp.process().exitCode).toBeNull();
});
