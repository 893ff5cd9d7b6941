import { describe, expect, it } from 'vitest';
import { askOnDay } from '../helpers/askOnDay.js';
import { useIndexedNotes } from '../helpers/indexedSampleVault.js';

/**
 * Date phrases in Arabic, Hindi, Thai, Hebrew and Greek (forty-seventh session), through the whole agent (no chat
 * model) on a real E5 index. Before, these languages had no date phrases at all: "ماذا فعلت أمس؟" searched every
 * note for "أمس", and the day's note, which never writes "yesterday", was refused.
 */
const NOTES: Record<string, string> = {
  'يوميات/2026-11-24.md': '- شاهدت فيلمًا في السينما مع لينا.\n',
  'डायरी/2026-11-23.md': '- बगीचे में टमाटर के पौधे लगाए।\n',
  'บันทึก/2026-11-22.md': '- อบขนมปังกับแม่ที่บ้าน\n',
  'יומן/2026-11-21.md': '- תיקנתי את האופניים בחצר.\n',
  'Ημερολόγιο/2026-11-20.md': '- Πήγα για τρέξιμο στο πάρκο με τη Λένα.\n',
  'الصحة.md': '# الصحة\n\n## المواعيد\n\n- طبيب الأسنان: فحص وتنظيف في 3 ديسمبر الساعة 9:15\n',
  // A Thai date's year is the Buddhist Era's (2570 is 2027); a Persian one's day may be the Solar Hijri calendar's
  // (10 Azar 1405 is 1 December 2026).
  'ทริปเชียงใหม่.md': '# ทริปเชียงใหม่\n\n- เที่ยวเชียงใหม่กับลีนา 9–16 เมษายน 2570\n',
  'سلامت.md': '# سلامت\n\n## قرارها\n\n- دندانپزشک: معاینه و جرم‌گیری ۱۰ آذر ساعت ۹:۱۵\n',
};
const TODAY = new Date(2026, 10, 25, 10, 0, 0); // Wednesday 25 November

describe('date phrases in Arabic, Hindi, Thai, Hebrew, Greek and Persian', () => {
  const service = useIndexedNotes('obq-dates-scripts-', NOTES, { embeddingModel: 'multilingual-e5-small-int8' });

  it('quotes the day’s note for "what did I do" on a day or weekday named in each language', async () => {
    for (const [q, line, source] of [
      ['ماذا فعلت أمس؟', /السينما/, 'يوميات/2026-11-24.md'],
      ['मैंने परसों क्या किया?', /टमाटर/, 'डायरी/2026-11-23.md'],
      ['3 วันก่อนฉันทำอะไร', /ขนมปัง/, 'บันทึก/2026-11-22.md'],
      ['מה עשיתי לפני 4 ימים?', /האופניים/, 'יומן/2026-11-21.md'],
      ['Τι έκανα πριν από 5 μέρες;', /τρέξιμο/, 'Ημερολόγιο/2026-11-20.md'],
      // A weekday: the most recent Friday, Saturday.
      ['Τι έκανα την Παρασκευή;', /τρέξιμο/, 'Ημερολόγιο/2026-11-20.md'],
      ['מה עשיתי בשבת?', /האופניים/, 'יומן/2026-11-21.md'],
    ] as const) {
      const r = await askOnDay(service(), q, TODAY);
      expect(r.answer, q).toMatch(line);
      expect(
        r.sources.map((s) => s.source),
        q,
      ).toEqual([source]);
    }
  }, 240_000);

  it('finds the undated note that names a day of next week, in Arabic', async () => {
    const r = await askOnDay(service(), 'ماذا لدي الأسبوع القادم؟', TODAY);
    expect(r.answer).toMatch(/طبيب الأسنان/);
    expect(r.sources.map((s) => s.source)).toEqual(['الصحة.md']);
  }, 240_000);

  it('reads a Thai Buddhist Era year and a Persian Solar Hijri day, in the question and in the note', async () => {
    for (const [q, line, source] of [
      ['เดือนเมษายน 2570 ฉันจะไปเที่ยวที่ไหน', /เชียงใหม่/, 'ทริปเชียงใหม่.md'],
      ['۱۰ آذر چه برنامه‌ای دارم؟', /دندانپزشک/, 'سلامت.md'],
    ] as const) {
      const r = await askOnDay(service(), q, TODAY);
      expect(r.answer, q).toMatch(line);
      expect(
        r.sources.map((s) => s.source),
        q,
      ).toEqual([source]);
    }
  }, 240_000);
});
