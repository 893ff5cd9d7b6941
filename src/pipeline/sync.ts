import { createHash } from 'node:crypto';
import type { Embedder } from '../models/embedder.js';
import type { Index } from '../store/openIndex.js';
import type { ChunkRecord, IndexDb, LogRow } from '../store/indexDb.js';
import { DEFAULT_CHUNK_OPTIONS, chunkMarkdown } from './chunker.js';
import { bytesPerChunk } from './chunkEstimate.js';
import { discoverNotes, toSource } from './discover.js';
import { dateFromNoteName, parseNoteMetadata } from './noteMetadata.js';
import { DEFAULT_DAILY_NOTE_FORMAT, readDailyNoteFormat } from '../obsidian/config.js';
import { DEFAULT_MAX_NOTE_BYTES, NoteReadError, readNote } from './readNote.js';
import { embeddingText, toChunkRecords } from './chunkRecords.js';
import { DEFAULT_LINK_POLICY, LinkPolicyError, refusalForPath, type LinkPolicy } from './linkPolicy.js';
import type { ChunkOptions } from './types.js';
import { isDiskFull } from '../shared/errors.js';

export interface SyncSummary {
  added: number;
  modified: number;
  unchanged: number;
  deleted: number;
  failed: number;
  chunks_added: number;
  chunks_deleted: number;
  duration_ms: number;
}

export interface SyncProgress {
  phase: 'scanning' | 'indexing' | 'finishing' | 'done';
  filesDone: number;
  filesTotal: number;
  chunksDone: number;
  chunksPerSec: number;
  etaSeconds: number | null;
  currentFile?: string;
}

export interface SyncOptions {
  vault: string;
  index: Index;
  embedder: Embedder;
  chunk?: ChunkOptions;
  maxNoteBytes?: number;
  /** gitignore-style patterns from settings, on top of the vault's .obsidianqueryignore. */
  exclude?: string[];
  /** Which symlinks may be followed (linkPolicy.ts); default: only those that stay inside the vault. */
  linkPolicy?: LinkPolicy;
  onProgress?: (p: SyncProgress) => void;
  /** Called after each committed batch: lets a UI refresh the log live. */
  onFilesChanged?: (ids: number[]) => void;
  signal?: AbortSignal;
  /** Chunks written per batch at full size. Bigger batches mean fewer LanceDB versions and SQLite commits. */
  batchChunks?: number;
  /**
   * The first batch's size; each later batch doubles up to batchChunks. A small first commit makes the first
   * notes searchable within seconds of a first sync starting, instead of after a full batch.
   */
  firstBatchChunks?: number;
  /** Test hook: called at named points so fault tests can kill the process at a precise moment. */
  checkpoint?: (point: string) => void;
}

interface Prepared {
  row: LogRow;
  source: string;
  hash: string;
  metadataJson: string;
  chunks: ChunkRecord[];
  embeddings: Float32Array[];
  isNew: boolean;
}

export const DEFAULT_BATCH_CHUNKS = 256;
export const DEFAULT_FIRST_BATCH_CHUNKS = 16;

/** How many chunks close the n-th (0-based) write batch of a sync: first small, then doubling to full size. */
export function batchLimit(
  n: number,
  full = DEFAULT_BATCH_CHUNKS,
  first = Math.min(DEFAULT_FIRST_BATCH_CHUNKS, full),
): number {
  return Math.min(full, first * 2 ** n);
}

/**
 * Chunks per byte of a note before any is read (the estimate the model choice uses too). Only used until real
 * notes have been chunked, whose own chunks-per-byte then takes over.
 */
function priorChunksPerByte(chunkOpts: ChunkOptions): number {
  return 1 / bytesPerChunk(chunkOpts);
}

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
  // Refused links are logged too (as failed, with the reason), so they are not "gone" and the user sees why.
  const changes = db.recordScan([...files, ...outside]);
  summary.unchanged = changes.unchanged;
  const dailyNoteFormat = readDailyNoteFormat(root);
  requeueRedatedNotes(db, root, dailyNoteFormat);
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
    summary.failed += rows.length;
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
 * Stages 1–5 for one vault. Crash-safety rests on ordering: vectors are written before the SQLite commit that
 * marks a file completed, and every vector delete is by file_id, so a rerun after a crash at any point sweeps
 * what the interrupted run left and never reports a file completed without its chunks.
 */
export async function syncVault(opts: SyncOptions): Promise<SyncSummary> {
  const started = performance.now();
  const { index, embedder } = opts;
  const { db, vectors } = index;
  const chunkOpts = opts.chunk ?? DEFAULT_CHUNK_OPTIONS;
  const maxBytes = opts.maxNoteBytes ?? DEFAULT_MAX_NOTE_BYTES;
  const batchChunks = opts.batchChunks ?? DEFAULT_BATCH_CHUNKS;
  const firstBatchChunks = Math.min(opts.firstBatchChunks ?? DEFAULT_FIRST_BATCH_CHUNKS, batchChunks);
  const cp = opts.checkpoint ?? (() => {});
  const summary: SyncSummary = {
    added: 0,
    modified: 0,
    unchanged: 0,
    deleted: 0,
    failed: 0,
    chunks_added: 0,
    chunks_deleted: 0,
    duration_ms: 0,
  };
  const runId = db.startSyncRun();
  db.resetInterrupted();

  const { root, policy, dailyNoteFormat, refused } = await scanAndRecord(opts, summary);
  const pending = db.selectPending().filter((row) => !refused.has(row.file_path));
  const total = pending.length;
  // Files count as done once their chunks are embedded (or they failed or were unchanged): embedding is the
  // slow part, so counting at commit time would hold the count at 0 for a whole batch.
  let filesDone = 0;
  // Chunks embedded so far, of files whose embedding finished; plus the chunks of the file being embedded.
  let chunksEmbedded = 0;
  let chunksInFlight = 0;
  // Bytes read of the notes chunked so far, against all pending notes' sizes: the total chunk count is
  // estimated from the chunks per byte seen so far, so the ETA is chunk rate over estimated chunks left.
  let bytesTotal = pending.reduce((acc, r) => acc + (r.file_size ?? 0), 0);
  let bytesSeen = 0;
  let chunksSeen = 0;
  let lastInFlightReport = 0;
  const indexStart = performance.now();
  const progress = (currentFile?: string) => {
    const secs = (performance.now() - indexStart) / 1000;
    const embedded = chunksEmbedded + chunksInFlight;
    const rate = secs > 0 ? embedded / secs : 0;
    const perByte = bytesSeen > 0 && chunksSeen > 0 ? chunksSeen / bytesSeen : priorChunksPerByte(chunkOpts);
    const estimatedTotal = Math.max(embedded, chunksSeen + Math.max(0, bytesTotal - bytesSeen) * perByte);
    opts.onProgress?.({
      phase: 'indexing',
      filesDone,
      filesTotal: total,
      chunksDone: embedded,
      chunksPerSec: rate,
      etaSeconds: rate > 0 ? (estimatedTotal - embedded) / rate : null,
      currentFile,
    });
  };
  progress();

  let batch: Prepared[] = [];
  let batchSize = 0;
  let batchesWritten = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    batchSize = 0;
    batchesWritten++;
    try {
      await writeBatch(current);
    } catch {
      // One bad file must not fail its neighbours: retry one by one to find it.
      for (const p of current) {
        try {
          await writeBatch([p]);
        } catch (err) {
          // The old vectors may already be gone: drop the old chunk rows too, so keyword search never serves
          // text whose vectors are missing. Best effort: on a full disk even these writes can fail.
          await vectors.deleteByFileIds([p.row.id]).catch(() => undefined);
          try {
            db.clearChunks([p.row.id]);
            db.markFailed(p.row.id, `Indexing failed: ${describeWriteError(err as Error)}`);
          } catch {
            // the next sync resets this file from 'processing' and retries it
          }
          summary.failed++;
        }
      }
    }
    progress();
  };
  // Ordering is the crash-safety contract: embeddings exist before anything is written, old vectors are
  // deleted and new ones added before the one SQLite commit that declares the files completed.
  const writeBatch = async (items: Prepared[]) => {
    const records = items.flatMap((p) => p.chunks);
    const embeddings = items.flatMap((p) => p.embeddings);
    cp('after-embed');
    await vectors.deleteByFileIds(items.map((p) => p.row.id));
    cp('after-delete-vectors');
    await vectors.add(records.map((r, i) => ({ ...r, contains_code: r.contains_code === 1, vector: embeddings[i]! })));
    cp('after-add-vectors');
    const { chunksDeleted } = db.commitFiles(
      items.map((p) => ({ id: p.row.id, hash: p.hash, metadataJson: p.metadataJson, chunks: p.chunks })),
    );
    cp('after-commit');
    for (const p of items) {
      if (p.isNew) summary.added++;
      else summary.modified++;
    }
    summary.chunks_added += records.length;
    summary.chunks_deleted += chunksDeleted;
    opts.onFilesChanged?.(items.map((p) => p.row.id));
  };
  const embedChunks = async (chunks: ChunkRecord[], source: string): Promise<Float32Array[]> => {
    if (chunks.length === 0) return [];
    try {
      return await embedder.embed(chunks.map(embeddingText), {
        onBatch: (n) => {
          chunksInFlight = n;
          // Texts are embedded one at a time: report a few times a second, not once per chunk.
          const t = performance.now();
          if (t - lastInFlightReport < 250) return;
          lastInFlightReport = t;
          progress(source);
        },
      });
    } finally {
      chunksInFlight = 0;
    }
  };

  for (const row of pending) {
    if (opts.signal?.aborted) break;
    db.markProcessing(row.id);
    cp('after-mark-processing');
    const source = toSource(root, row.file_path);
    const size = row.file_size ?? 0;
    let seen: { bytes: number; chunks: number } | null = null;
    try {
      // Asked again at read time: a link retargeted outside the vault since the scan is never read.
      const refusal = refusalForPath(root, row.file_path, policy);
      if (refusal) throw new LinkPolicyError(refusal);
      const { text, bytes } = await readNote(row.file_path, maxBytes);
      const hash = createHash('sha256').update(bytes).digest('hex');
      if (
        hash === row.file_hash &&
        row.num_chunks !== null &&
        db.chunkIdsOf(row.id).length === row.num_chunks &&
        // An interrupted run may have deleted the vectors already; the log alone is not proof they exist.
        (await vectors.count(`file_id = ${row.id}`)) === row.num_chunks
      ) {
        // Touched or copied by a sync tool: same content, so the existing vectors stand.
        db.markUnchanged(row.id);
        summary.unchanged++;
        filesDone++;
        bytesTotal -= size; // no chunks to come from this one
        continue;
      }
      const meta = parseNoteMetadata(text, source, { dailyNoteFormat });
      const chunks = toChunkRecords(chunkMarkdown(text, chunkOpts), meta, source, row.id, row.last_modified);
      seen = { bytes: size, chunks: chunks.length };
      bytesSeen += seen.bytes;
      chunksSeen += seen.chunks;
      let embeddings: Float32Array[];
      try {
        embeddings = await embedChunks(chunks, source);
      } catch (err) {
        throw new Error(`Indexing failed: ${describeWriteError(err as Error)}`);
      }
      chunksEmbedded += chunks.length;
      filesDone++;
      batch.push({
        row,
        source,
        hash,
        metadataJson: JSON.stringify(meta),
        chunks,
        embeddings,
        isNew: row.file_hash === null && row.last_ingested === null,
      });
      batchSize += chunks.length;
      progress(source);
      if (batchSize >= batchLimit(batchesWritten, batchChunks, firstBatchChunks)) await flush();
    } catch (err) {
      if (err instanceof NoteReadError && err.gone) {
        await vectors.deleteByFileIds([row.id]);
        summary.chunks_deleted += db.forgetFiles([row.id]);
        summary.deleted++;
      } else {
        if (err instanceof LinkPolicyError && db.chunkIdsOf(row.id).length > 0) {
          await vectors.deleteByFileIds([row.id]);
          summary.chunks_deleted += db.clearChunks([row.id]);
        }
        db.markFailed(row.id, (err as Error).message);
        summary.failed++;
      }
      // Neither its bytes nor its chunks are work still to come.
      bytesTotal -= size;
      if (seen) {
        bytesSeen -= seen.bytes;
        chunksSeen -= seen.chunks;
      }
      filesDone++;
      opts.onFilesChanged?.([row.id]);
    }
  }
  await flush();
  if (opts.signal?.aborted) db.resetInterrupted();

  await reportSync(opts, summary, { runId, started, filesDone, filesTotal: total });
  return summary;
}

const DAILY_NOTE_FORMAT_KEY = 'daily_note_format';

/**
 * A daily note's date lives in every one of its chunks (filters read it on both retrieval sides), so when
 * the vault's daily-note format changes, the notes whose name now means another day are indexed again. Only
 * those: a format change must not re-embed a whole vault.
 */
function requeueRedatedNotes(db: IndexDb, root: string, format: string): void {
  const previous = db.getMeta(DAILY_NOTE_FORMAT_KEY) ?? DEFAULT_DAILY_NOTE_FORMAT;
  if (previous === format) return;
  const redated = db.listFiles('completed').filter((row) => {
    const source = toSource(root, row.file_path);
    return dateFromNoteName(source, previous) !== dateFromNoteName(source, format);
  });
  db.requeueForReindex(redated.map((row) => row.id));
  db.setMeta(DAILY_NOTE_FORMAT_KEY, format);
}

/** Names the cause a user can act on: a full disk is the common one, and the raw errors hide it. */
export function describeWriteError(err: Error): string {
  if (isDiskFull(err)) {
    return `The disk holding the index is full (no space left on device): free some space and sync again. (${err.message.split('\n')[0]})`;
  }
  return err.message;
}
