import { describe, expect, it } from 'vitest';
import { answerLeak, promptLeak } from '../../src/agent/promptLeak.js';
import {
  commonKeyWords,
  commonWords,
  keyTerms,
  keyWordCount,
  keyWordLanguage,
  questionKeyWords,
  namedWords,
  sharedDistinctiveKeyWords,
  sharedKeyWords,
  namePhrases,
  pluginNames,
  spanishPluginNames,
  unknownNames,
  unknownTerms,
  unknownThings,
  possessiveOf,
  declinedNoteNames,
  answersPossessive,
  namedNotes,
  notesCalledByName,
  answersNamedNote,
} from '../../src/agent/relevance.js';
import { NoteNames } from '../../src/store/noteNames.js';
import { isOrdinaryEnglishWord } from '../../src/text/ordinaryWords.js';
import { synthesize, verifyAnswer } from '../../src/agent/synthesizer.js';
import { splitSentences } from '../../src/text/sentences.js';
import { FINAL_ANSWER_PROMPT, SYNTHESIZER_PROMPT } from '../../src/agent/prompts.js';
import { percentile, scoreAnswer, summariseAnswers } from '../../src/agent/answerEval.js';
import { notInNotesFor } from '../../src/agent/language.js';
import type { SearchResult } from '../../src/search/similaritySearch.js';
import { searchResult, useBundledEmbedder } from '../helpers/answerParts.js';
import { queryTerms as keyTermsOf } from '../../src/text/segment.js';
import { lastUserText, ScriptedModel } from '../helpers/scriptedModel.js';

/**
 * Answers that answer: prompt text never reaches an answer (the leak filter), a grounded sentence must also be
 * about the question (the relevance rule), and a quote is a whole sentence of the note, never a lead-in ending
 * in a colon. The synthesizer runs with a scripted model and the real bundled embedder.
 */

// Scores and line ranges as these tests were written with; folder empty (no test here reads it).
const chunk = (source: string, text: string, over: Partial<SearchResult> = {}): SearchResult =>
  searchResult(source, text, { folder: '', end_line: 5, score: 0.6, dense_score: 0.6, ...over });

describe('promptLeak', () => {
  it('catches role lines, template tokens, prompt headings, note headers and copied instructions', () => {
    expect(promptLeak('user: save web articles into my vault')).toBe('role');
    expect(promptLeak('Assistant: The pump runs at six.')).toBe('role');
    expect(promptLeak('**System:** you answer using notes')).toBe('role');
    expect(promptLeak('<start_of_turn>model The pump runs at six.')).toBe('template');
    expect(promptLeak('Question: how do I save web articles?')).toBe('heading');
    expect(promptLeak('Conversation so far: the user asked about sync.')).toBe('heading');
    expect(promptLeak('[2] Web Clipper › Save pages')).toBe('note-header');
    expect(promptLeak('Cite every fact with its note number in brackets.')).toBe('instruction');
    expect(promptLeak('Keep every citation like [1] on the sentence it supports.')).toBe('instruction');
    expect(promptLeak('how do I save web articles', 'How do I save web articles?')).toBe('question-echo');
  });

  it('lets ordinary sentences through, including ones that mention users, questions or notes', () => {
    for (const ok of [
      'The user can pin a note to keep it open.',
      'Each note number appears in the sidebar.',
      'Ask a question in the search bar to find notes.',
      'Your notes don’t say.',
      'Web Clipper saves the page into your vault as a note [1].',
      'ノートを別のフォルダに移動できます。',
    ]) {
      expect(promptLeak(ok, 'how do I save web articles?'), ok).toBeNull();
    }
  });

  it('every instruction line of the synthesizer and final-answer prompts is caught when copied', () => {
    for (const line of [...splitSentences(SYNTHESIZER_PROMPT), ...splitSentences(FINAL_ANSWER_PROMPT)]) {
      if (line.split(/\s+/).length >= 5) expect(promptLeak(line), line).not.toBeNull();
    }
  });

  it('answerLeak finds the leaking sentence of a whole answer', () => {
    expect(answerLeak('The pump runs at six [1]. user: when does it run?')).toEqual({
      sentence: 'user: when does it run?',
      kind: 'role',
    });
    expect(answerLeak('The pump runs at six [1]. It waters the beds [1].')).toBeNull();
  });
});

describe('relevance', () => {
  it('key terms are the content words with their English stems, without stop words', () => {
    const t = keyTerms('How long are snapshots kept?');
    expect(t.has('snapshots')).toBe(true);
    expect(t.has('snapshot')).toBe(true);
    expect(t.has('how')).toBe(false);
    expect(sharedKeyWords('How long are snapshots kept?', 'A snapshot is kept for seven days.')).toBe(1 + 1);
    expect(sharedKeyWords('when is my dentist appointment', 'Dates can be added to a date with a duration.')).toBe(0);
  });

  it('works in Japanese and Spanish', () => {
    expect(
      sharedKeyWords('スナップショットは何日保存されますか', 'スナップショットは7日間保存されます。'),
    ).toBeGreaterThan(0);
    expect(sharedKeyWords('歯医者の予約はいつですか', 'スナップショットは7日間保存されます。')).toBe(0);
    expect(
      sharedKeyWords('¿Cuánto tiempo se guardan las instantáneas?', 'Las instantáneas se guardan siete días.'),
    ).toBe(2);
    expect(sharedKeyWords('¿Cuándo es mi cita con el dentista?', 'Las instantáneas se guardan siete días.')).toBe(0);
  });

  it('Polish and Russian key words meet by stem with another ending; function words are no key words', () => {
    // nlp.js stems "dentysty" as "dentyst" and "dentysta" as "dentys": one starts the other (sameStemStart).
    expect(
      sharedDistinctiveKeyWords(
        'Kiedy mam wizytę u dentysty?',
        'Dentysta: przegląd i czyszczenie 3 grudnia o 9:15',
        new Set(),
        '',
        'pl',
      ),
    ).toBe(1);
    expect(
      sharedDistinctiveKeyWords('Co pożyczyłem od Toma?', '16 listopada pożyczył mi wkrętarkę', new Set(), '', 'pl'),
    ).toBe(1);
    // "jak", "ma", "na" ask, they name nothing: the question has three key words, not six.
    expect(questionKeyWords('Jak ma na imię pies Mayi?', 'pl').map((k) => k.word)).toEqual(['imie', 'pies', 'mayi']);
    // Russian: Snowball leaves a verb's ending on its stem ("связаться" → "связа", "Связь" → "связ"), so stems meet as
    // Polish ones do; "всего" and "кем" ask, they name nothing.
    expect(questionKeyWords('Как лучше всего связаться с Майей?', 'ru').map((k) => k.word)).toEqual([
      'лучше',
      'связаться',
      'майей',
    ]);
    expect(
      sharedDistinctiveKeyWords(
        'Как лучше всего связаться с Майей?',
        'Связь: лучше через Slack; никаких встреч до 10 утра',
        new Set(),
        '',
        'ru',
      ),
    ).toBe(2);
    // A name takes a case ending ("Майей", "Майи"), the note's title has it as written ("Майя Чен"): they meet by stem.
    expect(questionKeyWords('Кем работает Майя?', 'ru').map((k) => k.word)).toEqual(['работает', 'майя']);
    expect(
      sharedDistinctiveKeyWords(
        'Где офис у Майи?',
        'Офис: роттердамский; по понедельникам и пятницам работает из дома',
        new Set(),
        'Майя Чен',
        'ru',
      ),
    ).toBe(2);
    // Italian and Portuguese auxiliaries and articled prepositions name nothing either.
    expect(questionKeyWords('Quando devo fare la visita agli occhi?', 'it').map((k) => k.word)).toEqual([
      'fare',
      'visita',
      'occhi',
    ]);
    expect(questionKeyWords('Quando tenho de fazer o exame à vista?', 'pt').map((k) => k.word)).toEqual([
      'exame',
      'vista',
    ]);
    // Turkish writes a name's case ending after an apostrophe: "dan" of "Tom'dan" is no key word, nor "kadar".
    expect(questionKeyWords("Tom'dan ne ödünç aldım?", 'tr').map((k) => k.word)).toEqual(['tom', 'odunc', 'aldım']);
    expect(questionKeyWords('Lizbon gezisinin bütçesi ne kadar?', 'tr').map((k) => k.word)).toEqual([
      'lizbon',
      'gezisinin',
      'butcesi',
    ]);
    // A question's word is stemmed as written, as a sentence's is, not only folded: "eşinin" stems to "es" as "Eşi"
    // does, folded "esinin" to "e".
    expect(
      sharedDistinctiveKeyWords(
        "Tom'un eşinin adı ne?",
        'Eşi: Ingrid; kedileri bazen kulübemde uyuyor',
        new Set(),
        '',
        'tr',
      ),
    ).toBe(1);
    // The same apostrophe in another language is left alone ("l'heure" keeps "heure").
    expect(questionKeyWords("À quelle heure ouvre l'agence ?", 'fr').map((k) => k.word)).toContain('agence');
    // Dutch asks with words that are English ones ("van", "voor", "hoe"): no key words in a Dutch question only, and
    // a verb's "-t" ("werkt") meets its stem ("werk").
    expect(questionKeyWords('Wat voor werk doet Maya?', 'nl').map((k) => k.word)).toEqual(['werk', 'maya']);
    expect(questionKeyWords('Hoe heet de hond van Maya?', 'nl').map((k) => k.word)).toEqual(['heet', 'hond', 'maya']);
    expect(questionKeyWords('hoe to sharpen a garden hoe').map((k) => k.word)).toContain('hoe');
    expect(
      sharedDistinctiveKeyWords(
        'Wat voor werk doet Maya?',
        'Kantoor: dat in Rotterdam; werkt op maandag en vrijdag thuis',
        new Set(),
        '',
        'nl',
      ),
    ).toBe(1);
    expect(
      sharedDistinctiveKeyWords(
        'Wat voor werk doet Maya?',
        'Contact: het liefst via Slack; geen meetings vóór 10.00 uur',
        new Set(),
        '',
        'nl',
      ),
    ).toBe(0);
    // Ukrainian "як", "ким" ask, they name nothing.
    expect(questionKeyWords('Як звати дружину Тома?', 'uk').map((k) => k.word)).toEqual(['звати', 'дружину', 'тома']);
    // Vietnamese "tên" (name) and "ăn" (eat) fold to English "ten" and "an", and are key words all the same; "là",
    // "của", "gì", "mấy" ask, as written.
    expect(questionKeyWords('Chó của Maya tên là gì?', 'vi').map((k) => k.word)).toEqual(['cho', 'maya', 'ten']);
    expect(questionKeyWords('Con mèo của Tom mấy tuổi rồi?', 'vi').map((k) => k.word)).toEqual([
      'meo',
      'tom',
      'tuoi',
      'roi',
    ]);
    expect(questionKeyWords('how old is ten', 'en').map((k) => k.word)).toEqual(['old']);
    expect(
      sharedDistinctiveKeyWords(
        'Chó của Maya tên là gì?',
        'Có một con chó tên là Pixel (giống border collie)',
        new Set(),
        'Maya Chen',
        'vi',
      ),
    ).toBe(3);
    // Languages whose Snowball stemmers were tuned on keep their rule: "viaj" and "viajer" do not meet in Spanish.
    expect(sharedDistinctiveKeyWords('¿Cuándo es el viaje?', 'El viajero llega mañana.', new Set(), '', 'es')).toBe(0);
  });

  it("outside English, the title's name answers a question asking who only with a sentence naming someone", () => {
    // "Vacanza… con mia sorella Lena." shares only the title's name with the question, and names who; a sentence
    // naming no one does not answer ("Adattatore per le prese" under its heading), nor one asking when.
    const title = 'Viaggio a Lisbona';
    const who = 'Con chi vado a Lisbona?';
    expect(sharedDistinctiveKeyWords(who, 'Vacanza di primavera con mia sorella Lena.', new Set(), title, 'it')).toBe(
      1,
    );
    expect(
      sharedDistinctiveKeyWords(who, 'Da mettere in valigia\nAdattatore per le prese', new Set(), title, 'it'),
    ).toBe(0);
    expect(
      sharedDistinctiveKeyWords('Quando vado a Lisbona?', 'Vacanza con mia sorella Lena.', new Set(), title, 'it'),
    ).toBe(0);
    // Dutch "wie" and Ukrainian "з ким" ask who; German "wie" asks how, and German capitalises every noun.
    expect(
      sharedDistinctiveKeyWords(
        'Met wie ga ik naar Lissabon?',
        'Vakantie in het voorjaar met mijn zus Lena.',
        new Set(),
        'Reis naar Lissabon',
        'nl',
      ),
    ).toBe(1);
    expect(
      sharedDistinctiveKeyWords(
        'З ким я їду до Лісабона?',
        'Весняна відпустка з сестрою Леною.',
        new Set(),
        'Поїздка до Лісабона',
        'uk',
      ),
    ).toBe(1);
    expect(
      sharedDistinctiveKeyWords(
        'Wie komme ich nach Lissabon?',
        'Frühlingsurlaub mit meiner Schwester Lena.',
        new Set(),
        'Reise nach Lissabon',
        'de',
      ),
    ).toBe(0);
  });

  it("a Chinese question's one-character verb counts in a line of the note its name calls", () => {
    const line = '在一个叫 Lowercase Letters 的乐队弹贝斯，12月12日有演出';
    // "美雅" (the note "陈美雅") and "弹" (plays): two of the question's words, where none counted.
    expect(sharedDistinctiveKeyWords('美雅弹什么乐器？', line, new Set(), '陈美雅', 'zh')).toBe(2);
    expect(sharedDistinctiveKeyWords('汤姆住几号？', '住在14号的邻居，退休电工。', new Set(), '汤姆', 'zh')).toBe(2);
    // Only in the note of the person asked about: Lena's home is not where Tom lives.
    expect(sharedDistinctiveKeyWords('丽娜住几号？', '住在14号的邻居，退休电工。', new Set(), '汤姆', 'zh')).toBe(0);
    // A word of a longer title is no name: "快速" (quick) of "快速切换" (the quick switcher) is shared, "按" (by, press)
    // does not count besides it.
    const press = '打开快速切换，按一下 Down 方向键，再按 Enter，就能在两篇笔记之间来回切换。';
    expect(sharedDistinctiveKeyWords('长文章怎么按标题快速跳到某一节', press, new Set(), '快速切换', 'zh')).toBe(1);
    // Japanese too ("奥" of "奥さん", in 田中健's note); a character that asks ("何" of "何を") is no verb.
    expect(
      sharedDistinctiveKeyWords('田中さんの奥さんの名前は？', '奥さんは由美さん。', new Set(), '田中健', 'ja'),
    ).toBe(2);
    expect(sharedDistinctiveKeyWords('田中さんは何を育てる？', '何でも聞ける人。', new Set(), '田中健', 'ja')).toBe(0);
  });

  it('Chinese "my" and "our" (one word with 的) are no key words, as "my" is none in English', () => {
    expect(questionKeyWords('我的血型是什么？').map((k) => k.word)).toEqual(['血型']);
    expect(questionKeyWords('我們的銀行帳號是多少？').map((k) => k.word)).toEqual(['銀行', '帳號', '多少']);
  });

  it('Japanese key words are runs of kanji and katakana: compounds and split words still match', () => {
    const keys = questionKeyWords('Basesで結果を箇条書きや番号付きで並べて表示したい').map((k) => k.word);
    // ICU splits "箇条書き" as "箇条書" + "き" here; particles, endings and single kanji ("並") are not key words.
    expect(keys.sort()).toEqual(['bases', '箇条書', '番号', '結果', '表示'].sort());
    expect(
      sharedDistinctiveKeyWords(
        'Basesで結果を箇条書きや番号付きで並べて表示したい',
        'ファイルを箇条書きまたは番号付きマーカー付きのリストとして表示します。',
        new Set(),
      ),
    ).toBe(3);
    // "保存される" (asked) against "保存先" (written): one ICU word each, found by their kanji run.
    expect(
      sharedDistinctiveKeyWords(
        '貼り付けた画像が保存される場所を変えたい',
        '添付ファイルの保存先は、設定のファイルとリンクで変更できます。',
        new Set(),
      ),
    ).toBe(1);
    expect(
      sharedDistinctiveKeyWords(
        '画像の保存場所を変更したい',
        '添付ファイルの保存先は、設定で変更できます。',
        new Set(),
      ),
    ).toBe(2);
    // ICU splits "アイコン" as "アイコ" + "ン" in the question: the katakana run is taken whole.
    expect(questionKeyWords('画面の隅にある同期アイコンの色は何を意味している？').map((k) => k.word)).toContain(
      'アイコン',
    );
    expect(
      sharedDistinctiveKeyWords(
        '同期アイコンの色の意味',
        'ステータスアイコンの色で同期の状態がわかります。',
        new Set(),
      ),
    ).toBe(2);
    // A single kanji is no key word: the "書" and "出" of "書き出す" are not found in "書式" and "出力". (The word
    // whole is one, see japaneseAnswerRule.test.ts; a question about Figma is refused first, by its Latin name.)
    expect(
      sharedDistinctiveKeyWords('FigmaのフレームをSVGで書き出す', 'ファイルの書式を選んで出力します。', new Set()),
    ).toBe(0);
    expect(
      sharedDistinctiveKeyWords(
        '歯医者の予約はいつだっけ',
        'タグは関連するノートを見つけるために使用されます。',
        new Set(),
      ),
    ).toBe(0);
  });

  it('a kanji or katakana run found in nearly all retrieved notes is common', () => {
    const texts = ['ノートを同期する。', 'ノートを削除する。', 'ノートに名前を付ける。', 'ノートを開く。'];
    const common = commonKeyWords('ノートの名前を変えたい', texts);
    expect(common.has('ノート')).toBe(true);
    expect(common.has('名前')).toBe(false);
    expect(sharedDistinctiveKeyWords('ノートの名前を変えたい', 'ノートに名前を付ける。', common)).toBe(1);
  });

  it('Spanish key words match by stem with accents folded', () => {
    const q = 'cuántas personas pueden compartir un vault como maximo';
    const s = 'El número máximo de colaboradores en una bóveda compartida es de 20 usuarios.';
    expect(sharedDistinctiveKeyWords(q, s, new Set(), '', 'es')).toBe(2);
    // Without Spanish stems only the accent-folded "máximo" matches, "compartida" is not "compartir".
    expect(sharedDistinctiveKeyWords(q, s, new Set())).toBe(1);
    // Singular and plural, written with and without accents ("canción", "canciones"; "guardo", "guarda").
    expect(
      sharedDistinctiveKeyWords(
        '¿dónde guardo mis canciones?',
        'Guarda cada canción en una nota.',
        new Set(),
        '',
        'es',
      ),
    ).toBe(2);
    expect(sharedDistinctiveKeyWords('mostrar la pagina 3', 'Muestra solo una página.', new Set(), '', 'es')).toBe(2);
    expect(sharedDistinctiveKeyWords('¿Cuándo es mi cita con el dentista?', s, new Set(), '', 'es')).toBe(0);
  });

  it('matches in Spanish when the question or the notes are Spanish; English stays English', () => {
    const es = [
      'Para incrustar un vídeo de YouTube en una nota, pega el enlace del vídeo en la nota y añade un signo de exclamación delante.',
    ];
    const en = [
      'To embed a YouTube video in a note, paste the link to the video and add an exclamation mark in front of it.',
    ];
    // Too short to tell from the question alone: the notes are Spanish.
    expect(keyWordLanguage('meter un video de youtube en una nota', es)).toBe('es');
    expect(keyWordLanguage('¿Cómo puedo incrustar un vídeo en una nota?', en)).toBe('es');
    expect(keyWordLanguage('embed a youtube video in a note', en)).toBe('en');
    // English key words are search's terms, unchanged.
    expect(questionKeyWords('How long are snapshots kept?')).toEqual(
      keyTermsOf('How long are snapshots kept?').map((t) => ({ ...t, runs: [], stems: [] })),
    );
  });

  it('German, French, Portuguese, Italian and Dutch key words match by stem too', () => {
    // Plural in the question, singular in the note (and the other way round): no shared word as written.
    const de = 'Welche Platzhalter kann ich in Vorlagen verwenden?';
    const deNote = 'Jede Vorlage darf Platzhalter für Datum und Titel enthalten.';
    expect(sharedDistinctiveKeyWords(de, deNote, new Set(), '', 'de')).toBe(2);
    expect(sharedDistinctiveKeyWords(de, deNote, new Set())).toBe(1);
    expect(
      sharedDistinctiveKeyWords(
        'Wo sehe ich meine Notizen?',
        'Jede Notiz steht in der Seitenleiste.',
        new Set(),
        '',
        'de',
      ),
    ).toBe(1);
    expect(
      sharedDistinctiveKeyWords(
        'où sont enregistrées mes notes',
        'Chaque note est enregistrée dans le coffre.',
        new Set(),
        '',
        'fr',
      ),
    ).toBe(2);
    expect(
      sharedDistinctiveKeyWords('onde ficam salvas as notas', 'Cada nota é salva no cofre.', new Set(), '', 'pt'),
    ).toBe(2);
    expect(
      sharedDistinctiveKeyWords(
        'dove vengono salvate le note',
        'Ogni nota viene salvata nella cassaforte.',
        new Set(),
        '',
        'it',
      ),
    ).toBe(2);
    expect(
      sharedDistinctiveKeyWords(
        'hoe gebruik ik sjablonen',
        'Een sjabloon voeg je in met de opdracht.',
        new Set(),
        '',
        'nl',
      ),
    ).toBe(1);
    // Stems never make an unrelated sentence share a word.
    expect(sharedDistinctiveKeyWords('Wann ist mein Zahnarzttermin?', deNote, new Set(), '', 'de')).toBe(0);
  });

  it('German: a compound shares its first or last part, and function words are no key words', () => {
    const none = new Set<string>();
    // "Videoformate" and "Video", "Standard-Abo … groß" and "Dateigröße", "Verweise" and "Rückverweise".
    expect(
      sharedDistinctiveKeyWords('Welche Videoformate gibt es?', 'Jedes Video wird abgespielt.', none, '', 'de'),
    ).toBe(1);
    expect(
      sharedDistinctiveKeyWords('Wie groß darf eine Datei sein?', 'Die maximale Dateigröße ist 5 MB.', none, '', 'de'),
    ).toBe(2);
    expect(sharedDistinctiveKeyWords('Verweise unten anzeigen', 'Die Rückverweise stehen unten.', none, '', 'de')).toBe(
      2,
    );
    // A four-letter last part is the compound's head ("Laufziel" is a "Ziel"); a four-letter first part ("Lauf…")
    // or a head that leaves under four letters before it is not enough.
    expect(sharedDistinctiveKeyWords('Was ist mein Laufziel?', 'Ziel: 10 km unter 55 Minuten.', none, '', 'de')).toBe(
      1,
    );
    expect(sharedDistinctiveKeyWords('Was ist mein Laufziel?', 'Lauf am Sonntag.', none, '', 'de')).toBe(0);
    // A first part is found as written: its stem loses an ending the compound keeps ("server" is "serv").
    const where = 'Welchen Serverstandort soll ich wählen?';
    expect(sharedDistinctiveKeyWords(where, 'Lege den Tresor auf einem anderen Sync-Server an.', none, '', 'de')).toBe(
      1,
    );
    // A last part as written is no more than its stem: "Spitznamen" is not any "Namen".
    const nickname = 'Wie gebe ich einer Notiz einen Spitznamen?';
    expect(sharedDistinctiveKeyWords(nickname, 'Klicke auf den Namen.', none, '', 'de')).toBe(0);
    expect(sharedDistinctiveKeyWords('Wo ist die Abzeit?', 'Die Zeit läuft.', none, '', 'de')).toBe(0);
    // Only German, and never a common part: "notiz" in every retrieved note makes "Tagesnotiz" share nothing.
    expect(
      sharedDistinctiveKeyWords('Welche Videoformate gibt es?', 'Jedes Video wird abgespielt.', none, '', 'es'),
    ).toBe(0);
    expect(
      sharedDistinctiveKeyWords(
        'Tagesnotiz per Mail schicken',
        'Jede Notiz hat einen Titel.',
        new Set(['notiz']),
        '',
        'de',
      ),
    ).toBe(0);
    // Every case of "welche" and the words of quantity are no key words either ("An welchen Tagen…", "wie viele").
    expect(questionKeyWords('An welchen Tagen ist Maya nicht im Büro?', 'de').map((k) => k.word)).toEqual([
      'tagen',
      'maya',
      'buro',
    ]);
    expect(questionKeyWords('Wie viele Tresore kann ich haben?', 'de').map((k) => k.word)).toEqual(['tresore']);
    // "Any", "some" say of a thing only that it is no particular one, in each language with a stemmer.
    expect(questionKeyWords('irgendeine alte Notiz per Zufall aufmachen', 'de').map((k) => k.word)).toEqual([
      'alte',
      'notiz',
      'zufall',
      'aufmachen',
    ]);
    // Possessives in every case: "meines" is no key word, nor a word the vault lacks.
    expect(
      questionKeyWords('Kann ich den Speicherort meines Sync-Tresors nach Europa verlegen?', 'de').map((k) => k.word),
    ).not.toContain('meines');
    expect(questionKeyWords('changer la région de nos coffres', 'fr').map((k) => k.word)).not.toContain('nos');
    for (const [q, lang] of [
      ['abrir cualquier nota al azar', 'es'],
      ['ouvrir quelque note au hasard', 'fr'],
      ['aprire qualsiasi nota a caso', 'it'],
      ['abrir qualquer nota aleatória', 'pt'],
    ] as const)
      expect(
        questionKeyWords(q, lang).map((k) => k.word),
        q,
      ).toHaveLength(3);
    // "Kann ich mir jeden Morgen…": kann, mir, jeden are no key words, so a sentence with "kann" shares nothing.
    expect(questionKeyWords('Kann ich mir jeden Morgen die Notiz schicken?', 'de').map((k) => k.word)).toEqual([
      'morgen',
      'notiz',
      'schicken',
    ]);
    expect(
      sharedDistinctiveKeyWords(
        'Kann ich mir jeden Morgen die Notiz schicken?',
        'Du kannst das Plugin deaktivieren.',
        new Set(['notiz']),
        '',
        'de',
      ),
    ).toBe(0);
  });

  it('French verbs a question asks with are no key words: fewer words to share, the same things asked', () => {
    const q = "Je voudrais pouvoir appeler une note par son abréviation quand je tape un lien, c'est possible ?";
    expect(questionKeyWords(q, 'fr').map((k) => k.word)).toEqual(['appeler', 'note', 'abreviation', 'tape', 'lien']);
    expect(keyWordCount(q, new Set(), 'fr')).toBe(5);
  });

  it('Spanish, French, Italian and Portuguese question words are no key words, as English ones are not', () => {
    const q = '¿dónde veo cuántas palabras lleva mi texto en el móvil?';
    expect(questionKeyWords(q, 'es').map((k) => k.word)).toEqual(['veo', 'palabras', 'lleva', 'texto', 'movil']);
    // A sentence's relative "donde" is no shared word.
    expect(sharedDistinctiveKeyWords(q, 'Abre la carpeta donde guardas tus notas.', new Set(), '', 'es')).toBe(0);
    expect(questionKeyWords('Combien de notes puis-je synchroniser ?', 'fr').map((k) => k.word)).toEqual([
      'notes',
      'synchroniser',
    ]);
    expect(questionKeyWords('Quanto costa la sincronizzazione?', 'it').map((k) => k.word)).toEqual([
      'costa',
      'sincronizzazione',
    ]);
  });

  it('"automatically" in any language is no key word: it asks how, not about what', () => {
    // "Google-Kalender-Termine automatisch in die tägliche Notiz übernehmen" (Obsidian cannot) shared "automatisch"
    // with a sentence on daily-note links, its second shared word beside "Notiz", and was answered with it.
    const q = 'Google-Kalender-Termine automatisch in die tägliche Notiz übernehmen';
    expect(questionKeyWords(q, 'de').map((k) => k.word)).not.toContain('automatisch');
    const s = 'Ist das Plugin aktiv, versucht Obsidian automatisch, einen Link zur Notiz des Datums zu erstellen.';
    expect(sharedDistinctiveKeyWords(q, s, new Set(), '', 'de')).toBe(1);
    for (const [question, lang] of [
      ['email my daily note to myself automatically', 'en'],
      ['traducir automáticamente una nota', 'es'],
      ['traduire automatiquement mes notes', 'fr'],
      ['ノートを自動で翻訳したい', 'ja'],
      ['笔记能自动翻译成英文吗', 'zh'],
    ] as const) {
      const words = questionKeyWords(question, lang).map((k) => k.word);
      expect(
        words.filter((w) => /automat|自動|自动/.test(w)),
        question,
      ).toEqual([]);
    }
  });

  it('Russian key words match by stem, and its question words are no key words', () => {
    const q = 'Какие переменные можно использовать в шаблоне?';
    expect(questionKeyWords(q, 'ru').map((k) => k.word)).toEqual(['переменные', 'использовать', 'шаблоне']);
    // "шаблоне" ~ "шаблонов": the same word in two cases.
    expect(sharedDistinctiveKeyWords(q, 'Укажите папку шаблонов в настройках.', new Set(), '', 'ru')).toBe(1);
    expect(sharedDistinctiveKeyWords(q, 'Укажите папку шаблонов в настройках.', new Set())).toBe(0);
    expect(keyWordLanguage(q, ['Шаблоны — это заметки.'])).toBe('ru');
  });

  it('Korean key words match by their first two syllables, whatever particle or ending follows', () => {
    const q = '노트의 예전 버전은 얼마나 오래 보관되나요?';
    const s = '버전 기록은 각 노트의 이전 버전을 한 달 동안 보관하며, Plus 요금제에서는 열두 달 동안 보관합니다.';
    // 노트(의), 버전(은), 보관(되나요): written differently, the same words. As written only "노트의" is shared.
    expect(sharedDistinctiveKeyWords(q, s, new Set(), '', 'ko')).toBe(3);
    expect(sharedDistinctiveKeyWords(q, s, new Set(['노트', '노트의']), '', 'ko')).toBe(2);
    expect(sharedDistinctiveKeyWords('다음 치과 예약이 언제였지?', s, new Set(), '', 'ko')).toBe(0);
  });

  it("the key-word language is the question's when it has stems, else the notes", () => {
    const de = [
      'Vorlagen sind Notizen, deren Text du in andere Notizen einfügst. Lege einen Vorlagenordner in den Einstellungen fest.',
    ];
    const en = ['Templates are notes whose text you insert into other notes. Set a template folder in the settings.'];
    expect(keyWordLanguage('Wie füge ich eine Vorlage in meine Notiz ein?', en)).toBe('de');
    expect(keyWordLanguage('template folder', de)).toBe('de');
    expect(keyWordLanguage('where is the template folder set', en)).toBe('en');
    expect(keyWordLanguage('テンプレートはどこで設定する？', de)).toBe('ja');
  });

  it('names and numbers in the question are never common, and count in the note title (outside English, beside a shared word)', () => {
    expect([...namedWords('Who is Maya and what does she do?')]).toEqual(['maya']);
    expect(namedWords('What did I do on 2026-11-03?').has('2026')).toBe(true);
    expect(namedWords('how do I sync').size).toBe(0);
    const common = new Set(['maya', 'vault']);
    expect(sharedDistinctiveKeyWords('Who is Maya?', 'Maya leads the design team.', common)).toBe(1);
    expect(
      sharedDistinctiveKeyWords('What did I cook on 2026-11-03?', 'Cooked a big pot of chili.', common, '2026-11-03'),
    ).toBe(4);
    expect(sharedDistinctiveKeyWords('what is in my vault', 'A vault is a folder.', common, 'vault')).toBe(0);
    // Outside English the title alone shares nothing: it says whom the note is about, not that this sentence says what
    // was asked. "Quand est l'anniversaire de Maya ?" was answered with her contact line, the title sharing "Maya".
    expect(
      sharedDistinctiveKeyWords(
        "Quand est l'anniversaire de Maya ?",
        'Contact : de préférence sur Slack',
        common,
        'Maya Chen',
      ),
    ).toBe(0);
    // An English question's name counts alone (what is asked of the person is the possessive rule's to check): "Lent
    // me his cordless drill" answers "what did I borrow from Tom" in Tom's note.
    expect(
      sharedDistinctiveKeyWords('What did I do on 2026-11-03?', 'Went for a long run.', common, '2026-11-03'),
    ).toBe(3);
    expect(
      sharedDistinctiveKeyWords('what did I borrow from Tom', 'Lent me his cordless drill', common, 'Tom Becker'),
    ).toBe(1);
    expect(sharedDistinctiveKeyWords("when is Maya's birthday", 'Birthday: 14 January', common, 'Maya Chen')).toBe(2);
  });

  // A name or term written in lower case, as people type them ("kubectl", "postgres"), is no ordinary English word;
  // a paraphrase's ordinary words ("colour") and two ordinary words written as one ("slideshow") are.
  it('lower-case terms the vault lacks make an English question off-topic; ordinary words do not', () => {
    for (const w of ['colour', 'charity', 'flashcards', 'notes', 'synced', 'slideshow', 'subfolders', 'macbook'])
      expect(isOrdinaryEnglishWord(w), w).toBe(true);
    for (const w of ['kubectl', 'postgres', 'pomodoro', 'docx', 'wifi', 'celsius', 'vlookup', 'lisbon'])
      expect(isOrdinaryEnglishWord(w), w).toBe(false);
    expect(unknownTerms('add a pomodoro timer to the status bar', ['pomodoro'])).toEqual(['pomodoro']);
    expect(unknownTerms('docker compose file for a postgres database', ['docker', 'postgres'])).toEqual(['postgres']);
    expect(unknownTerms('can I turn one of my notes into a slideshow', ['slideshow'])).toEqual([]);
    expect(unknownTerms('colour nodes in the graph by tag or folder', ['colour'])).toEqual([]);
    // Everyday abbreviations a note may spell out ("computer").
    expect(unknownTerms('keep notes in step between my windows pc and linux box', ['pc'])).toEqual([]);
    // Not English: the word list does not read it, and every word of another language is "unknown" to it.
    expect(unknownTerms('¿Cómo sincronizo mis notas con el móvil?', ['sincronizo'])).toEqual([]);
    expect(unknownTerms('Wie synchronisiere ich meine Notizen mit dem Handy?', ['synchronisiere'])).toEqual([]);
    // Short enough to be read as English, but its words are not English ones.
    expect(unknownTerms('convertir 70 grados fahrenheit a celsius', ['grados', 'fahrenheit', 'celsius'])).toEqual([]);
    expect(unknownTerms('convert 70 fahrenheit to celsius', ['fahrenheit', 'celsius'])).toEqual([
      'fahrenheit',
      'celsius',
    ]);
  });

  // A question that calls a note by its exact name is about that note's subject; its answer must be too.
  it('the notes a question names, and the chunks that may answer it', () => {
    const names = new NoteNames([
      { source: 'People/Tom Becker.md', title: 'Tom Becker', aliases: ['Tom'] },
      { source: 'People/Lena Novak.md', title: 'Lena Novak', aliases: [] },
      { source: 'How Obsidian stores data.md', title: 'How Obsidian stores data', aliases: [] },
      { source: 'common/arch.md', title: 'arch', aliases: [] },
      { source: 'Daily/2026-11-19.md', title: '2026-11-19', aliases: [] },
    ]);
    const named = (q: string) => namedNotes(q, names);
    expect(named('what did I borrow from Tom')).toEqual([{ words: ['tom'], sources: ['People/Tom Becker.md'] }]);
    expect(named("what is Lena Novak's job")).toEqual([
      { words: ['lena', 'novak'], sources: ['People/Lena Novak.md'] },
    ]);
    // Not a name: the first word, a word in lower case, a number (the date scope's), a word that only begins a title.
    expect(named('Tom lent me what')).toEqual([]);
    expect(named('what did I borrow from tom')).toEqual([]);
    expect(named('what did I do on 2026-11-19')).toEqual([]);
    expect(named('where does Obsidian keep my settings')).toEqual([]);
    // A note named in lower case is a command's page, not what a capitalised word means ("my Arch system").
    expect(named('which pacman package owns a file on my Arch system')).toEqual([]);
    expect(names.named('Arch')).toEqual(['common/arch.md']);

    const tom = named('what did I borrow from Tom');
    const rust = {
      source: 'Daily/2026-11-19.md',
      text: '2026-11-19\nRust\nThe borrow checker and I are slowly becoming friends',
    };
    const dayNote = { source: 'Daily/2026-11-16.md', text: '2026-11-16\n\nTom lent me his cordless drill' };
    const ownNote = { source: 'People/Tom Becker.md', text: 'Tom Becker\n\nLent me his cordless drill' };
    expect(answersNamedNote(tom, rust, new Set())).toBe(false);
    expect(answersNamedNote(tom, dayNote, new Set())).toBe(true);
    expect(answersNamedNote(tom, { ...ownNote, text: 'Things we do together' }, new Set())).toBe(true);
    // A name every retrieved note writes asks nothing of any one of them.
    expect(answersNamedNote(tom, rust, new Set(['tom']))).toBe(true);
    expect(answersNamedNote([], rust, new Set())).toBe(true);

    // For searching the notes a question calls when nothing passed the relevance gate, any capitalised run counts:
    // German capitalises every noun, so namedNotes finds no name in "Wie erreiche ich Tom am besten?".
    expect(named('Wie erreiche ich Tom am besten?')).toEqual([]);
    expect(notesCalledByName('Wie erreiche ich Tom am besten?', names)).toEqual([
      { words: ['tom'], sources: ['People/Tom Becker.md'] },
    ]);
    expect(notesCalledByName('wie erreiche ich tom', names)).toEqual([]);
    // A language that inflects names calls the note by the name with another ending ("Тома" of "Том"); English does
    // not ("Toms" is no "Tom"), nor does a name too far from it.
    const uk = new NoteNames([
      { source: 'Люди/Том Беккер.md', title: 'Том Беккер', aliases: ['Том', 'Tom Becker'] },
      { source: 'Люди/Мая Чен.md', title: 'Мая Чен', aliases: ['Мая', 'Maya Chen'] },
    ]);
    expect(notesCalledByName('Як звати дружину Тома?', uk)).toEqual([
      { words: ['тома'], sources: ['Люди/Том Беккер.md'] },
    ]);
    expect(uk.properNamedWithEnding('Маї')).toEqual(['Люди/Мая Чен.md']);
    expect(uk.properNamedWithEnding('Томашевський')).toEqual([]);
    expect(notesCalledByName('what did the Toms say', names)).toEqual([]);
    // The name itself, for a possessor in the genitive: none for a name written as the note writes it.
    expect(uk.properNameWithEnding('Маї')).toBe('мая');
    expect(uk.properNameWithEnding('Мая')).toBeUndefined();
  });

  it('a Russian or Ukrainian name in the genitive after a noun asks of its note’s person', () => {
    const uk = new NoteNames([
      { source: 'Люди/Том Беккер.md', title: 'Том Беккер', aliases: ['Том'] },
      { source: 'Люди/Мая Чен.md', title: 'Мая Чен', aliases: ['Мая'] },
    ]);
    const none = new Set<string>();
    // "Хто грає на барабанах у гурті Маї?" (who plays the drums in Maya's band) was answered with her bass line.
    const q = 'Хто грає на барабанах у гурті Маї?';
    const drums = possessiveOf(q, none, declinedNoteNames(q, uk));
    expect(drums.names).toEqual(['мая']);
    const bass = 'Грає на бас-гітарі в гурті Lowercase Letters; концерт 12 грудня';
    expect(answersPossessive(drums, bass, 'Мая Чен', none, 'uk')).toBe(false);
    // "звати" asks for a name: "Дружина: Інгрід" answers "Як звати дружину Тома?".
    const w = 'Як звати дружину Тома?';
    const wife = possessiveOf(w, none, declinedNoteNames(w, uk));
    expect(answersPossessive(wife, 'Дружина: Інгрід; їхній кіт Містер Бісквіт', 'Том Беккер', none, 'uk')).toBe(true);
    // After a preposition the name is no possessor: "у Тома" is "from Tom".
    const b = 'Що я позичив у Тома?';
    expect(possessiveOf(b, none, declinedNoteNames(b, uk)).names).toEqual([]);
    // Nor in another language, where names take no case ending.
    expect(declinedNoteNames('Who plays drums in the band of Mayas?', uk).size).toBe(0);
  });

  it('only the names among the words the vault lacks make a question off-topic', () => {
    expect(unknownNames('draw diagrams with the Excalidraw plugin', ['excalidraw'])).toEqual(['excalidraw']);
    expect(unknownNames('sync my vault to Nextcloud over WebDAV', ['nextcloud', 'webdav'])).toEqual([
      'nextcloud',
      'webdav',
    ]);
    // A paraphrase's ordinary words are often missing from the note that answers it: not a reason to refuse.
    expect(unknownNames('colour nodes in the graph by tag or folder', ['colour'])).toEqual([]);
    // The first word is capitalised by grammar, not because it is a name.
    expect(unknownNames('Colour nodes in the graph', ['colour'])).toEqual([]);
    expect(unknownNames('import my notes from Apple Notes', [])).toEqual([]);
  });

  it('a Japanese or Korean question names its capitalised Latin words, the first one too, and nothing in kana or kanji', () => {
    // Japanese has no capitals, so "Google" opening the question is as much a name as "Keep".
    expect([...namedWords('Google Keep のメモを全部こっちに持ってきたい')].sort()).toEqual(['googl', 'google', 'keep']);
    // A name or number ends where its Latin letters and digits do: the pattern for spaced scripts ran on into the
    // kana and kanji after it, so every word of "…3Dで立体的に表示したい" was a "name".
    expect([...namedWords('グラフビューを3Dで立体的に表示したい')]).toEqual(['3d']);
    expect(namedWords('2026-11-03に何をした？').has('2026')).toBe(true);
    expect([...namedWords('保管庫のノートをChatGPTに要約させたい')]).toEqual(['chatgpt']);
    // Korean has no capitals either: "Outlook" opening the question is a name the vault may lack.
    expect(unknownNames('Outlook에서 회의 초대 메일 보내기', ['outlook'])).toEqual(['outlook']);
    expect(unknownNames('vault를 Nextcloud랑 동기화하는 방법', ['vault', 'nextcloud'])).toEqual(['nextcloud']);
    // A name the vault lacks refuses the question only when it is long enough not to be an everyday acronym.
    expect(unknownNames('XやSNSにリンクを貼ったときに出るサムネ画像を指定するには', ['sns'])).toEqual([]);
    expect(unknownNames('グラフビューを3Dで立体的に表示したい', ['立体'])).toEqual([]);
    expect(unknownNames('保管庫をWebDAV経由でNextcloudに同期したい', ['webdav', 'nextcloud'])).toEqual([
      'webdav',
      'nextcloud',
    ]);
  });

  it('German capitalises every noun: there only a capital inside a word, capitals or digits mark a name', () => {
    // Each of these nouns is absent from a German vault that answers the question in other words
    // ("Versionsverlauf", "tägliche Notiz"): as names they refused it before any search.
    expect(
      unknownNames('Wie lange werden alte Versionen meiner Notizen aufbewahrt?', ['versionen', 'notizen']),
    ).toEqual([]);
    expect(unknownNames('Wo stelle ich das Datumsformat für die Tagesnotiz ein?', ['tagesnotiz'])).toEqual([]);
    expect(namePhrases('Kann ich die Obsidian Sync Einstellungen auf dem Handy ändern?')).toEqual([]);
    // Names German writes as names still count.
    expect(unknownNames('Kann ich den Tresor über WebDAV auf mein iPhone holen?', ['webdav', 'iphone'])).toEqual([
      'webdav',
      'iphone',
    ]);
    expect([...namedWords('Wie exportiere ich eine Notiz als PDF?')]).toEqual(['pdf']);
    expect([...namedWords('Was habe ich am 2026-11-03 gemacht?')]).toContain('2026');
    // English keeps its rule.
    expect(unknownNames('draw diagrams with the Excalidraw plugin', ['excalidraw'])).toEqual(['excalidraw']);
  });

  it('names of several words and named plugins the vault never writes make a question off-topic', () => {
    expect(namePhrases('show my Google Calendar events inside the daily note')).toEqual([['Google', 'Calendar']]);
    expect(namePhrases("record a macro in Microsoft Word's editor")).toEqual([['Microsoft', 'Word']]);
    expect(namePhrases('デイリーノートの中にGoogleカレンダーの予定を表示したい')).toEqual([['Google', 'カレンダー']]);
    // One name, the question's first word, "I", and Title Cased Questions name nothing of several words.
    expect(namePhrases('Import notes from Evernote, then Apple Notes')).toEqual([['Apple', 'Notes']]);
    expect(namePhrases('can I Sync two vaults')).toEqual([]);
    expect(namePhrases('How To Export Notes To PDF')).toEqual([]);
    expect(pluginNames('use the Tasks plugin to make a task repeat every week')).toEqual(['tasks']);
    expect(pluginNames('move cards on a kanban board plugin')).toEqual(['board']);
    expect(pluginNames('turn on the core plugin, then the community plugins')).toEqual([]);
    // What the vault writes (a stand-in for holdsPhrase over the index) and its notes' titles.
    const vault = ['google keep', 'apple notes', 'templates plugin', 'maps plugin'];
    const holds = (p: string[]) => vault.includes(p.join(' ').toLowerCase());
    const titles = () => ['Templates', 'Daily notes', 'Canvas'];
    const things = (q: string) => unknownThings(q, holds, titles);
    expect(things('show my Google Calendar events inside the daily note')).toEqual(['Google Calendar']);
    expect(things('use the Tasks plugin to make a task repeat every week')).toEqual(['tasks plugin']);
    expect(things('set up the Templater plugin to insert the weather')).toEqual(['templater plugin']);
    // The same shapes, about what the vault has: answered.
    expect(things('import my notes from Apple Notes on a Mac')).toEqual([]);
    expect(things('use the Templates plugin to insert the date')).toEqual([]);
    expect(things('open the daily notes plugin settings')).toEqual([]);
    expect(things('does the Maps plugin work on Publish')).toEqual([]);
    // Plugins are named so in English; elsewhere only names count.
    expect(things('usar el Tasks plugin para repetir una tarea')).toEqual([]);
  });

  it('plugins a Spanish question names after the noun, and the vault never names, make it off-topic', () => {
    expect(spanishPluginNames('usar el complemento Tasks para que una tarea se repita cada semana')).toEqual(['tasks']);
    expect(spanishPluginNames('configurar el plugin Git para hacer copias automáticas')).toEqual(['git']);
    expect(spanishPluginNames('escribir una consulta del plugin Dataview')).toEqual(['dataview']);
    // A lower-case word after the noun says what the plugin does or which kind it is; "Obsidian" says whose it is.
    expect(spanishPluginNames('mover tarjetas entre columnas con un complemento de kanban')).toEqual([]);
    expect(spanishPluginNames('activar el complemento principal Plantillas')).toEqual([]);
    expect(spanishPluginNames('¿el plugin Obsidian Importer trae las tablas?')).toEqual([]);
    // What the Spanish vault writes (a stand-in for holdsPhrase over the index) and its notes' titles.
    const vault = ['complemento sync', 'plugin importer', 'complemento notas'];
    const holds = (p: string[]) => vault.includes(p.join(' ').toLowerCase());
    const titles = () => ['Notas diarias', 'Plantillas', 'Contador de palabras', 'Importer'];
    const things = (q: string) => unknownThings(q, holds, titles);
    expect(things('usar el complemento Tasks para que una tarea se repita cada semana')).toEqual(['complemento tasks']);
    expect(things('el complemento Calendar no me muestra puntos en los días con notas')).toEqual([
      'complemento calendar',
    ]);
    // Named by a note's title or written after the noun in a note: answered.
    expect(things('¿qué variables admite el complemento Plantillas?')).toEqual([]);
    expect(things('cambiar la carpeta del complemento Notas diarias')).toEqual([]);
    expect(things('el complemento Contador de palabras en el móvil')).toEqual([]);
    expect(things('el complemento Sync dejó de sincronizar')).toEqual([]);
    expect(things('instalar el plugin Importer')).toEqual([]);
  });

  it('the key-word share counts only the words a sentence can share: not those common to the retrieved notes', () => {
    const texts = [
      'Obsidian te permite migrar tus notas desde Craft a tu bóveda.',
      'Mueve la carpeta de tu bóveda a una nueva ubicación.',
      'Selecciona reanudar para empezar a sincronizar con la nueva bóveda remota.',
      'Haz clic en el icono Perfil de bóveda abajo a la izquierda.',
    ];
    const q = 'pasar mis documentos de Craft a la bóveda';
    const common = commonKeyWords(q, texts, 'es');
    expect(common.has('boveda')).toBe(true);
    // "pasar", "documentos", "craft": "bóveda" is in every retrieved note, so no sentence can share it.
    expect(keyWordCount(q, common, 'es')).toBe(3);
    expect(keyWordCount(q, new Set(), 'es')).toBe(4);
    expect(sharedDistinctiveKeyWords(q, texts[0]!, common, '', 'es')).toBe(1);
    // A name is never common, so it always counts.
    expect(keyWordCount('Who is Maya in my vault', new Set(['maya', 'vault']))).toBe(1);
  });

  it('what a question asks of someone: a sentence must be about them and say the thing asked', () => {
    const maya = possessiveOf("when is Maya's birthday");
    expect(maya.names).toEqual(['maya']);
    // The first word's "What's" is no name; a curly apostrophe is one.
    expect(possessiveOf("what's Tom’s wife called").names).toEqual(['tom']);
    expect(possessiveOf('what is my birthday').names).toEqual([]);
    const none = new Set<string>();
    // About Maya (her note's title) but not her birthday; her birthday is Lena's line in another note.
    expect(answersPossessive(maya, 'Works with me since: March 2025', 'Maya Chen', none)).toBe(false);
    expect(answersPossessive(maya, 'Birthday: 14 January', 'Lena Novak', none)).toBe(false);
    expect(answersPossessive(maya, 'Birthday: 3 May', 'Maya Chen', none)).toBe(true);
    expect(answersPossessive(maya, "Maya's birthday party is on Saturday", 'Daily 2026-11-03', none)).toBe(true);
    // A name every retrieved note holds asks nothing more ("Obsidian's settings" in Obsidian's help).
    const app = possessiveOf("where are Obsidian's app-wide settings stored");
    expect(
      answersPossessive(
        app,
        'Settings are stored in the .obsidian folder.',
        'Configuration folder',
        new Set(['obsidian']),
      ),
    ).toBe(true);
    // A question that asks nothing of anyone is left alone.
    expect(answersPossessive(possessiveOf('when is my dentist appointment'), 'Anything', 'Any', none)).toBe(true);
  });

  it('"la band di Maya", "de hond van Maya" ask of Maya where Maya calls a note; "documentos de Craft" ask of no one', () => {
    const notes = new Set(['maya', 'tom']);
    const drums = possessiveOf('Chi suona la batteria nella band di Maya?', notes);
    expect(drums.names).toEqual(['maya']);
    const none = new Set<string>();
    // Her bass line is about her band, not about who plays the drums in it.
    const bass = 'Suona il basso in una band che si chiama Lowercase Letters; concerto il 12 dicembre';
    expect(answersPossessive(drums, bass, 'Maya Chen', none, 'it')).toBe(false);
    // What asks for a name ("heet", "se llama") is no word the answer must say.
    const dog = possessiveOf('Hoe heet de hond van Maya?', notes);
    expect(dog.names).toEqual(['maya']);
    expect(answersPossessive(dog, 'Heeft een hond die Pixel heet (een bordercollie)', 'Maya Chen', none, 'nl')).toBe(
      true,
    );
    expect(possessiveOf('¿Cómo se llama la esposa de Tom?', notes).names).toEqual(['tom']);
    expect(possessiveOf('Como se chama o cão da Maya?', notes).names).toEqual(['maya']);
    // Vietnamese "của" (of): "Ai chơi trống trong ban nhạc của Maya?" was answered with her bass line.
    const trong = possessiveOf('Ai chơi trống trong ban nhạc của Maya?', notes);
    expect(trong.names).toEqual(['maya']);
    const bassVi = 'Chơi bass trong ban nhạc tên Lowercase Letters; buổi diễn ngày 12 tháng 12';
    expect(answersPossessive(trong, bassVi, 'Maya Chen', none, 'vi')).toBe(false);
    // "tên" (name) asks for a name, as "heet" does: "Vợ: Ingrid" answers "Vợ của Tom tên gì?".
    const wife = possessiveOf('Vợ của Tom tên gì?', notes);
    expect(answersPossessive(wife, 'Vợ: Ingrid; con mèo Mr. Biscuit của hai ông bà', 'Tom Becker', none, 'vi')).toBe(
      true,
    );
    // "de" says "from" and "made of" as often: only a name that calls a note is asked of.
    expect(possessiveOf('pasar mis documentos de Craft a la bóveda', notes).names).toEqual([]);
    // Not in Polish, whose "do" is "to": "Z kim jadę do Lizbony?".
    expect(possessiveOf('Z kim jadę do Lizbony?', new Set(['lizbony'])).names).toEqual([]);
  });

  it('"the capital of Portugal" asks of Portugal as "Portugal\'s capital" does; "out of Craft" asks nothing of Craft', () => {
    const capital = possessiveOf("what's the capital of Portugal");
    expect(capital.names).toEqual(['portugal']);
    const none = new Set<string>();
    // About Portugal, but not its capital (the sample vault's Lisbon Trip note).
    expect(
      answersPossessive(capital, 'Power adapter — not needed, Portugal uses type F like home', 'Lisbon Trip', none),
    ).toBe(false);
    expect(answersPossessive(capital, 'Lisbon is the capital of Portugal.', 'Lisbon Trip', none)).toBe(true);
    // A name of two words: the sentence must be about both.
    const address = possessiveOf("what's the address of Northwind Labs");
    expect(address.names).toEqual(['northwind', 'labs']);
    expect(
      answersPossessive(
        address,
        'I work as a backend engineer at Northwind Labs on the onboarding team.',
        'Career',
        none,
      ),
    ).toBe(false);
    expect(answersPossessive(address, 'Address: Kade Street 12, Rotterdam', 'Northwind Labs', none)).toBe(true);
    // Every word of what is asked: "number" alone is not a phone number, "cat" alone not its breed.
    const tom = 'Tom Becker';
    const phone = possessiveOf("what's the phone number of Tom");
    expect(answersPossessive(phone, 'Neighbour at number 14, retired electrician.', tom, none)).toBe(false);
    expect(answersPossessive(phone, 'Phone number: 0650 123 456', tom, none)).toBe(true);
    const breed = possessiveOf("what breed is Tom's cat");
    expect(answersPossessive(breed, 'Wife: Ingrid; their cat Mr. Biscuit sometimes sleeps in my shed', tom, none)).toBe(
      false,
    );
    // "called" asks for a name, which the sentence gives without the word.
    const wife = possessiveOf("what's Tom's wife called");
    expect(answersPossessive(wife, 'Wife: Ingrid; their cat Mr. Biscuit sometimes sleeps in my shed', tom, none)).toBe(
      true,
    );
    // Where from, not whose; a lower-case word after "of" is no name.
    expect(possessiveOf('moving my documents out of Craft').names).toEqual([]);
    expect(possessiveOf("what's the budget of the Lisbon trip").names).toEqual([]);
  });

  it('a word common to nearly all retrieved notes does not make a sentence relevant', () => {
    const texts = ['Open the vault settings.', 'Move a vault.', 'A vault is a folder.', 'Sync the vault.'];
    const common = commonWords(texts);
    expect(common.has('vault')).toBe(true);
    expect(sharedDistinctiveKeyWords('where is my tax return in the vault', 'A vault is a folder.', common)).toBe(0);
    expect(sharedDistinctiveKeyWords('what is a vault folder', 'A vault is a folder.', common)).toBe(1);
    expect(commonWords(texts.slice(0, 2)).size).toBe(0);
  });
});

describe('verifyAnswer drops prompt text even when its words are in the notes', () => {
  const notes = [chunk('Clipper.md', 'Save web articles into your vault with the Web Clipper extension.')];
  it('a role line and a copied question are dropped; an "Answer:" label is removed', () => {
    const v = verifyAnswer(
      'user: save web articles into my vault. Question: save web articles into your vault? Answer: Save web articles into your vault with the Web Clipper extension [1].',
      notes,
      'save web articles into your vault',
    );
    expect(v.text).toBe('Save web articles into your vault with the Web Clipper extension. [1]');
  });
});

describe('answer eval scoring', () => {
  const run = (answer: string, sources: string[], total_ms = 1000, shown = sources) => ({
    answer,
    sources: sources.map((source) => ({ source })),
    shown: shown.map((source) => ({ source })),
    timings: { first_token_ms: 500, total_ms, model_calls: 2 },
  });
  it('a hit needs a non-refusal citing a rel note; off-topic refusals are the fixed answer in any language', () => {
    const onTopic = { set: 's', part: 'tune' as const, q: 'when does the pump run', rel: ['Pump.md'] };
    const offTopic = { set: 's', part: 'tune' as const, q: '¿cuándo es mi cita con el dentista?', rel: [] };
    const rows = [
      scoreAnswer(onTopic, run('It runs at six [1].', ['Pump.md'], 1000)),
      scoreAnswer(onTopic, run('Batteries last two years [1].', ['Timer.md'], 2000, ['Timer.md', 'Pump.md'])),
      scoreAnswer(onTopic, run('user: when does the pump run [1]', ['Pump.md'], 3000)),
      scoreAnswer(offTopic, run(notInNotesFor(offTopic.q), [], 4000)),
      scoreAnswer(offTopic, run('Dates can be added [1].', ['Dates.md'], 5000)),
    ];
    expect(rows.map((r) => r.hit)).toEqual([true, false, true, false, false]);
    expect(rows.map((r) => r.refused)).toEqual([false, false, false, true, false]);
    // Shown but not cited is the answer's miss; an off-topic question has no right note to show.
    expect(rows.map((r) => r.found)).toEqual([true, true, true, false, false]);
    expect(rows[2]!.leak?.kind).toBe('role');
    const m = summariseAnswers(rows);
    expect(m).toMatchObject({ questions: 5, on_topic: 3, off_topic: 2, leaks: 1, refusal_rate: 0.5 });
    expect(m.citation_hit_rate).toBeCloseTo(2 / 3);
    expect(m.found_rate).toBe(1);
    expect(
      summariseAnswers([scoreAnswer(onTopic, run('Batteries last two years [1].', ['Timer.md']))]).found_rate,
    ).toBe(0);
    expect(m.latency_ms).toEqual({ median: 3000, p95: 5000, first_token_median: 500 });
    expect(percentile([], 0.5)).toBe(0);
  });
});

describe('synthesize: answers that answer (scripted model, real embedder())', () => {
  const embedder = useBundledEmbedder();

  const recovery = chunk(
    'Plugins/File recovery.md',
    'File recovery saves snapshots of your notes while you work. By default, snapshots are kept for 7 days before they are deleted.',
  );
  const dates = chunk(
    'Editing and formatting/Dates.md',
    'You can add a duration to a date, for example a date plus three days. Date arithmetic works in properties and queries.',
  );
  const template = chunk(
    'Plugins/Templates.md',
    'Copy and paste the following text into your note:\n```\n{{date}}\n```\nThe template inserts the current date wherever you put the date variable.',
  );

  it('a draft that opens with prompt text keeps only its answer sentence', async () => {
    const model = new ScriptedModel({
      text: [
        'user: How long are snapshots kept? Question: How long are snapshots kept? By default, snapshots are kept for 7 days [1].',
      ],
    });
    const s = await synthesize(model, embedder(), {
      query: 'How long are snapshots kept?',
      chunks: [recovery, dates],
      recent: [{ role: 'user', content: 'How long are snapshots kept?' }],
    });
    expect(s.answer).toMatch(/kept for 7 days/);
    expect(answerLeak(s.answer, 'How long are snapshots kept?')).toBeNull();
    expect(s.answer).not.toMatch(/user:|Question/);
  });

  it('the question is not shown to the model twice: the conversation holds only earlier turns', async () => {
    const model = new ScriptedModel({ text: ['By default, snapshots are kept for 7 days [1].'] });
    await synthesize(model, embedder(), {
      query: 'How long are snapshots kept?',
      chunks: [recovery],
      recent: [{ role: 'user', content: 'How long are snapshots kept?' }],
    });
    expect(lastUserText(model.prompts('complete')[0]!)).not.toContain('Conversation so far');
    const follow = new ScriptedModel({ text: ['By default, snapshots are kept for 7 days [1].'] });
    await synthesize(follow, embedder(), {
      query: 'How long are snapshots kept?',
      chunks: [recovery],
      recent: [
        { role: 'user', content: 'What is file recovery?' },
        { role: 'assistant', content: 'It saves snapshots [1].' },
        { role: 'user', content: 'how long are they kept' },
      ],
    });
    const prompt = lastUserText(follow.prompts('complete')[0]!);
    expect(prompt).toContain(
      'Conversation so far:\nuser: What is file recovery?\nassistant: It saves snapshots [1].\n\n',
    );
    expect(prompt).not.toContain('user: how long are they kept');
  });

  it('a follow-up is not answered with the sentences the answer before it gave', async () => {
    // A follow-up is searched with the question before it attached, whose words then win again: "それをオフにできますか"
    // after a question on end-to-end encryption got the same two sentences word for word (obsiquery ask, help-ja).
    const question = 'How long are snapshots kept?';
    const recoveryMore = chunk(
      'Plugins/File recovery.md',
      `${recovery.page_content} You can change how long snapshots are kept in the File recovery settings. Older snapshots are removed automatically once they pass that period. You can restore any snapshot from the File recovery settings.`,
    );
    const first = await synthesize(null, embedder(), {
      query: question,
      chunks: [recoveryMore],
      recent: [{ role: 'user', content: question }],
    });
    expect(first.answer).toMatch(/kept for 7 days/);
    const followUp = 'and can I change that';
    const again = await synthesize(null, embedder(), {
      query: `${question} ${followUp}`,
      chunks: [recoveryMore],
      recent: [
        { role: 'user', content: question },
        { role: 'assistant', content: first.answer.replace(/\[1\]/g, '[2]') },
        { role: 'user', content: followUp },
      ],
    });
    expect(again.answer).not.toBe('');
    for (const said of splitSentences(first.answer.replace(/\s*\[\d+\]/g, '')))
      expect(again.answer).not.toContain(said);
  });

  it('a grounded sentence that does not answer the question is not an answer: "not in your notes"', async () => {
    // The note is retrieved (weakly) and the model copies a sentence of it word for word: grounded, but it says
    // nothing about a dentist.
    const weak = [{ ...dates, dense_score: 0.3 }];
    const model = new ScriptedModel({
      text: ['You can add a duration to a date, for example a date plus three days [1].'],
    });
    const s = await synthesize(model, embedder(), {
      query: 'When is my dentist appointment?',
      chunks: weak,
      recent: [],
    });
    expect(s).toMatchObject({ answer: '', cited: [], notInNotes: true });
    const extractive = await synthesize(null, embedder(), {
      query: 'When is my dentist appointment?',
      chunks: weak,
      recent: [],
    });
    expect(extractive.notInNotes).toBe(true);
  });

  it('a draft that restates the question and pins it on an unrelated note is not an answer', async () => {
    // From a 1.5B model through the endpoint: the question's words make the sentence close to the question, the
    // rest of it is grounded in a note about date functions, and neither says when the appointment is.
    const strong = [{ ...dates, dense_score: 0.6 }];
    const draft =
      'To find out when your dentist appointment is, you can add a duration to a date, for example a date plus three days [1].';
    const s = await synthesize(new ScriptedModel({ text: [draft] }), embedder(), {
      query: 'When is my dentist appointment?',
      chunks: strong,
      recent: [],
    });
    expect(s, s.answer).toMatchObject({ answer: '', cited: [], notInNotes: true });
    // The same opening on a sentence that restates a note sentence about the question still answers.
    const answered = await synthesize(
      new ScriptedModel({
        text: ['To keep your snapshots longer than a week, note that by default snapshots are kept for 7 days [1].'],
      }),
      embedder(),
      { query: 'How long are snapshots kept?', chunks: [recovery, dates], recent: [] },
    );
    expect(answered.notInNotes, answered.answer).toBe(false);
    expect(answered.cited).toEqual([1]);
  });

  it('the same kind of sentence answers when it is about the question', async () => {
    const model = new ScriptedModel({ text: ['You can add a duration to a date [1].'] });
    const s = await synthesize(model, embedder(), {
      query: 'How do I add days to a date?',
      chunks: [dates],
      recent: [],
    });
    expect(s.notInNotes).toBe(false);
    expect(s.cited).toEqual([1]);
  });

  it('a fact about another person, or another fact about the person, does not answer what is asked of someone', async () => {
    // From the sample vault's off-topic tuning part: "when is Maya's birthday" was answered "Works with me since:
    // March 2025" (close in meaning, in Maya's note), and a birthday in Lena's note shares the word.
    const people = [
      chunk('People/Maya Chen.md', '- Works with me since: March 2025\n- Plays bass in a band', { title: 'Maya Chen' }),
      chunk('People/Lena Novak.md', '- Birthday: 14 January\n- Lives in Vienna', { title: 'Lena Novak' }),
      chunk('Inbox.md', '- Get a birthday present for Lena', { title: 'Inbox' }),
    ];
    const asked = await synthesize(null, embedder(), { query: "when is Maya's birthday", chunks: people, recent: [] });
    expect(asked, asked.answer).toMatchObject({ answer: '', notInNotes: true });
    const lena = await synthesize(null, embedder(), { query: "when is Lena's birthday", chunks: people, recent: [] });
    expect(lena.notInNotes, lena.answer).toBe(false);
    expect(lena.answer).toContain('14 January');
  });

  it('"the X of Name" asks X of Name, and a sentence must say all of X', async () => {
    // From the sample vault (offtopic-sample-4-tune and exploring it): a line naming Portugal answered its capital, and
    // Tom's house number his phone number.
    const notes = [
      chunk('Projects/Lisbon Trip.md', '- Power adapter — not needed, Portugal uses type F like home', {
        title: 'Lisbon Trip',
      }),
      chunk('People/Tom Becker.md', 'Neighbour at number 14, retired electrician.\n\n- Wife: Ingrid', {
        title: 'Tom Becker',
      }),
    ];
    for (const query of ["what's the capital of Portugal", "what's the phone number of Tom"]) {
      const s = await synthesize(null, embedder(), { query, chunks: notes, recent: [] });
      expect(s, `${query} → ${s.answer}`).toMatchObject({ answer: '', notInNotes: true });
    }
    const wife = await synthesize(null, embedder(), { query: "what's Tom's wife called", chunks: notes, recent: [] });
    expect(wife.answer).toContain('Ingrid');
  });

  it('a question with a word no note holds needs an answer sharing a word with it, not only meaning', async () => {
    // From the tuning part: "export my whole vault to a Word docx file" was answered "Go to File > Export, then
    // choose Export." (close in meaning; "export", "file" and "vault" are in every retrieved chunk, so shared by none).
    const exporting = [
      chunk('Export.md', 'Go to File > Export, then choose Export.'),
      chunk('PDF.md', 'Export a file of your vault as PDF from the file menu.'),
      chunk('HTML.md', 'Community plugins export vault files to HTML for a website.'),
      chunk('Backup.md', 'Copy the vault folder to back up every file before an export.'),
    ];
    const query = 'export my whole vault to a Word docx file';
    const plain = await synthesize(null, embedder(), { query, chunks: exporting, recent: [] });
    expect(plain.notInNotes, plain.answer).toBe(false);
    const lacking = await synthesize(null, embedder(), {
      query,
      chunks: exporting,
      recent: [],
      unknownWords: ['docx'],
    });
    expect(lacking).toMatchObject({ answer: '', notInNotes: true });
    // A sentence that does share a key word still answers such a question.
    const word = await synthesize(null, embedder(), {
      query: 'export my vault to Word',
      chunks: [...exporting, chunk('Word.md', 'Word documents can be converted to Markdown with a community plugin.')],
      recent: [],
      unknownWords: ['docx'],
    });
    expect(word.notInNotes, word.answer).toBe(false);
  });

  it('a question for a number that names one thing needs a sentence with digits', async () => {
    // From fresh off-topic questions over the help vault (offtopic-en-4-tune).
    const canvas = [
      chunk(
        'Canvas.md',
        'To open the web page in your browser, press Ctrl (or Cmd on macOS) and select the card label.',
        {
          title: 'Canvas',
        },
      ),
    ];
    const s = await synthesize(null, embedder(), {
      query: "what's my library card number",
      chunks: canvas,
      recent: [],
    });
    expect(s, s.answer).toMatchObject({ answer: '', notInNotes: true });
    const card = [chunk('Wallet.md', 'Library card: number 2281 0044 7, renew in March.', { title: 'Wallet' })];
    const numbered = await synthesize(null, embedder(), {
      query: "what's my library card number",
      chunks: card,
      recent: [],
    });
    expect(numbered.answer).toContain('2281');
  });

  it("within a time, a word is common among the notes, not among one note's chunks", async () => {
    // The sample vault (sample-vault-6-tune): "whose birthday is in January" read two chunks of the Inbox and Lena's
    // note, three texts that all write "birthday", so no line shared a word and "Birthday: 14 January" was refused.
    const notes = [
      chunk('Inbox.md', '- [ ] Get a birthday present for Lena (her birthday is in January) #family', {
        title: 'Inbox',
        start_line: 11,
      }),
      chunk('People/Lena Novak.md', '- Birthday: **14 January**\n- Lives in Vienna with her partner Jonas', {
        title: 'Lena Novak',
      }),
      chunk('Inbox.md', '# Inbox\n\n- [ ] Buy rye flour for the starter\n- [ ] Get a birthday present for Lena', {
        title: 'Inbox',
      }),
    ];
    const s = await synthesize(null, embedder(), {
      query: 'whose birthday is in January',
      chunks: notes,
      recent: [],
      dateScope: { from: '2026-01-01', to: '2026-01-31', rest: 'whose birthday is' },
    });
    expect(s.notInNotes, s.answer).toBe(false);
    expect(s.answer).toContain('14 January');
  });

  it('a word of quantity a vault never writes is no missing thing ("how much will it cost")', async () => {
    // The sample vault never writes "much": "Lisbon trip how much will it cost" (a follow-up with its subject) was
    // refused, since its answer shares no key word ("Lisbon" and "trip" are in every retrieved chunk).
    const trip = [
      chunk('Projects/Lisbon Trip.md', '| Item | Estimate |\n| --- | --- |\n| Flights | €420 |\n| Total | €1,800 |'),
      chunk('Projects/Lisbon Trip.md', 'Spring holiday with Lena. Flights booked on 2026-11-12.'),
      chunk('Projects/Lisbon Trip.md', 'Stay: small apartment in Alfama, check-in after 15:00.'),
      chunk('Areas/Finances.md', 'Travel savings: €250 a month for the Lisbon trip.'),
    ];
    for (const query of ['Lisbon trip how much will it cost', 'how much will the Lisbon trip cost']) {
      const s = await synthesize(null, embedder(), { query, chunks: trip, recent: [], unknownWords: ['much'] });
      expect(s.notInNotes, query).toBe(false);
      expect(s.answer, query).toMatch(/€/);
    }
    // A thing the vault lacks still needs a shared word.
    const lacking = await synthesize(null, embedder(), {
      query: 'Lisbon trip how much will the ferry to Madeira cost',
      chunks: trip,
      recent: [],
      unknownWords: ['ferry', 'madeira'],
    });
    expect(lacking.notInNotes, lacking.answer).toBe(true);
  });

  it('a Spanish sentence sharing the one distinctive word of a short question answers it; an unrelated one does not', async () => {
    // From the Spanish tuning part: "bóveda" is in every retrieved chunk, so no sentence can share it; counted in
    // the share anyway, the question needed two shared words of four and was refused.
    const notes = [
      chunk('Importar desde Craft.md', 'Obsidian te permite migrar tus notas desde Craft a tu bóveda.'),
      chunk('Gestionar bóvedas.md', 'Mueve la carpeta de tu bóveda a una nueva ubicación.'),
      chunk('Actualizar el cifrado.md', 'Selecciona reanudar para empezar a sincronizar con la nueva bóveda remota.'),
      chunk('Perfil.md', 'Haz clic en el icono Perfil de bóveda abajo a la izquierda.'),
    ];
    const craft = await synthesize(null, embedder(), {
      query: 'pasar mis documentos de Craft a la bóveda',
      chunks: notes,
      recent: [],
    });
    expect(craft.notInNotes, craft.answer).toBe(false);
    expect(craft.answer).toContain('Craft');
    expect(craft.cited).toEqual([1]);
    const offTopic = await synthesize(null, embedder(), {
      query: 'receta de tortilla de patatas para la cena en mi bóveda',
      chunks: notes,
      recent: [],
    });
    expect(offTopic).toMatchObject({ answer: '', notInNotes: true });
  });

  it('quotes whole sentences: never a lead-in ending in a colon', async () => {
    const model = new ScriptedModel({ text: ['Copy and paste the following text into your note: [1]'] });
    const s = await synthesize(model, embedder(), {
      query: 'How do I insert the current date with a template?',
      chunks: [template],
      recent: [],
    });
    expect(s.answer).not.toMatch(/:\s*\[\d+\]/);
    expect(s.answer).toContain('The template inserts the current date wherever you put the date variable. [1]');
    const extractive = await synthesize(null, embedder(), {
      query: 'How do I insert the current date with a template?',
      chunks: [template],
      recent: [],
    });
    expect(extractive.answer).not.toMatch(/Copy and paste the following text/);
  });

  it('a Japanese question is answered from a Japanese note that shares its words, and refused when off-topic', async () => {
    const ja = chunk(
      'プラグイン/ファイルリカバリー.md',
      'スナップショットはデフォルトで7日間保存され、その後削除されます。',
      {
        dense_score: 0.3,
      },
    );
    const yes = await synthesize(null, embedder(), {
      query: 'スナップショットは何日間保存されますか',
      chunks: [ja],
      recent: [],
    });
    expect(yes.notInNotes).toBe(false);
    expect(yes.answer).toMatch(/7日間/);
    const no = await synthesize(null, embedder(), { query: '歯医者の予約はいつですか', chunks: [ja], recent: [] });
    expect(no.notInNotes).toBe(true);
  });
});

describe('eval --answers set choice', () => {
  const sets = [
    { name: 'a-tune', queries: 'a.jsonl', vault: 'v', language: 'en', part: 'tune' as const },
    { name: 'a-test', queries: 'b.jsonl', vault: 'v', language: 'en', part: 'test' as const },
    { name: 'off-test', queries: 'c.jsonl', vault: 'v', language: 'en', part: 'test' as const, offTopic: true },
  ];
  // --answers chooses its sets with the same function as the retrieval eval and bench/fusionEval.ts.
  it('picks by name and part, and names the known sets when one is unknown', async () => {
    const { selectEvalSets, EvalSetError } = await import('../../src/search/evalSets.js');
    expect(selectEvalSets(sets, { part: 'test' }).map((s) => s.name)).toEqual(['a-test', 'off-test']);
    expect(selectEvalSets(sets, { names: ['a-tune', 'a-test'], part: 'tune' }).map((s) => s.name)).toEqual(['a-tune']);
    expect(() => selectEvalSets(sets, { names: ['nope'] })).toThrow(
      /No question set named "nope".*a-tune, a-test, off-test/,
    );
    expect(() => selectEvalSets(sets, { names: ['a-tune'], part: 'test' })).toThrow(EvalSetError);
    expect(() => selectEvalSets(sets, { names: ['a-tune'], part: 'test' })).toThrow(/No question set matches/);
  });
});
