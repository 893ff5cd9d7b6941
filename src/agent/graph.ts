import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { Annotation, END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import type { ChatModel, ChatTurn } from '../models/chatModel.js';
import { JUDGE_PROMPT, MAIN_AGENT_PROMPT, NOTHING_FOUND } from './prompts.js';
import { acceptableReply, greetingFor, isSmallTalk, notInNotesFor, replyLanguageInstruction } from './language.js';
import {
  RETRIEVE_TOOL_NAME,
  type RetrieveArtifact,
  type RetrieveCallContext,
  type SourceArtifact,
} from './retrieveNotesTool.js';
import { acceptRefinedQuery, sharesWords } from './filterAgent.js';

export const MAX_TOOL_CALLS = 3;

const AgentState = Annotation.Root({
  ...MessagesAnnotation.spec,
  /** Tool calls made for the current question; reset by each new user message. */
  toolCalls: Annotation<number>({ reducer: (_a, b) => b, default: () => 0 }),
});
type State = typeof AgentState.State;

export interface AgentCallbacks {
  onToken?: (t: string) => void;
  onStep?: (s: string) => void;
  signal?: AbortSignal;
}

type RetrieveTool = {
  invoke(
    call: { id: string; name: string; args: { query: string }; type: 'tool_call' },
    config?: unknown,
  ): Promise<ToolMessage>;
};

function text(m: BaseMessage): string {
  return typeof m.content === 'string' ? m.content : m.content.map((c) => ('text' in c ? c.text : '')).join('');
}

/** The conversation as plain turns (user questions and final answers), for prompts. */
export function toTurns(messages: BaseMessage[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const m of messages) {
    if (m instanceof HumanMessage || m.getType() === 'human') turns.push({ role: 'user', content: text(m) });
    else if (m.getType() === 'ai' && !(m as AIMessage).tool_calls?.length)
      turns.push({ role: 'assistant', content: text(m) });
  }
  return turns;
}

/** Messages since the latest user message (this question's tool calls and results). */
function currentExchange(messages: BaseMessage[]): { question: string; toolResults: ToolMessage[]; queries: string[] } {
  let i = messages.length - 1;
  while (i >= 0 && messages[i]!.getType() !== 'human') i--;
  const after = messages.slice(i + 1);
  return {
    question: i >= 0 ? text(messages[i]!) : '',
    toolResults: after.filter((m): m is ToolMessage => m.getType() === 'tool'),
    queries: after.flatMap((m) => ((m as AIMessage).tool_calls ?? []).map((c) => String(c.args.query))),
  };
}

/** Joins several tool summaries into one answer, renumbering citations so they stay unique. */
export function combineResults(results: ToolMessage[]): { answer: string; sources: SourceArtifact[] } {
  const sources: SourceArtifact[] = [];
  const parts: string[] = [];
  for (const r of results) {
    const artifact = r.artifact as RetrieveArtifact | undefined;
    const content = text(r);
    if (!artifact || artifact.sources.length === 0 || content === NOTHING_FOUND) continue;
    // The same note found by two searches is one source, not [1] and [3].
    const renumber = new Map<number, number>();
    for (const src of artifact.sources) {
      const existing = sources.find((x) => x.source === src.source);
      if (existing) renumber.set(src.n, existing.n);
      else {
        renumber.set(src.n, sources.length + 1);
        sources.push({ ...src, n: sources.length + 1 });
      }
    }
    parts.push(
      content.replace(/\[(\d+)\]/g, (m, d: string) => (renumber.has(Number(d)) ? `[${renumber.get(Number(d))}]` : m)),
    );
  }
  return { answer: parts.join('\n\n'), sources };
}

/**
 * The main ReAct agent: decide → (retrieve_notes_tool → judge the summary)* → answer. The model picks the
 * action and writes the query under a JSON grammar; guards around it keep a small model honest (small talk
 * is answered directly, a query must keep the user's words, tool calls are bounded).
 */
export function buildAgentGraph(deps: {
  model: ChatModel | null;
  retrieveTool: RetrieveTool;
  checkpointer?: BaseCheckpointSaver;
  maxToolCalls?: number;
}) {
  const maxCalls = deps.maxToolCalls ?? MAX_TOOL_CALLS;
  const cb = (config: unknown): AgentCallbacks =>
    ((config as { configurable?: { callbacks?: AgentCallbacks } })?.configurable?.callbacks ?? {}) as AgentCallbacks;

  const callTool = (query: string, calls: number) => ({
    messages: [
      new AIMessage({
        content: '',
        tool_calls: [
          { id: `call_${Date.now()}_${calls}`, name: RETRIEVE_TOOL_NAME, args: { query }, type: 'tool_call' },
        ],
      }),
    ],
    toolCalls: calls + 1,
  });

  const finalAnswer = (answer: string, sources: SourceArtifact[]) => ({
    messages: [new AIMessage({ content: answer, additional_kwargs: { sources } })],
  });

  async function decideFirst(state: State, c: AgentCallbacks) {
    const { question } = currentExchange(state.messages);
    const turns = toTurns(state.messages);
    if (isSmallTalk(question) || !deps.model) {
      if (isSmallTalk(question)) return reply(turns, c);
      return callTool(question, 0);
    }
    const history = turns.slice(-6, -1);
    const decision = (await deps.model.completeJson(
      [
        { role: 'system', content: MAIN_AGENT_PROMPT },
        {
          role: 'user',
          content: `${history.length ? `Conversation:\n${history.map((t) => `${t.role}: ${t.content.slice(0, 300)}`).join('\n')}\n\n` : ''}User: ${question}`,
        },
      ],
      {
        type: 'object',
        properties: { action: { enum: ['search_notes', 'reply'] }, query: { type: 'string' } },
        required: ['action', 'query'],
      },
      { maxTokens: 80, signal: c.signal },
    )) as { action?: string; query?: string } | null;
    // A notes assistant should look before it answers: only clear small talk skips the search.
    const standalone = withContext(question, history);
    const proposed = typeof decision?.query === 'string' ? decision.query : '';
    // A follow-up's rewrite must keep the earlier question's subject, or the context we attached wins.
    const query =
      standalone !== question && !sharesWords(proposed, standalone.slice(0, standalone.length - question.length))
        ? standalone
        : acceptRefinedQuery(proposed, standalone);
    return callTool(query, 0);
  }

  async function reply(turns: ChatTurn[], c: AgentCallbacks) {
    c.onStep?.('Replying…');
    const question = turns.at(-1)?.content ?? '';
    const system = `You are ObsiQuery, a friendly assistant for the user's Obsidian notes. Reply briefly. Do not state facts about the user's notes.${replyLanguageInstruction(question)}`;
    const draft = deps.model
      ? await deps.model.complete([{ role: 'system', content: system }, ...turns.slice(-6)], {
          maxTokens: 60,
          signal: c.signal,
        })
      : '';
    // Small or base models sometimes echo their instructions or drift into noise; such a reply is replaced
    // by a plain greeting in the user's language. It is checked before the user sees any of it, then streamed.
    const answer = acceptableReply(draft, system, question) ? draft.trim() : greetingFor(question);
    return streamedAnswer(answer, [], c);
  }

  /** Only checked text reaches the user: the final answer is streamed once it is known to be grounded. */
  function streamedAnswer(answer: string, sources: SourceArtifact[], c: AgentCallbacks) {
    for (const piece of answer.match(/\S+\s*/g) ?? [answer]) c.onToken?.(piece);
    return finalAnswer(answer, sources);
  }

  async function judge(state: State, c: AgentCallbacks) {
    const { question, toolResults, queries } = currentExchange(state.messages);
    const last = toolResults.at(-1)!;
    const found = text(last) !== NOTHING_FOUND;
    const combined = combineResults(toolResults);
    if (state.toolCalls >= maxCalls)
      return streamedAnswer(combined.answer || notInNotesFor(question), combined.sources, c);
    if (!found) {
      // Insufficient: try once more with the user's own words if the first query was a rewrite.
      if (!queries.includes(question) && question.length <= 500) return callTool(question, state.toolCalls);
      return streamedAnswer(combined.answer || notInNotesFor(question), combined.sources, c);
    }
    if (deps.model) {
      c.onStep?.('Checking the answer…');
      const verdict = (await deps.model.completeJson(
        [
          { role: 'system', content: JUDGE_PROMPT },
          { role: 'user', content: `Question: ${question}\nSummary: ${combined.answer}` },
        ],
        {
          type: 'object',
          properties: { sufficient: { type: 'boolean' }, missing: { type: 'string' } },
          required: ['sufficient', 'missing'],
        },
        { maxTokens: 60, signal: c.signal },
      )) as { sufficient?: boolean; missing?: string } | null;
      const missing = typeof verdict?.missing === 'string' ? verdict.missing.trim() : '';
      // Only re-query for a genuinely new, on-topic gap; a small model's "insufficient" alone is not enough.
      if (
        verdict?.sufficient === false &&
        missing &&
        !queries.includes(missing) &&
        acceptRefinedQuery(missing, question) === missing
      ) {
        return callTool(missing, state.toolCalls);
      }
    }
    return streamedAnswer(combined.answer, combined.sources, c);
  }

  return new StateGraph(AgentState)
    .addNode('agent', async (state, config) => {
      const c = cb(config);
      const last = state.messages.at(-1);
      if (last?.getType() === 'tool') return judge(state, c);
      return decideFirst({ ...state, toolCalls: 0 }, c);
    })
    .addNode('tools', async (state, config) => {
      const c = cb(config);
      const call = (state.messages.at(-1) as AIMessage).tool_calls![0]!;
      c.onStep?.(`Searching your notes for “${call.args.query}”…`);
      const retrieve: RetrieveCallContext = {
        recent: toTurns(state.messages).slice(-5),
        onStep: c.onStep,
        signal: c.signal,
      };
      const msg = await deps.retrieveTool.invoke(
        { id: call.id!, name: call.name, args: { query: String(call.args.query) }, type: 'tool_call' },
        { configurable: { retrieve }, signal: c.signal },
      );
      return { messages: [msg] };
    })
    .addEdge(START, 'agent')
    .addConditionalEdges(
      'agent',
      (state) => ((state.messages.at(-1) as AIMessage).tool_calls?.length ? 'tools' : END),
      ['tools', END],
    )
    .addEdge('tools', 'agent')
    .compile({ checkpointer: deps.checkpointer });
}

/** "and what about the second one?" only makes sense with the previous question attached. */
function withContext(question: string, history: ChatTurn[]): string {
  const lastUser = [...history].reverse().find((t) => t.role === 'user');
  const followUp =
    /^(and|what about|how about|also|the (first|second|third|other|last) one)\b|\b(it|that|this|those|them|one)\b\??$/i;
  if (lastUser && followUp.test(question.trim())) return `${lastUser.content} ${question}`.slice(0, 500);
  return question;
}
