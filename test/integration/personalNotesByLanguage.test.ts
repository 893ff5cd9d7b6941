import { describe, expect, it } from 'vitest';
import { personalVault } from '../helpers/fixtures.js';
import { useIndexedVault } from '../helpers/indexedSampleVault.js';
import { askOnDay } from '../helpers/askOnDay.js';
import type { VaultService } from '../../src/services/vaultService.js';
import { notInNotesFor, questionLanguage } from '../../src/agent/language.js';

/**
 * The personal vault in each language (eval/vaults/personal-XX: a colleague, a neighbour, health, a trip), asked what
 * its owner would ask, through the whole agent (no chat model) on a real index with the embedder the app gives a vault
 * in that language (E5). One row per language: the questions its notes answer (what the answer must say, the note it
 * must cite) and the questions they do not, which must be refused in the question's own language. The comments say
 * which fault a case was written for, and in which session it was found.
 *
 * Each vault is indexed once, for its own row's tests (useIndexedVault in the row's describe block).
 */
const TODAY = new Date(2026, 10, 25, 10, 0, 0);
const E5 = 'multilingual-e5-small-int8';

interface Answered {
  /** What the case shows (the test's name, beside the question). */
  does: string;
  q: string;
  /** The answer's text: anchored with ^ where the answer must open with that line. */
  answer: RegExp;
  /** A note the answer must cite. */
  cites?: string;
  /** The one note the answer must cite, and no other. */
  citesOnly?: string;
  /** The question, read outside any vault (questionLanguage), must be read as the row's language. */
  readAs?: true;
}

interface Refused {
  /** What the case shows, where it is more than "refuses what the notes do not say". */
  does?: string;
  q: string;
  /** A word of the refusal, in the language it must be given in. */
  says?: RegExp;
  /**
   * The refusal word for word, where notInNotesFor(q) would give another language's: it reads q outside any vault,
   * and the case is about a question that only the vault's language tells apart.
   */
  exactly?: string;
  /** The question, read outside any vault (questionLanguage), must be read as the row's language. */
  readAs?: true;
}

interface Language {
  name: string;
  lang: Parameters<typeof personalVault>[0];
  answers: Answered[];
  refusals: Refused[];
}

const LANGUAGES: Language[] = [
  {
    // Three faults found here: a day written with a full stop ended the quoted sentence; "Welches Instrument spielt
    // Maya?" was read as English and refused in English; and "Wie erreiche ich Maya am besten?" found nothing at all,
    // the question being under E5's relevance gate, though it calls Maya's note by its alias.
    name: 'German',
    lang: 'de',
    answers: [
      {
        does: 'quotes a sentence with a day written "16. November" whole',
        q: 'Was habe ich mir von Tom geliehen?',
        answer: /^Hat mir am 16\. November seinen Akkuschrauber geliehen/,
      },
      {
        does: 'reads a short question with a German question word as German',
        q: 'Welches Instrument spielt Maya?',
        answer: /Spielt Bass/,
      },
      {
        does: 'reads a question that shares only "was" with English as German',
        q: 'Was zieht Tom jedes Jahr?',
        answer: /zieht jedes Jahr Chilis/,
        cites: 'Personen/Tom Becker.md',
      },
      // Refused before the thirty-fourth session: "beruflich" asks who someone is, as "what does Maya do for a living"
      // does.
      {
        does: 'answers what someone does for a living, asked of their name',
        q: 'Was macht Maya beruflich?',
        answer: /^Rolle: Senior Product Designerin bei Northwind Labs/,
        citesOnly: 'Personen/Maya Chen.md',
      },
      {
        does: 'answers what someone does for a living, asked of how they relate to the asker',
        q: 'Was macht mein Nachbar beruflich?',
        answer: /^Tom Becker: Nachbar in Hausnummer 14, Elektriker im Ruhestand\. \[1\]/,
      },
      {
        does: 'searches the note a question calls by name when nothing passed the relevance gate',
        q: 'Wie erreiche ich Maya am besten?',
        answer: /Kontakt: am besten über Slack/,
        cites: 'Personen/Maya Chen.md',
      },
      // "welchen" is "welche" in another case, no key word: with it the question had four key words and the office
      // line shared one ("Büro") where two were needed (twenty-fifth session).
      {
        does: 'answers a question asked with "welchen"',
        q: 'An welchen Tagen ist Maya nicht im Büro?',
        answer: /Arbeitsort: Büro in Rotterdam, montags und freitags im Homeoffice/,
      },
    ],
    refusals: [
      // Read as English, it was refused in English.
      {
        does: 'refuses, in German, a question that shares only "was" with English',
        q: 'Was trinkt Tom gern?',
        says: /Notizen/,
      },
      // No function word and no English one (German nouns are capitalised like names): it was read as English and
      // refused in English.
      {
        does: 'refuses, in the vault’s language, a question with no word of any language',
        q: 'Blutgruppe Maya',
        exactly: 'Dazu habe ich in deinen Notizen nichts gefunden.',
      },
      {
        does: 'refuses an English question in English, in any vault',
        q: 'kubectl restart all pods',
        says: /your notes/,
      },
      { q: 'Wie viel verdient Maya?', says: /Notizen/ },
      { q: 'Wie ist das Wetter in Lissabon?', says: /Notizen/ },
      // The pump's line says when it runs, not what it cost: "gekostet" asks a price, as "kostete" does.
      { q: 'Wie viel hat die Bewässerungspumpe gekostet?', says: /Notizen/ },
    ],
  },
  {
    // Japanese marks no name with a capital and ICU splits a name it does not know into single kanji, so
    // "美雅さんと連絡を取るには" had one key word ("連絡") where two were needed, and "リスボン旅行の予算はいくら？" shared only
    // "予算" with the note "リスボン旅行"'s budget line: both were "not in your notes". Now a name split into kanji is one
    // key word, and a run of the sentence's note title counts beside a word the sentence shares itself
    // (questionKeyWords, sharedDistinctiveKeyWords in src/agent/relevance.ts).
    name: 'Japanese',
    lang: 'ja',
    answers: [
      {
        does: "answers what the trip's note says of it, though the line writes only its own word",
        q: 'リスボン旅行の予算はいくら？',
        answer: /^予算：二人で1,800ユーロ/,
        cites: 'プロジェクト/リスボン旅行.md',
      },
      // The lodging line shares only the kanji of the question's verb (泊まる / 宿泊), in its label (verbKanjiInLabel).
      {
        does: 'answers where the trip stays from the line whose label names it',
        q: 'リスボンではどこに泊まる？',
        answer: /^宿泊：アルファマ地区の小さなアパート/,
        cites: 'プロジェクト/リスボン旅行.md',
      },
      {
        does: 'answers what a person’s note says of them, called by a name ICU does not know',
        q: '美雅さんと連絡を取るにはどうすればいい？',
        answer: /Slackが一番/,
        cites: '人物/陳美雅.md',
      },
      // "ボーダーコリーの犬を飼っていて、名前はピクセル" is the closest of the note's lines, just under E5's gate.
      {
        does: 'answers with the sentence closest in meaning, though E5 puts every line of the note about as close',
        q: '美雅さんの犬の名前は？',
        answer: /名前はピクセル/,
        cites: '人物/陳美雅.md',
      },
      // "奥さんは由美さん。" is eight characters (shortStatement), and shares "奥" with the question in 田中健's note.
      {
        does: "answers from a short sentence of the person's note holding the question's word",
        q: '田中さんの奥さんの名前は？',
        answer: /^奥さんは由美さん。/,
        cites: '人物/田中健.md',
      },
    ],
    refusals: [
      { does: 'still refuses what the notes do not say of the trip', q: 'リスボンの天気はどう？' },
      { does: 'still refuses what the notes do not say of the person', q: '美雅さんの給料はいくら？' },
    ],
  },
  {
    // "我们在里斯本住哪里？" was "not in your notes": its key words were "我们" (a pronoun) and "里斯本", the lodging line
    // "住宿：阿尔法玛区的一间小公寓…" shares neither in its own text, and E5 puts it below the line about Tom, who "住在14号"
    // (twenty-fifth session: pronouns are no key words, a verb's character counts in a line's label, and a line sharing
    // every key word needs no more meaning than the closest line does).
    name: 'Chinese',
    lang: 'zh',
    answers: [
      {
        does: 'answers where the trip stays from the line whose label names it',
        q: '我们在里斯本住哪里？',
        answer: /^住宿：阿尔法玛区的一间小公寓/,
        cites: '项目/里斯本旅行.md',
      },
      // "弹" (plays) is one character, a key word nowhere else; the line is in the note "陈美雅" the question names.
      {
        does: "answers what a person does from the line of their note holding the question's verb",
        q: '美雅弹什么乐器？',
        answer: /^在一个叫 Lowercase Letters 的乐队弹贝斯/,
        cites: '人物/陈美雅.md',
      },
    ],
    refusals: [
      // "住在14号" is in Tom's note, not Lena's.
      { does: 'refuses where a person lives from the line of another person’s note', q: '丽娜住几号？' },
      { does: 'still refuses what the notes do not say of the trip', q: '里斯本的天气怎么样？' },
      { does: 'still refuses what the notes do not say of the trip', q: '我们在里斯本吃什么？' },
      // Was answered with "职位：…，在我的团队（新用户引导）", which shares only "我的" (my).
      { does: 'still refuses what the notes do not say', q: '我的血型是什么？' },
    ],
  },
  {
    // A language with no function-word table. Before the twenty-first session each of these was refused, in
    // Portuguese, French or English: the question was read as another language ("Jak ma na imię…": "na"), its function
    // words ("jak", "ma") counted as key words, and a name with a case ending ("od Toma") was a name no note mentions.
    name: 'Polish',
    lang: 'pl',
    answers: [
      {
        does: 'answers a question whose name has a case ending ("od Toma": the note is "Tom")',
        q: 'Co pożyczyłem od Toma?',
        answer: /pożyczył mi wkrętarkę/,
        cites: 'Osoby/Tom Becker.md',
      },
      {
        does: 'matches a key word by its stem with another ending ("dentysty" / "Dentysta")',
        q: 'Kiedy mam wizytę u dentysty?',
        answer: /^Dentysta: przegląd i czyszczenie 3 grudnia o 9:15/,
      },
    ],
    refusals: [
      // "numer" is in Tom's note ("Sąsiad spod numeru 14"): a phone number is asked for, and no line gives one.
      { q: 'Jaki jest numer telefonu Toma?', says: /notatkach/, readAs: true },
      { q: 'Jaka jest pogoda w Lizbonie?', says: /notatkach/, readAs: true },
    ],
  },
  {
    // Turkish writes a name's case ending after an apostrophe ("Tom'dan", "Lizbon'da"), which ICU splits off as a
    // word: before the twenty-first session the question was read as German (its "ö"), refused in German, and "dan"
    // was a key word no sentence shares.
    name: 'Turkish',
    lang: 'tr',
    answers: [
      {
        does: 'answers a question whose name carries its case ending after an apostrophe',
        q: "Tom'dan ne ödünç aldım?",
        answer: /vidalama makinesini ödünç verdi/,
        cites: 'Kişiler/Tom Becker.md',
        readAs: true,
      },
      // "eşinin" and "Eşi" meet by their stem "es" only when the question's word is stemmed as written (ş kept).
      {
        does: "answers from the line whose label is the question's word, written with another ending",
        q: "Tom'un eşinin adı ne?",
        answer: /^Eşi: Ingrid/,
        cites: 'Kişiler/Tom Becker.md',
      },
    ],
    refusals: [{ q: "Tom'un telefon numarası ne?", says: /Notlarında/ }],
  },
  // Russian and Italian, thirty-sixth session: the first run of these languages' tuning parts refused questions whose
  // words the notes hold, with another ending ("связаться" / "Связь") or beside a function word counted as a key word
  // ("всего", "devo", "agli"), refused "who do I go with" with the line naming her, and answered a question for a phone
  // number with a house number.
  {
    name: 'Russian',
    lang: 'ru',
    answers: [
      {
        does: 'answers from the line whose words have other endings, not counting the words that only ask',
        q: 'Как лучше всего связаться с Майей?',
        answer: /^Связь: лучше через Slack/,
        cites: 'Люди/Майя Чен.md',
        readAs: true,
      },
      {
        does: 'answers who someone is ("Кто такая…") with the opening of the note the alias names (forty-seventh session)',
        q: 'Кто такая Майя?',
        answer: /^Должность: старший продуктовый дизайнер/,
        citesOnly: 'Люди/Майя Чен.md',
      },
    ],
    refusals: [{ q: 'Сколько зарабатывает Том?', says: /заметках/ }],
  },
  {
    name: 'Italian',
    lang: 'it',
    answers: [
      {
        does: 'answers a question whose auxiliaries and articled prepositions name nothing',
        q: 'Quando devo fare la visita agli occhi?',
        answer: /^Visita oculistica: a marzo 2027/,
        cites: 'Salute.md',
        readAs: true,
      },
      {
        does: 'answers who goes on the trip with the line naming her, in the note the question names',
        q: 'Con chi vado a Lisbona?',
        answer: /^Vacanza di primavera con mia sorella Lena\./,
        cites: 'Progetti/Viaggio a Lisbona.md',
      },
    ],
    refusals: [
      {
        does: 'refuses a phone number no note holds, though a line has a house number',
        q: 'Qual è il numero di telefono di Tom?',
        says: /note/,
      },
    ],
  },
  // Dutch, Ukrainian and Vietnamese, thirty-seventh session: the first run of these languages' tuning parts refused
  // questions whose function words counted as key words (Dutch "wat", "voor", "hoe", Ukrainian "як"), whose content
  // words fold into English function words (Vietnamese "tên", name, is "ten"), or whose three-letter name takes a case
  // ending ("Маї" of "Мая"); and read a Dutch question as English.
  {
    name: 'Dutch',
    lang: 'nl',
    answers: [
      {
        does: 'answers who goes on the trip with the line naming her, "wie" asking who',
        q: 'Met wie ga ik naar Lissabon?',
        answer: /^Vakantie in het voorjaar met mijn zus Lena\./,
        cites: 'Projecten/Reis naar Lissabon.md',
        readAs: true,
      },
    ],
    refusals: [{ does: 'refuses, in Dutch, a birthday no note holds', q: 'Wanneer is Maya jarig?', says: /notities/ }],
  },
  {
    name: 'Ukrainian',
    lang: 'uk',
    answers: [
      {
        does: 'answers a question naming her with a case ending ("Маї" of "Мая")',
        q: 'Як звати собаку Маї?',
        answer: /^Має собаку на ім'я Піксель/,
        cites: 'Люди/Мая Чен.md',
        readAs: true,
      },
      {
        does: 'searches the note a declined name calls when nothing passed the relevance gate ("Тома" of "Том")',
        q: 'Як звати дружину Тома?',
        answer: /^Дружина: Інгрід/,
        cites: 'Люди/Том Беккер.md',
      },
    ],
    refusals: [{ q: 'Коли в Маї день народження?' }],
  },
  {
    name: 'Vietnamese',
    lang: 'vi',
    answers: [
      {
        does: 'answers a question whose "tên" (name) folds into English "ten"',
        q: 'Chó của Maya tên là gì?',
        answer: /^Có một chú chó tên Pixel/,
        cites: 'Mọi người/Maya Chen.md',
        readAs: true,
      },
    ],
    refusals: [],
  },
  // Hindi, Arabic and Thai, forty-second session: a Hindi question had no content words (its vowel signs are combining
  // marks, which the word pattern split on) and got "What would you like to know?"; all three were refused in English;
  // and an Arabic word with its article or a possessive ("الزوجة", "زوجة") met no sentence without a stemmer.
  {
    name: 'Hindi',
    lang: 'hi',
    answers: [
      {
        does: 'answers a question whose words carry vowel signs, from the note it names',
        q: 'माया के कुत्ते का नाम क्या है?',
        answer: /पिक्सेल/,
        cites: 'लोग/माया चेन.md',
        readAs: true,
      },
    ],
    refusals: [{ does: 'refuses, in Hindi, a birthday no note holds', q: 'माया का जन्मदिन कब है?', says: /नोट्स में/ }],
  },
  {
    name: 'Arabic',
    lang: 'ar',
    answers: [
      {
        does: 'answers from the line whose label is the question\'s word with its article ("زوجة" / "الزوجة")',
        q: 'ما اسم زوجة توم؟',
        answer: /^الزوجة: إنغريد/,
        cites: 'أشخاص/توم بيكر.md',
        readAs: true,
      },
      {
        does: 'answers who someone is ("من هو…") with the opening of the note the alias names (forty-seventh session)',
        q: 'من هو توم؟',
        answer: /^جاري في المنزل رقم 14/,
        citesOnly: 'أشخاص/توم بيكر.md',
      },
    ],
    refusals: [
      { does: 'refuses, in Arabic, a birthday no note holds', q: 'متى عيد ميلاد مايا؟', says: /ملاحظاتك/ },
      {
        does: 'refuses a phone number no note holds, not quoting the house number (forty-seventh session)',
        q: 'ما رقم هاتف توم؟',
        says: /ملاحظاتك/,
      },
    ],
  },
  {
    name: 'Thai',
    lang: 'th',
    answers: [
      {
        does: 'answers a question written without spaces',
        q: 'หมาของมายาชื่ออะไร',
        answer: /พิกเซล/,
        cites: 'บุคคล/มายา เฉิน.md',
        readAs: true,
      },
      {
        does: 'answers who someone is ("…คือใคร") with the opening of the note the alias names (forty-seventh session)',
        q: 'มายาคือใคร',
        answer: /^ตำแหน่ง: นักออกแบบผลิตภัณฑ์อาวุโส/,
        citesOnly: 'บุคคล/มายา เฉิน.md',
      },
    ],
    refusals: [{ does: 'refuses, in Thai, a birthday no note holds', q: 'วันเกิดมายาวันไหน', says: /โน้ต/ }],
  },
];

async function expectAnswered(service: VaultService, { name, lang }: Language, c: Answered): Promise<void> {
  const where = `${name}: ${c.q}`;
  if (c.readAs) expect(questionLanguage(c.q), where).toBe(lang);
  const r = await askOnDay(service, c.q, TODAY);
  expect(r.answer, where).toMatch(c.answer);
  const cited = r.sources.map((s) => s.source);
  if (c.cites) expect(cited, where).toContain(c.cites);
  if (c.citesOnly) expect(cited, where).toEqual([c.citesOnly]);
}

async function expectRefused(service: VaultService, { name, lang }: Language, c: Refused): Promise<void> {
  const where = `${name}: ${c.q}`;
  if (c.readAs) expect(questionLanguage(c.q), where).toBe(lang);
  const r = await askOnDay(service, c.q, TODAY);
  expect(r.answer, where).toBe(c.exactly ?? notInNotesFor(c.q));
  if (c.says) expect(r.answer, where).toMatch(c.says);
}

// Tuples, not objects, so that "%s" puts the whole name and question in each test's title (a "$field" is cut short).
describe.each(LANGUAGES.map((l): [string, Language] => [l.name, l]))('a personal vault in %s', (_, language) => {
  const service = useIndexedVault(`obq-${language.lang}-personal-`, personalVault(language.lang), {
    embeddingModel: E5,
  });

  it.each(language.answers.map((c): [string, string, Answered] => [c.does, c.q, c]))(
    '%s: %s',
    (_does, _q, c) => expectAnswered(service(), language, c),
    120_000,
  );

  it.each(
    language.refusals.map((c): [string, string, Refused] => [
      c.does ?? `refuses, in ${language.name}, what the notes do not say`,
      c.q,
      c,
    ]),
  )('%s: %s', (_does, _q, c) => expectRefused(service(), language, c), 120_000);
});
