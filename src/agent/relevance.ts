import { embeddingModels } from '../models/manifest.js';
import { detectLanguage } from '../text/language.js';
import { CJK, foldText, keyWordTerms, queryTerms, wordTerms, words, type QueryTerm } from '../text/segment.js';
import { hasStemmer, stemsByFoldedWord, textStems, wordStems } from '../text/wordStems.js';
import { isOrdinaryEnglishWord } from '../text/ordinaryWords.js';
import { questionLanguage } from './language.js';
import { NGRAM_LANGUAGES } from '../text/ngramLanguage.js';
import { LETTER, WORD_CHAR, trimToLetters, trimToWord } from '../text/wordCharacters.js';

/**
 * Whether an answer sentence is about the question, not only somewhere in a note. The grounding check proves a
 * sentence is in the notes; this proves it answers: "when is my dentist appointment" found a note about date
 * arithmetic, and a grounded sentence from it ("Dates can be added…") was shown with a citation.
 *
 * Key terms are the question's content words as search tokenises them (src/text/segment.ts): ICU words, so
 * Japanese and Chinese split into words; language stop words dropped; English words matched by stem too
 * ("snapshots" ~ "snapshot"). A paraphrased question may share no word with the sentence that answers it, so
 * the caller also accepts a sentence whose meaning is close enough (embedding similarity, see synthesizer.ts).
 */

/** The question's key terms: each content word and its English stem. */
export function keyTerms(question: string): Set<string> {
  return new Set(queryTerms(question).flatMap((t) => t.terms));
}

/** How many of the question's key words (counted per question word, not per stem) the sentence contains. */
export function sharedKeyWords(question: string, sentence: string): number {
  const inSentence = new Set(words(sentence).flatMap(wordTerms));
  return queryTerms(question).filter((t) => t.terms.some((x) => inSentence.has(x))).length;
}

/**
 * Key words too common in the retrieved notes to tell them apart ("note", "vault" in a notes app's help): a word in
 * at least `share` of the texts is as good as a stop word here. With fewer than three texts nothing is common.
 */
export function commonWords(texts: string[], share = 0.75): Set<string> {
  if (texts.length < 3) return new Set();
  const counts = new Map<string, number>();
  for (const t of texts) for (const w of new Set(words(t).flatMap(wordTerms))) counts.set(w, (counts.get(w) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n >= share * texts.length).map(([w]) => w));
}

/**
 * Whether a capital after the first word marks a name. Not in German, which capitalises every noun: "Wie lange
 * werden alte Versionen meiner Notizen aufbewahrt?" names nothing, and its "Versionen", absent from a vault that
 * says "Versionsverlauf", refused it as a name the vault never mentions. There a name is a word with a capital
 * inside ("iPhone", "WebDAV", "OneDrive"), in capitals ("PDF"), or with digits.
 */
export function capitalsMarkNames(question: string): boolean {
  return questionLanguage(question) !== 'de';
}

/**
 * namedWords' patterns. A word with digits ("v1.4", "2026-11-03", "3D") is made of letters, digits and hyphens and
 * takes no combining marks, unlike a capitalised name: kept as it was written, so adding marks there is a change of
 * behaviour to measure, not a refactor.
 */
const NUMBERED = String.raw`[\p{L}\p{N}-]*\p{N}[\p{L}\p{N}-]*`;
const NAMED_BY_CAPITALS = new RegExp(String.raw`[\p{Lu}][${LETTER}]+|${NUMBERED}`, 'gu');
const NAMED_IN_GERMAN = new RegExp(
  String.raw`[${LETTER}]*\p{Ll}\p{Lu}[${LETTER}]*|\p{Lu}{2,}[${LETTER}]*|${NUMBERED}`,
  'gu',
);

/**
 * The question's names and numbers ("Maya", "2026-11-03", "v1.4"): written with a capital after the first word, or
 * with digits (in German, capitalsMarkNames). In a personal vault the retrieved notes all mention the person or day
 * asked about, so such a word is never "common", and a note's title counts for it (a daily note's date is its title,
 * not in its sentences).
 */
export function namedWords(question: string): Set<string> {
  if (CJK.test(question)) return new Set(latinNamesWritten(question).flatMap(words).flatMap(wordTerms));
  const raw = question.trim().split(/\s+/).slice(1).join(' ');
  const named = [...raw.matchAll(capitalsMarkNames(question) ? NAMED_BY_CAPITALS : NAMED_IN_GERMAN)].map((m) => m[0]);
  const first = question.trim().split(/\s+/)[0] ?? '';
  if (/\p{N}/u.test(first)) named.push(first);
  return new Set(named.flatMap((w) => words(w)).flatMap(wordTerms));
}

/**
 * The names and numbers of a Japanese, Chinese or Korean question: its Latin-script words of two letters or more
 * written with a capital, the first one included ("Google Keep のメモを…", "Outlook에서 회의 초대…"), and its numbers
 * ("2026-11-03", "3D"). These scripts have no capitals, so a capital marks a name wherever it stands; a name ends
 * where the Latin letters and digits do. namedWords' pattern for spaced scripts ran on into the kana and kanji after
 * a name or a number ("3Dで立体的に表示したい" was one "name", so all its words were).
 */
function latinNamesWritten(question: string): string[] {
  return [...question.matchAll(/[\p{Script=Latin}\p{N}][\p{Script=Latin}\p{N}.-]*/gu)]
    .map((m) => m[0])
    .filter((w) => /\p{N}/u.test(w) || (/\p{Lu}/u.test(w) && (w.match(/\p{Script=Latin}/gu) ?? []).length >= 2));
}

/**
 * The question's names that the vault never mentions (`unknown`: its words with no document in the index, see
 * unknownWords in src/store/sparse.ts). "draw diagrams with the Excalidraw plugin" over the Obsidian help: every
 * other word is in the notes, so search finds a note about diagrams and its sentences come close in meaning, but
 * the thing asked about is not there. Only names count (capitalised after the first word): a paraphrase's
 * ordinary words ("colour", "charity") are often missing from the notes that answer it. Chosen on the tuning parts
 * (docs/answer-quality.md): it names 6 of the 19 off-topic questions (3 of them were answered before) and none
 * of the 89 on-topic ones, nor any of the 52 Japanese ones.
 */
export function unknownNames(question: string, unknown: string[]): string[] {
  // In Japanese and Chinese only the longer Latin names count here: "PC", "SNS" are everyday acronyms a help vault
  // need not spell (latinNamesInCjk).
  const named = new Set(KANA_OR_HAN.test(question) ? latinNamesInCjk(question) : namedWords(question));
  return unknown.filter((w) => named.has(w));
}

/**
 * The question's words that the vault never writes and that are no ordinary English word (isOrdinaryEnglishWord): a
 * name or term written in lower case, as people type them ("docker compose file for a postgres database", "kubectl
 * restart all pods", "add a pomodoro timer to the status bar"). unknownNames finds only capitalised names; an ordinary
 * word a vault lacks ("colour", "charity") is often a paraphrase's, and stays allowed. English questions only, where
 * the word list reads them. Four letters or more, as latinNamesInCjk: shorter ones are mostly everyday abbreviations
 * ("pc", "os", "ui") a note may spell out ("computer"). Found on the English tuning parts (docs/answer-quality.md,
 * seventeenth session).
 */
export function unknownTerms(question: string, unknown: string[]): string[] {
  // Most questions lack no word at all: the word list is read (and each word of the question looked up in it, ~20 ms
  // a question) only for one that lacks a candidate.
  if (!unknown.some((w) => /^[a-z]{4,}$/.test(w)) || questionLanguage(question) !== 'en') return [];
  const terms = unknown.filter((w) => /^[a-z]{4,}$/.test(w) && !isOrdinaryEnglishWord(w));
  return terms.length && readsAsEnglish(question, unknown) ? terms : [];
}

/**
 * Whether most of the words of a question that the vault holds are ordinary English words. A short question in
 * another language is at times read as English ("convertir 70 grados fahrenheit a celsius"), and then each of its
 * words the vault lacks would be a "term"; the words it shares with the vault say which language it is in.
 */
function readsAsEnglish(question: string, unknown: string[]): boolean {
  const ws = words(question).filter((w) => /^\p{L}{2,}$/u.test(w) && !unknown.includes(w));
  return ws.filter(isOrdinaryEnglishWord).length > ws.length / 2;
}

/**
 * The names of a Japanese or Chinese question: its Latin-script words of four letters or more ("WebDAV",
 * "Nextcloud", "Todoist", "kubectl"). Such a question has no spaces and no capitals that mark a name, and a Latin
 * word inside it is a product, file type or command, not a paraphrase's ordinary word; shorter ones are mostly
 * acronyms of everyday speech ("PC", "SNS") that a help vault need not spell. On the Japanese tuning parts no
 * on-topic question has such a word the vault lacks (docs/answer-quality.md).
 */
export function latinNamesInCjk(question: string): string[] {
  if (!KANA_OR_HAN.test(question)) return [];
  return words(question).filter((w) => /^[\p{Script=Latin}][\p{Script=Latin}\p{N}]{3,}$/u.test(w));
}

/**
 * Before a token's word, and after it with a possessive "'s": the ASCII apostrophe only, as namePhrases has always
 * read it (notesNamedByRuns takes "’s" too), so "Calendar’s" stays a word of the run.
 */
const LEADING_NON_WORD = new RegExp(`^[^${WORD_CHAR}]+`, 'u');
const TRAILING_NON_WORD_AND_S = new RegExp(`(?:'s)?[^${WORD_CHAR}]*$`, 'u');

/**
 * The question's names of more than one word: runs of two or more words capitalised after the first word
 * ("Google Calendar", "Microsoft Word"), or a Latin name and the katakana word after it ("Googleカレンダー"). Each
 * word may be in the vault ("Google Keep", "calendar view") while the thing they name together is not.
 */
export function namePhrases(question: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  const tokens = question.trim().split(/\s+/);
  // In a Title Cased Question capitals mark no names, nor in German, where every noun has one.
  const rest = tokens.slice(1);
  const titleCased =
    (rest.length > 1 && rest.filter((t) => /^\p{Lu}/u.test(t)).length > rest.length / 2) ||
    !capitalsMarkNames(question);
  for (const [i, token] of (titleCased ? [] : tokens).entries()) {
    const word = token.replace(LEADING_NON_WORD, '').replace(TRAILING_NON_WORD_AND_S, '');
    const capital = i > 0 && word.length > 1 && /^\p{Lu}/u.test(word);
    if (capital) run.push(word);
    // Punctuation around a word ("Calendar,", "Calendar's") ends the name with it.
    if (!capital || word !== token) {
      if (run.length > 1) runs.push(run);
      run = [];
    }
  }
  if (run.length > 1) runs.push(run);
  // Japanese writes a Latin name and the katakana word it goes with together ("Googleカレンダー"), without a space.
  for (const m of question.matchAll(/(\p{Lu}[\p{Script=Latin}]+)\s?(\p{Script=Katakana}[\p{Script=Katakana}ー]*)/gu))
    runs.push([m[1]!, m[2]!]);
  return runs;
}

/** Words that say which kind of plugin, not which one ("a core plugin", "the community plugins"). */
const PLUGIN_KINDS = new Set(['core', 'community', 'official', 'party', 'third', 'obsidian', 'custom', 'own', 'new']);

/**
 * The plugins an English question names: the word before "plugin(s)" ("the Tasks plugin", "a kanban board plugin"
 * → "board"), unless it is a stop word or says which kind of plugin.
 */
export function pluginNames(question: string): string[] {
  const ws = words(question);
  const named: string[] = [];
  ws.forEach((w, i) => {
    const before = ws[i - 1];
    if (!/^plugins?$/.test(w) || before === undefined || PLUGIN_KINDS.has(before)) return;
    if (queryTerms(before).length) named.push(before);
  });
  return named;
}

/** The nouns Spanish names a plugin with: "el complemento Tasks", "el plugin Git". */
const SPANISH_PLUGIN_NOUN = /^(?:complementos?|plugins?)$/i;

/**
 * The plugins a Spanish question names. Spanish puts the name after the noun ("el complemento Tasks", "el plugin
 * Git", "del complemento Calendar"), where English puts it before ("the Tasks plugin"), so pluginNames finds nothing
 * in it. The name is the capitalised word right after "complemento(s)" or "plugin(s)", as Spanish writes plugin
 * names ("el complemento Notas diarias"); a lower-case word there says what the plugin does or which kind it is
 * ("un complemento de kanban", "el complemento principal"), and "Obsidian" is whose it is. A name the note titles
 * begin with ("Plantillas", "Notas diarias") or that a note writes after the noun is known.
 */
export function spanishPluginNames(question: string): string[] {
  const tokens = question.trim().split(/\s+/);
  const named: string[] = [];
  tokens.forEach((token, i) => {
    const next = trimToWord(tokens[i + 1] ?? '');
    const noun = trimToLetters(token);
    if (!SPANISH_PLUGIN_NOUN.test(noun) || !/^\p{Lu}/u.test(next)) return;
    const name = words(next)[0];
    if (name && !PLUGIN_KINDS.has(name)) named.push(name);
  });
  return named;
}

/**
 * Things the question names that no note names (`holds` says whether some note writes the given words in a row):
 * a name of several words ("Google Calendar") and a plugin ("Tasks plugin") unless a note writes "<name> plugin"
 * or a note is titled for it (`titles`: "Templates", "Daily notes"). "show my Google Calendar events inside the
 * daily note" and "use the Tasks plugin to make a task repeat every week" were answered with sentences about the
 * daily note's calendar icon and the CLI's task commands: every word is in the vault, the thing asked about is
 * not. Chosen on the tuning parts: +5 of 64 off-topic refusals, no on-topic question named; on the English test
 * part it refused no more off-topic questions and cost one hit ("the official migration plugin" is the Importer's
 * description, not its name). docs/answer-quality.md.
 */
export function unknownThings(
  question: string,
  holds: (phrase: string[]) => boolean,
  titles: () => string[],
): string[] {
  const plural = (w: string) => [w, w.endsWith('s') ? w.slice(0, -1) : `${w}s`];
  const language = questionLanguage(question);
  const plugins = language === 'en' ? pluginNames(question) : [];
  // The last word of each note's title ("Templates", "Daily notes"), read only when the question names a plugin.
  const titleWords = plugins.length ? new Set(titles().map((t) => words(t).at(-1))) : new Set<string>();
  return [
    ...namePhrases(question)
      .filter((p) => !holds(p))
      .map((p) => p.join(' ')),
    ...plugins
      .filter((w) => !plural(w).some((x) => titleWords.has(x)) && !holds([w, 'plugin']))
      .map((w) => `${w} plugin`),
    ...(language === 'es' ? unknownSpanishPlugins(question, holds, titles) : []),
  ];
}

/**
 * The plugins a Spanish question names (spanishPluginNames) that no note names: no note writes "complemento <name>"
 * or "plugin <name>", and no note's title begins with the name (Spanish titles lead with it: "Notas diarias").
 */
function unknownSpanishPlugins(
  question: string,
  holds: (phrase: string[]) => boolean,
  titles: () => string[],
): string[] {
  const plugins = spanishPluginNames(question);
  if (!plugins.length) return [];
  const titleWords = new Set(titles().map((t) => words(t)[0]));
  return plugins
    .filter((w) => !titleWords.has(w) && !holds(['complemento', w]) && !holds(['plugin', w]))
    .map((w) => `complemento ${w}`);
}

/**
 * Shared key words, ignoring those in `common` (except the question's names and numbers, which may also be found in
 * `title`, the title of the note the sentence is from). `lang` is keyWordLanguage's: words of a language with a
 * stemmer also match by stem (German also by a compound's part); Japanese and Chinese words match by their kanji and
 * katakana (questionKeyWords) in any language, and a Japanese verb's kanji by a line's label (verbKanjiInLabel).
 */
export function sharedDistinctiveKeyWords(
  question: string,
  sentence: string,
  common: Set<string>,
  title = '',
  lang = '',
): number {
  const named = namedWords(question);
  const inSentence = sentenceForms(sentence, lang);
  const keys = questionKeyWords(question, lang);
  const titleText = foldText(title);
  const inLabel = verbKanjiInLabel(question, sentence, common);
  const ofNamed = inLabel ? null : verbKanjiOfNamed(question, keys, sentence, common, titleText);
  const verbShared = inLabel ?? ofNamed?.kanji ?? null;
  const shared = keys.filter(
    (k) =>
      k.terms.some((x) => inSentence.terms.has(x) && (named.has(x) || !common.has(x))) ||
      k.runs.some((x) => inSentence.text.includes(x) && !common.has(x)) ||
      k.stems.some((x) => inSentence.stems.has(x) && !common.has(x)) ||
      (lang === 'de' &&
        (k.stems.some((x) => !common.has(x) && [...inSentence.stems].some((y) => sharedCompoundPart(x, y, common))) ||
          k.terms.some((x) => !common.has(x) && [...inSentence.terms].some((y) => sharedFirstPart(x, y, common))))) ||
      (LIGHT_STEMS.has(lang) &&
        k.stems.some((x) => !common.has(x) && [...inSentence.stems].some((y) => sameStemStart(x, y)))),
  );
  // The note's title says who or what a sentence is about: "Birthday: 14 January" is Lena's in her note, and a daily
  // note's date is its title. So the question's names are found there too, and in Japanese, Chinese and Korean, which
  // mark no name with a capital, its runs ("予算：二人で1,800ユーロ" answers "リスボン旅行の予算はいくら？" in the note
  // "リスボン旅行", "連絡方法：Slackが一番" answers "美雅さんと連絡を取るには" in "陳美雅"). Outside English, only beside a
  // key word the sentence shares itself: the title alone says the note is about Lisbon or Maya, not that this sentence
  // says the weather there or her birthday ("Quand est l'anniversaire de Maya ?" was answered with her contact line).
  // An English question's name counts alone, as it always has: what it asks of the person is checked by the
  // possessive rule (answersPossessive), and "what did I borrow from Tom" is answered by "Lent me his cordless drill"
  // in Tom's note, which shares no other word with it.
  if (verbShared) shared.push({ word: verbShared, terms: [], runs: [verbShared], stems: [] });
  if (!title) return shared.length;
  const inTitle = new Set(words(title).flatMap(wordTerms));
  // A name takes case endings where the language has them ("Где офис у Майи?" in the note "Майя Чен"): by stem too.
  const titleStems = textStems(lang, title);
  const byName = keys.filter(
    (k) =>
      !shared.includes(k) &&
      k.terms.some((x) => named.has(x)) &&
      (k.terms.some((x) => inTitle.has(x)) || k.stems.some((x) => titleStems.has(x))),
  );
  if (
    shared.length === 0 &&
    (byName.length === 0 || (questionLanguage(question) !== 'en' && !namesSomeoneAsked(question, sentence, title)))
  )
    return 0;
  const byRun = keys.filter(
    (k) =>
      !shared.includes(k) &&
      !byName.includes(k) &&
      (k === ofNamed?.name || k.runs.some((x) => titleText.includes(x) && !common.has(x))),
  );
  return shared.length + byName.length + byRun.length;
}

/**
 * A word asking for a person, anywhere in a question ("Con chi vado…", "С кем я еду…"), in the languages whose capitals
 * mark a name (not German: capitalsMarkNames). Not definitionQuestion.ts's asksWho, which asks who someone named *is*
 * (the question opens with it) or what they do. Not Russian "кем", which asks what someone works as as often ("Кем
 * работает Майя?"), nor Ukrainian "ким" alone ("Ким працює Мая?"). Dutch "wie" is German "how", and German is never
 * asked here (capitalsMarkNames).
 */
const PERSON_ASKED =
  /(?<![\p{L}])(?:who|whom|quién|quiénes|qui|chi|quem|кто|кого|кому|с кем|хто|з ким|із ким|kto|kogo|komu|z kim|kim|kiminle|vem|hvem|kuka|cine|siapa|wie)(?![\p{L}])/iu;

/**
 * Whether a question asks who, and the sentence names someone: a capitalised word after its first, not one of the
 * question's or the title's own words. "Con chi vado a Lisbona?" is answered by "Vacanza di primavera con mia sorella
 * Lena." in the note "Viaggio a Lisbona", which shares no word with the question but the title's name; outside
 * English the title's name alone is no answer (sharedDistinctiveKeyWords), unless what is asked is a person and the
 * sentence names one. Chosen on the tuning parts (`personal-it-tune`, `personal-pt-tune`, `personal-ru-tune`, the
 * thirty-sixth session).
 */
function namesSomeoneAsked(question: string, sentence: string, title: string): boolean {
  if (!PERSON_ASKED.test(question) || !capitalsMarkNames(question) || CJK.test(question)) return false;
  const known = new Set([...words(question), ...words(title)]);
  // The sentence's own line: a heading before it (inItsSection) starts with a capital of its own.
  return (sentence.trim().split('\n').at(-1) ?? '')
    .split(/\s+/)
    .slice(1)
    .map(trimToLetters)
    .some((w) => /^\p{Lu}\p{Ll}+$/u.test(w) && !known.has(foldText(w)));
}

/**
 * A Japanese verb's kanji (one kanji written with its kana ending: "泊まる", "持って") found in the label of a
 * "label：value" line ("宿泊：アルファマ地区の小さなアパート。"): a personal note states a fact under a label, and the
 * label names what the line states. Single kanji are no key words anywhere else (questionKeyWords: in a sentence's
 * text they answered more off-topic questions than on-topic ones); a label is a few characters that say what the line
 * is, so "リスボンではどこに泊まる？" is answered by the lodging line, where it was refused. Not tuned (no number):
 * over every tuning part (747 questions) it changed that one answer, and no answer of the Japanese test parts.
 */
function verbKanjiInLabel(question: string, sentence: string, common: Set<string>): string | null {
  const label = /^\s*(?:[-*]\s+)?([^：:]{1,12})[：:]/u.exec(sentence)?.[1];
  if (!label) return null;
  for (const kanji of verbKanji(question)) if (label.includes(kanji) && !common.has(kanji)) return kanji;
  return null;
}

/**
 * The part of a question's kanji or katakana run that a note's (folded) title holds: the run, or the run without its
 * first or last character, of two characters or more, not common. ICU splits a name it does not know into single characters
 * and splitNames joins them again with a single character beside them: "美雅弹什么乐器？" has the run "美雅弹" (name and
 * verb), and the note is "陈美雅".
 */
function runInTitle(run: string, titleText: string, common: Set<string>): string | null {
  const chars = [...run];
  const parts = [run, chars.slice(0, -1).join(''), chars.slice(1).join('')];
  return parts.find((p) => [...p].length >= 2 && titleText.includes(p) && !common.has(p)) ?? null;
}

/** The characters that ask (what, who, which, how many): no verb, though verbKanji may read "何を" or "几" as one. */
const ASKING_KANJI = new Set([...'何誰幾谁哪几啥怎']);

/**
 * A question's one-kanji verb (verbKanji) in a sentence of the note its name calls (a run of the question that is the
 * note's title, or the title without a one-character surname: "美雅" of "陈美雅", "田中" of "田中健"): a personal note
 * says what its person does in a line of its own, and the line is about them, so its verb answers ("美雅弹什么乐器？" by
 * "在一个叫 Lowercase Letters 的乐队弹贝斯，12月12日有演出", "汤姆住几号？" by "住在14号的邻居，退休电工。",
 * "田中さんの奥さんの名前は？" by "奥さんは由美さん。"). They were refused: a single kanji is a key word nowhere else
 * (questionKeyWords), and outside English the title's name counts only beside a key word the sentence shares itself.
 * The name's own characters and the characters that ask are no verbs, and the name then counts as in the title
 * (`name`). The title must be the name: with any title holding a run of the question, "长文章怎么按标题快速跳到某一节" (a
 * test question then, moved to the tuning part) was answered from the quick switcher's note ("快速切换", "按") instead
 * of the outline's, and for Japanese the Japanese help's tuning parts lost 3 hits for 1 and 3 more off-topic questions
 * were answered; with the title as the name, no answer of those parts changes.
 */
function verbKanjiOfNamed(
  question: string,
  keys: KeyWord[],
  sentence: string,
  common: Set<string>,
  titleText: string,
): { kanji: string; name: KeyWord } | null {
  if (!/\p{Script=Han}/u.test(question)) return null;
  for (const name of keys) {
    const inTitle = name.runs.map((r) => runInTitle(r, titleText, common)).find((p) => p !== null);
    // A person's note is titled by their name, with the surname at most besides ("陈美雅" for "美雅"); a run that is
    // only part of a longer title ("快速" of "快速切换", the quick switcher) is a word, not the note's name.
    if (!inTitle || [...titleText].length - [...inTitle].length > 1) continue;
    for (const kanji of verbKanji(question))
      if (!inTitle.includes(kanji) && !ASKING_KANJI.has(kanji) && !common.has(kanji) && sentence.includes(kanji))
        return { kanji, name };
  }
  return null;
}

/**
 * A question's verbs written as one kanji: with its kana ending in Japanese ("泊まる"); in Chinese, which writes a
 * verb without kana, a character ICU cuts as a word of its own, not a function word ("住" of "我们在里斯本住哪里？",
 * answered by "住宿：阿尔法玛区的一间小公寓").
 */
function verbKanji(question: string): string[] {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(question))
    return [...question.matchAll(/(?<!\p{Script=Han})(\p{Script=Han})\p{Script=Hiragana}/gu)].map((m) => m[1]!);
  return queryTerms(question)
    .map((t) => t.word)
    .filter((w) => /^\p{Script=Han}$/u.test(w));
}

/**
 * What a question asks *of* someone or something: the names it writes in the possessive ("when is Maya's birthday",
 * "what's Tom's wife called") or after "of" ("what's the capital of Portugal", "the address of Northwind Labs"; not
 * "out of Craft", where "of" says where from), only names as namedWords finds them (so the first word's "What's" is
 * none), and the question without them, which says what is asked of them (without the words that ask for a name:
 * "what's Tom's wife called" asks for a name, which a sentence gives without the word, as "Wife: Ingrid" does).
 * Empty names: the question asks nothing of anyone.
 */
export interface Possessive {
  names: string[];
  attribute: string;
}

const POSSESSIVE = /(\p{L}[\p{L}\p{N}-]*)['’]s\b/gu;
/** "of" and the capitalised words after it, unless "out of" (a name there says where from, not whose). */
const OF_NAMES = /(?<!\bout\s+)\bof((?:\s+\p{Lu}[\p{L}\p{N}-]*)+)/gu;
/**
 * The "of" of Spanish, French, Italian, Portuguese, Dutch and Vietnamese, with its articled forms ("el perro de Maya",
 * "la band di Maya", "o cão da Maya", "de hond van Maya", "chó của Maya"), and the capitalised words after it. These
 * say "from" and "made of" as often ("los documentos de Craft", "una hoja de Excel"), so possessiveOf takes only the
 * names that call a note there. Not German's "von": every German noun is capitalised, and namedWords finds few names
 * there.
 */
const OF_NAMES_IN: Readonly<Record<string, RegExp>> = Object.fromEntries(
  Object.entries({
    es: 'de|del',
    fr: "de|du|des|d['’]",
    it: 'di|del|della|dello|dei|degli',
    pt: 'de|do|da|dos|das',
    nl: 'van',
    // Vietnamese "của" ("ban nhạc của Maya", Maya's band)
    vi: 'của',
  }).map(([lang, of]) => [lang, new RegExp(`(?<![\\p{L}])(?:${of})((?:\\s*\\p{Lu}[\\p{L}\\p{N}-]*)+)`, 'gu')]),
);
/**
 * Words that ask for a name ("what's Tom's wife called", "¿cómo se llama el perro de Maya?", "hoe heet de hond van
 * Maya?", "Vợ của Tom tên gì?", "Как зовут собаку Майи?"), with the reflexive before the verb ("si chiama": Italian "si" is no stop word, being
 * English's "yes" in Spanish): a sentence gives the name without them.
 */
const ASKS_A_NAME =
  /(?<![\p{L}])(?:(?:si|se|s['’])\s*)?(?:names?|named|called|llama|llaman|nombre|appelle|appellent|nom|chiama|chiamano|nome|chama|chamam|heet|heten|naam|tên|зовут|звать|звати|звуть|зовуть|кличут|кличка|кличку)(?![\p{L}])/giu;

/**
 * The languages that name a possessor after the thing, in the genitive and without a preposition: "собаку Майи",
 * "в группе Майи", "гурті Маї" (Maya's dog, Maya's band). The name is written with an ending its note's title lacks,
 * so it is asked of only where it is a note's name with another ending (declinedNoteNames).
 */
const GENITIVE_POSSESSOR = new Set(['ru', 'uk']);
/** Prepositions before such a name: "у Тома" is "at Tom's" or "from Tom", "с Майей" "with Maya", no possessive. */
const SLAVIC_PREPOSITIONS = new Set(
  words('в во на с со к ко у о об обо от до для за из изо по при про без над под через между перед з із зі від біля'),
);
/** What splits a question into runs of letters (digits split too: a name has none). */
const NON_LETTERS = new RegExp(`[^${LETTER}]+`, 'u');
/**
 * A lower-case word and the capitalised one after it ("собаку Майи"). The edges look at letters only, without
 * marks, as they were written: giving them marks would be a change of behaviour, not of spelling.
 */
const LOWER_THEN_CAPITALISED = new RegExp(
  String.raw`(?<![\p{L}])(\p{Ll}[${LETTER}]*)\s+(\p{Lu}[${LETTER}]*)(?![\p{L}])`,
  'gu',
);

/**
 * The question's capitalised words that are a note's one-word name with another ending (NoteNames
 * .properNameWithEnding), each with that name: "майи" → "маия" (Майя). For the languages of GENITIVE_POSSESSOR only.
 */
export function declinedNoteNames(
  question: string,
  notes: { properNameWithEnding(word: string): string | undefined },
): Map<string, string> {
  const out = new Map<string, string>();
  if (!GENITIVE_POSSESSOR.has(questionLanguage(question))) return out;
  for (const token of question.split(NON_LETTERS).filter((t) => /^\p{Lu}/u.test(t))) {
    const name = notes.properNameWithEnding(token);
    if (name) out.set(foldText(token), name);
  }
  return out;
}

/**
 * Whom a question asks about and what it asks of them: "Maya's band", "the capital of Portugal", "la band di Maya",
 * "ban nhạc của Maya", and in Russian and Ukrainian a name after a noun in the genitive ("в группе Майи"), where
 * `declined` (declinedNoteNames) says it is a note's name with another ending; that name is asked of.
 */
export function possessiveOf(
  question: string,
  noteNames: ReadonlySet<string> = new Set(),
  declined: ReadonlyMap<string, string> = new Map(),
): Possessive {
  const named = namedWords(question);
  const isName = (w: string) => named.has(foldText(w));
  const names: string[] = [];
  let attribute = question.replace(POSSESSIVE, (m, name: string) => {
    if (!isName(name)) return m;
    names.push(foldText(name));
    return ' ';
  });
  const ofNames = (isOwner: (w: string) => boolean) => (m: string, run: string) => {
    const these = run.trim().split(/\s+/).filter(isOwner);
    if (these.length === 0) return m;
    names.push(...these.map(foldText));
    return ' ';
  };
  attribute = attribute.replace(OF_NAMES, ofNames(isName));
  const ofIn = OF_NAMES_IN[questionLanguage(question)];
  if (ofIn)
    attribute = attribute.replace(
      ofIn,
      ofNames((w) => isName(w) && noteNames.has(foldText(w))),
    );
  if (declined.size > 0 && GENITIVE_POSSESSOR.has(questionLanguage(question)))
    attribute = attribute.replace(LOWER_THEN_CAPITALISED, (m, before: string, name: string) => {
      const owner = declined.get(foldText(name));
      if (!owner || SLAVIC_PREPOSITIONS.has(foldText(before))) return m;
      names.push(owner);
      return `${before} `;
    });
  if (names.length === 0) return { names: [], attribute: question };
  return { names: [...new Set(names)], attribute: attribute.replace(ASKS_A_NAME, ' ') };
}

/**
 * Whether a sentence answers what a question asks of someone (possessiveOf): it is about them (each name in the
 * sentence, its heading or its note's title) and says the thing asked (it shares every key word of the question
 * without the names). Meaning alone cannot tell one fact about a person from another: "Works with me since: March
 * 2025", in Maya's note, is close in meaning to "when is Maya's birthday", which the vault does not hold; and
 * "Birthday: 14 January", in Lena's note, answered "when is Tom's birthday" through the one word it shares. One
 * shared word of several was not enough either: "what's the phone number of Tom" was answered "Neighbour at number
 * 14…" and "what breed is Tom's cat" with "…their cat Mr. Biscuit sometimes sleeps in my shed". Names common to
 * the retrieved notes ("Obsidian's settings" in Obsidian's help) and an attribute without key words ask
 * nothing more.
 */
export function answersPossessive(
  p: Possessive,
  sentence: string,
  title: string,
  common: Set<string>,
  lang = '',
): boolean {
  const names = p.names.filter((n) => !common.has(n));
  if (names.length === 0) return true;
  const about = new Set(words(`${title}\n${sentence}`));
  if (!names.every((n) => about.has(n))) return false;
  const need = keyWordCount(p.attribute, common, lang);
  return need === 0 || sharedDistinctiveKeyWords(p.attribute, sentence, common, '', lang) >= need;
}

/**
 * A note the question calls by one of its names (its title, an alias or its file name: "Tom" of `People/Tom
 * Becker.md`, whose aliases hold "Tom"), and the question's words that named it.
 */
export interface NamedNote {
  words: string[];
  sources: string[];
}

/**
 * The notes a question names exactly: a run of its names (namedWords, numbers left to the date scope) that is a note's
 * title, alias or file name written with a capital (`notes`: NoteNames.properNamed), the longest run first ("Lena
 * Novak" before "Lena"). Such a question is about that note's subject, and its answer must be too (answersNamedNote):
 * "what did I borrow from Tom" was answered with Rust's "The borrow checker and I are slowly becoming friends", one
 * shared word and no Tom. Only an exact name counts: a name that begins a title ("Obsidian" of "How Obsidian stores
 * data") names a topic many notes share, and one note's title saying it did not make the others less of an answer
 * (seventeenth session, withdrawn).
 */
export function namedNotes(question: string, notes: { properNamed(name: string): string[] }): NamedNote[] {
  const names = namedWords(question);
  return notesNamedByRuns(question, notes, (t) => {
    const ws = words(t);
    return ws.length > 0 && !/\p{N}/u.test(t) && ws.every((w) => wordTerms(w).some((x) => names.has(x)));
  });
}

/** notesCalledByName's split: an apostrophe stays inside a name ("O'Brien", "d’Artagnan"). */
const NON_LETTERS_NOR_APOSTROPHES = new RegExp(`[^${LETTER}'’]+`, 'u');
/** After a token's word, with a possessive in either apostrophe ("Maya's", "Maya’s"). */
const TRAILING_NON_WORD_AND_EITHER_S = new RegExp(`(?:['’]s)?[^${WORD_CHAR}]*$`, 'u');

/**
 * The notes a question calls by a name written with a capital, in any language: namedNotes without its rule for
 * what marks a name, so that a German question's "Maya" (German capitalises every noun, so namedWords finds no name
 * there) calls Maya's note too. Only for searching those notes when nothing else was found: an answer is held to
 * namedNotes, which a German noun that is a note's title ("Vorlagen") does not limit.
 */
export function notesCalledByName(
  question: string,
  notes: { properNamed(name: string): string[]; properNamedWithEnding?(word: string): string[] },
): NamedNote[] {
  const isName = (t: string) => /^\p{Lu}/u.test(t) && !/\p{N}/u.test(t);
  const exact = notesNamedByRuns(question, notes, isName);
  // A language that inflects names writes them with endings its note names lack ("Як звати дружину Тома?" of the note
  // "Том Беккер", alias "Том"; "собаку Маї" of "Мая"): one word that is a note's one-word name with another ending.
  const lang = questionLanguage(question);
  if (exact.length || !notes.properNamedWithEnding || lang === 'en' || !hasStemmer(lang)) return exact;
  const found: NamedNote[] = [];
  for (const token of question.split(NON_LETTERS_NOR_APOSTROPHES).filter(isName)) {
    const sources = notes.properNamedWithEnding(token);
    if (sources.length) found.push({ words: words(token), sources });
  }
  return found;
}

/** The notes runs of the question's names (`isName`, per token) name exactly, the longest run first. */
function notesNamedByRuns(
  question: string,
  notes: { properNamed(name: string): string[] },
  isName: (token: string) => boolean,
): NamedNote[] {
  const tokens = question
    .trim()
    .split(/\s+/)
    .map((t) => t.replace(LEADING_NON_WORD, '').replace(TRAILING_NON_WORD_AND_EITHER_S, ''));
  const found: NamedNote[] = [];
  for (let i = 0; i < tokens.length; ) {
    let taken = 0;
    // The longest run of names from here that is a note's name (four words at most: titles of people and things).
    for (let len = 4; len >= 1 && taken === 0; len--) {
      const run = tokens.slice(i, i + len);
      if (run.length < len || !run.every(isName)) continue;
      const sources = notes.properNamed(run.join(' '));
      if (sources.length) {
        found.push({ words: run.flatMap((t) => words(t)), sources });
        taken = len;
      }
    }
    i += Math.max(taken, 1);
  }
  return found;
}

/**
 * Whether a chunk may answer a question that names notes (namedNotes): it is one of the named note's chunks, or it
 * writes each name (in its text, headings or title: a day note's "Tom lent me his cordless drill"). Names common to
 * the retrieved notes ask nothing (`common`).
 */
export function answersNamedNote(
  named: readonly NamedNote[],
  chunk: { source: string; text: string },
  common: Set<string>,
): boolean {
  const asked = named.filter((n) => !n.words.every((w) => common.has(w)));
  if (asked.length === 0) return true;
  const ws = new Set(words(chunk.text).flatMap(wordTerms));
  return asked.every((n) => n.sources.includes(chunk.source) || n.words.every((w) => ws.has(w)));
}

/**
 * A cheap first look for sharedDistinctiveKeyWords over many texts (a vault's tasks, its note titles): a text can
 * share one of the question's key words only if it holds the first four letters of one of that word's forms (the
 * word, its search terms and stems, its kanji or katakana runs). False means no key word is shared; true, maybe.
 */
export function mayShareKeyWords(question: string, lang = ''): (text: string) => boolean {
  const hints = questionKeyWords(question, lang).flatMap((k) =>
    [k.word, ...k.terms, ...k.stems, ...k.runs].map((f) => foldText(f).slice(0, 4)),
  );
  return (text) => {
    const folded = foldText(text);
    return hints.some((h) => folded.includes(h));
  };
}

/**
 * Whether one German stem is the other's first or last part, of 5 letters or more and not common ("videoformat" /
 * "video", "ruckverweis" / "verweis", "dateigross" / "gross"): German writes a paraphrase's words as one compound
 * where the note writes them apart, or the other way round. A common part ("notiz" of "tagesnotiz") shares nothing.
 * The last part, the compound's head, may be four letters when four or more stand before it ("laufziel" / "ziel": a
 * running goal is a goal; personal-de-tune's "Was ist mein Laufziel?" was refused with "Ziel: 10 km…" under Laufen).
 */
function sharedCompoundPart(a: string, b: string, common: Set<string>): boolean {
  if (sharedFirstPart(a, b, common)) return true;
  if (a === b || a.length < 4 || b.length < 4) return false;
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return !common.has(short) && (short.length >= 5 || long.length - short.length >= 4) && long.endsWith(short);
}

/**
 * Whether one German word is the other's first part (5 letters or more, not common): "Server" of "Serverstandort".
 * sharedCompoundPart asks it of stems; it is asked of the words as written too, since a stemmer cuts a word's ending
 * where the compound goes on ("server" is "serv", "serverstandort" keeps its "server"). A last part ends both words
 * alike, and its stems meet there already.
 */
function sharedFirstPart(a: string, b: string, common: Set<string>): boolean {
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return short.length >= 5 && long !== short && long.startsWith(short) && !common.has(short);
}

/**
 * The languages whose stems may keep a case ending (NGRAM_LANGUAGES and Ukrainian, stemmed by nlp.js since the
 * twenty-first session): Polish has no Snowball stemmer, and nlp.js's leaves "dentysty" as "dentyst" and "dentysta" as
 * "dentys", "pożyczyłem" as "pożycz" and "pożyczył" as "pożyczy". There two stems meet when one starts the other and
 * is at most two letters shorter (sameStemStart). And Russian (thirty-sixth session, on `personal-ru-tune`): its
 * Snowball stemmer leaves "связаться" as "связа" and "Связь" as "связ". And Dutch (thirty-seventh session, on
 * `personal-nl-tune`), whose Snowball stemmer keeps a verb's "-t": "werkt" against "werk". The languages whose Snowball
 * stemmers were tuned on are left as they were chosen.
 */
const LIGHT_STEMS: ReadonlySet<string> = new Set([...NGRAM_LANGUAGES, 'uk', 'ru', 'nl']);

/** Whether two stems are one with another ending: the shorter, four letters or more, starts the longer by two at most. */
function sameStemStart(a: string, b: string): boolean {
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.length - short.length <= 2 && long.startsWith(short);
}

/**
 * A question's key word and the forms it may take in a sentence: `terms` are search terms (the word, its English
 * stem), found among the sentence's words; `runs` are kanji or katakana runs, found anywhere in the sentence's text;
 * `stems` are Snowball stems in keyWordLanguage's language (Spanish, German…), found among the sentence's stems.
 */
export interface KeyWord {
  word: string;
  terms: string[];
  runs: string[];
  stems: string[];
}

/** Japanese or Chinese writing: kanji or kana (not Hangul, which spaces its words). */
export const KANA_OR_HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN_RUN = /[\p{Script=Han}々〆]{2,}/gu;
const KATAKANA_RUN = /[\p{Script=Katakana}ー]{2,}/gu;

/**
 * The question's key words as the relevance rule matches them. English (and any other language but those below):
 * the search terms of queryTerms, unchanged. Japanese and Chinese: a word as ICU writes it often differs from the
 * same word in the sentence that answers it ("保存される" against "保存先", "箇条書き" split as "箇条書" + "き" in
 * one and whole in the other, "アイコン" split as "アイコ" + "ン"), so each word is reduced to its runs of two or more
 * kanji and the question's katakana runs are taken whole, matched anywhere in a sentence's text. Kana-only words
 * (particles, endings, colloquial words) and single kanji are not key words: a single kanji is in too many
 * sentences ("書", "出" of "書き出す" matched an export sentence for "FigmaのフレームをSVGで書き出す"; with single
 * kanji, 4 more of the 20 Japanese off-topic tuning questions were answered). Spanish, German, French, Portuguese,
 * Italian, Dutch (`lang`, wordStems): each word also matches by its Snowball stem ("compartir" ~ "compartida",
 * "Vorlagen" ~ "Vorlage").
 */
export function questionKeyWords(question: string, lang = ''): KeyWord[] {
  const terms = keyWordTermsIn(question, lang);
  if (!terms.some((t) => KANA_OR_HAN.test(t.word))) return terms.map((t) => ({ ...t, runs: hangulStem(t.word) }));
  const out = new Map<string, KeyWord>();
  const addRun = (run: string) => out.set(run, { word: run, terms: [], runs: [run], stems: [] });
  for (const t of terms) {
    if (!KANA_OR_HAN.test(t.word)) out.set(t.word, { ...t, runs: [], stems: [] });
    else for (const run of t.word.match(HAN_RUN) ?? []) addRun(run);
  }
  for (const run of foldText(question).match(KATAKANA_RUN) ?? []) addRun(run);
  for (const t of terms) for (const w of kanaJoinedWords(t.word)) addRun(w);
  for (const run of splitNames(question, terms)) addRun(run);
  return [...out.values()];
}

/**
 * The question's key-word terms in `lang`. Turkish writes a proper noun's case ending after an apostrophe ("Tom'dan",
 * "Lizbon'da", "Maya'nın"), and ICU splits it off as a word of its own: "dan", "un" were key words no sentence shares,
 * and "Tom'dan ne ödünç aldım?" asked for two shared words of four.
 */
function keyWordTermsIn(question: string, lang: string): (QueryTerm & { stems: string[] })[] {
  const stems = stemsByFoldedWord(lang, question);
  const terms = keyWordTerms(question, lang).map((t) => ({
    ...t,
    stems: stems.get(t.word) ?? wordStems(lang, t.word),
  }));
  if (lang !== 'tr') return terms;
  const endings = new Set([...question.matchAll(/\p{L}['’](\p{L}+)/gu)].flatMap((m) => words(m[1]!)));
  return terms.filter((t) => !endings.has(t.word));
}

/**
 * Runs of two or more kanji that ICU split into single kanji, as it splits a word its dictionary lacks: a person's name
 * ("美雅" of "美雅さんの犬の名前は？" became "美" + "雅", no key word at all), a place or a product.
 */
function splitNames(question: string, terms: { word: string }[]): string[] {
  const runs: string[] = [];
  let run = '';
  const end = () => {
    if ([...run].length >= 2 && question.includes(run)) runs.push(run);
    run = '';
  };
  for (const t of terms) {
    if (/^\p{Script=Han}$/u.test(t.word) && question.includes(run + t.word)) run += t.word;
    else {
      end();
      if (/^\p{Script=Han}$/u.test(t.word)) run = t.word;
    }
  }
  end();
  return runs;
}

/**
 * A Korean word's first two syllables, found anywhere in a sentence's text: Korean writes particles and endings onto
 * the word ("노트의", "버전은", "보관되나요"), and ICU splits Korean only at spaces, so "노트의 예전 버전은 얼마나 오래
 * 보관되나요?" shared one word as written with "버전 기록은 각 노트의 이전 버전을 한 달 동안 보관하며…". Most
 * Korean content words (Sino-Korean ones above all) are two syllables, their stem.
 */
function hangulStem(word: string): string[] {
  return /^\p{Script=Hangul}{2}/u.test(word) ? [[...word].slice(0, 2).join('')] : [];
}

/**
 * A word written kanji, kana, kanji ("見た目", "取り下げ", "書き出し"), without its trailing kana ("取り下", "書き出"),
 * so that other endings of the same word match too ("書き出す"). Its kanji are single, so it had no two-kanji run and
 * was no key word at all: "ほかの人が作った見た目に変えて雰囲気を変えたい" shared only "雰囲気" with "…テーマを使用して、
 * Obsidianの見た目や雰囲気を変更する…" and was refused.
 */
function kanaJoinedWords(word: string): string[] {
  const core = word.replace(/\p{Script=Hiragana}+$/u, '');
  return /\p{Script=Han}\p{Script=Hiragana}+\p{Script=Han}/u.test(core) ? [core] : [];
}

/**
 * How many of the question's words the share of ANSWER_RELEVANCE counts: its search words (ICU words in Japanese),
 * without those too common in the retrieved notes to be shared (`common`, commonKeyWords: a word whose every form,
 * its search terms and its stems where `lang` has a stemmer, is common). sharedDistinctiveKeyWords never counts such
 * a word as shared, so counting it here asked for a share no sentence could meet: "pasar mis documentos de Craft a la bóveda"
 * has "bóveda" in every retrieved note, and "Obsidian te permite migrar tus notas desde Craft." shared one word of
 * four where two were needed. Names and numbers are never common (namedWords).
 */
export function keyWordCount(question: string, common: Set<string>, lang = ''): number {
  const named = namedWords(question);
  const terms = keyWordTermsIn(question, lang);
  return terms.filter((t) => t.terms.some((x) => named.has(x) || !common.has(x)) || t.stems.some((x) => !common.has(x)))
    .length;
}

/** What a sentence is searched in for key words: its search terms, its folded text, and its stems (wordStems). */
function sentenceForms(sentence: string, lang: string): { terms: Set<string>; text: string; stems: Set<string> } {
  return {
    terms: new Set(words(sentence).flatMap(wordTerms)),
    text: foldText(sentence),
    stems: textStems(lang, sentence),
  };
}

/**
 * The language whose word forms the relevance rule matches in: a language with a stemmer (Spanish, German, French,
 * Portuguese, Italian, Dutch: wordStems) when the question, or else the retrieved notes, are written in it. The notes
 * count when the question cannot be told ("meter un video de youtube en una nota" reads as English); they come second
 * because a retrieved set of short chunks is itself misread at times (Spanish help chunks as Portuguese or Italian).
 * A question in any other language (Japanese, Chinese…) keeps its own.
 */
export function keyWordLanguage(question: string, texts: string[]): string {
  const asked = questionLanguage(question);
  // Only a question read as English (English keeps every tie of a short question) defers to the notes.
  if (asked !== 'en') return asked;
  const written = detectLanguage(texts.join('\n')).lang;
  return hasStemmer(written) ? written : asked;
}

/**
 * commonWords plus the question's kanji/katakana runs and stems (wordStems) found in at least `share` of the texts
 * ("ノート", "保管庫" in the Japanese help), so that those forms are not distinctive either.
 */
export function commonKeyWords(question: string, texts: string[], lang = '', share = 0.75): Set<string> {
  const common = commonWords(texts, share);
  if (texts.length < 3) return common;
  const forms = texts.map((t) => sentenceForms(t, lang));
  for (const k of questionKeyWords(question, lang)) {
    for (const run of k.runs)
      if (forms.filter((f) => f.text.includes(run)).length >= share * texts.length) common.add(run);
    for (const stem of k.stems)
      if (forms.filter((f) => f.stems.has(stem)).length >= share * texts.length) common.add(stem);
  }
  return common;
}

/**
 * Whether an embedder's similarities mean anything for text in `lang`: a model trained on English only (no
 * `languages` in the manifest) scores Japanese against Japanese high whatever it says. Unknown models (an
 * endpoint's) are trusted.
 */
export function embedderReads(modelId: string, lang: string): boolean {
  const entry = embeddingModels().find((m) => m.id === modelId);
  if (!entry) return true;
  const langs = entry.languages ?? ['en'];
  return langs.includes('*') || langs.includes(lang);
}
