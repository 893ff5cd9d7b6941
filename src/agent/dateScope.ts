/**
 * A question scoped to a date or range ("what happened on Saturday 7 November", "what did I do last week"). The
 * search already kept only notes dated then (their own date: a daily note's name or a date property; or, for a
 * note with none, its last change), so the date is satisfied by the notes themselves: an answer sentence never
 * has to repeat "7" or "November" (a daily note names its day "2026-11-07" in its title, if anywhere). Only the
 * question's other content words must be shared; and when there are none ("what did I do"), the answer is the
 * dated notes' own main points, in date order.
 */
import type { SearchResult } from '../search/similaritySearch.js';
import { keyWordTerms } from '../text/segment.js';
import { questionLanguage } from './language.js';
import { withoutTimeQuestionWords } from '../search/timeQuestion.js';

export interface DateScope {
  /** The date filter the search applied, inclusive 'YYYY-MM-DD'. */
  from: string;
  to: string;
  /** The question without its date phrase (withoutDatePhrase in emptyDateFilter.ts). */
  rest: string;
}

// What any day's notes answer ("what did I do", "what happened", "what did I write about"), and date words left
// over when the date phrase did not take them ("on Saturday, 7 November": the comma splits the phrase). English
// only, as whole words of any script ("i" is not the end of Vietnamese "tôi"); in every language, the words of timeQuestion.ts go too ("What is planned…", "12月6日の予定は？"), and
// otherwise the question keeps all its words, and the usual relevance rule applies.
const GENERIC_WORDS =
  /(?<![\p{L}\p{N}])(?:what|which|did|do|does|done|doing|happen(?:ed|s|ing)?|go(?:es|ing|ne)?|went|on|up|to|get|got|i|me|my|we|us|our|anything|something|stuff|things?|say|said|says|tell|told|mention(?:ed)?|talk(?:ed)?|about|write|wrote|written|work(?:ed)?\s+on|note[sd]?|journal(?:ed)?|log(?:ged)?|entr(?:y|ies)|days?|weeks?|months?|summar(?:y|ise|ize)|recap|overview|the|a|an|and|of|in|with|was|were|is|am|be|been|have|had|has|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|\d{1,4}(?:st|nd|rd|th)?)(?![\p{L}\p{N}])/giu;

/**
 * The question's topic once the date and the words every day's notes answer are gone: "what did Maya say about
 * onboarding last week" → "What Maya onboarding"; "what did I do last week", "what is planned for Friday" → "What".
 * A stop word leads, because namedWords (relevance.ts) never counts the first word as a name (every question
 * capitalises it).
 */
export function topicQuestion(scope: DateScope): string {
  const topic = withoutTimeQuestionWords(scope.rest.replace(GENERIC_WORDS, ' '));
  return `What ${topic.replace(/\s+/g, ' ').trim()}`.trim();
}

/**
 * Whether the question asks about something in particular, beyond "what was dated then": its topic holds a key word
 * in the question's language (keyWordTerms), not only the pronouns and auxiliaries other languages ask "what did I
 * do" with ("habe ich", "heb ik", "jsem", "saya").
 */
export function hasTopic(scope: DateScope): boolean {
  return keyWordTerms(topicQuestion(scope), questionLanguage(scope.rest)).length > 0;
}

/** Whether a chunk's note has a date of its own inside the scope. */
export const inScope = (c: SearchResult, scope: DateScope) =>
  c.note_date !== null && c.note_date !== undefined && c.note_date >= scope.from && c.note_date <= scope.to;

/** A daily note: its title or file name is its date (a note that only has a date property is another kind). */
const isDailyNote = (c: SearchResult) => /\d{4}-\d{2}-\d{2}/.test(`${c.title} ${c.source.split('/').pop()}`);

/**
 * The dated notes' chunks, one group per note (chunks in note order), notes ordered for a digest: by date across a
 * range, daily notes before other notes of the same day, then as search ranked them. Only notes with a date of
 * their own in the range; unless none has one, then the chunks that name the time (`names`: "Goal: the city
 * marathon on 6 December 2026" for "What is on December 6?"), unless none does (then the notes the filter matched by
 * their last change, or the search without dates ran).
 */
export function datedNotes(
  chunks: SearchResult[],
  scope: DateScope,
  names: (c: SearchResult) => boolean = () => false,
): number[][] {
  const own = chunks.some((c) => inScope(c, scope));
  const naming = !own && chunks.some(names);
  const bySource = new Map<string, number[]>();
  chunks.forEach((c, i) => {
    if ((own && !inScope(c, scope)) || (naming && !names(c))) return;
    bySource.set(c.source, [...(bySource.get(c.source) ?? []), i]);
  });
  const groups = [...bySource.values()].map((g) => g.sort((a, b) => chunks[a]!.start_line - chunks[b]!.start_line));
  const rank = (g: number[]) => Math.min(...g);
  const date = (g: number[]) => chunks[g[0]!]!.note_date ?? '';
  const daily = (g: number[]) => (isDailyNote(chunks[g[0]!]!) ? 0 : 1);
  return groups.sort((a, b) => date(a).localeCompare(date(b)) || daily(a) - daily(b) || rank(a) - rank(b));
}

/**
 * Sentences a digest shows (or any items: taskList.ts picks tasks so): one per note while notes last (a week's notes
 * each get their line), then further sentences of the same notes, up to `budget`; returned grouped by note in
 * `sentences`' order.
 */
export function digestPicks<T = string>(sentences: T[][], budget: number): { note: number; text: T }[] {
  const taken = sentences.map(() => 0);
  let total = 0;
  for (let round = 0; total < budget; round++) {
    let any = false;
    sentences.forEach((s, i) => {
      if (total < budget && s.length > round) {
        taken[i]!++;
        total++;
        any = true;
      }
    });
    if (!any) break;
  }
  return sentences.flatMap((s, i) => s.slice(0, taken[i]).map((text) => ({ note: i, text })));
}

/**
 * How many sentences a digest shows: the usual two for a day, one per note for a range of several days, up to
 * `range`. The citation hit rate does not depend on it; read on journal-en-tune (eval/sets.json): at 4, "what did I do
 * last week" left out the week's fifth note; a longer answer stops being a summary.
 */
export const DIGEST_SENTENCES = { day: 2, range: 5 };
