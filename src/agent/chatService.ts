import { HumanMessage, type AIMessage, type BaseMessage } from '@langchain/core/messages';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ChatService, Emit } from '../services/backend.js';
import type { VaultService } from '../services/vaultService.js';
import { loadChatModel, type ChatModel } from '../models/chatModel.js';
import { buildAgentGraph, toTurns } from './graph.js';
import { CONVERSATIONS_FILE, listThreads, openThreadsDb, touchThread } from './threads.js';
import { makeRetrieveNotesTool, type SourceArtifact } from './retrieveNotesTool.js';

export interface AskResult {
  answer: string;
  sources: SourceArtifact[];
  steps: string[];
  stopped: boolean;
}

let modelPromise: { path: string | null; model: Promise<ChatModel> } | null = null;
/** One chat model per process (it is the biggest thing we load); reloaded only when settings pick another file. */
export function sharedChatModel(modelPath: string | null): Promise<ChatModel> {
  if (!modelPromise || modelPromise.path !== modelPath) {
    const previous = modelPromise?.model;
    modelPromise = { path: modelPath, model: loadChatModel({ modelPath }) };
    modelPromise.model.catch(() => (modelPromise = null));
    void previous?.then((m) => m.dispose()).catch(() => undefined);
  }
  return modelPromise.model;
}

function lastAnswer(messages: BaseMessage[]): { answer: string; sources: SourceArtifact[] } {
  const last = messages.at(-1) as AIMessage | undefined;
  if (!last || last.getType() !== 'ai') return { answer: '', sources: [] };
  return {
    answer: typeof last.content === 'string' ? last.content : '',
    sources: (last.additional_kwargs?.sources as SourceArtifact[] | undefined) ?? [],
  };
}

/**
 * Conversations with the agent: each thread's messages are checkpointed in SQLite (LangGraph's SqliteSaver),
 * so they survive restarts; a small side table keeps the thread list with titles for the UI.
 */
export async function createChatService(
  vault: VaultService,
  opts: { model?: ChatModel | null; today?: () => Date } = {},
): Promise<
  ChatService & {
    ask(
      threadId: string,
      question: string,
      cb?: { onToken?: (t: string) => void; onStep?: (s: string) => void; signal?: AbortSignal },
    ): Promise<AskResult>;
  }
> {
  const model = opts.model !== undefined ? opts.model : await sharedChatModel(vault.settings.chatModelPath);
  const checkpointer = SqliteSaver.fromConnString(path.join(vault.dataDir, CONVERSATIONS_FILE));
  const db = openThreadsDb(vault.dataDir);
  const settings = vault.settings;
  const retrieveTool = makeRetrieveNotesTool({
    index: vault.index,
    embedder: vault.embedder,
    model,
    vault: vault.vault,
    k: settings.k,
    // null = auto: the embedder's calibrated gate, never a fixed number that suits only one model.
    threshold: settings.threshold ?? vault.embedder.calibration.threshold,
    today: opts.today ?? (() => new Date()),
  });
  const graph = buildAgentGraph({ model, retrieveTool, checkpointer });
  const runs = new Map<string, AbortController>();

  async function ask(
    threadId: string,
    question: string,
    cb: { onToken?: (t: string) => void; onStep?: (s: string) => void; signal?: AbortSignal } = {},
  ): Promise<AskResult> {
    const steps: string[] = [];
    touchThread(db, threadId, question);
    try {
      const out = await graph.invoke(
        { messages: [new HumanMessage(question)] },
        {
          configurable: {
            thread_id: threadId,
            callbacks: {
              onToken: cb.onToken,
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
      );
      return { ...lastAnswer(out.messages), steps, stopped: false };
    } catch (err) {
      if (cb.signal?.aborted) return { answer: '', sources: [], steps, stopped: true };
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
        signal: controller.signal,
      })
        .then((r) =>
          emit('chat:done', {
            runId,
            answer: r.answer,
            sources: r.sources.map(({ chunks: _c, ...s }) => s),
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
      const out: { role: 'user' | 'assistant'; content: string; sources: Omit<SourceArtifact, 'chunks'>[] }[] = [];
      for (const m of messages) {
        const turn = toTurns([m])[0];
        if (!turn || turn.role === 'system') continue;
        const sources =
          m.getType() === 'ai'
            ? (((m as AIMessage).additional_kwargs?.sources as SourceArtifact[] | undefined) ?? [])
            : [];
        out.push({ role: turn.role, content: turn.content, sources: sources.map(({ chunks: _c, ...s }) => s) });
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
