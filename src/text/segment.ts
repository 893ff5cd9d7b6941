import { stemmer } from 'stemmer';
import { detectLanguage } from './language.js';
import { KEY_WORD_STOPWORDS, KEY_WORD_STOPWORDS_IN, QUERY_STOPWORDS } from './stopwords.js';

/**
 * The one tokeniser behind BM25: the chunk index stores each column as the space-joined terms this module makes,
 * and queries are turned into terms by the same code, so a query matches exactly what was indexed in any script.
 *
 * - Words come from `Intl.Segmenter` (ICU word boundaries, dictionary-based for Chinese and Japanese), so
 *   "ノートを作成する" is "ノート を 作成 する" instead of one token as SQLite's unicode61 makes it.
 * - Text is NFKC-normalised (full-width "ＡＢＣ１２" is "abc12") and lower-cased; marks on Latin letters are
 *   removed ("canción" is "cancion", "Größe" is "grosse"), marks in other scripts are kept (が is not か).
 * - Only English text is stemmed, with Porter's stemmer as SQLite's porter tokenizer did before; other languages
 *   keep their words whole. A query word is looked up both as written and as its English stem, so an English
 *   query finds English notes by stem and notes in any other language by the word itself.
 */

export interface QueryTerm {
  /** The query word, normalised (lower-cased, folded). */
  word: string;
  /** The index terms that count as this word: the word itself and, for a Latin word, its English stem. */
  terms: string[];
}

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

// A word's pieces: runs of letters, digits and combining marks. Punctuation inside an ICU word ("foo_bar", "3.14",
// "e-mail") splits it, as unicode61 did, so each piece is found on its own.
export const PIECE = /[\p{L}\p{N}\p{M}]+/gu;
const LATIN_WORD = /^[a-z]+$/;
/**
 * A Chinese, Japanese or Korean character: scripts whose words are one or two characters long, and which have no
 * capitals (so a capital Latin letter inside such text marks a name wherever it stands).
 */
export const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Lower-cased, NFKC, Latin accents folded, Arabic and Hebrew written without their optional marks and Arabic without
 * its article (foldArabicScript). Other scripts' marks survive, because only those after a Latin, Arabic or Hebrew
 * letter go: が is not か, and Devanagari's and Thai's vowel signs are letters of the word.
 */
export function foldText(text: string): string {
  return foldArabicScript(
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .normalize('NFD')
      .replace(/([\p{Script=Latin}\p{Script=Arabic}\p{Script=Hebrew}])\p{M}+/gu, '$1')
      .normalize('NFC'),
  );
}

// Arabic-script letters (Arabic's, and the Persian and Urdu ones after them), not its digits or punctuation.
const ARABIC_LETTER = '[\u0621-\u064a\u0671-\u06d3]';
// The article ال at a word's start, alone or after و, ف, ب, ك (and, so, with, like), and لل (for the), when at
// least two letters follow: "الوظيفة", "والوظيفة", "بالمشروع", "للمشروع". Light stemming as Arabic retrieval does
// it (Larkey's light10, Lucene's ArabicStemmer); two letters kept so that a word like "الم" (pain) stays whole, and
// "الله" (God), which would be "له" (for him), a stop word.
const ARABIC_ARTICLE = new RegExp(
  `(?<![\\p{L}\\p{M}\\p{N}])(?:[وفبك]?ال|لل)(?=${ARABIC_LETTER}{2})(?!له(?![\\p{L}\\p{M}]))`,
  'gu',
);

/**
 * Arabic as people type it, one way: no tatweel (ـ, a stretching stroke), the Persian and Urdu forms of ya and kaf
 * as Arabic's (ی ي, ک ك: one word typed on either keyboard), and no article. Hamza and madda go with the other marks
 * in foldText (أ إ آ are ا). "ما هي وظيفة مايا؟" had no BM25 word in common with "الوظيفة: مصممة منتجات", and a
 * vowelled question none with unvowelled notes. Alef maqsura stays (ى is not ي, as retrieval normalisers have it):
 * "على" (on), a stop word, would be "علي" (Ali), and "من هو علي؟" would lose its name.
 */
function foldArabicScript(text: string): string {
  if (!/[\u0600-\u06ff]/u.test(text)) return text;
  return text
    .replace(/\u0640/gu, '')
    .replace(/ی/gu, 'ي')
    .replace(/ک/gu, 'ك')
    .replace(ARABIC_ARTICLE, '');
}

/** The words of `text`, folded, in order (with repeats): what BM25 indexes before stemming. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const seg of segmenter.segment(foldText(text))) {
    if (!seg.isWordLike) continue;
    for (const piece of seg.segment.match(PIECE) ?? []) out.push(piece);
  }
  return out;
}

/** `text` as written, with the words `drop` picks (by their folded form) blanked out. */
export function withoutWords(text: string, drop: (word: string) => boolean): string {
  let out = '';
  for (const seg of segmenter.segment(text)) {
    const word = foldText(seg.segment);
    // Persian joins a suffix to its word with a zero-width non-joiner, and ICU keeps the two as one segment: the
    // word of "برنامه‌ای" (a plan) is "برنامه", as the search terms (words) split it.
    const stem = word.includes('\u200c') ? word.split('\u200c')[0]! : word;
    out += seg.isWordLike && (drop(word) || drop(stem)) ? ' ' : seg.segment;
  }
  return out;
}

/** The English stem of a plain a-z word (what FTS5's porter tokenizer made of it); other words unchanged. */
function englishStem(word: string): string {
  return LATIN_WORD.test(word) ? stemmer(word) : word;
}

/** The index terms a (folded) word may appear as: itself, and its English stem when that differs. */
export function wordTerms(word: string): string[] {
  const stem = englishStem(word);
  return stem === word ? [word] : [word, stem];
}

/** Whether a text is English enough to stem: detected as English, or Latin with no evidence of another language. */
export function stemsAsEnglish(text: string): boolean {
  const { lang, script } = detectLanguage(text);
  return script === 'Latn' && lang === 'en';
}

/**
 * The index form of one column of a chunk: its terms joined by spaces. `english` says whether the chunk is English
 * (decide it once per chunk from its body, so a title is stemmed like the text under it).
 */
export function indexText(text: string, english: boolean): string {
  const ws = words(text);
  return (english ? ws.map(englishStem) : ws).join(' ');
}

// Folded like query words, so that e.g. "cómo" and "como" are one stop word (see stopwords.ts for the list).
const QUERY_STOPWORD_SET = new Set(Object.values(QUERY_STOPWORDS).flat().map(foldText));

/**
 * A query's distinct content words with the index terms each may match. CJK words of one character are kept
 * (a single Han character is a word); other one-letter words are not.
 */
export function queryTerms(query: string): QueryTerm[] {
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const word of words(query)) {
    if (seen.has(word) || QUERY_STOPWORD_SET.has(word)) continue;
    if (word.length < 2 && !CJK.test(word)) continue;
    seen.add(word);
    out.push({ word, terms: wordTerms(word) });
  }
  return out;
}

const KEY_WORD_STOPWORD_SET = new Set(KEY_WORD_STOPWORDS.map(foldText));
const KEY_WORD_STOPWORDS_OF = new Map(
  Object.entries(KEY_WORD_STOPWORDS_IN).map(([lang, ws]) => [lang, new Set(ws.map(foldText))]),
);

/**
 * Whether a (folded) question word can be a key word: not one of the function words of KEY_WORD_STOPWORDS, nor of
 * the question's language `lang` (KEY_WORD_STOPWORDS_IN).
 */
export function isKeyWord(word: string, lang = ''): boolean {
  return !KEY_WORD_STOPWORD_SET.has(word) && !KEY_WORD_STOPWORDS_OF.get(lang)?.has(word);
}

/** The query's search terms without the function words search keeps but no key word is (isKeyWord). */
export function keyWordTerms(query: string, lang = ''): QueryTerm[] {
  if (lang === 'vi') return vietnameseKeyWordTerms(query);
  return queryTerms(query).filter((t) => isKeyWord(t.word, lang));
}

// Every stop word as written (lower case, marks kept), for vietnameseKeyWordTerms.
const WRITTEN_STOPWORDS = new Set(
  [...Object.values(QUERY_STOPWORDS), KEY_WORD_STOPWORDS, ...Object.values(KEY_WORD_STOPWORDS_IN)]
    .flat()
    .map((w) => w.normalize('NFC').toLowerCase()),
);

/**
 * A Vietnamese question's key-word terms. Vietnamese writes its tones with marks, and folded (foldText) some of its
 * content words are other languages' function words: "tên" (name) is "ten", "ăn" (eat) "an", "mẹ" (mother) "me".
 * "Chó của Maya tên là gì?" kept "chó" and "maya" only, and "Có một con chó tên là Pixel" shared one of the two it
 * needed (`personal-vi-tune`, thirty-seventh session). So a word written with marks is a stop word only as written
 * ("là", "của", "gì" are, in KEY_WORD_STOPWORDS); the terms are folded as everywhere, as a sentence's words are.
 */
function vietnameseKeyWordTerms(query: string): QueryTerm[] {
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const seg of segmenter.segment(query.normalize('NFKC').toLowerCase().normalize('NFC'))) {
    if (!seg.isWordLike) continue;
    for (const written of seg.segment.match(PIECE) ?? []) {
      const word = foldText(written);
      const stop =
        written === word ? QUERY_STOPWORD_SET.has(word) || !isKeyWord(word, 'vi') : WRITTEN_STOPWORDS.has(written);
      if (stop || seen.has(word) || word.length < 2) continue;
      seen.add(word);
      out.push({ word, terms: wordTerms(word) });
    }
  }
  return out;
}

/** The SQLite FTS5 tokenizer for columns written by indexText: split on spaces only, change nothing. */
export const FTS_INDEX_TOKENIZER = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'";
