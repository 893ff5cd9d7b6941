import { describe, expect, it } from 'vitest';
import { mentionList, MENTION_NOTES } from '../../src/agent/noteMentions.js';
import { mentionSubject } from '../../src/text/mentionQuestion.js';
import { noteChunk } from '../helpers/answerParts.js';
import type { ChunkRecord } from '../../src/store/indexDb.js';

const dated = (title: string, lines: string[], note_date: string | null, mtime = 0): ChunkRecord => ({
  ...noteChunk(title, 0, lines),
  note_date,
  mtime,
});

describe('questions asking which notes mention something (noteMentions.ts)', () => {
  it.each([
    ['which notes mention Tom?', 'Tom'],
    ['what notes talk about the NUC', 'the NUC'],
    ['where did I write about sourdough?', 'sourdough'],
    ['in which notes did I mention Lena', 'Lena'],
    ['show me all notes mentioning Maya', 'Maya'],
    ['notes about the Lisbon trip', 'the Lisbon trip'],
    ['¿Qué notas mencionan a Lena?', 'Lena'],
    ['¿Dónde escribí sobre el NUC?', 'el NUC'],
    ['Welche Notizen erwähnen Tom?', 'Tom'],
    ['Wo habe ich über Sauerteig geschrieben?', 'Sauerteig'],
    ['Quelles notes mentionnent Lena ?', 'Lena'],
    ['Quais notas mencionam Tom?', 'Tom'],
    ['Quali note menzionano Tom?', 'Tom'],
    ['Welke notities noemen Tom?', 'Tom'],
    ['Tomについて書いたノートはどれ？', 'Tom'],
    ['哪些笔记提到了Tom？', 'Tom'],
    ['Tom을 언급한 노트', 'Tom'],
    // Questions about notes that ask something else.
    ['how do I link notes', null],
    ['what is a note', null],
    ['summarize the Lisbon trip note', null],
  ])('%s → %s', (q, subject) => {
    expect(mentionSubject(q)).toBe(subject);
  });

  it('lists the note titled by the subject first, then the most recent, each with the line that mentions it', () => {
    const notes = [
      dated('2026-10-27', ['# Tuesday', '', 'Lunch with Tom at the bakery.'], '2026-10-27'),
      // The note the subject titles is shown by its opening, not its first line naming Tom.
      dated(
        'Tom Becker',
        ['# Tom Becker', '', 'Neighbour at number 14.', '', 'Ask Tom about wires.'],
        null,
        1_700_000_000,
      ),
      dated('2026-11-16', ['Gym.', '', '```', 'Tom in code', '```', '- Tom lent me his drill'], '2026-11-16'),
    ];
    const list = mentionList('Tom', notes, (source) => notes.filter((n) => n.source === source), {
      titled: 'Tom Becker.md',
    });
    expect(list!.text).toBe(
      [
        '“Tom” (3):',
        '',
        '- Tom Becker: Neighbour at number 14. [1]',
        '- 2026-11-16: Tom lent me his drill [2]',
        '- 2026-10-27: Lunch with Tom at the bakery. [3]',
      ].join('\n'),
    );
    // Each note is a source of its own, opened at the line shown.
    expect(list!.results.map((r) => [r.source, r.start_line])).toEqual([
      ['Tom Becker.md', 2],
      ['2026-11-16.md', 5],
      ['2026-10-27.md', 2],
    ]);
  });

  it(`shows at most ${MENTION_NOTES} notes, counts them all, and finds nothing in no note`, () => {
    const many = Array.from({ length: MENTION_NOTES + 3 }, (_, i) =>
      dated(`Day ${i}`, [`Met Lena on day ${i}.`], `2026-11-${String(i + 1).padStart(2, '0')}`),
    );
    const read: string[] = [];
    const chunksOf = (source: string) => (read.push(source), many.filter((n) => n.source === source));
    const list = mentionList('Lena', many, chunksOf)!;
    // Only the notes shown are read.
    expect(read).toHaveLength(MENTION_NOTES);
    expect(list.text.split('\n')[0]).toBe(`“Lena” (${MENTION_NOTES + 3}):`);
    expect(list.results).toHaveLength(MENTION_NOTES);
    expect(list.text.endsWith('\n- …')).toBe(true);
    // The most recent day first.
    expect(list.text.split('\n')[2]).toBe(`- Day ${MENTION_NOTES + 2}: Met Lena on day ${MENTION_NOTES + 2}. [1]`);
    expect(mentionList('Lena', [], chunksOf)).toBeNull();
    // More notes write it than were read: the count is a floor.
    expect(mentionList('Lena', many, chunksOf, { complete: false })!.text.split('\n')[0]).toBe(
      `“Lena” (${MENTION_NOTES + 3}+):`,
    );
  });
});
