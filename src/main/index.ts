/**
 * Electron main process. Deliberately thin: it owns windows, the tray, the file watcher and the pipeline
 * worker, and forwards every contract request to the shared Backend (the same one web mode uses).
 */
import { app, BrowserWindow, dialog, ipcMain, shell, utilityProcess, session } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { events, isRequestChannel, requests, type EventChannel } from '../shared/contract.js';
import type { FromWorker, ToWorker } from '../shared/workerProtocol.js';
import { Backend } from '../services/backend.js';
import { resourcesDir } from '../models/manifest.js';
import { loadWindowBounds, trackWindowBounds } from './windowState.js';
import { createTray } from './tray.js';
import { watchVault } from '../services/vaultWatcher.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let win: BrowserWindow | null = null;
let quitting = false;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => showWindow());
  app.whenReady().then(start);
}

function showWindow(): void {
  if (!win || win.isDestroyed()) win = createWindow();
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

function createWindow(): BrowserWindow {
  const w = new BrowserWindow({
    ...loadWindowBounds(),
    show: false,
    title: 'ObsiQuery',
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
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
    if (/^(https?|obsidian):/.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  w.webContents.on('will-navigate', (e) => e.preventDefault());
  w.on('close', (e) => {
    if (!quitting) {
      e.preventDefault();
      w.hide();
    }
  });
  if (process.env.ELECTRON_RENDERER_URL) void w.loadURL(process.env.ELECTRON_RENDERER_URL);
  else void w.loadFile(path.join(here, '../renderer/index.html'));
  return w;
}

async function start(): Promise<void> {
  session.defaultSession.setPermissionRequestHandler((_wc, _perm, cb) => cb(false));
  const backend = new Backend(
    () => {
      const child = utilityProcess.fork(path.join(here, 'pipelineWorker.js'), [], { serviceName: 'ObsiQuery indexer' });
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
      openExternal: (uri) => void shell.openExternal(uri),
      createChat: async (service) => (await import('../agent/chatService.js')).createChatService(service),
    },
  );

  for (const channel of Object.keys(requests)) {
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
  createTray(backend, resourcesDir(), {
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
}
