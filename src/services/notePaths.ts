import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInside } from '../store/dataDir.js';

export class PathRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PathRefusedError';
  }
}

/**
 * Turns a vault-relative note path from the UI into a real file path, refusing anything that could reach
 * outside the vault: absolute paths, '..' segments, and symlinks whose target lies elsewhere.
 */
export function resolveNotePath(vaultRoot: string, source: string): string {
  if (path.isAbsolute(source) || /^[a-zA-Z]:/.test(source) || source.includes('\0')) {
    throw new PathRefusedError('Refused: note paths must be relative to the vault.');
  }
  const parts = source.split(/[\\/]/);
  if (parts.includes('..')) throw new PathRefusedError('Refused: note paths may not contain "..".');
  if (!source.toLowerCase().endsWith('.md')) throw new PathRefusedError('Refused: only markdown notes can be opened.');
  const root = realpathSync(vaultRoot);
  const candidate = path.join(root, ...parts);
  let real: string;
  try {
    real = realpathSync(candidate);
  } catch {
    throw new PathRefusedError(`Note not found: ${source}`);
  }
  if (!isInside(real, root)) throw new PathRefusedError('Refused: that note links outside the vault.');
  if (!statSync(real).isFile()) throw new PathRefusedError(`Not a note: ${source}`);
  return real;
}

/** obsidian://open?vault=…&file=… opens the note in Obsidian itself (the vault name is its folder name). */
export function obsidianUri(vaultRoot: string, source: string): string {
  const file = source.replace(/\.md$/i, '');
  return `obsidian://open?vault=${encodeURIComponent(path.basename(vaultRoot))}&file=${encodeURIComponent(file)}`;
}
