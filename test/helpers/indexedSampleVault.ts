import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { VaultService } from '../../src/services/vaultService.js';
import { copyVault, sampleVault, tempDir } from './fixtures.js';

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
  const tmp = tempDir(prefix);
  let vault: VaultService | undefined;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    if (embeddingModel) process.env.OBSIQUERY_EMBEDDING_MODEL = embeddingModel;
    const dir = copyVault(source, tmp.dir);
    vault = await VaultService.open({ vault: dir, dataDir: path.join(tmp.dir, 'data') });
    const sync = await vault.sync();
    if (sync.failed) throw new Error(`${sync.failed} notes of ${source} failed to index`);
  }, 600_000);

  afterAll(() => {
    vault?.close();
    if (embeddingModel) delete process.env.OBSIQUERY_EMBEDDING_MODEL;
    tmp.cleanup();
  });

  return () => {
    if (!vault) throw new Error(`${source} is indexed in beforeAll; use it inside a test.`);
    return vault;
  };
}

/** The sample vault, indexed once for the calling test file (useIndexedVault). */
export function useIndexedSampleVault(prefix: string): () => VaultService {
  return useIndexedVault(prefix, sampleVault);
}
