import { realpathSync } from 'node:fs';
import path from 'node:path';
import { isInside } from '../store/dataDir.js';
import { VaultFamilyError } from '../shared/errors.js';

/**
 * The one symlink policy. Indexing (discovery and the read before chunking), search results, `log:chunks` and
 * `note:read` all ask `linkPolicyRefusal`, so they agree on every file: a vault cloned or synced from
 * someone else cannot pull a user's private files (`notes.md -> ~/.ssh/id_rsa`, a linked folder elsewhere)
 * into the index, and whatever search shows, the preview shows too.
 */
export interface LinkPolicy {
  /**
   * Obsidian-style: follow symlinked files and folders wherever they point. Off by default: only files whose
   * real path lies inside the vault are read. Links that stay inside the vault are followed either way.
   */
  followExternalLinks: boolean;
}

export const DEFAULT_LINK_POLICY: LinkPolicy = { followExternalLinks: false };

const HOW_TO_ALLOW = 'turn on "Follow links outside the vault" (setting followExternalLinks) to include it';

/**
 * Null when a file or folder whose real (symlink-free) path is `realPath` may be read under `policy`, else the
 * reason it may not, worded for the ingestion log. `root` must be the vault's real path (resolveVault).
 */
export function linkPolicyRefusal(
  root: string,
  realPath: string,
  policy: LinkPolicy,
  kind: 'file' | 'folder' = 'file',
): string | null {
  if (policy.followExternalLinks || isInside(realPath, root)) return null;
  return `Not indexed: this ${kind} is a link to ${realPath}, outside the vault; ${HOW_TO_ALLOW}.`;
}

export class LinkPolicyError extends VaultFamilyError {
  constructor(message: string) {
    super('vault.linkPolicy', message);
    this.name = 'LinkPolicyError';
  }
}

/**
 * The policy's verdict on a file under the vault, by its real path: null when allowed, else the reason. A
 * path that cannot be resolved (deleted meanwhile) returns null: that is not a policy matter, and the read
 * that follows reports it.
 */
export function refusalForPath(root: string, absPath: string, policy: LinkPolicy): string | null {
  if (policy.followExternalLinks) return null;
  let real: string;
  try {
    real = realpathSync(absPath);
  } catch {
    return null;
  }
  return linkPolicyRefusal(root, real, policy);
}

/**
 * Whether a vault-relative `source` (as stored with every chunk) may be shown under the policy right now.
 * Search results and chunk views pass through this, so a link retargeted outside the vault, or a policy
 * turned off, hides what the index still holds until the next sync drops it. A path that cannot be resolved
 * (deleted, or a dangling link) cannot be checked, so it is not shown either; `note:read` cannot open it.
 */
export function sourceAllowed(root: string, source: string, policy: LinkPolicy): boolean {
  if (policy.followExternalLinks) return true;
  try {
    return linkPolicyRefusal(root, realpathSync(path.join(root, ...source.split('/'))), policy) === null;
  } catch {
    return false;
  }
}

/** `sourceAllowed` as a predicate for one vault and policy: what search takes as its `allowSource`. */
export function sourceFilter(root: string, policy: LinkPolicy): (source: string) => boolean {
  return (source) => sourceAllowed(root, source, policy);
}
