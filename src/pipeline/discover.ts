import { promises as fsp, type Dirent } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { ScannedFile } from '../store/indexDb.js';
import { DEFAULT_LINK_POLICY, linkPolicyRefusal, type LinkPolicy } from './linkPolicy.js';
import { VaultFamilyError } from '../shared/errors.js';

/** Folders Obsidian and tools keep beside notes: never content. */
const ALWAYS_SKIPPED = new Set(['.obsidian', '.trash', '.git']);
/** gitignore-syntax exclusions a user keeps at the vault root. */
export const IGNORE_FILE = '.obsidianqueryignore';

export class VaultError extends VaultFamilyError {
  constructor(message: string) {
    super('vault.invalid', message);
    this.name = 'VaultError';
  }
}

export interface DiscoveryResult {
  files: ScannedFile[];
  /** Paths skipped with the reason (symlink loops, unreadable folders, duplicates through links). */
  skipped: { path: string; reason: string }[];
  /**
   * Notes and folders reached through a symlink that points outside the vault, refused by the link policy
   * (linkPolicy.ts). A refused folder is one entry and is never walked. Sync records each in the ingestion
   * log with the reason, so the user sees why it is not searchable.
   */
  outside: (ScannedFile & { reason: string })[];
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
 * an unchanged vault costs about as much as a recursive stat. Symlinks are followed as the link policy
 * allows (by default only while they stay inside the vault; see linkPolicy.ts); a folder reached twice (a loop,
 * or two links to one place) is walked once, and a file reached through two paths is indexed once.
 */
export async function discoverNotes(
  vaultPath: string,
  extraIgnores: string[] = [],
  policy: LinkPolicy = DEFAULT_LINK_POLICY,
): Promise<DiscoveryResult> {
  const root = await resolveVault(vaultPath);
  const ig = ignore().add(extraIgnores);
  try {
    ig.add(await fsp.readFile(path.join(root, IGNORE_FILE), 'utf8'));
  } catch {
    // no ignore file: nothing extra to skip
  }
  const files: ScannedFile[] = [];
  const skipped: DiscoveryResult['skipped'] = [];
  const outside: DiscoveryResult['outside'] = [];
  const seenDirs = new Set<string>([root]);
  const seenFiles = new Set<string>();
  await walk(root, '', { root, ig, policy, files, skipped, outside, seenDirs, seenFiles }, false);
  const byPath = (a: ScannedFile, b: ScannedFile) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0);
  files.sort(byPath);
  outside.sort(byPath);
  return { files, skipped, outside, root };
}

interface Walk {
  root: string;
  ig: Ignore;
  policy: LinkPolicy;
  files: ScannedFile[];
  skipped: DiscoveryResult['skipped'];
  outside: DiscoveryResult['outside'];
  seenDirs: Set<string>;
  seenFiles: Set<string>;
}

async function walk(
  dir: string,
  rel: string,
  w: Walk,
  /** Reached through a symlinked folder: paths here are not canonical, so files need realpath to dedupe. */
  underLink: boolean,
): Promise<void> {
  const { root, ig, policy, files, skipped, outside, seenDirs, seenFiles } = w;
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
            const refusal = linkPolicyRefusal(root, note.real, policy);
            if (refusal) {
              outside.push({
                filePath: abs,
                fileName: entry.name,
                mtime: note.mtime,
                size: note.size,
                reason: refusal,
              });
              return;
            }
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
    // A folder linked outside the vault is refused as a whole and never walked: with the policy off nothing
    // outside the vault is read, not even its file names (a link to ~ or / must not cost a walk of it).
    const refusal = linkPolicyRefusal(root, real, policy, 'folder');
    if (refusal) {
      const st = await fsp.lstat(abs).catch(() => null);
      outside.push({
        filePath: abs,
        fileName: path.basename(abs),
        mtime: st ? st.mtimeMs / 1000 : 0,
        size: 0,
        reason: refusal,
      });
      continue;
    }
    if (seenDirs.has(real)) {
      skipped.push({ path: abs, reason: 'symlink loop or folder already reached through another link' });
      continue;
    }
    seenDirs.add(real);
    await walk(abs, relPath, w, viaLink);
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
