import { describe, expect, it } from 'vitest';
import { contentWords } from '../../src/agent/filterAgent.js';
import { questionLanguage, clarifyingQuestion, notInNotesFor } from '../../src/agent/language.js';
import { detectLanguage } from '../../src/text/language.js';
import { keyWordTerms } from '../../src/text/segment.js';

/**
 * Devanagari, Bengali, Tamil, Thai and many more write their vowels as combining marks (\p{M}), not letters. A
 * word pattern of letters and digits only cut "माया के कुत्ते का नाम क्या है?" into one- and two-letter pieces,
 * so the question had no content words and got "What would you like to know?" instead of an answer.
 */
describe('words in scripts whose vowels are combining marks', () => {
  it.each([
    ['माया के कुत्ते का नाम क्या है?', ['माया', 'कुत्ते', 'नाम']],
    ['মায়ার কুকুরের নাম কী?', ['মায়ার', 'কুকুরের', 'নাম']],
    ['மாயாவின் நாயின் பெயர் என்ன?', ['மாயாவின்', 'நாயின்', 'பெயர்']],
  ])('%s has its whole words as content words', (q, expected) => {
    const got = contentWords(q);
    for (const w of expected) expect(got).toContain(w);
  });
});

describe('Hindi, Arabic, Thai, Persian, Hebrew and Greek are refused and asked back in their own language; Urdu is not read as Arabic', () => {
  it.each([
    ['माया के कुत्ते का नाम क्या है?', 'hi', /नोट्स में/],
    ['ما اسم كلب مايا؟', 'ar', /ملاحظاتك/],
    ['สุนัขของมายาชื่ออะไร', 'th', /โน้ต/],
    ['اسم سگ مایا چیست؟', 'fa', /یادداشت‌هایت/],
    ['איך קוראים לכלב של מאיה?', 'he', /בפתקים שלך/],
    ['Πώς λένε τον σκύλο της Μάγια;', 'el', /σημειώσεις σου/],
  ])('%s is %s, refused and asked back in it', (q, lang, own) => {
    expect(questionLanguage(q)).toBe(lang);
    expect(notInNotesFor(q)).toMatch(own);
    expect(clarifyingQuestion(q)).toMatch(own);
  });

  it.each([
    ['اسم سگ مایا چیست؟', 'fa'],
    ['مایا کے کتے کا نام کیا ہے؟', 'ur'],
    ['ما اسم كلب مايا؟', 'ar'],
  ])('%s is %s', (q, lang) => {
    expect(detectLanguage(q).lang).toBe(lang);
  });
});

describe('the key words of a Hindi or Thai question leave out its auxiliaries and question words', () => {
  it('keeps what the question is about', () => {
    const words = (q: string, lang: string) => keyWordTerms(q, lang).map((t) => t.word);
    // "Who is going to Lisbon with me?": the progressive's "जा रहा" says nothing of what is asked.
    const hindi = words('लिस्बन मेरे साथ कौन जा रहा है?', 'hi');
    expect(hindi).toContain('लिस्बन');
    expect(hindi).not.toContain('जा');
    expect(hindi).not.toContain('रहा');
    // "Who am I going to Lisbon with?", "Which date is the trip?": "ใคร" is "who", "เท่า" the half of "เท่าไหร่".
    expect(words('ไปลิสบอนกับใคร', 'th')).not.toContain('ใคร');
    expect(words('ทริปวันที่เท่าไหร่', 'th')).not.toContain('เท่า');
  });
});
