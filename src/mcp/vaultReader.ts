import path from 'node:path';
import type { Embedder } from '../models/embedder.js';
import { embeddingModels, type ModelEntry } from '../models/manifest.js';
import { IndexDb } from '../store/indexDb.js';
import type { Index } from '../store/openIndex.js';
import { VectorStore } from '../store/vectorStore.js';
import { resolveLocation, sharedEmbedder } from '../services/vaultService.js';
import { loadSettings, type Settings } from '../services/settings.js';
import { IndexError } from '../shared/errors.js';

/** There is no index to read yet: the message tells the user the one command that makes one. */
export class IndexMissingError extends IndexError {
  constructor(dataDir: string, vault: string | null) {
    super(
      'index.notFound',
      `No ObsiQuery index at ${dataDir} yet. Run \`obsiquery sync --vault ${vault ?? '<your vault folder>'}\` first, then call this tool again.`,
    );
    this.name = 'IndexMissingError';
  }
}

/**
 * One vault's index opened for reading only. The MCP server never syncs: it must not take the sync lock,
 * migrate, repair or record anything, because the app or a CLI may be syncing the same index right now.
 */
export interface VaultReader {
  readonly vault: string;
  readonly dataDir: string;
  readonly index: Index;
  /** The embedding model the index was built with; queries must be embedded with the same one. */
  readonly model: ModelEntry;
  readonly settings: Settings;
  /** Loaded on first use (a second or two, 100-300 MB), then shared. */
  embedder(): Promise<Embedder>;
  close(): void;
}

export async function openVaultReader(opts: { vault?: string; dataDir?: string }): Promise<VaultReader> {
  const loc = await resolveLocation({ vault: opts.vault, dataDir: opts.dataDir });
  const db = IndexDb.openReadOnly(loc.dataDir);
  if (!db) throw new IndexMissingError(loc.dataDir, loc.vault);
  let vectors: VectorStore | undefined;
  try {
    const modelId = db.getMeta('embedding_model');
    const vault = loc.vault ?? db.getMeta('vault_path') ?? null;
    if (!modelId || !vault) throw new IndexMissingError(loc.dataDir, vault);
    const model = embeddingModels().find((m) => m.id === modelId);
    if (!model)
      throw new Error(
        `The index was built with the embedding model "${modelId}", which this ObsiQuery does not bundle.`,
      );
    vectors = await VectorStore.openReadOnly(loc.dataDir, model.dimension ?? 384);
    if (!vectors) throw new IndexMissingError(loc.dataDir, vault);
    const store = vectors;
    const index: Index = {
      db,
      vectors: store,
      dataDir: loc.dataDir,
      repairs: [],
      close() {
        store.close();
        db.close();
      },
    };
    return {
      vault: path.resolve(vault),
      dataDir: loc.dataDir,
      index,
      model,
      settings: loadSettings(loc.dataDir),
      embedder: () => sharedEmbedder(model),
      close: () => index.close(),
    };
  } catch (err) {
    vectors?.close();
    db.close();
    throw err;
  }
}
