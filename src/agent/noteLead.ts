/**
 * "Who is Lena", "what is Canvas", "was ist Obsidian Sync", "キャンバスとは何ですか": a question that asks what a
 * note is about, naming the note by its title or an alias. The note's opening says it ("My older sister. Lives in
 * Vienna…", "Canvas is a core plugin for visual note-taking."), as an encyclopedia article's lead does. The sentence
 * rule answered these with whichever sentence of any note came closest: "Lena came for the weekend." (a day note)
 * for "who is Lena", "Allergic to cats, so she won't stay at Tom's" (Lena's note) for "what does Tom do". Read from
 * the index, whole; no model is asked. A question that names no note exactly goes to search as any other.
 */
import type { ChunkRecord, IndexDb } from '../store/indexDb.js';
import type { SearchResult } from '../search/similaritySearch.js';
import { nameKey, type NoteNames } from '../store/noteNames.js';
import { phraseWriters, wordsInRow } from '../store/sparse.js';
import { asksWho, definitionSubject, relationSubject } from '../text/definitionQuestion.js';
import { words } from '../text/segment.js';
import { plainText, splitSentences } from '../text/sentences.js';
import { linesOutsideCode, MARKDOWN_HEADING, noteAsSource, noteLines, titleSaysWhat } from './noteLines.js';
import { LIST_ITEM } from './sectionList.js';
import { quotable } from './synthesizer.js';

/** How many sentences (or list items) of the opening an answer quotes. */
export const LEAD_SENTENCES = 2;

/**
 * The note a subject names exactly: its title, an alias or its file name, folded ("canvas" → "Canvas"; the one lookup
 * search lifts a typed title with, src/store/noteNames.ts); or, for a question about someone (`person`, asksWho) with
 * a subject of one word, the first word of exactly one note's title of several words (a first name: "who is Lena" →
 * "Lena Novak"; "what is Lisbon" is not asked of the "Lisbon Trip" note). A subject that only some of a title's words
 * match ("Obsidian" of "Obsidian Sync" and "Obsidian Publish") names none. Of several, the first by path.
 */
export function noteTitledBy(subject: string, names: NoteNames, person = false): string | null {
  const exact = names.named(subject);
  if (exact.length) return exact[0]!;
  const word = nameKey(subject);
  if (!person || !/^\p{L}+$/u.test(word)) return null;
  const first = names.titledFirst(word);
  return first.length === 1 ? first[0]! : null;
}

/**
 * The note whose opening answers a question asking what or who something is: the note its subject names
 * (noteTitledBy), or the one that introduces the person the asker calls "my sister" or "my landlord"
 * (noteIntroducing: `byRelation`, and the answer then names them, see noteLead). Null when none does; the agent then
 * searches. One door for the agent and the answer replay.
 */
export function leadNoteOf(question: string, db: IndexDb): { source: string; byRelation: boolean } | null {
  const subject = definitionSubject(question);
  if (subject === null) return null;
  const titled = noteTitledBy(subject, db.noteNames(), asksWho(question));
  if (titled !== null) return { source: titled, byRelation: false };
  const relation = relationSubject(question);
  const introducing =
    relation === null
      ? null
      : noteIntroducing(relation, phraseWriters(db, [relation]).sources, (source) => db.chunksOfNote(source));
  return introducing === null ? null : { source: introducing, byRelation: true };
}

/**
 * The one note that introduces someone as `relation` ("sister", "landlord", "boss"): its opening (noteLead) writes the
 * word, as person notes open ("My younger sister. Graphic designer…", "Landlord of the flat.", "Principal Teacher of
 * Science at Leithbank, i.e. my boss."). `writers` are the notes that write it anywhere (phraseWriters), read in
 * `chunksOf`. A day note (a title without letters) introduces no one: "Called my sister." opens many of them. Two
 * notes that do are two people, and neither is the answer: null, and the question is searched as any other.
 */
export function noteIntroducing(
  relation: string,
  writers: readonly string[],
  chunksOf: (source: string) => ChunkRecord[],
): string | null {
  const phrase = words(relation);
  if (!phrase.length) return null;
  const introducing = writers.filter((source) => {
    const chunks = chunksOf(source);
    if (!chunks.length || !titleSaysWhat(chunks[0]!.title)) return false;
    const lead = noteLead(chunks);
    return lead !== null && wordsInRow(words(lead.text), phrase);
  });
  return introducing.length === 1 ? introducing[0]! : null;
}

/** The share of a note's chunks that must write a subject for the note to be about it (noteAbout). */
export const ABOUT_SHARE = 0.5;

/**
 * Whether a note is about `subject` though no name of it says so: its text writes the subject in ABOUT_SHARE of its
 * chunks or more (two at least), and they are ABOUT_SHARE or more of the vault's chunks that write it
 * (`vaultWriting`, chunksWritingPhrase, asked only then): a note is about what it writes most and others seldom. "キャンバスとは何ですか"
 * over the Japanese help: the note is titled "Canvas", opens "Canvasはビジュアルなノート作成のためのコアプラグインです。"
 * and writes キャンバス in 19 of its 30 chunks, of 23 in the vault; the word is in every chunk search returns, so it is
 * no key word, and no single sentence was close enough: refused. "what is a note" names nothing a note is about in
 * Obsidian's help (every note writes "note"), nor does "who is she". Asked of search's first note only.
 */
export function noteAbout(subject: string, chunks: readonly ChunkRecord[], vaultWriting: () => number): boolean {
  const phrase = words(subject);
  if (!phrase.length || chunks.length === 0) return false;
  const writing = chunks.filter((c) => wordsInRow(words(c.page_content), phrase)).length;
  // The vault is counted (an FTS5 query) only for a note that writes the subject most itself.
  return writing >= 2 && writing >= ABOUT_SHARE * chunks.length && writing >= ABOUT_SHARE * vaultWriting();
}

/**
 * The opening of a note, from all its chunks: the first block of its body after the title heading (or, when the body
 * begins with a section, the first block of that section), as its first LEAD_SENTENCES sentences, or its first list
 * items when it opens with a list. Frontmatter and code are skipped. Null when the note opens with nothing to quote.
 */
export function noteLead(
  chunks: ChunkRecord[],
  { named = false }: { named?: boolean } = {},
): { text: string; results: SearchResult[] } | null {
  if (!chunks.length) return null;
  const first = chunks[0]!;
  const block: [number, string][] = [];
  for (const [i, text] of linesOutsideCode(noteLines(chunks))) {
    const heading = MARKDOWN_HEADING.exec(text);
    if (!text.trim() || heading) {
      if (block.length) break;
      continue;
    }
    // A list item after a paragraph starts a block of its own; a paragraph's soft-wrapped lines stay together.
    if (block.length && LIST_ITEM.test(text) !== LIST_ITEM.test(block[0]![1])) break;
    block.push([i, text]);
  }
  if (!block.length) return null;
  const listed = LIST_ITEM.test(block[0]![1]);
  const said = listed
    ? block
        .map(([, line]) => LIST_ITEM.exec(line)!)
        .filter((m) => m[1]!.replace(/\t/g, '  ').length < 2)
        .map((m) => plainText(m[3]!, { prose: true }).trim())
    : splitSentences(plainText(block.map(([, line]) => line).join('\n'), { prose: true }));
  // Whole sentences only: "スラッシュコマンドを使ってコマンドを実行するには：" introduces steps the answer does not show.
  const sentences = said.filter((s) => s && quotable(s, 0)).slice(0, LEAD_SENTENCES);
  if (!sentences.length) return null;
  const source = noteAsSource(first, {
    page_content: block.map(([, line]) => line).join('\n'),
    start_line: block[0]![0],
    end_line: block.at(-1)![0],
    rank: 1,
  });
  // A note found by how the asker relates to someone ("my sister") opens with that ("My older sister."), not with
  // who they are: the answer names them by the note's title ("Lena Novak: My older sister. [1] …").
  const text = sentences.map((s) => `${s} [1]`).join(' ');
  return { text: named ? `${first.title}: ${text}` : text, results: [source] };
}
