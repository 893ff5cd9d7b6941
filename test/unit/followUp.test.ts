import { describe, expect, it } from 'vitest';
import { isFollowUp, ownWords } from '../../src/agent/followUp.js';

describe('isFollowUp: a question searched with the previous one attached', () => {
  it.each([
    'and what about the second one?',
    'can I undo that?',
    'how do I turn on spell check for it',
    'what does she work on',
    'how much will it cost',
    'それをオフにできますか',
    'じゃあスマホではどうですか',
    '它可以关掉吗？',
    '那手机上呢？',
    '그거 끌 수 있어요?',
    '그럼 모바일에서는요?',
    '¿Puedo desactivarlo?',
    '¿Y en el móvil?',
    '¿Cómo puedo sincronizar eso con mi teléfono?',
    'Kann ich das ausschalten?',
    'Und auf dem Handy?',
    'Gibt es dazu eine Einstellung?',
    'Je peux le désactiver ?',
    'Ça coûte combien ?',
    'Posso disattivarlo?',
    'Posso desativá-lo?',
    'Kan ik dat uitzetten?',
    'А на телефоне?',
    'Это платно?',
    'A na telefonie?',
    'Czy mogę to wyłączyć dla tego?',
    'Kan jag stänga av det?',
    'Entä puhelimessa?',
    'وماذا عن توم؟',
    'وكيف أحذفه؟',
    'ומה עם טום?',
    'אבל מתי?',
    'แต่ทอมล่ะ',
  ])('%s', (q) => expect(isFollowUp(q)).toBe(true));
});

it('a short follow-up in a language told by letter n-grams goes on from the question before it', () => {
  // Two words are too few to tell Turkish; the question before it tells it.
  expect(isFollowUp('Peki telefonda?', 'Notlarımı telefon ve bilgisayar arasında nasıl eşitlerim?')).toBe(true);
});

describe('isFollowUp: a question that stands alone', () => {
  it.each([
    // Ends in "it" but names its own subject (found through `obsiquery ask` on the help vault).
    "is there a way to see notes that mention this one but don't link to it",
    'how do I share my vault with someone who uses it',
    'where are my travel notes',
    'is it possible to encrypt my vault',
    "it's not syncing on my phone",
    'ノートを削除してしまったけど元に戻せる？',
    'このノートを削除したい',
    '怎么把笔记导出为PDF？',
    '노트를 PDF로 내보내려면?',
    '¿Cómo creo una tabla?',
    // "das" before a noun is an article, before a verb a pronoun.
    'Wie installiere ich das Plugin?',
    'Gibt es ein Plugin für Kalender?',
    'Comment créer la table ?',
    'Hoe zorg ik dat mijn notities synchroniseren?',
    'Как экспортировать заметки в PDF?',
    'Come esportare le note in PDF?',
    'Jak wyeksportować notatkę do PDF?',
    'Det finns en mall för dagliga anteckningar?',
    // Arabic and Hebrew write "and" onto a word, and many words begin with its letter; Thai "แต่ง" begins with "แต่".
    'وظيفة مايا؟',
    'ורד הוא פרח?',
    'แต่งงานวันไหน',
  ])('%s', (q) => expect(isFollowUp(q)).toBe(false));
});

describe('ownWords', () => {
  it('leaves out function words of every language, and particles', () => {
    expect(ownWords('can I undo that?')).toEqual(['undo']);
    expect(ownWords('¿Cómo puedo sincronizar eso con mi teléfono?')).toEqual(['sincronizar', 'telefono']);
    expect(ownWords('それをオフにできますか')).toContain('オフ');
    expect(ownWords('それをオフにできますか')).not.toContain('それ');
  });
});
