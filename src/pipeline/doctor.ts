import type { Index } from '../store/openIndex.js';

export interface DoctorReport {
  ok: boolean;
  interruptedReset: number;
  orphanVectors: number;
  duplicateVectors: number;
  /** Completed files whose chunk log, chunk rows and vectors disagree; reset to pending for the next sync. */
  filesReset: string[];
  completedFiles: number;
  vectors: number;
  /**
   * Another process was syncing: the doctor only looked (no repair) and left out the files that sync is
   * working on, whose vectors legitimately land before their log rows commit.
   */
  syncRunning?: boolean;
}

/**
 * Verifies the two halves of the index agree and repairs what does not (repair = make it safe for the next
 * sync to redo, never guess). With `repair: false` it only reports.
 */
export async function checkIndex(
  index: Index,
  opts: { repair?: boolean; syncRunning?: boolean } = {},
): Promise<DoctorReport> {
  const syncRunning = opts.syncRunning ?? false;
  const repair = (opts.repair ?? true) && !syncRunning;
  const { db, vectors } = index;
  const startedAt = Date.now() / 1000;

  // With a sync running elsewhere, vectors are read first and the log after, in one read transaction: a
  // batch the sync commits in between then shows up as complete in both, never as vectors without rows.
  const storedFirst = syncRunning ? await vectors.allIds() : undefined;
  const snapshot = db.db.transaction(() => ({
    processing: db.listFiles('processing'),
    completed: db.listFiles('completed'),
    chunkLog: db.allChunkLog(),
  }));
  const { processing, completed: allCompleted, chunkLog } = snapshot();
  // Files the running sync is on, or committed after the vectors were read, are its business, not damage.
  const inFlight = new Set<number>(
    syncRunning
      ? [
          ...processing.map((f) => f.id),
          ...allCompleted.filter((f) => (f.last_ingested ?? 0) >= startedAt - 1).map((f) => f.id),
        ]
      : [],
  );
  const completed = allCompleted.filter((f) => !inFlight.has(f.id));
  const interruptedReset = syncRunning ? 0 : repair ? db.resetInterrupted() : processing.length;

  const logged = new Map<string, number>();
  for (const r of chunkLog) logged.set(r.chunk_id, r.file_id);
  const stored = storedFirst ?? (await vectors.allIds());
  const seen = new Set<string>();
  const orphans: string[] = [];
  const duplicates: string[] = [];
  const vectorsPerFile = new Map<number, number>();
  for (const v of stored) {
    if (inFlight.has(v.file_id)) continue;
    if (!logged.has(v.chunk_id) || logged.get(v.chunk_id) !== v.file_id) orphans.push(v.chunk_id);
    else if (seen.has(v.chunk_id)) duplicates.push(v.chunk_id);
    else vectorsPerFile.set(v.file_id, (vectorsPerFile.get(v.file_id) ?? 0) + 1);
    seen.add(v.chunk_id);
  }

  const badFiles: { id: number; path: string }[] = [];
  for (const f of completed) {
    const logRows = db.chunkIdsOf(f.id).length;
    const chunkRows = db.chunksOf(f.id).length;
    const vecs = vectorsPerFile.get(f.id) ?? 0;
    if (logRows !== (f.num_chunks ?? 0) || chunkRows !== logRows || vecs !== logRows)
      badFiles.push({ id: f.id, path: f.file_path });
  }
  // A duplicated chunk means its file's vectors cannot be trusted either.
  const dupFiles = new Set(duplicates.map((c) => logged.get(c)!));
  for (const id of dupFiles)
    if (!badFiles.some((b) => b.id === id)) badFiles.push({ id, path: db.fileById(id)?.file_path ?? String(id) });

  if (repair) {
    if (orphans.length) await vectors.deleteByChunkIds(orphans);
    if (badFiles.length) {
      const ids = badFiles.map((b) => b.id);
      await vectors.deleteByFileIds(ids);
      db.clearChunks(ids);
    }
  }
  return {
    ok: interruptedReset === 0 && orphans.length === 0 && duplicates.length === 0 && badFiles.length === 0,
    interruptedReset,
    orphanVectors: orphans.length,
    duplicateVectors: duplicates.length,
    filesReset: badFiles.map((b) => b.path),
    completedFiles: allCompleted.length,
    vectors: stored.length,
    ...(syncRunning ? { syncRunning } : {}),
  };
}
