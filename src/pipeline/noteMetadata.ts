/**
 * Note metadata for filtering and graph features: frontmatter, Obsidian tags, daily-note dates and wikilinks.
 * Follows what Obsidian itself would show (tag pane, outgoing links), so code samples and comments that
 * merely mention `#tag` or `[[link]]` don't pollute the index. What Obsidian makes of properties, aliases and
 * tags lives in src/obsidian (frontmatter.ts, tags.ts); this module parses the YAML, masks code and comments
 * out of the body, and assembles the record.
 */
import markdownIt, { type MarkdownIt } from 'markdown-it';
import { parse } from 'yaml';
import { dateFromDailyNoteName, dateFromWeeklyNoteName } from '../obsidian/dailyNotes.js';
import { splitFrontmatter } from './chunker.js';
import { DEFAULT_DAILY_NOTE_FORMAT } from '../obsidian/config.js';
import { dedupeIgnoringCase, noteAliases, propertyValues, scalarString } from '../obsidian/frontmatter.js';
import { noteTags } from '../obsidian/tags.js';
import { commentSpans } from '../text/comments.js';
import type { NoteMetadata } from './types.js';

/** Keys whose values are extracted into title/aliases/tags and therefore left out of `frontmatter`. */
const EXTRACTED_KEYS = new Set(['title', 'aliases', 'alias', 'tags', 'tag']);

/** Frontmatter keys (lowercased, non-letters removed) that hold a date describing the note. */
const DATE_KEYS = new Set([
  'date',
  'day',
  'created',
  'updated',
  'modified',
  'datecreated',
  'datemodified',
  'dateupdated',
  'createdat',
  'updatedat',
  'modifiedat',
  'lastmodified',
]);

export interface NoteMetadataOptions {
  /** The vault's daily-note format (moment.js, from `.obsidian/daily-notes.json`). */
  dailyNoteFormat?: string;
}

export function parseNoteMetadata(markdown: string, relPath: string, opts: NoteMetadataOptions = {}): NoteMetadata {
  const { yaml, body } = splitFrontmatter(typeof markdown === 'string' ? markdown : '');
  const raw = parseYaml(yaml);
  const path = typeof relPath === 'string' ? relPath : '';
  const fileName = path.split(/[\\/]/).pop() ?? '';
  const baseName = fileName.replace(/\.md$/i, '');

  const title =
    propertyValues(raw, 'title')
      .map(scalarString)
      .find((t) => t !== '') ?? baseName;
  const aliases = noteAliases(raw);
  const masked = maskNonProse(body);
  const tags = noteTags(raw, masked);

  const dates: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (DATE_KEYS.has(key.toLowerCase().replace(/[^a-z]/g, ''))) collectDates(value, dates);
  }
  const fileDate = dateFromNoteName(path, opts.dailyNoteFormat);
  if (fileDate) dates.push(fileDate);

  // Obsidian treats links in properties as outgoing links too (e.g. `related: "[[Other note]]"`).
  const links = dedupeIgnoringCase([...wikilinks(collectStrings(raw).join('\n')), ...wikilinks(masked)]);

  const frontmatter = Object.fromEntries(
    Object.entries(raw)
      .filter(([key]) => !EXTRACTED_KEYS.has(key.toLowerCase()))
      .map(([key, value]) => [key, jsonSafe(value, 0, new Set())] as const)
      .filter(([, value]) => value !== undefined),
  );

  return { title, aliases, tags, dates: [...new Set(dates)].sort(), links, frontmatter };
}

function parseYaml(yaml: string | null): Record<string, unknown> {
  if (yaml === null || yaml.trim() === '') return {};
  try {
    // Obsidian keeps working with duplicate keys, so we do too; a broken frontmatter must not cost the body.
    const value: unknown = parse(yaml, { uniqueKeys: false, logLevel: 'error' });
    const isMapping = value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
    return isMapping ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------------------------------------------

function wikilinks(text: string): string[] {
  const out: string[] = [];
  const re = /\[\[([^[\]\n]+)\]\]/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    // [[Target#Heading|alias]]: the target is everything before the first '#' or '|'. In tables the pipe
    // is escaped as '\|', so a trailing backslash belongs to the escape, not the name.
    let target = m[1]!.split('|')[0]!.split('#')[0]!.replace(/\\$/, '').trim();
    target = target.replace(/\.md$/i, '');
    if (target !== '') out.push(target);
  }
  return out;
}

function collectStrings(v: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 20) return out;
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) collectStrings(x, out, depth + 1);
  else if (v !== null && typeof v === 'object' && !(v instanceof Date)) {
    for (const x of Object.values(v)) collectStrings(x, out, depth + 1);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Masking code and comments
// ---------------------------------------------------------------------------------------------------------------

let blockParser: MarkdownIt | undefined;

/** Replaces text[from, to) of each range with NUL chars, keeping newlines so line structure survives. */
function applyMask(text: string, ranges: [number, number][]): string {
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let pos = 0;
  for (const [from, to] of ranges) {
    if (to <= pos) continue;
    const s = Math.max(from, pos);
    parts.push(text.slice(pos, s), text.slice(s, to).replace(/[^\n]/g, '\0'));
    pos = to;
  }
  parts.push(text.slice(pos));
  return parts.join('');
}

/**
 * The body with code blocks, inline code and comments replaced by NUL chars, so tag and link regexes can run
 * over it. NUL rather than space, so `code`#x doesn't turn into a tag preceded by whitespace.
 */
function maskNonProse(body: string): string {
  // Code blocks: markdown-it knows fences and indented code, including inside lists and callouts.
  const lineStarts: number[] = [0];
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const blocks: [number, number][] = [];
  try {
    if (!blockParser) {
      blockParser = new markdownIt({ html: true });
      blockParser.core.ruler.enableOnly(['normalize', 'block']);
    }
    for (const t of blockParser.parse(body, {})) {
      if ((t.type === 'fence' || t.type === 'code_block') && t.map) {
        const s = t.map[0]!;
        const e = t.map[1]!;
        if (s < lineStarts.length) blocks.push([lineStarts[s]!, e < lineStarts.length ? lineStarts[e]! : body.length]);
      }
    }
  } catch {
    // Keep going without code-block masking rather than lose the note's metadata.
  }
  let text = applyMask(body, blocks);
  // Spans are found after masking blocks so backticks inside fences can't pair with ones outside.
  text = applyMask(text, codeSpans(text));
  // Obsidian comments and HTML comments hide their content from the tag pane and graph.
  return applyMask(text, commentSpans(text));
}

/**
 * Inline code spans: a backtick run closed by the next run of the same length within the same paragraph.
 * Runs are matched through per-length queues so a note full of stray backticks stays linear.
 */
function codeSpans(body: string): [number, number][] {
  const spans: [number, number][] = [];
  const runs: { start: number; len: number; para: number }[] = [];
  let para = 0;
  const blankLine = /\n[ \t]*\n/y;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x0a) {
      blankLine.lastIndex = i;
      if (blankLine.test(body)) para++;
      continue;
    }
    if (c !== 0x60) continue;
    let j = i;
    while (j < body.length && body.charCodeAt(j) === 0x60) j++;
    let start = i;
    if (i > 0 && body[i - 1] === '\\') start++; // an escaped backtick can't open a span
    if (j > start) runs.push({ start, len: j - start, para });
    i = j - 1;
  }
  const byLen = new Map<number, number[]>();
  runs.forEach((r, idx) => {
    const list = byLen.get(r.len);
    if (list) list.push(idx);
    else byLen.set(r.len, [idx]);
  });
  const cursor = new Map<number, number>();
  for (let idx = 0; idx < runs.length; ) {
    const r = runs[idx]!;
    const list = byLen.get(r.len)!;
    let p = cursor.get(r.len) ?? 0;
    while (p < list.length && list[p]! <= idx) p++;
    cursor.set(r.len, p);
    const closeIdx = p < list.length ? list[p]! : -1;
    if (closeIdx >= 0 && runs[closeIdx]!.para === r.para) {
      const close = runs[closeIdx]!;
      spans.push([r.start, close.start + close.len]);
      idx = closeIdx + 1;
    } else {
      idx++;
    }
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------------------------
// Dates and JSON safety
// ---------------------------------------------------------------------------------------------------------------

/**
 * The day a note's path names: a daily note in the vault's own format ("January 18th, 2026",
 * "2026/01/18"...), or else any YYYY-MM-DD in its file name ("Meeting 2026-01-18").
 */
export function dateFromNoteName(relPath: string, dailyNoteFormat = DEFAULT_DAILY_NOTE_FORMAT): string | null {
  const fileName = relPath.split(/[\\/]/).pop() ?? '';
  return (
    dateFromDailyNoteName(relPath, dailyNoteFormat) ??
    isoDate(fileName.replace(/\.md$/i, '')) ??
    dateFromWeeklyNoteName(fileName)
  );
}

/** First real calendar date written as YYYY-MM-DD in s (not embedded in a longer number). */
function isoDate(s: string): string | null {
  const re = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d) return m[0];
  }
  return null;
}

function collectDates(v: unknown, out: string[]): void {
  if (v instanceof Date) {
    // YAML 1.1 timestamps arrive as UTC Dates; the calendar day written in the note is the UTC date part.
    if (!Number.isNaN(v.getTime())) out.push(v.toISOString().slice(0, 10));
  } else if (typeof v === 'string') {
    const d = isoDate(v);
    if (d) out.push(d);
  } else if (Array.isArray(v)) {
    for (const x of v) collectDates(x, out);
  }
}

/** A copy that survives JSON.stringify unchanged: Dates → ISO strings, non-finite numbers → null, no cycles. */
function jsonSafe(v: unknown, depth: number, seen: Set<object>): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (typeof v !== 'object') return undefined; // undefined, functions, symbols
  if (seen.has(v) || depth > 50) return null; // YAML anchors can build cycles
  seen.add(v);
  let out: unknown;
  if (Array.isArray(v)) out = v.map((x) => jsonSafe(x, depth + 1, seen) ?? null);
  else if (v instanceof Map) out = jsonSafe(Object.fromEntries(v), depth + 1, seen);
  else if (v instanceof Set) out = jsonSafe([...v], depth + 1, seen);
  else {
    // fromEntries defines own properties, so a "__proto__" key stays data instead of changing the prototype.
    out = Object.fromEntries(
      Object.entries(v)
        .map(([k, x]) => [k, jsonSafe(x, depth + 1, seen)] as const)
        .filter(([, x]) => x !== undefined),
    );
  }
  seen.delete(v);
  return out;
}
