import type { IndexDb, LogRow } from '../store/indexDb.js';
import { DEFAULT_CHUNK_OPTIONS } from './chunker.js';
import { discoverNotes, toSource } from './discover.js';
import { dateFromNoteName } from './noteMetadata.js';
import { DEFAULT_DAILY_NOTE_FORMAT, readDailyNoteFormat } from '../obsidian/config.js';
import { DEFAULT_MAX_NOTE_BYTES } from './readNote.js';
import { DEFAULT_LINK_POLICY, type LinkPolicy } from './linkPolicy.js';
import type { SyncOptions, SyncSummary } from './syncTypes.js';
import { IndexingProgress } from './syncProgress.js';
import { BatchWriter } from './batchWriter.js';
import { indexNote, type NoteIndexing } from './indexNote.js';
import { sentenceTexts, storesSentenceVectors } from './chunkRecords.js';
import type { Embedder } from '../models/embedder.js';

export type { SyncOptions, SyncProgress, SyncSummary } from './syncTypes.js';
export { DEFAULT_BATCH_CHUNKS, DEFAULT_FIRST_BATCH_CHUNKS, batchLimit, describeWriteError } from './batchWriter.js';

/**
 * Stages 1–2: scan the vault and record what changed in obq_log; the vectors and chunks of deleted, disabled
 * and newly refused files leave the index (vectors first). Returns what the indexing stages need.
 */
async function scanAndRecord(
  opts: SyncOptions,
  summary: SyncSummary,
): Promise<{ root: string; policy: LinkPolicy; dailyNoteFormat: string; refused: Set<string> }> {
  const { db, vectors } = opts.index;
  const cp = opts.checkpoint ?? (() => {});
  opts.onProgress?.({
    phase: 'scanning',
    filesDone: 0,
    filesTotal: 0,
    chunksDone: 0,
    chunksPerSec: 0,
    etaSeconds: null,
  });
  const policy = opts.linkPolicy ?? DEFAULT_LINK_POLICY;
  const { files, outside, root } = await discoverNotes(opts.vault, opts.exclude, policy);
  // Refused links are logged too (as failed, with the reason), so they are not "gone" and the user sees why;
  // the summary counts them as links_refused, not failed.
  const changes = db.recordScan([...files, ...outside]);
  const dailyNoteFormat = readDailyNoteFormat(root);
  // Notes queued again here were unchanged on disk; they are counted once, as indexed (modified), not also unchanged.
  const requeued = requeueRedatedNotes(db, root, dailyNoteFormat) + requeueForSentenceVectors(db, opts.embedder);
  summary.unchanged = changes.unchanged - requeued;
  cp('after-scan');

  if (changes.gone.length > 0) {
    const ids = changes.gone.map((r) => r.id);
    await vectors.deleteByFileIds(ids);
    cp('after-delete-vectors');
    summary.chunks_deleted += db.forgetFiles(ids);
    summary.deleted += ids.length;
    opts.onFilesChanged?.(ids);
  }
  const disabled = db.disabledWithChunks();
  if (disabled.length > 0) {
    await vectors.deleteByFileIds(disabled);
    summary.chunks_deleted += db.excludeFiles(disabled);
    opts.onFilesChanged?.(disabled);
  }

  const refused = new Set(outside.map((o) => o.filePath));
  if (outside.length > 0) {
    const rows = outside.map((o) => ({ row: db.fileByPath(o.filePath)!, reason: o.reason }));
    // Indexed while the policy allowed it (or before the link was retargeted): its text leaves the index now,
    // vectors first, as for a deleted file.
    const indexed = rows.filter(({ row }) => db.chunkIdsOf(row.id).length > 0).map(({ row }) => row.id);
    if (indexed.length > 0) {
      await vectors.deleteByFileIds(indexed);
      summary.chunks_deleted += db.clearChunks(indexed);
    }
    for (const { row, reason } of rows) db.markFailed(row.id, reason);
    summary.links_refused += rows.length;
    opts.onFilesChanged?.(rows.map(({ row }) => row.id));
  }

  return { root, policy, dailyNoteFormat, refused };
}

/** Stage 6: compact the vector table when anything changed, record the run, and report it done. */
async function reportSync(
  opts: SyncOptions,
  summary: SyncSummary,
  run: { runId: number; started: number; filesDone: number; filesTotal: number },
): Promise<void> {
  const { db, vectors } = opts.index;
  const { runId, started, filesDone, filesTotal: total } = run;
  const chunksDone = summary.chunks_added;
  opts.onProgress?.({ phase: 'finishing', filesDone, filesTotal: total, chunksDone, chunksPerSec: 0, etaSeconds: 0 });
  if (summary.chunks_added + summary.chunks_deleted > 0) await vectors.optimize();
  summary.duration_ms = Math.round(performance.now() - started);
  db.finishSyncRun(runId, summary);
  opts.onProgress?.({ phase: 'done', filesDone, filesTotal: total, chunksDone, chunksPerSec: 0, etaSeconds: 0 });
}

/**
 * Stages 1–6 for one vault: scan, record, select, chunk and embed, write, report. Crash-safety rests on
 * ordering: vectors are written before the SQLite commit that marks a file completed, and every vector delete
 * is by file_id, so a rerun after a crash at any point sweeps what the interrupted run left and never reports a
 * file completed without its chunks.
 */
export async function syncVault(opts: SyncOptions): Promise<SyncSummary> {
  const started = performance.now();
  const { db } = opts.index;
  const chunkOpts = opts.chunk ?? DEFAULT_CHUNK_OPTIONS;
  const cp = opts.checkpoint ?? (() => {});
  const summary: SyncSummary = {
    added: 0,
    modified: 0,
    unchanged: 0,
    deleted: 0,
    failed: 0,
    links_refused: 0,
    chunks_added: 0,
    chunks_deleted: 0,
    duration_ms: 0,
  };
  const runId = db.startSyncRun();
  db.resetInterrupted();

  const { root, policy, dailyNoteFormat, refused } = await scanAndRecord(opts, summary);
  const pending = selectPending(db, refused);
  const bytesTotal = pending.reduce((acc, r) => acc + (r.file_size ?? 0), 0);
  const progress = new IndexingProgress(pending.length, bytesTotal, chunkOpts, opts.onProgress);
  progress.report();
  const writer = new BatchWriter(opts, summary, () => progress.report());
  const indexing: NoteIndexing = {
    opts,
    summary,
    root,
    policy,
    dailyNoteFormat,
    chunkOpts,
    maxBytes: opts.maxNoteBytes ?? DEFAULT_MAX_NOTE_BYTES,
    progress,
    writer,
  };

  for (const row of pending) {
    if (opts.signal?.aborted) break;
    // Marked just before loading: a crash from here on leaves it 'processing', which the next sync retries.
    db.markProcessing(row.id);
    cp('after-mark-processing');
    await indexNote(row, indexing);
  }
  await writer.flush();
  if (opts.signal?.aborted) db.resetInterrupted();

  await reportSync(opts, summary, { runId, started, filesDone: progress.filesDone, filesTotal: pending.length });
  return summary;
}

/** Stage 3: the pending and failed enabled files, less the links this scan refused (already marked failed). */
function selectPending(db: IndexDb, refused: Set<string>): LogRow[] {
  return db.selectPending().filter((row) => !refused.has(row.file_path));
}

const DAILY_NOTE_FORMAT_KEY = 'daily_note_format';
const SENTENCE_VECTORS_KEY = 'sentence_vectors_checked';

/**
 * An index written before sentence vectors existed (migration 6) holds its Japanese and Chinese chunks without them,
 * and search then scores those chunks by their chunk vector alone: the user would not get the better search until
 * each note happened to change. So the first sync with an embedder that uses them (indexNote's embedSentences)
 * indexes those notes again, once: only those notes, and the check is not repeated (a chunk whose sentences are all
 * too short has none and would otherwise be re-indexed at every sync).
 */
function requeueForSentenceVectors(db: IndexDb, embedder: Embedder): number {
  if (!storesSentenceVectors(embedder) || db.getMeta(SENTENCE_VECTORS_KEY)) return 0;
  const requeued = db.requeueForReindex(db.filesLackingSentenceVectors((chunk) => sentenceTexts(chunk).length > 0));
  db.setMeta(SENTENCE_VECTORS_KEY, '1');
  return requeued;
}

/**
 * A daily note's date lives in every one of its chunks (filters read it on both retrieval sides), so when
 * the vault's daily-note format changes, the notes whose name now means another day are indexed again. Only
 * those: a format change must not re-embed a whole vault.
 */
function requeueRedatedNotes(db: IndexDb, root: string, format: string): number {
  const previous = db.getMeta(DAILY_NOTE_FORMAT_KEY) ?? DEFAULT_DAILY_NOTE_FORMAT;
  if (previous === format) return 0;
  const redated = db.listFiles('completed').filter((row) => {
    const source = toSource(root, row.file_path);
    return dateFromNoteName(source, previous) !== dateFromNoteName(source, format);
  });
  const requeued = db.requeueForReindex(redated.map((row) => row.id));
  db.setMeta(DAILY_NOTE_FORMAT_KEY, format);
  return requeued;
}
