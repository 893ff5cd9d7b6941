/**
 * The one typed contract between the UI and the backend. Electron's main process (ipcMain.handle), the
 * preload bridge, the web server (HTTP + WebSocket) and the renderer all import this module, so every
 * channel name, payload and event is declared exactly once, and every payload is validated at the boundary.
 */
import { z } from 'zod';
import { isoDate } from './filters.js';
import type { EventChannel, RequestChannel } from './channels.js';

export { eventChannels, isEventChannel, isRequestChannel, requestChannels } from './channels.js';
export type { EventChannel, RequestChannel } from './channels.js';

const status = z.enum(['pending', 'processing', 'completed', 'failed']);
const relPath = z.string().min(1).max(4096);

export const syncProgress = z.object({
  phase: z.enum(['scanning', 'indexing', 'finishing', 'done']),
  filesDone: z.number(),
  filesTotal: z.number(),
  chunksDone: z.number(),
  chunksPerSec: z.number(),
  etaSeconds: z.number().nullable(),
  currentFile: z.string().optional(),
  /** The vault being synced: a UI shows progress only for the vault it has selected. */
  vault: z.string().optional(),
});

export const syncSummary = z.object({
  added: z.number(),
  modified: z.number(),
  unchanged: z.number(),
  deleted: z.number(),
  failed: z.number(),
  // Summaries saved by versions before this field read as 0.
  links_refused: z.number().default(0),
  chunks_added: z.number(),
  chunks_deleted: z.number(),
  duration_ms: z.number(),
});

export const logRow = z.object({
  id: z.number(),
  file_name: z.string(),
  file_path: z.string(),
  source: z.string(),
  file_size: z.number().nullable(),
  last_modified: z.number(),
  last_ingested: z.number().nullable(),
  num_chunks: z.number().nullable(),
  status,
  error_message: z.string().nullable(),
  is_enabled: z.boolean(),
});

export const chunkView = z.object({
  chunk_id: z.string(),
  chunk_index: z.number(),
  section_title: z.string(),
  header_path: z.string(),
  start_line: z.number(),
  end_line: z.number(),
  token_count: z.number(),
  contains_code: z.boolean(),
  code_language: z.string(),
  tags: z.string(),
  page_content: z.string(),
});

/** The search filters in the one vocabulary search and the agent use (src/shared/filters.ts), plus named files. */
export const searchFilters = z.object({
  folder: z.string().max(1024).optional(),
  tags: z.string().max(256).optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  files: z.array(relPath).max(200).optional(),
});

export const searchHit = z.object({
  source: z.string(),
  title: z.string(),
  section_title: z.string(),
  header_path: z.string(),
  start_line: z.number(),
  end_line: z.number(),
  score: z.number(),
  page_content: z.string(),
  /** Below the relevance gate (kept only as a weaker match): the UI hides these until asked. */
  weak: z.boolean().optional(),
});

export const citedSource = z.object({
  n: z.number(),
  source: z.string(),
  title: z.string(),
  section_title: z.string(),
  start_line: z.number(),
  end_line: z.number(),
  obsidian_uri: z.string(),
  excerpt: z.string(),
});

export const chatMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  sources: z.array(citedSource).default([]),
  /** An answer citing nothing: the closest notes its search showed, none of which answered (shown apart). */
  searched: z.array(citedSource).default([]),
});

export const settings = z.object({
  chunkSize: z.number().int().min(32).max(2000),
  overlap: z.number().int().min(0).max(500),
  exclude: z.array(z.string().max(512)).max(500),
  k: z.number().int().min(1).max(50),
  /** null = auto: the embedding model's calibrated relevance gate (settingsView.autoThreshold). */
  threshold: z.number().min(0).max(1).nullable(),
  maxNoteMB: z.number().min(1).max(200),
  chatModelPath: z.string().nullable(),
  /** Follow symlinks that point outside the vault (Obsidian-style linked folders); off by default. */
  followExternalLinks: z.boolean(),
  // Added for OpenAI-compatible chat endpoints; defaulted so older clients' payloads stay valid.
  chatEndpoint: z.string().max(2048).nullable().default(null),
  chatModel: z.string().max(300).nullable().default(null),
  allowRemoteEndpoint: z.boolean().default(false),
  embeddingModel: z.string().max(200).nullable(),
  language: z.string().max(16).nullable(),
  // Added for OpenAI-compatible embedding endpoints; defaulted so older clients' payloads stay valid.
  embeddingEndpoint: z.string().max(2048).nullable().default(null),
});

/** Settings as the UI sees them: plus the gate "auto" stands for, so Settings can show "auto (0.22)". */
export const settingsView = settings.extend({ autoThreshold: z.number().min(0).max(1) });

export const vaultInfo = z.object({ vault: z.string(), dataDir: z.string(), current: z.boolean() });

export const statusInfo = z.object({
  vault: z.string().nullable(),
  dataDir: z.string().nullable(),
  embeddingModel: z.string(),
  /** How the index's embedding model was chosen ('detected', 'language', 'settings', 'cli', …), when recorded. */
  embeddingModelSource: z.string().nullable().optional(),
  /** Why, when the vault decided it: e.g. "large English vault: 7,426 notes, ~12,151 chunks, more than …". */
  embeddingModelReason: z.string().nullable().optional(),
  chatModel: z.string(),
  counts: z.object({
    pending: z.number(),
    processing: z.number(),
    completed: z.number(),
    failed: z.number(),
    disabled: z.number(),
    total: z.number(),
    chunks: z.number(),
  }),
  syncing: z.boolean(),
  /** Syncing paused from the tray or the UI (one state); absent from hosts that cannot pause. */
  paused: z.boolean().optional(),
  lastSync: z
    .object({ started_at: z.number(), finished_at: z.number().nullable(), summary: syncSummary.nullable() })
    .nullable(),
  repairs: z.array(z.string()),
});

/** Request/response channels: `invoke(channel, request) → response`. */
export const requests = {
  'vault:list': { req: z.object({}), res: z.array(vaultInfo) },
  'vault:inspect': {
    req: z.object({ path: z.string().min(1).max(4096) }),
    res: z.object({ path: z.string(), noteCount: z.number() }),
  },
  'vault:add': { req: z.object({ path: z.string().min(1).max(4096) }), res: vaultInfo },
  'vault:select': { req: z.object({ vault: z.string().min(1).max(4096) }), res: vaultInfo },
  'vault:pickFolder': { req: z.object({}), res: z.object({ path: z.string().nullable() }) },
  /** Web mode's folder picker: folders under the user's home only, each with its markdown count. */
  'vault:browse': {
    req: z.object({ path: z.string().min(1).max(4096).optional() }),
    res: z.object({
      path: z.string(),
      parent: z.string().nullable(),
      home: z.string(),
      folders: z.array(
        z.object({ name: z.string(), path: z.string(), markdownCount: z.number(), capped: z.boolean() }),
      ),
    }),
  },
  'sync:start': {
    // reindex: re-embed every note (new chunks, same answers), not only the changed ones.
    req: z.object({ reindex: z.boolean().optional() }),
    res: z.object({ started: z.boolean() }),
  },
  'sync:pause': { req: z.object({ paused: z.boolean() }), res: z.object({ paused: z.boolean() }) },
  'status:get': { req: z.object({}), res: statusInfo },
  'log:list': { req: z.object({ status: status.optional() }), res: z.array(logRow) },
  'log:setEnabled': { req: z.object({ source: relPath, enabled: z.boolean() }), res: logRow },
  'log:retry': { req: z.object({ source: relPath }), res: z.object({ started: z.boolean() }) },
  'log:chunks': { req: z.object({ source: relPath }), res: z.array(chunkView) },
  'search:query': {
    req: z.object({
      query: z.string().min(1).max(500),
      k: z.number().int().min(1).max(50).optional(),
      perNote: z.boolean().optional(),
      filters: searchFilters.optional(),
    }),
    /** notices: why these results are degraded, e.g. the embedding endpoint is down and BM25 alone answered. */
    res: z.object({ hits: z.array(searchHit), notices: z.array(z.string()) }),
  },
  'note:read': {
    req: z.object({ source: relPath }),
    res: z.object({ source: z.string(), title: z.string(), content: z.string(), obsidian_uri: z.string() }),
  },
  'note:resolveLink': {
    req: z.object({ target: z.string().min(1).max(1024) }),
    res: z.object({ source: z.string().nullable() }),
  },
  'note:open': {
    req: z.object({ source: relPath, reveal: z.boolean().optional() }),
    res: z.object({ uri: z.string() }),
  },
  'chat:send': {
    req: z.object({ threadId: z.string().min(1).max(100), message: z.string().min(1).max(4000) }),
    res: z.object({ runId: z.string() }),
  },
  'chat:stop': { req: z.object({ runId: z.string().min(1).max(100) }), res: z.object({ stopped: z.boolean() }) },
  'chat:threads': {
    req: z.object({}),
    res: z.array(z.object({ threadId: z.string(), title: z.string(), updatedAt: z.number() })),
  },
  'chat:history': { req: z.object({ threadId: z.string().min(1).max(100) }), res: z.array(chatMessage) },
  'settings:get': { req: z.object({}), res: settingsView },
  'settings:set': { req: settings.partial(), res: settingsView },
} as const satisfies { [C in RequestChannel]: { req: z.ZodType; res: z.ZodType } };

/** Events pushed from the backend to every UI. */
export const events = {
  'sync:progress': syncProgress,
  'sync:done': z.object({
    summary: syncSummary.nullable(),
    error: z.string().nullable(),
    vault: z.string().optional(),
  }),
  'log:changed': z.object({ ids: z.array(z.number()) }),
  'chat:token': z.object({ runId: z.string(), token: z.string() }),
  'chat:step': z.object({ runId: z.string(), step: z.string() }),
  /** The retrieved notes the moment a search ends, before the answer is written (chat:done has the cited ones). */
  'chat:sources': z.object({ runId: z.string(), sources: z.array(citedSource) }),
  /** Something the user should know about this answer (e.g. the chosen endpoint failed, the bundled model answered). */
  'chat:notice': z.object({ runId: z.string(), notice: z.string() }),
  /** The answer and the sources it cites; an answer citing nothing keeps the closest notes searched (`searched`). */
  'chat:done': z.object({
    runId: z.string(),
    answer: z.string(),
    sources: z.array(citedSource),
    searched: z.array(citedSource).default([]),
    stopped: z.boolean(),
  }),
  'chat:error': z.object({ runId: z.string(), error: z.string() }),
  'worker:crashed': z.object({ message: z.string() }),
  'vault:changed': z.object({ vault: z.string().nullable() }),
  /** Syncing was paused or resumed (tray or UI: one state). */
  'sync:paused': z.object({ paused: z.boolean() }),
} as const satisfies { [E in EventChannel]: z.ZodType };

export type Req<C extends RequestChannel> = z.input<(typeof requests)[C]['req']>;
export type Res<C extends RequestChannel> = z.infer<(typeof requests)[C]['res']>;
export type EventPayload<E extends EventChannel> = z.infer<(typeof events)[E]>;

/** The API the renderer sees, whether the preload or the web bridge provides it. */
export interface ObsiQueryApi {
  invoke<C extends RequestChannel>(channel: C, request: Req<C>): Promise<Res<C>>;
  on<E extends EventChannel>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /** Electron only: the filesystem path of a dropped file or folder (File.path is gone under contextIsolation). */
  pathForFile?(file: File): string;
}

/** Validates a request at a process boundary; throws a ZodError with the exact offending field. */
export function parseRequest<C extends RequestChannel>(
  channel: C,
  payload: unknown,
): z.infer<(typeof requests)[C]['req']> {
  return requests[channel].req.parse(payload ?? {}) as z.infer<(typeof requests)[C]['req']>;
}

export type SyncProgressT = z.infer<typeof syncProgress>;
export type LogRowT = z.infer<typeof logRow>;
export type SearchHitT = z.infer<typeof searchHit>;
export type CitedSourceT = z.infer<typeof citedSource>;
export type SettingsT = z.infer<typeof settings>;
export type SettingsViewT = z.infer<typeof settingsView>;
export type StatusT = z.infer<typeof statusInfo>;
export type ChatMessageT = z.infer<typeof chatMessage>;
