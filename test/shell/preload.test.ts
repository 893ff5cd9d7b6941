/**
 * The built preload, loaded under Electron's sandbox rules: a sandboxed preload gets a `require` that knows
 * only electron, events, timers and url, and no Node globals. If the bundle requires anything else (zod did),
 * Electron throws "module not found", `window.obsiquery` never appears and the app shows "Can't reach
 * ObsiQuery". Electron itself is replaced by recording stand-ins for contextBridge, ipcRenderer and webUtils.
 */
import { EventEmitter } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestChannels } from '../../src/shared/channels.js';
import { buildElectronApp } from './buildApp.js';

/** What Electron allows a sandboxed preload to require (docs: "Process Sandboxing"). */
const SANDBOX_MODULES = new Set(['electron', 'events', 'timers', 'url']);

interface Exposed {
  invoke(channel: string, request: unknown): Promise<unknown>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  pathForFile(file: unknown): string;
}

function loadSandboxedPreload(file: string) {
  const exposed = new Map<string, unknown>();
  const invoked: [string, unknown][] = [];
  const ipc = new EventEmitter();
  const required: string[] = [];
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
    ipcRenderer: {
      invoke: (channel: string, request: unknown) => {
        invoked.push([channel, request]);
        return Promise.resolve({ ok: channel });
      },
      on: (event: string, fn: (...args: unknown[]) => void) => ipc.on(event, fn),
      removeListener: (event: string, fn: (...args: unknown[]) => void) => ipc.removeListener(event, fn),
    },
    webUtils: { getPathForFile: (f: { fakePath: string }) => f.fakePath },
  };
  const sandboxRequire = (name: string): unknown => {
    required.push(name);
    if (!SANDBOX_MODULES.has(name)) throw new Error(`module not found: ${name}`);
    if (name === 'electron') return electron;
    return {}; // events/timers/url are allowed; this preload does not use them
  };
  const module = { exports: {} as unknown };
  // No Node globals in the context: only what Electron's sandbox wrapper passes in.
  const context = vm.createContext({});
  const wrapper = vm.runInContext(`(function (exports, require, module) {${readFileSync(file, 'utf8')}\n})`, context, {
    filename: file,
  }) as (e: unknown, r: typeof sandboxRequire, m: typeof module) => void;
  wrapper(module.exports, sandboxRequire, module);
  return { exposed, invoked, ipc, required };
}

let outDir: string;
beforeAll(() => {
  outDir = buildElectronApp();
});
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the built preload under sandbox rules', () => {
  it('requires only modules a sandboxed preload may load, and exposes obsiquery', () => {
    const { exposed, required } = loadSandboxedPreload(path.join(outDir, 'preload/index.cjs'));
    expect(required.filter((m) => !SANDBOX_MODULES.has(m))).toEqual([]);
    const api = exposed.get('obsiquery') as Exposed;
    expect(api).toBeDefined();
    expect([...exposed.keys()]).toEqual(['obsiquery']);
    expect(typeof api.invoke).toBe('function');
    expect(typeof api.on).toBe('function');
    expect(api.pathForFile({ fakePath: '/Users/me/Vault' })).toBe('/Users/me/Vault');
  });

  it('forwards every contract channel and refuses unknown ones without calling main', async () => {
    const { exposed, invoked } = loadSandboxedPreload(path.join(outDir, 'preload/index.cjs'));
    const api = exposed.get('obsiquery') as Exposed;
    for (const channel of requestChannels) await expect(api.invoke(channel, {})).resolves.toEqual({ ok: channel });
    expect(invoked.map(([c]) => c)).toEqual([...requestChannels]);

    const refused = await api.invoke('fs:readFile', { path: '/etc/passwd' }).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(refused).toMatch(/Unknown channel fs:readFile/);
    expect(invoked).toHaveLength(requestChannels.length);
    expect(() => api.on('shell:exec', () => undefined)).toThrow(/Unknown event shell:exec/);
  });

  it('on() delivers payloads (not the IPC event) and its unsubscribe stops them', () => {
    const { exposed, ipc } = loadSandboxedPreload(path.join(outDir, 'preload/index.cjs'));
    const api = exposed.get('obsiquery') as Exposed;
    const got: unknown[] = [];
    const off = api.on('sync:progress', (p) => got.push(p));
    ipc.emit('sync:progress', { sender: 'ipc-event' }, { filesDone: 1 });
    expect(got).toEqual([{ filesDone: 1 }]);
    expect(ipc.listenerCount('sync:progress')).toBe(1);
    off();
    ipc.emit('sync:progress', {}, { filesDone: 2 });
    expect(got).toEqual([{ filesDone: 1 }]);
    expect(ipc.listenerCount('sync:progress')).toBe(0);
  });
});
