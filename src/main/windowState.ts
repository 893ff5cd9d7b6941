import { app, type BrowserWindow } from 'electron';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Bounds {
  width: number;
  height: number;
  x?: number;
  y?: number;
}

const file = () => path.join(app.getPath('userData'), 'window-state.json');

/** The window comes back at the size and place the user left it. */
export function loadWindowBounds(): Bounds {
  try {
    const b = JSON.parse(readFileSync(file(), 'utf8')) as Bounds;
    if (b.width >= 400 && b.height >= 300) return b;
  } catch {
    // first run
  }
  return { width: 1200, height: 800 };
}

export function trackWindowBounds(win: BrowserWindow): void {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!win.isDestroyed() && !win.isMinimized()) writeFileSync(file(), JSON.stringify(win.getBounds()));
    }, 400);
  };
  win.on('resize', save);
  win.on('move', save);
}
