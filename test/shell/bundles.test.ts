/**
 * The dev-only mock backend (src/renderer/src/bridge/mockApi.ts) must not ship: neither in the Electron
 * renderer (`electron-vite build`) nor in the web build (`vite build --config vite.web.config.ts`).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildElectronApp, buildWebRenderer, repoRoot } from './buildApp.js';

/** Strings only the mock contains (its demo vault and notes); minification keeps string literals. */
const MARKERS = ['/Users/demo/Documents/Second Brain', 'Companion planting'];

function builtFiles(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((rel) => /\.(js|cjs|mjs|html)$/.test(rel))
    .map((rel) => ({ file: rel, text: readFileSync(path.join(dir, rel), 'utf8') }));
}

let electronOut: string;
let webOut: string;
beforeAll(() => {
  electronOut = buildElectronApp();
  webOut = buildWebRenderer();
});
afterAll(() => {
  rmSync(electronOut, { recursive: true, force: true });
  rmSync(webOut, { recursive: true, force: true });
});

describe('production bundles', () => {
  it('the markers really are in the mock (so their absence below means something)', () => {
    const source = readFileSync(path.join(repoRoot, 'src/renderer/src/bridge/mockApi.ts'), 'utf8');
    for (const m of MARKERS) expect(source).toContain(m);
  });

  for (const [name, dir] of [
    ['electron-vite build', () => electronOut],
    ['web build', () => webOut],
  ] as const) {
    it(`${name} contains no trace of the mock backend`, () => {
      const files = builtFiles(dir());
      expect(files.some((f) => f.file.endsWith('index.html'))).toBe(true);
      expect(files.map((f) => f.file).filter((f) => /mock/i.test(f))).toEqual([]);
      for (const { file, text } of files)
        for (const m of MARKERS) expect(text, `${file} contains "${m}"`).not.toContain(m);
    });
  }

  it('the Electron preload requires nothing but electron', () => {
    const preload = readFileSync(path.join(electronOut, 'preload/index.cjs'), 'utf8');
    expect([...preload.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1])).toEqual(['electron']);
  });
});
