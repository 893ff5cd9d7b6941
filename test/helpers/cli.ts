import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { repoRoot, type CliResult } from './fixtures.js';
import type { SyncSummary } from '../../src/pipeline/sync.js';
import type { DoctorReport } from '../../src/pipeline/doctor.js';
import type { FileStatus, LogRow } from '../../src/store/indexDb.js';

export const cliPath = path.join(repoRoot, 'bin/obsiquery.js');

export interface RunOptions {
  /** OBSIQUERY_HOME for the child (never the real user data folder). */
  home: string;
  env?: Record<string, string>;
  /** Command prefix, e.g. setpriv to run as another user. */
  prefix?: string[];
  /** Called with the child's pid as soon as it is spawned. */
  onSpawn?: (pid: number) => void;
}

/** CLI processes still running: killed when the test process exits, so a timed-out test leaves no stray sync. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Kills CLI processes a timed-out test left running (call from afterAll). */
export function killStrayChildren(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

/** Like fixtures.runCli, but can run the CLI through a prefix command (setpriv) and reports its wall time. */
export function runCliWith(args: string[], opts: RunOptions): Promise<CliResult & { ms: number }> {
  const prefix = opts.prefix ?? [];
  const [cmd, ...cmdArgs] = prefix.length
    ? [...prefix, process.execPath, cliPath, ...args]
    : [process.execPath, cliPath, ...args];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd!, cmdArgs, {
      cwd: repoRoot,
      env: { ...process.env, OBSIQUERY_HOME: opts.home, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    live.add(child);
    if (child.pid !== undefined) opts.onSpawn?.(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) => {
      live.delete(child);
      reject(err);
    });
    child.on('close', (code, signal) => {
      live.delete(child);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** Parses a --json answer, failing with everything the process printed when it is not JSON. */
export function parseJson<T>(r: CliResult, what: string): T {
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(
      `${what}: stdout is not JSON (exit ${r.code}, signal ${r.signal})\n--- stdout ---\n${r.stdout}\n--- stderr ---\n${r.stderr}`,
    );
  }
}

/** Describes a CLI result for assertion messages. */
export function describeRun(r: CliResult): string {
  return `exit ${r.code}, signal ${r.signal}\n--- stdout ---\n${r.stdout.slice(0, 4000)}\n--- stderr ---\n${r.stderr.slice(0, 4000)}`;
}

export interface StatusJson {
  vault: string;
  dataDir: string;
  embeddingModel: string;
  counts: Record<FileStatus, number> & { disabled: number; total: number; chunks: number };
  failed: { file_path: string; error_message: string | null }[];
  lastSync: { started_at: number; finished_at: number | null; summary: SyncSummary | null } | null;
  repairs: string[];
}

export interface SearchHitJson {
  source: string;
  section_title: string;
  header_path: string;
  start_line: number;
  score: number;
  page_content: string;
}

/** The CLI commands for one index (data folder), parsed. */
export class IndexCli {
  constructor(
    readonly opts: { home: string; dataDir: string; vault?: string; prefix?: string[]; env?: Record<string, string> },
  ) {}

  run(args: string[], env?: Record<string, string>): Promise<CliResult & { ms: number }> {
    return runCliWith(args, { home: this.opts.home, prefix: this.opts.prefix, env: { ...this.opts.env, ...env } });
  }

  /** `sync --json`; summary is parsed when the process printed one (exit 0 or 1). */
  async sync(
    env?: Record<string, string>,
  ): Promise<{ result: CliResult & { ms: number }; summary: SyncSummary | null }> {
    const vault = this.opts.vault ? ['--vault', this.opts.vault] : [];
    const result = await this.run(['sync', ...vault, '--data', this.opts.dataDir, '--json'], env);
    let summary: SyncSummary | null = null;
    if (result.stdout.trim().startsWith('{')) summary = parseJson<SyncSummary>(result, 'sync');
    return { result, summary };
  }

  async status(): Promise<StatusJson> {
    const r = await this.run(['status', '--data', this.opts.dataDir, '--json']);
    if (r.code !== 0) throw new Error(`status failed: ${describeRun(r)}`);
    return parseJson<StatusJson>(r, 'status');
  }

  async files(status?: FileStatus): Promise<LogRow[]> {
    const r = await this.run(['files', '--data', this.opts.dataDir, '--json', ...(status ? ['--status', status] : [])]);
    if (r.code !== 0) throw new Error(`files failed: ${describeRun(r)}`);
    return parseJson<LogRow[]>(r, 'files');
  }

  async doctor(repair: boolean): Promise<DoctorReport> {
    const r = await this.run(['doctor', '--data', this.opts.dataDir, '--json', ...(repair ? [] : ['--no-repair'])]);
    if (r.code !== 0) throw new Error(`doctor failed: ${describeRun(r)}`);
    return parseJson<DoctorReport>(r, 'doctor');
  }

  async search(query: string, k = 5): Promise<SearchHitJson[]> {
    const r = await this.run(['search', query, '--data', this.opts.dataDir, '--json', '--k', String(k)]);
    if (r.code !== 0) throw new Error(`search failed: ${describeRun(r)}`);
    return parseJson<SearchHitJson[]>(r, 'search');
  }
}

/** A scratch folder every user can write (for runs as an unprivileged user), removed by cleanup. */
export function openTempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o777);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const NOBODY = 65534;

export type Unprivileged = { ok: true; prefix: string[]; how: string } | { ok: false; reason: string };

/**
 * How to run the CLI so that file permissions apply. Root ignores them, so as root the CLI runs as
 * nobody through setpriv, after checking that user can run node and read the repo.
 */
export function unprivilegedRunner(): Unprivileged {
  const uid = process.getuid?.();
  if (uid === undefined) return { ok: false, reason: 'no POSIX user ids on this platform' };
  if (uid !== 0) return { ok: true, prefix: [], how: `running as uid ${uid}: permissions already apply` };
  const prefix = ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups'];
  const probe = spawnSync(
    prefix[0]!,
    [
      ...prefix.slice(1),
      process.execPath,
      '-e',
      `require('fs').accessSync(${JSON.stringify(cliPath)}, require('fs').constants.R_OK);` +
        `require('fs').accessSync(${JSON.stringify(path.join(repoRoot, 'node_modules/tsx/package.json'))}, require('fs').constants.R_OK);` +
        `process.stdout.write(String(process.getuid()))`,
    ],
    { encoding: 'utf8', timeout: 20_000 },
  );
  if (probe.error) return { ok: false, reason: `setpriv is not usable: ${probe.error.message}` };
  if (probe.status !== 0 || probe.stdout.trim() !== String(NOBODY)) {
    return { ok: false, reason: `running node as uid ${NOBODY} failed: ${probe.stderr || probe.stdout}` };
  }
  return { ok: true, prefix, how: `running as root: CLI runs as uid ${NOBODY} via setpriv` };
}

/** Per-file chunk texts straight from the index database, keyed by file path, in chunk order. */
export function chunkTextsByFile(dataDir: string): Map<string, string[]> {
  const db = new Database(path.join(dataDir, 'obq.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        'select l.file_path as file_path, c.page_content as page_content from obq_chunks c join obq_log l on l.id = c.file_id order by l.file_path, c.chunk_index',
      )
      .all() as { file_path: string; page_content: string }[];
    const out = new Map<string, string[]>();
    for (const r of rows) {
      const list = out.get(r.file_path) ?? [];
      list.push(r.page_content);
      out.set(r.file_path, list);
    }
    return out;
  } finally {
    db.close();
  }
}

/** The pid of a process that has exited (checked: signalling it fails with ESRCH). */
export async function deadPid(): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    const pid = child.pid!;
    await new Promise((resolve) => child.on('close', resolve));
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return pid;
    }
  }
  throw new Error('could not find the pid of a dead process');
}
