import { Menu, Tray, nativeImage } from 'electron';
import path from 'node:path';
import type { Backend } from '../services/backend.js';

/** Tray menu: Sync now (progress in the tooltip), Open, Pause syncing, Quit. */
export function createTray(backend: Backend, resources: string, actions: { open(): void; quit(): void }): Tray {
  const tray = new Tray(nativeImage.createFromPath(path.join(resources, 'icons', 'tray.png')));
  let paused = false;
  const build = () =>
    Menu.buildFromTemplate([
      { label: 'Sync now', enabled: !paused, click: () => backend.worker.requestSync() },
      { label: 'Open ObsiQuery', click: actions.open },
      {
        label: 'Pause syncing',
        type: 'checkbox',
        checked: paused,
        click: (item) => {
          paused = item.checked;
          backend.worker.paused = paused;
          tray.setContextMenu(build());
        },
      },
      { type: 'separator' },
      { label: 'Quit', click: actions.quit },
    ]);
  tray.setContextMenu(build());
  tray.setToolTip('ObsiQuery');
  backend.onEvent((event, payload) => {
    if (event === 'sync:progress') {
      const p = payload as { filesDone: number; filesTotal: number; phase: string };
      const text =
        p.phase === 'indexing' ? `ObsiQuery: indexing ${p.filesDone}/${p.filesTotal}` : 'ObsiQuery: syncing…';
      tray.setToolTip(text);
      if (process.platform === 'darwin') tray.setTitle(p.phase === 'indexing' ? `${p.filesDone}/${p.filesTotal}` : '');
    } else if (event === 'sync:done') {
      tray.setToolTip('ObsiQuery: up to date');
      if (process.platform === 'darwin') tray.setTitle('');
    }
  });
  return tray;
}
