import type { EventChannel, EventPayload, Res } from './contract.js';

/** What a chat implementation offers the backend (the agent provides it; tests may script it). */
export interface ChatService {
  send(threadId: string, message: string, emit: Emit): Promise<string>;
  stop(runId: string): boolean;
  threads(): Promise<Res<'chat:threads'>>;
  history(threadId: string): Promise<Res<'chat:history'>>;
  readonly modelId: string;
  close(): Promise<void>;
}

export type Emit = <E extends EventChannel>(event: E, payload: EventPayload<E>) => void;
