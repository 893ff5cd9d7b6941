import { AsyncLocalStorage } from 'node:async_hooks';
import { detectLanguage, LETTER_EVIDENCE } from '../text/language.js';
import { OTHER_LANGUAGE } from '../models/vaultLanguage.js';
import { LANGUAGE_FUNCTION_WORDS, QUERY_STOPWORDS } from '../text/stopwords.js';
import { isListedEnglishWord } from '../text/ordinaryWords.js';
import { NGRAM_LANGUAGES, ngramLanguage } from '../text/ngramLanguage.js';
import { NOT_IN_NOTES_ANSWER } from './prompts.js';
import { formatRange, type NothingDated } from '../search/emptyDateFilter.js';

/**
 * Everything the agent says or recognises that depends on the user's language, in one place: the question's
 * language, small talk, the fixed texts (greeting, "not in your notes"), the instruction that makes the model
 * answer in that language, and the check that a free-form reply is in the user's script. Languages without
 * their own texts get English texts but are still asked to be answered in their own language.
 */

// The last twelve (since the twenty-first session) are told by ngramLanguage (src/text/ngramLanguage.ts), not by
// function words: they have no QUESTION_WORDS below, and no date phrases (src/search/dates.ts).
export const PHRASE_LANGUAGES = [
  'en',
  'ja',
  'zh',
  'es',
  'de',
  'fr',
  'pt',
  'it',
  'nl',
  'ko',
  'ru',
  'uk',
  'pl',
  'cs',
  'tr',
  'vi',
  'id',
  'sv',
  'da',
  'no',
  'ro',
  'fi',
  'hu',
  'hi',
  'ar',
  'th',
  'fa',
  'he',
  'el',
] as const;
export type PhraseLanguage = (typeof PHRASE_LANGUAGES)[number];

interface Phrases {
  /** The language's name in English and in itself, for instructions to the model. */
  name: string;
  greeting: string;
  notInNotes: string;
  /** The question back when a message gives nothing to search ("what about it?" with nothing said before). */
  clarify: string;
  /** What the synthesizer asks the model to say when the notes lack the answer (matched by NOT_IN_NOTES_PATTERN). */
  notesDontSay: string;
  /**
   * Whole messages that are small talk other than thanks: greetings, "who are you". Matched after trimming
   * punctuation; isSmallTalkIn tests it and `thanks` together.
   */
  smallTalk: RegExp;
  /** How a model says "the notes don't say" in this language (the synthesizer drops such a draft). */
  notesDontSayPattern: RegExp;
  /** Thanks, as a whole message (small talk too: isSmallTalkIn), and the fixed answer to it when the model's is not kept. */
  thanks: RegExp;
  welcome: string;
}

const PHRASES: Record<PhraseLanguage, Phrases> = {
  en: {
    name: 'English',
    greeting: 'Hello! Ask me anything about your notes, and I will answer from them with sources.',
    thanks: /^(thanks|thank you|thx)( a lot| so much| very much)?$/i,
    welcome: "You're welcome! Ask me anything else about your notes.",
    notInNotes: NOT_IN_NOTES_ANSWER,
    clarify:
      'What would you like to know? Tell me the topic, note or folder you mean, and I will search your notes for it.',
    notesDontSay: "Your notes don't say.",
    smallTalk:
      /^(hi|hello|hey|yo|good (morning|afternoon|evening)|ok(ay)?|cool|great|bye|goodbye|who are you|what can you do)$/i,
    notesDontSayPattern:
      /notes (don't|do not|doesn't|does not) (say|contain|mention)|not (in|found in) (your|the) notes/i,
  },
  ja: {
    name: 'Japanese (日本語)',
    greeting: 'こんにちは！ノートについて何でも聞いてください。ノートの内容から出典付きでお答えします。',
    thanks: /^(ありがとう(ございます)?|どうも(ありがとう)?)$/,
    welcome: 'どういたしまして。ほかにもノートについて何でも聞いてください。',
    notInNotes: 'ノートの中に、それについての記述は見つかりませんでした。',
    clarify: '何について知りたいですか？トピック、ノート、フォルダを教えていただければ、ノートを検索します。',
    notesDontSay: 'ノートには書かれていません。',
    smallTalk:
      /^(こんにちは|こんばんは|おはよう(ございます)?|さようなら|じゃあね|またね|よろしく(お願いします)?|はじめまして|もしもし|やあ|あなたは誰(ですか)?|あなたは何ができますか|何ができますか)$/,
    notesDontSayPattern: /ノートに(は)?(書かれて|記載されて|含まれて)いません|ノートに(は)?(ありません|見つかりません)/,
  },
  zh: {
    name: 'Chinese (中文)',
    greeting: '你好！请问任何关于你的笔记的问题，我会根据笔记回答并注明出处。',
    thanks: /^(谢谢(你|您)?|多谢)$/,
    welcome: '不客气！还有关于笔记的问题，随时问我。',
    notInNotes: '在你的笔记里没有找到相关内容。',
    clarify: '你想了解什么？告诉我你指的主题、笔记或文件夹，我会在你的笔记中搜索。',
    notesDontSay: '你的笔记中没有提到。',
    smallTalk: /^(你好|您好|嗨|哈喽|再见|拜拜|早上好|晚上好|下午好|你是谁|你能做什么|你会做什么)$/,
    notesDontSayPattern: /笔记(中|里)?(没有|并未|未)(提到|提及|记载|说明|包含)|笔记(中|里)没有/,
  },
  es: {
    name: 'Spanish (español)',
    greeting: '¡Hola! Pregúntame lo que quieras sobre tus notas y te responderé a partir de ellas, con las fuentes.',
    thanks: /^(muchas )?gracias$/i,
    welcome: '¡De nada! Pregúntame lo que quieras sobre tus notas.',
    notInNotes: 'No encontré nada sobre eso en tus notas.',
    clarify:
      '¿Qué te gustaría saber? Dime el tema, la nota o la carpeta a la que te refieres y lo buscaré en tus notas.',
    notesDontSay: 'Tus notas no lo dicen.',
    smallTalk:
      /^(hola|buenas|buenos d[ií]as|buenas (tardes|noches)|adi[oó]s|chao|hasta luego|vale|qui[eé]n eres|qu[eé] puedes hacer)$/i,
    notesDontSayPattern:
      /(tus|sus) notas no (lo )?(dicen|mencionan|contienen)|no (est[aá]|aparece) en (tus|sus) notas/i,
  },
  de: {
    name: 'German (Deutsch)',
    greeting: 'Hallo! Frag mich alles über deine Notizen, ich antworte aus ihnen, mit Quellen.',
    thanks: /^(vielen )?dank(e)?( sch[öo]n)?$/i,
    welcome: 'Gern geschehen! Frag mich gern noch mehr zu deinen Notizen.',
    notInNotes: 'Dazu habe ich in deinen Notizen nichts gefunden.',
    clarify:
      'Was möchtest du wissen? Nenne mir das Thema, die Notiz oder den Ordner, und ich suche in deinen Notizen danach.',
    notesDontSay: 'Deine Notizen sagen dazu nichts.',
    smallTalk:
      /^(hallo|hi|hey|servus|moin|gr[üu](ß|ss) (gott|dich)|guten (morgen|tag|abend)|tsch[üu]ss|auf wiedersehen|wer bist du|was kannst du( tun)?)$/i,
    notesDontSayPattern:
      /(deine|ihre) notizen (sagen|enthalten|erw[äa]hnen) (dazu |das )?nichts?|nicht in (deinen|ihren) notizen/i,
  },
  fr: {
    name: 'French (français)',
    greeting: 'Bonjour ! Posez-moi une question sur vos notes : je réponds à partir d’elles, avec les sources.',
    thanks: /^merci( beaucoup)?$/i,
    welcome: 'Avec plaisir ! Posez-moi d’autres questions sur vos notes.',
    notInNotes: 'Je n’ai rien trouvé à ce sujet dans vos notes.',
    clarify:
      'Que voulez-vous savoir ? Indiquez-moi le sujet, la note ou le dossier dont vous parlez, et je le chercherai dans vos notes.',
    notesDontSay: 'Vos notes ne le disent pas.',
    smallTalk:
      /^(bonjour|bonsoir|salut|coucou|au revoir|[àa] bient[ôo]t|qui es-tu|qui [êe]tes-vous|que (peux-tu|pouvez-vous) faire)$/i,
    notesDontSayPattern: /(vos|tes) notes ne (le )?(disent|mentionnent|contiennent)|pas dans (vos|tes) notes/i,
  },
  pt: {
    name: 'Portuguese (português)',
    greeting: 'Olá! Pergunte-me qualquer coisa sobre as suas notas e eu respondo a partir delas, com as fontes.',
    thanks: /^(muito )?obrigad[oa]$/i,
    welcome: 'De nada! Pergunte-me o que quiser sobre as suas notas.',
    notInNotes: 'Não encontrei nada sobre isso nas suas notas.',
    clarify: 'O que gostaria de saber? Diga-me o tema, a nota ou a pasta a que se refere e eu procuro nas suas notas.',
    notesDontSay: 'As suas notas não dizem.',
    smallTalk:
      /^(ol[áa]|oi|bom dia|boa (tarde|noite)|tchau|adeus|at[ée] logo|quem [ée]s( tu)?|quem [ée] voc[êe]|o que (voc[êe] )?(pode|podes) fazer)$/i,
    notesDontSayPattern:
      /(suas|tuas) notas n[ãa]o (o )?(dizem|mencionam|cont[êe]m)|n[ãa]o (est[áa]|aparece) nas (suas|tuas) notas/i,
  },
  it: {
    name: 'Italian (italiano)',
    greeting: 'Ciao! Chiedimi qualsiasi cosa sulle tue note: rispondo a partire da esse, con le fonti.',
    thanks: /^grazie( mille)?$/i,
    welcome: 'Prego! Chiedimi pure altro sulle tue note.',
    notInNotes: 'Non ho trovato nulla al riguardo nelle tue note.',
    clarify:
      'Cosa vorresti sapere? Dimmi l’argomento, la nota o la cartella a cui ti riferisci e lo cercherò nelle tue note.',
    notesDontSay: 'Le tue note non lo dicono.',
    smallTalk: /^(ciao|salve|buongiorno|buonasera|arrivederci|a presto|chi sei|cosa (sai|puoi) fare)$/i,
    notesDontSayPattern:
      /(tue|sue) note non (lo )?(dicono|menzionano|contengono)|non (è|e'|compare) nelle (tue|sue) note/i,
  },
  nl: {
    name: 'Dutch (Nederlands)',
    greeting: 'Hallo! Vraag me alles over je notities: ik antwoord op basis daarvan, met bronnen.',
    thanks: /^(dank (je|u)( wel)?|bedankt)$/i,
    welcome: 'Graag gedaan! Vraag me gerust meer over je notities.',
    notInNotes: 'Ik heb er in je notities niets over gevonden.',
    clarify:
      'Wat wil je weten? Noem het onderwerp, de notitie of de map die je bedoelt, dan zoek ik ernaar in je notities.',
    notesDontSay: 'Je notities zeggen daar niets over.',
    // "hallo" is German's too, and German comes first: the German greeting answers it.
    smallTalk: /^(hoi|goedemorgen|goedemiddag|goedenavond|doei|tot ziens|wie ben jij|wat kun je( doen)?)$/i,
    notesDontSayPattern: /(je|uw) notities (zeggen|vermelden|bevatten) (daar |er )?niets|niet in (je|uw) notities/i,
  },
  ko: {
    name: 'Korean (한국어)',
    greeting: '안녕하세요! 노트에 관해 무엇이든 물어보세요. 노트 내용을 바탕으로 출처와 함께 답해 드립니다.',
    thanks: /^(고마워(요)?|감사합니다)$/,
    welcome: '천만에요! 노트에 관해 더 궁금한 점이 있으면 물어보세요.',
    notInNotes: '노트에서 그에 관한 내용을 찾지 못했습니다.',
    clarify: '무엇이 궁금하신가요? 말씀하시는 주제, 노트 또는 폴더를 알려 주시면 노트에서 찾아 드릴게요.',
    notesDontSay: '노트에는 나와 있지 않습니다.',
    smallTalk: /^(안녕(하세요)?|안녕하십니까|잘 가(요)?|누구(세요|야)|넌 누구(니|야)|무엇을 할 수 있(나요|어요|니))$/,
    notesDontSayPattern: /노트에(는)? (나와 있지 않|없습니다|언급되지 않)/,
  },
  ru: {
    name: 'Russian (русский)',
    greeting: 'Здравствуйте! Спросите меня о чём угодно в ваших заметках: я отвечу по ним и укажу источники.',
    thanks: /^спасибо( большое)?$/i,
    welcome: 'Пожалуйста! Спрашивайте ещё о ваших заметках.',
    notInNotes: 'Я не нашёл ничего об этом в ваших заметках.',
    clarify: 'Что вы хотите узнать? Назовите тему, заметку или папку, и я поищу это в ваших заметках.',
    notesDontSay: 'В ваших заметках об этом не сказано.',
    smallTalk: /^(привет|здравствуй(те)?|добрый (день|вечер)|доброе утро|пока|до свидания|кто ты|что ты умеешь)$/i,
    notesDontSayPattern:
      /в (ваших|твоих) заметках (об этом )?(не сказано|ничего нет|нет)|(ваши|твои) заметки не (упоминают|содержат)/i,
  },
  uk: {
    name: 'Ukrainian (українська)',
    greeting: 'Вітаю! Питайте мене про будь-що у ваших нотатках: я відповім на їх основі й укажу джерела.',
    thanks: /^(дякую|дуже дякую|спасибі)$/i,
    welcome: 'Будь ласка! Питайте ще про ваші нотатки.',
    notInNotes: 'Я не знайшов нічого про це у ваших нотатках.',
    clarify: 'Що ви хочете дізнатися? Назвіть тему, нотатку або теку, і я пошукаю це у ваших нотатках.',
    notesDontSay: 'У ваших нотатках про це не сказано.',
    smallTalk: /^(привіт|вітаю|добрий (день|вечір)|доброго ранку|бувай|до побачення|хто ти|що ти вмієш)$/i,
    notesDontSayPattern:
      /у (ваших|твоїх) нотатках (про це )?(не сказано|нічого немає|немає)|(ваші|твої) нотатки не (згадують|містять)/i,
  },
  pl: {
    name: 'Polish (polski)',
    greeting: 'Cześć! Zapytaj mnie o cokolwiek w swoich notatkach, a odpowiem na ich podstawie, podając źródła.',
    thanks: /^(dzięki|dziękuję)( bardzo| wielkie)?$/i,
    welcome: 'Nie ma za co! Pytaj śmiało o coś jeszcze w swoich notatkach.',
    notInNotes: 'Nie znalazłem nic na ten temat w Twoich notatkach.',
    clarify: 'Co chcesz wiedzieć? Podaj temat, notatkę lub folder, o który chodzi, a przeszukam Twoje notatki.',
    notesDontSay: 'Twoje notatki o tym nie mówią.',
    smallTalk: /^(cześć|witaj|dzień dobry|dobry wieczór|do widzenia|na razie|kim jesteś|co potrafisz|co umiesz)$/i,
    notesDontSayPattern:
      /(twoje|pana|pani) notatki (o tym )?nie (mówią|wspominają|zawierają)|nie ma (tego )?w (twoich|pana|pani) notatkach/i,
  },
  cs: {
    name: 'Czech (čeština)',
    greeting: 'Ahoj! Zeptej se mě na cokoli ve svých poznámkách a já odpovím podle nich, i se zdroji.',
    thanks: /^(děkuji|děkuju|díky)( moc| mockrát)?$/i,
    welcome: 'Není zač! Klidně se zeptej na další věci ve svých poznámkách.',
    notInNotes: 'Ve tvých poznámkách jsem o tom nic nenašel.',
    clarify:
      'Co bys chtěl vědět? Řekni mi téma, poznámku nebo složku, kterou myslíš, a vyhledám to ve tvých poznámkách.',
    notesDontSay: 'Tvé poznámky o tom nic neříkají.',
    smallTalk: /^(ahoj|čau|dobrý den|dobré ráno|dobrý večer|na shledanou|kdo jsi|co umíš)$/i,
    notesDontSayPattern:
      /(tvé|vaše) poznámky o tom (nic )?neříkají|ve (tvých|vašich) poznámkách (o tom )?(nic )?(není|nejsou)/i,
  },
  tr: {
    name: 'Turkish (Türkçe)',
    greeting: 'Merhaba! Notlarınla ilgili bana her şeyi sorabilirsin; notlarına dayanarak, kaynaklarıyla yanıtlarım.',
    thanks: /^(teşekkürler|teşekkür ederim|sağ ?ol)$/i,
    welcome: 'Rica ederim! Notlarınla ilgili başka bir şey de sorabilirsin.',
    notInNotes: 'Notlarında bununla ilgili bir şey bulamadım.',
    clarify: 'Ne öğrenmek istiyorsun? Konuyu, notu ya da klasörü söyle, notlarında arayayım.',
    notesDontSay: 'Notlarında bundan söz edilmiyor.',
    smallTalk:
      /^(merhaba|selam|günaydın|iyi akşamlar|iyi günler|hoşça kal|görüşürüz|sen kimsin|ne(ler)? yapabilirsin)$/i,
    notesDontSayPattern: /notlar(ın|ınız)da (bundan )?(söz edilmiyor|bahsedilmiyor|yer almıyor|bulunmuyor)/i,
  },
  vi: {
    name: 'Vietnamese (Tiếng Việt)',
    greeting: 'Xin chào! Hãy hỏi tôi bất cứ điều gì về ghi chú của bạn, tôi sẽ trả lời dựa trên chúng và kèm nguồn.',
    thanks: /^(cảm ơn|cám ơn)( bạn| nhiều| bạn nhiều)?$/i,
    welcome: 'Không có gì! Bạn cứ hỏi thêm về ghi chú của mình nhé.',
    notInNotes: 'Tôi không tìm thấy gì về điều đó trong ghi chú của bạn.',
    clarify:
      'Bạn muốn biết điều gì? Hãy cho tôi biết chủ đề, ghi chú hoặc thư mục bạn muốn nói đến, tôi sẽ tìm trong ghi chú của bạn.',
    notesDontSay: 'Ghi chú của bạn không nói về điều này.',
    smallTalk: /^(xin chào|chào( bạn)?|tạm biệt|bạn là ai|bạn (làm được|có thể làm) gì)$/i,
    notesDontSayPattern: /ghi chú của bạn không (nói|đề cập|có)|không có trong ghi chú/i,
  },
  id: {
    name: 'Indonesian (Bahasa Indonesia)',
    greeting:
      'Halo! Tanyakan apa saja tentang catatan Anda, dan saya akan menjawab berdasarkan catatan itu, lengkap dengan sumbernya.',
    thanks: /^(terima kasih|makasih)( banyak)?$/i,
    welcome: 'Sama-sama! Silakan tanyakan hal lain tentang catatan Anda.',
    notInNotes: 'Saya tidak menemukan apa pun tentang itu di catatan Anda.',
    clarify:
      'Apa yang ingin Anda ketahui? Sebutkan topik, catatan, atau folder yang Anda maksud, dan saya akan mencarinya di catatan Anda.',
    notesDontSay: 'Catatan Anda tidak menyebutkannya.',
    smallTalk:
      /^(halo|hai|selamat (pagi|siang|sore|malam)|sampai jumpa|siapa (kamu|anda)|apa yang bisa (kamu|anda) lakukan)$/i,
    notesDontSayPattern:
      /catatan (anda|kamu|mu) tidak (menyebutkan|memuat|berisi)|tidak ada (di|dalam) catatan (anda|kamu)/i,
  },
  sv: {
    name: 'Swedish (svenska)',
    greeting: 'Hej! Fråga mig vad som helst om dina anteckningar, så svarar jag utifrån dem, med källor.',
    thanks: /^tack( så mycket)?$/i,
    welcome: 'Varsågod! Fråga gärna mer om dina anteckningar.',
    notInNotes: 'Jag hittade inget om det i dina anteckningar.',
    clarify:
      'Vad vill du veta? Berätta vilket ämne, vilken anteckning eller mapp du menar, så söker jag i dina anteckningar.',
    notesDontSay: 'Dina anteckningar säger inget om det.',
    // "hej" is Danish's too, and Swedish comes first: the Swedish greeting answers it.
    smallTalk: /^(hej|hejsan|tjena|god (morgon|kväll|dag)|hej då|vem är du|vad kan du( göra)?)$/i,
    notesDontSayPattern: /dina anteckningar (säger|nämner|innehåller) (inget|inte)|inte i dina anteckningar/i,
  },
  da: {
    name: 'Danish (dansk)',
    greeting: 'Hej! Spørg mig om hvad som helst i dine noter, så svarer jeg ud fra dem, med kilder.',
    thanks: /^(tak|mange tak|tusind tak)$/i,
    welcome: 'Selv tak! Spørg endelig om mere i dine noter.',
    notInNotes: 'Jeg fandt intet om det i dine noter.',
    clarify: 'Hvad vil du gerne vide? Fortæl mig emnet, noten eller mappen, du mener, så søger jeg i dine noter.',
    notesDontSay: 'Dine noter siger intet om det.',
    smallTalk: /^(hejsa|goddag|godmorgen|godaften|farvel|vi ses|hvem er du|hvad kan du)$/i,
    notesDontSayPattern: /dine noter (siger|nævner|indeholder) (intet|ikke)|ikke i dine noter/i,
  },
  no: {
    name: 'Norwegian (norsk)',
    greeting: 'Hei! Spør meg om hva som helst i notatene dine, så svarer jeg ut fra dem, med kilder.',
    thanks: /^(takk|tusen takk|takk skal du ha)$/i,
    welcome: 'Bare hyggelig! Spør gjerne mer om notatene dine.',
    notInNotes: 'Jeg fant ingenting om det i notatene dine.',
    clarify: 'Hva vil du vite? Si hvilket emne, notat eller mappe du mener, så søker jeg i notatene dine.',
    notesDontSay: 'Notatene dine sier ingenting om det.',
    smallTalk: /^(hei|heisann|god (morgen|kveld|dag)|ha det( bra)?|hvem er du|hva kan du( gjøre)?)$/i,
    notesDontSayPattern: /notatene dine (sier|nevner|inneholder) (ingenting|ikke)|ikke i notatene dine/i,
  },
  ro: {
    name: 'Romanian (română)',
    greeting: 'Bună! Întreabă-mă orice despre notițele tale și îți răspund pe baza lor, cu surse.',
    thanks: /^(mulțumesc|mulţumesc|mersi)( mult| frumos)?$/i,
    welcome: 'Cu plăcere! Întreabă-mă orice altceva despre notițele tale.',
    notInNotes: 'Nu am găsit nimic despre asta în notițele tale.',
    clarify:
      'Ce ai vrea să afli? Spune-mi subiectul, notița sau dosarul la care te referi și le caut în notițele tale.',
    notesDontSay: 'Notițele tale nu spun nimic despre asta.',
    // "salut" is French's too, and French comes first.
    smallTalk: /^(bună|bună ziua|bună dimineața|bună seara|la revedere|cine ești|ce poți face)$/i,
    notesDontSayPattern:
      /notițele (tale|dumneavoastră) nu (spun|menționează|conțin)|nu (apare|este) în notițele (tale|dumneavoastră)/i,
  },
  fi: {
    name: 'Finnish (suomi)',
    greeting: 'Hei! Kysy minulta mitä tahansa muistiinpanoistasi, niin vastaan niiden pohjalta ja kerron lähteet.',
    thanks: /^(kiitos|kiitti)( paljon)?$/i,
    welcome: 'Ole hyvä! Kysy vapaasti lisää muistiinpanoistasi.',
    notInNotes: 'En löytänyt muistiinpanoistasi mitään siitä.',
    clarify:
      'Mitä haluaisit tietää? Kerro aihe, muistiinpano tai kansio, jota tarkoitat, niin etsin muistiinpanoistasi.',
    notesDontSay: 'Muistiinpanoissasi ei mainita sitä.',
    // "hei" is Norwegian's too, and Norwegian comes first.
    smallTalk: /^(moi|moikka|terve|hyvää (huomenta|päivää|iltaa)|näkemiin|heippa|kuka olet|mitä osaat( tehdä)?)$/i,
    notesDontSayPattern: /muistiinpano(i)?ssasi ei (mainita|kerrota|ole)|ei (löydy )?muistiinpanoistasi/i,
  },
  hu: {
    name: 'Hungarian (magyar)',
    greeting: 'Szia! Kérdezz bármit a jegyzeteidről, és azok alapján válaszolok, forrásokkal.',
    thanks: /^(köszönöm|köszi|kösz)( szépen)?$/i,
    welcome: 'Szívesen! Kérdezz nyugodtan mást is a jegyzeteidről.',
    notInNotes: 'Nem találtam erről semmit a jegyzeteidben.',
    clarify:
      'Mit szeretnél tudni? Mondd meg a témát, a jegyzetet vagy a mappát, amire gondolsz, és megkeresem a jegyzeteidben.',
    notesDontSay: 'A jegyzeteid nem írnak erről.',
    smallTalk: /^(szia|sziasztok|helló|jó (reggelt|napot|estét)|viszlát|ki vagy|mit tudsz( csinálni)?)$/i,
    notesDontSayPattern: /jegyzeteid(ben)? nem (írnak|említ|szerepel)|nincs (benne )?a jegyzeteidben/i,
  },
  // Hindi, Arabic and Thai are told by their scripts (detectLanguage's SINGLE_LANGUAGE_SCRIPTS), as Korean is.
  hi: {
    name: 'Hindi (हिन्दी)',
    greeting: 'नमस्ते! अपने नोट्स के बारे में कुछ भी पूछिए, मैं उन्हीं से स्रोतों के साथ जवाब दूँगा।',
    thanks: /^(धन्यवाद|शुक्रिया|बहुत धन्यवाद|बहुत शुक्रिया|थैंक्स|थैंक यू)( जी)?$/u,
    welcome: 'आपका स्वागत है! अपने नोट्स के बारे में और कुछ भी पूछिए।',
    notInNotes: 'मुझे आपके नोट्स में इसके बारे में कुछ नहीं मिला।',
    clarify: 'आप क्या जानना चाहते हैं? विषय, नोट या फ़ोल्डर बताइए, मैं आपके नोट्स में खोजूँगा।',
    notesDontSay: 'आपके नोट्स में इसके बारे में कुछ नहीं लिखा है।',
    smallTalk:
      /^(नमस्ते|नमस्कार|हैलो|हेलो|सुप्रभात|शुभ (संध्या|रात्रि)|अलविदा|तुम कौन हो|आप कौन हैं|आप क्या कर सकते हैं|तुम क्या कर सकते हो)$/u,
    notesDontSayPattern:
      /नोट्स में (इसके बारे में )?(कुछ नहीं|नहीं) (लिखा|मिला|है)|नोट्स में (इसका )?(कोई )?(ज़िक्र|उल्लेख) नहीं/u,
  },
  ar: {
    name: 'Arabic (العربية)',
    greeting: 'مرحبًا! اسألني أي شيء عن ملاحظاتك، وسأجيبك منها مع ذكر المصادر.',
    thanks: /^(شكرا|شكرًا|شكراً|شكرا جزيلا|شكرًا جزيلًا|شكراً جزيلاً|مشكور|يعطيك العافية)$/u,
    welcome: 'على الرحب والسعة! اسألني أي شيء آخر عن ملاحظاتك.',
    notInNotes: 'لم أجد شيئًا عن ذلك في ملاحظاتك.',
    clarify: 'ماذا تريد أن تعرف؟ أخبرني بالموضوع أو الملاحظة أو المجلد الذي تقصده، وسأبحث عنه في ملاحظاتك.',
    notesDontSay: 'ملاحظاتك لا تذكر ذلك.',
    smallTalk:
      /^(مرحبا|مرحبًا|مرحباً|أهلا|أهلًا|أهلاً|السلام عليكم|صباح الخير|مساء الخير|مع السلامة|من أنت|ماذا تستطيع أن تفعل|ماذا يمكنك أن تفعل)$/u,
    notesDontSayPattern: /ملاحظاتك لا (تذكر|تحتوي|تتضمن)|(ليس|غير موجود) في ملاحظاتك|لم (أجد|يرد) .*في ملاحظاتك/u,
  },
  th: {
    name: 'Thai (ไทย)',
    greeting: 'สวัสดี! ถามอะไรเกี่ยวกับโน้ตของคุณก็ได้ ฉันจะตอบจากโน้ตพร้อมแหล่งที่มา',
    thanks: /^(ขอบคุณ|ขอบใจ|ขอบคุณมาก|ขอบคุณมากๆ|ขอบคุณนะ|แต๊งกิ้ว)(ครับ|ค่ะ|คะ|นะครับ|นะคะ)?$/u,
    welcome: 'ยินดีครับ! ถามเรื่องอื่นในโน้ตของคุณได้อีกเลย',
    notInNotes: 'ฉันไม่พบข้อมูลเรื่องนี้ในโน้ตของคุณ',
    clarify: 'คุณอยากรู้เรื่องอะไร? บอกหัวข้อ โน้ต หรือโฟลเดอร์ที่หมายถึง แล้วฉันจะค้นในโน้ตของคุณให้',
    notesDontSay: 'โน้ตของคุณไม่ได้เขียนถึงเรื่องนี้',
    smallTalk: /^(สวัสดี|หวัดดี|สวัสดีตอนเช้า|ลาก่อน|บาย|คุณเป็นใคร|คุณทำอะไรได้บ้าง)(ครับ|ค่ะ|คะ)?$/u,
    notesDontSayPattern: /ไม่(ได้)?(มี|พบ|เขียนถึง|กล่าวถึง).*ในโน้ต|โน้ต(ของคุณ)?ไม่(ได้)?(เขียน|กล่าว|มี)/u,
  },
  // Persian (told from Arabic by its letters, arabicScriptLanguage), Hebrew and Greek, by their scripts.
  fa: {
    name: 'Persian (فارسی)',
    greeting: 'سلام! هر چیزی دربارهٔ یادداشت‌هایت بپرس، از خود آن‌ها و با ذکر منبع جواب می‌دهم.',
    thanks: /^(ممنون|مرسی|متشکرم|سپاس|خیلی ممنون|خیلی مرسی)$/u,
    welcome: 'خواهش می‌کنم! هر سؤال دیگری دربارهٔ یادداشت‌هایت داری بپرس.',
    notInNotes: 'چیزی دربارهٔ این در یادداشت‌هایت پیدا نکردم.',
    clarify: 'چه چیزی می‌خواهی بدانی؟ موضوع، یادداشت یا پوشه‌ای را که منظورت است بگو تا در یادداشت‌هایت جست‌وجو کنم.',
    notesDontSay: 'یادداشت‌هایت چیزی دربارهٔ این نمی‌گویند.',
    smallTalk: /^(سلام|درود|صبح بخیر|عصر بخیر|شب بخیر|خداحافظ|تو کی هستی|چه کاری می‌توانی بکنی)$/u,
    notesDontSayPattern: /یادداشت‌هایت (چیزی )?(نمی‌گویند|ندارند)|در یادداشت‌هایت (نیست|پیدا نکردم)/u,
  },
  he: {
    name: 'Hebrew (עברית)',
    greeting: 'שלום! אפשר לשאול אותי כל דבר על הפתקים שלך, ואענה מתוכם עם מקורות.',
    thanks: /^(תודה|תודה רבה|תודה לך)$/u,
    welcome: 'בשמחה! אפשר לשאול עוד כל דבר על הפתקים שלך.',
    notInNotes: 'לא מצאתי על כך דבר בפתקים שלך.',
    clarify: 'מה היית רוצה לדעת? ספר לי על איזה נושא, פתק או תיקייה מדובר, ואחפש בפתקים שלך.',
    notesDontSay: 'הפתקים שלך לא מזכירים זאת.',
    smallTalk: /^(שלום|היי|הי|בוקר טוב|ערב טוב|להתראות|ביי|מי אתה|מה אתה יכול לעשות)$/u,
    notesDontSayPattern: /הפתקים שלך (לא|אינם) (מזכירים|כוללים)|לא (מופיע|נמצא) בפתקים שלך/u,
  },
  el: {
    name: 'Greek (Ελληνικά)',
    greeting: 'Γεια! Ρώτα με ό,τι θέλεις για τις σημειώσεις σου και θα απαντήσω από αυτές, με πηγές.',
    thanks: /^(ευχαριστώ|ευχαριστώ πολύ|ευχαριστώ πάρα πολύ|σ' ευχαριστώ|σε ευχαριστώ)$/iu,
    welcome: 'Παρακαλώ! Ρώτα με ό,τι άλλο θέλεις για τις σημειώσεις σου.',
    notInNotes: 'Δεν βρήκα τίποτα σχετικό στις σημειώσεις σου.',
    clarify:
      'Τι θα ήθελες να μάθεις; Πες μου το θέμα, τη σημείωση ή τον φάκελο που εννοείς και θα ψάξω στις σημειώσεις σου.',
    notesDontSay: 'Οι σημειώσεις σου δεν αναφέρουν κάτι τέτοιο.',
    smallTalk: /^(γεια|γεια σου|γεια σας|καλημέρα|καλησπέρα|αντίο|ποιος είσαι|τι μπορείς να κάνεις)$/iu,
    notesDontSayPattern: /οι σημειώσεις σου δεν (αναφέρουν|περιέχουν)|δεν (υπάρχει|βρήκα) .*στις σημειώσεις σου/iu,
  },
};

/** Names languages without phrases of their own ("el" → "Greek") for the instruction to answer in them. */
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/** The language's name for instructions to the model: its phrases' name, or its English name, or its code. */
function languageName(lang: string): string {
  if (PHRASES[lang as PhraseLanguage]) return PHRASES[lang as PhraseLanguage].name;
  try {
    return LANGUAGE_NAMES.of(lang) ?? lang;
  } catch {
    return lang;
  }
}

/**
 * The language to answer `question` in. Short questions carry little evidence, but the script alone is decisive
 * for Japanese, Chinese, Korean…; a Latin-script question with no sign of another language is English, unless it
 * holds no English word either and is asked of a vault in another language (inVaultLanguage).
 */
export function questionLanguage(question: string): string {
  const vault = vaultLanguageOfAsk.getStore() ?? 'und';
  const key = `${vault}\u0000${question}`;
  let lang = readings.get(key);
  if (lang === undefined) {
    if (readings.size >= 256) readings.clear();
    lang = readQuestionLanguage(question, vault);
    readings.set(key, lang);
  }
  return lang;
}

/**
 * The language of the vault a question is asked of, for the questions that show none of their own (questionLanguage):
 * "Tropfschlauch Durchmesser", "Isst Maya Fleisch?" (German nouns are capitalised like names, and neither holds a
 * function word) were read as English in a German vault, and refused in English. Set for the length of one question
 * by the chat service (inVaultLanguage), the way a request carries its context: the reading is made in twenty places
 * of the answer rule, each given only the question.
 */
const vaultLanguageOfAsk = new AsyncLocalStorage<string>();

/** Runs `fn` (one question's answer) with `lang` as the vault's language (questionLanguage's fallback). */
export function inVaultLanguage<T>(lang: string, fn: () => T): T {
  return vaultLanguageOfAsk.run(lang, fn);
}

/**
 * The language of a Latin-script question that gives no sign of any (too little evidence of another language, and no
 * English word): the vault's, if it has one other than English, else English.
 */
function unsignedQuestionLanguage(question: string, vault: string): string {
  if (vault === 'und' || vault === 'en' || vault === OTHER_LANGUAGE) return 'en';
  // A capitalised word after the first is a name or a German noun, no sign of English ("Maya" is a listed word).
  const latin = question.match(/\p{Script=Latin}+/gu) ?? [];
  const english = latin.some((word, i) => {
    const w = word.toLowerCase();
    return (i === 0 || !/^\p{Lu}/u.test(word)) && (wordLanguages(w).includes('en') || isListedEnglishWord(w));
  });
  return !english && latin.some((w) => w.length >= 3) ? vault : 'en';
}

/**
 * Questions already read: the answer rule asks for one question's language for each sentence it scores, and a
 * reading that looks words up in English's word list (englishReading) costs milliseconds.
 */
const readings = new Map<string, string>();

function readQuestionLanguage(question: string, vault: string): string {
  const { lang, script } = detectLanguage(question);
  if (lang === 'und') return unsignedQuestionLanguage(question, vault);
  // Ukrainian without the letters Russian lacks (і, ї, є, ґ) is read as Russian: "Як додати тег до нотатки?".
  if (lang === 'ru') return ngramLanguage(question, ['uk']) ?? lang;
  if (script !== 'Latn') return lang;
  const asked = languageAskedAround(question);
  if (asked) return asked;
  // Small talk is too short for function words: recognise it by its phrase.
  for (const l of PHRASE_LANGUAGES) if (isSmallTalkIn(l, normalise(question))) return l;
  // A language the tables hold no words of (Polish, Turkish, Vietnamese…) is told by its letter n-grams, where the
  // question has words English lacks, twice its English function words or more, or more than its English-only words
  // ("Jak ma na imię pies Mai?": English's long word list holds "jak", "ma" and "pies"; "Jak dodać tag do notatki?"
  // writes "do"). A question of English words is not asked: ELD reads "when is Tom's birthday" as Tagalog, "Delete
  // a note" as Norwegian and "Embed a base" as Hungarian. ELD is asked first: it takes a fraction of a millisecond,
  // the word-list look-ups of englishReading about ten, and most questions it names no such language.
  const other = ngramLanguage(question, NGRAM_LANGUAGES);
  if (other && mostlyNotEnglish(englishReading(question))) return other;
  return shortQuestionLanguage(question, vault);
}

/** Words only a Chinese question asks with (Japanese writes 何, どう, か): "Lowercase Letters 是什么？". */
const CHINESE_QUESTION = /什么|什麼|怎么|怎麼|为什么|為什麼|吗|嗎|哪|如何|多少/u;

/**
 * The language of a question written around names in Latin script: "Obsidian Headlessって何？", "Lowercase Letters
 * 是什么？", "Obsidian Sync 요금은?". Its letters are mostly Latin, so it was read as English and refused or answered in
 * English, but its own words are Japanese, Chinese or Korean, and its Latin words are names or commands ("git rebase
 * って何"): an English function word keeps it English ("what does 東京 mean"). Kana or Hangul tell Japanese and
 * Korean; Han alone tells Chinese only with a word only Chinese asks with, since Japanese writes "Obsidian Publish
 * 料金" too.
 */
function languageAskedAround(question: string): string | null {
  const rest = question.replace(/\p{Script=Latin}+/gu, ' ');
  const { lang } = detectLanguage(rest);
  if (lang !== 'ja' && lang !== 'ko' && !(lang === 'zh' && CHINESE_QUESTION.test(rest))) return null;
  const latin = question.toLowerCase().match(/\p{Script=Latin}+/gu) ?? [];
  return latin.some((w) => ENGLISH_FUNCTION_WORDS.has(w)) ? null : lang;
}

/** English's function and question words ("what", "does", "in"): a question holding one is asked in English. */
const ENGLISH_FUNCTION_WORDS = new Set([...(QUERY_STOPWORDS.en ?? []), ...(LANGUAGE_FUNCTION_WORDS.en ?? [])]);

/** Whether a question's words read as not English enough for letter n-grams to name its language (see above). */
function mostlyNotEnglish({ foreign, englishOnly, englishFunction }: EnglishReading): boolean {
  return (foreign > 0 && foreign >= 2 * englishFunction) || foreign > englishOnly;
}

/*
 * Short Latin-script questions. detectLanguage (src/text/language.ts) gives each word several languages share to
 * one of them ("de" and "en" to Dutch, "un" to French) or to none ("la", "desde"), and asks for more evidence
 * than six words hold: right for a note, where the other words decide, but "usar links markdown en vez de
 * wikilinks" read as Dutch and "mover mi bóveda remota a un servidor en Europa" as English. A question is scored
 * again with those words split between the languages that use them, the accented vowels of Spanish and
 * Portuguese, and the endings only their words have; English keeps every tie, so a question with no sign of
 * another language stays English. Checked on every question of the eval sets (README, "Languages").
 */
const QUESTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  de: ['es', 'fr', 'pt', 'nl'],
  en: ['es', 'fr', 'nl'],
  un: ['es', 'fr', 'it'],
  la: ['es', 'fr', 'it'],
  mi: ['es', 'it'],
  que: ['es', 'fr', 'pt'],
  se: ['es', 'pt', 'it'],
  desde: ['es'],
  sin: ['es'],
  hasta: ['es'],
  otra: ['es'],
  otro: ['es'],
  varios: ['es'],
  varias: ['es'],
  todas: ['es', 'pt'],
  todos: ['es', 'pt'],
  cada: ['es', 'pt'],
  // Portuguese question words Spanish writes otherwise (puedo, dos, mis): "Como posso criar um link entre duas notas?"
  posso: ['pt', 'it'],
  duas: ['pt'],
  dois: ['pt'],
  meus: ['pt'],
  minhas: ['pt'],
  // German words detectLanguage's table lacks (it holds the commonest only): "Warum schreibt Obsidian beim Verlinken…"
  // "in" is German, Dutch and Italian as much as English: "Pomodoro-Timer in der Statusleiste anzeigen".
  in: ['en', 'de', 'nl', 'it'],
  warum: ['de'],
  beim: ['de'],
  statt: ['de'],
  ohne: ['de'],
  zwischen: ['de'],
  einem: ['de'],
  einer: ['de'],
  meinem: ['de'],
  meinen: ['de'],
  meiner: ['de'],
  deinem: ['de'],
  deinen: ['de'],
  deiner: ['de'],
  // German question words the table lacks: "Welches Instrument spielt Maya?" was read as English, refused in English,
  // and its "Instrument" taken for a name the vault never writes.
  welche: ['de'],
  welcher: ['de'],
  welches: ['de'],
  welchen: ['de'],
  welchem: ['de'],
  wann: ['de'],
  wer: ['de'],
  wem: ['de'],
  wen: ['de'],
  wessen: ['de'],
  wieso: ['de'],
  weshalb: ['de'],
  wofür: ['de'],
  womit: ['de'],
  woher: ['de'],
  wohin: ['de'],
  worüber: ['de'],
  wozu: ['de'],
  // Question words of French, Italian and Portuguese the table lacks: "Combien gagne Maya ?" was refused in English.
  // "à" is French's and Portuguese's, never English's: "Quand part-on à Lisbonne ?" tied with English's "on".
  à: ['fr', 'pt'],
  combien: ['fr'],
  pourquoi: ['fr'],
  lequel: ['fr'],
  laquelle: ['fr'],
  quanto: ['it', 'pt'],
  quanta: ['it', 'pt'],
  quale: ['it'],
  quali: ['it'],
  chi: ['it'],
  qual: ['pt'],
  quais: ['pt'],
  quem: ['pt'],
  // "Quante volte a settimana devo correre?" was read as English, "Quantas vezes por semana devo correr?" as Spanish.
  quante: ['it'],
  quanti: ['it'],
  quantas: ['pt'],
  quantos: ['pt'],
  volte: ['it'],
  vezes: ['pt'],
  settimana: ['it'],
  devo: ['it', 'pt'],
  cuánto: ['es'],
  cuánta: ['es'],
  cuál: ['es'],
  quién: ['es'],
  // Dutch question words the table lacks: "Wanneer is Maya jarig?" was read as English and refused in English
  // (`offtopic-personal-nl-tune`, thirty-seventh session). Not "wie", German's "how" as well as Dutch's "who".
  wanneer: ['nl'],
  waar: ['nl'],
  waarom: ['nl'],
  welke: ['nl'],
  welk: ['nl'],
  hoeveel: ['nl'],
  hoelang: ['nl'],
  hoe: ['nl'],
  wat: ['nl'],
  // "is" is Dutch's as much as English's: as English's alone it outweighed "wanneer".
  is: ['en', 'nl'],
};
// Letters and endings: [pattern, languages sharing its weight]; detectLanguage's telltale letters come first.
const QUESTION_MARKS: readonly [RegExp, readonly string[]][] = [
  ...LETTER_EVIDENCE.map(([lang, re]): [RegExp, readonly string[]] => [re, [lang]]),
  [/[áíóú]/gu, ['es', 'pt']],
  [/é/gu, ['es', 'fr', 'pt']],
  [/\p{L}(?:ción|ciones|sión|siones)(?!\p{L})/gu, ['es']],
  [/\p{L}(?:ção|ções)(?!\p{L})/gu, ['pt']],
  // German noun and verb endings English never has: Weiterleitung, Eigenschaft, Möglichkeit, importieren, automatische
  // (not -heit: Fahrenheit).
  [/\p{L}{3}(?:ung|ungen|keit|schaft|ieren|ische|ischen)(?!\p{L})/gu, ['de']],
  // A question that starts with an infinitive ("mover mi bóveda…", "abrir una copia…"); English words end so too
  // ("filter", "clear"), which is why an ending alone is never enough evidence.
  [/^\s*[¿¡]?\p{L}+ar(?!\p{L})/gu, ['es', 'pt']],
  [/^\s*[¿¡]?\p{L}+(?:er|ir)(?!\p{L})/gu, ['es', 'pt', 'fr']],
];
/** The evidence a question must give a language other than English: a telltale letter's worth. */
const QUESTION_EVIDENCE = 0.75;
/** Ties between other languages go to the first here: the languages with their own texts, Spanish first. */
const TIE_ORDER = ['es', 'de', 'fr', 'pt', 'it', 'nl'];

function shortQuestionLanguage(question: string, vault: string): string {
  const scores = new Map<string, number>();
  const add = (langs: readonly string[], weight: number) => {
    for (const l of langs) scores.set(l, (scores.get(l) ?? 0) + weight / langs.length);
  };
  const lower = question.toLowerCase();
  for (const word of lower.match(/\p{Script=Latin}+/gu) ?? []) {
    const langs = wordLanguages(word);
    if (langs.length) add(langs, 1);
  }
  for (const [re, langs] of QUESTION_MARKS) add(langs, Math.min(lower.match(re)?.length ?? 0, 5) * 0.75);
  const en = scores.get('en') ?? 0;
  const rank = (l: string) => (TIE_ORDER.indexOf(l) < 0 ? TIE_ORDER.length : TIE_ORDER.indexOf(l));
  const [best] = [...scores.entries()]
    .filter(([l]) => l !== 'en')
    .sort((a, b) => b[1] - a[1] || rank(a[0]) - rank(b[0]));
  if (!best) return unsignedQuestionLanguage(question, vault);
  const { foreign, englishOnly } = englishReading(question);
  // Words English lacks, outnumbering the words only English has, are evidence for the other language the question
  // already shows (half a shared function word at least): "Was isst Maya gern?" shares "was" with English and
  // nothing else, and was answered in English, its "isst" and "gern" taken for names the vault never writes.
  const score = best[1] >= 0.5 && foreign > englishOnly ? best[1] + foreign * QUESTION_EVIDENCE : best[1];
  if (!(score >= QUESTION_EVIDENCE && score > en)) return unsignedQuestionLanguage(question, vault);
  return vaultsAmongLikely(best, scores, score > best[1], vault) ?? best[0];
}

/**
 * The vault's language, where the question's words leave it among the likely ones: function words several languages
 * share ("de", "que") leave those languages level, the tie going to the first of TIE_ORDER ("changer de région sync
 * efface l'historique ?" was read as Spanish in a French vault), and one function word beside words no table holds
 * leaves any language with a table (those words counted for the one the function word is of: "irgendeine alte Notiz
 * per Zufall aufmachen", Italian by its "per" in a German vault, was refused in Italian). A question in a vault's
 * language is the likeliest by far; where the words are clear, they decide.
 */
function vaultsAmongLikely(
  [lang, top]: [string, number],
  scores: Map<string, number>,
  byForeignWords: boolean,
  vault: string,
): string | null {
  if (vault === lang || !TABLE_LANGUAGES.includes(vault)) return null;
  if (byForeignWords && top <= 1) return vault;
  const level = scores.get(vault);
  return level !== undefined && top - level < LEVEL ? vault : null;
}

/** Function-word evidence closer than this (half a shared word) leaves two languages level. */
const LEVEL = 0.5;

/** The languages other than English that detectLanguage's function-word tables hold (ngramLanguage tells the rest). */
const TABLE_LANGUAGES = Object.keys(LANGUAGE_FUNCTION_WORDS).filter((l) => l !== 'en');

/**
 * How a question's words read as English: `foreign` counts the words of three letters or more that English's word
 * list lacks and that are no function word of any language ("isst", "kostet", "montags", "formatos"), `englishOnly`
 * the words only English has (an English function word no other language shares, or a listed English word that is no
 * function word elsewhere). Capitalised words after the first are left out: names, and German's nouns.
 */
interface EnglishReading {
  foreign: number;
  englishOnly: number;
  /** The words that are English function or question words, whichever other languages' they are too. */
  englishFunction: number;
}

function englishReading(question: string): EnglishReading {
  let foreign = 0;
  let englishOnly = 0;
  let englishFunction = 0;
  (question.match(/\p{Script=Latin}+/gu) ?? []).forEach((word, i) => {
    if (i > 0 && /^\p{Lu}/u.test(word)) return;
    const w = word.toLowerCase();
    const langs = wordLanguages(w);
    if (langs.length) {
      if (langs.includes('en')) englishFunction++;
      if (langs.every((l) => l === 'en')) englishOnly++;
    } else if (isListedEnglishWord(w)) englishOnly++;
    else if (w.length >= 3) foreign++;
  });
  return { foreign, englishOnly, englishFunction };
}

/** The languages a lower-case word is a function or question word of (none for any other word). */
function wordLanguages(word: string): string[] {
  return [...new Set([...(FUNCTION_WORD_LANGS.get(word) ?? []), ...(QUESTION_WORDS[word] ?? [])])];
}

/** Each function word's languages (detectLanguage's tables). */
const FUNCTION_WORD_LANGS = new Map<string, string[]>();
for (const [lang, list] of Object.entries(LANGUAGE_FUNCTION_WORDS))
  for (const w of new Set(list)) FUNCTION_WORD_LANGS.set(w, [...(FUNCTION_WORD_LANGS.get(w) ?? []), lang]);

const phrases = (lang: string): Phrases => PHRASES[lang as PhraseLanguage] ?? PHRASES.en;

/** The message trimmed of spaces and the punctuation people end greetings with, in any script. */
function normalise(message: string): string {
  return message
    .trim()
    .replace(/^[¡¿\s]+/u, '')
    .replace(/[\s!.?！？。、～〜…・]+$/u, '')
    .replace(/\s+/g, ' ');
}

/** Whether the message is small talk (a greeting, thanks, "who are you") in any of the phrase languages. */
export function isSmallTalk(message: string): boolean {
  const m = normalise(message);
  return m.length > 0 && PHRASE_LANGUAGES.some((l) => isSmallTalkIn(l, m));
}

/** Whether a normalised message is small talk in language `l`: its greetings and questions, or its thanks. */
function isSmallTalkIn(l: PhraseLanguage, message: string): boolean {
  return PHRASES[l].smallTalk.test(message) || PHRASES[l].thanks.test(message);
}

/**
 * The fixed reply to small talk when the model's is not kept: "you're welcome" to thanks in any of the phrase
 * languages ("thanks!" was answered "Hello! Ask me anything…"), the greeting otherwise.
 */
export function smallTalkReplyFor(message: string): string {
  const m = normalise(message);
  const thanked = PHRASE_LANGUAGES.find((l) => PHRASES[l].thanks.test(m));
  return thanked ? PHRASES[thanked].welcome : greetingFor(message);
}

/** The fixed greeting in the question's language. */
export function greetingFor(question: string): string {
  return phrases(questionLanguage(question)).greeting;
}

/**
 * The question back to the user when theirs gives nothing to search for ("what about it?" with nothing said before),
 * in the question's language: "오늘 서울 날씨 어때?" got it in English.
 */
export function clarifyingQuestion(question: string): string {
  return phrases(questionLanguage(question)).clarify;
}

/** "I couldn't find anything about that in your notes", in the question's language. */
export function notInNotesFor(question: string): string {
  return phrases(questionLanguage(question)).notInNotes;
}

/**
 * "No note is dated “yesterday” (2026-11-24). The nearest dated notes are from …", in each phrase language: the
 * honest answer when a vault that keeps dated notes has none on the day asked about (src/search/emptyDateFilter.ts).
 */
const NOTHING_DATED: Record<PhraseLanguage, { says: (when: string, nearest: string[]) => string; pattern: RegExp }> = {
  en: {
    says: (when, n) =>
      `No note is dated ${when}.${n.length === 2 ? ` The nearest dated notes are from ${n[0]} and ${n[1]}.` : n.length ? ` The nearest dated note is from ${n[0]}.` : ''}`,
    pattern: /^No note is dated /,
  },
  ja: {
    says: (when, n) =>
      `${when}の日付のノートはありません。${n.length ? `いちばん近い日付のノートは${n.join('と')}のものです。` : ''}`,
    pattern: /の日付のノートはありません。/,
  },
  zh: {
    says: (when, n) => `没有日期为${when}的笔记。${n.length ? `最近的有日期的笔记是${n.join('和')}的。` : ''}`,
    pattern: /^没有日期为.*的笔记。/,
  },
  es: {
    says: (when, n) =>
      `Ninguna nota tiene fecha de ${when}.${n.length === 2 ? ` Las notas con fecha más cercanas son del ${n[0]} y del ${n[1]}.` : n.length ? ` La nota con fecha más cercana es del ${n[0]}.` : ''}`,
    pattern: /^Ninguna nota tiene fecha de /,
  },
  de: {
    says: (when, n) =>
      `Keine Notiz ist auf ${when} datiert.${n.length === 2 ? ` Die nächsten datierten Notizen sind vom ${n[0]} und vom ${n[1]}.` : n.length ? ` Die nächste datierte Notiz ist vom ${n[0]}.` : ''}`,
    pattern: /^Keine Notiz ist auf .* datiert\./,
  },
  fr: {
    says: (when, n) =>
      `Aucune note n’est datée de ${when}.${n.length === 2 ? ` Les notes datées les plus proches sont du ${n[0]} et du ${n[1]}.` : n.length ? ` La note datée la plus proche est du ${n[0]}.` : ''}`,
    pattern: /^Aucune note n’est datée de /,
  },
  pt: {
    says: (when, n) =>
      `Nenhuma nota tem a data ${when}.${n.length === 2 ? ` As notas datadas mais próximas são de ${n[0]} e de ${n[1]}.` : n.length ? ` A nota datada mais próxima é de ${n[0]}.` : ''}`,
    pattern: /^Nenhuma nota tem a data /,
  },
  it: {
    says: (when, n) =>
      `Nessuna nota è datata ${when}.${n.length === 2 ? ` Le note datate più vicine sono del ${n[0]} e del ${n[1]}.` : n.length ? ` La nota datata più vicina è del ${n[0]}.` : ''}`,
    pattern: /^Nessuna nota è datata /,
  },
  nl: {
    says: (when, n) =>
      `Geen notitie is gedateerd op ${when}.${n.length === 2 ? ` De dichtstbijzijnde gedateerde notities zijn van ${n[0]} en ${n[1]}.` : n.length ? ` De dichtstbijzijnde gedateerde notitie is van ${n[0]}.` : ''}`,
    pattern: /^Geen notitie is gedateerd op /,
  },
  ko: {
    says: (when, n) =>
      `${when} 날짜의 노트가 없습니다.${n.length ? ` 가장 가까운 날짜의 노트는 ${n.join(', ')}의 노트입니다.` : ''}`,
    pattern: /날짜의 노트가 없습니다\./,
  },
  ru: {
    says: (when, n) =>
      `Нет заметки с датой ${when}.${n.length === 2 ? ` Ближайшие заметки с датой: ${n[0]} и ${n[1]}.` : n.length ? ` Ближайшая заметка с датой: ${n[0]}.` : ''}`,
    pattern: /^Нет заметки с датой /,
  },
  uk: {
    says: (when, n) =>
      `Немає нотатки з датою ${when}.${nearest(
        n,
        (a, b) => `Найближчі нотатки з датою: ${a} і ${b}.`,
        (a) => `Найближча нотатка з датою: ${a}.`,
      )}`,
    pattern: /^Немає нотатки з датою /,
  },
  pl: {
    says: (when, n) =>
      `Żadna notatka nie ma daty ${when}.${nearest(
        n,
        (a, b) => `Najbliższe notatki z datą są z ${a} i ${b}.`,
        (a) => `Najbliższa notatka z datą jest z ${a}.`,
      )}`,
    pattern: /^Żadna notatka nie ma daty /,
  },
  cs: {
    says: (when, n) =>
      `Žádná poznámka nemá datum ${when}.${nearest(
        n,
        (a, b) => `Nejbližší poznámky s datem jsou z ${a} a ${b}.`,
        (a) => `Nejbližší poznámka s datem je z ${a}.`,
      )}`,
    pattern: /^Žádná poznámka nemá datum /,
  },
  tr: {
    says: (when, n) =>
      `${when} tarihli not yok.${nearest(
        n,
        (a, b) => `En yakın tarihli notlar ${a} ve ${b} tarihli.`,
        (a) => `En yakın tarihli not ${a} tarihli.`,
      )}`,
    pattern: / tarihli not yok\./,
  },
  vi: {
    says: (when, n) =>
      `Không có ghi chú nào có ngày ${when}.${nearest(
        n,
        (a, b) => `Các ghi chú có ngày gần nhất là ${a} và ${b}.`,
        (a) => `Ghi chú có ngày gần nhất là ${a}.`,
      )}`,
    pattern: /^Không có ghi chú nào có ngày /,
  },
  id: {
    says: (when, n) =>
      `Tidak ada catatan bertanggal ${when}.${nearest(
        n,
        (a, b) => `Catatan bertanggal terdekat berasal dari ${a} dan ${b}.`,
        (a) => `Catatan bertanggal terdekat berasal dari ${a}.`,
      )}`,
    pattern: /^Tidak ada catatan bertanggal /,
  },
  sv: {
    says: (when, n) =>
      `Ingen anteckning är daterad ${when}.${nearest(
        n,
        (a, b) => `De närmaste daterade anteckningarna är från ${a} och ${b}.`,
        (a) => `Den närmaste daterade anteckningen är från ${a}.`,
      )}`,
    pattern: /^Ingen anteckning är daterad /,
  },
  da: {
    says: (when, n) =>
      `Ingen note er dateret ${when}.${nearest(
        n,
        (a, b) => `De nærmeste daterede noter er fra ${a} og ${b}.`,
        (a) => `Den nærmeste daterede note er fra ${a}.`,
      )}`,
    pattern: /^Ingen note er dateret /,
  },
  no: {
    says: (when, n) =>
      `Ingen notater er datert ${when}.${nearest(
        n,
        (a, b) => `De nærmeste daterte notatene er fra ${a} og ${b}.`,
        (a) => `Det nærmeste daterte notatet er fra ${a}.`,
      )}`,
    pattern: /^Ingen notater er datert /,
  },
  ro: {
    says: (when, n) =>
      `Nicio notiță nu are data ${when}.${nearest(
        n,
        (a, b) => `Cele mai apropiate notițe cu dată sunt din ${a} și ${b}.`,
        (a) => `Cea mai apropiată notiță cu dată este din ${a}.`,
      )}`,
    pattern: /^Nicio notiță nu are data /,
  },
  fi: {
    says: (when, n) =>
      `Yhtäkään muistiinpanoa ei ole päivätty ${when}.${nearest(
        n,
        (a, b) => `Lähimmät päivätyt muistiinpanot ovat ${a} ja ${b}.`,
        (a) => `Lähin päivätty muistiinpano on ${a}.`,
      )}`,
    pattern: /^Yhtäkään muistiinpanoa ei ole päivätty /,
  },
  hu: {
    says: (when, n) =>
      `Nincs ${when} dátumú jegyzet.${nearest(
        n,
        (a, b) => `A legközelebbi dátumozott jegyzetek: ${a} és ${b}.`,
        (a) => `A legközelebbi dátumozott jegyzet: ${a}.`,
      )}`,
    pattern: /^Nincs .* dátumú jegyzet\./,
  },
  hi: {
    says: (when, n) =>
      `${when} की तारीख़ का कोई नोट नहीं है।${nearest(
        n,
        (a, b) => `सबसे पास की तारीख़ वाले नोट ${a} और ${b} के हैं।`,
        (a) => `सबसे पास की तारीख़ वाला नोट ${a} का है।`,
      )}`,
    pattern: / की तारीख़ का कोई नोट नहीं है।/u,
  },
  ar: {
    says: (when, n) =>
      `لا توجد ملاحظة بتاريخ ${when}.${nearest(
        n,
        (a, b) => `أقرب الملاحظات المؤرخة من ${a} و${b}.`,
        (a) => `أقرب ملاحظة مؤرخة من ${a}.`,
      )}`,
    pattern: /^لا توجد ملاحظة بتاريخ /u,
  },
  th: {
    says: (when, n) =>
      `ไม่มีโน้ตที่ลงวันที่ ${when}${nearest(
        n,
        (a, b) => `โน้ตที่ลงวันที่ใกล้ที่สุดคือ ${a} และ ${b}`,
        (a) => `โน้ตที่ลงวันที่ใกล้ที่สุดคือ ${a}`,
      )}`,
    pattern: /^ไม่มีโน้ตที่ลงวันที่ /u,
  },
  fa: {
    says: (when, n) =>
      `هیچ یادداشتی با تاریخ ${when} نیست.${nearest(
        n,
        (a, b) => `نزدیک‌ترین یادداشت‌های تاریخ‌دار مال ${a} و ${b} هستند.`,
        (a) => `نزدیک‌ترین یادداشت تاریخ‌دار مال ${a} است.`,
      )}`,
    pattern: /^هیچ یادداشتی با تاریخ /u,
  },
  he: {
    says: (when, n) =>
      `אין פתק מתאריך ${when}.${nearest(
        n,
        (a, b) => `הפתקים המתוארכים הקרובים ביותר הם מ-${a} ומ-${b}.`,
        (a) => `הפתק המתוארך הקרוב ביותר הוא מ-${a}.`,
      )}`,
    pattern: /^אין פתק מתאריך /u,
  },
  el: {
    says: (when, n) =>
      `Καμία σημείωση δεν έχει ημερομηνία ${when}.${nearest(
        n,
        (a, b) => `Οι πιο κοντινές σημειώσεις με ημερομηνία είναι από ${a} και ${b}.`,
        (a) => `Η πιο κοντινή σημείωση με ημερομηνία είναι από ${a}.`,
      )}`,
    pattern: /^Καμία σημείωση δεν έχει ημερομηνία /u,
  },
};

/** The sentence naming the nearest dated notes (two, one, or none), after a space. */
function nearest(n: string[], two: (a: string, b: string) => string, one: (a: string) => string): string {
  return n.length >= 2 ? ` ${two(n[0]!, n[1]!)}` : n.length ? ` ${one(n[0]!)}` : '';
}

/** The honest answer to a question about a day no note is dated: the day, and the nearest dated notes. */
export function nothingDatedFor(question: string, dated: NothingDated): string {
  const lang = questionLanguage(question);
  const texts = NOTHING_DATED[lang as PhraseLanguage] ?? NOTHING_DATED.en;
  return texts.says(`“${dated.phrase}” (${formatRange(dated.range)})`, dated.nearest);
}

/** Every language's way of saying the notes lack the answer, for recognising a model's refusal. */
export const NOT_IN_NOTES_PATTERN = new RegExp(
  PHRASE_LANGUAGES.map((l) => PHRASES[l].notesDontSayPattern.source).join('|'),
  'i',
);

/**
 * The line appended to a prompt so the model answers in the question's language. Empty for English, whose
 * prompts are written in English already (English prompts stay exactly as they were tuned).
 */
export function answerLanguageInstruction(question: string): string {
  const lang = questionLanguage(question);
  if (lang === 'en') return '';
  const name = languageName(lang);
  const own = PHRASES[lang as PhraseLanguage];
  return `Answer in ${name}, the language of the question.${own ? ` If the notes do not contain the answer, reply exactly: "${own.notesDontSay}"` : ''}`;
}

/** Appended to the small-talk system prompt: " Reply in Japanese (日本語)." (nothing for English). */
export function replyLanguageInstruction(question: string): string {
  const lang = questionLanguage(question);
  if (lang === 'en') return '';
  return ` Reply in ${languageName(lang)}.`;
}

const SCRIPT_LETTERS: Record<string, RegExp> = {
  Latn: /\p{Script=Latin}/u,
  Jpan: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u,
  Hani: /\p{Script=Han}/u,
  Hang: /[\p{Script=Hangul}\p{Script=Han}]/u,
  Cyrl: /\p{Script=Cyrillic}/u,
};

/**
 * A free-form reply worth showing: short, not an echo of the instructions, and written in the question's
 * script. Small models drift into other scripts ("hello で購入 …"); such a reply is replaced by the fixed greeting.
 * Replies to CJK questions may carry Latin names, so for them the Latin letters count a third (one CJK character
 * carries about a short word).
 */
export function acceptableReply(reply: string, system: string, question: string): boolean {
  const r = reply.trim();
  if (!r || r.length > 400) return false;
  if (r.includes(system.slice(0, 24)) || /you are obsiquery|reply briefly/i.test(r)) return false;
  // A reply to small talk states nothing from the notes, so it cites nothing, and it is one short paragraph: after
  // "summarise what you just said", the bundled model answered "thanks!" with the recap's cited sentences again and
  // a chat template's next turn ("…\nuser\nwhat is your name?").
  if (/\[\d+\]/.test(r) || /\n/.test(r)) return false;
  const script = detectLanguage(question).script;
  const expected = SCRIPT_LETTERS[script] ?? SCRIPT_LETTERS.Latn!;
  const cjk = script === 'Jpan' || script === 'Hani' || script === 'Hang';
  let inScript = 0;
  let total = 0;
  for (const ch of r) {
    if (!/\p{L}/u.test(ch)) continue;
    const weight = cjk && /\p{Script=Latin}/u.test(ch) ? 1 / 3 : 1;
    total += weight;
    if (expected.test(ch)) inScript += weight;
  }
  return total > 0 && inScript / total > 0.8;
}

/**
 * Whether `answer` is the fixed "not in your notes" answer of one of the phrase languages, or the answer that no
 * note is dated when the question asks about (a refusal too: it cites nothing).
 */
export function isNotInNotesAnswer(answer: string): boolean {
  const a = answer.trim();
  return PHRASE_LANGUAGES.some((l) => PHRASES[l].notInNotes === a || NOTHING_DATED[l].pattern.test(a));
}
