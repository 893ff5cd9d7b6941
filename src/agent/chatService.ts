import { HumanMessage, type AIMessage, type BaseMessage } from '@langchain/core/messages';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ChatService, Emit } from '../shared/chatService.js';
import type { Res } from '../shared/contract.js';
import type { VaultService } from '../services/vaultService.js';
import { chatModelId, chatThreads, loadChatModel, type ChatModel } from '../models/chatModel.js';
import { withFallback, type FallbackChatModel } from '../models/fallbackChat.js';
import { createEndpointChatModel, isLoopback } from '../models/openaiChat.js';
import { buildAgentGraph, toTurns } from './graph.js';
import { CONVERSATIONS_FILE, listThreads, openThreadsDb, touchThread } from '../store/threads.js';
import { makeRetrieveNotesTool, type SourceArtifact } from './retrieveNotesTool.js';
import { sourceFilter } from '../pipeline/linkPolicy.js';
import { namesFolderOrTag } from './filterAgent.js';
import { withEmbeddingCache } from '../models/embeddingCache.js';
import { detectVaultLanguage } from '../models/vaultLanguage.js';
import { inVaultLanguage } from './language.js';

export interface AskTimings {
  /** From the question received to the first answer token (null if nothing was streamed). */
  first_token_ms: number | null;
  total_ms: number;
  /** Model calls this answer made (decision, synthesis, judge, final answer, reply). */
  model_calls: number;
}

export interface AskResult {
  answer: string;
  sources: SourceArtifact[];
  /** An answer citing nothing (a refusal): the closest notes its searches showed (RetrieveArtifact.searched). */
  searched: SourceArtifact[];
  steps: string[];
  stopped: boolean;
  timings: AskTimings;
  /** Shown with the answer: a remote host answered, or the bundled model stood in for a failing endpoint. */
  notices: string[];
}

export interface AskCallbacks {
  onToken?: (t: string) => void;
  onStep?: (s: string) => void;
  /** The retrieved notes as soon as a search ends, before the answer is written. */
  onSources?: (sources: SourceArtifact[]) => void;
  /** Which remote host answers, or that the bundled model stood in for a failing endpoint. */
  onNotice?: (notice: string) => void;
  signal?: AbortSignal;
}

export interface EndpointChoice {
  endpoint: string;
  model: string;
  allowRemote?: boolean;
  timeoutMs?: number;
}

/**
 * The chat endpoint to use, if any: explicit (CLI flags) first, then OBSIQUERY_CHAT_ENDPOINT/OBSIQUERY_CHAT_MODEL,
 * then the settings. Null means the bundled model. An endpoint without a model name is an error, not a guess.
 */
export function chooseEndpoint(
  settings: { chatEndpoint?: string | null; chatModel?: string | null; allowRemoteEndpoint?: boolean },
  explicit: Partial<EndpointChoice> = {},
  env: NodeJS.ProcessEnv = process.env,
): EndpointChoice | null {
  const endpoint = explicit.endpoint || env.OBSIQUERY_CHAT_ENDPOINT || settings.chatEndpoint || null;
  if (!endpoint) return null;
  const model = explicit.model || env.OBSIQUERY_CHAT_MODEL || settings.chatModel || '';
  if (!model)
    throw new Error(`Chat endpoint ${endpoint} needs a model name (--chat-model, OBSIQUERY_CHAT_MODEL or settings).`);
  return {
    endpoint,
    model,
    allowRemote: explicit.allowRemote ?? settings.allowRemoteEndpoint ?? false,
    timeoutMs: explicit.timeoutMs ?? (Number(env.OBSIQUERY_CHAT_TIMEOUT_MS) || undefined),
  };
}

/** A model that counts its calls, for the timings of each answer. */
function counting(model: ChatModel): ChatModel & { calls: number } {
  const counted = {
    calls: 0,
    get modelId() {
      return model.modelId;
    },
    get threads() {
      return model.threads;
    },
    get bundled() {
      return model.bundled;
    },
    complete: (...a: Parameters<ChatModel['complete']>) => (counted.calls++, model.complete(...a)),
    completeJson: (...a: Parameters<ChatModel['completeJson']>) => (counted.calls++, model.completeJson(...a)),
    dispose: () => model.dispose(),
  };
  return counted;
}

/**
 * Whether the synthesizer asks the model for a draft. Not the bundled 270M base model: on the tuning questions
 * its draft sentences almost never survived the grounding check or beat the notes' own sentences, while waiting
 * for the draft was most of the time to the first answer token (bench/README.md, "ask", 2026-11-24 evening).
 * Its answers are the notes' best sentences, checked and cited like any other. A user-chosen GGUF or an
 * endpoint model drafts as before; OBSIQUERY_BUNDLED_DRAFTS=1 makes the bundled model draft too.
 */
export function draftsFor(model: ChatModel | null, env: NodeJS.ProcessEnv = process.env): boolean {
  return !!model && (!model.bundled || env.OBSIQUERY_BUNDLED_DRAFTS === '1');
}

/**
 * Whether the model judges a weak match before it is the answer (steps/judge.ts): an endpoint's model does, the
 * bundled one does not. Gemma 3 270M (pretrained, not instruction-tuned) answered every judge call with
 * `{"sufficient": true, "missing": "what is still unanswered, as a search query, or empty"}`, the prompt's own
 * words: it never asked for another search, and the 60 tokens it spent saying so took 2.5-3 s of a 3-4 s answer on
 * 2 cores (docs/answer-quality.md, "Eighteenth session"). OBSIQUERY_BUNDLED_JUDGE=1 turns it back on (the bench).
 */
export function judgesFor(model: ChatModel | null, env: NodeJS.ProcessEnv = process.env): boolean {
  return !!model && (!model.bundled || env.OBSIQUERY_BUNDLED_JUDGE === '1');
}

/**
 * Whether the model decides a plain follow-up (steps/decide.ts): an endpoint's model does, the bundled one does not.
 * Gemma 3 270M (pretrained) answered follow-up decisions "reply" with an empty query, which the rules overrule (a reply
 * only for talk about the conversation, the question searched with what it goes on from), after 3-7 s on 2 busy cores.
 * Without the call, 30 of the 31 follow-ups of `eval/conversations*.jsonl` got the same answer, hits unchanged, and
 * the median wait halved (bench/README.md, "No decision call for a follow-up"). OBSIQUERY_BUNDLED_DECIDE=1 turns it
 * back on (the bench's "before").
 */
export function decidesFor(model: ChatModel | null, env: NodeJS.ProcessEnv = process.env): boolean {
  return !!model && (!model.bundled || env.OBSIQUERY_BUNDLED_DECIDE === '1');
}

let modelPromise: { path: string | null; model: Promise<ChatModel>; ready: boolean } | null = null;
/** One chat model per process (it is the biggest thing we load); reloaded only when settings pick another file. */
export function sharedChatModel(modelPath: string | null): Promise<ChatModel> {
  if (!modelPromise || modelPromise.path !== modelPath) {
    const previous = modelPromise?.model;
    // Loaded once and warmed with a one-token generation, so the first question does not pay for the
    // compute graph and buffer allocation (measured in bench/README.md, "ask").
    const model = loadChatModel({ modelPath }).then(async (m) => {
      await m.complete([{ role: 'user', content: 'Hi' }], { maxTokens: 1 }).catch(() => undefined);
      return m;
    });
    const entry = { path: modelPath, model, ready: false };
    modelPromise = entry;
    model.then(
      () => (entry.ready = true),
      () => modelPromise === entry && (modelPromise = null),
    );
    void previous?.then((m) => m.dispose()).catch(() => undefined);
  }
  return modelPromise.model;
}

/** Whether this process has the local chat model loaded (the MCP server's status reports it). */
export function chatModelLoaded(): boolean {
  return modelPromise?.ready ?? false;
}

/**
 * The local GGUF (the bundled one, or one chosen in Settings), loaded by its first call rather than with the chat
 * service. With the bundled model an ordinary question makes no model call at all (no draft, decision or judge:
 * draftsFor, decidesFor, judgesFor), yet `obsiquery ask` waited for node-llama-cpp to load and warm it before it
 * searched: 7.2 s of a 15 s answer whose own work took 2.6 s (cold CLI on the help vault, 2 cores). What the agent
 * reads of a model before calling it (its name, whether it is the bundled one, its threads) is known from the path.
 * `warm` starts loading at once, in the background, for hosts that stay up for the next question (the app, the web
 * server, the MCP server, the chat REPL); a one-shot `ask` loads it only if a call needs it.
 */
export function localChatModel(modelPath: string | null, { warm = false }: { warm?: boolean } = {}): ChatModel {
  let loaded: ChatModel | undefined;
  const load = async (): Promise<ChatModel> => (loaded ??= await sharedChatModel(modelPath));
  // A failed warm-up is not this question's failure: the first call that needs the model reports it.
  if (warm) void load().catch(() => undefined);
  return {
    modelId: chatModelId(modelPath),
    threads: chatThreads(),
    bundled: !modelPath,
    complete: async (turns, o) => (await load()).complete(turns, o),
    completeJson: async (turns, schema, o) => (await load()).completeJson(turns, schema, o),
    evaluatedTokens: () => loaded?.evaluatedTokens?.() ?? 0,
    dispose: async () => loaded?.dispose(),
  };
}

function lastAnswer(messages: BaseMessage[]): {
  answer: string;
  sources: SourceArtifact[];
  searched: SourceArtifact[];
} {
  const last = messages.at(-1) as AIMessage | undefined;
  if (!last || last.getType() !== 'ai') return { answer: '', sources: [], searched: [] };
  return { answer: typeof last.content === 'string' ? last.content : '', ...attachedNotes(last) };
}

/** Notes as the UI gets them (contract `citedSource`): the chunks' text stays in the backend. */
function withoutChunks(notes: SourceArtifact[]): Omit<SourceArtifact, 'chunks'>[] {
  return notes.map(({ chunks: _c, ...note }) => note);
}

/** The notes an answer carries for the UI (messages.ts finalAnswer): its sources, or a refusal's closest notes. */
function attachedNotes(m: BaseMessage): { sources: SourceArtifact[]; searched: SourceArtifact[] } {
  const kwargs = m.getType() === 'ai' ? (m as AIMessage).additional_kwargs : undefined;
  return {
    sources: (kwargs?.sources as SourceArtifact[] | undefined) ?? [],
    searched: (kwargs?.searched as SourceArtifact[] | undefined) ?? [],
  };
}

/**
 * Conversations with the agent: each thread's messages are checkpointed in SQLite (LangGraph's SqliteSaver),
 * so they survive restarts; a small side table keeps the thread list with titles for the UI.
 */
export async function createChatService(
  vault: VaultService,
  opts: {
    model?: ChatModel | null;
    today?: () => Date;
    endpoint?: Partial<EndpointChoice>;
    /** Ask the model for a draft answer (default: draftsFor the model). */
    drafts?: boolean;
    /** Decide every question with a model call, a thread's plain first question too (the bench's "before"). */
    decideAlways?: boolean;
    /** Judge a weak match with the model (default: judgesFor the model; the bench's "before" for the bundled one). */
    judgeWeakMatches?: boolean;
    /** Load the local chat model now, in the background (localChatModel), not on its first call. */
    warmModel?: boolean;
  } = {},
): Promise<
  ChatService & {
    ask(threadId: string, question: string, cb?: AskCallbacks): Promise<AskResult>;
  }
> {
  const choice = opts.model !== undefined ? null : chooseEndpoint(vault.settings, opts.endpoint);
  // With an endpoint, the bundled model is loaded only if the endpoint fails (then kept for the fallback).
  const remote: FallbackChatModel | null = choice
    ? withFallback(
        createEndpointChatModel({
          endpoint: choice.endpoint,
          model: choice.model,
          allowRemote: choice.allowRemote,
          timeoutMs: choice.timeoutMs,
        }),
        () => sharedChatModel(vault.settings.chatModelPath),
      )
    : null;
  const loaded =
    remote ??
    (opts.model !== undefined ? opts.model : localChatModel(vault.settings.chatModelPath, { warm: opts.warmModel }));
  const model = loaded ? counting(loaded) : null;
  const checkpointer = SqliteSaver.fromConnString(path.join(vault.dataDir, CONVERSATIONS_FILE));
  const db = openThreadsDb(vault.dataDir);
  const settings = vault.settings;
  const retrieveTool = makeRetrieveNotesTool({
    index: vault.index,
    // Remembered for the service's life: a follow-up meets the same note sentences (src/models/embeddingCache.ts).
    embedder: withEmbeddingCache(vault.embedder),
    model,
    drafts: opts.drafts ?? draftsFor(loaded),
    vault: vault.vault,
    k: settings.k,
    // null = auto: the embedder's calibrated gate, never a fixed number that suits only one model.
    threshold: settings.threshold ?? vault.embedder.calibration.threshold,
    today: opts.today ?? (() => new Date()),
    allowSource: () => sourceFilter(vault.vault, { followExternalLinks: vault.settings.followExternalLinks }),
  });
  const graph = buildAgentGraph({
    model,
    retrieveTool,
    checkpointer,
    plainQuestion: opts.decideAlways
      ? undefined
      : (q) => !namesFolderOrTag(q, vault.index.db.indexedNotes(), vault.index.db.knownTags()),
    judgeWeakMatches: opts.judgeWeakMatches ?? judgesFor(loaded),
    decideFollowUps: decidesFor(loaded),
  });
  const runs = new Map<string, AbortController>();
  // What a question that shows no language of its own is answered in (questionLanguage): the vault's, from a sample
  // of its notes as the embedder's choice reads them; read once per chat service, as the notes' names are.
  const notes = vault.index.db.indexedNotes().map((n) => path.join(vault.vault, n.source));
  const vaultLanguage = (await detectVaultLanguage(notes)).lang;

  async function ask(threadId: string, question: string, cb: AskCallbacks = {}): Promise<AskResult> {
    const start = performance.now();
    const callsBefore = model?.calls ?? 0;
    let firstToken: number | null = null;
    const timings = (): AskTimings => ({
      first_token_ms: firstToken === null ? null : Math.round(firstToken),
      total_ms: Math.round(performance.now() - start),
      model_calls: (model?.calls ?? 0) - callsBefore,
    });
    const steps: string[] = [];
    const notices = new Set<string>();
    if (remote) {
      remote.onNotice = (n) => {
        if (!notices.has(n)) cb.onNotice?.(n);
        notices.add(n);
      };
      // The user sees where their notes go when that is off this machine.
      if (choice && !isLoopback(choice.endpoint)) remote.onNotice(`Answered by ${choice.model} at ${remote.host}.`);
    }
    touchThread(db, threadId, question);
    try {
      const out = await inVaultLanguage(vaultLanguage, () =>
        graph.invoke(
          { messages: [new HumanMessage(question)] },
          {
            configurable: {
              thread_id: threadId,
              callbacks: {
                onToken: (t: string) => {
                  firstToken ??= performance.now() - start;
                  cb.onToken?.(t);
                },
                onSources: cb.onSources,
                onNotice: (n: string) => {
                  if (!notices.has(n)) cb.onNotice?.(n);
                  notices.add(n);
                },
                onStep: (s: string) => {
                  steps.push(s);
                  cb.onStep?.(s);
                },
                signal: cb.signal,
              },
            },
            signal: cb.signal,
            recursionLimit: 20,
          },
        ),
      );
      return { ...lastAnswer(out.messages), steps, stopped: false, timings: timings(), notices: [...notices] };
    } catch (err) {
      if (cb.signal?.aborted)
        return {
          answer: '',
          sources: [],
          searched: [],
          steps,
          stopped: true,
          timings: timings(),
          notices: [...notices],
        };
      throw err;
    }
  }

  return {
    modelId: model?.modelId ?? 'none',
    ask,
    async send(threadId: string, message: string, emit: Emit): Promise<string> {
      const runId = randomUUID();
      const controller = new AbortController();
      runs.set(runId, controller);
      void ask(threadId, message, {
        onToken: (token) => emit('chat:token', { runId, token }),
        onStep: (step) => emit('chat:step', { runId, step }),
        onSources: (sources) => emit('chat:sources', { runId, sources: withoutChunks(sources) }),
        onNotice: (notice) => emit('chat:notice', { runId, notice }),
        signal: controller.signal,
      })
        .then((r) =>
          emit('chat:done', {
            runId,
            answer: r.answer,
            sources: withoutChunks(r.sources),
            searched: withoutChunks(r.searched),
            stopped: r.stopped,
          }),
        )
        .catch((err: Error) => emit('chat:error', { runId, error: err.message }))
        .finally(() => runs.delete(runId));
      return runId;
    },
    stop(runId: string): boolean {
      const c = runs.get(runId);
      c?.abort();
      return !!c;
    },
    async threads() {
      return listThreads(vault.dataDir);
    },
    async history(threadId: string) {
      const state = await graph.getState({ configurable: { thread_id: threadId } });
      const messages = (state.values as { messages?: BaseMessage[] }).messages ?? [];
      const out: Res<'chat:history'> = [];
      for (const m of messages) {
        const turn = toTurns([m])[0];
        if (!turn || turn.role === 'system') continue;
        const { sources, searched } = attachedNotes(m);
        out.push({
          role: turn.role,
          content: turn.content,
          sources: withoutChunks(sources),
          searched: withoutChunks(searched),
        });
      }
      return out;
    },
    async close() {
      for (const c of runs.values()) c.abort();
      db.close();
      // SqliteSaver keeps its own connection open; release it so the data folder can be moved or deleted.
      (checkpointer as unknown as { db?: { close(): void } }).db?.close();
    },
  };
}
