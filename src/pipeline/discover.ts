import { promises as fsp, type Dirent } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { ScannedFile } from '../store/indexDb.js';

/** Folders Obsidian and tools keep beside notes: never content. */
const ALWAYS_SKIPPED = new Set(['.obsidian', '.trash', '.git']);
/** gitignore-syntax exclusions a user keeps at the vault root. */
export const IGNORE_FILE = '.obsidianqueryignore';

export class VaultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VaultError';
  }
}

export interface DiscoveryResult {
  files: ScannedFile[];
  /** Paths skipped with the reason (symlink loops, unreadable folders, duplicates through links). */
  skipped: { path: string; reason: string }[];
  root: string;
}

/** Checks that a vault path exists and is a folder, with a message a user can act on. */
export async function resolveVault(vaultPath: string): Promise<string> {
  let stat;
  try {
    stat = await fsp.stat(vaultPath);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new VaultError(
      code === 'ENOENT'
        ? `Vault not found: ${vaultPath} does not exist.`
        : `Cannot open vault ${vaultPath}: ${(err as Error).message}`,
    );
  }
  if (!stat.isDirectory()) throw new VaultError(`Not a vault: ${vaultPath} is a file, not a folder.`);
  return fsp.realpath(vaultPath);
}

/**
 * Stage 1: every .md note under the vault with its mtime and size. Only stats, never reads, so a resync of
 * an unchanged vault costs about as much as a recursive stat. Symlinks are followed; a folder reached twice
 * (a loop, or two links to one place) is walked once, and a file reached through two paths is indexed once.
 */
export async function discoverNotes(vaultPath: string, extraIgnores: string[] = []): Promise<DiscoveryResult> {
  const root = await resolveVault(vaultPath);
  const ig = ignore().add(extraIgnores);
  try {
    ig.add(await fsp.readFile(path.join(root, IGNORE_FILE), 'utf8'));
  } catch {
    // no ignore file: nothing extra to skip
  }
  const files: ScannedFile[] = [];
  const skipped: DiscoveryResult['skipped'] = [];
  const seenDirs = new Set<string>([root]);
  const seenFiles = new Set<string>();
  await walk(root, '', root, ig, files, skipped, seenDirs, seenFiles, false);
  files.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  return { files, skipped, root };
}

async function walk(
  dir: string,
  rel: string,
  root: string,
  ig: Ignore,
  files: ScannedFile[],
  skipped: DiscoveryResult['skipped'],
  seenDirs: Set<string>,
  seenFiles: Set<string>,
  /** Reached through a symlinked folder: paths here are not canonical, so files need realpath to dedupe. */
  underLink: boolean,
): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    skipped.push({
      path: dir,
      reason: `unreadable folder: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    });
    return;
  }
  // Sorting keeps discovery deterministic, so the same file wins when two links reach it.
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  const subdirs: [string, string, boolean][] = [];
  const noteStats: Promise<void>[] = [];
  for (const entry of entries) {
    if (ALWAYS_SKIPPED.has(entry.name)) continue;
    const abs = path.join(dir, entry.name);
    const relPath = rel ? `${rel}/${entry.name}` : entry.name;
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      try {
        const target = await fsp.stat(abs);
        isDir = target.isDirectory();
        isFile = target.isFile();
      } catch (err) {
        skipped.push({ path: abs, reason: `broken or looping symlink: ${(err as NodeJS.ErrnoException).code}` });
        continue;
      }
    }
    if (isDir) {
      if (ig.ignores(`${relPath}/`)) continue;
      subdirs.push([abs, relPath, underLink || entry.isSymbolicLink()]);
    } else if (isFile && entry.name.toLowerCase().endsWith('.md') && !ig.ignores(relPath)) {
      noteStats.push(
        statNote(abs, underLink || entry.isSymbolicLink()).then(
          (note) => {
            if (!note) return;
            if (seenFiles.has(note.real)) {
              skipped.push({ path: abs, reason: 'same file already reached through another path' });
              return;
            }
            seenFiles.add(note.real);
            files.push({ filePath: abs, fileName: entry.name, mtime: note.mtime, size: note.size });
          },
          (err: NodeJS.ErrnoException) => {
            skipped.push({ path: abs, reason: `cannot stat: ${err.code ?? err.message}` });
          },
        ),
      );
    }
  }
  await Promise.all(noteStats);
  for (const [abs, relPath, viaLink] of subdirs) {
    let real: string;
    try {
      real = await fsp.realpath(abs);
    } catch (err) {
      skipped.push({ path: abs, reason: `cannot resolve: ${(err as NodeJS.ErrnoException).code}` });
      continue;
    }
    if (seenDirs.has(real)) {
      skipped.push({ path: abs, reason: 'symlink loop or folder already reached through another link' });
      continue;
    }
    seenDirs.add(real);
    await walk(abs, relPath, root, ig, files, skipped, seenDirs, seenFiles, viaLink);
  }
}

async function statNote(abs: string, viaLink: boolean): Promise<{ mtime: number; size: number; real: string } | null> {
  const st = await fsp.stat(abs);
  // realpath only for links: a plain file's own path is already canonical under a canonical root.
  const real = viaLink ? await fsp.realpath(abs) : abs;
  return { mtime: st.mtimeMs / 1000, size: st.size, real };
}

/** Vault-relative path with forward slashes: the `source` every chunk and citation carries. */
export function toSource(root: string, filePath: string): string {
  return path.relative(root, filePath).split(path.sep).join('/');
}
