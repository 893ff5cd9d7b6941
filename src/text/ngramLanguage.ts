import { eld } from 'eld/small';

/**
 * The languages detectLanguage's tables do not hold, told by letter n-grams (ELD, the Efficient Language Detector:
 * n-gram statistics of 60 languages, shipped in its npm package). detectLanguage tells languages apart by their
 * function words and telltale letters, which it holds for English, Spanish, German, French, Portuguese, Italian and
 * Dutch only: a Polish question was read as Portuguese ("Jak ma na imię pies Mai?": "na"), a Turkish one as German
 * (its "ö"), a Vietnamese one as Italian, and each was answered and refused in that language.
 *
 * Only the languages the agent has its own texts for are named here (NGRAM_LANGUAGES); for any other the tables'
 * reading stands. ELD's "small" database (~45 MB of heap, ~0.4 s, loaded once with this module) tells short Polish
 * questions apart where its "extrasmall" one (~30 MB) was unsure ("Jaki jest mój cel biegowy?"), and as well as its
 * larger ones (61 MB, 4.5 MB of source) on the questions of `eval/question-languages.tune.jsonl`.
 */

/** The languages this module may name: those with phrases in src/agent/language.ts and no function-word table. */
export const NGRAM_LANGUAGES = ['pl', 'cs', 'tr', 'vi', 'id', 'sv', 'da', 'no', 'ro', 'fi', 'hu'] as const;

/**
 * ELD's codes for the languages above where they differ: ELD has Malay, not Indonesian, and cannot tell the two
 * apart (they are one language in writing, Bahasa Indonesia the one far more people write); its Norwegian is 'no'.
 */
const ALIASES: Readonly<Record<string, string>> = { ms: 'id' };

/**
 * Letters one of these languages writes and none of the others does (nor English, Spanish, German, French, Portuguese,
 * Italian or Dutch): a text that has them is in that language, whatever its n-grams say. ELD read "Z kim jadę do
 * Lizbony?" as Czech, which has no "ę", and the refusal came in Czech. Polish ą ę ł ś ź ż, Czech ě ř ů, Turkish ğ ı,
 * Romanian ș ț (with the comma below; Turkish writes ş with a cedilla). Only where one language's letters are found.
 */
const OWN_LETTERS: readonly (readonly [string, RegExp])[] = [
  ['pl', /[ąęłśźż]/iu],
  ['cs', /[ěřů]/iu],
  ['tr', /[ğı]/u],
  ['ro', /[șț]/iu],
];

/**
 * The language of `text` when ELD is sure of it and it is one of `among` (NGRAM_LANGUAGES, or Ukrainian where
 * detectLanguage reads Russian); null otherwise (English, a language the tables hold, one without phrases, or too
 * little text to say).
 */
export function ngramLanguage(text: string, among: readonly string[]): string | null {
  const lettered = OWN_LETTERS.filter(([lang, letters]) => among.includes(lang) && letters.test(text));
  if (lettered.length === 1) return lettered[0]![0];
  const result = eld.detect(text);
  if (!result.isReliable()) return null;
  const lang = ALIASES[result.language] ?? result.language;
  return among.includes(lang) ? lang : null;
}
