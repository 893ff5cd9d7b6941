import { describe, expect, it } from 'vitest';
import { datedNotes, digestPicks, hasTopic, topicQuestion } from '../../src/agent/dateScope.js';
import type { SearchResult } from '../../src/search/similaritySearch.js';

const scope = (rest: string, from = '2026-11-16', to = '2026-11-22') => ({ from, to, rest });

describe('date-scoped questions (dateScope.ts)', () => {
  it('the topic is what is left once the date and the words any day answers are gone', () => {
    expect(hasTopic(scope('what did I do'))).toBe(false);
    expect(hasTopic(scope('What happened on  ?'))).toBe(false);
    expect(hasTopic(scope('what did I get up to'))).toBe(false);
    // Date words the phrase did not take ("on Saturday, 7 November": the comma splits it).
    expect(hasTopic(scope('what did I do on Saturday,'))).toBe(false);
    expect(topicQuestion(scope('what did the plumber say'))).toBe('What plumber');
    // A name keeps its capital after the leading stop word, so namedWords still counts it as a name.
    expect(topicQuestion(scope('what did Maya say about onboarding'))).toBe('What Maya onboarding');
    expect(hasTopic(scope('where did I hike with Dana'))).toBe(true);
  });

  it('"what did I do" asks about nothing in particular in every language the agent answers in', () => {
    // Only English's was known: "Was habe ich gemacht?" kept "habe ich gemacht" as its topic (thirty-eighth session).
    for (const rest of [
      '¿Qué hice?',
      'Was habe ich gemacht?',
      'Was ist passiert?',
      "Qu'ai-je fait ?",
      'Cosa ho fatto?',
      'O que fiz?',
      'Wat heb ik gedaan?',
      'Что я делал?',
      'Що я робив?',
      'Co robiłem?',
      'Co jsem dělal?',
      'ne yaptım?',
      'tôi làm gì?',
      'Apa yang saya lakukan?',
      'Vad gjorde jag?',
      'Hvad lavede jeg?',
      'Hva gjorde jeg?',
      'Ce am făcut?',
      'Mitä tein?',
      'Mit csináltam?',
      '我做了什么？',
      '我干了什么？',
      '何をしましたか？',
      '뭐 했어?',
      '무엇을 했나요?',
      'tôi đã làm gì?',
    ])
      expect(hasTopic(scope(rest)), rest).toBe(false);
    // What else they ask stays: "¿Qué dijo Maya sobre el proyecto?", "Was habe ich über den Garten geschrieben?".
    expect(hasTopic(scope('¿Qué dijo Maya sobre el proyecto?'))).toBe(true);
    expect(hasTopic(scope('Was habe ich über den Garten geschrieben?'))).toBe(true);
    // English's "i" is a whole word only: Vietnamese "tôi" keeps its last letter.
    expect(topicQuestion(scope('tôi đi đâu?'))).toBe('What tôi đi đâu?');
  });

  it('what is planned, scheduled or coming up, in any language, is a question of nothing but its time', () => {
    // "What is planned for December 6?" had the topic "planned", which no line naming the day holds.
    for (const rest of ['What is planned?', 'Anything scheduled?', 'What is coming up?', 'Was steht an?', '予定は？'])
      expect(hasTopic(scope(rest)), rest).toBe(false);
    expect(topicQuestion(scope('有什么安排？'))).toBe('What 有什么 ？');
    expect(hasTopic(scope('有什么安排？'))).toBe(false);
    expect(topicQuestion(scope('which meetings are scheduled'))).toBe('What meetings are');
    // "plant" is no plan word.
    expect(topicQuestion(scope('what did I plant in the garden'))).toBe('What plant garden');
    // Persian joins a suffix with a zero-width non-joiner: "برنامه‌ای" (a plan) is the plan word "برنامه".
    expect(hasTopic(scope('چه برنامه‌ای دارم؟'))).toBe(false);
    expect(hasTopic(scope('چه کتاب‌هایی خواندم؟'))).toBe(true);
  });

  const chunk = (source: string, note_date: string | null, start_line = 1): SearchResult =>
    ({ source, title: source.split('/').pop()!.replace(/\.md$/, ''), note_date, start_line }) as SearchResult;

  it('dated notes: one group per note, in date order, daily notes first on a day, undated ones left out', () => {
    const chunks = [
      chunk('Daily/2026-11-21.md', '2026-11-21'),
      chunk('Recipes/Bread.md', '2026-11-16'),
      chunk('People/Maya.md', null),
      chunk('Daily/2026-11-16.md', '2026-11-16', 9),
      chunk('Daily/2026-11-16.md', '2026-11-16', 1),
    ];
    expect(datedNotes(chunks, scope('x'))).toEqual([[4, 3], [1], [0]]);
    // When no note has a date of its own, the notes the filter matched by their last change are the dated ones.
    expect(datedNotes([chunk('A.md', null), chunk('B.md', null)], scope('x'))).toEqual([[0], [1]]);
    // Unless some name the time: then only those ("Goal: the city marathon on 6 December 2026").
    const names = (c: SearchResult) => c.source === 'B.md';
    expect(datedNotes([chunk('A.md', null), chunk('B.md', null)], scope('x'), names)).toEqual([[1]]);
    // A note dated then still comes before any that only names the time.
    expect(datedNotes([chunk('B.md', null), chunk('C.md', '2026-11-17')], scope('x'), names)).toEqual([[1]]);
  });

  it('a digest takes one sentence per note first, then more, and keeps note order', () => {
    expect(digestPicks([['a1', 'a2'], ['b1'], ['c1', 'c2']], 4)).toEqual([
      { note: 0, text: 'a1' },
      { note: 0, text: 'a2' },
      { note: 1, text: 'b1' },
      { note: 2, text: 'c1' },
    ]);
    expect(digestPicks([['a1'], [], ['c1']], 5).map((p) => p.text)).toEqual(['a1', 'c1']);
    expect(digestPicks([['a1', 'a2', 'a3']], 2).map((p) => p.text)).toEqual(['a1', 'a2']);
  });
});
