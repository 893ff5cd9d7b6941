import type { ChunkRecord } from '../store/indexDb.js';
import type { SearchResult } from '../search/similaritySearch.js';
import { calloutHeading, plainText } from '../text/sentences.js';

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
  // Line number → the heading the lines from there on stand under: a markdown heading; a callout titled like one,
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
