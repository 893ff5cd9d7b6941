import { describe, expect, it } from 'vitest';
import { textStems, wordStems } from '../../src/text/wordStems.js';

/** The stems the answer rule matches a question's words with a sentence's by (src/agent/relevance.ts). */
describe('wordStems', () => {
  it('meets an Arabic word and its form with the article, though the stemmer reads "و" as "and" without it', () => {
    const note = textStems('ar', 'الوظيفة: مصممة منتجات أولى في Northwind Labs');
    expect(wordStems('ar', 'وظيفة').some((s) => note.has(s))).toBe(true);
    expect(wordStems('ar', 'زوجة').some((s) => textStems('ar', 'الزوجة: إنغريد').has(s))).toBe(true);
  });

  it('meets a Hindi noun and verb with their other endings', () => {
    expect(wordStems('hi', 'कुत्ते').some((s) => textStems('hi', 'एक कुत्ता है').has(s))).toBe(true);
    expect(wordStems('hi', 'रुकेंगे').some((s) => textStems('hi', 'रुकना').has(s))).toBe(true);
  });

  it('keeps a word whose stem would be under two letters: "माया" is not "म", the stem of "में"', () => {
    expect(wordStems('hi', 'माया')).toEqual(['माया']);
    expect(textStems('hi', 'बैंड में बेस बजाती है').has(wordStems('hi', 'माया')[0]!)).toBe(false);
  });
});
