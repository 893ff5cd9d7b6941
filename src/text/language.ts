/**
 * Language and script detection for note text and questions, without a model: the script is decided by which
 * Unicode scripts the letters belong to (kana ⇒ Japanese, Han without kana ⇒ Chinese, Hangul ⇒ Korean, …), and
 * Latin-script text is told apart by its most frequent function words plus letters only one language uses (ñ, ß, ã…).
 *
 * It is used to pick a vault's embedder, to tokenise for BM25 and to answer in the question's language, so it must
 * be cheap (no allocation per character beyond one pass) and stable: the same text always gives the same answer.
 */

import { LANGUAGE_FUNCTION_WORDS } from './stopwords.js';

export interface DetectedLanguage {
  /** ISO 639-1 code ('en', 'ja', 'zh', …) or 'und' when the text carries no usable evidence. */
  lang: string;
  /** ISO 15924 code of the dominant script ('Latn', 'Jpan', 'Hani', 'Hang', 'Cyrl', …) or 'Zyyy' when none. */
  script: string;
  /** 0..1: how sure the guess is. Short or mixed texts score low; callers can fall back below a threshold. */
  confidence: number;
}

const UNDETERMINED: DetectedLanguage = { lang: 'und', script: 'Zyyy', confidence: 0 };

// Markdown parts that carry no language: fenced and inline code, URLs, wikilink targets are kept (they are names).
const NOISE = /```[\s\S]*?```|~~~[\s\S]*?~~~|`[^`\n]*`|https?:\/\/\S+|<[^>\n]+>/g;

/** The text without the markdown parts that carry no language (code, URLs, HTML tags). */
export function withoutCode(text: string): string {
  return text.replace(NOISE, ' ');
}

type ScriptName = 'Latn' | 'Kana' | 'Hani' | 'Hang' | 'Cyrl' | 'Grek' | 'Arab' | 'Hebr' | 'Thai' | 'Deva';

const SCRIPT_TESTS: readonly [ScriptName, RegExp][] = [
  ['Latn', /\p{Script=Latin}/u],
  ['Kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Hani', /\p{Script=Han}/u],
  ['Hang', /\p{Script=Hangul}/u],
  ['Cyrl', /\p{Script=Cyrillic}/u],
  ['Grek', /\p{Script=Greek}/u],
  ['Arab', /\p{Script=Arabic}/u],
  ['Hebr', /\p{Script=Hebrew}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Deva', /\p{Script=Devanagari}/u],
];

// One CJK character carries about as much as a short Latin word (≈ 2-3 letters of it), so counts are weighted
// before scripts are compared: "Obsidianでノートを作成する" is Japanese, not English.
const CJK_WEIGHT = 2.5;

/** Script of one character, or null for digits, punctuation, spaces and scripts we do not track. */
function scriptOf(ch: string): ScriptName | null {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x41) return null;
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) ? 'Latn' : null;
  // The long prolonged sound mark ー and the middle dot are Common script but only appear in Japanese text.
  if (code === 0x30fc || code === 0x30fb) return 'Kana';
  for (const [name, re] of SCRIPT_TESTS) if (re.test(ch)) return name;
  return null;
}

/** Letters counted per script (CJK weighted), skipping code, URLs and HTML tags. */
function scriptCounts(text: string): Map<ScriptName, number> {
  const counts = new Map<ScriptName, number>();
  for (const ch of withoutCode(text)) {
    const s = scriptOf(ch);
    if (s) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
}

// Letters (or marks) that appear in one Latin-script language's ordinary words and rarely in the others'.
export const LETTER_EVIDENCE: readonly [string, RegExp][] = [
  ['es', /[ñ¿¡]/g],
  ['de', /[ßäöü]/g],
  ['fr', /[œæçèêëîïûù]|\b(?:qu|[jndc])['’](?=\p{L})/gu],
  ['pt', /[ãõ]/g],
  ['it', /[ìò](?![\p{L}])/gu],
];

const STOPWORD_LANGS = new Map<string, string[]>();
for (const [lang, list] of Object.entries(LANGUAGE_FUNCTION_WORDS)) {
  for (const w of new Set(list)) STOPWORD_LANGS.set(w, [...(STOPWORD_LANGS.get(w) ?? []), lang]);
}

/** Scores of each Latin-script language from function words (shared words split their point) and telltale letters. */
function latinScores(text: string): Map<string, number> {
  const scores = new Map<string, number>();
  const add = (lang: string, n: number): void => void scores.set(lang, (scores.get(lang) ?? 0) + n);
  const lower = text.replace(NOISE, ' ').toLowerCase();
  for (const word of lower.match(/[\p{Script=Latin}]+/gu) ?? []) {
    const langs = STOPWORD_LANGS.get(word);
    if (langs) for (const l of langs) add(l, 1 / langs.length);
  }
  for (const [lang, re] of LETTER_EVIDENCE) {
    const hits = lower.match(re)?.length ?? 0;
    if (hits > 0) add(lang, Math.min(hits, 5) * 0.75);
  }
  return scores;
}

/** How much to trust a guess made from `evidence` units: a single word is a weak hint, a paragraph is solid. */
function saturate(evidence: number, half: number): number {
  return evidence / (evidence + half);
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

function detectLatin(text: string, scriptShare: number): DetectedLanguage {
  const scores = [...latinScores(text).entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const [best, second] = scores;
  if (!best || best[1] === 0) {
    // Latin letters but no function word (a title, a list of names): English is the likeliest reading in a notes
    // app but say so only weakly.
    return { lang: 'en', script: 'Latn', confidence: round(0.2 * scriptShare) };
  }
  const margin = (best[1] - (second?.[1] ?? 0)) / best[1];
  return {
    lang: best[0],
    script: 'Latn',
    confidence: round(scriptShare * (0.35 + 0.65 * margin) * saturate(best[1], 1.5)),
  };
}

/** Cyrillic letters only Ukrainian (і ї є ґ) or Bulgarian-leaning texts use; Russian otherwise. */
function detectCyrillic(text: string, share: number, amount: number): DetectedLanguage {
  const lower = text.toLowerCase();
  const uk = lower.match(/[іїєґ]/g)?.length ?? 0;
  const ru = lower.match(/[ыэъё]/g)?.length ?? 0;
  const lang = uk > ru ? 'uk' : 'ru';
  return { lang, script: 'Cyrl', confidence: round(share * saturate(amount, 4) * (uk === ru ? 0.8 : 1)) };
}

const SINGLE_LANGUAGE_SCRIPTS: Partial<Record<ScriptName, string>> = {
  Hang: 'ko',
  Grek: 'el',
  Hebr: 'he',
  Thai: 'th',
  Arab: 'ar',
  Deva: 'hi',
};

/**
 * Persian and Urdu write the Arabic script with letters Arabic lacks: Urdu's retroflex ٹ ڈ ڑ, its ں and ے; Persian's
 * (and Urdu's) پ چ ژ گ and the Persian forms ی ک. A question in either was read as Arabic and refused in Arabic.
 */
function arabicScriptLanguage(text: string): string {
  if (/[ٹڈڑںےھ]/u.test(text)) return 'ur';
  if (/[پچژگیک]/u.test(text)) return 'fa';
  return 'ar';
}

/**
 * The dominant language and script of `text`. Pure and deterministic. Code blocks, inline code and URLs are
 * ignored so an English code snippet does not turn a Japanese note English.
 */
export function detectLanguage(text: string): DetectedLanguage {
  const counts = scriptCounts(text);
  const kana = counts.get('Kana') ?? 0;
  const han = counts.get('Hani') ?? 0;
  const hangul = counts.get('Hang') ?? 0;

  // Weighted share of each script family; kana and Han are one family (Japanese writes both), Hangul may mix Han.
  const weighted = new Map<string, number>();
  for (const [s, n] of counts) {
    const family = s === 'Kana' || s === 'Hani' ? 'CJ' : s;
    const w = s === 'Kana' || s === 'Hani' || s === 'Hang' ? CJK_WEIGHT : 1;
    weighted.set(family, (weighted.get(family) ?? 0) + n * w);
  }
  // Korean text sometimes carries Hanja: count those Han characters with Hangul when Hangul dominates them.
  if (hangul > 0 && kana === 0 && hangul >= han) {
    weighted.set('Hang', (weighted.get('Hang') ?? 0) + (weighted.get('CJ') ?? 0));
    weighted.delete('CJ');
  }
  const total = [...weighted.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return UNDETERMINED;
  const [family, amount] = [...weighted.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
  const share = amount / total;

  if (family === 'CJ') {
    // Kana is what tells Japanese from Chinese; ordinary Japanese prose is a third or more kana, but a short
    // Japanese title can be all Han ("東京都"), which is indistinguishable and falls to Chinese with low confidence.
    const kanaShare = kana / (kana + han);
    const chars = kana + han;
    if (kana > 0 && (kanaShare >= 0.05 || kana >= 3)) {
      return { lang: 'ja', script: 'Jpan', confidence: round(share * saturate(chars, 3)) };
    }
    return { lang: 'zh', script: 'Hani', confidence: round(share * saturate(chars, 6) * (chars < 4 ? 0.5 : 1)) };
  }
  if (family === 'Latn') return detectLatin(text, share);
  if (family === 'Cyrl') return detectCyrillic(text, share, amount);
  const lang = family === 'Arab' ? arabicScriptLanguage(text) : SINGLE_LANGUAGE_SCRIPTS[family as ScriptName];
  if (!lang) return UNDETERMINED;
  const chars = family === 'Hang' ? amount / CJK_WEIGHT : amount;
  return { lang, script: family, confidence: round(share * saturate(chars, 3)) };
}

/**
 * Whether a text is written in a script without spaces between words (Japanese, Chinese): there ICU's dictionary cuts
 * the words, BM25 over them is strong, and a chunk's sentences get vectors of their own (README, "Sentence vectors").
 * Korean is spaced.
 */
export function isUnspaced(text: string): boolean {
  const { script } = detectLanguage(text);
  return script === 'Jpan' || script === 'Hani';
}
