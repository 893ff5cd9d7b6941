import path from 'node:path';
import { parseRequest, type LogRowT, type RequestChannel, type Res, type StatusT } from '../shared/contract.js';
import { discoverNotes, resolveVault, toSource } from '../pipeline/discover.js';
import { defaultDataDir } from '../store/dataDir.js';
import type { LogRow } from '../store/indexDb.js';
import { loadManifest, selectedEmbeddingModel } from '../models/manifest.js';
import { loadKnownVaults } from './settings.js';
import { BrowseError, browseFolders } from './folderBrowser.js';
import { PathRefusedError, readVaultNote, resolveNotePath } from './notePaths.js';
import { obsidianUri } from '../obsidian/uri.js';
import { resolveWikilink } from '../obsidian/wikilinks.js';
import { refusalForPath, sourceFilter, type LinkPolicy } from '../pipeline/linkPolicy.js';
import { SyncWorkerClient, type WorkerHandle } from './syncWorkerClient.js';
import { UsageError, VaultService } from './vaultService.js';
import { listThreads } from '../store/threads.js';
import type { ChatService, Emit } from '../shared/chatService.js';
import { searchNotes } from './searchNotes.js';

export type { ChatService, Emit };

function linkPolicyOf(settings: { followExternalLinks: boolean }): LinkPolicy {
  return { followExternalLinks: settings.followExternalLinks };
}

export interface HostHooks {
  /** Electron: a native folder dialog. Web: none. */
  pickFolder?: () => Promise<string | null>;
  /** Electron: shell.showItemInFolder / shell.openExternal. */
  revealFile?: (absPath: string) => void;
  openExternal?: (uri: string) => void;
  /** Makes the chat service for a vault; loaded lazily because the chat model takes seconds to load. */
  createChat?: (service: VaultService) => Promise<ChatService>;
}

type Handler<C extends RequestChannel> = (req: ReturnType<typeof parseRequest<C>>) => Promise<Res<C>>;

/**
 * The backend behind the contract, shared by the Electron main process and the web server: each request is
 * validated against its schema, then served from the current vault's index. Indexing happens in the
 * pipeline worker; this side only reads (plus small writes such as enable/disable).
 */
export class Backend {
  readonly worker: SyncWorkerClient;
  private current: VaultService | null = null;
  private chat: Promise<ChatService> | null = null;
  private listeners = new Set<Emit>();
  /** `serve --data DIR` without --vault: the vault the user adds in the UI is indexed there. */
  preferredDataDir: string | undefined;
  /** A command-line choice of link policy (`serve --follow-external-links`), saved into each vault opened. */
  followExternalLinks: boolean | undefined;

  constructor(
    spawnWorker: () => WorkerHandle,
    private readonly hooks: HostHooks = {},
  ) {
    this.worker = new SyncWorkerClient(spawnWorker);
    this.worker.on('progress', (p) => this.emit('sync:progress', p));
    this.worker.on('filesChanged', (ids) => this.emit('log:changed', { ids }));
    this.worker.on('done', (d) => this.emit('sync:done', d));
    this.worker.on('crashed', (message) => this.emit('worker:crashed', { message }));
    this.worker.on('paused', (paused) => this.emit('sync:paused', { paused }));
  }

  onEvent(fn: Emit): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  readonly emit: Emit = (event, payload) => {
    for (const fn of this.listeners) fn(event, payload);
  };

  /** Opens a vault at start-up (CLI flag, or the one used last). */
  async openVault(vaultPath: string, dataDir?: string): Promise<void> {
    const vault = await resolveVault(vaultPath);
    const dir = path.resolve(
      dataDir ??
        loadKnownVaults().vaults.find((v) => v.vault === vault)?.dataDir ??
        this.preferredDataDir ??
        defaultDataDir(vault),
    );
    // Only the first vault goes there; a second vault gets its own folder, never a shared one.
    this.preferredDataDir = undefined;
    // Resolved here once: the service opens exactly this location (and remembers it as the current vault).
    const next = await VaultService.openAt({ vault, dataDir: dir });
    if (this.followExternalLinks !== undefined) next.updateSettings({ followExternalLinks: this.followExternalLinks });
    const previous = this.current;
    this.current = next;
    this.chat = null;
    previous?.close();
    this.worker.setTarget(vault, dir);
    this.emit('vault:changed', { vault });
  }

  async restoreLastVault(): Promise<void> {
    const known = loadKnownVaults();
    const last = known.vaults.find((v) => v.vault === known.current);
    if (last) await this.openVault(last.vault, last.dataDir).catch(() => undefined);
  }

  private need(): VaultService {
    if (!this.current) throw new UsageError('No vault is open yet: add one first.');
    return this.current;
  }

  private chatService(): Promise<ChatService> {
    const service = this.need();
    if (!this.hooks.createChat) throw new UsageError('Chat is not available in this build.');
    this.chat ??= this.hooks.createChat(service).catch((err) => {
      this.chat = null;
      throw err;
    });
    return this.chat;
  }

  private toLogRow(r: LogRow): LogRowT {
    return {
      id: r.id,
      file_name: r.file_name,
      file_path: r.file_path,
      source: toSource(this.need().vault, r.file_path),
      file_size: r.file_size,
      last_modified: r.last_modified,
      last_ingested: r.last_ingested,
      num_chunks: r.num_chunks,
      status: r.status,
      error_message: r.error_message,
      is_enabled: Boolean(r.is_enabled),
    };
  }

  private readonly handlers: { [C in RequestChannel]: Handler<C> } = {
    'vault:list': async () => {
      const known = loadKnownVaults();
      return known.vaults.map((v) => ({ ...v, current: v.vault === this.current?.vault }));
    },
    'vault:inspect': async ({ path: p }) => {
      const { files, root } = await discoverNotes(p);
      if (files.length === 0) throw new UsageError(`No markdown notes found in ${root}.`);
      return { path: root, noteCount: files.length };
    },
    'vault:add': async ({ path: p }) => {
      const { files, root } = await discoverNotes(p);
      if (files.length === 0) throw new UsageError(`No markdown notes found in ${root}.`);
      await this.openVault(root);
      return { vault: root, dataDir: this.need().dataDir, current: true };
    },
    'vault:select': async ({ vault }) => {
      const known = loadKnownVaults().vaults.find((v) => v.vault === vault);
      if (!known) throw new UsageError(`Unknown vault: ${vault}`);
      await this.openVault(known.vault, known.dataDir);
      return { ...known, current: true };
    },
    'vault:pickFolder': async () => ({ path: this.hooks.pickFolder ? await this.hooks.pickFolder() : null }),
    'vault:browse': async ({ path: folder }) => {
      try {
        return browseFolders(folder);
      } catch (err) {
        if (err instanceof BrowseError) throw new UsageError(err.message);
        throw err;
      }
    },
    'sync:start': async ({ reindex }) => {
      this.need();
      if (reindex && this.worker.paused) throw new UsageError('Syncing is paused: resume it to re-index.');
      return { started: this.worker.requestSync({ reindex }) };
    },
    'sync:pause': async ({ paused }) => {
      // The same state the tray toggles: the worker client emits sync:paused, which the tray and UIs follow.
      this.worker.setPaused(paused);
      return { paused: this.worker.paused };
    },
    'status:get': async () => this.status(),
    'log:list': async ({ status }) =>
      this.need()
        .files(status)
        .map((r) => this.toLogRow(r)),
    'log:setEnabled': async ({ source, enabled }) => {
      const row = await this.need().setEnabled(source, enabled);
      this.emit('log:changed', { ids: [row.id] });
      if (enabled) this.worker.requestSync();
      return this.toLogRow(row);
    },
    'log:retry': async ({ source }) => {
      const s = this.need();
      const row = s.findFile(source);
      s.index.db.requeueForRetry(row.id);
      return { started: this.worker.requestSync() };
    },
    'log:chunks': async ({ source }) => {
      const s = this.need();
      const row = s.findFile(source);
      // The same verdict note:read gives: chunks of a file the policy refuses are not shown.
      const refusal = refusalForPath(s.vault, row.file_path, linkPolicyOf(s.settings));
      if (refusal) throw new PathRefusedError(`Refused: that note links outside the vault. ${refusal}`);
      return s.index.db.chunksOf(row.id).map((c) => ({
        chunk_id: c.chunk_id,
        chunk_index: c.chunk_index,
        section_title: c.section_title,
        header_path: c.header_path,
        start_line: c.start_line,
        end_line: c.end_line,
        token_count: c.token_count,
        contains_code: Boolean(c.contains_code),
        code_language: c.code_language,
        tags: c.tags,
        page_content: c.page_content,
      }));
    },
    'search:query': async ({ query, k, perNote, filters }) => {
      const s = this.need();
      const { hits, notices } = await searchNotes(s.index, s.embedder, {
        refined_query_for_vector_search: query,
        k: k ?? 10,
        perNote: perNote ?? true,
        threshold: s.settings.threshold ?? undefined, // null = the model's calibrated gate
        allowSource: sourceFilter(s.vault, linkPolicyOf(s.settings)),
        filter_by_filenames: filters?.files,
        metadata_filters: {
          folder: filters?.folder || undefined,
          tags: filters?.tags || undefined,
          date_from: filters?.date_from,
          date_to: filters?.date_to,
        },
      });
      return {
        hits: hits.map((h) => ({
          source: h.source,
          title: h.title,
          section_title: h.section_title,
          header_path: h.header_path,
          start_line: h.start_line,
          end_line: h.end_line,
          score: h.score,
          weak: h.weak,
          page_content: h.page_content,
        })),
        notices,
      };
    },
    'note:read': async ({ source }) => {
      const s = this.need();
      return readVaultNote(s.vault, source, linkPolicyOf(s.settings));
    },
    'note:resolveLink': async ({ target }) => {
      return { source: resolveWikilink(target, this.need().index.db.indexedNotes()) };
    },
    'note:open': async ({ source, reveal }) => {
      const s = this.need();
      const file = resolveNotePath(s.vault, source, linkPolicyOf(s.settings));
      const uri = obsidianUri(s.vault, source);
      if (reveal) this.hooks.revealFile?.(file);
      else this.hooks.openExternal?.(uri);
      return { uri };
    },
    'chat:send': async ({ threadId, message }) => {
      const chat = await this.chatService();
      return { runId: await chat.send(threadId, message, this.emit) };
    },
    'chat:stop': async ({ runId }) => ({ stopped: this.chat ? (await this.chat).stop(runId) : false }),
    'chat:threads': async () => (this.current ? listThreads(this.current.dataDir) : []),
    'chat:history': async ({ threadId }) => (await this.chatService()).history(threadId),
    'settings:get': async () => {
      const s = this.need();
      return { ...s.settings, autoThreshold: s.embedder.calibration.threshold };
    },
    'settings:set': async (patch) => {
      const s = this.need();
      const before = s.settings;
      const next = s.updateSettings(patch);
      const reindex = next.chunkSize !== before.chunkSize || next.overlap !== before.overlap;
      const rescan =
        reindex ||
        JSON.stringify(next.exclude) !== JSON.stringify(before.exclude) ||
        next.followExternalLinks !== before.followExternalLinks;
      if (reindex) {
        // New chunk boundaries invalidate every stored chunk: re-embed all, from the vault.
        s.index.db.requeueAllForReindex();
      }
      if (rescan) this.worker.requestSync();
      // The chat model is chosen when the chat service is made: a new model or endpoint takes a new one.
      const chatKeys = ['chatModelPath', 'chatEndpoint', 'chatModel', 'allowRemoteEndpoint'] as const;
      if (chatKeys.some((k) => next[k] !== before[k]) && this.chat) {
        const old = this.chat;
        this.chat = null;
        void old.then((c) => c.close()).catch(() => undefined);
      }
      return { ...next, autoThreshold: s.embedder.calibration.threshold };
    },
  };

  status(): StatusT {
    const s = this.current;
    const chatModel = loadManifest().chat.id;
    if (!s) {
      return {
        vault: null,
        dataDir: null,
        embeddingModel: selectedEmbeddingModel().id,
        chatModel,
        counts: { pending: 0, processing: 0, completed: 0, failed: 0, disabled: 0, total: 0, chunks: 0 },
        syncing: false,
        paused: this.worker.paused,
        lastSync: null,
        repairs: [],
      };
    }
    const st = s.status();
    return {
      vault: st.vault,
      dataDir: st.dataDir,
      embeddingModel: st.embeddingModel,
      embeddingModelSource: st.embeddingModelSource,
      embeddingModelReason: st.embeddingModelReason,
      chatModel:
        s.settings.chatEndpoint && s.settings.chatModel
          ? `${s.settings.chatModel} @ ${s.settings.chatEndpoint}`
          : s.settings.chatModelPath
            ? path.basename(s.settings.chatModelPath)
            : chatModel,
      counts: st.counts,
      syncing: this.worker.syncingVault === st.vault, // another vault's sync is not this one's
      paused: this.worker.paused,
      lastSync: st.lastSync,
      repairs: st.repairs,
    };
  }

  /** Validates and serves one request. Errors come back as plain messages, never stack traces. */
  async handle(channel: RequestChannel, payload: unknown): Promise<unknown> {
    const req = parseRequest(channel, payload);
    return (this.handlers[channel] as (r: unknown) => Promise<unknown>)(req);
  }

  async close(): Promise<void> {
    this.worker.stop();
    if (this.chat) await (await this.chat).close().catch(() => undefined);
    this.current?.close();
  }
}
