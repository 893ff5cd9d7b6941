import type { ChunkRecord } from '../store/indexDb.js';
import type { SearchResult } from '../search/similaritySearch.js';
import { boldHeading, calloutHeading, plainText, splitSentences } from '../text/sentences.js';

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

/** A markdown heading: its level ("##" → 2) and text. */
export const MARKDOWN_HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;

const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/**
 * The lines (with their numbers) that are neither frontmatter (a block between "---" lines at the top) nor fenced
 * code, nor the fences themselves; lines no chunk holds are skipped.
 */
export function linesOutsideCode(lines: readonly (string | undefined)[]): [number, string][] {
  const out: [number, string][] = [];
  let fence: string | null = null;
  let frontmatter = lines[0]?.trim() === '---';
  lines.forEach((text, i) => {
    if (text === undefined) return;
    if (frontmatter) {
      if (i > 0 && /^(---|\.\.\.)\s*$/.test(text)) frontmatter = false;
      return;
    }
    const marker = FENCE.exec(text)?.[1];
    if (marker) {
      // A fence closes only with the same character, at least as many times as it opened.
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return;
    }
    if (fence === null) out.push([i, text]);
  });
  return out;
}

/**
 * A chunk's text cut at its headings (outside fenced code), each part with the heading it stands under: the chunk's
 * own section (`sectionTitle`) until its first heading. "Retention: 7 daily, 4 weekly, 6 monthly" is about backups
 * only under "## Backups".
 */
export function sectionsOfChunk(markdown: string, sectionTitle: string): { heading: string; text: string }[] {
  const lines = markdown.split(/\r?\n/);
  // Line number → the heading the lines from there on stand under: a markdown heading or a bold one (boldHeading,
  // "**Linking to a heading in another note**"); a callout titled like one,
  // whose body stands under its title ("> [!example]- Automatic subfolders" over "> You can sort your daily notes
  // into folders…"); and the first line after such a callout, under the heading before it again.
  const starts = new Map<number, string>();
  let outer = sectionTitle;
  let inCallout = false;
  for (const [i, line] of linesOutsideCode(lines)) {
    if (inCallout && !/^\s*>/.test(line)) {
      starts.set(i, outer);
      inCallout = false;
    }
    const heading = MARKDOWN_HEADING.exec(line);
    if (heading) starts.set(i, (outer = plainText(heading[2]!).trim()));
    const bold = boldHeading(line);
    if (bold) starts.set(i, (outer = bold));
    const title = calloutHeading(line);
    if (title) {
      starts.set(i, title);
      inCallout = true;
    }
  }
  const parts = [{ heading: sectionTitle, lines: [] as string[] }];
  lines.forEach((line, i) => {
    if (starts.has(i)) parts.push({ heading: starts.get(i)!, lines: [] });
    parts.at(-1)!.lines.push(line);
  });
  return parts.filter((p) => p.lines.length).map((p) => ({ heading: p.heading, text: p.lines.join('\n') }));
}

/**
 * A note shown as the source of an answer made from it (a task list, an outline): the chunk that names it, with the
 * text and lines the answer used, so the preview opens the note there.
 */
export function noteAsSource(
  c: ChunkRecord,
  view: { page_content: string; start_line: number; end_line: number; rank: number },
): SearchResult {
  return {
    chunk_id: c.chunk_id,
    source: c.source,
    title: c.title,
    folder: c.folder,
    section_title: c.section_title,
    header_path: c.header_path,
    chunk_index: c.chunk_index,
    total_chunks: c.total_chunks,
    tags: c.tags,
    note_date: c.note_date,
    mtime: c.mtime,
    ...view,
    score: 1,
    dense_score: null,
    sparse_score: null,
    weak: false,
  };
}

/**
 * An answer that is a list from one note: "heading:", a blank line, then each item citing note `n` ("- item [n]", or
 * numbered), at most `limit` of them and "- …" when some were left out.
 */
export function citedList(
  heading: string,
  items: readonly string[],
  n: number,
  opts: { ordered?: boolean; limit?: number } = {},
): string {
  const shown = items.slice(0, opts.limit ?? items.length);
  const lines = shown.map((t, k) => `${opts.ordered ? `${k + 1}.` : '-'} ${t} [${n}]`);
  return `${heading}:\n\n${lines.join('\n')}${items.length > shown.length ? '\n- …' : ''}`;
}

/**
 * Whether a note's title says what the note is about: a title without letters is a daily note's date ("2026-10-27"),
 * which says when. Read by the selector (a sentence is embedded under its title) and by noteIntroducing (a day note
 * introduces no one).
 */
export function titleSaysWhat(title: string): boolean {
  return /\p{L}/u.test(title);
}

/** A list item: its indentation, its marker, and its text after any checkbox. */
export const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])[ \t]+(?:\[.\][ \t]+)?(\S.*)$/;
/**
 * A label that opens a list item's text: a few words before a colon and a space or the end ("Gifford: Iain at the
 * hall…", "**Kids:**"), not a time ("19:00") or an address ("https://…").
 */
const ITEM_LABEL = /^([^:：.!?]{1,40}?)[ \t]*[:：](?:[ \t]|$)/u;

/** The label a list item's text opens with, in plain text, if any (ITEM_LABEL; five words at most). */
function itemLabel(itemText: string): string | undefined {
  const label = ITEM_LABEL.exec(itemText.replace(/\*\*|__/g, ''))?.[1];
  const plain = label === undefined ? '' : plainText(label).trim();
  return plain && plain.split(/\s+/).length <= 5 ? plain : undefined;
}

/** How far a line is indented, a tab counting four spaces. */
function indentOf(space: string): number {
  return space.replace(/\t/g, '    ').length;
}

/**
 * What each line's sentences are about beyond their own words, from the list it stands in: the labels of the items it
 * is nested under (`above`, outermost first: "Kids" over "  - Ruby — born 12 February 2019.") and its own item's label
 * (`own`), which a sentence after the item's first one no longer holds ("Hall open from 19:00, start 21:00…" in "-
 * Gifford: Iain at the hall committee, 07700 900 614. Hall open from 19:00…"). A person's notes state facts this way,
 * and the sentence that answers "what time do we start playing at Gifford" or "when were Calum's kids born" shares
 * the question's words only through its label. Per line of `markdown`; lines of no list get nothing.
 */
export function listLabels(markdown: string): { above: string[]; own?: string }[] {
  const stack: { indent: number; label?: string }[] = [];
  let current: { above: string[]; own?: string } = { above: [] };
  return markdown.split(/\r?\n/).map((line) => {
    const item = LIST_ITEM.exec(line);
    if (item) {
      const indent = indentOf(item[1]!);
      while (stack.length && stack.at(-1)!.indent >= indent) stack.pop();
      const text = item[3]!.trim();
      // An item that is only a label ("- Kids:") labels the items under it.
      const own =
        itemLabel(text) ?? (/[:：]$/u.test(text) ? plainText(text.slice(0, -1)).trim() || undefined : undefined);
      current = { above: stack.flatMap((s) => (s.label ? [s.label] : [])), own };
      stack.push({ indent, label: own });
      return current;
    }
    // A blank line may part two items of one list; an indented line goes on with the item above it. Anything else
    // (a paragraph, a heading, a table) ends the list.
    if (!line.trim()) return { above: [] };
    if (/^[ \t]+\S/.test(line) && stack.length)
      return { above: current.own ? [...current.above, current.own] : current.above };
    stack.length = 0;
    current = { above: [] };
    return current;
  });
}

/**
 * The quotable sentences of a section's markdown (splitSentences of its prose), each with the list labels it stands
 * under (listLabels): the labels of the items above its line, and its own item's label unless the sentence opens the
 * item (and so holds the label itself). A sentence is found in its line by its first characters; one not found (a
 * table's row, made into a sentence by plainText) gets none.
 */
export function labelledSentences(markdown: string): { text: string; labels: string[] }[] {
  const lines = markdown.split(/\r?\n/);
  const labels = listLabels(markdown);
  const plainLines = lines.map((line) => plainText(line, { prose: true }).trim());
  let at = 0;
  return splitSentences(plainText(markdown, { prose: true })).map((text) => {
    const probe = text.slice(0, 20);
    let j = at;
    while (j < lines.length && !plainLines[j]!.includes(probe)) j++;
    if (j === lines.length) return { text, labels: [] };
    at = j;
    const { above, own } = labels[j]!;
    return { text, labels: own && !plainLines[j]!.startsWith(probe) ? [...above, own] : above };
  });
}
