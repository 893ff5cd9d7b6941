/**
 * Markdown-aware chunking. markdown-it's block parser tells us where the semantic blocks are (token.map line
 * ranges); we cut the *original* text by those ranges, so chunk text is byte-for-byte what the user wrote and
 * line numbers point back into the note. Only paragraphs are ever split (at sentence boundaries, falling back to
 * word runs for run-on text); code, tables, list items and callouts stay whole because half a table or half a
 * code sample retrieves badly.
 */
import markdownIt, { type MarkdownIt, type Token } from 'markdown-it';
import type { Block, BlockType, Chunk, ChunkOptions } from './types.js';

/**
 * Defaults sized for all-MiniLM-L6-v2 (max 256 WordPiece tokens incl. [CLS]/[SEP]). estimateTokens errs high for
 * English prose, so 200 estimated tokens stays under the model limit without wasting much of it.
 */
export const DEFAULT_CHUNK_OPTIONS: Readonly<ChunkOptions> = Object.freeze({ chunkSize: 200, overlap: 30 });

/** Below this a chunk cannot hold a typical sentence, so smaller requests are treated as this. */
const MIN_CHUNK_SIZE = 16;

// ---------------------------------------------------------------------------------------------------------------
// Token estimate
// ---------------------------------------------------------------------------------------------------------------

/**
 * Estimated WordPiece tokens for a text. Running the real tokenizer for every candidate block would dominate
 * indexing time, and chunk boundaries only need to be roughly right, so we mimic BERT's pre-tokenisation in one
 * pass over char codes: whitespace separates words, every punctuation/symbol char is its own token, every CJK
 * char is its own token, and words cost >= 1.3 tokens (the usual words-to-WordPiece ratio for English) with
 * long or non-Latin words costing more, as they are split into more sub-word pieces. It errs on the high side
 * for prose, which is the safe direction: an overfull chunk gets silently truncated by the embedder. Against the
 * real all-MiniLM-L6-v2 tokenizer on the Obsidian Help vault, chunk estimates are 1.16x the true count (median),
 * 1.04x at the 5th percentile. Long rare words (German compounds) are the main under-count.
 */
export function estimateTokens(text: string): number {
  if (typeof text !== 'string' || text.length === 0) return 0;
  return Math.ceil(rawTokens(text, 0, text.length) / 10);
}

/**
 * Un-rounded estimate in tenths of a token. Integer on purpose: float sums drift, and the chunker relies on
 * the estimate being exactly sub-additive (a chunk never costs more than the sum of its blocks).
 */
function rawTokens(text: string, from: number, to: number): number {
  let total = 0;
  let ascii = 0; // ASCII letters/digits in the current word
  let other = 0; // letters of other scripts (Cyrillic, Greek, ...) in the current word
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) {
        ascii++;
        continue;
      }
      if (ascii !== 0 || other !== 0) {
        total += wordTokens(ascii, other);
        ascii = other = 0;
      }
      if (c > 0x20 && c !== 0x7f) total += 10; // punctuation (incl. '_') is split off by BERT's basic tokenizer
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) continue; // low surrogate: its pair was counted at the high surrogate
    if (isUnicodeSpace(c)) {
      if (ascii !== 0 || other !== 0) {
        total += wordTokens(ascii, other);
        ascii = other = 0;
      }
      continue;
    }
    if (isStandaloneChar(c)) {
      if (ascii !== 0 || other !== 0) {
        total += wordTokens(ascii, other);
        ascii = other = 0;
      }
      total += 10;
      continue;
    }
    // BERT's uncased vocabulary strips accents, so Latin letters with diacritics behave like ASCII ones.
    if (c >= 0xc0 && c <= 0x24f) ascii++;
    else other++;
  }
  if (ascii !== 0 || other !== 0) total += wordTokens(ascii, other);
  return total;
}

function wordTokens(ascii: number, other: number): number {
  // Common English words are a single piece; beyond ~6 letters WordPiece starts splitting. Scripts an English
  // vocabulary barely covers (Cyrillic, Greek, Arabic, ...) fall apart into nearly one piece per letter.
  const t = ascii * 2 + other * 8;
  return t > 13 ? t : 13;
}

function isUnicodeSpace(c: number): boolean {
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Chars BERT tokenises one by one: CJK ideographs/kana/hangul, punctuation, symbols, and astral chars (emoji). */
function isStandaloneChar(c: number): boolean {
  return (
    (c >= 0x2e80 && c <= 0x9fff) ||
    (c >= 0xac00 && c <= 0xd7af) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xffef) ||
    (c >= 0xd800 && c <= 0xdbff) ||
    (c >= 0xa1 && c <= 0xbf) ||
    c === 0xd7 ||
    c === 0xf7 ||
    (c >= 0x2010 && c <= 0x2bff)
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Text preparation and frontmatter
// ---------------------------------------------------------------------------------------------------------------

/** The text all positions refer to: CRLF/CR → LF and no leading BOM. Exported so callers can map offsets back. */
export function normalizeMarkdown(markdown: string): string {
  let t = typeof markdown === 'string' ? markdown : String(markdown ?? '');
  if (t.charCodeAt(0) === 0xfeff) t = t.slice(1);
  return t.indexOf('\r') === -1 ? t : t.replace(/\r\n?/g, '\n');
}

/**
 * Number of lines taken by a YAML frontmatter block (both `---` fences included), or 0. Obsidian only honours
 * frontmatter that opens on the very first line and is closed by `---`; an unclosed one is ordinary markdown.
 */
export function frontmatterLineCount(lines: readonly string[]): number {
  if (lines.length < 2 || lines[0]!.trimEnd() !== '---') return 0;
  for (let i = 1; i < lines.length; i++) if (lines[i]!.trimEnd() === '---') return i + 1;
  return 0;
}

/** Splits a note into its frontmatter YAML (without the fences; null when absent) and the body. */
export function splitFrontmatter(markdown: string): { yaml: string | null; body: string; bodyStartLine: number } {
  const text = normalizeMarkdown(markdown);
  const lines = text.split('\n');
  const n = frontmatterLineCount(lines);
  if (n === 0) return { yaml: null, body: text, bodyStartLine: 0 };
  return { yaml: lines.slice(1, n - 1).join('\n'), body: lines.slice(n).join('\n'), bodyStartLine: n };
}

interface Doc {
  text: string;
  lines: string[];
  /** Offset of each line's first char in text. */
  lineStarts: number[];
}

function prepare(markdown: string): Doc {
  const text = normalizeMarkdown(markdown);
  const lines = text.split('\n');
  const lineStarts = new Array<number>(lines.length);
  let pos = 0;
  for (let i = 0; i < lines.length; i++) {
    lineStarts[i] = pos;
    pos += lines[i]!.length + 1;
  }
  return { text, lines, lineStarts };
}

function lineEndPos(doc: Doc, line: number): number {
  return doc.lineStarts[line]! + doc.lines[line]!.length;
}

/** Line containing offset pos (binary search; pos is clamped into the text). */
function lineOf(doc: Doc, pos: number): number {
  let lo = 0;
  let hi = doc.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (doc.lineStarts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const isBlank = (line: string): boolean => line.trim() === '';

// ---------------------------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------------------------

/** A block plus what the chunker needs and Block doesn't carry. */
interface Unit extends Block {
  startPos: number;
  endPos: number;
  /** Estimated size in tenths of a token (see rawTokens). */
  tokens: number;
  /** True when the block is or contains a code block (fences inside list items and callouts count). */
  hasCode: boolean;
  /** Language of the first code block in it, '' when none or unlabelled. */
  codeLang: string;
}

let parser: MarkdownIt | undefined;

function getParser(): MarkdownIt {
  if (!parser) {
    parser = new markdownIt({ html: true });
    // Only block structure matters; skipping inline parsing makes huge paragraphs cheap and avoids the
    // inline rules' worst cases on garbage input.
    parser.core.ruler.enableOnly(['normalize', 'block']);
  }
  return parser;
}

function firstWord(info: string): string {
  const m = /\S+/.exec(info);
  return m ? m[0] : '';
}

/** First code block among tokens [from, to), for containers such as list items and callouts. */
function findCode(tokens: Token[], from: number, to: number): { hasCode: boolean; codeLang: string } {
  for (let k = from; k < to; k++) {
    const t = tokens[k]!;
    if (t.type === 'fence') return { hasCode: true, codeLang: firstWord(t.info) };
    if (t.type === 'code_block') return { hasCode: true, codeLang: '' };
  }
  return { hasCode: false, codeLang: '' };
}

function parseBlocks(doc: Doc): Unit[] {
  const { lines } = doc;
  const nLines = lines.length;
  const out: Unit[] = [];
  const fm = frontmatterLineCount(lines);
  let covered = 0; // first line not yet assigned to a block
  const headings: { level: number; title: string }[] = [];
  const path = (): string[] => headings.map((h) => h.title);

  const push = (type: BlockType, s: number, e: number, extra?: Partial<Unit>): void => {
    s = Math.max(s, covered);
    e = Math.min(e, nLines);
    // Trailing blank lines belong to the gap between blocks, not to the block (markdown-it includes them in
    // list items); leading ones can only appear after clamping.
    while (e > s && isBlank(lines[e - 1]!)) e--;
    while (s < e && isBlank(lines[s]!)) s++;
    if (e <= s) return;
    const startPos = doc.lineStarts[s]!;
    const endPos = lineEndPos(doc, e - 1);
    const unit: Unit = {
      type,
      text: doc.text.slice(startPos, endPos),
      startLine: s,
      endLine: e,
      headerPath: path(),
      startPos,
      endPos,
      tokens: 0,
      hasCode: false,
      codeLang: '',
      ...extra,
    };
    unit.tokens = rawTokens(doc.text, startPos, endPos);
    out.push(unit);
    covered = e;
  };

  // Lines no top-level token claims (link reference definitions, content past markdown-it's nesting limit)
  // still hold text the user wants searchable, so they become paragraphs.
  const fillGap = (upTo: number): void => {
    upTo = Math.min(upTo, nLines);
    let i = covered;
    while (i < upTo) {
      if (isBlank(lines[i]!)) {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < upTo && !isBlank(lines[j]!)) j++;
      covered = i;
      push('paragraph', i, j);
      i = j;
    }
    covered = Math.max(covered, upTo);
  };

  if (fm > 0) {
    push('frontmatter', 0, fm);
    covered = fm;
  }

  let tokens: Token[] = [];
  try {
    // Blank out the frontmatter instead of cutting it off so markdown-it's line numbers are already ours.
    const body = fm > 0 ? '\n'.repeat(fm) + doc.text.slice(doc.lineStarts[fm] ?? doc.text.length) : doc.text;
    tokens = getParser().parse(body, {});
  } catch {
    tokens = []; // never expected, but a parser bug must not lose the note: fillGap below covers everything
  }

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.level !== 0 || t.nesting === -1 || !t.map) continue;
    // Children of a container sit at level > 0 until its closing token comes back to level 0.
    let close = i;
    if (t.nesting === 1) {
      close = i + 1;
      while (close < tokens.length && tokens[close]!.level !== 0) close++;
    }
    const [s, e] = t.map;
    fillGap(s);
    switch (t.type) {
      case 'heading_open': {
        const level = Number(t.tag.slice(1)) || 1;
        const inline = tokens[i + 1];
        const title = inline && inline.type === 'inline' ? inline.content.replace(/\s+/g, ' ').trim() : '';
        while (headings.length > 0 && headings[headings.length - 1]!.level >= level) headings.pop();
        headings.push({ level, title });
        push('heading', s, e, { level });
        break;
      }
      case 'fence':
        push('code', s, e, { codeLanguage: firstWord(t.info), hasCode: true, codeLang: firstWord(t.info) });
        break;
      case 'code_block':
        push('code', s, e, { codeLanguage: '', hasCode: true, codeLang: '' });
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        // Each top-level item is a block: items are the natural retrieval unit of a list, and nested lists
        // (and fences inside an item) stay with the item that gives them meaning.
        for (let k = i + 1; k < close; k++) {
          const it = tokens[k]!;
          if (it.type !== 'list_item_open' || it.level !== 1 || !it.map) continue;
          let end = k + 1;
          while (end < close && !(tokens[end]!.level === 1 && tokens[end]!.nesting === -1)) end++;
          fillGap(it.map[0]!);
          push('list_item', it.map[0]!, it.map[1]!, findCode(tokens, k + 1, end));
          k = end;
        }
        fillGap(e);
        break;
      case 'blockquote_open':
        push('blockquote', s, e, findCode(tokens, i + 1, close));
        break;
      case 'table_open':
        push('table', s, e);
        break;
      case 'html_block':
        push('html', s, e);
        break;
      case 'hr':
        push('hr', s, e);
        break;
      default:
        push('paragraph', s, e);
    }
    i = close;
  }
  fillGap(nLines);
  return out;
}

/**
 * The note's top-level blocks in order, cut from the normalised text (CRLF → LF) by markdown-it's line maps.
 * Line numbers are 0-based, end-exclusive and refer to the whole note, frontmatter included.
 */
export function splitIntoBlocks(markdown: string): Block[] {
  return parseBlocks(prepare(markdown)).map((u) => {
    const b: Block = {
      type: u.type,
      text: u.text,
      startLine: u.startLine,
      endLine: u.endLine,
      headerPath: u.headerPath,
    };
    if (u.codeLanguage !== undefined) b.codeLanguage = u.codeLanguage;
    if (u.level !== undefined) b.level = u.level;
    return b;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Paragraph splitting
// ---------------------------------------------------------------------------------------------------------------

/** Chars handed to Intl.Segmenter at once; far longer than any real sentence. */
const SEGMENT_WINDOW = 2000;

let sentenceSegmenter: Intl.Segmenter | null | undefined;

function getSegmenter(): Intl.Segmenter | null {
  if (sentenceSegmenter === undefined) {
    try {
      sentenceSegmenter =
        typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'sentence' }) : null;
    } catch {
      sentenceSegmenter = null;
    }
  }
  return sentenceSegmenter;
}

/** Sentence ranges [start, end) of text[from, to). */
function sentenceRanges(text: string, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  const seg = getSegmenter();
  if (seg) {
    try {
      // V8's segment iterator costs O(input length) per step, i.e. quadratic on a big paragraph, so we feed it
      // bounded windows and re-segment from the last (possibly truncated) sentence of each window.
      let pos = from;
      while (pos < to) {
        const end = Math.min(to, pos + SEGMENT_WINDOW);
        const parts = Array.from(seg.segment(text.slice(pos, end)), (s) => s.index);
        if (end === to || parts.length > 1) {
          const keep = end === to ? parts.length : parts.length - 1;
          for (let k = 0; k < keep; k++) out.push([pos + parts[k]!, k + 1 < parts.length ? pos + parts[k + 1]! : end]);
          pos = end === to ? to : pos + parts[keep]!;
          continue;
        }
        // A sentence longer than the window will be cut into word runs anyway; end this stretch at whitespace.
        let cut = end;
        while (cut > pos + 1 && !/\s/.test(text[cut - 1]!)) cut--;
        if (cut <= pos + 1) cut = end;
        out.push([pos, cut]);
        pos = cut;
      }
      return out;
    } catch {
      out.length = 0; // fall through to the plain scanner
    }
  }
  // Fallback: break after a run of terminators followed by whitespace, and at line breaks.
  let start = from;
  for (let i = from; i < to; i++) {
    const c = text[i]!;
    if (c === '\n') {
      out.push([start, i + 1]);
      start = i + 1;
    } else if (c === '.' || c === '!' || c === '?' || c === '。' || c === '！' || c === '？') {
      let j = i + 1;
      while (j < to && '.!?。！？"\')]”’'.includes(text[j]!)) j++;
      if (j >= to || /\s/.test(text[j]!) || c === '。' || c === '！' || c === '？') {
        out.push([start, j]);
        start = j;
      }
      i = j - 1;
    }
  }
  if (start < to) out.push([start, to]);
  return out;
}

/**
 * Pieces of an over-long paragraph, each within budget when possible: sentences, then words for run-on
 * sentences, then fixed-size cuts for whitespace-free blobs. Whitespace between pieces is left out.
 */
function paragraphPieces(text: string, from: number, to: number, budget: number): [number, number][] {
  const out: [number, number][] = [];
  const ws = /\s/;
  for (let [s, e] of sentenceRanges(text, from, to)) {
    while (s < e && ws.test(text[s]!)) s++;
    while (e > s && ws.test(text[e - 1]!)) e--;
    if (e <= s) continue;
    if (rawTokens(text, s, e) <= budget) out.push([s, e]);
    else wordPieces(text, s, e, budget, out);
  }
  return out;
}

function wordPieces(text: string, from: number, to: number, budget: number, out: [number, number][]): void {
  // Match inside the slice: on the full text a whitespace-free blob would make every match run to its end.
  const sub = text.slice(from, to);
  const re = /\S+/g;
  let ps = -1;
  let pe = -1;
  let acc = 0;
  for (let m = re.exec(sub); m !== null; m = re.exec(sub)) {
    const s = from + m.index;
    const e = s + m[0].length;
    const t = rawTokens(text, s, e);
    if (t > budget) {
      if (ps >= 0) out.push([ps, pe]);
      ps = -1;
      acc = 0;
      // Every char costs at most 1.3 tokens (13 tenths), so this many chars always fit.
      const step = Math.max(2, Math.floor(budget / 13));
      for (let p = s; p < e; ) {
        let q = Math.min(p + step, e);
        const qc = text.charCodeAt(q);
        if (q < e && qc >= 0xdc00 && qc <= 0xdfff) q--; // keep surrogate pairs together
        out.push([p, q]);
        p = q;
      }
      continue;
    }
    if (ps >= 0 && acc + t > budget) {
      out.push([ps, pe]);
      ps = -1;
      acc = 0;
    }
    if (ps < 0) ps = s;
    pe = e;
    acc += t;
  }
  if (ps >= 0) out.push([ps, pe]);
}

// ---------------------------------------------------------------------------------------------------------------
// Chunk assembly
// ---------------------------------------------------------------------------------------------------------------

function sanitizeOptions(opts: ChunkOptions | undefined): { chunkSize: number; overlap: number } {
  let chunkSize = Number(opts?.chunkSize);
  if (!Number.isFinite(chunkSize)) chunkSize = DEFAULT_CHUNK_OPTIONS.chunkSize;
  chunkSize = Math.max(MIN_CHUNK_SIZE, Math.floor(chunkSize));
  let overlap = Number(opts?.overlap);
  if (!Number.isFinite(overlap) || overlap < 0) overlap = 0;
  // More than half a chunk of repetition mostly re-embeds the same text.
  overlap = Math.min(Math.floor(overlap), Math.floor(chunkSize / 2));
  return { chunkSize, overlap };
}

/** Blocks → units the assembler packs: over-long paragraphs become one unit per sentence-ish piece. */
function toUnits(doc: Doc, blocks: Unit[], chunkSize: number): Unit[] {
  const units: Unit[] = [];
  for (const b of blocks) {
    if (b.type !== 'paragraph' || b.tokens <= chunkSize) {
      units.push(b);
      continue;
    }
    for (const [s, e] of paragraphPieces(doc.text, b.startPos, b.endPos, chunkSize)) {
      const text = doc.text.slice(s, e);
      units.push({
        type: 'paragraph',
        text,
        startLine: lineOf(doc, s),
        endLine: lineOf(doc, e - 1) + 1,
        headerPath: b.headerPath,
        startPos: s,
        endPos: e,
        tokens: rawTokens(doc.text, s, e),
        hasCode: false,
        codeLang: '',
      });
    }
  }
  return units;
}

/**
 * Packs a note's blocks into chunks of at most opts.chunkSize estimated tokens.
 *
 * - Frontmatter stays in the first chunk, and a heading is never the last block of a chunk: both are glued to
 *   the block after them, even if that makes the chunk oversized.
 * - A block bigger than chunkSize gets a chunk of its own (plus any heading glued to it); only paragraphs are
 *   split, at sentence boundaries.
 * - A heading whose section no longer fits in the current chunk starts a new one.
 * - Overlap repeats whole trailing blocks of the previous chunk (never frontmatter, never reaching back past a
 *   heading). A chunk that starts at a heading gets no overlap: the previous section's tail is noise there.
 */
export function chunkMarkdown(markdown: string, opts: ChunkOptions): Chunk[] {
  const sane = sanitizeOptions(opts);
  // Budgets in tenths of a token, the unit rawTokens counts in.
  const chunkSize = sane.chunkSize * 10;
  const overlap = sane.overlap * 10;
  const doc = prepare(markdown);
  const units = toUnits(doc, parseBlocks(doc), chunkSize);
  if (units.length === 0) return [];

  // Tokens from each heading to the next heading: the section body a heading would like to keep together.
  const sectionTokens = new Array<number>(units.length).fill(0);
  for (let i = units.length - 1, acc = 0; i >= 0; i--) {
    acc += units[i]!.tokens;
    if (units[i]!.type === 'heading') {
      sectionTokens[i] = acc;
      acc = 0;
    }
  }

  const isSticky = (u: Unit): boolean => u.type === 'heading' || u.type === 'frontmatter';
  const chunks: Chunk[] = [];
  const emit = (members: Unit[], fresh: number): void => {
    const first = members[0]!;
    const last = members[members.length - 1]!;
    // Leading headings (and the frontmatter) are glued to the content they introduce; that content's path,
    // which includes those headings, describes the chunk best.
    let k = fresh;
    while (k < members.length - 1 && isSticky(members[k]!)) k++;
    const lead = members[k]!;
    const text = doc.text.slice(first.startPos, last.endPos);
    const code = members.find((u) => u.hasCode);
    chunks.push({
      text,
      chunkIndex: chunks.length,
      startLine: first.startLine,
      endLine: last.endLine,
      startPos: first.startPos,
      endPos: last.endPos,
      headerPath: [...lead.headerPath],
      sectionTitle: lead.headerPath.length > 0 ? lead.headerPath[lead.headerPath.length - 1]! : '',
      tokenCount: Math.ceil(rawTokens(doc.text, first.startPos, last.endPos) / 10),
      containsCode: code !== undefined,
      codeLanguage: code ? code.codeLang : '',
    });
  };

  let cur: Unit[] = [];
  let fresh = 0; // cur[0..fresh) is overlap repeated from the previous chunk
  let curTokens = 0;

  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    const hasFresh = cur.length > fresh;
    const overflow =
      hasFresh &&
      (curTokens + u.tokens > chunkSize || (u.type === 'heading' && curTokens + sectionTokens[i]! > chunkSize));
    if (overflow) {
      // Trailing headings move on with the content they introduce.
      let cut = cur.length;
      while (cut > fresh && isSticky(cur[cut - 1]!)) cut--;
      if (cut > fresh) {
        const done = cur.slice(0, cut);
        const carried = cur.slice(cut);
        emit(done, fresh);
        let repeat: Unit[] = [];
        if (carried.length === 0 && u.type !== 'heading' && overlap > 0)
          repeat = pickOverlap(done, overlap, chunkSize - u.tokens);
        cur = [...repeat, ...carried];
        fresh = repeat.length;
        curTokens = 0;
        for (const c of cur) curTokens += c.tokens;
      }
      // else: the chunk so far is only headings/frontmatter; keep them with u even if that overflows.
    }
    cur.push(u);
    curTokens += u.tokens;
  }
  if (cur.length > fresh) emit(cur, fresh);
  return chunks;
}

/** Longest run of whole trailing units within both budgets, stopping at (and including) a heading. */
function pickOverlap(done: Unit[], budget: number, room: number): Unit[] {
  const limit = Math.min(budget, room);
  const picked: Unit[] = [];
  let acc = 0;
  // done always keeps at least its first unit, so a chunk is never a subset of the next.
  for (let k = done.length - 1; k >= 1; k--) {
    const u = done[k]!;
    if (u.type === 'frontmatter' || acc + u.tokens > limit) break;
    picked.push(u);
    acc += u.tokens;
    if (u.type === 'heading') break;
  }
  return picked.reverse();
}
