import { embeddingModels } from '../models/manifest.js';
import { queryTerms, wordTerms, words } from '../text/segment.js';
import { questionLanguage } from './language.js';

/**
 * Whether an answer sentence is about the question, not only somewhere in a note. The grounding check proves a
 * sentence is in the notes; this proves it answers: "when is my dentist appointment" found a note about date
 * arithmetic, and a grounded sentence from it ("Dates can be added…") was shown with a citation.
 *
 * Key terms are the question's content words as search tokenises them (src/text/segment.ts): ICU words, so
 * Japanese and Chinese split into words; language stop words dropped; English words matched by stem too
 * ("snapshots" ~ "snapshot"). A paraphrased question may share no word with the sentence that answers it, so
 * the caller also accepts a sentence whose meaning is close enough (embedding similarity, see synthesizer.ts).
 */

/** The question's key terms: each content word and its English stem. */
export function keyTerms(question: string): Set<string> {
  return new Set(queryTerms(question).flatMap((t) => t.terms));
}

/** How many of the question's key words (counted per question word, not per stem) the sentence contains. */
export function sharedKeyWords(question: string, sentence: string): number {
  const inSentence = new Set(words(sentence).flatMap(wordTerms));
  return queryTerms(question).filter((t) => t.terms.some((x) => inSentence.has(x))).length;
}

/**
 * Key words too common in the retrieved notes to tell them apart ("note", "vault" in a notes app's help): a word in
 * at least `share` of the texts is as good as a stop word here. With fewer than three texts nothing is common.
 */
export function commonWords(texts: string[], share = 0.75): Set<string> {
  if (texts.length < 3) return new Set();
  const counts = new Map<string, number>();
  for (const t of texts) for (const w of new Set(words(t).flatMap(wordTerms))) counts.set(w, (counts.get(w) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n >= share * texts.length).map(([w]) => w));
}

/**
 * The question's names and numbers ("Maya", "2026-11-03", "v1.4"): written with a capital after the first word, or
 * with digits. In a personal vault the retrieved notes all mention the person or day asked about, so such a word is
 * never "common", and a note's title counts for it (a daily note's date is its title, not in its sentences).
 */
export function namedWords(question: string): Set<string> {
  const raw = question.trim().split(/\s+/).slice(1).join(' ');
  const named = [...raw.matchAll(/[\p{Lu}][\p{L}\p{M}]+|[\p{L}\p{N}-]*\p{N}[\p{L}\p{N}-]*/gu)].map((m) => m[0]);
  const first = question.trim().split(/\s+/)[0] ?? '';
  if (/\p{N}/u.test(first)) named.push(first);
  return new Set(named.flatMap((w) => words(w)).flatMap(wordTerms));
}

/**
 * The question's names that the vault never mentions (`unknown`: its words with no document in the index, see
 * unknownWords in src/store/sparse.ts). "draw diagrams with the Excalidraw plugin" over the Obsidian help: every
 * other word is in the notes, so search finds a note about diagrams and its sentences come close in meaning, but
 * the thing asked about is not there. Only names count (capitalised after the first word): a paraphrase's
 * ordinary words ("colour", "charity") are often missing from the notes that answer it. Chosen on the tuning parts
 * (README, "Answer quality"): it names 6 of the 19 off-topic questions (3 of them were answered before) and none
 * of the 89 on-topic ones, nor any of the 52 Japanese ones.
 */
export function unknownNames(question: string, unknown: string[]): string[] {
  const named = namedWords(question);
  return unknown.filter((w) => named.has(w));
}

/**
 * The question's names of more than one word: runs of two or more words capitalised after the first word
 * ("Google Calendar", "Microsoft Word"), or a Latin name and the katakana word after it ("Googleカレンダー"). Each
 * word may be in the vault ("Google Keep", "calendar view") while the thing they name together is not.
 */
export function namePhrases(question: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  const tokens = question.trim().split(/\s+/);
  // In a Title Cased Question capitals mark no names.
  const rest = tokens.slice(1);
  const titleCased = rest.length > 1 && rest.filter((t) => /^\p{Lu}/u.test(t)).length > rest.length / 2;
  for (const [i, token] of (titleCased ? [] : tokens).entries()) {
    const word = token.replace(/^[^\p{L}\p{N}]+/u, '').replace(/(?:'s)?[^\p{L}\p{N}]*$/u, '');
    const capital = i > 0 && word.length > 1 && /^\p{Lu}/u.test(word);
    if (capital) run.push(word);
    // Punctuation around a word ("Calendar,", "Calendar's") ends the name with it.
    if (!capital || word !== token) {
      if (run.length > 1) runs.push(run);
      run = [];
    }
  }
  if (run.length > 1) runs.push(run);
  // Japanese writes a Latin name and the katakana word it goes with together ("Googleカレンダー"), without a space.
  for (const m of question.matchAll(/(\p{Lu}[\p{Script=Latin}]+)\s?(\p{Script=Katakana}[\p{Script=Katakana}ー]*)/gu))
    runs.push([m[1]!, m[2]!]);
  return runs;
}

/** Words that say which kind of plugin, not which one ("a core plugin", "the community plugins"). */
const PLUGIN_KINDS = new Set(['core', 'community', 'official', 'party', 'third', 'obsidian', 'custom', 'own', 'new']);

/**
 * The plugins an English question names: the word before "plugin(s)" ("the Tasks plugin", "a kanban board plugin"
 * → "board"), unless it is a stop word or says which kind of plugin.
 */
export function pluginNames(question: string): string[] {
  const ws = words(question);
  const named: string[] = [];
  ws.forEach((w, i) => {
    const before = ws[i - 1];
    if (!/^plugins?$/.test(w) || before === undefined || PLUGIN_KINDS.has(before)) return;
    if (queryTerms(before).length) named.push(before);
  });
  return named;
}

/**
 * Things the question names that no note names (`holds` says whether some note writes the given words in a row):
 * a name of several words ("Google Calendar") and a plugin ("Tasks plugin") unless a note writes "<name> plugin"
 * or a note is titled for it (`titles`: "Templates", "Daily notes"). "show my Google Calendar events inside the
 * daily note" and "use the Tasks plugin to make a task repeat every week" were answered with sentences about the
 * daily note's calendar icon and the CLI's task commands: every word is in the vault, the thing asked about is
 * not. Chosen on the tuning parts: +5 of 64 off-topic refusals, no on-topic question named; on the English test
 * part it refused no more off-topic questions and cost one hit ("the official migration plugin" is the Importer's
 * description, not its name). README, "Answer quality".
 */
export function unknownThings(
  question: string,
  holds: (phrase: string[]) => boolean,
  titles: () => string[],
): string[] {
  const plural = (w: string) => [w, w.endsWith('s') ? w.slice(0, -1) : `${w}s`];
  const plugins = questionLanguage(question) === 'en' ? pluginNames(question) : [];
  // The last word of each note's title ("Templates", "Daily notes"), read only when the question names a plugin.
  const titleWords = plugins.length ? new Set(titles().map((t) => words(t).at(-1))) : new Set<string>();
  return [
    ...namePhrases(question)
      .filter((p) => !holds(p))
      .map((p) => p.join(' ')),
    ...plugins
      .filter((w) => !plural(w).some((x) => titleWords.has(x)) && !holds([w, 'plugin']))
      .map((w) => `${w} plugin`),
  ];
}

/**
 * Shared key words, ignoring those in `common` (except the question's names and numbers, which may also be found in
 * `title`, the title of the note the sentence is from).
 */
export function sharedDistinctiveKeyWords(question: string, sentence: string, common: Set<string>, title = ''): number {
  const named = namedWords(question);
  const inSentence = new Set(words(sentence).flatMap(wordTerms));
  const inTitle = new Set(words(title).flatMap(wordTerms));
  return queryTerms(question).filter((t) =>
    t.terms.some((x) => (named.has(x) ? inSentence.has(x) || inTitle.has(x) : inSentence.has(x) && !common.has(x))),
  ).length;
}

/**
 * Whether an embedder's similarities mean anything for text in `lang`: a model trained on English only (no
 * `languages` in the manifest) scores Japanese against Japanese high whatever it says. Unknown models (an
 * endpoint's) are trusted.
 */
export function embedderReads(modelId: string, lang: string): boolean {
  const entry = embeddingModels().find((m) => m.id === modelId);
  if (!entry) return true;
  const langs = entry.languages ?? ['en'];
  return langs.includes('*') || langs.includes(lang);
}
