/**
 * The e2e harness: a throw-away copy of the sample vault (plus a hostile note), isolated app data, and the real
 * `obsiquery serve` CLI in a child process. Nothing here talks to the backend in-process: the browser and these
 * helpers see exactly what a user's browser would.
 */
import type { Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestChannel, Req, Res, StatusT } from '../../src/shared/contract.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');
export const sampleVault = path.join(repoRoot, 'resources/sample-vault');
const cli = path.join(repoRoot, 'bin/obsiquery.js');

/** The note the XSS spec opens; every payload in it must stay inert. */
export const HOSTILE_NOTE = 'Hostile.md';
export const HOSTILE_CONTENT = `# Hostile note

This hostile note was clipped from a suspicious web page. It is kept in the vault so the end-to-end tests can
check that previewing notes never runs anything they contain.

An inline script: <script>window.__xss=1</script> and the sentence carries on as normal text.

A broken image with a handler: <img src=x onerror="window.__xss=1"> in the middle of a paragraph.

A link that must do nothing: [click](javascript:window.__xss=1)

Normal text still renders: a **bold** word, an *italic* word and a list:

- first hostile item
- second hostile item
`;

/** Screenshots of each main screen, light and dark: a test artifact for looking at the UI, never committed. */
export const screenshotsDir = path.join(repoRoot, 'e2e/screenshots');

/** Saves `<name>-light.png` and `<name>-dark.png` of the page as it is now (the theme is switched in place). */
export async function themedScreenshots(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  // Runs in the page: typed through globalThis, since this file is compiled without the DOM library.
  type PageGlobals = {
    document: { documentElement: { dataset: Record<string, string | undefined> } };
    localStorage: { getItem(key: string): string | null };
  };
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      (globalThis as unknown as PageGlobals).document.documentElement.dataset.theme = t;
    }, theme);
    // Buttons fade their background over 0.12 s; without finishing transitions a screenshot taken right after
    // the switch shows them half in the other theme (a light source card on a dark page).
    await page.screenshot({ path: path.join(screenshotsDir, `${name}-${theme}.png`), animations: 'disabled' });
  }
  // Back to whatever the app had (the system theme unless the user chose one).
  await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    const saved = g.localStorage.getItem('obsiquery.theme');
    if (saved === 'light' || saved === 'dark') g.document.documentElement.dataset.theme = saved;
    else delete g.document.documentElement.dataset.theme;
  });
}

export function artifact(name: string): string {
  mkdirSync(artifactsDir, { recursive: true });
  return path.join(artifactsDir, name);
}

/** Counts markdown notes the way a user would (every `.md` file outside dot-folders). */
export function countNotes(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) n += countNotes(full);
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) n++;
  }
  return n;
}

export interface AppServer {
  /** The exact URL `serve --json` printed, token included. */
  url: string;
  origin: string;
  port: number;
  token: string;
  tmp: string;
  vault: string;
  home: string;
  dataDir: string;
  noteCount: number;
  /** Calls the contract over HTTP with the token, as the web bridge does; throws on `{ ok: false }`. */
  invoke<C extends RequestChannel>(channel: C, request: Req<C>): Promise<Res<C>>;
  /** Adds the vault through the API (what onboarding does) and waits until every note is indexed. */
  addVaultAndSync(timeoutMs?: number): Promise<StatusT>;
  /** Waits until no sync is running and nothing is pending. */
  waitForIdle(timeoutMs?: number): Promise<StatusT>;
  stop(): Promise<void>;
}

function waitForJsonLine(child: ChildProcess, stderrTail: () => string, timeoutMs: number) {
  return new Promise<{ url: string; port: number; token: string }>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`obsiquery serve printed no JSON line within ${timeoutMs} ms.\nstderr:\n${stderrTail()}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      buffer += d.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (!line.startsWith('{')) continue;
        try {
          const parsed = JSON.parse(line) as { url?: unknown; port?: unknown; token?: unknown };
          if (typeof parsed.url === 'string' && typeof parsed.port === 'number' && typeof parsed.token === 'string') {
            cleanup();
            resolve({ url: parsed.url, port: parsed.port, token: parsed.token });
            return;
          }
        } catch {
          // not our line
        }
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      cleanup();
      reject(new Error(`obsiquery serve exited early (code ${code}, signal ${signal}).\nstderr:\n${stderrTail()}`));
    };
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    }
    child.stdout?.on('data', onData);
    child.on('exit', onExit);
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return killGroup(child);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), delay(8000).then(() => true)]);
  if (timedOut) {
    child.kill('SIGKILL');
    await Promise.race([exited, delay(3000)]);
  }
  killGroup(child);
}

/** The server was started as its own process group; make sure its pipeline worker did not outlive it. */
function killGroup(child: ChildProcess): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // group already gone
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/**
 * Starts `obsiquery serve --port 0 --json --no-watch` on a fresh temp dir. No `--vault`: the UI starts in
 * onboarding, and specs that need an index call `addVaultAndSync()`.
 */
export async function startAppServer(
  name: string,
  /** Runs before the server starts: a spec's own state of the home and data folders (a vault used before…). */
  prepare?: (dirs: { home: string; dataDir: string; vault: string }) => void,
): Promise<AppServer> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), `obq-e2e-${name}-`));
  const home = path.join(tmp, 'home');
  const dataDir = path.join(tmp, 'data');
  const vault = path.join(tmp, 'vault');
  mkdirSync(home, { recursive: true });
  cpSync(sampleVault, vault, { recursive: true });
  writeFileSync(path.join(vault, HOSTILE_NOTE), HOSTILE_CONTENT);
  const noteCount = countNotes(vault);
  prepare?.({ home, dataDir, vault });

  const log = createWriteStream(artifact(`server-${name}.log`));
  const child = spawn(process.execPath, [cli, 'serve', '--data', dataDir, '--port', '0', '--json', '--no-watch'], {
    cwd: repoRoot,
    env: { ...process.env, OBSIQUERY_HOME: home, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-8000);
    log.write(d);
  });
  child.stdout?.on('data', (d: Buffer) => log.write(d));

  let info: { url: string; port: number; token: string };
  try {
    info = await waitForJsonLine(child, () => stderr, 90_000);
  } catch (err) {
    await stopProcess(child);
    log.end();
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  const origin = new URL(info.url).origin;

  async function invoke<C extends RequestChannel>(channel: C, request: Req<C>): Promise<Res<C>> {
    const res = await fetch(`${origin}/api/invoke/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${info.token}` },
      body: JSON.stringify(request ?? {}),
    });
    const body = (await res.json()) as { ok: boolean; result?: unknown; error?: string };
    if (!body.ok) throw new Error(`${channel} failed (HTTP ${res.status}): ${body.error}`);
    return body.result as Res<C>;
  }

  async function waitForIdle(timeoutMs = 180_000): Promise<StatusT> {
    const deadline = Date.now() + timeoutMs;
    let last: StatusT | null = null;
    let waiting: string[] = [];
    while (Date.now() < deadline) {
      last = await invoke('status:get', {});
      if (!last.syncing && last.counts.processing === 0 && last.lastSync?.finished_at) {
        // A disabled note is never indexed, whatever its status says; only enabled ones can be waiting.
        const rows = await invoke('log:list', {});
        waiting = rows
          .filter((r) => r.is_enabled && (r.status === 'pending' || r.status === 'processing'))
          .map((r) => r.source);
        if (waiting.length === 0) return last;
      }
      await delay(300);
    }
    throw new Error(
      `The index did not become idle within ${timeoutMs} ms; still waiting: ${waiting.join(', ') || '-'}; last status: ${JSON.stringify(last)}`,
    );
  }

  return {
    ...info,
    origin,
    tmp,
    vault,
    home,
    dataDir,
    noteCount,
    invoke,
    waitForIdle,
    async addVaultAndSync(timeoutMs = 180_000) {
      await invoke('vault:add', { path: vault });
      const deadline = Date.now() + timeoutMs;
      let status = await waitForIdle(timeoutMs);
      // vault:add starts the sync asynchronously; make sure we did not catch the moment before it began.
      while (status.counts.completed < noteCount && Date.now() < deadline) {
        await delay(300);
        status = await waitForIdle(Math.max(1000, deadline - Date.now()));
      }
      if (status.counts.completed !== noteCount || status.counts.failed !== 0) {
        throw new Error(
          `Expected ${noteCount} completed notes after the first sync, got ${JSON.stringify(status.counts)}`,
        );
      }
      return status;
    },
    async stop() {
      await stopProcess(child);
      log.end();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
