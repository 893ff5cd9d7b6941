/**
 * An answer's citation marks, `[n]` pointing at the n-th chunk (or source) it was written from. One reading of
 * them for the agent, the reply step, the composer and the bench, so a mark means the same wherever it is read.
 */
const MARK = /\[(\d+)\]/g;

/** The numbers an answer cites, each once, in the order it first cites them (the order its sources are shown). */
export function citedNumbers(text: string): number[] {
  return [...new Set([...text.matchAll(MARK)].map((m) => Number(m[1])))];
}

/**
 * Rewrites each `[n]` to `[renumber(n)]`. A mark the map lacks is dropped (`unmapped: 'drop'`, a citation of a
 * chunk that is not shown) or left as it is (`'keep'`).
 */
export function renumberCitations(
  text: string,
  renumber: ReadonlyMap<number, number>,
  unmapped: 'drop' | 'keep',
): string {
  return text.replace(MARK, (mark, digits: string) => {
    const n = renumber.get(Number(digits));
    return n !== undefined ? `[${n}]` : unmapped === 'drop' ? '' : mark;
  });
}
