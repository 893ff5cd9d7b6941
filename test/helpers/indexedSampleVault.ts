import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { VaultService } from '../../src/services/vaultService.js';
import { copyVault, sampleVault, tempDir } from './fixtures.js';

/**
 * A copy of the sample vault, indexed once for the calling test file (its own app home and data folder, removed
 * afterwards). Call at the top of a describe block; the returned function gives the open service inside tests.
 */
export function useIndexedSampleVault(prefix: string): () => VaultService {
  const tmp = tempDir(prefix);
  let vault: VaultService | undefined;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const dir = copyVault(sampleVault, tmp.dir);
    vault = await VaultService.open({ vault: dir, dataDir: path.join(tmp.dir, 'data') });
    await vault.sync();
  }, 300_000);

  afterAll(() => {
    vault?.close();
    tmp.cleanup();
  });

  return () => {
    if (!vault) throw new Error('The sample vault is indexed in beforeAll; use it inside a test.');
    return vault;
  };
}
