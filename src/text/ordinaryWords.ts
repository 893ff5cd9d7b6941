import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

/**
 * Whether an English word is an ordinary one: in a word-game list of English (`word-list`: 275k words with their
 * inflections, no names, no abbreviations), or two such words written as one ("slideshow", "subfolders", "macbook"):
 * the first of three letters or more, the second of four or more, since the list's many three-letter words would
 * otherwise make a name of two ("lis" + "bon"). What is not ordinary is a name or a term written in lower case:
 * "kubectl", "postgres", "pomodoro", "docx", "wifi", "celsius", "lisbon".
 */
export function isOrdinaryEnglishWord(word: string): boolean {
  const w = word.toLowerCase();
  if (listed(w)) return true;
  for (let i = 3; i <= w.length - 4; i++) if (listed(w.slice(0, i)) && listed(w.slice(i))) return true;
  return false;
}

/**
 * Whether the word is in the list itself, not only two of its words run together: where a word is evidence of
 * English rather than of a term, "montags" is German, not "mon" + "tags".
 */
export function isListedEnglishWord(word: string): boolean {
  return listed(word.toLowerCase());
}

/**
 * How much of a text reads as English words: of its distinct words of four letters or more (the first `max`), the
 * share in English's word list. Near 0 for Polish, Swedish or Turkish prose, whose function words no table here
 * holds; most of any English text, however terse ("Ran 5k. Coffee with Maya, fixed the bike."). Each look-up scans
 * the list, so only a few dozen words are read.
 */
export function englishWordShare(text: string, max: number): { words: number; share: number } {
  const distinct = [...new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])].slice(0, max);
  const listedWords = distinct.filter(listed).length;
  return { words: distinct.length, share: distinct.length ? listedWords / distinct.length : 0 };
}

/**
 * The list as one string, one word per line, read on first use: a question checks a handful of words, and a scan
 * of 2.8 MB per word (about a millisecond) keeps memory at the string's size, where a Set of 275k strings costs ~20 MB.
 */
let list: string | undefined;
function listed(word: string): boolean {
  if (!/^[a-z]+$/.test(word)) return false;
  list ??= `\n${readFileSync(wordListPath, 'utf8')}\n`;
  return list.includes(`\n${word}\n`);
}
