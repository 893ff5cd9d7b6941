import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadEmbedder, type Embedder } from '../models/embedder.js';
import { embeddingModels, findEmbeddingModel, selectedEmbeddingModel, type ModelEntry } from '../models/manifest.js';
import { detectVaultLanguage, modelForVault } from '../models/vaultLanguage.js';
import {
  createEndpointEmbedder,
  endpointModelId,
  endpointModelName,
  type EndpointEmbedder,
} from '../models/openaiEmbedder.js';
import { estimateChunks } from '../pipeline/chunkEstimate.js';
import { discoverNotes, resolveVault } from '../pipeline/discover.js';
import { checkIndex, type DoctorReport } from '../pipeline/doctor.js';
import { syncVault, type SyncProgress, type SyncSummary } from '../pipeline/sync.js';
import { acquireSyncLock, SyncCoordinator, syncInProgress } from '../pipeline/syncLock.js';
import { defaultDataDir } from '../store/dataDir.js';
import { IndexDb, type FileStatus, type LogRow } from '../store/indexDb.js';
import { openIndex, type Index } from '../store/openIndex.js';
import { loadKnownVaults, loadSettings, rememberVault, saveSettings, type Settings } from './settings.js';
import { BadRequestError } from '../shared/errors.js';

const embedders = new Map<string, Promise<Embedder>>();
/** Each embedding model loads once per process: loading costs a second or two and 100-300 MB. */
export function sharedEmbedder(model: ModelEntry = selectedEmbeddingModel()): Promise<Embedder> {
  let loading = embedders.get(model.id);
  if (!loading) {
    loading = loadEmbedder({}, model).catch((err: Error) => {
      embedders.delete(model.id);
      throw new Error(`${err.message}\nThe embedding model is missing or broken: run \`npm run models\`.`);
    });
    embedders.set(model.id, loading);
  }
  return loading;
}

/**
 * The model to open an index with. An index keeps the bundled model it was built with (so a new default
 * never locks a user out of the index they have); a new index, a re-index or an explicit
 * OBSIQUERY_EMBEDDING_MODEL gets the selected model.
 */
export function embeddingModelFor(dataDir: string, reindex = false): ModelEntry {
  const selected = selectedEmbeddingModel();
  if (reindex || process.env.OBSIQUERY_EMBEDDING_MODEL?.trim()) return selected;
  const indexedWith = IndexDb.peekEmbeddingModel(dataDir);
  return embeddingModels().find((m) => m.id === indexedWith) ?? selected;
}

/** An OpenAI-compatible embedding endpoint and the model it serves. */
export interface EmbeddingEndpointChoice {
  endpoint: string;
  model: string;
  allowRemote: boolean;
  timeoutMs?: number;
}

/** The embedder a vault's index is (to be) built with, and why. */
export interface ModelChoice {
  /** The bundled model; unused when `endpoint` is set. */
  model: ModelEntry;
  /** Embeddings come from this endpoint instead of a bundled model. */
  endpoint?: EmbeddingEndpointChoice;
  /** The vault language the choice rests on, when it rests on one (detected or set). */
  language: string | null;
  /** How it was chosen: 'index' (kept), 'cli', 'env', 'settings', 'language' (set by the user) or 'detected'. */
  source: 'index' | 'cli' | 'env' | 'settings' | 'language' | 'detected' | 'default';
  /**
   * Why this model, when the vault decided it ('language', 'detected'): its language and size, e.g. "large English
   * vault: 7,426 notes, ~12,151 chunks, more than …" (modelForVault).
   */
  reason?: string;
}

/**
 * Chooses the embedder for a vault's index. An explicit model (--embedding-model, OBSIQUERY_EMBEDDING_MODEL)
 * always wins (an existing index built with another model then asks for a re-index); otherwise an existing
 * index keeps the model it was built with until it is re-indexed. A new index or a re-index takes, in order:
 * the Settings' embedding model, the Settings' or --language language, or the language detected from a sample
 * of the vault's notes (English → the English default, or the fast English model for a vault too large for the
 * default's first sync; anything else or a mixed vault → the multilingual model).
 */
export async function chooseEmbeddingModel(
  loc: { vault: string | null; dataDir: string },
  opts: {
    reindex?: boolean;
    embeddingModel?: string;
    embeddingEndpoint?: string;
    allowRemoteEndpoint?: boolean;
    language?: string;
  } = {},
): Promise<ModelChoice> {
  const env = process.env;
  const timeoutMs = Number(env.OBSIQUERY_EMBEDDING_TIMEOUT_MS) || undefined;
  const allowRemote = () => opts.allowRemoteEndpoint ?? loadSettings(loc.dataDir).allowRemoteEndpoint;
  // An endpoint, like the chat endpoint: flags, then the environment (then, below, Settings). With an endpoint
  // in effect, --embedding-model / OBSIQUERY_EMBEDDING_MODEL name the endpoint's model.
  const explicitEndpoint = opts.embeddingEndpoint?.trim() || env.OBSIQUERY_EMBEDDING_ENDPOINT?.trim();
  if (explicitEndpoint) {
    const model = opts.embeddingModel?.trim() || env.OBSIQUERY_EMBEDDING_MODEL?.trim();
    if (!model)
      throw new UsageError(
        `Embedding endpoint ${explicitEndpoint} needs a model name (--embedding-model or OBSIQUERY_EMBEDDING_MODEL).`,
      );
    return {
      model: loadManifestDefault(),
      endpoint: { endpoint: explicitEndpoint, model, allowRemote: allowRemote(), timeoutMs },
      language: null,
      source: opts.embeddingEndpoint?.trim() ? 'cli' : 'env',
    };
  }
  if (opts.embeddingModel)
    return { model: findEmbeddingModel(opts.embeddingModel, '--embedding-model'), language: null, source: 'cli' };
  if (process.env.OBSIQUERY_EMBEDDING_MODEL?.trim())
    return { model: selectedEmbeddingModel(), language: null, source: 'env' };
  const settings = loadSettings(loc.dataDir);
  if (!opts.reindex) {
    const indexedId = IndexDb.peekEmbeddingModel(loc.dataDir);
    const indexedWith = embeddingModels().find((m) => m.id === indexedId);
    if (indexedWith) return { model: indexedWith, language: null, source: 'index' };
    const endpointModel = endpointModelName(indexedId);
    if (endpointModel) {
      const endpoint = indexedEndpoint(
        loc.dataDir,
        endpointModel,
        settings,
        IndexDb.peekMeta(loc.dataDir, 'embedding_endpoint'),
      );
      return {
        model: loadManifestDefault(),
        endpoint: { ...endpoint, allowRemote: opts.allowRemoteEndpoint ?? endpoint.allowRemote },
        language: null,
        source: 'index',
      };
    }
  }
  if (settings.embeddingEndpoint) {
    if (!settings.embeddingModel)
      throw new UsageError(
        `The embedding endpoint ${settings.embeddingEndpoint} in Settings needs a model name (Settings → Models).`,
      );
    return {
      model: loadManifestDefault(),
      endpoint: {
        endpoint: settings.embeddingEndpoint,
        model: settings.embeddingModel,
        allowRemote: allowRemote(),
        timeoutMs,
      },
      language: null,
      source: 'settings',
    };
  }
  if (settings.embeddingModel)
    return { model: findEmbeddingModel(settings.embeddingModel, 'Settings'), language: null, source: 'settings' };
  // A re-index opened by its data folder alone still knows its vault. Its size (from stats alone, no note read)
  // decides between the English default and the fast English model, whether the language is set or detected.
  const vault = loc.vault ?? IndexDb.peekMeta(loc.dataDir, 'vault_path');
  const files = vault && existsSync(vault) ? (await discoverNotes(vault)).files : null;
  const size = files && {
    notes: files.length,
    chunks: estimateChunks(
      files.map((f) => f.size),
      { chunkSize: settings.chunkSize, overlap: settings.overlap },
    ),
  };
  const language = opts.language ?? settings.language;
  if (language) return { ...modelForVault(language, undefined, size), language, source: 'language' };
  if (!files) return { model: selectedEmbeddingModel(), language: null, source: 'default' };
  const detected = await detectVaultLanguage(files.map((f) => f.filePath));
  return {
    ...modelForVault(detected.lang, detected.nonEnglishShare, size),
    language: detected.lang,
    source: 'detected',
  };
}

/**
 * The endpoint of an index built with the endpoint model `model`: the model stays, but the URL may have moved
 * (another port, another server with the same model), so the Settings' endpoint wins when it names the same
 * model; otherwise the address the index recorded.
 */
export function indexedEndpoint(
  dataDir: string,
  model: string,
  settings: Settings,
  recorded: string | undefined,
): EmbeddingEndpointChoice {
  const endpoint =
    settings.embeddingEndpoint && settings.embeddingModel === model ? settings.embeddingEndpoint : recorded;
  if (!endpoint)
    throw new UsageError(
      `The index at ${dataDir} was built with "${model}" from an embedding endpoint whose address it does not record: set the endpoint (--embedding-endpoint or Settings) or re-index.`,
    );
  return {
    endpoint,
    model,
    allowRemote: settings.allowRemoteEndpoint,
    timeoutMs: Number(process.env.OBSIQUERY_EMBEDDING_TIMEOUT_MS) || undefined,
  };
}

function loadManifestDefault(): ModelEntry {
  return embeddingModels()[0]!;
}

/**
 * An endpoint embedder for this index. An index already built with this endpoint model knows its dimension, so
 * it opens (and searches, with BM25 alone) while the endpoint is down; a new index or another model asks the
 * endpoint once for the dimension.
 */
export async function endpointEmbedder(
  choice: EmbeddingEndpointChoice,
  dataDir: string,
  reindex = false,
): Promise<EndpointEmbedder> {
  const indexed = !reindex && IndexDb.peekEmbeddingModel(dataDir) === endpointModelId(choice.model);
  const dimension = indexed ? Number(IndexDb.peekMeta(dataDir, 'embedding_dimension')) || undefined : undefined;
  return createEndpointEmbedder({ ...choice, dimension });
}

export class UsageError extends BadRequestError {
  constructor(message: string) {
    super('request.usage', message);
    this.name = 'UsageError';
  }
}

export interface OpenOptions {
  vault?: string;
  dataDir?: string;
  reindex?: boolean;
  /**
   * Embedder for a new index or a re-index (a bundled model id; with an embedding endpoint, the endpoint's
   * model name); overrides detection and Settings.
   */
  embeddingModel?: string;
  /** An OpenAI-compatible embedding endpoint (--embedding-endpoint); overrides the environment and Settings. */
  embeddingEndpoint?: string;
  /** Allow a non-loopback endpoint for this run (--allow-remote-endpoint); default: the Settings' choice. */
  allowRemoteEndpoint?: boolean;
  /** The vault's language (ISO 639-1) for a new index or a re-index, instead of detecting it from the notes. */
  language?: string;
  /** Repair an inconsistent index on open (default). The doctor turns this off to report what it finds. */
  autoRepair?: boolean;
}

/** Resolves which vault and data folder a command means: explicit flags, else what the index or the user last used. */
export async function resolveLocation(opts: OpenOptions): Promise<{ vault: string | null; dataDir: string }> {
  if (opts.vault) {
    const vault = await resolveVault(opts.vault);
    return { vault, dataDir: path.resolve(opts.dataDir ?? defaultDataDir(vault)) };
  }
  if (opts.dataDir) return { vault: null, dataDir: path.resolve(opts.dataDir) };
  const known = loadKnownVaults();
  const current = known.vaults.find((v) => v.vault === known.current);
  if (!current)
    throw new UsageError('No vault given and none synced yet: pass --vault <folder> (or --data <index folder>).');
  return current;
}

/** Everything the CLI, the pipeline worker and the web server do with one vault's index. */
export class VaultService {
  private readonly coordinator: SyncCoordinator<SyncSummary>;
  private progressListeners = new Set<(p: SyncProgress) => void>();
  private changeListeners = new Set<(ids: number[]) => void>();
  lastProgress: SyncProgress | null = null;
  /** Set by `sync({ reindex: true })`; the next run (not one already past its scan) re-embeds every note. */
  private reindexRequested = false;
  private running: AbortController | null = null;

  private constructor(
    readonly vault: string,
    readonly dataDir: string,
    readonly index: Index,
    readonly embedder: Embedder,
  ) {
    this.coordinator = new SyncCoordinator(() => this.runSync());
  }

  static async open(opts: OpenOptions): Promise<VaultService> {
    return VaultService.openAt(await resolveLocation(opts), opts);
  }

  /** Opens a location already resolved (an absolute data folder; a resolved vault, or null to take the index's). */
  static async openAt(
    loc: { vault: string | null; dataDir: string },
    opts: Omit<OpenOptions, 'vault' | 'dataDir'> = {},
  ): Promise<VaultService> {
    const choice = await chooseEmbeddingModel(loc, opts);
    const embedder = choice.endpoint
      ? await endpointEmbedder(choice.endpoint, loc.dataDir, opts.reindex)
      : await sharedEmbedder(choice.model);
    const index = await openIndex(
      loc.dataDir,
      { modelId: embedder.modelId, dimension: embedder.dimension },
      { reindex: opts.reindex },
    );
    // Which provider made the vectors, and where it answers: a reopened index finds its endpoint again.
    index.db.setMeta('embedding_provider', choice.endpoint ? 'endpoint' : 'bundled');
    if (choice.endpoint) index.db.setMeta('embedding_endpoint', (embedder as EndpointEmbedder).endpoint);
    // Recorded with the index (like its model), so status and a later re-index can say why this model.
    if (choice.source !== 'index') {
      index.db.setMeta('vault_language', choice.language ?? 'und');
      index.db.setMeta('embedding_model_source', choice.source);
      index.db.setMeta('embedding_model_reason', choice.reason ?? '');
    }
    let vault = loc.vault ?? index.db.getMeta('vault_path') ?? null;
    if (!vault) {
      index.close();
      throw new UsageError(`The index at ${loc.dataDir} does not record its vault: pass --vault.`);
    }
    if (loc.vault) {
      index.db.setMeta('vault_path', vault);
      rememberVault(vault, loc.dataDir);
    } else if (!existsSync(vault)) {
      vault = path.resolve(vault);
    }
    if (opts.autoRepair !== false) await repairIfInconsistent(index, loc.dataDir);
    return new VaultService(vault, loc.dataDir, index, embedder);
  }

  get settings(): Settings {
    return loadSettings(this.dataDir);
  }

  updateSettings(patch: Partial<Settings>): Settings {
    return saveSettings(this.dataDir, patch);
  }

  onProgress(fn: (p: SyncProgress) => void): () => void {
    this.progressListeners.add(fn);
    return () => this.progressListeners.delete(fn);
  }

  onFilesChanged(fn: (ids: number[]) => void): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }

  get syncing(): boolean {
    return this.coordinator.busy;
  }

  /**
   * Starts a sync, or joins the follow-up of the one already running (requests are coalesced). `reindex`
   * re-embeds every note, not only changed ones; the requeue is stored in the index, so a reindex that is
   * cancelled or killed resumes with the next sync.
   */
  sync(opts: { reindex?: boolean } = {}): Promise<SyncSummary> {
    if (opts.reindex) this.reindexRequested = true;
    return this.coordinator.request();
  }

  /** Stops the running sync after the batch it is writing; what is done stays done, the rest stays pending. */
  cancel(): boolean {
    if (!this.running) return false;
    this.running.abort();
    return true;
  }

  private async runSync(): Promise<SyncSummary> {
    const release = acquireSyncLock(this.dataDir);
    const controller = new AbortController();
    this.running = controller;
    try {
      // A new sync tries an endpoint that failed during the last one again at once.
      (this.embedder as Partial<EndpointEmbedder>).resetAvailability?.();
      if (this.reindexRequested) {
        this.reindexRequested = false;
        this.index.db.requeueAll();
      }
      const s = this.settings;
      return await syncVault({
        vault: this.vault,
        index: this.index,
        embedder: this.embedder,
        chunk: { chunkSize: s.chunkSize, overlap: s.overlap },
        exclude: s.exclude,
        linkPolicy: { followExternalLinks: s.followExternalLinks },
        maxNoteBytes: s.maxNoteMB * 1024 * 1024,
        onProgress: (p) => {
          this.lastProgress = p;
          for (const fn of this.progressListeners) fn(p);
        },
        onFilesChanged: (ids) => {
          for (const fn of this.changeListeners) fn(ids);
        },
        checkpoint: faultCheckpoint(),
        batchChunks: testBatchChunks(),
        signal: controller.signal,
      });
    } finally {
      this.running = null;
      release();
    }
  }

  status() {
    const failed = this.index.db
      .listFiles('failed')
      .map((f) => ({ file_path: f.file_path, error_message: f.error_message }));
    return {
      vault: this.vault,
      dataDir: this.dataDir,
      embeddingModel: this.embedder.modelId,
      ...this.embeddingModelChoice(),
      counts: this.index.db.countsByStatus(),
      failed,
      lastSync: this.index.db.lastSyncRun<SyncSummary>() ?? null,
      repairs: this.index.repairs,
    };
  }

  /**
   * How the index's model was chosen when the index was made or re-indexed ('detected', 'cli', …; null for an
   * index older than this record) and why, when the vault decided it ("large English vault: …").
   */
  embeddingModelChoice(): { embeddingModelSource: string | null; embeddingModelReason: string | null } {
    return {
      embeddingModelSource: this.index.db.getMeta('embedding_model_source') || null,
      embeddingModelReason: this.index.db.getMeta('embedding_model_reason') || null,
    };
  }

  files(status?: FileStatus): LogRow[] {
    return this.index.db.listFiles(status);
  }

  /** Finds a log row by absolute path, vault-relative path, or unique file name. */
  findFile(ref: string): LogRow {
    const db = this.index.db;
    const abs = path.isAbsolute(ref) ? ref : path.join(this.vault, ref);
    const hit = db.fileByPath(abs) ?? db.fileByPath(path.resolve(ref));
    if (hit) return hit;
    const byName = db.listFiles().filter((f) => f.file_name === ref || f.file_name === `${ref}.md`);
    if (byName.length === 1) return byName[0]!;
    throw new UsageError(
      byName.length > 1 ? `"${ref}" matches several files; give its path.` : `No indexed file matches "${ref}".`,
    );
  }

  /** Disabling removes the note from search at once; enabling queues it for the next sync. */
  async setEnabled(ref: string, enabled: boolean): Promise<LogRow> {
    const row = this.findFile(ref);
    if (!enabled) {
      await this.index.vectors.deleteByFileIds([row.id]);
      this.index.db.excludeFiles([row.id]);
    }
    const updated = this.index.db.setEnabled(row.file_path, enabled)!;
    for (const fn of this.changeListeners) fn([row.id]);
    return updated;
  }

  /**
   * While a sync runs the doctor only looks: that sync's vectors land before its commit, and repairing
   * them as orphans would leave its notes 'completed' with nothing to search.
   */
  doctor(repair = true): Promise<DoctorReport> {
    return checkIndex(this.index, { repair, syncRunning: syncInProgress(this.dataDir) });
  }

  close(): void {
    this.index.close();
  }
}

/**
 * A cheap check at open: the chunk log and the vector store must hold the same number of chunks. When they
 * do not (a vector folder deleted or restored from an old backup, a crash mid-write) and no sync is running,
 * the doctor resets the affected files so the next sync re-embeds them. Never while another process syncs:
 * its vectors land before its commit, and that gap is expected.
 */
async function repairIfInconsistent(index: Index, dataDir: string): Promise<void> {
  if (syncInProgress(dataDir)) return;
  const logged = index.db.countsByStatus();
  const vectors = await index.vectors.count();
  if (vectors === logged.chunks && logged.processing === 0) return;
  const report = await checkIndex(index, { repair: true });
  if (!report.ok) index.repairs.push(describeRepair(report, logged.chunks, vectors));
}

/** What the open-time repair did, naming only what happened (an interrupted sync is not a damaged index). */
export function describeRepair(report: DoctorReport, chunksLogged: number, vectorsStored: number): string {
  const done: string[] = [];
  if (report.interruptedReset > 0)
    done.push(`${report.interruptedReset} file(s) left mid-sync by an interrupted run go back to pending`);
  if (report.filesReset.length > 0 || report.orphanVectors > 0 || report.duplicateVectors > 0)
    done.push(
      `the index was inconsistent (${chunksLogged} chunks logged, ${vectorsStored} vectors stored): ${report.filesReset.length} file(s) will be re-indexed and ${report.orphanVectors + report.duplicateVectors} stray vector(s) were removed`,
    );
  const text = done.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * Fault-injection hook for the crash tests: OBQ_FAULT_KILL_AT="after-add-vectors:3" makes the process kill
 * itself with SIGKILL the 3rd time it passes that point. Inert unless the variable is set.
 */
/**
 * Test hook: smaller write batches (OBQ_SYNC_BATCH_CHUNKS), so a small vault syncs in several batches and a
 * test can pause between them (test/shell/mainProcess.test.ts). Unset, the pipeline's default applies.
 */
function testBatchChunks(): number | undefined {
  const n = Number(process.env.OBQ_SYNC_BATCH_CHUNKS);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function faultCheckpoint(): ((point: string) => void) | undefined {
  const spec = process.env.OBQ_FAULT_KILL_AT;
  if (!spec) return undefined;
  const [point, nth] = spec.split(':');
  let seen = 0;
  return (p) => {
    if (p === point && ++seen >= Number(nth ?? 1)) process.kill(process.pid, 'SIGKILL');
  };
}
