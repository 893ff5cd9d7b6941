import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** The per-user application data folder, following each OS's convention. */
export function appDataRoot(): string {
  if (process.env.OBSIQUERY_HOME) return process.env.OBSIQUERY_HOME;
  const home = os.homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'ObsiQuery');
  if (process.platform === 'win32')
    return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'ObsiQuery');
  return path.join(process.env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'obsiquery');
}

/**
 * Default index folder for a vault: one per vault, keyed by its real path, and never inside the vault
 * (ObsiQuery treats the vault as read-only).
 */
export function defaultDataDir(vaultRealPath: string): string {
  const key = createHash('sha256').update(vaultRealPath).digest('hex').slice(0, 10);
  const name = path.basename(vaultRealPath).replace(/[^\w.-]+/g, '_') || 'vault';
  return path.join(appDataRoot(), 'vaults', `${name}-${key}`);
}

/** Whether `child` is `parent` or lies below it. A name that merely starts with dots (`..md`) is inside. */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}
