import { randomUUID } from 'node:crypto';
import { isUnspaced } from '../text/language.js';
import { plainText, splitSentences } from '../text/sentences.js';
import { ALIAS_SEPARATOR, type ChunkRecord } from '../store/indexDb.js';
import type { Chunk, NoteMetadata } from './types.js';
import type { Embedder } from '../models/embedder.js';

/** Joins list values so a filter can match a whole item with LIKE '%,item,%'. */
export function joinList(values: string[]): string {
  return values.length ? `,${values.map((v) => v.replace(/,/g, ' ')).join(',')},` : '';
}

/** Stage 5 input: chunks of one note turned into stored rows, each with a fresh UUID. */
export function toChunkRecords(
  chunks: Chunk[],
  meta: NoteMetadata,
  source: string,
  fileId: number,
  mtime: number,
): ChunkRecord[] {
  const slash = source.lastIndexOf('/');
  const folder = slash === -1 ? '' : source.slice(0, slash);
  return chunks.map((c) => ({
    chunk_id: randomUUID(),
    file_id: fileId,
    source,
    folder,
    title: meta.title,
    section_title: c.sectionTitle,
    header_path: c.headerPath.join(' › '),
    chunk_index: c.chunkIndex,
    total_chunks: chunks.length,
    start_line: c.startLine,
    end_line: c.endLine,
    start_pos: c.startPos,
    end_pos: c.endPos,
    token_count: c.tokenCount,
    contains_code: c.containsCode ? 1 : 0,
    code_language: c.codeLanguage,
    tags: joinList(meta.tags.map((t) => t.toLowerCase())),
    mtime,
    note_date: meta.dates[0] ?? null,
    aliases: meta.aliases.join(ALIAS_SEPARATOR),
    page_content: c.text,
  }));
}

/**
 * What the embedder sees: the note title and heading path give a chunk the context its own text often
 * lacks ("Settings" means nothing without "Sync › Settings"). The stored page_content stays raw markdown.
 */
export function embeddingText(rec: Pick<ChunkRecord, 'title' | 'header_path' | 'page_content'>): string {
  const context = [rec.title, rec.header_path].filter(Boolean).join(' › ');
  return `${context}\n\n${rec.page_content}`;
}

/**
 * The texts that stand for a chunk's sentences, each embedded in its chunk's place (embeddingText): the sentences of
 * a Japanese or Chinese chunk, none for other chunks. A chunk's vector averages a few hundred tokens of several
 * things, and a small multilingual embedder loses the one sentence that answers; scored by its best sentence as well,
 * the Japanese tuning questions found their note in the top five for 0.746 of them instead of 0.678 (docs/languages.md,
 * "Sentence vectors"). In English and Spanish it changed nothing that BM25 had not already found, so their chunks, most
 * chunks, pay nothing for it.
 */
export function sentenceTexts(rec: Pick<ChunkRecord, 'title' | 'header_path' | 'page_content'>): string[] {
  return isUnspaced(rec.page_content) ? everySentenceText(rec) : [];
}

/**
 * Whether an index built with this embedder stores sentence vectors: only one whose search is calibrated for them (a
 * `denseWeightCjkSentences`, the multilingual model's). They were measured with that model, and the English models
 * cannot read those sentences anyway. Indexing (embedSentences) and the upgrade of older indexes
 * (requeueForSentenceVectors) ask the same question here.
 */
export function storesSentenceVectors(embedder: Pick<Embedder, 'calibration'>): boolean {
  return embedder.calibration.denseWeightCjkSentences !== undefined;
}

/** Every chunk's sentence texts, whatever its language (what bench/sentenceVectors.ts measures). */
export function everySentenceText(rec: Pick<ChunkRecord, 'title' | 'header_path' | 'page_content'>): string[] {
  return plainText(rec.page_content)
    .split('\n')
    .flatMap(splitSentences)
    .filter((s) => s.length >= MIN_SENTENCE_CHARS)
    .map((s) => embeddingText({ ...rec, page_content: s }));
}

/** Shorter pieces ("手順:", "1.") say nothing of their own. */
const MIN_SENTENCE_CHARS = 6;
