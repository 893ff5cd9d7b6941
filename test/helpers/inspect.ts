import { checkIndex, type DoctorReport } from '../../src/pipeline/doctor.js';
import { embeddingModelFor } from '../../src/services/vaultService.js';
import { openIndex } from '../../src/store/openIndex.js';
import type { FileStatus } from '../../src/store/indexDb.js';

export interface IndexState {
  report: DoctorReport;
  counts: Record<FileStatus, number> & { disabled: number; total: number; chunks: number };
}

/**
 * The consistency report of an index exactly as a crash left it. The CLI cannot show this any more: opening
 * an index through VaultService repairs it first (repairIfInconsistent), even for `doctor --no-repair`.
 * This opens the two stores directly (no embedder needed) and only reads.
 */
export async function inspectIndex(dataDir: string): Promise<IndexState> {
  const model = embeddingModelFor(dataDir);
  const index = await openIndex(dataDir, { modelId: model.id, dimension: model.dimension ?? 384 });
  try {
    return { report: await checkIndex(index, { repair: false }), counts: index.db.countsByStatus() };
  } finally {
    index.close();
  }
}
