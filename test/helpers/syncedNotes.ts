import path from 'node:path';
import { expect } from 'vitest';
import { VaultService } from '../../src/services/vaultService.js';
import { tempDir, writeNotes } from './fixtures.js';

/**
 * A vault of `notes` (vault-relative path → text) written to a scratch folder and synced into an index of its own:
 * the setup of the suites that search a handful of notes. `close()` closes the index and removes the folder.
 */
export async function syncedNotes(
  notes: Record<string, string>,
  prefix = 'obq-notes-',
): Promise<{ service: VaultService; close: () => void }> {
  const tmp = tempDir(prefix);
  const vault = path.join(tmp.dir, 'vault');
  writeNotes(vault, notes);
  const service = await VaultService.open({ vault, dataDir: path.join(tmp.dir, 'data') });
  expect((await service.sync()).failed).toBe(0);
  return {
    service,
    close: () => {
      service.close();
      tmp.cleanup();
    },
  };
}
