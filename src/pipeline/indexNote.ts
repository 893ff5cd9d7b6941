/**
 * Stage 4 of a sync for one selected note, "chunk and embed": read it (refused links are never read), skip it
 * when its content is already indexed, cut it into chunks and embed them, then hand it to the batch writer.
 * A note that fails is recorded as failed (or forgotten, when it vanished) without failing the sync.
 */
import { createHash } from 'node:crypto';
import type { ChunkRecord, LogRow } from '../store/indexDb.js';
import { chunkMarkdown } from './chunker.js';
import { toSource } from './discover.js';
import { parseNoteMetadata } from './noteMetadata.js';
import { NoteReadError, readNote } from './readNote.js';
import { embeddingText, sentenceTexts, storesSentenceVectors, toChunkRecords } from './chunkRecords.js';
import { LinkPolicyError, refusalForPath, type LinkPolicy } from './linkPolicy.js';
import type { ChunkOptions } from './types.js';
import type { SyncOptions, SyncSummary } from './syncTypes.js';
import type { ChunkedShare, IndexingProgress } from './syncProgress.js';
import { describeWriteError, type BatchWriter } from './batchWriter.js';

/** What every note of one sync is indexed with. */
export interface NoteIndexing {
  opts: SyncOptions;
  summary: SyncSummary;
  root: string;
  policy: LinkPolicy;
  dailyNoteFormat: string;
  chunkOpts: ChunkOptions;
  maxBytes: number;
  progress: IndexingProgress;
  writer: BatchWriter;
}

/** Indexes one note already marked `processing`; never throws for a problem with the note itself. */
export async function indexNote(row: LogRow, ctx: NoteIndexing): Promise<void> {
  const { db } = ctx.opts.index;
  const source = toSource(ctx.root, row.file_path);
  const size = row.file_size ?? 0;
  let share: ChunkedShare | null = null;
  try {
    const { text, hash } = await readChecked(row, ctx);
    if (await alreadyIndexed(row, hash, ctx)) {
      // Touched or copied by a sync tool: same content, so the existing vectors stand.
      db.markUnchanged(row.id);
      ctx.summary.unchanged++;
      ctx.progress.unchanged(size);
      return;
    }
    const meta = parseNoteMetadata(text, source, { dailyNoteFormat: ctx.dailyNoteFormat });
    const chunks = toChunkRecords(chunkMarkdown(text, ctx.chunkOpts), meta, source, row.id, row.last_modified);
    share = { bytes: size, chunks: chunks.length };
    ctx.progress.chunked(share);
    let embeddings: Float32Array[];
    let sentenceVectors: Float32Array[][];
    try {
      embeddings = await embedChunks(chunks, source, ctx);
      sentenceVectors = await embedSentences(chunks, ctx);
    } catch (err) {
      throw new Error(`Indexing failed: ${describeWriteError(err as Error)}`);
    }
    ctx.progress.embedded(chunks.length);
    ctx.writer.add({
      row,
      source,
      hash,
      metadataJson: JSON.stringify(meta),
      chunks,
      embeddings,
      sentenceVectors,
      isNew: row.file_hash === null && row.last_ingested === null,
    });
    ctx.progress.report(source);
    if (ctx.writer.full) await ctx.writer.flush();
  } catch (err) {
    await recordFailure(row, err as Error, ctx);
    ctx.progress.failed(size, share);
    ctx.opts.onFilesChanged?.([row.id]);
  }
}

/**
 * The note's text and content hash. The link policy is asked again at read time: a link retargeted outside the
 * vault since the scan is never read.
 */
async function readChecked(row: LogRow, ctx: NoteIndexing): Promise<{ text: string; hash: string }> {
  const refusal = refusalForPath(ctx.root, row.file_path, ctx.policy);
  if (refusal) throw new LinkPolicyError(refusal);
  const { text, bytes } = await readNote(row.file_path, ctx.maxBytes);
  return { text, hash: createHash('sha256').update(bytes).digest('hex') };
}

/** Same content as last indexed, with all its chunk rows and vectors still there. */
async function alreadyIndexed(row: LogRow, hash: string, ctx: NoteIndexing): Promise<boolean> {
  const { db, vectors } = ctx.opts.index;
  return (
    hash === row.file_hash &&
    row.num_chunks !== null &&
    db.chunkIdsOf(row.id).length === row.num_chunks &&
    // An interrupted run may have deleted the vectors already; the log alone is not proof they exist.
    (await vectors.count(`file_id = ${row.id}`)) === row.num_chunks
  );
}

async function embedChunks(chunks: ChunkRecord[], source: string, ctx: NoteIndexing): Promise<Float32Array[]> {
  if (chunks.length === 0) return [];
  try {
    return await ctx.opts.embedder.embed(chunks.map(embeddingText), {
      onBatch: (n) => ctx.progress.embedding(n, source),
    });
  } finally {
    ctx.progress.embeddingEnded();
  }
}

/**
 * Per chunk, the vectors of its sentences (sentenceTexts: Japanese and Chinese chunks only), for an embedder that
 * stores them (storesSentenceVectors).
 */
async function embedSentences(chunks: ChunkRecord[], ctx: NoteIndexing): Promise<Float32Array[][]> {
  if (!storesSentenceVectors(ctx.opts.embedder)) return chunks.map(() => []);
  const texts = chunks.map(sentenceTexts);
  const flat = texts.flat();
  if (flat.length === 0) return chunks.map(() => []);
  const vectors = await ctx.opts.embedder.embed(flat);
  let at = 0;
  return texts.map((t) => vectors.slice(at, (at += t.length)));
}

/** A vanished note leaves the index; any other failure is recorded on it (a refused link's text leaves too). */
async function recordFailure(row: LogRow, err: Error, ctx: NoteIndexing): Promise<void> {
  const { db, vectors } = ctx.opts.index;
  if (err instanceof NoteReadError && err.gone) {
    await vectors.deleteByFileIds([row.id]);
    ctx.summary.chunks_deleted += db.forgetFiles([row.id]);
    ctx.summary.deleted++;
    return;
  }
  if (err instanceof LinkPolicyError && db.chunkIdsOf(row.id).length > 0) {
    await vectors.deleteByFileIds([row.id]);
    ctx.summary.chunks_deleted += db.clearChunks([row.id]);
  }
  db.markFailed(row.id, err.message);
  ctx.summary.failed++;
}
