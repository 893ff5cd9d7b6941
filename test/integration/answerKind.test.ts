import { describe, expect, it } from 'vitest';
import { useFastEmbedder } from '../helpers/fixtures.js';
import { useIndexedSampleVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { isNotInNotesAnswer } from '../../src/agent/language.js';

/*
 * A question that asks for a price or a time of day (src/agent/answerKind.ts), through the whole agent without a chat
 * model on a real index of the sample vault: it is answered by a sentence that gives one, and refused where the notes
 * name the thing but hold no price, time, number or address for it. Before, "how much did my new running shoes cost" got Health's
 * "Shoes: second pair, bought in October, ~210 km on them" and "what time is the Sintra train" a budget line.
 */
useFastEmbedder();

const TODAY = new Date(2026, 10, 25, 10, 0, 0);

describe('a price or a time of day, over the sample vault', () => {
  const vault = useIndexedSampleVault('obq-kind-');

  it('is answered by a sentence that gives the price or the time, citing its note', async () => {
    const apartment = await askOnDay(vault(), 'how much does the Alfama apartment cost', TODAY);
    expect(apartment.answer).toMatch(/€770/);
    expect(apartment.answer).not.toMatch(/Miradouro/); // the stay's line names the apartment but no price
    expect(apartment.sources.map((s) => s.source)).toContain('Projects/Lisbon Trip.md');
    const pump = await askOnDay(vault(), 'what time does the irrigation pump start', TODAY);
    expect(pump.answer).toMatch(/6:30/);
    expect(pump.answer).not.toMatch(/9 litres/); // the dry run's line names the pump but no time of day
    expect(pump.sources.map((s) => s.source)).toContain('Projects/Garden Irrigation.md');
  }, 120_000);

  // Not a price: "how much" of something else is answered as any question. It was refused before search found
  // anything: "am" counted as a key word no note holds, so Health's line did not pass the relevance gate.
  it('"how much vitamin D am I taking" is no price question, and is answered', async () => {
    const r = await askOnDay(vault(), 'how much vitamin D am I taking', TODAY);
    expect(r.answer).toMatch(/vitamin D slightly low → taking 1000 IU daily/);
    expect(r.sources.map((s) => s.source)).toEqual(['Areas/Health.md']);
  }, 120_000);

  it('is refused where the notes name the thing but hold no price, time, number or address for it', async () => {
    for (const q of [
      'how much did my new running shoes cost',
      'how much did I spend on the drill',
      'what time is the Sintra train',
      'what time does the bakery on the corner open',
      "what's the dentist's phone number",
      "what's Maya's email address",
    ]) {
      const r = await askOnDay(vault(), q, TODAY);
      expect(isNotInNotesAnswer(r.answer), `${q} → ${r.answer}`).toBe(true);
      expect(r.sources).toEqual([]);
    }
  }, 120_000);
});
