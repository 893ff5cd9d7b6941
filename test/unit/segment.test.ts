import { describe, expect, it } from 'vitest';
import { foldText, indexText, queryTerms, stemsAsEnglish, words } from '../../src/text/segment.js';

describe('segment: the BM25 tokeniser', () => {
  it('splits Japanese and Chinese into words, not one token per sentence', () => {
    const ja = words('ノートを作成するには、新しいファイルを開きます。');
    expect(ja).toContain('ノート');
    expect(ja).toContain('作成');
    expect(ja).toContain('ファイル');
    expect(ja.length).toBeGreaterThan(5);
    const zh = words('如何在笔记之间创建链接');
    expect(zh).toContain('笔记');
    expect(zh).toContain('创建');
  });

  it('separates English terms written inside Japanese and Chinese', () => {
    expect(words('Obsidianでノートを作る')).toEqual(expect.arrayContaining(['obsidian', 'ノート']));
    expect(words('我用Dataview管理项目')).toEqual(expect.arrayContaining(['dataview', '管理', '项目']));
  });

  it('folds Latin accents, ß and full-width forms, and keeps marks of other scripts', () => {
    expect(foldText('Canción Größe ÉTÉ')).toBe('cancion grosse ete');
    expect(words('ＡＢＣ１２３')).toEqual(['abc123']);
    // が must not become か: only marks on Latin letters are removed.
    expect(words('がぎぐ')).toEqual(words('がぎぐ').map((w) => w.normalize('NFC')));
    expect(foldText('が')).toBe('が');
  });

  it('writes Arabic without its article, optional marks and tatweel, and Hebrew without its points', () => {
    // The article alone and after و ف ب ك, and لل: each is the word a question writes.
    expect(words('الوظيفة والوظيفة بالمشروع كالبيت فالسفر للمشروع')).toEqual([
      'وظيفة',
      'وظيفة',
      'مشروع',
      'بيت',
      'سفر',
      'مشروع',
    ]);
    // Two letters at least stay after it ("الم", pain, is no article), and "الله" is not "له" (for him).
    expect(words('الم الله')).toEqual(['الم', 'الله']);
    // Vowel marks, shadda, hamza and madda are optional in writing; tatweel only stretches a word.
    expect(foldText('مَدْرَسَةٌ أحمد إيمان آخر مـــدرسة')).toBe(foldText('مدرسة احمد ايمان اخر مدرسة'));
    // Persian and Urdu ya and kaf are Arabic's: one word typed on either keyboard.
    expect(foldText('کتاب کی')).toBe('كتاب كي');
    // Alef maqsura stays: "على" (on) is not "علي" (Ali).
    expect(foldText('على')).not.toBe(foldText('علي'));
    expect(foldText('שָׁלוֹם')).toBe('שלום');
    // Other scripts keep their marks: a Devanagari vowel sign is a letter of its word.
    expect(foldText('माया')).toBe('माया');
  });

  it('keeps numbers and code identifiers as their parts, like unicode61 did', () => {
    expect(words('IP 192.168.1.40 und pg_dump')).toEqual(['ip', '192', '168', '1', '40', 'und', 'pg', 'dump']);
  });

  it('stems English text only', () => {
    expect(indexText('Running notes', true)).toBe('run note');
    expect(indexText('canciones nuevas', false)).toBe('canciones nuevas');
    expect(stemsAsEnglish('How do I run several vaults at the same time?')).toBe(true);
    expect(stemsAsEnglish('¿Cómo puedo abrir varias bóvedas a la vez?')).toBe(false);
    expect(stemsAsEnglish('ボールトを開く')).toBe(false);
  });

  it('gives each query word its possible index terms: as written, and its English stem', () => {
    expect(queryTerms('How do the running notes work?')).toEqual([
      { word: 'running', terms: ['running', 'run'] },
      { word: 'notes', terms: ['notes', 'note'] },
      { word: 'work', terms: ['work'] },
    ]);
    // Japanese particles and copulas are dropped; single Han characters are words.
    expect(queryTerms('ボールトとは何ですか').map((t) => t.word)).toEqual(['ボールト']);
    expect(queryTerms('本').map((t) => t.word)).toEqual(['本']);
    // Repeated words count once; FTS syntax is just text.
    expect(queryTerms('sync sync "OR" NEAR(').map((t) => t.word)).toEqual(['sync', 'near']);
    // Russian and Ukrainian pronouns and prepositions are no search words: "мені" (to me) was the one BM25 hit of
    // "Коли мені перевіряти зір?", in another note.
    expect(queryTerms('Коли мені перевіряти зір?').map((t) => t.word)).toEqual(['коли', 'перевіряти', 'зір']);
    expect(queryTerms('Когда мне проверять зрение?').map((t) => t.word)).toEqual(['когда', 'проверять', 'зрение']);
  });
});
