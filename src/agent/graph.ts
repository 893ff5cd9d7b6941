import type { AIMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { Annotation, END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import type { ChatModel } from '../models/chatModel.js';
import { decide } from './steps/decide.js';
import { judge } from './steps/judge.js';
import { retrieve } from './steps/retrieve.js';
import type { AgentCallbacks, RetrieveTool } from './steps/types.js';

export { DECISION_SCHEMA } from './steps/decide.js';
export { combineResults } from './steps/compose.js';
export { toTurns } from './steps/messages.js';
export type { AgentCallbacks } from './steps/types.js';

export const MAX_TOOL_CALLS = 3;

const AgentState = Annotation.Root({
  ...MessagesAnnotation.spec,
  /** Tool calls made for the current question; reset by each new user message. */
  toolCalls: Annotation<number>({ reducer: (_a, b) => b, default: () => 0 }),
});

/** The run's callbacks, passed by the chat service in the graph config. */
function callbacks(config: unknown): AgentCallbacks {
  return ((config as { configurable?: { callbacks?: AgentCallbacks } })?.configurable?.callbacks ??
    {}) as AgentCallbacks;
}

/**
 * The main ReAct agent: decide → (retrieve → judge a weak summary)* → answer. This function only wires the
 * graph; the steps live in ./steps/ (decide.ts, retrieve.ts, judge.ts, compose.ts for the synthesis of several
 * summaries, reply.ts for reply, clarify and recap). One JSON-grammar call decides the action, refines the
 * query and proposes filters; guards around it keep a small model honest (small talk is answered directly, a
 * query must keep the user's words, a reply is honoured only for talk about the conversation, tool calls are
 * bounded). An ordinary question costs two model calls: this decision and the synthesizer, whose checked
 * sentences stream as they are chosen.
 */
export function buildAgentGraph(deps: {
  model: ChatModel | null;
  retrieveTool: RetrieveTool;
  checkpointer?: BaseCheckpointSaver;
  maxToolCalls?: number;
  /**
   * True for a question whose words name no folder or tag (see namesFolderOrTag). As a thread's first question
   * it is searched as asked, without the decision call: with nothing said before, the guards overrule a reply
   * or clarify decision anyway, so the call could only rephrase the query, and it was the whole time to the
   * first token (bench/README.md, "ask"). Unset: every question is decided.
   */
  plainQuestion?: (question: string) => boolean;
  /** Whether the model judges a weak match before it is the answer (judgesFor in chatService.ts). Unset: it does. */
  judgeWeakMatches?: boolean;
  /** Whether the model decides a plain follow-up (decidesFor in chatService.ts). Unset: it does. */
  decideFollowUps?: boolean;
}) {
  const steps = {
    model: deps.model,
    maxToolCalls: deps.maxToolCalls ?? MAX_TOOL_CALLS,
    plainQuestion: deps.plainQuestion,
    judgeWeakMatches: deps.judgeWeakMatches,
    decideFollowUps: deps.decideFollowUps,
    retrieveTool: deps.retrieveTool,
  };

  return new StateGraph(AgentState)
    .addNode('agent', async (state, config) => {
      // After a search the agent judges its result; a new question starts with a fresh tool-call count.
      if (state.messages.at(-1)?.getType() === 'tool') return judge(steps, state, callbacks(config));
      return decide(steps, { ...state, toolCalls: 0 }, callbacks(config));
    })
    .addNode('tools', async (state, config) => retrieve(steps, state, callbacks(config)))
    .addEdge(START, 'agent')
    .addConditionalEdges(
      'agent',
      (state) => ((state.messages.at(-1) as AIMessage).tool_calls?.length ? 'tools' : END),
      ['tools', END],
    )
    .addEdge('tools', 'agent')
    .compile({ checkpointer: deps.checkpointer });
}
