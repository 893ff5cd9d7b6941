/**
 * A note's lines put back together from its chunks: each chunk holds lines start_line onwards, chunks overlap, and
 * one may end inside a line that the next holds whole, so the longest text of each line wins. Lines no chunk holds
 * are missing from the (sparse) array.
 */
export function noteLines(chunks: readonly { start_line: number; page_content: string }[]): string[] {
  const lines: string[] = [];
  for (const c of chunks)
    c.page_content.split(/\r?\n/).forEach((text, i) => {
      const at = c.start_line + i;
      if ((lines[at] ?? '').length < text.length) lines[at] = text;
    });
  return lines;
}
