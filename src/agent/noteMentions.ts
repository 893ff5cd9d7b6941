/**
 * "which notes mention Tom", "where did I write about the NUC", "¿qué notas mencionan a Lena?": a question whose answer
 * is a list of notes, each with the line that mentions the subject, not two sentences. The sentence rule answered
 * "which notes mention Tom" with two lines recommending a book "to Lena and Tom", from two of the ten notes that name
 * him. Read from the index: the notes that write the subject's words in a row (phraseWriters), the note titled by it
 * first, then the most recent; no model is asked.
 */
import type { ChunkRecord } from '../store/indexDb.js';
import type { SearchResult } from '../search/similaritySearch.js';
import { words } from '../text/segment.js';
import { plainText } from '../text/sentences.js';
import { wordsInRow } from '../store/sparse.js';
import { linesOutsideCode, MARKDOWN_HEADING, noteAsSource, noteLines } from './noteLines.js';

/** How many notes a list of mentions shows (then "- …"). */
export const MENTION_NOTES = 8;
/**
 * How many candidate chunks a list of mentions reads (phraseWriters): on the tldr index's 7,426 notes "git" is written
 * in 144 notes of its first 200 chunks, listed in 0.1–0.2 s; past this the count is a floor ("145+").
 */
export const MENTION_ROWS = 200;
/** How much of a mentioning line is shown. */
const LINE_CHARS = 160;

/**
 * The first line of a note, outside frontmatter, code and headings, that writes the subject's words in a row; for the
 * note the subject titles (`opening`), or one that writes them only in its title or headings, its first line: what
 * "tar" is, not its "More information: …" line.
 */
function mentioningLine(chunks: ChunkRecord[], phrase: string[], opening = false): { at: number; text: string } | null {
  const body = linesOutsideCode(noteLines(chunks))
    .filter(([, line]) => !MARKDOWN_HEADING.test(line))
    .map(([at, line]) => ({ at, line, text: plainText(line).trim() }))
    .filter((l) => l.text);
  const line = (opening ? undefined : body.find((l) => wordsInRow(words(l.line), phrase))) ?? body[0];
  if (!line) return null;
  const { at, text } = line;
  return { at, text: text.length > LINE_CHARS ? `${text.slice(0, LINE_CHARS - 1).trimEnd()}…` : text };
}

/**
 * The notes that mention `subject`, as an answer: a heading naming the subject and how many notes, then one line per
 * note ("Title: the line [n]"), each note a source of its own, at most MENTION_NOTES ("- …" after). `notes` are the
 * first chunks of the notes that write the subject (phraseWriters), `read` gives a note's chunks (only the notes shown
 * are read), `titled` is the note the subject names, if any, listed first, then the most recent; `complete` is false
 * when more notes write it than were read. Null when no note is left.
 */
export function mentionList(
  subject: string,
  notes: ChunkRecord[],
  read: (source: string) => ChunkRecord[],
  { titled = null, complete = true }: { titled?: string | null; complete?: boolean } = {},
): { text: string; results: SearchResult[] } | null {
  if (!notes.length) return null;
  const phrase = words(subject);
  // A day note by its date, any other note by when it was last changed (mtime is in seconds).
  const when = (c: ChunkRecord) => c.note_date ?? new Date(c.mtime * 1000).toISOString().slice(0, 10);
  const ordered = [...notes].sort(
    (a, b) =>
      Number(b.source === titled) - Number(a.source === titled) ||
      when(b).localeCompare(when(a)) ||
      a.source.localeCompare(b.source),
  );
  // Only the notes shown are read line by line: a common word is written in hundreds of notes.
  const shown = ordered
    .slice(0, MENTION_NOTES)
    .map((first) => ({ first, line: mentioningLine(read(first.source), phrase, first.source === titled) }));
  const results = shown.map(({ first, line }, i) =>
    noteAsSource(first, {
      page_content: line?.text ?? first.page_content,
      start_line: line?.at ?? first.start_line,
      end_line: line?.at ?? first.end_line,
      rank: i + 1,
    }),
  );
  const lines = shown.map(({ first, line }, i) => `- ${first.title}${line ? `: ${line.text}` : ''} [${i + 1}]`);
  const more = notes.length > shown.length ? '\n- …' : '';
  // More notes than were read write the subject (a common word in a large vault): the count is a floor.
  const count = `${notes.length}${complete ? '' : '+'}`;
  return { text: `“${subject}” (${count}):\n\n${lines.join('\n')}${more}`, results };
}
