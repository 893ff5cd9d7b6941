/**
 * The desktop shell's wiring: window, IPC, tray, watcher and pipeline worker. Deliberately thin: every contract
 * request goes to the shared Backend (the same one web mode uses). Kept apart from index.ts (single-instance
 * lock, app start-up) so test/shell/mainProcess.test.ts can start it against a stand-in `electron` module.
 */
import { app, BrowserWindow, dialog, ipcMain, shell, utilityProcess, session } from 'electron';
import path from 'node:path';
import { events, isRequestChannel, requestChannels, type EventChannel } from '../shared/contract.js';
import type { FromWorker, ToWorker } from '../shared/workerProtocol.js';
import { Backend } from '../services/backend.js';
import { loadWindowBounds, trackWindowBounds } from './windowState.js';
import { createTray } from './tray.js';
import { watchVault } from '../services/vaultWatcher.js';
import { isAllowedExternalUrl } from './externalUrl.js';

export interface ShellOptions {
  /** Folder of the built main bundle: the preload, renderer and worker are found relative to it. */
  mainDir: string;
  /** The app's resources folder (tray icon). */
  resources: string;
}

export interface DesktopShell {
  readonly backend: Backend;
  window(): BrowserWindow | null;
  showWindow(): void;
}

/** Hands a URL to the OS only if it is https: or obsidian: (see externalUrl.ts). */
function openExternalSafely(url: string): void {
  if (isAllowedExternalUrl(url)) void shell.openExternal(url);
}

export async function startShell(opts: ShellOptions): Promise<DesktopShell> {
  let win: BrowserWindow | null = null;
  let quitting = false;

  function createWindow(): BrowserWindow {
    const w = new BrowserWindow({
      ...loadWindowBounds(),
      show: false,
      title: 'ObsiQuery',
      webPreferences: {
        preload: path.join(opts.mainDir, '../preload/index.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
      },
    });
    trackWindowBounds(w);
    w.once('ready-to-show', () => w.show());
    // Links in answers and notes open in the user's browser or Obsidian, never inside the app window.
    w.webContents.setWindowOpenHandler(({ url }) => {
      openExternalSafely(url);
      return { action: 'deny' };
    });
    // The window never leaves the app's page: not by a link, a dropped file (which Chromium would open as
    // file://), a frame, or a server redirect.
    const block = (e: { preventDefault(): void }) => e.preventDefault();
    w.webContents.on('will-navigate', block);
    w.webContents.on('will-frame-navigate', block);
    w.webContents.on('will-redirect', block);
    w.on('close', (e) => {
      if (!quitting) {
        e.preventDefault();
        w.hide();
      }
    });
    if (process.env.ELECTRON_RENDERER_URL) void w.loadURL(process.env.ELECTRON_RENDERER_URL);
    else void w.loadFile(path.join(opts.mainDir, '../renderer/index.html'));
    return w;
  }

  function showWindow(): void {
    if (!win || win.isDestroyed()) win = createWindow();
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  }

  session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
  const backend = new Backend(
    () => {
      const child = utilityProcess.fork(path.join(opts.mainDir, 'pipelineWorker.js'), [], {
        serviceName: 'ObsiQuery indexer',
      });
      return {
        post: (m: ToWorker) => child.postMessage(m),
        onMessage: (fn: (m: FromWorker) => void) => child.on('message', fn),
        onExit: (fn: (code: number | null) => void) => child.on('exit', fn),
        kill: () => child.kill(),
      };
    },
    {
      pickFolder: async () => {
        const r = await dialog.showOpenDialog({ properties: ['openDirectory'], title: 'Choose your Obsidian vault' });
        return r.canceled ? null : (r.filePaths[0] ?? null);
      },
      revealFile: (p) => shell.showItemInFolder(p),
      openExternal: openExternalSafely,
      createChat: async (service) =>
        (await import('../agent/chatService.js')).createChatService(service, { warmModel: true }),
    },
  );

  for (const channel of requestChannels) {
    ipcMain.handle(channel, async (event, payload) => {
      // Only our own window may call in, and only with a known channel; the payload is validated by the Backend.
      if (!win || event.sender !== win.webContents || !isRequestChannel(channel)) throw new Error('Refused.');
      return backend.handle(channel, payload);
    });
  }
  backend.onEvent((event: EventChannel, payload) => {
    if (win && !win.isDestroyed() && events[event].safeParse(payload).success) win.webContents.send(event, payload);
  });

  let stopWatching: (() => Promise<void>) | null = null;
  backend.onEvent((event, payload) => {
    if (event !== 'vault:changed') return;
    void stopWatching?.();
    const vault = (payload as { vault: string | null }).vault;
    stopWatching = vault ? watchVault(vault, () => backend.worker.requestSync()) : null;
    if (vault) backend.worker.requestSync();
  });
  await backend.restoreLastVault();

  win = createWindow();
  createTray(backend, opts.resources, {
    open: showWindow,
    quit: () => {
      quitting = true;
      app.quit();
    },
  });
  app.on('activate', showWindow);
  app.on('before-quit', () => {
    quitting = true;
    void stopWatching?.();
    void backend.close();
  });
  return { backend, window: () => win, showWindow };
}
