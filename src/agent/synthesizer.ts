import type { ChatModel, ChatTurn, GenerateOptions } from '../models/chatModel.js';
import type { Embedder } from '../models/embedder.js';
import { cosine } from '../models/embedder.js';
import type { SearchResult } from '../search/similaritySearch.js';
import { CJK, isKeyWord, queryTerms, words as segmentWords } from '../text/segment.js';
import { WORD_CHAR } from '../text/wordCharacters.js';
import { sectionListAnswer } from './sectionList.js';
import { labelledSentences, sectionsOfChunk, titleSaysWhat } from './noteLines.js';
import { plainText, splitSentences } from '../text/sentences.js';
import { answerLanguageInstruction, NOT_IN_NOTES_PATTERN, questionLanguage } from './language.js';
import { SYNTHESIZER_PROMPT } from './prompts.js';
import { promptLeak } from './promptLeak.js';
import { askedAnswerKind, givesAnswerKind, type AnswerKind } from './answerKind.js';
import { isFollowUp, questionsAsked } from './followUp.js';
import {
  commonKeyWords,
  embedderReads,
  KANA_OR_HAN,
  keyWordCount,
  keyWordLanguage,
  sharedDistinctiveKeyWords,
  possessiveOf,
  answersPossessive,
  answersNamedNote,
  type NamedNote,
  type Possessive,
} from './relevance.js';
import {
  datedNotes,
  digestPicks,
  DIGEST_SENTENCES,
  hasTopic,
  inScope,
  topicQuestion,
  type DateScope,
} from './dateScope.js';
import { mentionsPeriod, mentionText, namesAnotherTime } from '../search/periodMention.js';
import type { DateRange } from '../search/dates.js';

export interface Synthesis {
  answer: string;
  /** 1-based note numbers the answer cites. */
  cited: number[];
  /** How the answer was made: the model's text (verified), or sentences lifted from the notes. */
  method: 'generated' | 'extractive';
  notInNotes: boolean;
}

/**
 * Content words for comparing sentences with notes: ICU words (so Chinese and Japanese split into words, not
 * whole sentences), without short Latin words and single kana (particles), which every text shares.
 */
function words(text: string): string[] {
  return segmentWords(text).filter((w) => (CJK.test(w) ? w.length > 1 || /\p{Script=Han}/u.test(w) : w.length > 2));
}

/** Length for sentence-size limits: a CJK character holds about as much as two Latin ones. */
function weightedLength(sentence: string): number {
  let n = 0;
  for (const ch of sentence) n += CJK.test(ch) ? 2 : 1;
  return n;
}

/**
 * Keeps only sentences the notes support: each must share most of its content words with the note it cites
 * (or with some note, which it then cites). This is what makes a small model's answer trustworthy: anything
 * it made up is dropped instead of shown with a citation it does not deserve.
 */
export function verifyAnswer(
  answer: string,
  chunks: SearchResult[],
  question = '',
  /** The share of a sentence's words its note must hold (a recap, which only restates, asks for all of them). */
  minSupport = 0.6,
): { text: string; cited: number[] } {
  const chunkWords = chunks.map((c) => new Set(words(`${c.title} ${c.header_path} ${c.page_content}`)));
  const chunkNumbers = chunks.map((c) => new Set(digitRuns(`${c.title} ${c.header_path} ${c.page_content}`)));
  const kept: string[] = [];
  const cited = new Set<number>();
  for (const sentence of splitSentences(answer.replace(/[ \t]+/g, ' '))) {
    const body = stripAnswerLabel(sentence.replace(/\[(\d+)\]/g, '').trim());
    const w = words(body);
    // Prompt text (a role line, "Question: …", a copied instruction) is never an answer, however grounded its
    // words look: the prompt's notes are where a copied line's words came from.
    if (w.length === 0 || promptLeak(body, question)) continue;
    const claimed = [...sentence.matchAll(/\[(\d+)\]/g)]
      .map((m) => Number(m[1]))
      .filter((n) => n >= 1 && n <= chunks.length);
    // Numbers are claims on their own: a date or an amount the note does not hold is never supported, however many
    // of the sentence's other words it holds ("2019-10-18 — onboarding v2 kickoff…" for the note's 2026-10-20).
    const numbers = digitRuns(body);
    const support = (i: number) =>
      numbers.every((x) => chunkNumbers[i]!.has(x)) ? w.filter((x) => chunkWords[i]!.has(x)).length / w.length : 0;
    let best = -1;
    let bestScore = 0;
    for (const n of claimed) if (support(n - 1) > bestScore) [best, bestScore] = [n, support(n - 1)];
    if (bestScore < minSupport) {
      chunks.forEach((_, i) => {
        const s = support(i);
        if (s > bestScore) [best, bestScore] = [i + 1, s];
      });
    }
    if (bestScore < minSupport || best < 1) continue;
    kept.push(`${body.replace(/\s+([.,;:!?])/g, '$1')} [${best}]`);
    cited.add(best);
  }
  return { text: kept.join(' '), cited: [...cited].sort((a, b) => a - b) };
}

/** The runs of digits in a text ("2026-10-20" → 2026, 10, 20), in any script's digits. */
function digitRuns(text: string): string[] {
  return text.match(/\p{Nd}+/gu) ?? [];
}

/**
 * "Answer: The pump runs at six." is an answer with a label: the label goes, the sentence stays. (A sentence
 * that starts with a role or "Question:" is prompt text instead, and promptLeak rejects it whole.)
 */
function stripAnswerLabel(sentence: string): string {
  return sentence.replace(
    /^\s*(?:\*\*)?(?:answer|final answer|respuesta|antwort|réponse|回答|答え)(?:\*\*)?\s*[:：]\s*/i,
    '',
  );
}

/**
 * A sentence worth showing on its own: long enough to say something, short enough to be one thought, not a lead-in
 * ("Copy and paste the following text into your note:") whose content is in the lines after it, and not a question:
 * a FAQ's question ("Can I purchase one Sync subscription and use it for my team?") was quoted as an answer, first of
 * two for "how do I get a cheaper Sync subscription as a university student".
 */
export function quotable(sentence: string, minLength: number): boolean {
  const body = sentence.replace(/\s*\[\d+\]\s*$/, '').trim();
  return weightedLength(body) >= minLength && body.length <= 300 && !/[:：?？]$/.test(body) && !promptLeak(body);
}

/**
 * statedFact's "label: value": a label of up to 31 of a word's characters, spaces and "/&'-", and a value that starts
 * with a letter, digit or currency sign (not a combining mark, which starts nothing).
 */
const LABELLED = new RegExp(String.raw`^\p{L}[${WORD_CHAR} /&'-]{0,30}(?::\s+|：\s*)[\p{L}\p{N}\p{Sc}]`, 'u');

/**
 * A short "label: value" line of a note, which states a fact whole ("Plan: 3 runs a week", "Hostname: atlas.lan",
 * "場所：渋谷駅の近く"): quotable though shorter than quotable's 20 characters. Personal notes keep facts this way, and "what's
 * the hostname of my home server" was refused, its answer being 19 characters long. Shorter lines that are no
 * pair stay out: a heading or a file name ("Drag and drop files", "favicon-167x167.png") was quoted as an answer
 * when the minimum was lowered to 15. No tuning-part answer changes (docs/answer-quality.md).
 */
export function statedFact(sentence: string): boolean {
  const line = sentence.trim();
  const pair = LABELLED.test(line);
  return pair && weightedLength(line) >= 10 && quotable(line, 0);
}

/**
 * A short Chinese or Japanese sentence that ends as a statement ends ("。", "！"): a whole thought in eight characters
 * ("奥さんは由美さん。", his wife is Yumi), where a fragment or a heading of that length has no full stop. quotable's
 * 20 (ten such characters) kept it out, and "田中さんの奥さんの名前は？" was refused though the line says it.
 */
export function shortStatement(sentence: string): boolean {
  const line = sentence.trim();
  return CJK.test(line) && /[。！]$/u.test(line) && weightedLength(line) >= 16 && quotable(line, 0);
}

/**
 * When a sentence counts as answering the question (the relevance half of the grounding check). Similarities are
 * given as a share of the way from the embedder's relevance gate to a perfect match, since each embedder has its
 * own cosine scale (MPNet's gate is 0.22, E5's 0.83): a sentence this close in meaning answers whatever its words
 * (`close`, 0.36 → cosine 0.50 for MPNet); one that shares `keyShare` of the question's key words (two are
 * always enough), not counting words common to the retrieved notes, answers if it is not far off in meaning either
 * (`near`, 0.10 → 0.30). One shared word was not enough: "kubectl restart all pods" found "…require a restart". Chosen on the
 * tuning parts (dev-ohelp-en, ohelp-en-2-tune, offtopic-en-tune; see docs/answer-quality.md).
 */
export const ANSWER_RELEVANCE = { close: 0.36, near: 0.1, keyShare: 1 / 3, nearClosest: -0.05 };

/**
 * An embedder whose relevance gate is this high crowds every sentence of a short note into a narrow band just above
 * it (E5: gate 0.83; "Spielt Bass in einer Band…" and "Vegetarierin, liebt koreanisches Essen" 0.832 and 0.831 for
 * "Was spielt Maya?"), so `near` cannot tell them apart. For such an embedder the sentence closest in meaning of all
 * candidates is near enough down to `nearClosest` (0.05 of the way below the gate), still sharing its key words:
 * "美雅さんの犬の名前は？" (-0.017) and "De quel instrument joue Maya ?" (-0.008) were refused with the answer
 * retrieved. Chosen on the tuning parts (docs/answer-quality.md, "Twentieth session"): -0.05 to -1 gave the same
 * answers, 0 one hit fewer. MPNet and MiniLM (gates 0.22 and 0.3) spread their cosines and keep `near` alone: with
 * them the rule answered "what's the password for the router" with a sentence about the router.
 */
const CROWDED_GATE = 0.5;

/**
 * ANSWER_RELEVANCE for a Japanese or Chinese question: meaning counts for more (`close` 0.33), since key words carry
 * less there. A paraphrase's verbs and adjectives are single kanji with kana ("変えたい", "隠したい") and are no key
 * words (counting them answered more off-topic questions than on-topic ones), so fewer sentences that answer share
 * two key words with the question. Chosen on the Japanese tuning parts (docs/answer-quality.md).
 */
export const ANSWER_RELEVANCE_CJK = { ...ANSWER_RELEVANCE, close: 0.33 };

/** The relevance rule's numbers for this question (ANSWER_RELEVANCE, or its CJK variant). */
export function answerRelevanceFor(query: string): typeof ANSWER_RELEVANCE {
  return KANA_OR_HAN.test(query) ? ANSWER_RELEVANCE_CJK : ANSWER_RELEVANCE;
}

/**
 * A second answer sentence must score at least this share of the first's (0.75 before; 0.70 gave one more hit of
 * 89 on the tuning parts and changed no refusal, see docs/answer-quality.md).
 */
export const SECOND_SENTENCE = 0.7;

/**
 * How much the share of the question's distinctive key words a sentence holds adds to its score when sentences are
 * ranked for the answer. It mirrors the relevance rule: of two relevant sentences, the one holding more of what the
 * question names answers it better ("grab one specific element of a page with a CSS selector" was answered with
 * Web Clipper's "If a selection is present, it uses the selection", closer in meaning, over "Selector variables allow
 * you to extract text … using CSS selectors"). Chosen on the tuning parts by bench/answerReplay.ts
 * (docs/answer-quality.md, "Forty-eighth session"): 0.05 one hit more, 0.075 two, 0.1 three and no loss; 0.15 and 0.2
 * two with losses; scaling it by the embedder's gate was no better.
 */
export const KEY_WORD_SHARE_WEIGHT = 0.1;

/**
 * Two answer sentences this close in meaning say the same thing, and the second is dropped: a share of the way from
 * the embedder's relevance gate to 1, like ANSWER_RELEVANCE (0.872 is cosine 0.90 for MPNet, the fixed cutoff it
 * replaces). A fixed 0.90 meant nothing on E5's compressed scale (gate 0.83): any two Japanese sentences of the
 * retrieved notes are at a median 0.89, so a second sentence from the right note was dropped as a "duplicate" of an
 * unrelated first one; E5's real near-duplicates (the same step written twice) are at 0.98 and up
 * (docs/answer-quality.md).
 */
export const NEAR_DUPLICATE = 0.872;

/** The cosine above which two sentences are near-duplicates for this embedder (see NEAR_DUPLICATE). */
export function duplicateCosine(gate: number): number {
  return gate + NEAR_DUPLICATE * (1 - gate);
}

/**
 * A candidate with its heading: a list item is about what its heading says ("Retention: 7 daily, 4 weekly, 6 monthly"
 * answers "for how long are my backups retained" under "## Backups", and shares no word with it alone).
 */
function inItsSection(c: Candidate): string {
  return c.heading ? `${c.heading}\n${c.text}` : c.text;
}

/** Each retrieved note's text (its title and its retrieved chunks), one per note. */
function noteTexts(chunks: SearchResult[]): string[] {
  const byNote = new Map<string, string[]>();
  for (const c of chunks) {
    const texts = byNote.get(c.source) ?? byNote.set(c.source, [c.title]).get(c.source)!;
    texts.push(c.page_content);
  }
  return [...byNote.values()].map((t) => t.join(' '));
}

/** Whether a word no note holds (`unknownWords`) is a key word of `keyQuery`, the question a sentence must answer. */
function lacksAskedKeyWord(unknownWords: readonly string[], keyQuery: string): boolean {
  const asked = new Set(queryTerms(keyQuery).map((t) => t.word));
  return unknownWords.some((w) => isKeyWord(w) && asked.has(w));
}

/** What AnswerSelector.create knows of the question beyond its words and search results. */
interface SelectorContext {
  /** Each answer sentence the moment it is chosen. */
  emit?: (c: Scored) => void;
  /**
   * The question's words no note holds (unknownWords): the first pick must share key words
   * (answersDespiteLackedWord).
   */
  unknownWords?: string[];
  /** The bench's override of the quote pool. */
  tuning?: SelectorTuning;
  /** The date filter the search kept (dateScope.ts). */
  dateScope?: DateScope;
  /** The date the search could not use (retrieveNotesTool): `rest` is the words a sentence must share. */
  droppedDate?: DateScope;
  /** Sentences an earlier answer gave, for a follow-up (sentencesNotToRepeat): it gets new sentences. */
  alreadySaid?: ReadonlySet<string>;
  /** The notes the question names (namedNotes in relevance.ts). */
  namedNotes?: readonly NamedNote[];
  /** The question's names written with an ending, each with the note name it is (declinedNoteNames). */
  declinedNames?: ReadonlyMap<string, string>;
}

interface Candidate {
  text: string;
  n: number;
  generated: boolean;
  /**
   * What the sentence stands under in its note, one per line: its heading (sectionsOfChunk), where it is not the note's
   * title, then the labels of its list items (labelledSentences: "Gifford" for "Hall open from 19:00, start 21:00…"
   * in "- Gifford: Iain at the hall committee… Hall open from 19:00…").
   */
  heading?: string;
}

/**
 * Which retrieved chunks are mined for quotable sentences: the top four chunks, as before, plus the best chunk of each
 * further note, up to five notes in all. Search often returns four or five chunks of one note ("do my notes keep
 * syncing in the background…": five of "Sync your notes across devices"), and then no other note could be quoted.
 * Capping each note at two chunks instead (three notes × two) scored one hit more on the tuning parts but drops the
 * third and fourth chunk of a note that fills the top, where the answer often is (docs/answer-quality.md).
 */
export const ANSWER_POOL: QuotePool = { top: 4, notes: 5, perNote: 1 };

/**
 * The top `top` chunks whatever their notes, then the best chunks of further notes: at most `perNote` chunks of a
 * note and `notes` distinct notes in all.
 */
export interface QuotePool {
  top: number;
  notes: number;
  perNote: number;
}

/** The bench's override of the pool (bench/answerRule.ts --replay). */
export interface SelectorTuning {
  pool?: QuotePool;
}

/** The chunks (0-based indexes, rank order) whose sentences may be quoted; see ANSWER_POOL. */
export function quotePool(chunks: SearchResult[], pool = ANSWER_POOL): number[] {
  const perNote = new Map<string, number>();
  const picked: number[] = [];
  chunks.forEach((c, i) => {
    const taken = perNote.get(c.source);
    const beyondTop = picked.length >= pool.top;
    if (beyondTop && (taken === undefined ? perNote.size >= pool.notes : taken >= pool.perNote)) return;
    perNote.set(c.source, (taken ?? 0) + 1);
    picked.push(i);
  });
  return picked;
}

/** The notes' own sentences that may be quoted: whole sentences of the chunks quotePool chooses. */
function noteCandidates(chunks: SearchResult[], pool = ANSWER_POOL): Candidate[] {
  return quotePool(chunks, pool).flatMap((i) => {
    const markdown = chunks[i]!.page_content;
    const pairs = leadInsWithCode(markdown);
    const paired = new Set(pairs.map((p) => p.code));
    // Whole sentences of the note only: plainText keeps blocks apart, so a heading never fuses into one. A command a
    // lead-in introduces is quoted with it, not alone. A list item's label counts as the sentence's heading does: on
    // the tuning parts it answered "what time do we start playing at Gifford on hogmanay" and changed no other
    // outcome in any language (docs/answer-quality.md, thirty-third session).
    const sentences = sectionsOfChunk(markdown, chunks[i]!.section_title).flatMap(({ heading, text }) =>
      labelledSentences(text)
        .filter(
          ({ text: sentence }) =>
            (quotable(sentence, 20) || statedFact(sentence) || shortStatement(sentence)) && !paired.has(sentence),
        )
        .map(({ text: sentence, labels }) => {
          const context = [...(heading === chunks[i]!.title ? [] : [heading]), ...labels];
          return { text: sentence, heading: context.length ? context.join('\n') : undefined };
        }),
    );
    const listed = leadInsWithList(markdown).map((text) => ({ text }));
    return [...pairs.map((p) => ({ text: p.text })), ...listed, ...sentences].map((c) => ({
      ...c,
      n: i + 1,
      generated: false,
    }));
  });
}

/** The most items a lead-in's list may have, and the longest an item may be, to be quoted inline with it. */
const LISTED = { items: 6, itemLength: 60 };

/**
 * A sentence that introduces a short list of names and the list, as one quote: "We offer full refunds within 7 days of
 * purchase with no questions asked for the following services: Obsidian Publish, Obsidian Sync". Apart, the lead-in is
 * no candidate (it ends in a colon) and the items say nothing alone, so "I bought Sync yesterday and changed my mind,
 * can I get my money back" was answered with a sentence of the refund policy's FAQ on discounts. Only lists of two to
 * LISTED.items items, none of them a sentence (a step ends with a full stop), a label with its value, or nested; the
 * lead-in's own sentence only, not the paragraph before it; the joined text must still be quotable.
 */
export function leadInsWithList(markdown: string): string[] {
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const lead = /^\s*(\S.*\S)\s*[:：]\s*$/.exec(lines[i]!);
    if (!lead || /`|^\s*(?:[-*+]|\d+[.)]|#|>|\|)/.test(lines[i]!)) continue;
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trim()) j++;
    const items: string[] = [];
    let nested = false;
    for (; j < lines.length && lines[j]!.trim(); j++) {
      const item = /^(\s*)(?:[-*+]|\d+[.)])\s+(.*\S)\s*$/.exec(lines[j]!);
      if (!item) break;
      nested ||= item[1]!.length > 0;
      items.push(plainText(item[2]!).trim());
    }
    const ended = j >= lines.length || !lines[j]!.trim();
    if (nested || !ended || items.length < 2 || items.length > LISTED.items) continue;
    if (items.some((t) => !t || t.length > LISTED.itemLength || /[.!?。！？;]$|[:：]| [—–-] /.test(t))) continue;
    // The sentence that ends in the colon, not the paragraph before it.
    const introduces =
      splitSentences(plainText(`${lead[1]!}:`))
        .at(-1)
        ?.replace(/\s*[:：]$/, '') ?? '';
    const text = `${introduces}: ${items.join(CJK.test(introduces) ? '、' : ', ')}`;
    if (quotable(text, 20)) out.push(text);
  }
  return out;
}

/**
 * A candidate sentence as it is embedded: under its note's title, as the index embeds a chunk under its title and
 * headings (embeddingText). A sentence often means what it does only in its place: "Neighbour at number 14, retired
 * electrician." says who Tom is under "Tom Becker". Alone, it was below the relevance rule's `near`, and "who is Tom"
 * was answered from another person's note that mentions him. Chosen on the tuning parts, questions in spaced scripts
 * (docs/answer-quality.md): 254 → 265 of 356 on-topic questions cite a right note and 134 → 136 of 149 off-topic
 * ones are refused, at the same `close`; with the heading path as well, 263 and 135 for longer texts to embed.
 */
function sentenceInPlace(c: Candidate, chunks: SearchResult[], inPlace: boolean): string {
  const chunk = inPlace ? chunks[c.n - 1] : undefined;
  // A title without letters is a daily note's date ("2026-10-27"): it says when, not what about, and under it any
  // sentence of the day looked like the answer to a "when" question ("Call the dentist again" for "when is my
  // dentist appointment", over the Health note's "check-up … on 2026-12-03 at 09:15").
  return chunk && titleSaysWhat(chunk.title) ? `${chunk.title}\n\n${c.text}` : c.text;
}

/**
 * A line that introduces code and the one line of inline code after it, as one quote: "Find the process that opened a
 * local internet port: `lsof -i :{{port}}`" (tldr-pages' whole format). Apart, the lead-in is no candidate (it ends in
 * a colon: what it introduces is not in it) and the command says nothing a question's words can meet, so "which
 * process is using port 8080" was refused with lsof's page retrieved.
 */
export function leadInsWithCode(markdown: string): { text: string; code: string }[] {
  const lines = markdown.split('\n');
  const out: { text: string; code: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const lead = /^\s*(?:[-*+]|\d+[.)])?\s*(.*\S)\s*[:：]\s*$/.exec(lines[i]!);
    if (!lead || lead[1]!.includes('`')) continue;
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trim()) j++;
    const code = /^\s*`([^`\n]+)`\s*$/.exec(lines[j] ?? '')?.[1] ?? oneLineFence(lines, j);
    if (!code) continue;
    out.push({ text: `${plainText(lead[1]!)}: \`${code.trim()}\``, code: code.trim() });
  }
  return out;
}

/**
 * The one line of a fenced block opening at `lines[start]`, if that is all it holds ("To embed a YouTube video, use
 * the same Markdown syntax as external images:" and a block holding `![](https://www.youtube.com/watch?v=…)`): the
 * syntax a lead-in introduces, short enough to quote inline. A longer block is a file or a session, not a quote.
 */
function oneLineFence(lines: string[], start: number): string | undefined {
  const open = /^\s*(```|~~~)[\w+-]*\s*$/.exec(lines[start] ?? '');
  if (!open) return undefined;
  const end = lines.findIndex((l, k) => k > start && l.trim() === open[1]);
  const body = end < 0 ? [] : lines.slice(start + 1, end).filter((l) => l.trim());
  return body.length === 1 && body[0]!.length <= 200 && !body[0]!.includes('`') ? body[0] : undefined;
}

/** Fenced blocks whose lines are commands to type (a shell session), not data, config or a file tree. */
const COMMAND_FENCE = /^\s*(?:>\s*)*(?:```|~~~)\s*(?:bash|shell|sh|zsh|console|powershell|ps1?|cmd|bat)\s*$/i;

/**
 * The command lines of a chunk's shell blocks, one per line, a trailing "# comment" kept (it says what the line does),
 * comment-only lines left out. plainText's prose leaves all fenced code out of quotes; these compete only when no
 * sentence of the notes is about the question (AnswerSelector.create): "publish my site from a CI job … with a dry run
 * first" is answered by "ob publish --dry-run", which no prose sentence states.
 */
export function commandLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: 'command' | 'other' | null = null;
  for (const raw of markdown.split('\n')) {
    if (/^\s*(?:>\s*)*(```|~~~)/.test(raw)) {
      fence = fence ? null : COMMAND_FENCE.test(raw) ? 'command' : 'other';
      continue;
    }
    const line = raw.replace(/^\s*(?:>\s?)*/, '').trim();
    if (fence === 'command' && line && !line.startsWith('#')) lines.push(line.replace(/\s+/g, ' '));
  }
  return lines;
}

/** The quote pool's command lines (commandLines), as candidates. */
function commandCandidates(chunks: SearchResult[], pool = ANSWER_POOL): Candidate[] {
  return quotePool(chunks, pool).flatMap((i) =>
    commandLines(chunks[i]!.page_content)
      .filter((line) => quotable(line, 20))
      .map((text) => ({ text, n: i + 1, generated: false })),
  );
}

type Scored = Candidate & {
  /** The sentence embedded in its place (sentenceInPlace): what relevance and score are measured on. */
  vec: Float32Array;
  /**
   * The sentence alone, for the near-duplicate check (set once there is a first pick, for the sentences that may
   * follow it: embedAlone): the same step written in two notes is a repetition whatever the notes are called, and two
   * sentences of one section are not, though their contexts are the same.
   */
  bare?: Float32Array;
  score: number;
  relevant: boolean;
  shared: number;
  similarity: number;
  overlap: number;
};

/**
 * Picks answer sentences greedily, in score order, and can commit one early: a verified draft sentence that
 * already beats every note sentence still in the running is exactly what the full ranking would pick next
 * (unless a later draft sentence scores higher still), so it can be shown while the model keeps writing.
 */
class AnswerSelector {
  readonly picked: Scored[] = [];
  private readonly pool: Scored[] = [];
  /** Every note sentence as scored, relevant or not (what describeCandidates reports). */
  private readonly described: Scored[] = [];

  private constructor(
    private readonly query: string,
    private readonly q: Float32Array,
    private readonly qWords: Set<string>,
    /** Words too common in the retrieved notes to show a sentence is about the question. */
    private readonly common: Set<string>,
    /** The language whose key words are matched in (keyWordLanguage: Snowball stems for Spanish, German…). */
    private readonly keyLanguage: string,
    /**
     * Cosines for ANSWER_RELEVANCE's close and near (Infinity / -Infinity where meaning cannot count); the closest
     * note sentence's, and how far below `near` it may be for an embedder with a crowded scale (CROWDED_GATE).
     */
    private readonly cosines: { close: number; near: number; closest: number; closestFloor: number },
    /** How many key words the question has (keyWordCount): the share ANSWER_RELEVANCE.keyShare is of. */
    readonly keyWords: number,
    /**
     * The retrieved chunks, by chunk number - 1: a sentence is embedded under its chunk's title, and a question's
     * names and numbers may be found there.
     */
    private readonly chunks: SearchResult[],
    /** Whether sentences are embedded under their chunk's title (sentenceInPlace; not for CJK questions). */
    private readonly inPlace: boolean,
    /** Above this cosine a second sentence repeats the first (duplicateCosine). */
    private readonly duplicate: number,
    private readonly embedder: Embedder,
    private readonly maxSentences: number,
    /**
     * The question has words no note holds (unknownWords): the first pick must share key words
     * (answersDespiteLackedWord).
     */
    private readonly needsSharedWord: boolean,
    private readonly emit: (c: Scored) => void,
    /** The notes the question names (namedNotes): an answer's chunk must be one of them or write their names. */
    private readonly namedNotes: readonly NamedNote[],
    /** The question's names written with an ending (declinedNoteNames): a genitive possessor. */
    declinedNames: ReadonlyMap<string, string>,
  ) {
    // A name that calls a note is never too common to ask of: the retrieved notes all write "Tom" because search
    // found Tom's notes, and "what breed is Tom's cat" was answered with "…their cat Mr. Biscuit…", which says no breed.
    const noteNames = new Set(namedNotes.flatMap((n) => n.words));
    this.possessive = possessiveOf(query, noteNames, declinedNames);
    this.possessiveCommon = new Set([...common].filter((w) => !noteNames.has(w)));
    this.answerKind = askedAnswerKind(query);
  }

  /**
   * The date the search could not use, where the question's date phrase holds key words: a sentence naming a day of
   * it shares them ("12月12日有演出" shares "12月" of "12月有哪些安排？", answered by the gig before the date's words
   * were taken out of what a line must share).
   */
  private dateKeyWords: { range: DateRange; lang: string; keyWords: number } | null = null;

  /** The search kept a date filter (dateScope): the notes are the time's, not any that share a word. */
  private withinTime = false;

  /** What the question asks of someone (possessive) holds a word no note writes: no sentence says it. */
  private asksWhatNoNoteHolds = false;

  /** What the question asks of someone ("Maya's birthday"): a sentence must be about them and say it. */
  private readonly possessive: Possessive;
  /** The words too common to ask of someone: `common` without the names that call a note (namedNotes). */
  private readonly possessiveCommon: Set<string>;
  /** A price, a time of day, a phone number or an email address, where the question asks for one (answerKind.ts). */
  private readonly answerKind: AnswerKind | null;

  private readonly aboutNamedCache = new Map<number, boolean>();
  /** Whether chunk n may answer for the notes the question names (answersNamedNote), once per chunk. */
  private aboutNamed(n: number): boolean {
    if (this.namedNotes.length === 0) return true;
    let about = this.aboutNamedCache.get(n);
    if (about === undefined) {
      const chunk = this.chunks[n - 1];
      about =
        !chunk ||
        answersNamedNote(
          this.namedNotes,
          { source: chunk.source, text: `${chunk.title}\n${chunk.header_path}\n${chunk.page_content}` },
          this.common,
        );
      this.aboutNamedCache.set(n, about);
    }
    return about;
  }

  static async create(
    query: string,
    chunks: SearchResult[],
    drafts: Candidate[],
    embedder: Embedder,
    maxSentences: number,
    {
      emit = () => undefined,
      unknownWords = [],
      tuning = {},
      dateScope,
      droppedDate,
      alreadySaid = new Set(),
      namedNotes = [],
      declinedNames = new Map(),
    }: SelectorContext = {},
  ): Promise<AnswerSelector> {
    const candidates: Candidate[] = [
      ...drafts.filter((c) => quotable(c.text, 15)),
      ...noteCandidates(chunks, tuning.pool),
    ].filter((c) => !alreadySaid.has(sameSentence(c.text)));
    // A date the search could not use says nothing of which line answers: "下周一我有什么预约？" is close to
    // "周一…远程办公", and shares "周一" with it. Unless the date is all the question says.
    const undated = droppedDate && queryTerms(droppedDate.rest).length > 0 ? droppedDate.rest : null;
    // The question is embedded as a query and the candidates as passages (E5-style models differ by prefix).
    const [q] = await embedder.embed([undated ?? query], { kind: 'query' });
    // Each sentence is embedded in its place, under its note's title (sentenceInPlace). Not for a Japanese or Chinese
    // question, where it was measured and lost (docs/answer-quality.md).
    const inPlace = !KANA_OR_HAN.test(query);
    const vecs = candidates.length
      ? await embedder.embed(candidates.map((c) => sentenceInPlace(c, chunks, inPlace)))
      : [];
    const gate = embedder.calibration.threshold;
    const texts = chunks.map((c) => `${c.title} ${c.page_content}`);
    const keyLanguage = keyWordLanguage(query, texts);
    // The words a sentence must share: a date-scoped question's date is met by the notes' own dates (dateScope.ts); a
    // date no note has and none names is met by no line (one saying "周五" does not say what was done last Friday).
    const keyQuery = dateScope ? topicQuestion(dateScope) : (undated ?? query);
    // Within a time, words are common among the time's notes, not their chunks: the chunks are those naming the time
    // (searchInPeriod), and two chunks of one note are one note's words. The sample vault's Inbox (two chunks) and
    // Lena's note were three texts writing "birthday", so "whose birthday is in January" kept no word a line could
    // share, and "Birthday: 14 January" was refused. Not for every search: counted by notes there, the English tuning
    // parts answered an off-topic question more ("sync my step count from my fitness watch into the daily note").
    const common = commonKeyWords(keyQuery, dateScope ? noteTexts(chunks) : texts, keyLanguage);
    const sel = new AnswerSelector(
      keyQuery,
      q!,
      new Set(words(keyQuery)),
      common,
      keyLanguage,
      // Meaning counts only where the embedder reads the question's language and gave a vector (an embedding
      // endpoint that is down gives zero vectors: withoutVectorsOnFailure); elsewhere the words decide.
      embedderReads(embedder.modelId, questionLanguage(query)) && q!.some((x) => x !== 0)
        ? {
            close: gate + answerRelevanceFor(query).close * (1 - gate),
            near: gate + answerRelevanceFor(query).near * (1 - gate),
            closest: Math.max(...vecs.filter((_, i) => !candidates[i]!.generated).map((v) => cosine(q!, v))),
            closestFloor: gate >= CROWDED_GATE ? gate + ANSWER_RELEVANCE.nearClosest * (1 - gate) : Infinity,
          }
        : { close: Infinity, near: -Infinity, closest: Infinity, closestFloor: Infinity },
      // The key-word share counts the question's search words (ICU words in Japanese), not questionKeyWords: counted
      // by kanji runs, "歯医者の予約はいつだっけ" has two key words, one shared ("予約") was enough, and 3 of the 20
      // Japanese off-topic tuning questions were answered. Words too common to be shared are not counted either.
      // A date the search could not use is still asked about: its words count, though no line can share them (a
      // meeting line without a day is half an answer to "下周四我有什么会议？").
      keyWordCount(undated ? query : keyQuery, common, keyLanguage),
      chunks,
      inPlace,
      duplicateCosine(gate),
      embedder,
      maxSentences,
      // English only, where it was chosen: words are stemmed there, so a missing word is a missing thing. Japanese
      // and Spanish words are matched as written, and a paraphrase's inflected verb ("開ける") is often missing too:
      // on the Japanese tuning parts (dev-ohelp-ja, ohelp-ja-2-tune) the rule took the citation hit from 0.48 to 0.40.
      // Only a key word can be a missing thing: "how much will it cost" over a vault that never writes "much" lacks
      // nothing, and its answer ("Total — Estimate: €1,800") shares no key word. And only a word the sentence is asked
      // to share: within a time, "did" of "how far did I run on 7 November" is none (topicQuestion drops it), and a
      // journal that never writes "did" refused the day's "Ran the Lakeside 30 km race…".
      lacksAskedKeyWord(unknownWords, keyQuery) && questionLanguage(query) === 'en',
      emit,
      namedNotes,
      declinedNames,
    );
    sel.withinTime = dateScope !== undefined;
    // "what's Ravi's salary" over a vault that never writes "salary": what is asked of him is a word no note holds, so
    // no sentence about him says it, however close ("Birthday: 14 March" in his note). English only, as the rule for
    // a word no note holds is (its words are stemmed there).
    const attribute = new Set(words(sel.possessive.attribute));
    sel.asksWhatNoNoteHolds =
      sel.possessive.names.length > 0 &&
      questionLanguage(query) === 'en' &&
      unknownWords.some((w) => isKeyWord(w) && attribute.has(w));
    if (undated) {
      const keyWords = sel.keyWords - keyWordCount(keyQuery, common, keyLanguage);
      if (keyWords > 0)
        sel.dateKeyWords = {
          range: { from: droppedDate!.from, to: droppedDate!.to },
          lang: questionLanguage(query),
          keyWords,
        };
    }
    // Only sentences about the question compete: grounded is not enough, a sentence must answer. Note sentences are
    // scored first: a draft sentence is judged by the note sentence it restates (restatesRelevant).
    const scored = candidates.map((c, i) => sel.scored(c, vecs[i]!));
    for (const s of scored) if (!s.generated) sel.described.push(s);
    for (const s of scored) if (s.relevant && (!s.generated || sel.restatesRelevant(s))) sel.pool.push(s);
    if (dateScope) sel.keepSentencesNamingTheTime(scored, dateScope, questionLanguage(query));
    if (droppedDate) sel.dropSentencesNamingAnotherTime(droppedDate, questionLanguage(query));
    // Command lines only when no sentence answers (commandLines): embedded only then.
    const commands = sel.pool.length ? [] : commandCandidates(chunks, tuning.pool);
    const commandVecs = commands.length
      ? await embedder.embed(commands.map((c) => sentenceInPlace(c, chunks, inPlace)))
      : [];
    commands.forEach((c, i) => {
      const s = sel.scored(c, commandVecs[i]!);
      sel.described.push(s);
      if (s.relevant) sel.pool.push(s);
    });
    return sel;
  }

  /**
   * A date-scoped question answered from undated notes that name the time ("Welche Termine habe ich nächsten
   * Donnerstag?", and "Zahnarzt: … am 3. Dezember um 9:15 Uhr" under "## Termine"): a note sentence that names it
   * (mentionsPeriod) and shares the question's key words as the relevance rule asks is the answer, whatever its
   * meaning's score, and only such sentences are, with those of notes dated then. "Sehtest: fällig im März 2027", in
   * the same list under the same heading, was closer in meaning and was quoted instead.
   */
  private keepSentencesNamingTheTime(scored: Scored[], scope: DateScope, lang: string): void {
    const range = { from: scope.from, to: scope.to };
    const naming = scored.filter(
      (s) =>
        !s.generated &&
        this.sharesEnough(s.shared) &&
        mentionsPeriod(s.text, range, lang) &&
        this.saysWhatIsAsked(s.n, inItsSection(s), this.titleOf(s.n)),
    );
    if (naming.length === 0) return;
    const datedThen = (s: Scored) => {
      const chunk = this.chunks[s.n - 1];
      return chunk !== undefined && inScope(chunk, scope);
    };
    const kept = [...naming, ...this.pool.filter((s) => datedThen(s) && !naming.includes(s))];
    this.pool.splice(0, this.pool.length, ...kept);
  }

  /**
   * A question about a time no note is dated and none names ("下周一我有什么预约？", next Monday): a sentence naming
   * another time ("牙医：12月3日…", "Sehtest: fällig im März 2027") answers it with the wrong day; it is no answer.
   */
  private dropSentencesNamingAnotherTime(dropped: DateScope, lang: string): void {
    const range = { from: dropped.from, to: dropped.to };
    const kept = this.pool.filter((s) => !namesAnotherTime(s.text, range, lang));
    this.pool.splice(0, this.pool.length, ...kept);
  }

  private scored(c: Candidate, vec: Float32Array): Scored {
    const cw = words(c.text);
    const overlap = cw.filter((w) => this.qWords.has(w)).length / Math.max(this.qWords.size, 1);
    const similarity = cosine(this.q, vec);
    const text = inItsSection(c);
    const title = this.titleOf(c.n);
    const namesTheDate =
      this.dateKeyWords !== null && mentionsPeriod(c.text, this.dateKeyWords.range, this.dateKeyWords.lang);
    const shared =
      sharedDistinctiveKeyWords(this.query, text, this.common, title, this.keyLanguage) +
      (namesTheDate ? this.dateKeyWords!.keyWords : 0);
    const relevant =
      (similarity >= this.cosines.close ||
        (this.nearEnough(similarity) && this.sharesEnough(shared)) ||
        (this.keyWords >= 2 && shared >= this.keyWords && similarity >= this.cosines.closestFloor)) &&
      this.saysWhatIsAsked(c.n, text, title);
    return {
      ...c,
      vec,
      relevant,
      shared,
      similarity,
      overlap,
      score:
        similarity +
        0.25 * overlap -
        0.02 * (c.n - 1) +
        KEY_WORD_SHARE_WEIGHT * (this.keyWords > 0 ? Math.min(shared, this.keyWords) / this.keyWords : 0),
    };
  }

  /** The title of chunk n's note: a question's names may be found there. */
  private titleOf(n: number): string {
    return this.chunks[n - 1]?.title ?? '';
  }

  /** Whether a sentence shares enough of the question's key words (ANSWER_RELEVANCE.keyShare, two at most). */
  private sharesEnough(shared: number): boolean {
    return shared > 0 && shared >= Math.min(2, ANSWER_RELEVANCE.keyShare * this.keyWords);
  }

  /**
   * Whether a sentence of chunk n (`text` with its heading) says what the question asks, beyond its words and meaning:
   * of the person it asks about (answersPossessive), from the note it names (aboutNamed), the kind of answer it asks
   * for (givesAnswerKind).
   */
  private saysWhatIsAsked(n: number, text: string, title: string): boolean {
    return (
      !this.asksWhatNoNoteHolds &&
      answersPossessive(this.possessive, text, title, this.possessiveCommon, this.keyLanguage) &&
      this.aboutNamed(n) &&
      givesAnswerKind(this.answerKind, text)
    );
  }

  /** Whether a sentence sharing key words is close enough in meaning: `near`, or closest of all (CROWDED_GATE). */
  private nearEnough(similarity: number): boolean {
    const { near, closest, closestFloor } = this.cosines;
    return similarity >= near || (similarity >= closest && similarity >= closestFloor);
  }

  /**
   * Whether a draft sentence says what a relevant note sentence says: the note sentence of the chunk it cites that is
   * closest to it in meaning must itself pass the relevance rule. A model's sentence is grounded word by word, and
   * one that opens by restating the question is close to the question whatever it goes on to claim: "To find out when
   * your dentist appointment is, you can use the date() function [1]" passed both checks, its words from the
   * question and from a note about date functions (a 1.5B model through the endpoint, docs/answer-quality.md).
   * A chunk with no note sentence in the quote pool gives no evidence either way.
   */
  restatesRelevant(s: Scored): boolean {
    let nearest: Scored | null = null;
    let best = -Infinity;
    for (const d of this.described) {
      if (d.n !== s.n) continue;
      const c = cosine(d.vec, s.vec);
      if (c > best) [nearest, best] = [d, c];
    }
    return nearest === null || nearest.relevant;
  }

  /** The note sentences as the rule scored them, in pool order (for describeCandidates). */
  get candidates(): readonly Scored[] {
    return this.described;
  }

  get full(): boolean {
    return this.picked.length >= this.maxSentences;
  }

  /** Whether c may be the next pick: (as a second sentence) still about the question, and not a near-duplicate. */
  private fits(c: Scored): boolean {
    if (this.picked.length === 0) return !this.needsSharedWord || this.answersDespiteLackedWord(c);
    if (c.score < this.picked[0]!.score * SECOND_SENTENCE) return false;
    return !this.picked.some((p) => cosine(p.bare ?? p.vec, c.bare ?? c.vec) > this.duplicate);
  }

  /**
   * Whether a first pick answers a question with a word no note holds (needsSharedWord): it shares a key word, and two
   * of them or is close in meaning (`close`). One shared word beside a missing one is the vault's vocabulary, not an
   * answer: "what is my blood type" got "Returns true if the value is of the provided type.", "what's the recipe for
   * lasagna" "Wrote the recipe down properly anyway.", "what's my bank account number" "Neighbour at number 14…". The
   * relevance rule's route of `near` and a share of the key words is closed for such a question; its other routes stay.
   * Not within a time (dateScope): its notes are that day's or week's, so a shared word is no coincidence of the
   * whole vault's ("what did I find in the forest on 18 October" lacks "did", and "Walked through the beech forest…"
   * answers it). Chosen on the English tuning parts with bench/answerReplay.ts and the agent (docs/answer-quality.md,
   * twenty-eighth session).
   */
  private answersDespiteLackedWord(c: Scored): boolean {
    return c.shared > 0 && (this.withinTime || c.shared >= 2 || c.similarity >= this.cosines.close);
  }

  private async pick(c: Scored): Promise<void> {
    this.picked.push(c);
    this.emit(c);
    if (this.picked.length === 1)
      await this.embedAlone([c, ...this.pool.filter((p) => p.score >= c.score * SECOND_SENTENCE)]);
  }

  /**
   * The `bare` vectors of these sentences, where missing, in one batch. Only a second pick is checked for repeating the
   * first, and only sentences scoring SECOND_SENTENCE of the first pick can be one, so only those are embedded twice.
   */
  private async embedAlone(sentences: Scored[]): Promise<void> {
    const missing = sentences.filter((s) => !s.bare);
    const vecs = missing.length ? await this.embedder.embed(missing.map((s) => s.text)) : [];
    missing.forEach((s, i) => (s.bare = vecs[i]));
  }

  /** A verified draft sentence arriving while the model writes: picked at once if nothing left can beat it. */
  async offer(c: Candidate): Promise<void> {
    if (this.full || !quotable(c.text, 15)) return;
    const [vec, bare] = await this.embedder.embed([sentenceInPlace(c, this.chunks, this.inPlace), c.text]);
    const s = { ...this.scored(c, vec!), bare };
    if (!s.relevant || !this.restatesRelevant(s)) return;
    const rivals = this.pool.filter((p) => this.fits(p));
    if (this.fits(s) && rivals.every((r) => r.score <= s.score)) await this.pick(s);
    else this.pool.push(s);
  }

  /** The rest of the picks from everything offered, as the full ranking makes them. */
  async finish(): Promise<{ text: string; cited: number[]; generated: boolean }> {
    const sorted = [...this.pool].sort((a, b) => b.score - a.score);
    for (const c of sorted) {
      if (this.full) break;
      if (this.fits(c)) await this.pick(c);
    }
    return {
      text: this.picked.map(sentenceText).join(' '),
      // In the order the answer cites them, so numbering sources by first citation matches what was streamed.
      cited: [...new Set(this.picked.map((p) => p.n))],
      generated: this.picked.some((p) => p.generated),
    };
  }
}

/**
 * What the relevance rule sees for each quotable note sentence, as the selector itself scored it (bench/answerRule.ts
 * chooses ANSWER_RELEVANCE's numbers from these on the tuning parts, so the bench cannot drift from the rule): cosine
 * to the question, shared distinctive key words, word overlap, the selection score and whether it counts as relevant.
 */
export async function describeCandidates(
  query: string,
  chunks: SearchResult[],
  embedder: Embedder,
  tuning: SelectorTuning = {},
  /** The notes the question names (namedNotes in relevance.ts). */
  namedNotes: readonly NamedNote[] = [],
): Promise<{
  gate: number;
  keyWords: number;
  candidates: {
    text: string;
    n: number;
    similarity: number;
    shared: number;
    overlap: number;
    score: number;
    relevant: boolean;
  }[];
}> {
  const sel = await AnswerSelector.create(query, chunks, [], embedder, 0, { tuning, namedNotes });
  return {
    gate: embedder.calibration.threshold,
    keyWords: sel.keyWords,
    candidates: sel.candidates.map(({ text, n, similarity, shared, overlap, score, relevant }) => ({
      text,
      n,
      similarity,
      shared,
      overlap,
      score,
      relevant,
    })),
  };
}

/**
 * "What did I do last week": the dated notes' own main points (the first quotable sentence of each paragraph or
 * list item), one per note in date order for a range, each cited.
 */
function datedDigest(chunks: SearchResult[], scope: DateScope, lang: string): { text: string; cited: number[] } {
  const range = { from: scope.from, to: scope.to };
  const names = (text: string) => mentionsPeriod(text, range, lang);
  const notes = datedNotes(chunks, scope, (c) => names(mentionText(c)));
  // A note's main points: the first quotable sentence of each paragraph or list item (plainText puts each block
  // on a line), so a day's second line is its next thing, not "See Kitchen Renovation." after the first. Of a note
  // with no date of its own, only what it says of the time ("Goal: the city marathon on 6 December 2026").
  const undated = !notes.some((g) => g.some((i) => inScope(chunks[i]!, scope)));
  const sentences = notes.map((g) => {
    const points = g.flatMap((i) =>
      plainText(chunks[i]!.page_content, { prose: true })
        .split('\n')
        .flatMap((block) => splitSentences(block).find((s) => quotable(s, 20)) ?? []),
    );
    const naming = undated ? points.filter(names) : [];
    return naming.length ? naming : points;
  });
  // A range shows one line per note (up to DIGEST_SENTENCES.range); a day, or a range with one note, the usual two.
  const budget =
    scope.from === scope.to
      ? DIGEST_SENTENCES.day
      : Math.max(DIGEST_SENTENCES.day, Math.min(notes.length, DIGEST_SENTENCES.range));
  const picks = digestPicks(sentences, budget).map((p) => ({ text: p.text, n: notes[p.note]![0]! + 1 }));
  return {
    text: picks.map((p) => sentenceText({ ...p, generated: false })).join(' '),
    cited: [...new Set(picks.map((p) => p.n))],
  };
}

/**
 * A sentence as compared with what was said before: no citation marks, spaces collapsed, no closing full stop (a
 * model writes "… timer [2]." for the note's "… timer").
 */
function sameSentence(text: string): string {
  return text
    .replace(/\s*\[\d+\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?。！？]+$/u, '');
}

/**
 * The sentences the conversation's earlier answers gave. A follow-up is searched with the question before it
 * attached (decide.ts, withContext), and its own words ("can I turn that off?") weigh little against the earlier
 * question's: the earlier answer's sentences won again, and the follow-up got the same answer word for word.
 */
export function sentencesSaid(recent: ChatTurn[]): Set<string> {
  const said = new Set<string>();
  for (const t of recent)
    if (t.role === 'assistant')
      for (const { text } of citedSentences(t.content)) if (text) said.add(sameSentence(text));
  return said;
}

/**
 * The sentences an answer must not repeat: what the conversation's earlier answers said (sentencesSaid), when the
 * question goes on from the one before it as search reads it (isFollowUp of the last question asked of the notes,
 * questionsAsked; `recent` ends with the question). A question of its own may be answered by a sentence said before:
 * "what's Maya's dog called", asked after "where does Maya live" had been answered with the dog's line, was "not in
 * your notes", though her note says it.
 */
export function sentencesNotToRepeat(recent: ChatTurn[]): Set<string> {
  const last = recent.findLastIndex((t) => t.role === 'user');
  if (last < 0) return new Set();
  const before = questionsAsked(recent.slice(0, last))[0];
  return isFollowUp(recent[last]!.content, before) ? sentencesSaid(recent) : new Set();
}

/**
 * An answer's sentences, each with the citation marks that follow it ("[1][2]"; "" where none do). An answer writes a
 * sentence's marks after its full stop ("… notas. [1] Puedes …"; older answers and models write "… week [1]."), so
 * the marks that follow a sentence are its own: split at sentence ends alone, "[1]" opened the next sentence and a
 * recap cited the wrong note, or none. Two sentences may share one mark ("… week. Drain it first. [1]"): the mark
 * goes with the last.
 */
export function citedSentences(answer: string): { text: string; cites: string }[] {
  // "… week [1]." → "… week. [1]": every mark after the sentence it belongs to.
  const marksLast = answer.replace(/\s*((?:\[\d+\])+)\s*([.!?。！？])/gu, '$2 $1');
  const pieces = marksLast.split(/((?:\s*\[\d+\])+)/);
  const out: { text: string; cites: string }[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const sentences = splitSentences(pieces[i]!.trim());
    const cites = (pieces[i + 1] ?? '').replace(/\s+/g, '');
    sentences.forEach((text, k) => out.push({ text: text.trim(), cites: k === sentences.length - 1 ? cites : '' }));
  }
  return out;
}

function sentenceText(p: Candidate): string {
  return `${p.text.replace(/\s*\[\d+\]\s*$/, '')} [${p.n}]`;
}

/**
 * Picks the answer sentences: the model's verified sentences compete with sentences lifted from the top
 * notes, ranked by closeness to the question (dense similarity plus exact-word overlap, since numbers and
 * names matter in answers). A strong model's answer wins on relevance; a weak model's rambling loses to
 * the notes' own words. Either way every sentence is grounded and cited.
 */
export async function selectAnswerSentences(
  query: string,
  chunks: SearchResult[],
  draftSentences: Candidate[],
  embedder: Embedder,
  maxSentences = 2,
  /** The question's words no note holds (see synthesize), and the bench's override of the pool. */
  opts: { unknownWords?: string[]; tuning?: SelectorTuning; namedNotes?: readonly NamedNote[] } = {},
): Promise<{ text: string; cited: number[]; generated: boolean }> {
  const sel = await AnswerSelector.create(query, chunks, draftSentences, embedder, maxSentences, {
    unknownWords: opts.unknownWords,
    tuning: opts.tuning,
    namedNotes: opts.namedNotes,
  });
  return sel.finish();
}

export function formatNotes(chunks: SearchResult[], maxChars = 900): string {
  return chunks
    .map(
      (c, i) =>
        `[${i + 1}] ${c.title}${c.header_path ? ` › ${c.header_path}` : ''}\n${plainText(c.page_content).slice(0, maxChars)}`,
    )
    .join('\n\n');
}

export interface SynthesisOptions extends GenerateOptions {
  /**
   * Each answer sentence (cited [n] by chunk number) the moment it is chosen, after its grounding check: a
   * verified draft sentence that nothing can outrank is shown while the model is still writing.
   */
  onSentence?: (sentence: string) => void;
  /** Chunks given to the model (all of them are still used for grounding and quoting). */
  promptChunks?: number;
  /** Characters of each chunk given to the model. */
  promptChars?: number;
}

/**
 * Step 3 of retrieve_notes_tool: a concise answer strictly from the retrieved chunks, cited with [n]. The
 * model's raw draft is never shown: each sentence is checked against the notes as soon as the model finishes
 * it, and only a verified sentence can reach the user (through onSentence). When the draft keeps nothing
 * (small models often ramble), the answer is extracted from the notes instead, so it is never ungrounded.
 */
export async function synthesize(
  model: ChatModel | null,
  embedder: Embedder,
  /** recent: the conversation up to and including this question (its last user turn is the question). */
  input: {
    query: string;
    chunks: SearchResult[];
    recent: ChatTurn[];
    /** The question's words that no note holds (src/store/sparse.ts unknownWords); see AnswerSelector. */
    unknownWords?: string[];
    /** The date filter the search kept (the question is about notes dated then): see dateScope.ts. */
    dateScope?: DateScope;
    /** The date the search could not use and the question without it (retrieveNotesTool): see AnswerSelector. */
    droppedDate?: DateScope;
    /** The notes the question names (namedNotes in relevance.ts): the answer must be about them. */
    namedNotes?: readonly NamedNote[];
    /** The question's names written with an ending (declinedNoteNames in relevance.ts). */
    declinedNames?: ReadonlyMap<string, string>;
  },
  opts: SynthesisOptions = {},
): Promise<Synthesis> {
  if (input.chunks.length === 0) return { answer: '', cited: [], method: 'extractive', notInNotes: true };
  const { onSentence, promptChunks, promptChars, ...gen } = opts;
  if (input.dateScope && !hasTopic(input.dateScope)) {
    const digest = datedDigest(input.chunks, input.dateScope, questionLanguage(input.query));
    if (digest.text) {
      if (!gen.signal?.aborted) onSentence?.(digest.text);
      return { answer: digest.text, cited: digest.cited, method: 'extractive', notInNotes: false };
    }
  }
  // "what are my career goals": the list the question names is the answer (sectionList.ts).
  const section = sectionListAnswer(input.query, input.chunks);
  if (section) {
    if (!gen.signal?.aborted) onSentence?.(section.text);
    return { answer: section.text, cited: section.cited, method: 'extractive', notInNotes: false };
  }
  let emitted = 0;
  const selector = await AnswerSelector.create(input.query, input.chunks, [], embedder, 2, {
    emit: (c) => {
      if (!gen.signal?.aborted) onSentence?.(`${emitted++ ? ' ' : ''}${sentenceText(c)}`);
    },
    unknownWords: input.unknownWords,
    dateScope: input.dateScope,
    droppedDate: input.droppedDate,
    alreadySaid: sentencesNotToRepeat(input.recent),
    namedNotes: input.namedNotes,
    declinedNames: input.declinedNames,
  });
  let draft = '';
  // Non-English questions are answered in their language (English prompts stay exactly as tuned).
  const language = answerLanguageInstruction(input.query);
  if (model) {
    // The conversation before this question: the question itself is the prompt's last line already. Shown
    // twice, a small model copied it into the answer as "user: save web articles into my vault…".
    const earlier = input.recent.at(-1)?.role === 'user' ? input.recent.slice(0, -1) : input.recent;
    const context = earlier.length
      ? `Conversation so far:\n${earlier.map((t) => `${t.role}: ${t.content.slice(0, 200)}`).join('\n')}\n\n`
      : '';
    // Our own stop: once two answer sentences are chosen, or the draft has rambled two sentences without a
    // grounded one, the rest of the draft cannot change the answer; the caller's signal still stops it too.
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    gen.signal?.addEventListener('abort', onAbort, { once: true });
    let checked = 0;
    let unsupported = 0;
    let supported = 0;
    let queue: Promise<void> = Promise.resolve();
    // The prompt heads each note with "[n] Title › Section"; a small model often copies that line. It is
    // "supported" word for word, but it answers nothing, so it is not a candidate.
    // Likewise a copy of the question ("Question: When is …?").
    const headers = [
      new Set(words(`question ${input.query}`)),
      ...input.chunks.map((c) => new Set(words(`${c.title} ${c.header_path}`))),
    ];
    const echoesHeader = (sentence: string) => {
      const w = words(sentence.replace(/\[\d+\]/g, ''));
      return w.length > 0 && headers.some((h) => w.every((x) => h.has(x)));
    };
    const check = (sentence: string) => {
      const v = echoesHeader(sentence) ? { text: '', cited: [] } : verifyAnswer(sentence, input.chunks, input.query);
      const n = Number(/\[(\d+)\]\s*$/.exec(v.text)?.[1] ?? 0);
      if (!v.text || n === 0) {
        if (++unsupported >= 2 && supported === 0) stop.abort();
        return;
      }
      supported++;
      queue = queue.then(async () => {
        await selector.offer({ text: v.text, n, generated: true });
        if (selector.full) stop.abort();
      });
    };
    const onToken = (t: string) => {
      if (stop.signal.aborted) return;
      draft += t;
      const sentences = splitSentences(draft.replace(/[ \t]+/g, ' '));
      // The last sentence may still be growing unless a line break closed it.
      const complete = /\n\s*$/.test(draft) ? sentences.length : sentences.length - 1;
      while (checked < complete) check(sentences[checked++]!);
    };
    // A fallback model starts the draft again (its endpoint failed mid-stream): the partial draft is dropped,
    // so it is never joined to the new one. Sentences already chosen from it were checked and stay.
    const onRestart = () => {
      draft = '';
      checked = unsupported = supported = 0;
    };
    try {
      await model.complete(
        [
          { role: 'system', content: SYNTHESIZER_PROMPT },
          {
            role: 'user',
            content: `${context}Notes:\n${formatNotes(input.chunks.slice(0, promptChunks ?? input.chunks.length), promptChars)}\n\nQuestion: ${input.query}${language ? `\n${language}` : ''}`,
          },
        ],
        { maxTokens: gen.maxTokens ?? 160, ...gen, signal: stop.signal, onToken, onRestart },
      );
    } catch (err) {
      if (gen.signal?.aborted || !stop.signal.aborted) throw err;
    } finally {
      gen.signal?.removeEventListener('abort', onAbort);
    }
    if (!stop.signal.aborted) {
      const sentences = splitSentences(draft.replace(/[ \t]+/g, ' '));
      while (checked < sentences.length) check(sentences[checked++]!);
    }
    await queue;
    gen.signal?.throwIfAborted();
  }
  if (
    selector.picked.length === 0 &&
    NOT_IN_NOTES_PATTERN.test(draft) &&
    input.chunks.every((c) => (c.dense_score ?? 0) < 0.45)
  ) {
    return { answer: '', cited: [], method: 'generated', notInNotes: true };
  }
  const chosen = await selector.finish();
  return {
    answer: chosen.text,
    cited: chosen.cited,
    method: chosen.generated ? 'generated' : 'extractive',
    notInNotes: chosen.text === '',
  };
}
