import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { copyVault, sampleVault, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { VaultService } from '../../src/services/vaultService.js';
import { isNotInNotesAnswer } from '../../src/agent/language.js';
import { VAULT_SUBJECT_SHARE } from '../../src/agent/relevance.js';
import { widelyHeldWords } from '../../src/store/sparse.js';

/*
 * Questions about the people of the sample vault, through the whole agent (no chat model) on a real index of it:
 * - what a question asks of someone: a person's name fills the notes retrieved for a question about them, but not
 *   the vault, so it still asks something of an answer sentence (answersPossessive with the vault's counts,
 *   widelyHeldWords);
 * - who someone is: the opening of the note titled by their name (noteLead.ts), not the closest sentence of any note.
 */
useFastEmbedder();

const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('questions about people, over the sample vault', () => {
  const tmp = tempDir('obq-possessive-');
  let vault: VaultService;

  beforeAll(async () => {
    process.env.OBSIQUERY_HOME = path.join(tmp.dir, 'home');
    const dir = copyVault(sampleVault, tmp.dir);
    vault = await VaultService.open({ vault: dir, dataDir: path.join(tmp.dir, 'data') });
    await vault.sync();
  }, 300_000);

  afterAll(() => {
    vault?.close();
    tmp.cleanup();
  });

  it("counts a name's share of the vault's chunks: a person is in few of them", () => {
    const db = vault.index.db;
    expect(widelyHeldWords(db, "what breed is Tom's cat", VAULT_SUBJECT_SHARE)).toEqual([]);
    // Tom is in about a seventh of the sample vault's chunks: a share below that finds him.
    expect(widelyHeldWords(db, "what breed is Tom's cat", 0.05)).toContain('tom');
    expect(widelyHeldWords(db, 'zzyzx', 0)).toEqual(['zzyzx']);
    expect(widelyHeldWords(db, 'zzyzx', 0.01)).toEqual([]);
  });

  it("another fact of Tom's note does not answer what breed his cat is; what it says is answered", async () => {
    // The notes retrieved are all Tom's, and his wife's line names the cat: it answered before.
    const breed = await askOnDay(vault, "what breed is Tom's cat", TODAY);
    expect(isNotInNotesAnswer(breed.answer), breed.answer).toBe(true);
    const wife = await askOnDay(vault, "what's Tom's wife called", TODAY);
    expect(wife.answer).toContain('Ingrid');
    expect(wife.sources.map((s) => s.source)).toContain('People/Tom Becker.md');
  }, 120_000);

  it('"who is Lena" and "what does Tom do" are answered by the opening of their note, in any language asked', async () => {
    // Before: "Lena came for the weekend." (a day note) and "Allergic to cats, so she won't stay at Tom's" (Lena's).
    const lena = await askOnDay(vault, 'who is Lena', TODAY);
    expect(lena.answer).toMatch(/^My older sister\. \[1\] Lives in Vienna .*veterinarian.* \[1\]$/);
    expect(lena.sources.map((s) => s.source)).toEqual(['People/Lena Novak.md']);
    // The preview opens the note at its opening paragraph (0-based line 2: line 3, under the title heading).
    expect(lena.sources[0]!.start_line).toBe(2);
    const tom = await askOnDay(vault, 'what does Tom do', TODAY);
    expect(tom.answer).toContain('Neighbour at number 14, retired electrician. [1]');
    expect(tom.sources.map((s) => s.source)).toEqual(['People/Tom Becker.md']);
    // A note that opens with a list is quoted by its first items.
    const maya = await askOnDay(vault, '¿Quién es Maya?', TODAY);
    expect(maya.answer).toMatch(
      /^Role: senior product designer at Northwind Labs.*\[1\] Works with me since: March 2025 \[1\]$/,
    );
    const trip = await askOnDay(vault, 'Was ist der Lisbon Trip?', TODAY);
    expect(trip.sources.map((s) => s.source)).toEqual(['Projects/Lisbon Trip.md']);
  }, 120_000);

  it('a subject that names no note exactly is searched as any other question', async () => {
    // "Who is Maya and what does she do?" names no note: search answers it from her note as before.
    const both = await askOnDay(vault, 'Who is Maya and what does she do?', TODAY);
    expect(both.sources.map((s) => s.source)).toContain('People/Maya Chen.md');
    // Something no note is about is still not in the notes.
    const capital = await askOnDay(vault, "what's the capital of Portugal", TODAY);
    expect(isNotInNotesAnswer(capital.answer), capital.answer).toBe(true);
  }, 120_000);
});
