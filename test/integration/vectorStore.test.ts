import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { cosine } from '../../src/models/embedder.js';
import { VectorStore, type VectorRow } from '../../src/store/vectorStore.js';
import { tempDir } from '../helpers/fixtures.js';
import { mulberry32 } from '../faults/support/rng.js';

/**
 * A table past the ANN threshold, on a real LanceDB folder: optimize() builds a vector index (HNSW-SQ, or
 * IVF-PQ for a table first indexed when already large) plus btree indexes, and searches must still find what
 * an exact scan finds (IVF-PQ codes alone lose most of the true top 10), and lookups and deletes by id must
 * still see rows written after the indexes were built.
 */

const DIM = 32;
const ROWS = 4000;

/** Deterministic clustered unit vectors: real embeddings cluster by topic, random ones do not. */
function makeVectors(n: number, seed: number): Float32Array[] {
  const rand = mulberry32(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
  const unit = (v: Float32Array) => {
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  };
  const centers = Array.from({ length: 60 }, () => unit(Float32Array.from({ length: DIM }, gauss)));
  return Array.from({ length: n }, () => {
    const c = centers[Math.floor(rand() * centers.length)]!;
    return unit(Float32Array.from(c, (x) => x + 0.15 * gauss()));
  });
}

function row(i: number, vector: Float32Array, fileId = 1 + (i % 400)): VectorRow {
  return {
    vector,
    chunk_id: `chunk-${i}`,
    file_id: fileId,
    source: `Folder/Note ${fileId}.md`,
    folder: 'Folder',
    title: `Note ${fileId}`,
    section_title: '',
    header_path: '',
    chunk_index: 0,
    total_chunks: 1,
    start_line: 1,
    end_line: 2,
    start_pos: 0,
    end_pos: 10,
    token_count: 10,
    contains_code: false,
    code_language: '',
    tags: '',
    mtime: 1_700_000_000,
    note_date: null,
    aliases: '',
    page_content: `text ${i}`,
  };
}

describe.each([
  { kind: 'IvfHnswSq', ivfPqThreshold: undefined, minRecall: 0.95 },
  { kind: 'IvfPq', ivfPqThreshold: 1000, minRecall: 0.9 },
])('VectorStore past the ANN threshold ($kind + btree indexes)', ({ kind, ivfPqThreshold, minRecall }) => {
  const tmp = tempDir('obq-vectors-');
  let store: VectorStore;
  const vectors = makeVectors(ROWS, 11);

  beforeAll(async () => {
    store = await VectorStore.open(path.join(tmp.dir, 'data'), DIM);
    await store.add(vectors.map((v, i) => row(i, v)));
    await store.optimize({ indexThreshold: 1000, ivfPqThreshold });
  }, 300_000);
  afterAll(() => {
    store?.close();
    tmp.cleanup();
  });

  it('builds the vector index and btree indexes on chunk_id and file_id', async () => {
    type IndexInfo = { columns: string[]; indexType: string };
    const table = (store as unknown as { table: { listIndices(): Promise<IndexInfo[]> } }).table;
    const indices = await table.listIndices();
    expect(indices.flatMap((i) => i.columns).sort()).toEqual(['chunk_id', 'file_id', 'vector']);
    expect(indices.find((i) => i.columns.includes('vector'))?.indexType).toBe(kind);
  });

  it(`finds at least ${minRecall * 100}% of the exact top 10 (IVF-PQ codes alone find far fewer)`, async () => {
    const queries = makeVectors(25, 99);
    let found = 0;
    for (const q of queries) {
      const exact = vectors
        .map((v, i) => ({ id: `chunk-${i}`, score: cosine(q, v) }))
        .sort((x, y) => y.score - x.score)
        .slice(0, 10)
        .map((x) => x.id);
      // Searched as similaritySearch does: 50 candidates deep, of which fusion uses the best.
      const got = new Set((await store.search(q, 50)).slice(0, 10).map((h) => h.chunk_id));
      found += exact.filter((id) => got.has(id)).length;
    }
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(minRecall);
  });

  it('rows added after the indexes were built are found by id, searched and deleted', async () => {
    const lateVectors = makeVectors(5, 7);
    await store.add(lateVectors.map((v, i) => row(ROWS + i, v, 999)));
    const byId = await store.vectorsOf(['chunk-5', `chunk-${ROWS + 2}`]);
    expect([...byId.keys()].sort()).toEqual([`chunk-${ROWS + 2}`, 'chunk-5'].sort());
    expect(cosine(byId.get(`chunk-${ROWS + 2}`)!, lateVectors[2]!)).toBeGreaterThan(0.9999);
    expect((await store.search(lateVectors[0]!, 1))[0]?.chunk_id).toBe(`chunk-${ROWS}`);

    await store.deleteByFileIds([999, 1]);
    expect(await store.count('file_id = 999 OR file_id = 1')).toBe(0);
    expect(await store.count()).toBe(ROWS - ROWS / 400);
  });
});

describe('a vector table written before the id column was named file_id', () => {
  const tmp = tempDir('obq-vectors-legacy-');
  const dataDir = path.join(tmp.dir, 'data');
  const vectors = makeVectors(40, 5);
  afterAll(() => tmp.cleanup());

  /** Writes a real table, then names its id column `log_id` as older versions wrote it. */
  async function makeLegacyTable(): Promise<void> {
    const store = await VectorStore.open(dataDir, DIM);
    await store.add(vectors.map((v, i) => row(i, v, 1 + (i % 4))));
    const table = (store as unknown as { table: import('@lancedb/lancedb').Table }).table;
    await table.alterColumns([{ path: 'file_id', rename: 'log_id' }]);
    store.close();
  }

  it('is read as it is by a read-only opener, and migrated to file_id by a writable open', async () => {
    await makeLegacyTable();
    const reader = (await VectorStore.openReadOnly(dataDir, DIM))!;
    const hits = await reader.search(vectors[6]!, 3);
    expect(hits[0]?.chunk_id).toBe('chunk-6');
    expect(hits[0]?.file_id).toBe(3);
    expect((await reader.allIds()).filter((r) => r.file_id === 1)).toHaveLength(10);
    reader.close();

    const store = await VectorStore.open(dataDir, DIM);
    const table = (store as unknown as { table: import('@lancedb/lancedb').Table }).table;
    const names = (await table.schema()).fields.map((f) => f.name);
    expect(names).toContain('file_id');
    expect(names).not.toContain('log_id');
    expect(await store.count()).toBe(40);
    await store.deleteByFileIds([2]);
    expect(await store.count('file_id = 2')).toBe(0);
    expect(await store.count()).toBe(30);
    expect((await store.search(vectors[6]!, 1))[0]?.file_id).toBe(3);
    store.close();
  });
});
