/**
 * Electron main process entry: one instance only, then the shell (window, IPC, tray, worker) in shell.ts.
 */
import { app } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resourcesDir } from '../models/manifest.js';
import { startShell, type DesktopShell } from './shell.js';

const here = path.dirname(fileURLToPath(import.meta.url));
let desktop: DesktopShell | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => desktop?.showWindow());
  void app.whenReady().then(async () => {
    desktop = await startShell({ mainDir: here, resources: resourcesDir() });
  });
}
