import { spawn, type ChildProcess } from 'node:child_process';
import { repoRoot, type CliResult } from '../../helpers/fixtures.js';
import { cliPath } from '../../helpers/cli.js';

export interface CliRun extends CliResult {
  ms: number;
  /** Set when this helper killed the process (wall-clock kill), with the delay it used. */
  killedAfterMs: number | null;
}

export interface StartedCli {
  pid: number;
  child: ChildProcess;
  /** SIGKILLs the process unless it has already exited (never signals a pid that may have been reused). */
  kill(): boolean;
  done: Promise<CliRun>;
}

/** CLI processes this module started and that are still running. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Kills what a timed-out or failed test left running (only processes started here). */
export function killOwnChildren(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

/**
 * Starts `node bin/obsiquery.js <args>` with app data isolated under `home`. `killAfterMs` SIGKILLs it after
 * that many milliseconds if it is still running (a wall-clock fault).
 */
export function startCli(
  args: string[],
  opts: { home: string; env?: Record<string, string>; killAfterMs?: number },
): StartedCli {
  const started = performance.now();
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd: repoRoot,
    env: { ...process.env, OBSIQUERY_HOME: opts.home, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let exited = false;
  let killedAfterMs: number | null = null;
  const kill = () => {
    if (exited || child.exitCode !== null || child.signalCode !== null) return false;
    killedAfterMs = Math.round(performance.now() - started);
    return child.kill('SIGKILL');
  };
  const timer = opts.killAfterMs === undefined ? undefined : setTimeout(kill, opts.killAfterMs);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.on('exit', () => {
    exited = true;
    clearTimeout(timer);
  });
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on('error', (err) => {
      live.delete(child);
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      live.delete(child);
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Math.round(performance.now() - started), killedAfterMs });
    });
  });
  return { pid: child.pid ?? -1, child, kill, done };
}

export function runCli(
  args: string[],
  opts: { home: string; env?: Record<string, string>; killAfterMs?: number },
): Promise<CliRun> {
  return startCli(args, opts).done;
}

/** A CLI result for assertion messages (output trimmed). */
export function describeCli(r: CliResult & { ms?: number }): string {
  return `exit ${r.code}, signal ${r.signal}${r.ms !== undefined ? `, ${r.ms} ms` : ''}\n--- stdout ---\n${r.stdout.slice(0, 3000)}\n--- stderr ---\n${r.stderr.slice(0, 3000)}`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
