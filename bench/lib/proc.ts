import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchDir, '..');
export const cliPath = path.join(repoRoot, 'bin/obsiquery.js');

/** This process's peak resident set (VmHWM) in MB, from /proc; falls back to resourceUsage on other systems. */
export function peakRssMb(pid: number | 'self' = 'self'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmHWM:\s+(\d+)\s+kB/.exec(status);
    if (m) return Number(m[1]) / 1024;
  } catch {
    // not Linux, or the process is gone
  }
  return pid === 'self' ? process.resourceUsage().maxRSS / 1024 : Number.NaN;
}

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  /** Highest VmHWM seen while polling the child (MB); NaN when /proc is unavailable. */
  peakRssMb: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command, polling its /proc status for the peak RSS. stderr is echoed (workers log progress there)
 * unless `quiet`, and kept for error messages.
 */
export function runChild(
  cmd: string,
  args: string[],
  opts: { env?: Record<string, string>; quiet?: boolean; cwd?: string } = {},
): Promise<ChildRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? repoRoot,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let peak = Number.NaN;
    const poll = () => {
      if (child.pid === undefined) return;
      const v = peakRssMb(child.pid);
      if (Number.isFinite(v)) peak = Number.isFinite(peak) ? Math.max(peak, v) : v;
    };
    const timer = setInterval(poll, 200);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.length > 200_000) stderr = stderr.slice(-100_000);
      if (!opts.quiet) process.stderr.write(d);
    });
    child.on('error', (err) => {
      clearInterval(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearInterval(timer);
      resolve({ code, signal, ms: performance.now() - started, peakRssMb: peak, stdout, stderr });
    });
  });
}

/**
 * Runs bench/workers/<name>.ts in its own Node process (tsx), handing it `input` as a JSON file and reading
 * its JSON result back. Workers isolate memory (peak RSS is per process) and keep each model load separate.
 */
export async function runWorker<I, O>(
  name: string,
  input: I,
  scratch: string,
  opts: { env?: Record<string, string> } = {},
): Promise<{ output: O; run: ChildRun }> {
  const stamp = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const inFile = path.join(scratch, `${stamp}.in.json`);
  const outFile = path.join(scratch, `${stamp}.out.json`);
  writeFileSync(inFile, JSON.stringify(input));
  const run = await runChild(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, 'workers', `${name}.ts`), inFile, outFile],
    { env: opts.env },
  );
  if (run.code !== 0) {
    throw new Error(
      `bench worker ${name} failed (exit ${run.code}, signal ${run.signal}):\n${run.stderr.slice(-4000)}`,
    );
  }
  return { output: JSON.parse(readFileSync(outFile, 'utf8')) as O, run };
}

/** Worker side: reads the input file, runs main, writes the result file. */
export async function workerMain<I, O>(main: (input: I) => Promise<O>): Promise<void> {
  const [inFile, outFile] = process.argv.slice(2);
  if (!inFile || !outFile) throw new Error('usage: worker <input.json> <output.json>');
  try {
    const input = JSON.parse(readFileSync(inFile, 'utf8')) as I;
    const output = await main(input);
    writeFileSync(outFile, JSON.stringify(output));
  } catch (err) {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  }
  // LanceDB and ONNX Runtime keep native handles alive: leave explicitly once the result is written.
  process.exit(0);
}

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
