import { describe, expect, it } from 'vitest';
import { personalVault } from '../helpers/fixtures.js';
import { useIndexedVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import { notInNotesFor, questionLanguage } from '../../src/agent/language.js';

/**
 * The personal vault in Hindi, Arabic and Thai (eval/vaults/personal-hi, personal-ar, personal-th), through the whole
 * agent (no chat model) on real indexes with E5. Written in the forty-second session: a Hindi question had no content
 * words (its vowel signs are combining marks, which the word pattern split on) and got "What would you like to know?";
 * all three were refused in English; and an Arabic word with its article or a possessive ("الزوجة", "زوجة") met no
 * sentence without a stemmer.
 */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);
const E5 = { embeddingModel: 'multilingual-e5-small-int8' };

describe('a personal vault in Hindi', () => {
  const service = useIndexedVault('obq-hi-personal-', personalVault('hi'), E5);

  it('answers a question whose words carry vowel signs, from the note it names', async () => {
    const q = 'माया के कुत्ते का नाम क्या है?';
    expect(questionLanguage(q)).toBe('hi');
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toMatch(/पिक्सेल/);
    expect(r.sources.map((s) => s.source)).toContain('लोग/माया चेन.md');
  }, 120_000);

  it('refuses, in Hindi, a birthday no note holds', async () => {
    const q = 'माया का जन्मदिन कब है?';
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toBe(notInNotesFor(q));
    expect(r.answer).toMatch(/नोट्स में/);
  }, 120_000);
});

describe('a personal vault in Arabic', () => {
  const service = useIndexedVault('obq-ar-personal-', personalVault('ar'), E5);

  it('answers from the line whose label is the question\'s word with its article ("زوجة" / "الزوجة")', async () => {
    const q = 'ما اسم زوجة توم؟';
    expect(questionLanguage(q)).toBe('ar');
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toMatch(/^الزوجة: إنغريد/);
    expect(r.sources.map((s) => s.source)).toContain('أشخاص/توم بيكر.md');
  }, 120_000);

  it('refuses, in Arabic, a birthday no note holds', async () => {
    const q = 'متى عيد ميلاد مايا؟';
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toBe(notInNotesFor(q));
    expect(r.answer).toMatch(/ملاحظاتك/);
  }, 120_000);
});

describe('a personal vault in Thai', () => {
  const service = useIndexedVault('obq-th-personal-', personalVault('th'), E5);

  it('answers a question written without spaces', async () => {
    const q = 'หมาของมายาชื่ออะไร';
    expect(questionLanguage(q)).toBe('th');
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toMatch(/พิกเซล/);
    expect(r.sources.map((s) => s.source)).toContain('บุคคล/มายา เฉิน.md');
  }, 120_000);

  it('refuses, in Thai, a birthday no note holds', async () => {
    const q = 'วันเกิดมายาวันไหน';
    const r = await askOnDay(service(), q, TODAY);
    expect(r.answer).toBe(notInNotesFor(q));
    expect(r.answer).toMatch(/โน้ต/);
  }, 120_000);
});
