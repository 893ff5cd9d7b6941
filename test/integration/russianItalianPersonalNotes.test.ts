import { describe, expect, it } from 'vitest';
import { personalVault } from '../helpers/fixtures.js';
import { useIndexedVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { notInNotesFor, questionLanguage } from '../../src/agent/language.js';

/**
 * The personal vault in Russian and Italian (eval/vaults/personal-ru, personal-it), through the whole agent (no chat
 * model) on real indexes with E5. Written in the thirty-sixth session: the first run of these languages' tuning parts
 * refused questions whose words the notes hold, with another ending ("связаться" / "Связь") or beside a function word
 * counted as a key word ("всего", "devo", "agli"), refused "who do I go with" with the line naming her, and answered a
 * question for a phone number with a house number.
 */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('a personal vault in Russian', () => {
  const service = useIndexedVault('obq-ru-personal-', personalVault('ru'), {
    embeddingModel: 'multilingual-e5-small-int8',
  });

  it('answers from the line whose words have other endings, not counting the words that only ask', async () => {
    const q = 'Как лучше всего связаться с Майей?';
    expect(questionLanguage(q)).toBe('ru');
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toMatch(/^Связь: лучше через Slack/);
    expect(r.sources.map((s) => s.source)).toContain('Люди/Майя Чен.md');
  }, 120_000);

  it('refuses, in Russian, what the notes do not say', async () => {
    const q = 'Сколько зарабатывает Том?';
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toBe(notInNotesFor(q));
    expect(r.answer).toMatch(/заметках/);
  }, 120_000);
});

describe('a personal vault in Italian', () => {
  const service = useIndexedVault('obq-it-personal-', personalVault('it'), {
    embeddingModel: 'multilingual-e5-small-int8',
  });

  it('answers a question whose auxiliaries and articled prepositions name nothing', async () => {
    const q = 'Quando devo fare la visita agli occhi?';
    expect(questionLanguage(q)).toBe('it');
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toMatch(/^Visita oculistica: a marzo 2027/);
    expect(r.sources.map((s) => s.source)).toContain('Salute.md');
  }, 120_000);

  it('answers who goes on the trip with the line naming her, in the note the question names', async () => {
    const r = await askOnDay(service(), 'Con chi vado a Lisbona?', TODAY);
    expect(r.answer).toMatch(/^Vacanza di primavera con mia sorella Lena\./);
    expect(r.sources.map((s) => s.source)).toContain('Progetti/Viaggio a Lisbona.md');
  }, 120_000);

  it('refuses a phone number no note holds, though a line has a house number', async () => {
    const q = 'Qual è il numero di telefono di Tom?';
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toBe(notInNotesFor(q));
    expect(r.answer).toMatch(/note/);
  }, 120_000);
});
