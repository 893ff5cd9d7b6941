/**
 * A stand-in for the `electron` module, for the main process's control flow (no Electron binary can be had
 * here). It records what the shell asks of Electron: window options and handlers, IPC handlers, tray menus,
 * openExternal and dialog calls, messages sent to the window. Its `utilityProcess.fork` is real: it runs
 * src/main/pipelineWorker.ts in a Node child process (tsx) with a `process.parentPort` shim, so the worker's
 * own message loop indexes a real vault.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const workerSource = path.resolve(here, '../../src/main/pipelineWorker.ts');
const shim = path.join(here, 'parentPortShim.mjs');

export interface MenuItem {
  label?: string;
  type?: string;
  enabled?: boolean;
  checked?: boolean;
  click?: (item: MenuItem) => void;
}

export class FakeWebContents extends EventEmitter {
  sent: [string, unknown][] = [];
  openHandler: ((d: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(fn: (d: { url: string }) => { action: string }): void {
    this.openHandler = fn;
  }
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, payload]);
  }
  /** Emits a navigation-like event and says whether the shell prevented it. */
  tryNavigate(event: string, url: string): boolean {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true), url }, url);
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loaded: string | null = null;
  visible = false;
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.created.push(this);
  }
  isDestroyed = () => false;
  isMinimized = () => false;
  restore(): void {}
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  focus(): void {}
  getBounds = () => ({ x: 0, y: 0, width: 1200, height: 800 });
  loadFile(file: string): Promise<void> {
    this.loaded = file;
    return Promise.resolve();
  }
  loadURL(url: string): Promise<void> {
    this.loaded = url;
    return Promise.resolve();
  }
}

export class FakeTray {
  static created: FakeTray[] = [];
  menus: MenuItem[][] = [];
  tooltip = '';
  constructor(readonly icon: unknown) {
    FakeTray.created.push(this);
  }
  setContextMenu(menu: { items: MenuItem[] }): void {
    this.menus.push(menu.items);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setTitle(): void {}
  /** The item labelled `label` in the menu the tray shows now. */
  item(label: string): MenuItem | undefined {
    return this.menus.at(-1)?.find((i) => i.label === label);
  }
}

/** The worker children started through utilityProcess.fork, newest last. */
export const workers: { modulePath: string; options: unknown; child: ChildProcess }[] = [];
export const ipcHandlers = new Map<string, (event: { sender: unknown }, payload: unknown) => Promise<unknown>>();
export const openedExternally: string[] = [];
export const revealed: string[] = [];
export const dialogCalls: unknown[] = [];
export const appEvents = new EventEmitter();
export const standIn = { userData: '', dialogAnswer: { canceled: true, filePaths: [] as string[] } };

export const electron = {
  app: {
    getPath: (name: string) => {
      if (name !== 'userData') throw new Error(`stand-in: unexpected app.getPath(${name})`);
      return standIn.userData;
    },
    on: (event: string, fn: (...args: unknown[]) => void) => appEvents.on(event, fn),
    quit: () => appEvents.emit('quit'),
  },
  BrowserWindow: FakeBrowserWindow,
  Tray: FakeTray,
  Menu: { buildFromTemplate: (items: MenuItem[]) => ({ items }) },
  nativeImage: { createFromPath: (p: string) => ({ path: p }) },
  ipcMain: {
    handle: (channel: string, fn: (event: { sender: unknown }, payload: unknown) => Promise<unknown>) => {
      if (ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      ipcHandlers.set(channel, fn);
    },
  },
  shell: {
    openExternal: (url: string) => {
      openedExternally.push(url);
      return Promise.resolve();
    },
    showItemInFolder: (p: string) => revealed.push(p),
  },
  dialog: {
    showOpenDialog: (options: unknown) => {
      dialogCalls.push(options);
      return Promise.resolve(standIn.dialogAnswer);
    },
  },
  session: { defaultSession: { setPermissionRequestHandler: () => undefined } },
  utilityProcess: {
    fork(modulePath: string, _args: string[], options: unknown) {
      // The shell forks the built worker next to the main bundle; run its source instead.
      if (path.basename(modulePath) !== 'pipelineWorker.js') throw new Error(`stand-in: unexpected fork ${modulePath}`);
      const child = fork(workerSource, [], {
        execArgv: ['--import', 'tsx', '--import', shim],
        // Several write batches even for the small sample vault, so a pause can land between two of them.
        env: { ...process.env, OBQ_SYNC_BATCH_CHUNKS: '16' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      workers.push({ modulePath, options, child });
      const emitter = new EventEmitter();
      child.on('message', (m) => emitter.emit('message', m));
      child.on('exit', (code) => emitter.emit('exit', code));
      return {
        pid: child.pid,
        postMessage: (m: unknown) => {
          if (child.connected) child.send(m as never);
        },
        on: (event: string, fn: (...args: unknown[]) => void) => emitter.on(event, fn),
        kill: () => child.kill(),
      };
    },
  },
};
