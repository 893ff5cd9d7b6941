import { describe, expect, it } from 'vitest';
import {
  acceptableReply,
  smallTalkReplyFor,
  answerLanguageInstruction,
  greetingFor,
  isSmallTalk,
  NOT_IN_NOTES_PATTERN,
  notInNotesFor,
  nothingDatedFor,
  inVaultLanguage,
  isNotInNotesAnswer,
  replyLanguageInstruction,
  questionLanguage,
} from '../../src/agent/language.js';
import { detectLanguage } from '../../src/text/language.js';
import { NOT_IN_NOTES_ANSWER } from '../../src/agent/prompts.js';
import { unreadLanguageNotice } from '../../src/agent/unreadLanguage.js';

const SYSTEM = "You are ObsiQuery, a friendly assistant for the user's Obsidian notes. Reply briefly.";

describe('agent language: small talk in eleven languages', () => {
  it.each([
    'hello',
    'Thanks!',
    'こんにちは',
    'ありがとうございます！',
    'おはようございます。',
    '你好',
    '谢谢！',
    '¡Hola!',
    'Muchas gracias',
    'Buenos días',
    'Hallo',
    'Vielen Dank!',
    'Guten Abend',
    'Bonjour',
    'Merci beaucoup !',
    'Salut',
    'Olá!',
    'Muito obrigado',
    'Ciao!',
    'Grazie mille',
    'Dank je wel',
    'Goedemorgen',
    '안녕하세요!',
    '감사합니다',
    'Привет!',
    'Спасибо большое',
  ])('"%s" is small talk', (m) => expect(isSmallTalk(m)).toBe(true));

  it.each([
    'hello world program in my notes',
    'こんにちはの語源は？',
    '你好这个词出现在哪篇笔记',
    '¿Qué dije sobre el proyecto hola?',
    'Danke an wen habe ich geschrieben?',
    'Quelle est la recette du bonjour ?',
    'Onde anotei o obrigado da Ana?',
    '안녕하세요라고 쓴 노트는 어디 있지?',
    'Где я записал привет от Анны?',
  ])('"%s" is a question, not small talk', (m) => expect(isSmallTalk(m)).toBe(false));
});

describe('agent language: fixed texts and instructions follow the question', () => {
  it.each([
    ['How do I create a link?', 'en'],
    ['リンクを作るには？', 'ja'],
    ['怎么创建链接？', 'zh'],
    ['¿Cómo creo un enlace?', 'es'],
    ['Wie erstelle ich einen Link?', 'de'],
    ['Comment créer un lien ?', 'fr'],
    ['Como posso criar um link entre duas notas?', 'pt'],
    ['Come posso creare un collegamento tra due note?', 'it'],
    ['Hoe maak ik een link tussen twee notities?', 'nl'],
    ['두 노트 사이에 링크를 만들려면?', 'ko'],
    ['Как создать ссылку между двумя заметками?', 'ru'],
    ['hola', 'es'],
    ['danke', 'de'],
  ])('"%s" is answered in %s, and the fixed texts are in that language', (q, lang) => {
    expect(questionLanguage(q)).toBe(lang);
    // The fixed texts are themselves detected as the language they are meant to be in.
    expect(detectLanguage(greetingFor(q)).lang).toBe(lang);
    expect(detectLanguage(notInNotesFor(q)).lang).toBe(lang);
  });

  it.each([
    ['mover mi bóveda remota a un servidor en Europa', 'es'],
    ['usar links markdown en vez de wikilinks', 'es'],
    ['meter un video de youtube en una nota', 'es'],
    ['reconstruir la cache de metadatos', 'es'],
    ['editar varias líneas a la vez manteniendo Alt', 'es'],
    ['enlazar a un párrafo concreto de otra nota', 'es'],
    ['abrir configuración', 'es'],
    ['neue Notiz erstellen mit Vorlage', 'de'],
    ['Notiz löschen', 'de'],
    ['supprimer une note', 'fr'],
    ['apagar uma nota', 'pt'],
    ['Weiterleitung in Outlook einrichten', 'de'],
    ['Notizen in einen anderen Ordner verschieben', 'de'],
    ['Lesezeichen in der Seitenleiste anzeigen', 'de'],
    ['Warum fehlt beim Export das Bild?', 'de'],
    ['Welches Instrument spielt Maya?', 'de'],
    ['Wann ist Mayas Konzert?', 'de'],
    // "was" is English's as much as German's; the words English lacks ("kostet", "zieht", "montags") decide.
    ['Was kostet Obsidian Sync?', 'de'],
    ['Was zieht Tom jedes Jahr?', 'de'],
    ['Was macht Maya montags?', 'de'],
    ['Combien gagne Maya ?', 'fr'],
    ['Quand part-on à Lisbonne ?', 'fr'],
    ['Pourquoi Maya travaille ?', 'fr'],
    // Read as English and as Spanish before: the Italian and Portuguese words of "how many times a week".
    ['Quante volte a settimana devo correre?', 'it'],
    ['Quantas vezes por semana devo correr?', 'pt'],
    // Read as English before: Dutch question words, and "is", Dutch's as much as English's.
    ['Wanneer is Maya jarig?', 'nl'],
    ['Hoe oud is Tom?', 'nl'],
    ['What is Maya working on?', 'en'],
  ])('the short question "%s" is %s: shared words are split, accents and endings count', (q, lang) => {
    expect(questionLanguage(q)).toBe(lang);
  });

  it('a question with no sign of a language is read in the vault’s language, if the vault has one', () => {
    for (const q of ['Tropfschlauch Durchmesser', 'Isst Maya Fleisch?', '10 km Bestzeit']) {
      expect(questionLanguage(q), q).toBe('en');
      expect(
        inVaultLanguage('de', () => questionLanguage(q)),
        q,
      ).toBe('de');
      expect(
        inVaultLanguage('en', () => questionLanguage(q)),
        q,
      ).toBe('en');
      expect(
        inVaultLanguage('und', () => questionLanguage(q)),
        q,
      ).toBe('en');
    }
    // An English word, or a function word of another language, is a sign: the vault's language does not decide.
    expect(inVaultLanguage('de', () => questionLanguage('kubectl restart all pods'))).toBe('en');
    expect(inVaultLanguage('de', () => questionLanguage('Canvas'))).toBe('en');
    expect(inVaultLanguage('de', () => questionLanguage('¿Cómo exporto una nota?'))).toBe('es');
  });

  it('the vault’s language decides between the languages a question’s words leave level', () => {
    // A function word several languages share: the tie went to Spanish, the first of them.
    for (const q of ["changer de région sync efface l'historique ?", 'recette de la blanquette de veau']) {
      expect(questionLanguage(q), q).toBe('es');
      expect(
        inVaultLanguage('fr', () => questionLanguage(q)),
        q,
      ).toBe('fr');
    }
    // One Italian function word beside words no table holds: those counted for Italian.
    const german = 'irgendeine alte Notiz per Zufall aufmachen';
    expect(questionLanguage(german)).toBe('it');
    expect(inVaultLanguage('de', () => questionLanguage(german))).toBe('de');
    // Where the words are clear, they decide: a Spanish question in a French vault, an English one in a German vault.
    expect(inVaultLanguage('fr', () => questionLanguage('¿Cómo exporto una nota a PDF?'))).toBe('es');
    expect(inVaultLanguage('de', () => questionLanguage('open a random note'))).toBe('en');
    expect(inVaultLanguage('it', () => questionLanguage('Wie öffne ich eine zufällige Notiz?'))).toBe('de');
  });

  it.each([
    ['Obsidian Headlessって何？', 'ja'],
    ['git rebase って何', 'ja'],
    ['Lowercase Letters 是什么？', 'zh'],
    ['Obsidian Sync 요금은?', 'ko'],
    // English function words keep a question with a Japanese word English; Han alone is Japanese as much as Chinese.
    ['what does 東京 mean', 'en'],
    ['how do I type 日本語 in notes', 'en'],
    ['Obsidian Publish 料金', 'en'],
  ])('"%s", asked around Latin-script names, is %s', (q, lang) => {
    expect(questionLanguage(q)).toBe(lang);
  });

  it.each([
    'render a diagram',
    'clear cache',
    'filter by tag',
    'kill the pod die',
    'use en dash',
    'de-duplicate notes',
    'Canvas en masse',
    'un-nest lists',
    'résumé template',
    'café notes',
    'mover plugin',
    'la la land notes',
    'hidden files in the vault',
    'tags in bulk',
    'screen sharing in meetings',
    'was the backup done',
    'was kubectl broken',
    'kubectl in docker',
  ])('the short English question "%s" stays English', (q) => {
    expect(questionLanguage(q)).toBe('en');
  });

  it('English keeps its tuned prompts and texts; other languages are asked for by name', () => {
    expect(answerLanguageInstruction('How do I create a link?')).toBe('');
    expect(notInNotesFor('How do I create a link?')).toBe(NOT_IN_NOTES_ANSWER);
    expect(answerLanguageInstruction('リンクを作るには？')).toMatch(
      /^Answer in Japanese \(日本語\).*ノートには書かれていません/,
    );
    expect(answerLanguageInstruction('Como posso criar um link entre duas notas? Não sei.')).toMatch(/Portuguese/);
  });

  it('recognises a model saying the notes lack the answer in each language, and not an answer', () => {
    for (const s of [
      "Your notes don't say.",
      'ノートには書かれていません。',
      '你的笔记中没有提到。',
      'Tus notas no lo dicen.',
      'Deine Notizen sagen dazu nichts.',
      'Vos notes ne le disent pas.',
      'As suas notas não dizem.',
      'Le tue note non lo dicono.',
      'Je notities zeggen daar niets over.',
      '노트에는 나와 있지 않습니다.',
      'В ваших заметках об этом не сказано.',
    ])
      expect(NOT_IN_NOTES_PATTERN.test(s)).toBe(true);
    for (const s of ['The pump runs at 6 am [1].', 'ポンプは毎朝6時に動きます[1]。', 'La bomba funciona a las 6 [1].'])
      expect(NOT_IN_NOTES_PATTERN.test(s)).toBe(false);
  });
});

describe('agent language: the languages without function-word tables (letter n-grams, ELD)', () => {
  it.each([
    ['Kiedy są urodziny Mai?', 'pl'],
    // English's long word list holds "jak", "ma", "na" and "pies"; "do" is an English function word.
    ['Jak ma na imię pies Mai?', 'pl'],
    ['Jak dodać tag do notatki?', 'pl'],
    // ELD reads it as Czech, which has no "ę": a letter only Polish writes decides (OWN_LETTERS).
    ['Z kim idę na koncert?', 'pl'],
    ['Jak se jmenuje Mayin pes?', 'cs'],
    // Its "ö" made it German.
    ["Maya'nın köpeğinin adı ne?", 'tr'],
    // Its "ò"-like letters made it Italian.
    ['Tên con chó của Maya là gì?', 'vi'],
    ['Siapa nama anjing Maya?', 'id'],
    ['Vad heter Mayas hund?', 'sv'],
    ['Hvad hedder Mayas hund?', 'da'],
    ['Hva heter hunden til Maya?', 'no'],
    ['Cum se numește câinele Mayei?', 'ro'],
    ['Mikä on Mayan koiran nimi?', 'fi'],
    ['Mikor van Maya születésnapja?', 'hu'],
    // Ukrainian without і, ї, є or ґ was read as Russian.
    ['Як додати тег до нотатки?', 'uk'],
    ['Как добавить тег к заметке?', 'ru'],
  ])('"%s" is %s, and is answered and refused in it', (q, lang) => {
    expect(questionLanguage(q)).toBe(lang);
    expect(notInNotesFor(q)).not.toBe(NOT_IN_NOTES_ANSWER);
    expect(isNotInNotesAnswer(notInNotesFor(q))).toBe(true);
    // The fixed texts read as the language they are written in.
    expect(questionLanguage(notInNotesFor(q))).toBe(lang);
    // Danish and Norwegian greetings are near one text: either reading is right for them.
    expect(lang === 'no' || lang === 'da' ? ['da', 'no'] : [lang]).toContain(questionLanguage(greetingFor(q)));
    expect(answerLanguageInstruction(q)).toMatch(/^Answer in \w+ \(/);
  });

  it.each([
    // ELD alone reads these as Tagalog, Hungarian and Norwegian: English words keep them English.
    "when is Tom's birthday",
    'Embed a base',
    'Delete a note',
    'Install the Maps plugin',
    'docker compose file for a postgres database',
  ])('the English question "%s" stays English', (q) => expect(questionLanguage(q)).toBe('en'));

  it('says no note is dated that day, and recognises the model saying the notes lack it, in Polish', () => {
    const q = 'Co robiłem wczoraj?';
    const answer = nothingDatedFor(q, {
      phrase: 'wczoraj',
      range: { from: '2026-11-24', to: '2026-11-24' },
      nearest: ['2026-11-20', '2026-11-27'],
    });
    expect(answer).toMatch(
      /^Żadna notatka nie ma daty “wczoraj”.*Najbliższe notatki z datą są z 2026-11-20 i 2026-11-27\./,
    );
    expect(isNotInNotesAnswer(answer)).toBe(true);
    for (const s of [
      'Twoje notatki o tym nie mówią.',
      'Tvé poznámky o tom nic neříkají.',
      'У ваших нотатках про це не сказано.',
      'Notlarında bundan söz edilmiyor.',
      'Ghi chú của bạn không nói về điều này.',
      'Catatan Anda tidak menyebutkannya.',
      'Dina anteckningar säger inget om det.',
      'Dine noter siger intet om det.',
      'Notatene dine sier ingenting om det.',
      'Notițele tale nu spun nimic despre asta.',
      'Muistiinpanoissasi ei mainita sitä.',
      'A jegyzeteid nem írnak erről.',
    ])
      expect(NOT_IN_NOTES_PATTERN.test(s), s).toBe(true);
  });

  it('names a language without phrases of its own for the model', () => {
    expect(replyLanguageInstruction('مایا کے کتے کا نام کیا ہے؟')).toBe(' Reply in Urdu.');
  });

  it.each([
    'Cześć',
    'Dziękuję bardzo',
    'Merhaba',
    'Teşekkürler',
    'Xin chào',
    'Terima kasih',
    'Hej',
    'Tack så mycket',
    'Takk',
    'Ahoj',
    'Mulțumesc',
    'Kiitos',
    'Köszönöm szépen',
    'Дякую',
  ])('"%s" is small talk', (m) => expect(isSmallTalk(m)).toBe(true));
});

describe('agent language: a reply must be in the question script, whatever the script', () => {
  it('accepts replies in the user script', () => {
    expect(acceptableReply('Hi! Ask me about your notes.', SYSTEM, 'hello')).toBe(true);
    expect(acceptableReply('こんにちは！Obsidian のノートについて聞いてください。', SYSTEM, 'こんにちは')).toBe(true);
    expect(acceptableReply('你好！有什么可以帮你？', SYSTEM, '你好')).toBe(true);
    expect(acceptableReply('¡Hola! ¿En qué puedo ayudarte?', SYSTEM, 'hola')).toBe(true);
  });

  it('rejects drift into another script, echoes of the prompt and empty or long replies', () => {
    expect(acceptableReply('helloで購入した商品の発送について', SYSTEM, 'hello')).toBe(false);
    expect(acceptableReply('Hello, how can I help you with your notes today?', SYSTEM, 'こんにちは')).toBe(false);
    expect(acceptableReply(`${SYSTEM} hello`, SYSTEM, 'hello')).toBe(false);
    expect(acceptableReply('   ', SYSTEM, 'hello')).toBe(false);
    expect(acceptableReply('あ'.repeat(401), SYSTEM, 'こんにちは')).toBe(false);
  });

  it('rejects a reply that cites notes or runs on into another turn (the bundled model, after a recap)', () => {
    expect(acceptableReply("You're welcome!", SYSTEM, 'thanks!')).toBe(true);
    expect(
      acceptableReply('I work with Maya Chen (design) [1][2] she presented three options [1]', SYSTEM, 'thanks!'),
    ).toBe(false);
    expect(acceptableReply("You're welcome!\nuser\nwhat is your name?", SYSTEM, 'thanks!')).toBe(false);
  });
});

describe('smallTalkReplyFor: the fixed reply when the model’s is not kept', () => {
  it.each([
    ['thanks!', /welcome/],
    ['Thank you so much', /welcome/],
    ['ありがとうございます', /どういたしまして/],
    ['谢谢', /不客气/],
    ['¡Muchas gracias!', /De nada/],
    ['Danke schön', /Gern geschehen/],
    ['merci beaucoup', /Avec plaisir/],
    ['obrigada', /De nada/],
    ['grazie mille', /Prego/],
    ['bedankt', /Graag gedaan/],
    ['감사합니다', /천만에요/],
    ['спасибо', /Пожалуйста/],
  ])('"%s" is small talk and is answered with a welcome', (message, welcome) => {
    expect(isSmallTalk(message)).toBe(true);
    expect(smallTalkReplyFor(message)).toMatch(welcome);
  });

  it.each([
    ['Thank you so much', 'en'],
    ['¡Muchas gracias!', 'es'],
    ['Danke schön', 'de'],
    ['merci beaucoup', 'fr'],
    ['obrigada', 'pt'],
    ['grazie mille', 'it'],
    ['bedankt', 'nl'],
    ['спасибо', 'ru'],
  ])('"%s", too short for function words, is read as its language by its thanks', (message, lang) => {
    expect(questionLanguage(message)).toBe(lang);
  });

  it('other small talk gets the greeting', () => {
    expect(smallTalkReplyFor('hello')).toBe(greetingFor('hello'));
    expect(smallTalkReplyFor('こんにちは')).toBe(greetingFor('こんにちは'));
  });
});

// A German question over an English vault searched with an English-only model used to get "not in your notes"
// before any search (its words are not the notes' words), though a note answered it.
describe('a question in a language the vault’s embedder does not read', () => {
  it('is told so, naming the language and the model that reads it', () => {
    const notice = unreadLanguageNotice(
      'Wie kann ich eine Seite aus einem PDF in eine Notiz einbetten?',
      'all-mpnet-base-v2-int8',
    );
    expect(notice).toMatch(/all-mpnet-base-v2-int8, which reads English only/);
    expect(notice).toMatch(/reads as German/);
    expect(notice).toMatch(/multilingual-e5-small-int8/);
    expect(unreadLanguageNotice('今開いているノートの見出し一覧を表示したい', 'all-MiniLM-L6-v2-int8')).toMatch(
      /reads as Japanese/,
    );
  });

  it('is not told anything where the model reads it: English everywhere, any language with the multilingual model', () => {
    expect(unreadLanguageNotice('how do i embed a pdf page', 'all-mpnet-base-v2-int8')).toBeNull();
    expect(unreadLanguageNotice('refund', 'all-MiniLM-L6-v2-int8')).toBeNull();
    expect(unreadLanguageNotice('¿Cómo creo una plantilla?', 'multilingual-e5-small-int8')).toBeNull();
    // An endpoint's model is not in the manifest: trusted, as its similarities are.
    expect(unreadLanguageNotice('¿Cómo creo una plantilla?', 'nomic-embed-text')).toBeNull();
  });
});
