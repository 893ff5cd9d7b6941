/**
 * Digits of the scripts a date's numbers are written in besides ASCII: a Persian keyboard types "۳", an Arabic one may
 * type "٣", and Hindi and Thai have digits of their own. One table for the date phrases of a question
 * (src/search/dates.ts) and the days a note names (src/search/periodMention.ts).
 */

/** The zero of each script's digits, the other nine following it: Arabic-Indic, Persian, Devanagari, Thai. */
const SCRIPT_DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x0e50] as const;
/** Fullwidth digits ("３"), which Japanese and Chinese input writes. */
const FULLWIDTH_ZERO = 0xff10;

const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
const rangeOf = (zero: number) => `${hex(zero)}-${hex(zero + 9)}`;

/** A regex character class's inside (no brackets) for a digit of any of these scripts, ASCII ones not included. */
export const SCRIPT_DIGIT_CLASS = SCRIPT_DIGIT_ZEROS.map(rangeOf).join('');

const OTHER_DIGIT = new RegExp(`[${rangeOf(FULLWIDTH_ZERO)}${SCRIPT_DIGIT_CLASS}]`, 'g');

/** Fullwidth digits and those of these scripts as ASCII ones ("٣" → "3", "۱۵" → "15", "३" → "3", "３" → "3"). */
export function asciiDigits(raw: string): string {
  return raw.replace(OTHER_DIGIT, (d) => {
    const code = d.charCodeAt(0);
    return String(code - [FULLWIDTH_ZERO, ...SCRIPT_DIGIT_ZEROS].find((zero) => code >= zero && code <= zero + 9)!);
  });
}

/** A number as ASCII digits and as each script's ("3", "٣", "۳", "३", "๓"). */
export function inEveryScript(n: number): string[] {
  return [0x30, ...SCRIPT_DIGIT_ZEROS].map((zero) =>
    [...String(n)].map((d) => String.fromCharCode(zero + Number(d))).join(''),
  );
}
