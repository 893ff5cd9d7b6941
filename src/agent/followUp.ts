/**
 * Whether a question goes on from the previous one ("and what about the second one?", "can I turn that off?",
 * "それをオフにできますか") and so is searched with the previous question attached (decide.ts, withContext). In
 * every language the agent answers in: a follow-up in Japanese or Spanish searched alone found nothing to answer.
 */
import { CJK, words } from '../text/segment.js';
import { FILTER_STOPWORDS, KEY_WORD_STOPWORDS, LANGUAGE_FUNCTION_WORDS, QUERY_STOPWORDS } from '../text/stopwords.js';
import type { ChatTurn } from '../models/chatModel.js';
import { LETTER } from '../text/wordCharacters.js';
import { isSmallTalk, questionLanguage, type PhraseLanguage } from './language.js';

interface FollowUpPatterns {
  /** An opening that goes on from the previous question ("and…", "じゃあ…"), on the lower-cased question. */
  continues: RegExp;
  /** Words or forms that point back at something said before ("…delete it?", "それを…"), on the question as typed. */
  pointsBack: RegExp[];
}

/** Between two non-letters (`\b` knows only ASCII letters). Letters and marks only: a digit has always been an edge. */
const word = (alternatives: string) => new RegExp(`(^|[^${LETTER}])(${alternatives})([^${LETTER}]|$)`, 'iu');

/**
 * Per language. Pronouns that are also articles or conjunctions (German "das", Dutch "dat" and "het", French "le",
 * "la") count only right before a last word in lower case, a verb ("Kann ich das ausschalten?", not "Wie installiere
 * ich das Plugin?"); adnominal demonstratives ("このノート", "this note") do not count, since they usually come with
 * their own subject.
 */
/**
 * Swedish, Danish and Norwegian "det", "den", "dem": they open and fill many questions, so only as the last word do they
 * point back ("Kan jag stänga av det?").
 */
const SCANDINAVIAN_IT_LAST = /(^|\s)(det|den|dem)\s*\??$/iu;

const PATTERNS: Record<PhraseLanguage, FollowUpPatterns> = {
  en: {
    continues: /^(and|what about|how about|also|the (first|second|third|other|last) one)\b/,
    pointsBack: [
      /\b(it|that|this|those|them|one)\b\??$/i,
      word('he|she|him|her|his|hers|they|their|theirs'),
      // "how much will it cost", but not the "it" of "is it possible…", "it's not syncing".
      /(?<!\bis\s+)\bit\b(?!'s\b|\s+is\b)/i,
    ],
  },
  ja: {
    continues: /^(じゃあ|じゃ|では|それでは|それなら|あと|ちなみに|それと|それから)/,
    pointsBack: [/(それ|これ|あれ|そこ|ここ|そっち|こっち)/],
  },
  zh: { continues: /^(那么|那|还有|另外|然后)/, pointsBack: [/(它们|它|这个|那个|这样|那样)/] },
  ko: {
    continues: /^(그럼|그러면|그리고|그런데)\s/,
    pointsBack: [/(그것|그거|이것|이거|저것|저거|그걸|이걸|그게|이게)/],
  },
  es: { continues: /^¿?\s*(y|y si|qué tal|también|además)\s/, pointsBack: [word('eso|esto|ello')] },
  pt: { continues: /^(e|e se|também)\s/, pointsBack: [word('isso|isto|aquilo')] },
  it: { continues: /^(e|e se|anche)\s/, pointsBack: [word('questo|quello|ciò')] },
  fr: {
    continues: /^(et|et si|aussi)\s/,
    pointsBack: [word('ça|cela|ceci'), /(^|\s)(le|la|les|l')\s*\p{Ll}+(er|ir|re)\s*\??$/u],
  },
  de: {
    continues: /^(und|auch|was ist mit)\s/,
    pointsBack: [word('dazu|damit|davon|dafür|darauf|daran|dabei'), /(^|\s)(es|das|dies|dieses)\s+\p{Ll}+\s*\??$/u],
  },
  nl: {
    continues: /^(en|ook)\s/,
    pointsBack: [word('dit|ervan|daarvan|daarmee|ermee'), /(^|\s)(dat|het)\s+\p{Ll}+\s*\??$/u],
  },
  ru: { continues: /^(а|и|а если|также)\s/, pointsBack: [word('это|этого|этим|его|её|ее|их|оно')] },
  uk: { continues: /^(а|і|а якщо|також)\s/, pointsBack: [word('це|цього|цим|воно')] },
  pl: { continues: /^(a|i|a jeśli|a co z)\s/, pointsBack: [word('tego|tym|temu')] },
  cs: { continues: /^(a|a co|i|také)\s/, pointsBack: [word('toho|tím|tomu')] },
  tr: { continues: /^(ve|peki|ya)\s/, pointsBack: [word('bunu|onu|bunun|onun|bununla|onunla')] },
  vi: { continues: /^(còn|và|thế còn)\s/, pointsBack: [word('nó|cái đó|điều đó')] },
  id: { continues: /^(dan|lalu|bagaimana dengan)\s/, pointsBack: [word('itu')] },
  sv: { continues: /^(och|men|också)\s/, pointsBack: [SCANDINAVIAN_IT_LAST] },
  da: { continues: /^(og|men|også)\s/, pointsBack: [SCANDINAVIAN_IT_LAST] },
  no: { continues: /^(og|men|også)\s/, pointsBack: [SCANDINAVIAN_IT_LAST] },
  ro: { continues: /^(și|dar|și dacă)\s/, pointsBack: [word('asta|acesta|aceasta|ăsta')] },
  fi: { continues: /^(entä|ja|myös)\s/, pointsBack: [word('sen|sitä|siitä|sillä')] },
  hu: { continues: /^(és|de|és ha)\s/, pointsBack: [word('ezt|azt|ennek|annak|vele')] },
  hi: { continues: /^(और|तो|लेकिन|और अगर)\s/u, pointsBack: [word('इसे|उसे|इसको|उसको|इसका|उसका|इसकी|उसकी|इसके|उसके')] },
  // Arabic and Hebrew write "and" onto the next word: only before a question word is it the conjunction ("وكيف",
  // "ומה"), since "وظيفة" (job) and "ורד" (rose) begin with the same letter.
  ar: {
    continues: /^(?:(?:و|ولكن|لكن)\s|و?ماذا عن|و(?:كيف|متى|أين|هل|ما|من|لماذا|كم)\s)/u,
    pointsBack: [word('ذلك|تلك')],
  },
  // Thai writes no spaces, as Japanese does: the pronoun is found anywhere, and "แต่" (but) is not "แต่ง" (to dress,
  // marry, compose).
  th: { continues: /^(แล้ว|และ|แต่(?!ง)|ถ้าอย่างนั้น)/u, pointsBack: [/(มัน|อันนั้น|อันนี้|สิ่งนั้น|เรื่องนั้น)/u] },
  fa: { continues: /^(و|ولی|اما|پس)\s/u, pointsBack: [word('آن را|این را|آنرا|اینرا')] },
  he: {
    continues: /^(?:(?:ו|אבל|אז)\s|ו(?:מה|איך|מתי|איפה|מי|האם|למה|כמה)\s)/u,
    pointsBack: [word('אותו|אותה|אותם')],
  },
  el: { continues: /^(και|αλλά|και αν)\s/u, pointsBack: [word('αυτό|αυτά')] },
};

/**
 * In any language: an infinitive with its object pronoun attached, Spanish and Italian "desactivarlo",
 * "disattivarlo", Portuguese "desativá-lo". Short questions like these carry too few words to tell their language.
 */
const CLITIC_VERB = [
  /\p{L}{3,}(ar|er|ir)(lo|la|los|las|li|le)([^\p{L}]|$)/iu,
  /\p{L}{3,}-(lo|la|los|las)([^\p{L}]|$)/iu,
];

/**
 * A question that points back but holds this many words of its own or more stands alone: "is there a way to see
 * notes that mention this one but don't link to it" ends in "it" and says everything it asks. Glued to the previous
 * question it was searched as both, and answered with the previous answer again.
 */
export const OWN_SUBJECT_WORDS = 4;

const NOT_OWN = new Set(
  [
    ...FILTER_STOPWORDS,
    ...KEY_WORD_STOPWORDS,
    ...Object.values(QUERY_STOPWORDS).flat(),
    ...Object.values(LANGUAGE_FUNCTION_WORDS).flat(),
  ].flatMap((w) => words(w)),
);

/** The question's own content words (folded), without function words of any language. */
export function ownWords(question: string): string[] {
  return words(question).filter(
    (w) => !NOT_OWN.has(w) && (CJK.test(w) ? w.length > 1 || /\p{Script=Han}/u.test(w) : w.length > 2),
  );
}

/**
 * Asks about the answer just given, in so many words ("summarise what you just said", "resume lo que dijiste",
 * "今の回答を要約して"): answered from what was said (recap), in every language, without a model's decision. The
 * looser English patterns ("summarise", "shorter") also name searches ("summarise my Lisbon notes"), so decide.ts
 * honours them only when the model decided to reply.
 */
const ABOUT_THE_ANSWER: RegExp[] = [
  /\b(what|everything) you (just )?(said|wrote|told me)\b|\byour (last |previous )?answer\b/i,
  /lo que (me )?(dijiste|has dicho|escribiste|acabas de decir)|tu (última |anterior )?respuesta/i,
  /o que (você |tu )?(disse|disseste|escreveu|acabou de dizer)|(sua|tua) (última |anterior )?resposta/i,
  /quello che (mi )?hai (detto|scritto)|la tua (ultima )?risposta/i,
  /ce que (tu (viens de dire|as dit|as écrit)|vous (venez de dire|avez dit))|(ta|votre) (dernière )?réponse/i,
  /was du (gerade |eben )?(gesagt|geschrieben) hast|deine (letzte )?antwort/i,
  /wat je (net |zojuist )?(zei|zegde|schreef)|je (laatste |vorige )?antwoord/i,
  /что ты (только что )?(сказал|написал)|(твой|ваш) (последний |предыдущий )?ответ/i,
  /(今|さっき|先ほど|前)の(回答|答え|返答)|(今|さっき|先ほど)(言った|書いた)こと/,
  /你(刚才|刚刚)?(说的|写的)|(刚才|上一个|之前)的(回答|答案)/,
  /(방금|아까) (한 )?(말|답변|대답)|(이전|방금|아까)의? (답변|대답)/,
];

export function asksAboutTheAnswer(question: string): boolean {
  return ABOUT_THE_ANSWER.some((re) => re.test(question));
}

/**
 * See the module comment. The patterns of English (a mixed vault's users mix too), of the question's language and of
 * the question before it: a short follow-up gives too few words to tell its language ("Kostet das etwas?" reads as
 * English), the conversation it goes on from does.
 */
export function isFollowUp(question: string, before?: string): boolean {
  const q = question.trim();
  const langs = new Set(['en', questionLanguage(q), ...(before ? [questionLanguage(before)] : [])]);
  const patterns = [...langs].flatMap((l) => (l in PATTERNS ? [PATTERNS[l as PhraseLanguage]] : []));
  if (patterns.some((p) => p.continues.test(q.toLowerCase()))) return true;
  const pointsBack = [...patterns.flatMap((p) => p.pointsBack), ...CLITIC_VERB].some((re) => re.test(q));
  return pointsBack && ownWords(q).length < OWN_SUBJECT_WORDS;
}

/**
 * The questions a conversation asked of the notes, the latest first: requests about the answer ("summarise what you
 * just said") and small talk ask nothing of them. What a follow-up goes on from is the first of these (withContext in
 * steps/decide.ts, sentencesNotToRepeat in synthesizer.ts).
 */
export function questionsAsked(history: ChatTurn[]): string[] {
  return history
    .filter((t) => t.role === 'user' && !asksAboutTheAnswer(t.content) && !isSmallTalk(t.content))
    .map((t) => t.content)
    .reverse();
}
