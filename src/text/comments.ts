/**
 * Where a text's comments are: Obsidian's (`%%…%%`, inline or over several lines) and HTML's (`<!-- … -->`). Obsidian
 * shows neither in a note, nor reads tags in them; one left open runs to the end, as Obsidian reads it. Code is the
 * caller's to mask first (its `%%` shows the syntax). Read by note metadata (tags) and by the answer's quotes.
 */
export function commentSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const re = /%%[\s\S]*?(?:%%|$)|<!--[\s\S]*?(?:-->|$)/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    spans.push([m.index, m.index + m[0].length]);
    if (m[0].length === 0) re.lastIndex++;
  }
  return spans;
}
