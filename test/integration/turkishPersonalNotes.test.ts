import { describe, expect, it } from 'vitest';
import { personalVault } from '../helpers/fixtures.js';
import { useIndexedVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { notInNotesFor, questionLanguage } from '../../src/agent/language.js';

/**
 * A personal vault written in Turkish (eval/vaults/personal-tr), through the whole agent (no chat model) on a real
 * index with E5. Turkish writes a name's case ending after an apostrophe ("Tom'dan", "Lizbon'da"), which ICU splits
 * off as a word: before the twenty-first session the question was read as German (its "ö"), refused in German, and
 * "dan" was a key word no sentence shares.
 */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('a personal vault in Turkish', () => {
  const service = useIndexedVault('obq-tr-personal-', personalVault('tr'), {
    embeddingModel: 'multilingual-e5-small-int8',
  });

  it('answers a question whose name carries its case ending after an apostrophe', async () => {
    const q = "Tom'dan ne ödünç aldım?";
    expect(questionLanguage(q)).toBe('tr');
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toMatch(/vidalama makinesini ödünç verdi/);
    expect(r.sources.map((s) => s.source)).toContain('Kişiler/Tom Becker.md');
  }, 120_000);

  it("answers from the line whose label is the question's word, written with another ending", async () => {
    // "eşinin" and "Eşi" meet by their stem "es" only when the question's word is stemmed as written (ş kept).
    const r = await askOnDay(service(), "Tom'un eşinin adı ne?", TODAY);
    expect(r.answer).toMatch(/^Eşi: Ingrid/);
    expect(r.sources.map((s) => s.source)).toContain('Kişiler/Tom Becker.md');
  }, 120_000);

  it('refuses, in Turkish, what the notes do not say', async () => {
    const q = "Tom'un telefon numarası ne?";
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toBe(notInNotesFor(q));
    expect(r.answer).toMatch(/Notlarında/);
  }, 120_000);
});
