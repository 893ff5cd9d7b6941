import { resolveWikilink } from '../obsidian/wikilinks.js';
import type { SearchResult } from '../search/similaritySearch.js';
import type { IndexDb } from '../store/indexDb.js';
import { plainText } from '../text/sentences.js';
import { noteAsSource } from './noteLines.js';

/** "- [[Page preview]]" alone on its line: the items under it describe that note. */
const LINK_ITEM = /^\s*[-*+]\s+\[\[([^\]]+)\]\]\s*$/;
/** "- [[Tom Becker]] — neighbour, garden buddy" (or ": ", " - "): an entry of a map of content, about that note. */
const LINK_ENTRY = /^\s*[-*+]\s+\[\[([^\]]+)\]\]\s*(?:[—–:]|-\s)/;

/** Indentation width, a tab counting as four spaces (Obsidian nests list items with either). */
function indentOf(line: string): number {
  return (/^[\t ]*/.exec(line)?.[0] ?? '').replace(/\t/g, '    ').length;
}

/**
 * The link whose note a quoted sentence describes, when the sentence sits in a hub's list of notes: a note listing
 * "- [[Page preview]]" with "  - Hover over links to preview the note." nested under it (Obsidian's "Core plugins"),
 * or an entry of a map of content, "- [[Tom Becker]] — neighbour, garden buddy", quoted whole. Null for any other
 * sentence.
 */
export function describedLink(markdown: string, sentence: string): string | null {
  const lines = markdown.split('\n');
  return hubLinkAt(lines, quotedLine(lines, sentence));
}

/**
 * The index of the line a quoted sentence stands on, -1 when none holds it (or the sentence is empty). Each line is
 * read as quotes are made (plainText's prose: a Japanese line's bold phrase loses its markers there only).
 */
function quotedLine(lines: readonly string[], sentence: string): number {
  const wanted = sentence.trim();
  return wanted ? lines.findIndex((l) => l.trim() && plainText(l, { prose: true }).includes(wanted)) : -1;
}

/** describedLink for the quoted line `at` of `lines`. */
function hubLinkAt(lines: readonly string[], at: number): string | null {
  if (at < 0) return null;
  const entry = LINK_ENTRY.exec(lines[at]!);
  if (entry) return entry[1]!;
  const indent = indentOf(lines[at]!);
  for (let i = at - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    if (indentOf(line) >= indent) continue;
    return LINK_ITEM.exec(line)?.[1] ?? null;
  }
  return null;
}

/** An inline `[[link]]` (not an embed `![[…]]`); group 1 is the note it opens, without heading or shown text. */
const INLINE_LINK = /(?<!!)\[\[([^\]|#]*)[^\]]*\]\]/g;

/**
 * The one note a quoted sentence links to: "You can save and restore window layouts using the [[Workspaces]] plugin."
 * points the person to the Workspaces note, which says how. Null when the sentence links to no other note, to a
 * heading of its own note (`[[#Heading]]`), or to more than one note (then it names no one note to read on in).
 */
export function linkInSentence(markdown: string, sentence: string): string | null {
  const lines = markdown.split('\n');
  return lineLinkAt(lines, quotedLine(lines, sentence), sentence);
}

/** linkInSentence for the quoted line `at` of `lines`. */
function lineLinkAt(lines: readonly string[], at: number, sentence: string): string | null {
  if (at < 0) return null;
  const wanted = sentence.trim();
  const line = lines[at]!;
  const targets = new Set<string>();
  for (const m of line.matchAll(INLINE_LINK)) {
    const target = m[1]!.trim();
    const shown = plainText(m[0]).trim();
    if (target && shown && wanted.includes(shown)) targets.add(target);
  }
  return targets.size === 1 ? [...targets][0]! : null;
}

/**
 * Adds to each answer sentence quoted from a hub's list of notes a citation of the note it describes, after the
 * citation of where it stands ("Hover over links to preview the note. [2][5]"): the hub holds the words, the linked
 * note is where the person reads on. Quoting "リンクにホバーしてノートの内容をプレビューします。" from the Core plugins
 * note cited only that list, and the Page preview note, which the question was about, was not among the sources.
 * A sentence that links one note ("…using the [[Workspaces]] plugin.") cites it too when search found that note: the
 * person reads on there. `extra` collects the hub-linked notes that are not among `results` (numbered after them);
 * `linkedNote` resolves a link to its note's first chunk, or null when no note the person may see is linked.
 */
export function citeDescribedNotes(
  answer: string,
  results: readonly SearchResult[],
  extra: SearchResult[],
  linkedNote: (link: string) => SearchResult | null,
): string {
  let from = 0;
  return answer.replace(/\[(\d+)\]/g, (mark, digits: string, offset: number) => {
    const sentence = answer
      .slice(from, offset)
      .replace(/(\[\d+\])+\s*$/, '')
      .trim();
    from = offset + mark.length;
    const chunk = results[Number(digits) - 1];
    if (!chunk || !sentence) return mark;
    // The quoted line is looked up once for both rules (plainText of every line of the chunk).
    const lines = chunk.page_content.split('\n');
    const at = quotedLine(lines, sentence);
    const hub = hubLinkAt(lines, at);
    const link = hub ?? lineLinkAt(lines, at, sentence);
    const note = link === null ? null : linkedNote(link);
    if (!note || note.source === chunk.source) return mark;
    const all = [...results, ...extra];
    let n = all.findIndex((r) => r.source === note.source) + 1;
    // A sentence's own link is cited only when search found its note too: "a [[core plugin]]" or "in [[Settings]]"
    // links a note the question is not about, and would add a source to nearly every answer.
    if (n === 0 && hub === null) return mark;
    if (n === 0) n = results.length + extra.push(note);
    return `${mark}[${n}]`;
  });
}

/**
 * The note a `[[link]]` opens, as Obsidian resolves it, shown from its first chunk: what citeDescribedNotes cites.
 * Null when no indexed note matches, or `allow` (the link policy) keeps the person from it.
 */
export function linkedNoteChunk(
  db: IndexDb,
  link: string,
  allow: (source: string) => boolean = () => true,
): SearchResult | null {
  const source = resolveWikilink(link, db.indexedNotes());
  if (source === null || !allow(source)) return null;
  const first = db.firstChunksOf([source])[0];
  return first ? noteAsSource(first, { ...first, rank: 0 }) : null;
}
