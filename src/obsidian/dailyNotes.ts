/**
 * Obsidian's note-naming conventions for dated notes: the Daily notes core plugin's moment.js file-name
 * format (read from `.obsidian/daily-notes.json` by ./config.ts) and the weekly-note format `gggg-[W]ww`.
 */
import {
  localMonthByName,
  MONTH_BY_WORD,
  MONTH_WORDS,
  daysToIso,
  isValidDate,
  isoWeekMonday,
  pad,
} from '../text/calendar.js';
import { escapeRegExp, longestFirstAlternation } from '../text/regex.js';

/**
 * The Monday of the ISO week a weekly note is named for ("2026-W03.md", Obsidian's weekly-note format
 * `gggg-[W]ww`), as 'YYYY-MM-DD', or null. A weekly note is dated by its week's first day, so a filter on
 * any range that holds that week's Monday finds it.
 */
export function dateFromWeeklyNoteName(fileName: string): string | null {
  const base = fileName
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    .replace(/\.(?:md|markdown|mdx|txt)$/i, '');
  const m = /(?<![\dA-Za-z])(\d{4})-?W(\d{2})(?![\dA-Za-z])/.exec(base);
  if (!m) return null;
  const monday = isoWeekMonday(Number(m[1]), Number(m[2]));
  return monday === null ? null : daysToIso(monday);
}

// ---------------------------------------------------------------------------
// Daily note names
// ---------------------------------------------------------------------------

type FormatPart = 'year4' | 'year2' | 'month' | 'monthName' | 'monthAbbr' | 'day';

const FORMAT_TOKEN = /\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|Do|DD|D|dddd|ddd|dd|d|[\s\S]/g;

// MMMM and MMM in English or in the app's language (localMonthByName): "December", "Dezember", "grudnia", "12月";
// "Dec", "Dez.", "déc.".
const monthName = () =>
  longestFirstAlternation([...MONTH_WORDS.slice(0, 12).map(([w]) => w), ...localMonthByName().keys()]);
const monthAbbr = () =>
  `(?:${longestFirstAlternation([...MONTH_WORDS.slice(12).map(([w]) => w), ...localMonthByName().keys()])})\\.?`;

/** The month a name of monthName or monthAbbr stands for. */
function monthNamed(raw: string): number | undefined {
  const name = raw.toLowerCase().replace(/\.$/, '');
  return MONTH_BY_WORD.get(name) ?? localMonthByName().get(name);
}

const formatCache = new Map<string, { re: RegExp; parts: FormatPart[] }>();

function compileFormat(format: string): { re: RegExp; parts: FormatPart[] } {
  const cached = formatCache.get(format);
  if (cached) return cached;
  const parts: FormatPart[] = [];
  let body = '';
  for (const [token, literal] of format.replace(/\\/g, '/').matchAll(FORMAT_TOKEN)) {
    if (literal !== undefined) {
      body += escapeRegExp(literal);
      continue;
    }
    switch (token) {
      case 'YYYY':
        parts.push('year4');
        body += '(\\d{4})';
        break;
      case 'YY':
        parts.push('year2');
        body += '(\\d{2})';
        break;
      case 'MMMM':
        parts.push('monthName');
        body += `(${monthName()})`;
        break;
      case 'MMM':
        parts.push('monthAbbr');
        body += `(${monthAbbr()})`;
        break;
      case 'MM':
        parts.push('month');
        body += '(\\d{2})';
        break;
      case 'M':
        parts.push('month');
        body += '(\\d{1,2})';
        break;
      case 'DD':
        parts.push('day');
        body += '(\\d{2})';
        break;
      case 'D':
        parts.push('day');
        body += '(\\d{1,2})';
        break;
      case 'Do':
        // The ordinal as moment writes it in English and the app's language: "1st", "1.", "1er", "1º", "1ste", "1日".
        parts.push('day');
        body += '(\\d{1,2})(?:st|nd|rd|th|er|e|ème|\\.|º|ª|ste|de|日|일|号|-го|-е)?';
        break;
      case 'dddd':
      case 'ddd':
      case 'dd':
        // A weekday's name in any language ("Monday", "Montag", "月曜日"), not read.
        body += '\\p{L}+\\.?';
        break;
      case 'd':
        body += '[0-6]';
        break;
      default:
        body += escapeRegExp(token);
    }
  }
  // Anchored to the start of a path segment and ending in the last one, so a date-named
  // folder ("2026-01-18/notes.md") doesn't count, while trailing text ("2026-01-18 Monday") does.
  const compiled = { re: new RegExp(`(?:^|/)${body}(?!\\d)(?=[^/]*$)`, 'iu'), parts };
  formatCache.set(format, compiled);
  return compiled;
}

/**
 * The date encoded in a daily note's path, as 'YYYY-MM-DD', or null.
 * `format` is the Obsidian (moment) daily-note format; supported tokens are
 * YYYY, YY, MMMM, MMM, MM, M, DD, D, Do, weekday names (dddd/ddd/dd, ignored)
 * and [bracketed literals]. A '/' in the format matches folder separators.
 */
export function dateFromDailyNoteName(fileName: string, format = 'YYYY-MM-DD'): string | null {
  const path = fileName.replace(/\\/g, '/').replace(/\.(?:md|markdown|mdx|txt)$/i, '');
  const { re, parts } = compileFormat(format);
  const m = re.exec(path);
  if (!m) return null;

  const values: Partial<Record<'year' | 'month' | 'day', number>> = {};
  for (let i = 0; i < parts.length; i++) {
    const raw = m[i + 1]!;
    const part = parts[i]!;
    let key: 'year' | 'month' | 'day';
    let value: number;
    if (part === 'year4' || part === 'year2') {
      key = 'year';
      value = Number(raw) + (part === 'year2' ? 2000 : 0);
    } else if (part === 'monthName' || part === 'monthAbbr') {
      key = 'month';
      const n = monthNamed(raw);
      if (n === undefined) return null;
      value = n;
    } else {
      key = part;
      value = Number(raw);
    }
    // Formats like 'YYYY/YYYY-MM-DD' repeat a token; the copies must agree.
    if (values[key] !== undefined && values[key] !== value) return null;
    values[key] = value;
  }
  const { year, month, day } = values;
  if (year === undefined || month === undefined || day === undefined || !isValidDate(year, month, day)) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}
