/**
 * A question that names a list in the notes ("what are my career goals" → Career › Goals for 2027, "what should I
 * pack for Lisbon?" → Lisbon Trip › Packing list): the answer is the list. Its items rarely repeat the words the
 * question and the heading share ("Lead the onboarding v2 release end-to-end"), so the sentence rule refused
 * "what are my career goals", or quoted the best sentence near the list ("Budget: €1,800…" for the packing
 * question). A section is named when every key word of the question is in the note's title and the section's
 * headings, and its own heading holds one the title does not: the title alone names a note, not one of its lists
 * ("what is Obsidian Sync" was answered with "Set up Obsidian Sync › Log in with your Obsidian account").
 */
import type { SearchResult } from '../search/similaritySearch.js';
import { plainText } from '../text/sentences.js';
import { citedList, linesOutsideCode, LIST_ITEM, MARKDOWN_HEADING, noteLines } from './noteLines.js';
import { FILTER_STOPWORDS, LANGUAGE_FUNCTION_WORDS } from '../text/stopwords.js';
import { WORD_CHAR } from '../text/wordCharacters.js';
import { keyWordCount, keyWordLanguage, sharedDistinctiveKeyWords } from './relevance.js';

/** How many of the best search results may hold the named section. */
export const SECTION_RESULTS = 3;
/** A section answers as a list only with `min` items or more, and shows at most `listed` of them. */
export const SECTION_ITEMS = { min: 2, listed: 12 };
/** A question names a section only with two key words or more ("goals" alone names many a note's list). */
const MIN_KEY_WORDS = 2;

/** A list item (noteLines.ts): the outline and a note's opening read lists by it too. */
export { LIST_ITEM };

interface Section {
  /** The chunk (index into the results) the section starts in. */
  n: number;
  /** "Career › Goals for 2027". */
  path: string;
  items: string[];
  /** Numbered ("1.", "2)"): steps, shown numbered. */
  ordered: boolean;
}

/**
 * The list the question names, as an answer citing its note, or null. Only the first SECTION_RESULTS results are
 * read, and a section's lines are put together from every retrieved chunk of its note (a long list spans chunks).
 */
export function sectionListAnswer(question: string, chunks: SearchResult[]): { text: string; cited: number[] } | null {
  const query = subjectWords(question);
  // The question's language, not its subject words': without their function words, "muss Lissabon einpacken" read as
  // English, and German words were matched by English stems.
  const lang = keyWordLanguage(question, []);
  const keys = keyWordCount(query, new Set(), lang);
  if (keys < MIN_KEY_WORDS) return null;
  const shared = (text: string) => sharedDistinctiveKeyWords(query, text, new Set(), '', lang);
  const seen = new Set<string>();
  for (const c of chunks.slice(0, SECTION_RESULTS)) {
    if (seen.has(c.source)) continue;
    seen.add(c.source);
    const section = namedSection(
      c.source,
      chunks,
      (title, heading, path) => shared(`${title} ${heading}`) > shared(title) && shared(`${title} ${path}`) >= keys,
    );
    if (section && section.items.length >= SECTION_ITEMS.min) {
      const n = section.n + 1;
      return {
        text: citedList(section.path, section.items, n, { ordered: section.ordered, limit: SECTION_ITEMS.listed }),
        cited: [n],
      };
    }
  }
  return null;
}

/**
 * Words that ask, not what is asked about: function words and auxiliaries in any language ("should", "am", "would")
 * and the verbs of a request for a list ("summarize", "list", "show me"). The sentence rule counts "should" as a key
 * word (relevance.ts, tuned so); a heading never holds it, so "what should I pack for Lisbon?" could not name the
 * packing list.
 */
const NOT_SUBJECT = new Set([
  ...FILTER_STOPWORDS,
  ...Object.values(LANGUAGE_FUNCTION_WORDS).flat(),
  ...'am i’m im summarize summarise summary list lists show tell give overview recap outline remind me note notes page'.split(
    ' ',
  ),
]);

/**
 * The punctuation around a word of the question, to trim before NOT_SUBJECT is asked. An apostrophe at its end stays,
 * as subjectWords has always read it: "notes'" is kept, not taken for the stop word "notes".
 */
const AROUND_SUBJECT_WORD = new RegExp(`^[^${WORD_CHAR}]+|[^${WORD_CHAR}’']+$`, 'gu');

/**
 * The question without the words that ask (NOT_SUBJECT), nor numbers and dates: "What did I do on 2026-11-03?"
 * named the day's note by its title and its first heading, and a day is no list. Unchanged in scripts that do not
 * space their words.
 */
export function subjectWords(question: string): string {
  return question
    .split(/\s+/)
    .filter((t) => /\p{L}/u.test(t))
    .filter((t) => !NOT_SUBJECT.has(t.toLowerCase().replace(AROUND_SUBJECT_WORD, '')))
    .join(' ');
}

/**
 * The first section of the note `source` whose headings the question names (`names(title, its heading, the heading
 * path outermost first)`), with its list items; read from the note's retrieved chunks put back together (noteLines).
 */
function namedSection(
  source: string,
  chunks: SearchResult[],
  names: (title: string, heading: string, headings: string) => boolean,
): Section | null {
  const own = chunks.map((c, n) => ({ c, n })).filter(({ c }) => c.source === source);
  const lines = noteLines(own.map(({ c }) => c));
  // The section is cited by the first retrieved chunk that holds its heading.
  const chunkAt = (at: number) => own.find(({ c }) => c.start_line <= at && at <= c.end_line)?.n ?? own[0]!.n;
  const title = own[0]!.c.title;
  const stack: { level: number; text: string }[] = [];
  let open: (Section & { level: number }) | null = null;
  for (const [at, text] of linesOutsideCode(lines)) {
    const h = MARKDOWN_HEADING.exec(text);
    if (h) {
      const level = h[1]!.length;
      if (open && level <= open.level) {
        if (open.items.length >= SECTION_ITEMS.min) return open;
        open = null;
      }
      while (stack.length && stack.at(-1)!.level >= level) stack.pop();
      stack.push({ level, text: plainText(h[2]!) });
      const headings = stack.map((s) => s.text).join(' › ');
      // The note's own first heading usually repeats its title: it names the note, not a list in it.
      if (!open && !(stack.length === 1 && stack[0]!.text === title) && names(title, stack.at(-1)!.text, headings))
        open = {
          n: chunkAt(at),
          path: `${title} › ${stack
            .map((s) => s.text)
            .filter((t) => t !== title)
            .join(' › ')}`,
          items: [],
          ordered: false,
          level,
        };
      continue;
    }
    const item = open && LIST_ITEM.exec(text);
    // Top-level items only: a nested item ("Train from Rossio station") belongs to the one above it.
    if (item && item[1]!.replace(/\t/g, '  ').length < 2) {
      const shown = plainText(item[3]!);
      if (!open!.items.length) open!.ordered = /\d/.test(item[2]!);
      if (shown) open!.items.push(shown);
    }
  }
  return open && open.items.length >= SECTION_ITEMS.min ? open : null;
}
