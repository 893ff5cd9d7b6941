/**
 * Decide: what to do with a new question. Small talk is replied to and a question with nothing to search is
 * clarified, without a model call; otherwise one JSON-grammar call picks the action, refines the query and
 * proposes filters, and guards honour it only where that is safe for a small model.
 */
import type { ChatTurn } from '../../models/chatModel.js';
import { MAIN_AGENT_PROMPT } from '../prompts.js';
import { isSmallTalk } from '../language.js';
import { MAX_QUERY_CHARS, RETRIEVE_TOOL_NAME } from '../retrieveNotesTool.js';
import { acceptRefinedQuery, contentWords, MODEL_STRING, sharesWords } from '../filterAgent.js';
import { callTool, currentExchange, toTurns, turnsBefore } from './messages.js';
import { clarify, recap, reply } from './reply.js';
import { asksAboutTheAnswer, isFollowUp, OWN_SUBJECT_WORDS, ownWords, questionsAsked } from '../followUp.js';
import type { AgentCallbacks, StepDeps, StepState, StepUpdate } from './types.js';

/** The main agent's decision, constrained by a JSON grammar: one call picks the action and refines the query. */
export const DECISION_SCHEMA = {
  type: 'object',
  properties: {
    action: { enum: [RETRIEVE_TOOL_NAME, 'reply', 'clarify'] },
    query: MODEL_STRING,
    folder: MODEL_STRING,
    tag: MODEL_STRING,
  },
  required: ['action', 'query', 'folder', 'tag'],
} as const;

/** The decision the rules take alone: no query of the model's, so the question (with its context) is searched. */
const RULES_ALONE = { action: 'reply', query: '', folder: '', tag: '' };

/** Talk about the conversation itself: answered from what was already said, never by searching again. */
const ABOUT_CONVERSATION =
  /\b(summari[sz]e|sum (it|that) up|recap|tl;?dr|(what|everything) you (just )?(said|wrote|told me)|in (one|a single|two|a few) (sentence|line|word)s?|shorter|more briefly|simpler|rephrase|say (that|it) again|repeat (that|it)|what did you mean)\b/i;

/**
 * "In one sentence, please", "can you make it shorter": talk about the conversation has no subject of its own. A
 * question that merely uses one of those words has one: "can the browser clipper use an AI model to summarize a web
 * page before saving it", asked after another question, was answered with the previous answer again, the bundled
 * model having decided to reply. The same measure as a follow-up's: four words of its own or more stand alone.
 */
function aboutTheConversation(question: string): boolean {
  const match = ABOUT_CONVERSATION.exec(question);
  if (!match) return false;
  const rest = question.slice(0, match.index) + question.slice(match.index + match[0].length);
  return ownWords(rest).length < OWN_SUBJECT_WORDS;
}

export async function decide(deps: StepDeps, state: StepState, c: AgentCallbacks): Promise<StepUpdate> {
  const { question } = currentExchange(state.messages);
  const turns = toTurns(state.messages);
  if (isSmallTalk(question)) return reply(deps, turns, c);
  const history = turnsBefore(state.messages);
  const hasAnswer = history.some((t) => t.role === 'assistant');
  // Nothing to search for and nothing said yet to resolve "it" against: ask, without spending a model call.
  if (contentWords(question).size === 0 && !hasAnswer) return clarify(question, c);
  // "What you just said", in any language: a recap, whatever a small model would decide (and without asking it).
  if (hasAnswer && asksAboutTheAnswer(question)) return recap(deps, state.messages, turns, c);
  const plain = deps.plainQuestion?.(question) ?? false;
  if (plain && history.length === 0) return callTool(question, 0, { folder: '', tag: '' });
  // Without a model, or with one that does not decide a plain follow-up (decidesFor in chatService.ts), the rules
  // below decide alone, as they do a "reply" with no query: the bundled model answered the follow-up decisions looked
  // at exactly so, after 3-7 s on 2 busy cores.
  const model = plain && deps.decideFollowUps === false ? null : deps.model;
  const decision = model
    ? ((await model.completeJson(
        [
          { role: 'system', content: MAIN_AGENT_PROMPT },
          {
            role: 'user',
            content: `${history.length ? `Conversation:\n${history.map((t) => `${t.role}: ${t.content.slice(0, 300)}`).join('\n')}\n\n` : ''}User: ${question}`,
          },
        ],
        DECISION_SCHEMA,
        { maxTokens: 80, signal: c.signal },
      )) as { action?: string; query?: string; folder?: string; tag?: string } | null)
    : RULES_ALONE;
  // Honoured where it is safe: a reply only for talk about what was already answered (a notes assistant
  // looks before it answers anything else); a clarification only when the words give nothing to search.
  if (decision?.action === 'reply' && hasAnswer && aboutTheConversation(question))
    return recap(deps, state.messages, turns, c);
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

/**
 * "and what about the second one?" only makes sense with the question it goes on from attached: the last one that
 * stood on its own. A follow-up of a follow-up ("¿Y se puede cifrar?" after "¿Eso cuesta dinero?" after a question on
 * syncing) is about what the first asked, not about "¿Eso cuesta dinero?" alone. Requests about the answer and small talk
 * ask nothing of the notes and are skipped.
 */
export function withContext(question: string, history: ChatTurn[]): string {
  const asked = questionsAsked(history);
  if (!isFollowUp(question, asked[0])) return question;
  const anchor = asked.find((q, i) => !isFollowUp(q, asked[i + 1])) ?? asked[0];
  return anchor ? `${anchor} ${question}`.slice(0, MAX_QUERY_CHARS) : question;
}
