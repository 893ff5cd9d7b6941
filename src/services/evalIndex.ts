import path from 'node:path';
import { evalIndexDir } from '../search/evalSets.js';
import { chooseEmbeddingModel, VaultService } from './vaultService.js';

/**
 * The eval index of one vault under `dataRoot`, opened (not synced): the model a first sync of the vault would pick
 * (or `embeddingModel`), in the folder named for vault and model. `npm run eval` and the benches that re-fuse or
 * replay its questions open the same index this way, so they measure the same thing.
 */
export async function openEvalIndex(
  dataRoot: string,
  vault: string,
  embeddingModel?: string,
): Promise<{ service: VaultService; dataDir: string }> {
  const choice = await chooseEmbeddingModel({ vault, dataDir: path.join(dataRoot, '.none') }, { embeddingModel });
  const dataDir = evalIndexDir(dataRoot, vault, choice.model.id);
  const service = await VaultService.open({ vault, dataDir, embeddingModel: choice.model.id });
  return { service, dataDir };
}
