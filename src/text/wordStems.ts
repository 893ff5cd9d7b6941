import { StemmerEs } from '@nlpjs/lang-es';
import { StemmerDe } from '@nlpjs/lang-de';
import { StemmerFr } from '@nlpjs/lang-fr';
import { StemmerPt } from '@nlpjs/lang-pt';
import { StemmerIt } from '@nlpjs/lang-it';
import { StemmerNl } from '@nlpjs/lang-nl';
import { StemmerRu } from '@nlpjs/lang-ru';
import { StemmerPl } from '@nlpjs/lang-pl';
import { StemmerTr } from '@nlpjs/lang-tr';
import { StemmerSv } from '@nlpjs/lang-sv';
import { StemmerDa } from '@nlpjs/lang-da';
import { StemmerNo } from '@nlpjs/lang-no';
import { StemmerCs } from '@nlpjs/lang-cs';
import { StemmerId } from '@nlpjs/lang-id';
import { StemmerRo } from '@nlpjs/lang-ro';
import { StemmerUk } from '@nlpjs/lang-uk';
import { StemmerFi } from '@nlpjs/lang-fi';
import { StemmerHu } from '@nlpjs/lang-hu';
import { StemmerAr } from '@nlpjs/lang-ar';
import { StemmerHi } from '@nlpjs/lang-hi';
import { foldText, PIECE } from './segment.js';

/**
 * Word stems for matching a question's words with a note's in the Latin-script languages besides English that
 * detectLanguage and ngramLanguage tell apart, and Russian and Ukrainian ("compartir" ~ "compartida", "Notizen" ~ "Notiz", "modèles" ~ "modèle",
 * "шаблоне" ~ "шаблонов"): the Snowball stemmers of nlp.js, then accents folded as search folds them. Snowball reads
 * accents ("imágenes" → "imágen"), so both the word as written and its folded form are stemmed: text that lacks an
 * accent ("pagina") then still meets the accented form ("página"). English has its own stems in search (Porter,
 * src/text/segment.ts).
 */

interface Stemmer {
  stemWord(word: string): string;
}

const STEMMERS: Record<string, Stemmer> = {
  es: new StemmerEs(),
  de: new StemmerDe(),
  fr: new StemmerFr(),
  pt: new StemmerPt(),
  it: new StemmerIt(),
  nl: new StemmerNl(),
  ru: new StemmerRu(),
  // The languages ngramLanguage names (src/text/ngramLanguage.ts), and Ukrainian, which detectLanguage tells by its
  // letters: "notatki" ~ "notatkach", "köpeğinin" ~ "köpek", "anteckningar" ~ "anteckning".
  pl: new StemmerPl(),
  tr: new StemmerTr(),
  sv: new StemmerSv(),
  da: new StemmerDa(),
  no: new StemmerNo(),
  cs: new StemmerCs(),
  id: new StemmerId(),
  ro: new StemmerRo(),
  uk: new StemmerUk(),
  fi: new StemmerFi(),
  hu: new StemmerHu(),
  // Arabic writes its articles, prepositions and possessives onto words ("هدفي", my goal, is "الهدف", the goal, in the
  // note); Hindi inflects its nouns and verbs ("कुत्ते" ~ "कुत्ता", "रुकेंगे" ~ "रुकना"). nlp.js's light stemmers for both.
  ar: new StemmerAr(),
  hi: new StemmerHi(),
};

/** The letters each stemmed language is written in (Latin unless named): a word in another script is not its. */
const LETTERS: Record<string, RegExp> = {
  ru: /\p{Script=Cyrillic}+/gu,
  uk: /\p{Script=Cyrillic}+/gu,
  // With their combining marks: Hindi's vowel signs, Arabic's short vowels (harakat) where they are written.
  ar: /[\p{Script=Arabic}\p{M}]+/gu,
  hi: /[\p{Script=Devanagari}\p{M}]+/gu,
};
const LATIN_LETTERS = /\p{Script=Latin}+/gu;

/** Whether wordStems can stem words of `lang` (ISO 639-1, as detectLanguage names it). */
export function hasStemmer(lang: string): boolean {
  return Object.hasOwn(STEMMERS, lang);
}

const segmenters = new Map<string, Intl.Segmenter>();

/** The folded stems of one word in `lang` ([] for a language without a stemmer). */
export function wordStems(lang: string, word: string): string[] {
  const stemmer = hasStemmer(lang) ? STEMMERS[lang]! : undefined;
  if (!stemmer) return [];
  const lower = word.normalize('NFKC').toLowerCase();
  const stem = (w: string) => kept(w, stemmer.stemWord(w));
  const forms = [lower, foldText(lower)];
  // Arabic's stemmer reads a word's first "و" as the conjunction "and" unless the article stands before it: "وظيفة"
  // (job) stems to "ظيف", "الوظيفة" (the job) to "وظيف". A word without the article is stemmed with it too, so both
  // meet ("ما هي وظيفة مايا؟" / "الوظيفة: مصممة منتجات…").
  if (lang === 'ar' && !lower.startsWith('ال')) forms.push(`ال${lower}`);
  return [...new Set(forms.map((w) => foldText(stem(w))))];
}

/**
 * A stem of fewer than two letters is the word itself: Hindi's stemmer cuts "माया" (Maya) to "म", which begins every
 * "में" (in), so a sentence about Maya's band shared a key word with "माया का जन्मदिन कब है?" (her birthday).
 */
function kept(word: string, stem: string): string {
  return (stem.match(/\p{L}/gu) ?? []).length >= 2 ? stem : word;
}

/** The folded stems of every word of `text` in `lang` (in its script only: other scripts are not that language). */
export function textStems(lang: string, text: string): Set<string> {
  const out = new Set<string>();
  if (!hasStemmer(lang)) return out;
  const segmenter =
    segmenters.get(lang) ?? segmenters.set(lang, new Intl.Segmenter(lang, { granularity: 'word' })).get(lang)!;
  for (const seg of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (!seg.isWordLike) continue;
    for (const piece of seg.segment.match(LETTERS[lang] ?? LATIN_LETTERS) ?? [])
      for (const s of wordStems(lang, piece)) out.add(s);
  }
  return out;
}

// Split as segment.ts `words` splits (any language, then PIECE), so each folded word is a key of the map.
const anyLanguage = new Intl.Segmenter('und', { granularity: 'word' });

/**
 * The stems in `lang` of each word of `text`, by the word's folded form (the form segment.ts `words` gives), each
 * stemmed as written and folded (wordStems). A question's key words are folded, and a folded word may stem otherwise
 * than the word as written: Turkish "eşinin" ("his wife's") stems to "es" as "Eşi" ("his wife") does, folded
 * "esinin" to "e", so "Tom'un eşinin adı ne?" shared nothing with "Eşi: Ingrid". A sentence's words are stemmed both
 * ways (textStems); this gives a question's words the same two stems.
 */
export function stemsByFoldedWord(lang: string, text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!hasStemmer(lang)) return out;
  for (const seg of anyLanguage.segment(text.normalize('NFKC').toLowerCase())) {
    if (!seg.isWordLike) continue;
    for (const piece of seg.segment.match(PIECE) ?? []) {
      const folded = foldText(piece);
      out.set(folded, [...new Set([...(out.get(folded) ?? []), ...wordStems(lang, piece)])]);
    }
  }
  return out;
}
