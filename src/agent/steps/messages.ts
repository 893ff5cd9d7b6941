/** Reading the thread's messages, and the messages a step writes (a tool call, a final answer). */
import { AIMessage, HumanMessage, type BaseMessage, type ToolMessage } from '@langchain/core/messages';
import type { ChatTurn } from '../../models/chatModel.js';
import type { SearchResult } from '../../search/similaritySearch.js';
import { MAX_QUERY_CHARS, RETRIEVE_TOOL_NAME, type SourceArtifact } from '../retrieveNotesTool.js';
import type { AgentCallbacks, StepUpdate } from './types.js';

export function messageText(m: BaseMessage): string {
  return typeof m.content === 'string' ? m.content : m.content.map((c) => ('text' in c ? c.text : '')).join('');
}

/** The conversation as plain turns (user questions and final answers), for prompts. */
export function toTurns(messages: BaseMessage[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  for (const m of messages) {
    if (m instanceof HumanMessage || m.getType() === 'human') turns.push({ role: 'user', content: messageText(m) });
    else if (m.getType() === 'ai' && !(m as AIMessage).tool_calls?.length)
      turns.push({ role: 'assistant', content: messageText(m) });
  }
  return turns;
}

/** The turns before the current question that the agent reads: the last five (three exchanges at most). */
export function turnsBefore(messages: BaseMessage[]): ChatTurn[] {
  return toTurns(messages).slice(-6, -1);
}

/** Messages since the latest user message (this question's tool calls and results). */
export function currentExchange(messages: BaseMessage[]): {
  question: string;
  toolResults: ToolMessage[];
  queries: string[];
} {
  let i = messages.length - 1;
  while (i >= 0 && messages[i]!.getType() !== 'human') i--;
  const after = messages.slice(i + 1);
  return {
    question: i >= 0 ? messageText(messages[i]!) : '',
    toolResults: after.filter((m): m is ToolMessage => m.getType() === 'tool'),
    queries: after.flatMap((m) => ((m as AIMessage).tool_calls ?? []).map((c) => String(c.args.query))),
  };
}

/**
 * A retrieve_notes_tool call: the graph routes it to the tools node. A question longer than the tool takes (a chat
 * message may hold 4,000 characters, a query 500) is searched by its first 500 characters, cut at a word: before, the
 * tool's schema refused it and the whole run failed with "Received tool input did not match expected schema".
 */
export function callTool(question: string, calls: number, filters: { folder?: string; tag?: string } = {}): StepUpdate {
  const head = question.slice(0, MAX_QUERY_CHARS);
  const query = question.length > MAX_QUERY_CHARS ? head.replace(/\s+\S*$/u, '') || head : question;
  return {
    messages: [
      new AIMessage({
        content: '',
        tool_calls: [
          {
            id: `call_${Date.now()}_${calls}`,
            name: RETRIEVE_TOOL_NAME,
            args: { query, ...filters },
            type: 'tool_call',
          },
        ],
      }),
    ],
    toolCalls: calls + 1,
  };
}

/**
 * The final answer of this question, its sources attached for the UI and for a later recap; an answer that cites
 * nothing keeps the closest notes its searches showed (RetrieveArtifact.searched), kept with the thread like sources.
 */
export function finalAnswer(answer: string, sources: SourceArtifact[], searched: SourceArtifact[] = []): StepUpdate {
  const kept = sources.length === 0 && searched.length ? { sources, searched } : { sources };
  return { messages: [new AIMessage({ content: answer, additional_kwargs: kept })] };
}

/** Only checked text reaches the user: the final answer is streamed once it is known to be grounded. */
export function streamedAnswer(
  answer: string,
  sources: SourceArtifact[],
  c: AgentCallbacks,
  searched: SourceArtifact[] = [],
): StepUpdate {
  for (const piece of answer.match(/\S+\s*/g) ?? [answer]) c.onToken?.(piece);
  return finalAnswer(answer, sources, searched);
}

/** Text that is not a note's chunk (an earlier answer's sentence, a source's text) in the shape the grounding check reads. */
export function pseudoChunk(text: string, i: number): SearchResult {
  return {
    chunk_id: `pseudo-${i}`,
    page_content: text,
    source: '',
    title: '',
    folder: '',
    section_title: '',
    header_path: '',
    chunk_index: 0,
    total_chunks: 1,
    start_line: 0,
    end_line: 0,
    tags: '',
    note_date: null,
    mtime: 0,
    score: 0,
    dense_score: null,
    sparse_score: null,
    rank: i + 1,
  };
}
