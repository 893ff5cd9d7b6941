import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Vitest sets NODE_ENV=test, which would make Vite build in dev mode; build as `npm run build` from a shell. */
function buildEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_ENV;
  return env;
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the app exactly as `npm run build` does (`electron-vite build`), into a fresh temporary folder so a
 * parallel test or a developer's `out/` is never touched. About two seconds.
 */
export function buildElectronApp(): string {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'obq-shell-build-'));
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/electron-vite/bin/electron-vite.js'),
      'build',
      '--outDir',
      outDir,
      '--logLevel',
      'error',
    ],
    {
      cwd: repoRoot,
      env: buildEnv(),
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 240_000,
    },
  );
  return outDir;
}

/** The web-mode renderer (`npm run build:web`), also into a temporary folder. */
export function buildWebRenderer(): string {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'obq-web-build-'));
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'vite.web.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: repoRoot,
      env: buildEnv(),
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 240_000,
    },
  );
  return outDir;
}
