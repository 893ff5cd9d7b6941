import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { copyVault, sampleVault, tempDir, useFastEmbedder } from '../helpers/fixtures.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { VaultService } from '../../src/services/vaultService.js';
import { isNotInNotesAnswer } from '../../src/agent/language.js';
import { VAULT_SUBJECT_SHARE } from '../../src/agent/relevance.js';
import { widelyHeldWords } from '../../src/store/sparse.js';

/*
 * What a question asks of someone, through the whole agent (no chat model) on a real index of the sample vault: a
 * person's name fills the notes retrieved for a question about them, but not the vault, so it still asks something
 * of an answer sentence (answersPossessive with the vault's counts, widelyHeldWords).
 */
useFastEmbedder();

const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('questions that ask something of a person, over the sample vault', () => {
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
});
