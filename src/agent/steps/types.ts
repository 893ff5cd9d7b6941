/**
 * What the main agent's steps share: the callbacks a run reports through, what each step may use (its deps),
 * and the state update a step returns to the graph. The steps are plain functions so each can run on its own.
 */
import type { BaseMessage, ToolMessage } from '@langchain/core/messages';
import type { ChatModel } from '../../models/chatModel.js';
import type { SourceArtifact } from '../retrieveNotesTool.js';

export interface AgentCallbacks {
  onToken?: (t: string) => void;
  onStep?: (s: string) => void;
  /** The retrieved notes as soon as a search ends, before the answer is written. */
  onSources?: (sources: SourceArtifact[]) => void;
  /** Degraded retrieval the user should know about (e.g. keyword matches only: the embedding endpoint is down). */
  onNotice?: (notice: string) => void;
  signal?: AbortSignal;
}

export type ToolArgs = { query: string; folder?: string; tag?: string };
export type RetrieveTool = {
  invoke(call: { id: string; name: string; args: ToolArgs; type: 'tool_call' }, config?: unknown): Promise<ToolMessage>;
};

/** What the agent's steps are built from. */
export interface StepDeps {
  /** Null: no chat model; every step has a deterministic fallback. */
  model: ChatModel | null;
  /** The retrieve_notes_tool calls one question may make. */
  maxToolCalls: number;
  /** See buildAgentGraph: a thread's first plain question is searched as asked, without the decision call. */
  plainQuestion?: (question: string) => boolean;
  /** Whether the model judges a weak match (judge.ts; judgesFor in chatService.ts). Unset: it does. */
  judgeWeakMatches?: boolean;
  /**
   * Whether the model decides a plain follow-up (decide.ts; decidesFor in chatService.ts). Unset: it does. A question
   * naming a folder or tag is decided by any model, since only the model proposes those filters.
   */
  decideFollowUps?: boolean;
}

/** The graph state a step reads: the thread's messages and this question's tool calls so far. */
export interface StepState {
  messages: BaseMessage[];
  toolCalls: number;
}

/** What a step hands back to the graph: new messages, and the tool-call count when it changed. */
export interface StepUpdate {
  messages: BaseMessage[];
  toolCalls?: number;
}
