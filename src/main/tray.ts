import { Menu, Tray, nativeImage } from 'electron';
import path from 'node:path';
import type { Backend } from '../services/backend.js';

/**
 * Tray menu: Sync now (progress in the tooltip), Open, Pause/Resume syncing, Quit. Pausing goes through the
 * contract's `sync:pause`, the same state the UI toggles, and the menu is rebuilt whenever that state changes.
 */
export function createTray(backend: Backend, resources: string, actions: { open(): void; quit(): void }): Tray {
  const tray = new Tray(nativeImage.createFromPath(path.join(resources, 'icons', 'tray.png')));
  const build = () => {
    const paused = backend.worker.paused;
    return Menu.buildFromTemplate([
      {
        label: 'Sync now',
        enabled: !paused,
        click: () => void backend.handle('sync:start', {}).catch(() => undefined),
      },
      { label: 'Open ObsiQuery', click: actions.open },
      {
        label: paused ? 'Resume syncing' : 'Pause syncing',
        click: () => void backend.handle('sync:pause', { paused: !paused }),
      },
      { type: 'separator' },
      { label: 'Quit', click: actions.quit },
    ]);
  };
  tray.setContextMenu(build());
  tray.setToolTip('ObsiQuery');
  backend.onEvent((event, payload) => {
    if (event === 'sync:paused') {
      tray.setContextMenu(build());
      if ((payload as { paused: boolean }).paused) tray.setToolTip('ObsiQuery: syncing paused');
    } else if (event === 'sync:progress') {
      const p = payload as { filesDone: number; filesTotal: number; phase: string };
      const text =
        p.phase === 'indexing' ? `ObsiQuery: indexing ${p.filesDone}/${p.filesTotal}` : 'ObsiQuery: syncing…';
      tray.setToolTip(text);
      if (process.platform === 'darwin') tray.setTitle(p.phase === 'indexing' ? `${p.filesDone}/${p.filesTotal}` : '');
    } else if (event === 'sync:done') {
      tray.setToolTip(backend.worker.paused ? 'ObsiQuery: syncing paused' : 'ObsiQuery: up to date');
      if (process.platform === 'darwin') tray.setTitle('');
    }
  });
  return tray;
}
