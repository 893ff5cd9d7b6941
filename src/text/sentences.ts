/**
 * A note's text as sentences: markdown turned into plain blocks (plainText) and blocks cut into sentences
 * (splitSentences). The answer rule quotes these sentences, and the index embeds them (sentence vectors), so both see
 * the same sentences.
 */
import { CJK } from './segment.js';
import { commentSpans } from './comments.js';

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
/** Sentences, never spanning a line break (lines are separate blocks after plainText). */
export function splitSentences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => joinFalseBreaks([...segmenter.segment(line)].map((s) => s.segment)))
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Abbreviations a capitalised word follows ("Dr. Amara Okafor", "Sr. García", "z. B. Dateien"), written with a full
 * stop that ends no sentence. ICU's sentence breaker in Node has no abbreviation list (the `ss=standard` locale key is
 * ignored), so "check-up on 2026-12-03 at 09:15 with Dr. Amara Okafor" was quoted as "… with Dr." and the name lost.
 * Titles, the Latin and German short forms, and any single lower-case letter ("z.", "d.", "p." of "p. ej."). Not
 * "etc." or "usw.", which often do end a sentence.
 */
const ABBREVIATION =
  /(?:^|[\s(])(?:Dr|Drs|Mr|Mrs|Ms|Mx|Prof|Sr|Sra|Srta|Jr|St|Mt|Hr|Fr|M|Mme|Mlle|Dipl|Ing|vs|cf|ca|approx|vgl|bzw|ggf|evtl|inkl|Nr|Fig|Abb|e\.g|i\.e|\p{Ll}|\p{Ll}\. ?\p{L}{1,2})\.\s*$/u;

/**
 * A day or an ordinal written with a full stop ("am 3.", "9. bis 16.", "3. joulukuuta"), as German, the Nordic and the
 * Slavic languages write them: "Hat mir am 16. November seinen Akkuschrauber geliehen" was quoted from "November…", its
 * day lost. It ends no sentence before a lower-case word or a month's name (German capitalises its months).
 */
const ORDINAL_NUMBER = /(?:^|[\s(])\d{1,2}\.\s*$/u;
const MONTH_NAME =
  /^\s*(?:Januar|Jänner|Februar|Feber|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan|Feb|Mär|Apr|Jun|Jul|Aug|Sep|Sept|Okt|Nov|Dez)\b/u;

/**
 * Whether the sentence breaker's break between `prev` and `next` ends no sentence, so the two go back together:
 * - `prev` ends in an abbreviation (ABBREVIATION), or in a day or ordinal before a lower-case word or a month
 *   (ORDINAL_NUMBER);
 * - `prev` ends in a question or exclamation mark that a lower-case word goes on from: ICU ends a sentence at any
 *   "?", and "Use Result<T, E> and the ? operator." (inline code, kept literal) was quoted as "operator. anyhow for…";
 * - a Japanese sentence never begins with a particle or other hiragana after a Latin full stop or question mark: the
 *   breaker ended a sentence at the "." of "`.`で始まるファイル…" or "`ntn_...` で始まる長い英数字の文字列…", and the rest
 *   was quoted as "で始まるファイルとフォルダは…".
 */
function continuesSentence(prev: string, next: string): boolean {
  return (
    ABBREVIATION.test(prev) ||
    (ORDINAL_NUMBER.test(prev) && (/^\p{Ll}/u.test(next) || MONTH_NAME.test(next))) ||
    (/[?!]\s*$/.test(prev) && /^\p{Ll}/u.test(next)) ||
    (/[.?!…]\s*$/.test(prev) && /^\s*\p{Script=Hiragana}/u.test(next))
  );
}

/** The sentence breaker's segments, each put back onto the one before it where that break ends no sentence. */
function joinFalseBreaks(segments: string[]): string[] {
  const out: string[] = [];
  for (const s of segments) {
    const prev = out.at(-1);
    if (prev !== undefined && continuesSentence(prev, s)) out[out.length - 1] = prev + s;
    else out.push(s);
  }
  return out;
}

/** A table row's cells, split on the pipes that are not escaped (GFM: `\|` is a pipe inside a cell). */
function tableCells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.replace(/\\\|/g, '|').trim());
}

const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/**
 * One table row as a sentence a reader can take on its own: the first cell, then each other cell under its column's
 * header ("Move the cursor to the end of the current line — Shortcut: End"). Every word is the note's, so the
 * grounding check accepts it; kept as "| a | b |" the row was never quotable, and a shortcut or plan-limit question
 * whose answer is a table row found no sentence in the right note.
 */
function rowSentence(cells: string[], header: string[]): string {
  const [first = '', ...rest] = cells;
  const values = rest
    .map((c, i) => (c && header[i + 1] ? `${header[i + 1]}: ${c}` : c))
    .filter(Boolean)
    .join('; ');
  return [first, values].filter(Boolean).join(' — ');
}

/**
 * Markdown tables rewritten as one paragraph per body row (rowSentence); the header row is folded into every row
 * and the separator row dropped. A chunk can begin inside a table (the chunker splits long ones), so pipe rows with
 * no header in sight are rendered the same way without column names. Fenced code is left alone.
 */
function tablesAsSentences(body: string): string {
  const lines = body.split('\n');
  const out: string[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const isRow = (l: string | undefined) => l !== undefined && /^\s*\|.*\|\s*$/.test(l) && !TABLE_SEPARATOR.test(l);
    const next = lines[i + 1] ?? '';
    const headed =
      line.includes('|') && next.includes('|') && TABLE_SEPARATOR.test(next) && !TABLE_SEPARATOR.test(line);
    if (fenced || (!headed && !isRow(line))) {
      out.push(line);
      continue;
    }
    const header = headed ? tableCells(line) : [];
    let j = headed ? i + 2 : i;
    for (; j < lines.length && (isRow(lines[j]) || (headed && lines[j]!.includes('|') && lines[j]!.trim())); j++) {
      const sentence = rowSentence(tableCells(lines[j]!), header);
      if (sentence) out.push('', sentence, '');
    }
    i = j - 1;
  }
  return out.join('\n');
}

/**
 * What an embedded file leaves in quotable text: nothing for an icon or picture (`![[lucide-calendar.svg#icon]]`
 * became "Click Open today's daily note lucide-calendar.svg in the ribbon."), and an image's alt text only when it
 * reads as words (three or more, not a file name or a size like "250").
 */
function imageText(alt: string | undefined): string {
  const text = (alt ?? '').replace(/\|.*$/, '').trim();
  const readable = text.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length >= 3 && !/\.\w{2,4}$/.test(text);
  return readable ? ` ${text}` : '';
}

/** A bare Lucide icon name written as text ("lucide-cog.svg"), not inside inline code where it is the subject. */
const ICON_NAME = /(^|[^\w`-])lucide-[a-z0-9-]+(?:\.svg)?(?![\w`-])/g;

/** A list item that is nothing but links ("- [[Import Markdown files]]"): a "see also" entry, a page name. */
const LINKS_ONLY = /^(?:\s*(?:!?\[\[[^\]]*\]\]|\[[^\]]*\]\([^)]*\)|<[^>]*>)\s*[,;]?)+\s*$/;

/**
 * A wiki or Markdown link after the end of a sentence, alone or after "see" ("See [[Kitchen Renovation]].", "Siehe auch
 * [[Vorlagen]]") up to the end of its block (plainText's `prose`): a pointer, quoted as "See Kitchen Renovation." for
 * "what's still missing from the kitchen budget". A full stop ends a sentence after a word of two letters or more, not
 * after "e.g." ("…link with alias, e.g. [[Garden Irrigation|the watering project]]"). "To sync on Android, see [[…]]."
 * is a sentence that says when to read on, and stays.
 */
const POINTER_AT_END =
  /(?<=(?:\p{L}{2}|[*_)`\p{N}])\.|[?!。？！])\s*(?:(?:see(?: also)?|siehe(?: auch)?|voir(?: aussi)?|véase|ver|vedi|zie)\s+)?(?:\[\[[^\]]*\]\]|\[[^\]]*\]\([^)]*\))\s*[.。]?\s*$/iu;

/**
 * The title of a callout line that reads as a heading ("> [!example]- Automatic subfolders" → "Automatic
 * subfolders"), or undefined: no callout, no title, or a title that ends like a sentence (".", "!", "?", "。"…),
 * which is a sentence of the note.
 */
export function calloutHeading(line: string): string | undefined {
  const m = /^\s*(?:>\s*)+\[![\w-]+\][-+]?\s*(.*\S)?\s*$/.exec(line);
  const title = m?.[1] && plainText(m[1]).trim();
  return title && !/[.!?。！？]$/.test(title) ? title : undefined;
}

/**
 * A paragraph that is only strong emphasis and no sentence: a heading written in bold ("**Linking to a heading in
 * another note**", "**Prerequisites**", "**Fruit**" over a recipe's list, "**Windows and Linux:**" over steps). What
 * follows stands under it, as under a markdown heading; quoted, it was half an answer: "how do I link to a specific
 * heading in another note" got "Linking to a heading in another note [1]" as its second sentence. Bold that ends like
 * a sentence ("**Back up before you update.**") is a sentence, and a long bold run is emphasis, not a heading. A FAQ's
 * bold question is no heading either: under it, the answer shared its words with questions it does not answer ("how
 * many days after paying for Publish…" got "We understand that some may have purchased Sync or Publish without
 * discounts…" under "**I purchased my subscription… Can I get a partial refund?**"; English tuning parts).
 */
export function boldHeading(line: string): string | undefined {
  const title = boldParagraph(line)?.replace(/[:：]$/, '');
  return title && title.length <= BOLD_HEADING_MAX && !/[.!?。！？]$/.test(title) ? title : undefined;
}

/** The plain text of a line that is one run of strong emphasis and nothing else ("**…**", "__…__"), if it is one. */
function boldParagraph(line: string): string | undefined {
  const m = /^[ \t]*(\*\*|__)(?=\S)(.+?)\1[ \t]*$/.exec(line);
  return m && !m[2]!.includes(m[1]!) ? plainText(m[2]!).trim() : undefined;
}

/**
 * A paragraph that is only strong emphasis and ends with a question mark: a FAQ's question ("**I purchased my
 * subscription a few weeks ago and now qualify for a discount. Can I get a partial refund?**"). It is no answer to
 * anything, though its first sentence, split from the second, reads like one: "use my credit from a cancelled
 * subscription for something else" was answered with "I purchased my subscription a few weeks ago and now qualify for
 * a discount." A question of one sentence was never quoted (quotable); one of several was, in parts.
 */
export function boldQuestion(line: string): boolean {
  return /[?？]$/.test(boldParagraph(line) ?? '');
}

/** The longest bold line read as a heading: the help vault's longest that is no sentence has 47 characters. */
const BOLD_HEADING_MAX = 80;

/**
 * Emphasis markers hugging a phrase at word boundaries (file_name stays intact): a space, a bracket or punctuation, and
 * the characters of `boundary` (a character class's inside).
 */
const emphasisAt = (boundary: string, flags: string) =>
  new RegExp(String.raw`(^|[\s(${boundary}])(\*{1,3}|_{1,3})(?=\S)([^*_\n]*?\S)\2(?=$|[\s).,;:!?${boundary}])`, flags);

const EMPHASIS = emphasisAt('', 'g');
/**
 * The same, where a Chinese, Japanese or Korean letter (segment.ts's CJK) or punctuation mark is a word boundary too:
 * those scripts put no space around a bold phrase ("コマンドパレットで**タグペインを表示**を選択", "**설정**을"), and
 * the markers were quoted in answers (32 answers changed on the Japanese help vault's tuning parts, no hit or refusal
 * but one: a wrong answer became a refusal). For quotes only: as the text of the sentence vectors the index stores, it
 * cost `dev-ohelp-ja` one question of 20 in the top five (hybrid Recall@5 0.875 → 0.825, below BM25's 0.85).
 */
const EMPHASIS_CJK = emphasisAt(String.raw`${CJK.source.slice(1, -1)}\u3000-\u303F\uFF00-\uFFEF`, 'gu');

/** A line that is one HTML heading ("<h1>This is a heading 1</h1>"): a heading, as Obsidian shows it. */
const HTML_HEADING = /^\s*<h[1-6]\b[^>]*>.*<\/h[1-6]>\s*$/i;

/**
 * The text without Obsidian comments and HTML comments (commentSpans), outside code: Obsidian shows neither in a note,
 * and "%% These headings use HTML to avoid cluttering the Outline %%", an author's remark in the help's formatting
 * note, was quoted as the second sentence of an answer about headings. Fenced and inline code keep their `%%`: that is
 * how the help shows the syntax. A comment's line breaks stay, so the text around it is not joined into one paragraph.
 */
function withoutComments(markdown: string): string {
  if (!markdown.includes('%%') && !markdown.includes('<!--')) return markdown;
  // Code masked to the same length, so the comments found in it are where they are in the text.
  let fenced = false;
  const masked = markdown
    .split('\n')
    .map((line) => {
      const fence = /^\s*(?:>\s*)*(```|~~~)/.test(line);
      if (fence) fenced = !fenced;
      return fence || fenced
        ? '\0'.repeat(line.length)
        : line.replace(/`[^`\n]+`/g, (span) => '\0'.repeat(span.length));
    })
    .join('\n');
  let out = '';
  let pos = 0;
  for (const [from, to] of commentSpans(masked)) {
    out += markdown.slice(pos, from) + markdown.slice(from, to).replace(/[^\n]/g, '');
    pos = to;
  }
  return out + markdown.slice(pos);
}

/**
 * Plain text of a chunk for quoting: markdown noise (callout markers, link brackets, emphasis) removed and
 * headings dropped (the heading path is shown with the source). Blocks stay on separate lines so a heading or
 * list item never fuses into the next sentence.
 *
 * `prose` (the answer's quotes, not the prompt or the excerpts) also leaves out what is not a sentence of the note:
 * fenced code (a code line, "on # enable restricted mode off # disable restricted mode", or a file tree, "Airtable/
 * Projects/ Tasks.base", was quoted as an answer sentence), list items that are only links (a "see also" list's
 * "Import Markdown files" was quoted as the first sentence), and an image's alt text (a caption of a picture the
 * answer does not show: "Example of a base showing a table view with a list of books" was quoted for a question about
 * list views). A map of content's entry, a link and a few words about the note it points to ("Lena Novak — my
 * sister"), stays: it is often the one line that answers ("who is my sister"), and the answer cites the note it points
 * to as well (src/agent/describedNote.ts). Inline code stays: a command line written as inline code (tldr-pages) is
 * the answer.
 */
export function plainText(markdown: string, opts: { prose?: boolean } = {}): string {
  const frontless = markdown.replace(/^---\n[\s\S]*?\n---\n?/, '');
  const body = tablesAsSentences(opts.prose ? withoutComments(frontless) : frontless);
  const blocks: string[] = [];
  let current: string[] = [];
  let inQuote = false;
  let fenced = false;
  const flush = () => {
    if (current.length) blocks.push(current.join(' '));
    current = [];
  };
  for (const raw of body.split('\n')) {
    const fence = /^\s*(?:>\s*)*(```|~~~)/.test(raw);
    if (fence) fenced = !fenced;
    if (
      !raw.trim() ||
      /^\s*#{1,6}\s/.test(raw) ||
      fence ||
      (opts.prose && (fenced || boldHeading(raw) !== undefined || boldQuestion(raw) || HTML_HEADING.test(raw)))
    ) {
      flush();
      continue;
    }
    // A list item or a quote line starts its own block; a plain soft-wrapped line continues the paragraph.
    const item = /^\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/.exec(raw);
    const itemText = item ? raw.slice(item[0].length) : '';
    if (opts.prose && item && LINKS_ONLY.test(itemText)) {
      flush();
      continue;
    }
    const quote = /^\s*>/.test(raw);
    if (item || quote !== inQuote) flush();
    inQuote = quote;
    current.push(
      raw
        .slice(item ? item[0].length : 0)
        .replace(/^\s*(?:>\s?)*/, '')
        .trim(),
    );
    // A callout's title line ("> [!info] Info") is a heading of sorts: never fused with its body. A quote never takes
    // one that is no sentence ("> [!example]- Sous-dossiers automatiques" was an answer's first sentence), as it
    // never takes a heading; a title that ends like a sentence is one.
    if (/\[![\w-]+\]/.test(raw)) {
      if (opts.prose && calloutHeading(raw) !== undefined) current.pop();
      flush();
    }
  }
  flush();
  return blocks
    .map((b) => {
      // Inline code is literal: "`![[Note]]` — embed a whole note" lost its code to the embed rule below and was
      // quoted as "`` — embed a whole note". Code spans are set aside first and come back unwrapped.
      const code: string[] = [];
      return (
        b
          .replace(/`([^`\n]+)`/g, (_m, span: string) => `\uE000${code.push(span) - 1}\uE000`)
          .replace(/\[![\w-]+\][-+]?\s*/g, '')
          // An embed alone in brackets ("（ ![[lucide-trash-2.svg#icon]] ）", common in the Japanese help) goes with them.
          .replace(
            /\s*[（(]\s*!\[\[[^\]]*\]\]\s*[）)]|\s*!\[\[[^\]]*\]\]|\s*!\[([^\]]*)\]\([^)]*\)/g,
            (_m, alt?: string) => (opts.prose ? '' : imageText(alt)),
          )
          .replace(ICON_NAME, '$1')
          // A link that is a sentence of its own at the end of a block points elsewhere and says nothing: "Looking to
          // get started with Obsidian Sync? [[Set up Obsidian Sync]]" gave "Set up Obsidian Sync" as the second
          // sentence of an answer about Sync's price. A link that opens its block is a step ("1. [[#Open Publish]]").
          .replace(opts.prose ? POINTER_AT_END : /$^/, '')
          // A link to a heading of the same note ("[[#Use computer backups|computer backup]]") reads as its alias or
          // heading; it stayed as raw brackets in quotes.
          .replace(
            /!?\[\[([^\]|#]*)(?:#+([^\]|]*))?(?:\|([^\]]+))?\]\]/g,
            (m, target: string, heading?: string, alias?: string) => alias ?? (target || heading || m),
          )
          .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
          // Emphasis only where it is markup (EMPHASIS; in quotes, beside Chinese, Japanese or Korean text too).
          .replace(opts.prose ? EMPHASIS_CJK : EMPHASIS, '$1$3')
          .replace(/\uE000(\d+)\uE000/g, (_m, i: string) => code[Number(i)]!)
          .replace(/\s+/g, ' ')
          .trim()
      );
    })
    .filter(Boolean)
    .join('\n');
}
