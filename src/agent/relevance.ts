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

/** Shared key words, ignoring those in `common`. */
export function sharedDistinctiveKeyWords(question: string, sentence: string, common: Set<string>): number {
  const inSentence = new Set(
    words(sentence)
      .flatMap(wordTerms)
      .filter((w) => !common.has(w)),
  );
  return queryTerms(question).filter((t) => t.terms.some((x) => inSentence.has(x) && !common.has(x))).length;
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
