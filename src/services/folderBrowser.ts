/**
 * Web mode's folder browser: a browser cannot hand the server a folder's path, so the server lists folders
 * for the user to pick from. Only under the user's home (never above it, never through a symlink that leads
 * out of it), only directories, each with the number of markdown notes it holds, counted within a budget so
 * a huge folder tree cannot stall the server.
 */
import { lstatSync, readdirSync, realpathSync, type Dirent } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BadRequestError } from '../shared/errors.js';

export interface BrowsedFolder {
  name: string;
  path: string;
  /** Markdown notes found in this folder's tree (within the budget). */
  markdownCount: number;
  /** The count stopped at the budget: "at least markdownCount". */
  capped: boolean;
}

export interface BrowseResult {
  path: string;
  parent: string | null;
  home: string;
  folders: BrowsedFolder[];
}

export class BrowseError extends BadRequestError {
  constructor(message: string) {
    super('request.browse', message);
    this.name = 'BrowseError';
  }
}

/** Per folder counted: how deep and how many directory entries, and a time limit for the whole listing. */
const COUNT_MAX_DEPTH = 6;
const COUNT_MAX_ENTRIES = 5000;
const LIST_BUDGET_MS = 1500;
const MAX_FOLDERS = 200;

const within = (root: string, p: string) =>
  p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

function readDir(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return []; // unreadable: shown with no notes rather than failing the listing
  }
}

/** Counts .md files under dir, skipping dot-folders and symlinks (a link could loop or leave home). */
function countMarkdown(dir: string, deadline: number): { count: number; capped: boolean } {
  let count = 0;
  let entries = 0;
  const stack: { dir: string; depth: number }[] = [{ dir, depth: 0 }];
  while (stack.length) {
    const { dir: d, depth } = stack.pop()!;
    for (const e of readDir(d)) {
      if (++entries > COUNT_MAX_ENTRIES || performance.now() > deadline) return { count, capped: true };
      if (e.name.startsWith('.')) continue;
      if (e.isDirectory()) {
        if (depth + 1 <= COUNT_MAX_DEPTH) stack.push({ dir: path.join(d, e.name), depth: depth + 1 });
        else return { count, capped: true };
      } else if (e.isFile() && e.name.toLowerCase().endsWith('.md')) count++;
    }
  }
  return { count, capped: false };
}

export function browseFolders(requested?: string, homeDir: string = os.homedir()): BrowseResult {
  const home = realpathSync(homeDir);
  const target = requested ? path.resolve(home, requested) : home;
  let real: string;
  try {
    real = realpathSync(target);
  } catch {
    throw new BrowseError(`No such folder: ${target}`);
  }
  // The real path decides: a symlink inside home that points elsewhere is refused like the elsewhere.
  if (!within(home, real)) throw new BrowseError(`Only folders inside your home folder (${home}) can be browsed.`);
  if (!lstatSync(real).isDirectory()) throw new BrowseError(`Not a folder: ${real}`);
  const deadline = performance.now() + LIST_BUDGET_MS;
  const folders: BrowsedFolder[] = [];
  const dirs = readDir(real)
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b))
    .slice(0, MAX_FOLDERS);
  for (const name of dirs) {
    const full = path.join(real, name);
    const { count, capped } = countMarkdown(full, deadline);
    folders.push({ name, path: full, markdownCount: count, capped });
  }
  return { path: real, parent: real === home ? null : path.dirname(real), home, folders };
}
