import { accessSync, constants, mkdirSync } from 'node:fs';
import { IndexDb } from './indexDb.js';
import { VectorStore, DimensionMismatchError } from './vectorStore.js';
import { EmbeddingError, IndexError } from '../shared/errors.js';

export interface EmbeddingModelInfo {
  modelId: string;
  dimension: number;
}

export class ModelMismatchError extends EmbeddingError {
  constructor(
    readonly indexedWith: string,
    readonly current: string,
  ) {
    super(
      'embedding.modelMismatch',
      `This index was built with the embedding model "${indexedWith}", but ObsiQuery now uses "${current}". ` +
        'Vectors of different models cannot be mixed: re-index with `obsiquery sync --reindex` (or "Re-index" in the app).',
    );
    this.name = 'ModelMismatchError';
  }
}

export class DataDirError extends IndexError {
  constructor(message: string) {
    super('index.dataDir', message);
    this.name = 'DataDirError';
  }
}

export interface Index {
  db: IndexDb;
  vectors: VectorStore;
  dataDir: string;
  /** Problems found and repaired while opening (corrupt files moved aside), for the UI to show. */
  repairs: string[];
  close(): void;
}

/**
 * Opens both halves of an index and checks they belong to the given embedding model. A corrupt half is
 * rebuilt (repairs says so); a model mismatch is an error unless `reindex` asks to start over.
 */
export async function openIndex(
  dataDir: string,
  model: EmbeddingModelInfo,
  opts: { reindex?: boolean; writable?: boolean } = {},
): Promise<Index> {
  try {
    mkdirSync(dataDir, { recursive: true });
    if (opts.writable !== false) accessSync(dataDir, constants.W_OK);
  } catch (err) {
    throw new DataDirError(
      `The data folder ${dataDir} is not writable (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}). Choose another with --data or fix its permissions.`,
    );
  }
  const repairs: string[] = [];
  const db = IndexDb.open(dataDir, { onCorrupt: (m) => repairs.push(m) });
  const indexedWith = db.getMeta('embedding_model');
  if (indexedWith && indexedWith !== model.modelId) {
    if (!opts.reindex) {
      db.close();
      throw new ModelMismatchError(indexedWith, model.modelId);
    }
  }
  let vectors: VectorStore;
  try {
    vectors = await VectorStore.open(dataDir, model.dimension, { onCorrupt: (m) => repairs.push(m) });
  } catch (err) {
    if (!(err instanceof DimensionMismatchError) || !opts.reindex) {
      db.close();
      if (err instanceof DimensionMismatchError)
        throw new ModelMismatchError(indexedWith ?? `${err.stored}-dim model`, model.modelId);
      throw err;
    }
    const { rmSync } = await import('node:fs');
    rmSync(`${dataDir}/lancedb`, { recursive: true, force: true });
    vectors = await VectorStore.open(dataDir, model.dimension);
  }
  const vectorsReset = repairs.some((r) => r.startsWith('The vector store'));
  const dbReset = repairs.some((r) => r.startsWith('The index database'));
  if (opts.reindex && indexedWith !== model.modelId) {
    await vectors.reset();
    db.resetAll();
  } else if (vectorsReset) {
    // Vectors are gone, so every file must be embedded again; the log must not claim otherwise.
    db.resetAll();
  } else if (dbReset) {
    // A fresh log knows no chunk ids: clear vectors so none become orphans.
    await vectors.reset();
  }
  db.setMeta('embedding_model', model.modelId);
  db.setMeta('embedding_dimension', String(model.dimension));
  return {
    db,
    vectors,
    dataDir,
    repairs,
    close() {
      vectors.close();
      db.close();
    },
  };
}
