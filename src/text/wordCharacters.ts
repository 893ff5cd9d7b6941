/**
 * What a word is made of, in every script, as regular-expression character-class sources (to go inside `[…]` or
 * `[^…]` of a `u` pattern). JavaScript's `\w` and `\b` know ASCII only, so each place that trims a token to its word
 * or asks whether a character is part of one builds its pattern from these. Combining marks (`\p{M}`) are in both:
 * the vowels of Devanagari, Thai, Bengali or Tamil and Arabic's short vowels are marks, and a class without them
 * cuts "हिंदी" or "ที่" into pieces. They were once added site by site, and one site was nearly missed; a change to what
 * a word is made of belongs here. segment.ts's PIECE (what search indexes) is the same set.
 */

/** Letters, combining marks and digits: the characters of a word, "v1.4"'s and "2026"'s included. */
export const WORD_CHAR = String.raw`\p{L}\p{M}\p{N}`;

/** Letters and combining marks: a word's characters where digits are no part of it (names, nouns, pronouns). */
export const LETTER = String.raw`\p{L}\p{M}`;

const NON_WORD_EDGES = new RegExp(`^[^${WORD_CHAR}]+|[^${WORD_CHAR}]+$`, 'gu');
const NON_LETTER_EDGES = new RegExp(`^[^${LETTER}]+|[^${LETTER}]+$`, 'gu');

/** The token without what surrounds its word: "(Tasks)," → "Tasks", "v1.4." → "v1.4". */
export function trimToWord(token: string): string {
  return token.replace(NON_WORD_EDGES, '');
}

/** The token without anything but letters at its ends, digits too: "Plugins," → "Plugins", "2x" → "x". */
export function trimToLetters(token: string): string {
  return token.replace(NON_LETTER_EDGES, '');
}
