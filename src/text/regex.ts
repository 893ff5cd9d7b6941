/** Pieces for building regular expressions out of words: notes' and questions' names, months, formats. */

/** `text` matched literally inside a pattern ("ม.ค." matches its dots only). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An alternation of `names`, each literal, longest first, so that "tháng 10" is tried before "tháng 1". */
export function longestFirstAlternation(names: Iterable<string>): string {
  return [...new Set(names)]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
}
