/**
 * Whether a question goes on from the previous one ("and what about the second one?", "can I turn that off?",
 * "それをオフにできますか") and so is searched with the previous question attached (decide.ts, withContext). In
 * every language the agent answers in: a follow-up in Japanese or Spanish searched alone found nothing to answer.
 */
import { CJK, words } from '../text/segment.js';
import { FILTER_STOPWORDS, KEY_WORD_STOPWORDS, LANGUAGE_FUNCTION_WORDS, QUERY_STOPWORDS } from '../text/stopwords.js';
import { questionLanguage, type PhraseLanguage } from './language.js';

interface FollowUpPatterns {
  /** An opening that goes on from the previous question ("and…", "じゃあ…"), on the lower-cased question. */
  continues: RegExp;
  /** Words or forms that point back at something said before ("…delete it?", "それを…"), on the question as typed. */
  pointsBack: RegExp[];
}

/** Between two non-letters (`\b` knows only ASCII letters). */
const word = (alternatives: string) => new RegExp(`(^|[^\\p{L}])(${alternatives})([^\\p{L}]|$)`, 'iu');

/**
 * Per language. Pronouns that are also articles or conjunctions (German "das", Dutch "dat" and "het", French "le",
 * "la") count only right before a last word in lower case, a verb ("Kann ich das ausschalten?", not "Wie installiere
 * ich das Plugin?"); adnominal demonstratives ("このノート", "this note") do not count, since they usually come with
 * their own subject.
 */
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

/** See the module comment. The question's language's patterns and English's (a mixed vault's users mix too). */
export function isFollowUp(question: string): boolean {
  const q = question.trim();
  const lang = questionLanguage(q) as PhraseLanguage;
  const patterns = [PATTERNS.en, ...(PATTERNS[lang] && lang !== 'en' ? [PATTERNS[lang]] : [])];
  if (patterns.some((p) => p.continues.test(q.toLowerCase()))) return true;
  const pointsBack = [...patterns.flatMap((p) => p.pointsBack), ...CLITIC_VERB].some((re) => re.test(q));
  return pointsBack && ownWords(q).length < OWN_SUBJECT_WORDS;
}
