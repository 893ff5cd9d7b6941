import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LINK_POLICY, linkPolicyRefusal, type LinkPolicy } from '../pipeline/linkPolicy.js';
import { readNote } from '../pipeline/readNote.js';
import { VaultFamilyError } from '../shared/errors.js';
import { obsidianUri } from '../obsidian/uri.js';

export class PathRefusedError extends VaultFamilyError {
  constructor(message: string) {
    super('vault.pathRefused', message);
    this.name = 'PathRefusedError';
  }
}

/**
 * Turns a vault-relative note path from the UI into a real file path, refusing anything that could reach
 * outside the vault: absolute paths, '..' segments, and symlinks whose target lies elsewhere unless the link
 * policy follows them (the same decision indexing makes, so a note is shown exactly when it is indexed).
 */
export function resolveNotePath(vaultRoot: string, source: string, policy: LinkPolicy = DEFAULT_LINK_POLICY): string {
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
  const refusal = linkPolicyRefusal(root, real, policy);
  if (refusal) throw new PathRefusedError(`Refused: that note links outside the vault. ${refusal}`);
  if (!statSync(real).isFile()) throw new PathRefusedError(`Not a note: ${source}`);
  return real;
}

/**
 * A note's text for a preview or an external client (web UI, MCP), by vault-relative path: the one way any
 * caller should read a note, so path checks, the link policy and text decoding are the same everywhere.
 */
export async function readVaultNote(
  vaultRoot: string,
  source: string,
  policy: LinkPolicy = DEFAULT_LINK_POLICY,
): Promise<{ source: string; title: string; content: string; obsidian_uri: string }> {
  const file = resolveNotePath(vaultRoot, source, policy);
  const { text } = await readNote(file);
  return { source, title: path.basename(source, '.md'), content: text, obsidian_uri: obsidianUri(vaultRoot, source) };
}
