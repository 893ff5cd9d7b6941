import { describe, expect, it } from 'vitest';
import { personalVault } from '../helpers/fixtures.js';
import { useIndexedVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { notInNotesFor, questionLanguage } from '../../src/agent/language.js';

/**
 * The personal vault in Dutch, Ukrainian and Vietnamese (eval/vaults/personal-nl, personal-uk, personal-vi), through the
 * whole agent (no chat model) on real indexes with E5. Written in the thirty-seventh session: the first run of these
 * languages' tuning parts refused questions whose function words counted as key words (Dutch "wat", "voor", "hoe",
 * Ukrainian "як"), whose content words fold into English function words (Vietnamese "tên", name, is "ten"), or whose
 * three-letter name takes a case ending ("Маї" of "Мая"); and read a Dutch question as English.
 */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);
const E5 = { embeddingModel: 'multilingual-e5-small-int8' };

describe('a personal vault in Dutch', () => {
  const service = useIndexedVault('obq-nl-personal-', personalVault('nl'), E5);

  it('answers who goes on the trip with the line naming her, "wie" asking who', async () => {
    const q = 'Met wie ga ik naar Lissabon?';
    expect(questionLanguage(q)).toBe('nl');
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toMatch(/^Vakantie in het voorjaar met mijn zus Lena\./);
    expect(r.sources.map((s) => s.source)).toContain('Projecten/Reis naar Lissabon.md');
  }, 120_000);

  it('refuses, in Dutch, a birthday no note holds', async () => {
    const q = 'Wanneer is Maya jarig?';
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toBe(notInNotesFor(q));
    expect(r.answer).toMatch(/notities/);
  }, 120_000);
});

describe('a personal vault in Ukrainian', () => {
  const service = useIndexedVault('obq-uk-personal-', personalVault('uk'), E5);

  it('answers a question naming her with a case ending ("Маї" of "Мая")', async () => {
    const q = 'Як звати собаку Маї?';
    expect(questionLanguage(q)).toBe('uk');
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toMatch(/^Має собаку на ім'я Піксель/);
    expect(r.sources.map((s) => s.source)).toContain('Люди/Мая Чен.md');
  }, 120_000);

  it('searches the note a declined name calls when nothing passed the relevance gate ("Тома" of "Том")', async () => {
    const r = await askOnDay(service(), 'Як звати дружину Тома?', TODAY);
    expect(r.answer).toMatch(/^Дружина: Інгрід/);
    expect(r.sources.map((s) => s.source)).toContain('Люди/Том Беккер.md');
  }, 120_000);

  it('refuses, in Ukrainian, what the notes do not say', async () => {
    const q = 'Коли в Маї день народження?';
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toBe(notInNotesFor(q));
  }, 120_000);
});

describe('a personal vault in Vietnamese', () => {
  const service = useIndexedVault('obq-vi-personal-', personalVault('vi'), E5);

  it('answers a question whose "tên" (name) folds into English "ten"', async () => {
    const q = 'Chó của Maya tên là gì?';
    expect(questionLanguage(q)).toBe('vi');
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toMatch(/^Có một chú chó tên Pixel/);
    expect(r.sources.map((s) => s.source)).toContain('Mọi người/Maya Chen.md');
  }, 120_000);
});
