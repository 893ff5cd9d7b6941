import { describe, expect, it } from 'vitest';
import { useFastEmbedder } from '../helpers/fixtures.js';
import { useIndexedSampleVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { isNotInNotesAnswer } from '../../src/agent/language.js';
import { phraseWriters } from '../../src/store/sparse.js';

/*
 * Answers made from whole notes, through the whole agent (no chat model) on a real index of the sample vault: who or
 * what something is, from the opening of the note titled by the subject (noteLead.ts); which notes mention something,
 * from every note that writes it (noteMentions.ts). Not the closest sentences of any note.
 */
useFastEmbedder();

const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('answers made from whole notes, over the sample vault', () => {
  const vault = useIndexedSampleVault('obq-lead-');

  it('"who is Lena" and "what does Tom do" are answered by the opening of their note, in any language asked', async () => {
    // Before: "Lena came for the weekend." (a day note) and "Allergic to cats, so she won't stay at Tom's" (Lena's).
    const lena = await askOnDay(vault(), 'who is Lena', TODAY);
    expect(lena.answer).toMatch(/^My older sister\. \[1\] Lives in Vienna .*veterinarian.* \[1\]$/);
    expect(lena.sources.map((s) => s.source)).toEqual(['People/Lena Novak.md']);
    // The preview opens the note at its opening paragraph (0-based line 2: line 3, under the title heading).
    expect(lena.sources[0]!.start_line).toBe(2);
    const tom = await askOnDay(vault(), 'what does Tom do', TODAY);
    expect(tom.answer).toContain('Neighbour at number 14, retired electrician. [1]');
    expect(tom.sources.map((s) => s.source)).toEqual(['People/Tom Becker.md']);
    // A note that opens with a list is quoted by its first items.
    const maya = await askOnDay(vault(), '¿Quién es Maya?', TODAY);
    expect(maya.answer).toMatch(
      /^Role: senior product designer at Northwind Labs.*\[1\] Works with me since: March 2025 \[1\]$/,
    );
    const trip = await askOnDay(vault(), 'Was ist der Lisbon Trip?', TODAY);
    expect(trip.sources.map((s) => s.source)).toEqual(['Projects/Lisbon Trip.md']);
  }, 120_000);

  // Someone asked of by how they relate to the asker: the one note that opens by saying so (noteIntroducing), named
  // by its title. Before, "who is my sister" was answered by the home note's map of content ("Lena Novak — my
  // sister"), and "what's the occupation of Tom" and "what does my sister do for a living" (the journal's) were refused.
  it('"who is my sister" and "what\'s the occupation of Tom" are answered by the opening of the note about them', async () => {
    const sister = await askOnDay(vault(), 'who is my sister', TODAY);
    expect(sister.answer).toMatch(/^Lena Novak: My older sister\. \[1\] Lives in Vienna .*veterinarian.* \[1\]$/);
    expect(sister.sources.map((s) => s.source)).toEqual(['People/Lena Novak.md']);
    const job = await askOnDay(vault(), 'What does my sister work as?', TODAY);
    expect(job.answer).toContain('works as a veterinarian');
    const neighbour = await askOnDay(vault(), 'who is my neighbour?', TODAY);
    expect(neighbour.answer).toMatch(/^Tom Becker: Neighbour at number 14, retired electrician\. \[1\]/);
    const tom = await askOnDay(vault(), "what's the occupation of Tom", TODAY);
    expect(tom.answer).toContain('retired electrician');
    expect(tom.sources.map((s) => s.source)).toEqual(['People/Tom Becker.md']);
    // No note introduces a cousin: searched as any other question, and not answered with someone else's note.
    const cousin = await askOnDay(vault(), 'what does my cousin do for a living', TODAY);
    expect(cousin.sources.map((s) => s.source)).not.toContain('People/Lena Novak.md');
    expect(isNotInNotesAnswer(cousin.answer), cousin.answer).toBe(true);
    const buddy = await askOnDay(vault(), 'who is my garden buddy', TODAY);
    expect(buddy.sources.map((s) => s.source)).toContain('People/Tom Becker.md');
  }, 120_000);

  it('a subject that names no note exactly is searched as any other question', async () => {
    // "Who is Maya and what does she do?" names no note: search answers it from her note as before.
    const both = await askOnDay(vault(), 'Who is Maya and what does she do?', TODAY);
    expect(both.sources.map((s) => s.source)).toContain('People/Maya Chen.md');
    // Something no note is about is still not in the notes.
    const capital = await askOnDay(vault(), "what's the capital of Portugal", TODAY);
    expect(isNotInNotesAnswer(capital.answer), capital.answer).toBe(true);
  }, 120_000);

  it('"which notes mention Tom" lists every note that does, each with its line, in the language asked', async () => {
    // Before: two lines recommending a book "to Lena and Tom", from two of the notes.
    const tom = await askOnDay(vault(), 'which notes mention Tom?', TODAY);
    const lines = tom.answer.split('\n');
    expect(lines[0]).toMatch(/^“Tom” \((\d+)\):$/);
    const count = Number(/\((\d+)\)/.exec(lines[0]!)![1]);
    expect(count).toBeGreaterThanOrEqual(8);
    // His own note first, then the notes that name him, each cited on its own.
    expect(lines[2]).toBe(
      '- Tom Becker: Neighbour at number 14, retired electrician. The person to ask about anything with wires or plants. [1]',
    );
    expect(tom.sources[0]!.source).toBe('People/Tom Becker.md');
    expect(tom.answer).toContain('Tom lent me his cordless drill');
    expect(new Set(tom.sources.map((s) => s.source)).size).toBe(tom.sources.length);
    for (const s of tom.sources) expect(s.source).not.toBe('People/Maya Chen.md');
    const lena = await askOnDay(vault(), '¿Qué notas mencionan a Lena?', TODAY);
    expect(lena.answer.split('\n')[0]).toMatch(/^“Lena” \(\d+\):$/);
    expect(lena.sources[0]!.source).toBe('People/Lena Novak.md');
    // The store reads a bounded number of candidate chunks, and says when more write the subject.
    const all = phraseWriters(vault().index.db, ['Tom']);
    expect(all).toMatchObject({ complete: true });
    expect(all.sources).toHaveLength(count);
    const few = phraseWriters(vault().index.db, ['Tom'], { rows: 2 });
    expect(few.complete).toBe(false);
    expect(few.sources.length).toBeLessThanOrEqual(2);
    // Something no note writes is searched, and not in the notes.
    const none = await askOnDay(vault(), 'which notes mention Excalidraw', TODAY);
    expect(isNotInNotesAnswer(none.answer), none.answer).toBe(true);
  }, 120_000);
});
