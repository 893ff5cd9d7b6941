/**
 * Deterministic translation of the date phrase in a search query into an inclusive calendar-date range, so retrieval
 * can filter by note date while the rest of the query goes to text and vector search. This is the one door to the
 * date rules: each language's phrases live in src/search/dateRules/ (English, the CJK and European languages, the
 * other Latin-script ones, Hindi/Arabic/Persian/Hebrew/Greek/Thai, ISO weeks), built from the shared rule kit
 * (dateRules/ruleKit.ts); this module finds the longest phrase any of them reads and takes it out of the query.
 *
 * All arithmetic is done on integer day numbers (days since 1970-01-01 in the
 * proleptic Gregorian calendar). `Date` is only read through its local-calendar
 * getters, so DST changes and the host timezone can never shift a result by a day.
 */

import { daysToIso, isValidDate, pad, toDays } from '../text/calendar.js';
import { asksAhead } from './timeQuestion.js';
import { CJK_AND_EUROPEAN_RULES } from './dateRules/cjkAndEuropeanRules.js';
import {
  ENGLISH_RULES,
  andKeyword,
  betweenKeyword,
  fromKeyword,
  sinceRule,
  spanRule,
  toKeyword,
} from './dateRules/englishRules.js';
import { ISO_WEEK_RULES } from './dateRules/isoWeekRules.js';
import { MORE_LATIN_SCRIPT_RULES } from './dateRules/moreLatinScriptRules.js';
import { OTHER_SCRIPT_RULES, THAI_CHAR } from './dateRules/otherScriptRules.js';
import { WORD_CHAR_RE, longestAt } from './dateRules/ruleKit.js';
import type { Ctx, Rule } from './dateRules/ruleKit.js';

export { isoWeekRange } from './dateRules/isoWeekRules.js';

export interface DateRange {
  /** Inclusive, 'YYYY-MM-DD'. */
  from: string;
  /** Inclusive, 'YYYY-MM-DD'. */
  to: string;
}

export interface DateQuery {
  /** The query with the date phrase (and prepositions left dangling by it) removed. */
  query: string;
  range: DateRange | null;
  /** The date phrase as written in the original query. */
  matched: string | null;
}

export interface TranslateDatesOptions {
  /** 0 = Sunday, 1 = Monday (default). Affects calendar-week phrases only. */
  weekStartsOn?: 0 | 1;
}

// ---------------------------------------------------------------------------
// Calendar arithmetic on day numbers
// ---------------------------------------------------------------------------

/** Local calendar date of `d` as 'YYYY-MM-DD' (never the UTC date). */
export function isoDate(d: Date): string {
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)}`;
}

function todayToDays(today: Date | string): number {
  if (typeof today === 'string') {
    // Read the calendar date literally: `new Date('2026-01-18')` is UTC midnight,
    // which is the previous day anywhere west of Greenwich.
    const m = /^\s*(\d{4})-(\d{2})-(\d{2})(?![\d])/.exec(today);
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (!isValidDate(y, mo, d)) throw new RangeError(`Invalid date: ${today}`);
      return toDays(y, mo, d);
    }
    today = new Date(today);
  }
  if (Number.isNaN(today.getTime())) throw new RangeError('Invalid date');
  return toDays(today.getFullYear(), today.getMonth() + 1, today.getDate());
}

const ALL_RULES: readonly Rule[] = [
  sinceRule,
  spanRule(betweenKeyword, andKeyword),
  spanRule(fromKeyword, toKeyword),
  ...ENGLISH_RULES,
  ...ISO_WEEK_RULES,
  // After the English rules, so English wins a tie.
  ...CJK_AND_EUROPEAN_RULES,
  ...MORE_LATIN_SCRIPT_RULES,
  ...OTHER_SCRIPT_RULES,
];

// ---------------------------------------------------------------------------
// Query rewriting
// ---------------------------------------------------------------------------

// A date after these words is an open-ended bound we cannot express as a range;
// matching it as a plain date would filter to exactly the wrong notes.
const OPEN_BOUND_BEFORE =
  /(?:^|[^a-z0-9])(?:before|after|until|till|by|prior\s+to|up\s+to|earlier\s+than|later\s+than|older\s+than|newer\s+than)\s+(?:the\s+)?$/i;

// Left behind when the date phrase goes: "notes from yesterday" → "notes".
const DANGLING = new Set([
  ...['in', 'on', 'from', 'during', 'over', 'within', 'for', 'of', 'throughout', 'the'],
  // Spanish, German, French ("notas de la semana pasada" → "notas"), Italian, Portuguese, Dutch
  ...['de', 'del', 'en', 'durante', 'von', 'vom', 'im', 'am', 'du', 'pendant'],
  // (not Portuguese "do", "no", nor Dutch "op": English's "what did I do on 2026-10-12" kept its "do").
  ...['di', 'della', 'nel', 'nella', 'da', 'na', 'em', 'van', 'tijdens'],
  // Russian and Ukrainian "in" ("в декабре", "у грудні")
  ...['в', 'во', 'у'],
  // Polish "in" ("w grudniu")
  ...['w', 'we'],
  // Czech, Vietnamese, Indonesian, Romanian "in" or "on" ("v prosinci", "vào tháng 12", "pada bulan Desember", "în
  // decembrie")
  ...['v', 've', 'vào', 'trong', 'pada', 'selama', 'în'],
  // Arabic, Persian and Greek "in" ("في ديسمبر", "در دسامبر", "τον Δεκέμβριο"), and Arabic and Persian "month"
  ...['في', 'خلال', 'شهر', 'در', 'ماه', 'τον', 'την', 'τη', 'το', 'στον', 'στο', 'στις'],
]);

// Chinese and Japanese have no spaces: a date phrase may start at any of their characters, and right after one.
const CJK_CHAR = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff10-\uff19]/;

function isWordStart(text: string, pos: number): boolean {
  const c = text.charAt(pos);
  if (CJK_CHAR.test(c) || THAI_CHAR.test(c)) return true;
  if (!WORD_CHAR_RE.test(c)) return false;
  if (pos === 0) return true;
  const prev = text.charAt(pos - 1);
  if (WORD_CHAR_RE.test(prev)) return false;
  // Don't start inside a numeric date such as the "01-18" of "2026-01-18".
  return !(/\d/.test(c) && /[-/.:]/.test(prev));
}

// Thai "in", "in the month of", "during", "at", "when" before a date phrase: Thai joins them to the words around them
// ("ฉันทำอะไรในเดือนเมษายน"), so they are found at the end of the text before it, not as whole words.
const THAI_DANGLING = /(?:ในเดือน|ช่วงเดือน|เดือน|ภายใน|ใน|ช่วง|ตอน|เมื่อ|ระหว่าง)\s*$/u;

function stripDanglingBefore(text: string, start: number): number {
  if (THAI_CHAR.test(text.charAt(start)) || /\d/u.test(text.charAt(start)))
    for (let thai = THAI_DANGLING.exec(text.slice(0, start)); thai; thai = THAI_DANGLING.exec(text.slice(0, start)))
      start = thai.index;
  for (;;) {
    // Whole words of any script: "em" (Portuguese "in") is the end of Polish "robiłem".
    const m = /(?<![\p{L}\p{N}'’])(\p{L}+)\s+$/iu.exec(text.slice(0, start));
    if (!m || !DANGLING.has(m[1]!.toLowerCase())) return start;
    start = m.index;
  }
}

function tidy(s: string): string {
  return s
    .replace(/\[\[\s*\]\]|\[\s*\]|\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([?!.,;:؟،؛।])/g, '$1')
    .replace(/[,;:]+([?!.])/g, '$1')
    .replace(/^[\s,;:.\-–]+/, '')
    .replace(/[\s,;:\-–]+$/, '')
    .trim();
}

/**
 * Finds the first date phrase in `query` and returns its inclusive range plus
 * the query without it. `today` may be a Date (its local calendar date is used)
 * or a 'YYYY-MM-DD' string (read literally, any time part ignored).
 */
export function translateDates(query: string, today: Date | string, opts: TranslateDatesOptions = {}): DateQuery {
  const todayDays = todayToDays(today);
  const ctx: Ctx = {
    today: todayDays,
    weekStartsOn: opts.weekStartsOn ?? 1,
    inferBefore: todayDays,
    inCompound: false,
    ahead: asksAhead(query),
  };

  for (let pos = 0; pos < query.length; pos++) {
    if (!isWordStart(query, pos)) continue;
    const hit = longestAt(ALL_RULES, query, pos, ctx);
    if (!hit) continue;
    if (OPEN_BOUND_BEFORE.test(query.slice(0, pos))) {
      // Skip the whole phrase so a tail of it ("Monday" in "after last Monday") isn't picked up instead.
      pos = hit.end - 1;
      continue;
    }

    let end = hit.end;
    const possessive = /^['’]s(?![a-z0-9])/i.exec(query.slice(end));
    if (possessive) end += possessive[0].length;
    // With a possessive the date is a determiner ("summary of yesterday's meeting"), so the preposition isn't dangling.
    const start = possessive ? pos : stripDanglingBefore(query, pos);

    const rest = tidy(`${query.slice(0, start)} ${query.slice(end)}`);
    return {
      query: /[\p{L}\p{N}]/u.test(rest) ? rest : query,
      range: { from: daysToIso(hit.range.from), to: daysToIso(hit.range.to) },
      matched: query.slice(pos, hit.end),
    };
  }
  return { query, range: null, matched: null };
}
