import { describe, expect, it } from 'vitest';
import { useIndexedSampleVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { notInNotesFor } from '../../src/agent/language.js';
import { createChatService } from '../../src/agent/chatService.js';

/*
 * A question that calls a note by its name ("Tom", an alias of "Tom Becker"), through the whole agent without a chat
 * model on a real index of the sample vault with the default embedder (MPNet; the fast test embedder ranks a day
 * note's lunch with Tom first, so the Rust line never came up there): it is answered from his note or from chunks
 * that name him (namedNotes and answersNamedNote in src/agent/relevance.ts).
 * Before, "what did I borrow from Tom" got Rust's "The borrow checker and I are slowly becoming friends", which shares
 * the one word "borrow" and says nothing of Tom; his note's "Lent me his cordless drill" is the answer.
 */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('a question naming a note, over the sample vault', () => {
  const vault = useIndexedSampleVault('obq-named-');

  it('is answered from what names it, not from a sentence sharing another word', async () => {
    const r = await askOnDay(vault(), 'what did I borrow from Tom', TODAY);
    expect(r.answer).not.toMatch(/borrow checker/);
    expect(r.answer).toMatch(/cordless drill/);
    expect(r.sources.map((s) => s.source)).toContain('People/Tom Becker.md');
  }, 120_000);

  it('still answers from a day note that names him, and from his own note', async () => {
    const line = await askOnDay(vault(), 'what did Tom say about the 12 V line', TODAY);
    expect(line.answer).toMatch(/fuse on the 12 V line/);
    const garden = await askOnDay(vault(), 'what is Tom growing in his garden', TODAY);
    expect(garden.answer).toMatch(/chillies/);
  }, 120_000);

  // Every note search finds for it writes "Tom", so his name was "too common" to ask anything of, and the cat's line
  // was quoted though it says no breed; a name that calls a note is never too common (possessiveCommon).
  it('what a question asks of the person a note is about must be said, not only the person', async () => {
    const q = "what breed is Tom's cat";
    const r = await askOnDay(vault(), q, TODAY);
    expect(r.answer).toBe(notInNotesFor(q));
    const wife = await askOnDay(vault(), "what's the name of Tom's wife", TODAY);
    expect(wife.answer).toMatch(/Ingrid/);
  }, 120_000);

  // An answer avoids what the conversation said only for a follow-up (sentencesNotToRepeat): a question of its own,
  // in the same thread, was refused when its answer had come up before as another question's (wrong) answer.
  it('a question of its own is answered though its sentence was said before in the thread', async () => {
    const chat = await createChatService(vault(), { model: null, today: () => TODAY });
    try {
      const first = await chat.ask('one-thread', 'where does Maya live');
      expect(first.answer).toMatch(/Pixel/);
      const dog = await chat.ask('one-thread', "what's Maya's dog called");
      expect(dog.answer).toMatch(/Pixel/);
    } finally {
      await chat.close();
    }
  }, 120_000);
});
