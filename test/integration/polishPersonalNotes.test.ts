import { describe, expect, it } from 'vitest';
import { personalVault } from '../helpers/fixtures.js';
import { useIndexedVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { notInNotesFor, questionLanguage } from '../../src/agent/language.js';

/**
 * A personal vault written in Polish (eval/vaults/personal-pl), a language with no function-word table, asked what
 * its owner would ask, through the whole agent (no chat model) on a real index with the embedder the app gives such
 * a vault (E5). Before the twenty-first session each of these was refused, in Portuguese, French or English: the
 * question was read as another language ("Jak ma na imię…": "na"), its function words ("jak", "ma") counted as key
 * words, and a name with a case ending ("od Toma") was a name no note mentions.
 */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('a personal vault in Polish', () => {
  const service = useIndexedVault('obq-pl-personal-', personalVault('pl'), {
    embeddingModel: 'multilingual-e5-small-int8',
  });

  it('answers a question whose name has a case ending ("od Toma": the note is "Tom")', async () => {
    const r = await askOnDay(service(), 'Co pożyczyłem od Toma?', TODAY);
    expect(r.answer).toMatch(/pożyczył mi wkrętarkę/);
    expect(r.sources.map((s) => s.source)).toContain('Osoby/Tom Becker.md');
  }, 120_000);

  it('matches a key word by its stem with another ending ("dentysty" / "Dentysta")', async () => {
    const r = await askOnDay(service(), 'Kiedy mam wizytę u dentysty?', TODAY);
    expect(r.answer).toMatch(/^Dentysta: przegląd i czyszczenie 3 grudnia o 9:15/);
  }, 120_000);

  it('refuses, in Polish, what the notes do not say', async () => {
    // "numer" is in Tom's note ("Sąsiad spod numeru 14"): a phone number is asked for, and no line gives one.
    for (const q of ['Jaki jest numer telefonu Toma?', 'Jaka jest pogoda w Lizbonie?']) {
      expect(questionLanguage(q)).toBe('pl');
      const r = await askOnDay(service(), q, TODAY);
      expect(r.answer, q).toBe(notInNotesFor(q));
      expect(r.answer).toMatch(/notatkach/);
    }
  }, 120_000);
});
