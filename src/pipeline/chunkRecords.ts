import { randomUUID } from 'node:crypto';
import { ALIAS_SEPARATOR, type ChunkRecord } from '../store/indexDb.js';
import type { Chunk, NoteMetadata } from './types.js';

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
