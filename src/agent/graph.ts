import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { Annotation, END, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';
import type { ChatModel, ChatTurn } from '../models/chatModel.js';
import {
  clarifyingQuestion,
  FINAL_ANSWER_PROMPT,
  JUDGE_PROMPT,
  MAIN_AGENT_PROMPT,
  NOTHING_FOUND,
  RECAP_PROMPT,
} from './prompts.js';
import { acceptableReply, greetingFor, isSmallTalk, notInNotesFor, replyLanguageInstruction } from './language.js';
import {
  RETRIEVE_TOOL_NAME,
  type RetrieveArtifact,
  type RetrieveCallContext,
  type SourceArtifact,
} from './retrieveNotesTool.js';
import { acceptRefinedQuery, contentWords, sharesWords } from './filterAgent.js';
import { splitSentences, verifyAnswer } from './synthesizer.js';
import { answerLeak } from './promptLeak.js';
import type { SearchResult } from '../search/similaritySearch.js';

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
  /** The retrieved notes as soon as a search ends, before the answer is written. */
  onSources?: (sources: SourceArtifact[]) => void;
  /** Degraded retrieval the user should know about (e.g. keyword matches only: the embedding endpoint is down). */
  onNotice?: (notice: string) => void;
  signal?: AbortSignal;
}

/** The main agent's decision, constrained by a JSON grammar: one call picks the action and refines the query. */
export const DECISION_SCHEMA = {
  type: 'object',
  properties: {
    action: { enum: [RETRIEVE_TOOL_NAME, 'reply', 'clarify'] },
    query: { type: 'string' },
    folder: { type: 'string' },
    tag: { type: 'string' },
  },
  required: ['action', 'query', 'folder', 'tag'],
} as const;

type ToolArgs = { query: string; folder?: string; tag?: string };
type RetrieveTool = {
  invoke(call: { id: string; name: string; args: ToolArgs; type: 'tool_call' }, config?: unknown): Promise<ToolMessage>;
};

/** Talk about the conversation itself: answered from what was already said, never by searching again. */
const ABOUT_CONVERSATION =
  /\b(summari[sz]e|sum (it|that) up|recap|tl;?dr|(what|everything) you (just )?(said|wrote|told me)|in (one|a single|two|a few) (sentence|line|word)s?|shorter|more briefly|simpler|rephrase|say (that|it) again|repeat (that|it)|what did you mean)\b/i;

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

/** Cited sentences of earlier answers, as pseudo-chunks a recap is checked against. */
function answerSentences(turns: ChatTurn[]): { text: string; cites: string }[] {
  return turns
    .filter((t) => t.role === 'assistant')
    .slice(-2)
    .flatMap((t) => splitSentences(t.content))
    .map((sentence) => ({
      text: sentence.replace(/\s*\[\d+\]/g, '').trim(),
      cites: [...sentence.matchAll(/\[\d+\]/g)].map((m) => m[0]).join(''),
    }))
    .filter((x) => x.text);
}

/** The draft's sentences that pass the grounding check, each with the pseudo-chunk (1-based) supporting it. */
function checkedSentences(draft: string, chunks: SearchResult[], question = ''): { body: string; n: number }[] {
  return splitSentences(draft.replace(/[ \t]+/g, ' ')).flatMap((sentence) => {
    const v = verifyAnswer(sentence, chunks, question);
    const n = v.cited[0];
    if (!v.text || !n) return [];
    return [{ body: v.text.replace(/\s*\[\d+\]\s*$/, '').trim(), n }];
  });
}

function pseudoChunk(text: string, i: number): SearchResult {
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

/**
 * The main ReAct agent: decide → (retrieve_notes_tool → judge a weak summary)* → answer. One JSON-grammar
 * call decides the action, refines the query and proposes filters; guards around it keep a small model honest
 * (small talk is answered directly, a query must keep the user's words, a reply is honoured only for talk about
 * the conversation, tool calls are bounded). An ordinary question costs two model calls: this decision and the
 * synthesizer, whose checked sentences stream as they are chosen.
 */
export function buildAgentGraph(deps: {
  model: ChatModel | null;
  retrieveTool: RetrieveTool;
  checkpointer?: BaseCheckpointSaver;
  maxToolCalls?: number;
  /**
   * True for a question whose words name no folder or tag (see namesFolderOrTag). As a thread's first question
   * it is searched as asked, without the decision call: with nothing said before, the guards below overrule a
   * reply or clarify decision anyway, so the call could only rephrase the query, and it was the whole time to
   * the first token (bench/README.md, "ask"). Unset: every question is decided.
   */
  plainQuestion?: (question: string) => boolean;
}) {
  const maxCalls = deps.maxToolCalls ?? MAX_TOOL_CALLS;
  const cb = (config: unknown): AgentCallbacks =>
    ((config as { configurable?: { callbacks?: AgentCallbacks } })?.configurable?.callbacks ?? {}) as AgentCallbacks;

  const callTool = (query: string, calls: number, filters: { folder?: string; tag?: string } = {}) => ({
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
  });

  const finalAnswer = (answer: string, sources: SourceArtifact[]) => ({
    messages: [new AIMessage({ content: answer, additional_kwargs: { sources } })],
  });

  async function decideFirst(state: State, c: AgentCallbacks) {
    const { question } = currentExchange(state.messages);
    const turns = toTurns(state.messages);
    if (isSmallTalk(question)) return reply(turns, c);
    const history = turns.slice(-6, -1);
    const hasAnswer = history.some((t) => t.role === 'assistant');
    // Nothing to search for and nothing said yet to resolve "it" against: ask, without spending a model call.
    if (contentWords(question).size === 0 && !hasAnswer) return clarify(question, c);
    if (!deps.model) return callTool(question, 0);
    if (history.length === 0 && deps.plainQuestion?.(question)) return callTool(question, 0, { folder: '', tag: '' });
    const decision = (await deps.model.completeJson(
      [
        { role: 'system', content: MAIN_AGENT_PROMPT },
        {
          role: 'user',
          content: `${history.length ? `Conversation:\n${history.map((t) => `${t.role}: ${t.content.slice(0, 300)}`).join('\n')}\n\n` : ''}User: ${question}`,
        },
      ],
      DECISION_SCHEMA,
      { maxTokens: 80, signal: c.signal },
    )) as { action?: string; query?: string; folder?: string; tag?: string } | null;
    // Honoured where it is safe: a reply only for talk about what was already answered (a notes assistant
    // looks before it answers anything else); a clarification only when the words give nothing to search.
    if (decision?.action === 'reply' && hasAnswer && ABOUT_CONVERSATION.test(question))
      return recap(state.messages, turns, c);
    if (decision?.action === 'clarify' && contentWords(withContext(question, history)).size === 0)
      return clarify(question, c);
    const standalone = withContext(question, history);
    const proposed = typeof decision?.query === 'string' ? decision.query : '';
    // A follow-up's rewrite must keep the earlier question's subject, or the context we attached wins.
    const query =
      standalone !== question && !sharesWords(proposed, standalone.slice(0, standalone.length - question.length))
        ? standalone
        : acceptRefinedQuery(proposed, standalone);
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return callTool(query, 0, { folder: str(decision?.folder), tag: str(decision?.tag) });
  }

  function clarify(question: string, c: AgentCallbacks) {
    c.onStep?.('Asking what you mean…');
    return streamedAnswer(clarifyingQuestion(question), [], c);
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
    const answer =
      acceptableReply(draft, system, question) && !answerLeak(draft, '', splitSentences)
        ? draft.trim()
        : greetingFor(question);
    return streamedAnswer(answer, [], c);
  }

  /**
   * "Summarise what you just said": the model rewrites the earlier answers, and each sentence it writes must be
   * supported by one of their sentences (whose citations it inherits). If none is, the first sentences of the
   * last answer are the recap. Either way nothing new is claimed.
   */
  async function recap(messages: BaseMessage[], turns: ChatTurn[], c: AgentCallbacks) {
    c.onStep?.('Replying…');
    const said = answerSentences(turns);
    const lastAi = [...turns].reverse().find((t) => t.role === 'assistant');
    const draft = deps.model
      ? await deps.model.complete([{ role: 'system', content: RECAP_PROMPT }, ...turns.slice(-6)], {
          maxTokens: 80,
          signal: c.signal,
        })
      : '';
    const pseudo = said.map((x, i) => pseudoChunk(x.text, i));
    const sentences = checkedSentences(draft, pseudo).map(({ body, n }) => {
      const cites = said[n - 1]?.cites;
      return cites ? body.replace(/([.!?]*)$/, ` ${cites}$1`) : body;
    });
    const answer = sentences.length
      ? sentences.slice(0, 2).join(' ')
      : splitSentences(lastAi?.content ?? '')
          .slice(0, 1)
          .join(' ');
    // Its sources are the previous answer's that it still cites (a recap of two answers may cite either's
    // numbers; the latest answer's sources are the ones shown).
    const previous = [...messages]
      .reverse()
      .find((m) => m.getType() === 'ai' && !(m as AIMessage).tool_calls?.length) as AIMessage | undefined;
    const cited = new Set([...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
    const sources = ((previous?.additional_kwargs?.sources as SourceArtifact[] | undefined) ?? []).filter((s) =>
      cited.has(s.n),
    );
    return streamedAnswer(answer || greetingFor(turns.at(-1)?.content ?? ''), sources, c);
  }

  /** Only checked text reaches the user: the final answer is streamed once it is known to be grounded. */
  function streamedAnswer(answer: string, sources: SourceArtifact[], c: AgentCallbacks) {
    for (const piece of answer.match(/\S+\s*/g) ?? [answer]) c.onToken?.(piece);
    return finalAnswer(answer, sources);
  }

  /**
   * Several summaries: the main agent writes the final answer from them, and keeps it only if every sentence
   * passes the grounding check against the notes behind the sources; otherwise the summaries themselves stand.
   */
  async function composeFinal(
    question: string,
    combined: { answer: string; sources: SourceArtifact[] },
    c: AgentCallbacks,
  ) {
    if (!deps.model || combined.sources.length === 0) return combined.answer;
    c.onStep?.('Writing the answer…');
    const draft = await deps.model.complete(
      [
        { role: 'system', content: FINAL_ANSWER_PROMPT },
        { role: 'user', content: `Summaries:\n${combined.answer}\n\nQuestion: ${question}` },
      ],
      { maxTokens: 160, signal: c.signal },
    );
    const notes = combined.sources.map((s, i) => pseudoChunk(s.chunks.map((x) => x.text).join('\n') || s.excerpt, i));
    const drafted = splitSentences(draft.replace(/[ \t]+/g, ' ')).filter((x) => /\p{L}/u.test(x));
    const checked = checkedSentences(draft, notes, question);
    // Kept only whole: a final answer with some sentences dropped could lose what the summaries said.
    if (checked.length === 0 || checked.length < drafted.length) return combined.answer;
    return checked.map(({ body, n }) => body.replace(/([.!?]*)$/, ` [${combined.sources[n - 1]!.n}]$1`)).join(' ');
  }

  async function judge(state: State, c: AgentCallbacks) {
    const { question, toolResults, queries } = currentExchange(state.messages);
    const last = toolResults.at(-1)!;
    const artifact = last.artifact as RetrieveArtifact | undefined;
    const found = text(last) !== NOTHING_FOUND;
    const combined = combineResults(toolResults);
    // The first summary already reached the user as it was checked: it is the answer.
    if (toolResults.length === 1 && found && artifact?.streamed) return finalAnswer(combined.answer, combined.sources);
    const finish = async () => {
      const answer =
        toolResults.filter((r) => text(r) !== NOTHING_FOUND).length > 1
          ? await composeFinal(question, combined, c)
          : combined.answer;
      return streamedAnswer(answer || notInNotesFor(question), combined.sources, c);
    };
    if (state.toolCalls >= maxCalls) return finish();
    if (!found) {
      // Insufficient: try once more with the user's own words if the first query was a rewrite.
      if (!queries.includes(question) && question.length <= 500) return callTool(question, state.toolCalls);
      return finish();
    }
    // Only a weak match is judged: a strong one answers, and the judge's model call is saved.
    if (deps.model && artifact?.weak !== false) {
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
    return finish();
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
      const args = call.args as ToolArgs;
      c.onStep?.(`Searching your notes for “${args.query}”…`);
      const first = state.toolCalls <= 1;
      const retrieve: RetrieveCallContext = {
        recent: toTurns(state.messages).slice(-5),
        onStep: c.onStep,
        onSources: c.onSources,
        onNotice: c.onNotice,
        // Only the first summary can be the final answer as it stands; later ones are combined first.
        onToken: first ? c.onToken : undefined,
        // With a model, the decision already refined the query: the tool does not ask the model again.
        proposed: deps.model ? { folder: args.folder ?? '', tag: args.tag ?? '' } : undefined,
        signal: c.signal,
      };
      const msg = await deps.retrieveTool.invoke(
        { id: call.id!, name: call.name, args: { query: String(args.query) }, type: 'tool_call' },
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
