/**
 * The words a question about a time asks with, beside its date phrase, that say nothing about *what* of that time
 * it asks: "What is planned for December 6?", "was steht nächste Woche an?", "12月6日の予定は？". Search reads a
 * line naming the time as an answer to them without its holding one of these words (periodMention.ts), and a
 * question of nothing else gets the time's notes (dateScope.ts). A question that asks what is planned also says
 * which way to read a date without a year: forward (dates.ts).
 */
import { detectLanguage } from '../text/language.js';
import { PLAN_WORDS, TIME_QUESTION_WORDS } from '../text/stopwords.js';
import { foldText, keyWordTerms, withoutWords, words, type QueryTerm } from '../text/segment.js';

const PLAN_WORD_SET = new Set(PLAN_WORDS.map(foldText));
const TIME_WORD_SET = new Set([...PLAN_WORDS, ...TIME_QUESTION_WORDS].map(foldText));

/**
 * Words that put a question in the past whatever else it says: "What was planned for Friday?" looks back. "was" is
 * English's only where the question is not German ("Was ist am 12. Dezember geplant?" asks what is).
 */
const PAST_AUXILIARIES = new Set(['were', 'did', 'had', 'war', 'waren', 'hatte', 'hatten']);
const asksInPast = (question: string, ws: string[]) =>
  ws.some((w) => PAST_AUXILIARIES.has(w)) || (ws.includes('was') && detectLanguage(question).lang !== 'de');

/** Whether a word (folded) is one a question about any time asks with (PLAN_WORDS, TIME_QUESTION_WORDS). */
export const isTimeQuestionWord = (word: string): boolean => TIME_WORD_SET.has(word);

/**
 * Whether the question asks what is still to come: it holds a plan word, or English "will", and no past auxiliary.
 * "What is planned for December 12?", "12月有哪些安排？", "What will I do on Friday?"; not "What was planned…".
 */
export function asksAhead(question: string): boolean {
  const ws = words(question);
  return ws.some((w) => PLAN_WORD_SET.has(w) || w === 'will') && !asksInPast(question, ws);
}

/**
 * The question's key words that say what of the time it asks about ("dentist" in "when is the dentist next week"), in
 * the question's language `lang` (keyWordTerms).
 */
export function timeTopicTerms(query: string, lang = ''): QueryTerm[] {
  return keyWordTerms(query, lang).filter((t) => !isTimeQuestionWord(t.word));
}

/** The text without the words a question about any time asks with (isTimeQuestionWord). */
export const withoutTimeQuestionWords = (text: string): string => withoutWords(text, isTimeQuestionWord);
