import { StemmerEs } from '@nlpjs/lang-es';
import { foldText } from './segment.js';

/**
 * Spanish word stems for matching a question's words with a note's ("compartir" ~ "compartida", "grabar" ~
 * "grabación"): the Snowball Spanish stemmer (@nlpjs/lang-es), then accents folded as search folds them. Snowball
 * reads accents ("imágenes" → "imágen"), so both the word as written and its folded form are stemmed: text that
 * lacks an accent ("pagina") then still meets the accented form ("página").
 */

const stemmer = new StemmerEs();
const segmenter = new Intl.Segmenter('es', { granularity: 'word' });

/** The folded stems of one lower-cased word. */
export function spanishStems(word: string): string[] {
  const lower = word.normalize('NFKC').toLowerCase();
  return [...new Set([foldText(stemmer.stemWord(lower)), foldText(stemmer.stemWord(foldText(lower)))])];
}

/** The folded stems of every word of `text` (Latin letters only: other scripts are not Spanish). */
export function spanishTextStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const seg of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (!seg.isWordLike) continue;
    for (const piece of seg.segment.match(/\p{Script=Latin}+/gu) ?? []) for (const s of spanishStems(piece)) out.add(s);
  }
  return out;
}
