/**
 * Conversations and the streaming answer. chat:send answers with a runId, but the backend may emit the first
 * step or token before that reply arrives, so events seen while the runId is unknown are buffered and replayed.
 */
import { create } from 'zustand';
import type { CitedSourceT, EventPayload, Res } from '../../../shared/contract.js';
import { errorMessage, getApi } from '../bridge/api.js';
import { newId } from '../lib/ids.js';
import { useApp } from './appStore.js';

export type Thread = Res<'chat:threads'>[number];

export interface UiMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  sources: CitedSourceT[];
  /** An answer citing nothing: the closest notes its search showed, listed apart from sources (chat:done). */
  searched?: CitedSourceT[];
  state: 'streaming' | 'done' | 'stopped' | 'error';
  step?: string;
  error?: string;
  /** E.g. which host answered, or that the bundled model stood in for an endpoint that failed. */
  notice?: string;
}

type RunEvent =
  | { kind: 'token'; payload: EventPayload<'chat:token'> }
  | { kind: 'step'; payload: EventPayload<'chat:step'> }
  | { kind: 'sources'; payload: EventPayload<'chat:sources'> }
  | { kind: 'notice'; payload: EventPayload<'chat:notice'> }
  | { kind: 'done'; payload: EventPayload<'chat:done'> }
  | { kind: 'error'; payload: EventPayload<'chat:error'> };

interface ChatState {
  threads: Thread[];
  threadsError: string | null;
  threadId: string;
  messages: UiMessage[];
  historyLoading: boolean;
  historyError: string | null;
  /** Set once chat:send has answered. */
  runId: string | null;
  /** The assistant message being generated, from send until done/error. */
  activeMessageId: string | null;

  loadThreads(): Promise<void>;
  openThread(threadId: string): Promise<void>;
  newChat(): void;
  send(text: string): Promise<void>;
  stop(): Promise<void>;
  handle(event: RunEvent): void;
  reset(): void;
}

let buffered: RunEvent[] = [];
let stopRequested = false;

function updateMessage(messages: UiMessage[], id: string | null, patch: (m: UiMessage) => Partial<UiMessage>) {
  return messages.map((m) => (m.id === id ? { ...m, ...patch(m) } : m));
}

export const useChat = create<ChatState>()((set, get) => ({
  threads: [],
  threadsError: null,
  threadId: newId(),
  messages: [],
  historyLoading: false,
  historyError: null,
  runId: null,
  activeMessageId: null,

  async loadThreads() {
    try {
      const threads = await getApi().invoke('chat:threads', {});
      set({ threads: [...threads].sort((a, b) => b.updatedAt - a.updatedAt), threadsError: null });
    } catch (err) {
      set({ threadsError: errorMessage(err) });
    }
  },

  async openThread(threadId) {
    if (get().activeMessageId) await get().stop();
    set({ threadId, messages: [], historyLoading: true, historyError: null, runId: null, activeMessageId: null });
    try {
      const history = await getApi().invoke('chat:history', { threadId });
      if (get().threadId !== threadId) return;
      set({
        messages: history.map((m) => ({
          id: newId(),
          role: m.role,
          content: m.content,
          sources: m.sources,
          searched: m.searched,
          state: 'done',
        })),
        historyLoading: false,
      });
    } catch (err) {
      if (get().threadId === threadId) set({ historyLoading: false, historyError: errorMessage(err) });
    }
  },

  newChat() {
    if (get().activeMessageId) void get().stop();
    buffered = [];
    set({ threadId: newId(), messages: [], runId: null, activeMessageId: null, historyError: null });
  },

  async send(text) {
    const message = text.trim();
    if (!message || get().activeMessageId) return;
    // Offline, nothing is sent and no thread appears: the composer keeps the draft until reconnection.
    if (!useApp.getState().connected) return;
    const { threadId } = get();
    const threadsBefore = get().threads;
    const assistantId = newId();
    buffered = [];
    stopRequested = false;
    set((s) => ({
      messages: [
        ...s.messages,
        { id: newId(), role: 'user', content: message, sources: [], state: 'done' },
        { id: assistantId, role: 'assistant', content: '', sources: [], state: 'streaming', step: 'Thinking…' },
      ],
      runId: null,
      activeMessageId: assistantId,
      threads: s.threads.some((t) => t.threadId === threadId)
        ? s.threads.map((t) => (t.threadId === threadId ? { ...t, updatedAt: Date.now() / 1000 } : t))
        : [{ threadId, title: message.slice(0, 80), updatedAt: Date.now() / 1000 }, ...s.threads],
    }));
    try {
      const { runId } = await getApi().invoke('chat:send', { threadId, message });
      if (get().activeMessageId !== assistantId) return;
      set({ runId });
      const early = buffered.filter((e) => e.payload.runId === runId);
      buffered = [];
      for (const e of early) get().handle(e);
      if (stopRequested && get().activeMessageId === assistantId) await get().stop();
    } catch (err) {
      if (get().activeMessageId !== assistantId) return;
      set((s) => ({
        messages: updateMessage(s.messages, assistantId, () => ({ state: 'error', error: errorMessage(err) })),
        activeMessageId: null,
        // The backend never got the message, so no thread exists for it: don't list a phantom one.
        threads: threadsBefore,
      }));
    }
  },

  async stop() {
    const { runId, activeMessageId } = get();
    if (!activeMessageId) return;
    if (!runId) {
      stopRequested = true;
      return;
    }
    try {
      const { stopped } = await getApi().invoke('chat:stop', { runId });
      // The run had already finished on the backend; its chat:done may have been lost, so settle here.
      if (!stopped && get().runId === runId && get().activeMessageId) {
        set((s) => ({
          messages: updateMessage(s.messages, s.activeMessageId, () => ({ state: 'stopped', step: undefined })),
          activeMessageId: null,
        }));
      }
    } catch (err) {
      console.warn('chat:stop failed', err);
    }
  },

  handle(event) {
    const { runId, activeMessageId } = get();
    if (!activeMessageId) return;
    if (runId === null) {
      buffered.push(event);
      return;
    }
    if (event.payload.runId !== runId) return;
    switch (event.kind) {
      case 'token':
        set((s) => ({
          messages: updateMessage(s.messages, activeMessageId, (m) => ({ content: m.content + event.payload.token })),
        }));
        break;
      case 'sources':
        // Shown while the answer is written; chat:done replaces them with the sources the answer cites.
        set((s) => ({
          messages: updateMessage(s.messages, activeMessageId, () => ({ sources: event.payload.sources })),
        }));
        break;
      case 'notice':
        set((s) => ({
          messages: updateMessage(s.messages, activeMessageId, () => ({ notice: event.payload.notice })),
        }));
        break;
      case 'step':
        set((s) => ({ messages: updateMessage(s.messages, activeMessageId, () => ({ step: event.payload.step })) }));
        break;
      case 'done': {
        const { answer, sources, searched, stopped } = event.payload;
        set((s) => ({
          messages: updateMessage(s.messages, activeMessageId, (m) => ({
            // A stopped run reports an empty answer: keep what was streamed so far.
            content: answer || m.content,
            sources,
            searched,
            state: stopped ? 'stopped' : 'done',
            step: undefined,
          })),
          activeMessageId: null,
        }));
        void get().loadThreads();
        break;
      }
      case 'error':
        set((s) => ({
          messages: updateMessage(s.messages, activeMessageId, () => ({
            state: 'error',
            error: event.payload.error,
            step: undefined,
          })),
          activeMessageId: null,
        }));
        break;
    }
  },

  reset() {
    buffered = [];
    set({ threads: [], threadId: newId(), messages: [], runId: null, activeMessageId: null, historyError: null });
  },
}));
