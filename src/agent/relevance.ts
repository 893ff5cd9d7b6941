import { embeddingModels } from '../models/manifest.js';
import { queryTerms, wordTerms, words } from '../text/segment.js';

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
