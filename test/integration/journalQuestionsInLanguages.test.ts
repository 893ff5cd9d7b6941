import { describe, expect, it } from 'vitest';
import { askOnDay } from '../helpers/askOnDay.js';
import { useIndexedNotes } from '../helpers/indexedSampleVault.js';

/**
 * "What did I do yesterday?" over a journal, asked in other languages, through the whole agent (no chat model) on a
 * real E5 index. The question has no topic of its own, so its answer is the day's note (dateScope.ts, hasTopic). Only
 * English's "did I do" was known as no topic: "Was habe ich gestern gemacht?", "Dün ne yaptım?", "Co robiłem
 * wczoraj?" asked for a sentence holding "gemacht", "yaptım" or "robiłem", and the day's notes were refused.
 */
const NOTES: Record<string, string> = {
  'Tagebuch/2026-11-24.md': '- Mit Lena im Kino gewesen, danach Ramen gegessen.\n',
  'Tagebuch/2026-11-20.md': '- Die Heizung im Gewächshaus repariert.\n',
  'Günlük/2026-11-23.md': "- Tom'a matkabı geri verdim.\n",
  'Dziennik/2026-11-22.md': '- Upiekłem chleb na zakwasie.\n',
};
const TODAY = new Date(2026, 10, 25, 10, 0, 0); // Wednesday 25 November

describe('a day’s notes asked for in other languages', () => {
  const service = useIndexedNotes('obq-journal-langs-', NOTES, { embeddingModel: 'multilingual-e5-small-int8' });

  it('quotes the day’s note for "what did I do" with that day', async () => {
    for (const [q, line, source] of [
      ['Was habe ich gestern gemacht?', /Kino/, 'Tagebuch/2026-11-24.md'],
      ['Dün ne yaptım?', /Kino/, 'Tagebuch/2026-11-24.md'],
      ['Co robiłem w niedzielę?', /chleb/, 'Dziennik/2026-11-22.md'],
      ['Qu’ai-je fait lundi ?', /matkab/, 'Günlük/2026-11-23.md'],
    ] as const) {
      const r = await askOnDay(service(), q, TODAY);
      expect(r.answer, q).toMatch(line);
      expect(
        r.sources.map((s) => s.source),
        q,
      ).toEqual([source]);
    }
  }, 240_000);

  it('still refuses a day with no note, and a topic the day’s note does not hold', async () => {
    for (const q of ['Was habe ich am Samstag gemacht?', 'Was habe ich gestern über den Garten geschrieben?']) {
      const r = await askOnDay(service(), q, TODAY);
      expect(r.sources, q).toEqual([]);
      expect(r.answer, q).not.toMatch(/Kino|Heizung/);
    }
  }, 240_000);
});
