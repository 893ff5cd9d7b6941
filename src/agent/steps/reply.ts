/**
 * Answers that need no search: a clarifying question, a short reply to small talk, and a recap of what was
 * already said. None of them claims anything the notes (or the earlier, checked answers) do not support.
 */
import type { AIMessage, BaseMessage } from '@langchain/core/messages';
import type { ChatTurn } from '../../models/chatModel.js';
import { RECAP_PROMPT } from '../prompts.js';
import {
  acceptableReply,
  clarifyingQuestion,
  greetingFor,
  replyLanguageInstruction,
  smallTalkReplyFor,
} from '../language.js';
import type { SourceArtifact } from '../retrieveNotesTool.js';
import { splitSentences } from '../../text/sentences.js';
import { words } from '../../text/segment.js';
import { answerLeak } from '../promptLeak.js';
import { citedNumbers } from '../citationMarks.js';
import { checkedSentences } from './compose.js';
import { citedSentences } from '../synthesizer.js';
import { pseudoChunk, streamedAnswer } from './messages.js';
import type { AgentCallbacks, StepDeps, StepUpdate } from './types.js';

export function clarify(question: string, c: AgentCallbacks): StepUpdate {
  c.onStep?.('Asking what you mean…');
  return streamedAnswer(clarifyingQuestion(question), [], c);
}

export async function reply(deps: Pick<StepDeps, 'model'>, turns: ChatTurn[], c: AgentCallbacks): Promise<StepUpdate> {
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
      : smallTalkReplyFor(question);
  return streamedAnswer(answer, [], c);
}

/** The share of a recap sentence's words the earlier answer's sentence must hold (see recap). */
export const RECAP_SUPPORT = 1;

/** The fewest words (segment.ts words, particles included) a recap sentence has. */
export const RECAP_MIN_WORDS = 3;

/** Cited sentences of the last two answers (citedSentences), as pseudo-chunks a recap is checked against. */
export function answerSentences(turns: ChatTurn[]): { text: string; cites: string }[] {
  return turns
    .filter((t) => t.role === 'assistant')
    .slice(-2)
    .flatMap((t) => citedSentences(t.content))
    .filter((x) => x.text);
}

/**
 * "Summarise what you just said": the model rewrites the earlier answers, and each sentence it writes must be
 * supported by one of their sentences (whose citations it inherits). If none is, the first sentences of the
 * last answer are the recap. Either way nothing new is claimed.
 */
export async function recap(
  deps: Pick<StepDeps, 'model'>,
  messages: BaseMessage[],
  turns: ChatTurn[],
  c: AgentCallbacks,
): Promise<StepUpdate> {
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
  // Every word of a recap's sentence must be in the sentence it restates: a recap says nothing new, and with the
  // 60% a note's answer needs, the bundled model's recap kept stray words ("…Maya Chen (design) prochaine").
  // And a recap sentence is a sentence: the bundled model's "Demoed" restated a word of the answer and said nothing.
  const sentences = checkedSentences(draft, pseudo, '', RECAP_SUPPORT)
    .filter(({ body }) => words(body).length >= RECAP_MIN_WORDS)
    .map(({ body, n }) => {
      const cites = said[n - 1]?.cites;
      return cites ? body.replace(/([.!?]*)$/, ` ${cites}$1`) : body;
    });
  // Nothing of the draft kept: the last answer's first sentence, with its marks.
  const first = lastAi ? citedSentences(lastAi.content).find((x) => x.text) : undefined;
  const answer = sentences.length
    ? sentences.slice(0, 2).join(' ')
    : first
      ? first.text.replace(/([.!?。！？]*)$/u, first.cites ? ` ${first.cites}$1` : '$1')
      : '';
  // Its sources are the previous answer's that it still cites (a recap of two answers may cite either's
  // numbers; the latest answer's sources are the ones shown).
  const previous = [...messages].reverse().find((m) => m.getType() === 'ai' && !(m as AIMessage).tool_calls?.length) as
    | AIMessage
    | undefined;
  const cited = new Set(citedNumbers(answer));
  const sources = ((previous?.additional_kwargs?.sources as SourceArtifact[] | undefined) ?? []).filter((s) =>
    cited.has(s.n),
  );
  return streamedAnswer(answer || greetingFor(turns.at(-1)?.content ?? ''), sources, c);
}
