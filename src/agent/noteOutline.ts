/**
 * "Summarize the Lisbon trip note", "give me an overview of the home server migration", "tell me about Maya":
 * a request for a note's gist, naming the note. The sentence rule answered these with the two sentences closest to
 * the question, often from other notes ("Belém: the tower…" for the Lisbon trip), or refused ("give me an overview of
 * the home server migration" shares no word with any one sentence of it). The answer is now the note's outline: its
 * opening sentence and the first sentence of each section, each under its heading, citing the note. Read from the
 * index, whole, not from the search's few chunks. No model is asked.
 */
import type { ChunkRecord } from '../store/indexDb.js';
import type { SearchResult } from '../search/similaritySearch.js';
import { plainText, splitSentences } from '../text/sentences.js';
import {
  KANA_OR_HAN,
  keyWordCount,
  keyWordLanguage,
  mayShareKeyWords,
  sharedDistinctiveKeyWords,
} from './relevance.js';
import { LIST_ITEM, subjectWords } from './sectionList.js';
import { citedList, linesOutsideCode, MARKDOWN_HEADING, noteAsSource, noteLines } from './noteLines.js';
import { quotable } from './synthesizer.js';

/** How many points an outline shows at most (the opening and the first sections). */
export const OUTLINE_POINTS = 6;
/** How many items of a note that is one list are shown. */
export const OUTLINE_ITEMS = 12;

/**
 * The top-level items of a body that is a list: at least two, and list items (nested ones included) at least 60% of
 * its non-blank lines; otherwise none (prose with a list in it is outlined by its sentences).
 */
function listItems(body: string[]): string[] {
  const filled = body.filter((l) => l.trim());
  const listed = filled.filter((l) => LIST_ITEM.test(l));
  if (listed.length < 0.6 * filled.length) return [];
  return listed
    .map((l) => LIST_ITEM.exec(l)!)
    .filter((m) => m[1]!.replace(/\t/g, '  ').length < 2)
    .map((m) => plainText(m[3]!))
    .filter(Boolean);
}

// A request for a summary, then its subject; per language, the subject where the language puts it.
const SUMMARY_REQUESTS: RegExp[] = [
  /^(?:please\s+|can you\s+|could you\s+)?(?:summari[sz]e|recap|outline|sum up|give me (?:a |an )?(?:short |quick |brief )?(?:summary|overview|recap|rundown) of|(?:a |an )?(?:short |quick |brief )?(?:summary|overview|recap|rundown) of|tell me about|what(?:'s| is) (?:in|on))\s+(.+?)[?.!]*$/iu,
  // Spanish and Portuguese "resume" only before an article or possessive: English "resume a download" continues it.
  /^¿?(?:resume(?:me)?|resúmeme)\s+((?:la|el|los|las|mi|mis|tu|tus|esta|este|estas|estos)\s.+?)[?.!]*$/iu,
  /^¿?(?:haz(?:me)? un resumen de|dame un resumen de|un resumen de|resumen de|háblame de|cuéntame (?:sobre|de))\s+(.+?)[?.!]*$/iu,
  /^(?:fasse|fass)\s+(.+?)\s+zusammen[?.!]*$/iu,
  /^(?:zusammenfassung|(?:einen )?überblick über|(?:eine )?übersicht über|erzähl mir (?:etwas )?(?:von|über))\s+(.+?)[?.!]*$/iu,
  /^(?:résume(?:-moi)?|fais(?:-moi)? un résumé de|donne-moi un résumé de|un résumé de|résumé de|parle-moi de)\s+(.+?)[?.!]*$/iu,
  /^resuma\s+((?:o|a|os|as|meu|meus|minha|minhas|este|esta|esse|essa)\s.+?)[?.!]*$/iu,
  /^(?:faça um resumo de|resumo de|fale-me sobre|me fale sobre)\s+(.+?)[?.!]*$/iu,
  /^(?:riassumi|fammi un riassunto di|riassunto di|parlami di)\s+(.+?)[?.!]*$/iu,
  /^(?:vat)\s+(.+?)\s+samen[?.!]*$/iu,
  /^(?:samenvatting van|vertel me over)\s+(.+?)[?.!]*$/iu,
  /^(?:кратко перескажи|перескажи|резюмируй)\s+(.+?)[?.!]*$/iu,
  /^(.+?)(?:を|の)?(?:要約して|まとめて|要約|まとめ|概要)(?:ください|を教えて|を見せて|して)?[。？?！!]*$/u,
  /^(?:总结一下|总结|概括一下|概括|總結一下|總結)(.+?)[。？?！!]*$/u,
  /^(.+?)的(?:总结|摘要|概要|總結)[。？?！!]*$/u,
  /^(.+?)\s?(?:요약해\s?줘|요약해\s?주세요|요약)[.?!]*$/u,
];

/** The subject of a request for a summary ("the Lisbon trip note"), or null when the question is no such request. */
export function summarySubject(question: string): string | null {
  const q = question.trim();
  for (const pattern of SUMMARY_REQUESTS) {
    const m = pattern.exec(q);
    if (m?.[1]?.trim()) return m[1].trim();
  }
  return null;
}

/**
 * The note a subject names: one whose title or aliases hold every key word of the subject (without the words that
 * ask, "my", "note", "notes on"…), the one with the shortest title when several do ("sourdough" → "Sourdough Bread").
 */
export function noteNamedBy(
  subject: string,
  notes: readonly { source: string; title: string; aliases: string[] }[],
): string | null {
  const words = KANA_OR_HAN.test(subject) ? subject : subjectWords(subject);
  const lang = keyWordLanguage(words, []);
  const keys = keyWordCount(words, new Set(), lang);
  if (keys === 0) return null;
  // A cheap first look, since a vault can hold thousands of notes.
  const may = mayShareKeyWords(words, lang);
  const named = notes
    .map((n) => ({ ...n, names: [n.title, ...n.aliases].join(' ') }))
    .filter((n) => may(n.names) && sharedDistinctiveKeyWords(words, n.names, new Set(), '', lang) >= keys);
  named.sort((a, b) => a.title.length - b.title.length || a.source.localeCompare(b.source));
  return named[0]?.source ?? null;
}

/**
 * The outline of a note, from all its chunks: the opening sentence, then each section's first sentence under its
 * heading ("Network: New static IP: 192.168.1.40 …"), up to OUTLINE_POINTS; frontmatter and code are skipped, and a
 * section without a sentence worth quoting (a table, a list of links) is passed over.
 */
export function noteOutline(chunks: ChunkRecord[]): { text: string; results: SearchResult[] } | null {
  if (!chunks.length) return null;
  const first = chunks[0]!;
  const lines = noteLines(chunks);
  const sections: { heading: string; body: string[] }[] = [{ heading: '', body: [] }];
  for (const [, text] of linesOutsideCode(lines)) {
    const h = MARKDOWN_HEADING.exec(text);
    if (h && plainText(h[2]!) !== first.title) sections.push({ heading: plainText(h[2]!), body: [] });
    else if (!h) sections.at(-1)!.body.push(text);
  }
  // A note that is one list ("Shopping list": items, no sections) is shown as its list: its items are not sentences.
  const only = sections.filter((s) => s.body.some((l) => l.trim()));
  const items = only.length === 1 ? listItems(only[0]!.body) : [];
  const shown =
    items.length >= 2
      ? { bullets: items, quoted: items.slice(0, OUTLINE_ITEMS), limit: OUTLINE_ITEMS }
      : outlinePoints(sections);
  if (shown.bullets.length === 0) return null;
  const source = noteAsSource(first, {
    page_content: shown.quoted.join('\n'),
    start_line: first.start_line,
    end_line: chunks.at(-1)!.end_line,
    rank: 1,
  });
  return { text: citedList(first.title, shown.bullets, 1, { limit: shown.limit }), results: [source] };
}

/** Each section's first sentence worth quoting, under its heading, up to OUTLINE_POINTS. */
function outlinePoints(sections: { heading: string; body: string[] }[]): {
  bullets: string[];
  quoted: string[];
  limit?: number;
} {
  const points = sections
    .flatMap((s) => {
      const sentence = plainText(s.body.join('\n'), { prose: true })
        .split('\n')
        .flatMap((block) => splitSentences(block))
        .find((x) => quotable(x, 20));
      return sentence ? [{ heading: s.heading, sentence: sentence.trim() }] : [];
    })
    .slice(0, OUTLINE_POINTS);
  return {
    bullets: points.map((p) => `${p.heading ? `${p.heading}: ` : ''}${p.sentence}`),
    quoted: points.map((p) => p.sentence),
  };
}
