import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const sharedDir = path.resolve(repoRoot, '../shared');
export const corpusOhelp = path.join(sharedDir, 'corpora/obsidian-help-en');
export const corpusTldr = path.join(sharedDir, 'corpora/tldr-pages-en');
export const devEval = path.join(sharedDir, 'eval/dev-ohelp-en.jsonl');
export const corpusOhelpJa = path.join(sharedDir, 'corpora/obsidian-help-ja');
export const devEvalJa = path.join(sharedDir, 'eval/dev-ohelp-ja.jsonl');
export const sampleVault = path.join(repoRoot, 'resources/sample-vault');
/** A small personal vault written in `lang` (eval/vaults/personal-XX: a colleague, a neighbour, health, a trip). */
export const personalVault = (
  lang: 'ja' | 'de' | 'es' | 'fr' | 'zh' | 'pl' | 'tr' | 'it' | 'pt' | 'ru' | 'nl' | 'uk' | 'vi' | 'hi' | 'ar' | 'th',
) => path.join(repoRoot, `eval/vaults/personal-${lang}`);
const cli = path.join(repoRoot, 'bin/obsiquery.js');

/** The small bundled embedder (manifest `embeddingAlternatives`), ~4x faster to index with than the default. */
export const FAST_EMBEDDING_MODEL = 'all-MiniLM-L6-v2-int8';

/**
 * For suites that index whole corpora, many times over, to test the pipeline (crashes, faults, triggers,
 * the agent's control flow) rather than ranking: they run on the small bundled model, through the same
 * OBSIQUERY_EMBEDDING_MODEL switch a user has, so CLI children inherit it. Ranking, the CLI, the web UI
 * and the models themselves are tested on the default model.
 */
export function useFastEmbedder(): void {
  process.env.OBSIQUERY_EMBEDDING_MODEL = FAST_EMBEDDING_MODEL;
}

/** A scratch folder removed by the returned cleanup. */
export function tempDir(prefix = 'obq-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * An mtime far from every "today" a test asks on (they are in 2025–2026), so that only a note's own date matches a
 * date filter: a note with no date is dated by its mtime, and a copy made on the day a question names ("next Monday"
 * asked on a fixed Wednesday, run for real on that Monday) would otherwise be that day's note.
 */
export const FAR_PAST_MTIME = new Date(2020, 0, 1, 12, 0, 0);

/**
 * A writable copy of a vault (the shared corpora are read-only, and tests edit notes), every file dated
 * FAR_PAST_MTIME so that no answer depends on the day the suite runs.
 */
export function copyVault(source: string, into: string): string {
  const dest = path.join(into, 'vault');
  cpSync(source, dest, { recursive: true });
  for (const rel of readdirSync(dest, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dest, rel);
    if (statSync(file).isFile()) utimesSync(file, FAR_PAST_MTIME, FAR_PAST_MTIME);
  }
  return dest;
}

/** Writes `notes` (vault-relative path → text) under `vault`, with `mtime` on each when given. */
export function writeNotes(vault: string, notes: Record<string, string>, mtime?: Date): void {
  for (const [rel, text] of Object.entries(notes)) {
    const file = path.join(vault, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (mtime) utimesSync(file, mtime, mtime);
  }
}

/** Every entry under dir, files with their size and mtime, sorted: equal snapshots mean nothing wrote there. */
export function snapshotTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((rel) => {
      const st = statSync(path.join(dir, rel));
      return st.isDirectory() ? `${rel}/` : `${rel}:${st.size}:${st.mtimeMs}`;
    })
    .sort();
}

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI in a child process, with app data isolated under `home`. */
export function runCli(args: string[], opts: { home: string; env?: Record<string, string> }): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      env: { ...process.env, OBSIQUERY_HOME: opts.home, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

export const execFileAsync = promisify(execFile);
