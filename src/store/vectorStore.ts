import * as lancedb from '@lancedb/lancedb';
import { Field, FixedSizeList, Float32, Float64, Int32, Schema, Utf8, Bool } from 'apache-arrow';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ChunkRecord } from './indexDb.js';
import { EmbeddingError } from '../shared/errors.js';

/** A chunk's row in LanceDB: the chunk's SQLite record (same names, `file_id` included) plus its vector. */
export interface VectorRow extends Omit<ChunkRecord, 'contains_code'> {
  vector: number[] | Float32Array;
  contains_code: boolean;
}

/**
 * The column holding the obq_log id. Tables written before it was named like SQLite's `file_id` call it
 * `log_id`: a writable open renames it (a metadata-only change in Lance); a read-only open reads either.
 */
const FILE_ID = 'file_id';
const LEGACY_FILE_ID = 'log_id';

export type VectorHit = Omit<VectorRow, 'vector'> & { _distance: number };

const TABLE = 'chunks';
/**
 * Once a table has a vector index, its quantised codes alone rank poorly: with IVF-PQ on 200k clustered 384-d
 * vectors only 33% of the exact top 10 came back. Re-scoring ANN_REFINE × k candidates with their full vectors
 * brought that to 94% for 12 ms p95; probing 50 partitions instead of LanceDB's 20 added 2 points for 5 ms
 * more (bench/README.md). HNSW-SQ's scalar codes are re-scored the same way. Flat search ignores it.
 */
const ANN_REFINE = 5;
/**
 * Rows from which a vector index replaces the flat scan. On the 11,643-chunk tldr index the scan alone took
 * p50 33-56 ms (most of a hybrid query's time on 2 cores); HNSW-SQ with the same refine returned the exact top
 * 10 for all 54 eval questions at p50 13-15 ms and built in 3.3 s. IVF-FLAT at that size lost 5-12% of the
 * top 10 for a similar speed-up (bench/README.md).
 */
const ANN_MIN_ROWS = 10_000;
/**
 * A table first indexed at this size or more gets IVF-PQ instead: the configuration measured on the 200k
 * synthetic index (94% of the exact top 10, p95 12 ms with refine). HNSW at that size is unmeasured here.
 */
const IVF_PQ_MIN_ROWS = 50_000;
/** Open attempts before an unreadable store counts as corrupt (about 0.3 s of waiting in all). */
const OPEN_ATTEMPTS = 4;

/** Column list for searches: everything except the vector, which callers never need back. */
const RESULT_COLUMNS = [
  'chunk_id',
  'source',
  'folder',
  'title',
  'section_title',
  'header_path',
  'chunk_index',
  'total_chunks',
  'start_line',
  'end_line',
  'start_pos',
  'end_pos',
  'token_count',
  'contains_code',
  'code_language',
  'tags',
  'mtime',
  'note_date',
  'aliases',
  'page_content',
];

function chunkSchema(dimension: number): Schema {
  const str = (name: string, nullable = false) => new Field(name, new Utf8(), nullable);
  const int = (name: string) => new Field(name, new Int32(), false);
  return new Schema([
    new Field('vector', new FixedSizeList(dimension, new Field('item', new Float32(), true)), false),
    str('chunk_id'),
    int(FILE_ID),
    str('source'),
    str('folder'),
    str('title'),
    str('section_title'),
    str('header_path'),
    int('chunk_index'),
    int('total_chunks'),
    int('start_line'),
    int('end_line'),
    int('start_pos'),
    int('end_pos'),
    int('token_count'),
    new Field('contains_code', new Bool(), false),
    str('code_language'),
    str('tags'),
    new Field('mtime', new Float64(), false),
    str('note_date', true),
    str('aliases'),
    str('page_content'),
  ]);
}

/** SQL string literal for LanceDB filters. */
export function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Renames a legacy table's `log_id` column to `file_id`. Another process opening the same table may rename it
 * first; that is success too.
 */
async function renameLegacyFileId(table: lancedb.Table): Promise<void> {
  try {
    await table.alterColumns([{ path: LEGACY_FILE_ID, rename: FILE_ID }]);
  } catch (err) {
    await table.checkoutLatest();
    if (!(await table.schema()).fields.some((f) => f.name === FILE_ID)) throw err;
  }
}

/**
 * The LanceDB side of the index: one table of chunk vectors with their metadata, so a vector search can
 * filter on metadata before ranking. Writes are batched by the caller; every delete is by file_id, which
 * also sweeps vectors a crash left behind without a chunk-log row.
 */
export class VectorStore {
  private constructor(
    private readonly conn: lancedb.Connection,
    private table: lancedb.Table,
    readonly dir: string,
    readonly dimension: number,
    /** `file_id`, or `log_id` in a legacy table opened read-only. */
    private readonly idColumn: string = FILE_ID,
  ) {}

  static async open(
    dataDir: string,
    dimension: number,
    opts: { onCorrupt?: (detail: string) => void } = {},
  ): Promise<VectorStore> {
    const dir = path.join(dataDir, 'lancedb');
    try {
      return await VectorStore.openSettled(dir, dimension);
    } catch (err) {
      if (err instanceof DimensionMismatchError) throw err;
      // An unreadable LanceDB folder is rebuilt from the vault; the caller resets the log to match.
      opts.onCorrupt?.(
        `The vector store could not be opened (${(err as Error).message.split('\n')[0]}); it was reset.`,
      );
      rmSync(dir, { recursive: true, force: true });
      return VectorStore.openAt(dir, dimension);
    }
  }

  /**
   * Opens an existing store for reading only (the MCP server): no table is created and nothing is reset on
   * error, so a reader never writes under a sync running in another process. Undefined when there is no table.
   */
  static async openReadOnly(dataDir: string, dimension: number): Promise<VectorStore | undefined> {
    const dir = path.join(dataDir, 'lancedb');
    if (!existsSync(dir)) return undefined;
    const conn = await lancedb.connect(dir, { readConsistencyInterval: 1 });
    if (!(await conn.tableNames()).includes(TABLE)) {
      conn.close();
      return undefined;
    }
    const table = await conn.openTable(TABLE);
    const vec = (await table.schema()).fields.find((f) => f.name === 'vector');
    const dim = (vec?.type as FixedSizeList | undefined)?.listSize;
    if (dim !== dimension) {
      table.close();
      conn.close();
      throw new DimensionMismatchError(dim ?? -1, dimension);
    }
    const legacy = (await table.schema()).fields.some((f) => f.name === LEGACY_FILE_ID);
    return new VectorStore(conn, table, dir, dimension, legacy ? LEGACY_FILE_ID : FILE_ID);
  }

  /**
   * Opens, retrying briefly: another process creating the table in this instant (the app's worker and a CLI
   * on a new data folder) leaves it unreadable for a few milliseconds, and that must not be taken for
   * corruption, which wipes the folder under the other process.
   */
  private static async openSettled(dir: string, dimension: number): Promise<VectorStore> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await VectorStore.openAt(dir, dimension);
      } catch (err) {
        if (err instanceof DimensionMismatchError || attempt >= OPEN_ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }

  private static async openAt(dir: string, dimension: number): Promise<VectorStore> {
    // The app reads while the worker process writes: re-check the table version at most once a second.
    const conn = await lancedb.connect(dir, { readConsistencyInterval: 1 });
    const names = await conn.tableNames();
    // existOk: another process (the app's worker and a CLI) may create the table in the same instant; the
    // loser must open the winner's table, not mistake the clash for corruption and wipe the folder.
    const table = names.includes(TABLE)
      ? await conn.openTable(TABLE)
      : await conn.createEmptyTable(TABLE, chunkSchema(dimension), { mode: 'create', existOk: true });
    const schema = await table.schema();
    const vec = schema.fields.find((f) => f.name === 'vector');
    const dim = (vec?.type as FixedSizeList | undefined)?.listSize;
    if (dim !== dimension) throw new DimensionMismatchError(dim ?? -1, dimension);
    await table.countRows(); // touches the manifest and data files so corruption surfaces here, not mid-sync
    if (schema.fields.some((f) => f.name === LEGACY_FILE_ID)) await renameLegacyFileId(table);
    return new VectorStore(conn, table, dir, dimension);
  }

  async add(rows: VectorRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.table.add(
      rows.map((r) => ({ ...r, vector: Array.from(r.vector) })) as unknown as Record<string, unknown>[],
    );
  }

  async deleteByFileIds(ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      const slice = ids.slice(i, i + 500);
      await this.table.delete(`${FILE_ID} IN (${slice.join(',')})`);
    }
  }

  async deleteByChunkIds(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      await this.table.delete(
        `chunk_id IN (${ids
          .slice(i, i + 500)
          .map(sqlString)
          .join(',')})`,
      );
    }
  }

  async count(filter?: string): Promise<number> {
    return this.table.countRows(filter);
  }

  /** Every stored (chunk_id, file_id) pair, for the consistency check. */
  async allIds(): Promise<{ chunk_id: string; file_id: number }[]> {
    const rows = await this.table.query().select(['chunk_id', this.idColumn]).toArray();
    return rows.map((r: Record<string, unknown>) => ({
      chunk_id: r.chunk_id as string,
      file_id: Number(r[this.idColumn]),
    }));
  }

  /** Dense search with the filter applied before ranking (LanceDB prefilter). Cosine distance: 0 = identical. */
  async search(vector: Float32Array | number[], k: number, where?: string): Promise<VectorHit[]> {
    let q = this.table
      .vectorSearch(Array.from(vector))
      .distanceType('cosine')
      .refineFactor(ANN_REFINE)
      .select([...RESULT_COLUMNS, this.idColumn, '_distance'])
      .limit(k);
    if (where) q = q.where(where);
    const rows = (await q.toArray()) as (VectorHit & Record<string, unknown>)[];
    return rows.map(({ [LEGACY_FILE_ID]: legacy, ...r }) => ({
      ...r,
      file_id: Number(legacy ?? r.file_id),
      mtime: Number(r.mtime),
    }));
  }

  /** Stored vectors of specific chunks, for scoring candidates that only the keyword side found. */
  async vectorsOf(chunkIds: string[]): Promise<Map<string, Float32Array>> {
    const out = new Map<string, Float32Array>();
    if (chunkIds.length === 0) return out;
    const rows = (await this.table
      .query()
      .where(`chunk_id IN (${chunkIds.map(sqlString).join(',')})`)
      .select(['chunk_id', 'vector'])
      .toArray()) as { chunk_id: string; vector: ArrayLike<number> }[];
    for (const r of rows) out.set(r.chunk_id, Float32Array.from(r.vector));
    return out;
  }

  /**
   * Compacts small fragments left by many incremental writes and drops old versions; builds an ANN index
   * once the table is big enough that a flat scan stops being cheap (see the thresholds above).
   */
  async optimize(opts: { indexThreshold?: number; ivfPqThreshold?: number } = {}): Promise<void> {
    await this.table.optimize({ cleanupOlderThan: new Date(Date.now() - 60_000) });
    const rows = await this.table.countRows();
    const threshold = opts.indexThreshold ?? ANN_MIN_ROWS;
    if (rows >= threshold) {
      const indexed = new Set((await this.table.listIndices()).flatMap((i) => i.columns));
      if (!indexed.has('vector')) {
        const config =
          rows >= (opts.ivfPqThreshold ?? IVF_PQ_MIN_ROWS)
            ? lancedb.Index.ivfPq({ numPartitions: Math.max(1, Math.round(Math.sqrt(rows))), distanceType: 'cosine' })
            : lancedb.Index.hnswSq({ distanceType: 'cosine' });
        await this.table.createIndex('vector', { config });
      }
      // Hybrid search fetches the vectors of keyword-only hits by chunk_id, and a sync deletes by file_id:
      // without these, each is a scan of the whole table.
      for (const column of ['chunk_id', FILE_ID])
        if (!indexed.has(column)) await this.table.createIndex(column, { config: lancedb.Index.btree() });
    }
  }

  async reset(): Promise<void> {
    await this.conn.dropTable(TABLE);
    this.table = await this.conn.createEmptyTable(TABLE, chunkSchema(this.dimension), { mode: 'create' });
  }

  close(): void {
    this.table.close();
    this.conn.close();
  }
}

export class DimensionMismatchError extends EmbeddingError {
  constructor(
    readonly stored: number,
    readonly expected: number,
  ) {
    super(
      'embedding.dimensionMismatch',
      `The vector index was built with ${stored}-dimensional embeddings, but the current model produces ${expected}.`,
    );
    this.name = 'DimensionMismatchError';
  }
}
