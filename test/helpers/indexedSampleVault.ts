import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { VaultService } from '../../src/services/vaultService.js';
import type { SyncSummary } from '../../src/pipeline/sync.js';
import { FAR_PAST_MTIME, copyVault, sampleVault, tempDir, writeNotes } from './fixtures.js';

/**
 * A copy of `source`, indexed once for the calling test file (its own app home and data folder, removed afterwards),
 * with `embeddingModel` where the test needs the embedder the app gives that vault (named, so that a suite-wide
 * fast-model switch does not apply). Call at the top of a describe block; the returned function gives the open
 * service inside tests.
 */
export function useIndexedVault(
  prefix: string,
  source: string,
  { embeddingModel }: { embeddingModel?: string } = {},
): () => VaultService {
  return useIndexed(
    prefix,
    source,
    (into) => copyVault(source, into),
    embeddingModel,
    (sync) => (sync.failed ? `${sync.failed} notes of ${source} failed to index` : null),
  );
}

/**
 * A vault of `notes` (vault-relative path → text), every file dated FAR_PAST_MTIME, indexed once for the calling test
 * file as useIndexedVault indexes a copy; every note must be added by the first sync.
 */
export function useIndexedNotes(
  prefix: string,
  notes: Record<string, string>,
  { embeddingModel }: { embeddingModel?: string } = {},
): () => VaultService {
  const count = Object.keys(notes).length;
  return useIndexed(
    prefix,
    `${count} notes`,
    (into) => {
      const dir = path.join(into, 'vault');
      writeNotes(dir, notes, FAR_PAST_MTIME);
      return dir;
    },
    embeddingModel,
    (sync) => (sync.added === count ? null : `${sync.added} of ${count} notes were added by the first sync`),
  );
}

/** useIndexedVault's and useIndexedNotes's setup: `makeVault` writes the vault into the scratch folder. */
function useIndexed(
  prefix: string,
  what: string,
  makeVault: (into: string) => string,
  embeddingModel: string | undefined,
  syncError: (sync: SyncSummary) => string | null,
): () => VaultService {
  const tmp = tempDir(prefix);
  let vault: VaultService | undefined;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    if (embeddingModel) process.env.OBSIQUERY_EMBEDDING_MODEL = embeddingModel;
    vault = await VaultService.open({ vault: makeVault(tmp.dir), dataDir: path.join(tmp.dir, 'data') });
    const error = syncError(await vault.sync());
    if (error) throw new Error(error);
  }, 600_000);

  afterAll(() => {
    vault?.close();
    if (embeddingModel) delete process.env.OBSIQUERY_EMBEDDING_MODEL;
    tmp.cleanup();
  });

  return () => {
    if (!vault) throw new Error(`${what}: indexed in beforeAll, so use the service inside a test.`);
    return vault;
  };
}

/** The sample vault, indexed once for the calling test file (useIndexedVault). */
export function useIndexedSampleVault(prefix: string): () => VaultService {
  return useIndexedVault(prefix, sampleVault);
}
