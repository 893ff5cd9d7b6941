import { afterAll, beforeAll } from 'vitest';
import { loadEmbedder, type Embedder } from '../../src/models/embedder.js';
import type { SearchResult } from '../../src/search/similaritySearch.js';
import type { ChunkRecord } from '../../src/store/indexDb.js';

/** What the answer tests (synthesizer, answer quality, fallback draft) build their questions from. */

let seq = 0;

/**
 * A retrieved chunk of `source` holding `page_content`, as search returns it: title and folder from the path,
 * a unique chunk id and rank; `over` sets any other field (a score, a line range).
 */
export function searchResult(source: string, page_content: string, over: Partial<SearchResult> = {}): SearchResult {
  seq++;
  return {
    chunk_id: `chunk-${seq}`,
    page_content,
    source,
    title: source.replace(/^.*\//, '').replace(/\.md$/, ''),
    folder: source.includes('/') ? source.replace(/\/[^/]*$/, '') : '',
    section_title: '',
    header_path: '',
    chunk_index: 0,
    total_chunks: 1,
    start_line: 1,
    end_line: 4,
    tags: '',
    note_date: null,
    mtime: 0,
    score: 0.7,
    dense_score: 0.7,
    sparse_score: null,
    rank: seq,
    ...over,
  };
}

/**
 * The real bundled embedder for the tests of the enclosing describe: loaded once before them, disposed after.
 * Call the returned function inside a test to get it.
 */
export function useBundledEmbedder(): () => Embedder {
  let embedder: Embedder | undefined;
  beforeAll(async () => {
    embedder = await loadEmbedder();
  }, 60_000);
  afterAll(async () => {
    await embedder?.dispose();
  });
  return () => {
    if (!embedder) throw new Error('the embedder is loaded in beforeAll; call this inside a test');
    return embedder;
  };
}

/** A chunk of note `title` as the index stores it: `lines` from line `start` (what noteOutline and noteLead read). */
export function noteChunk(title: string, start: number, lines: string[]): ChunkRecord {
  return {
    chunk_id: `c${start}`,
    source: `${title}.md`,
    title,
    start_line: start,
    end_line: start + lines.length - 1,
    page_content: lines.join('\n'),
  } as ChunkRecord;
}
