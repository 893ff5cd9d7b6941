/** Date phrases of Hindi, Arabic, Persian, Hebrew, Greek and Thai. */

import { fromDays } from '../../text/calendar.js';
import { SCRIPT_DIGIT_CLASS, asciiDigits } from '../../text/digits.js';
import {
  gregorianYear,
  solarHijriMonth,
  solarHijriYearOf,
  SOLAR_HIJRI_MONTH_NAMES,
  SOLAR_HIJRI_YEARS,
} from '../../text/eras.js';
import { longestFirstAlternation } from '../../text/regex.js';
import { agoOf } from './cjkAndEuropeanRules.js';
import {
  ago,
  agoOne,
  day,
  explicitDay,
  forward,
  inferDay,
  inferDayAmong,
  inferMonth,
  monthRange,
  period,
  regexRule,
  single,
  weekdayAs,
  weekdayMatching,
  yearRange,
} from './ruleKit.js';
import type { Ctx, Rule, Unit, WeekdayPick } from './ruleKit.js';

// Relative days and periods, "N days ago", weekdays, Gregorian month names and years, in the script's digits or
// ASCII. Thai years are the Buddhist Era's (พ.ศ. 2570 is 2027), and Persian also names the Solar Hijri months and
// years (آبان ۱۴۰۵; src/text/eras.ts). Arabic joins "and" and "with the" to the word ("وأمس", "بالأمس"), Hebrew "in"
// to it ("בדצמבר"), and Thai writes no spaces, so a Thai phrase may start at any of its letters (isWordStart). Hindi
// "कल" and "परसों" are yesterday or tomorrow by the verb's tense.

/** Each language's month names, January first, with the forms a date writes them in (Greek's genitive, "3 Δεκεμβρίου"). */
const SCRIPT_MONTH_NAMES: readonly (readonly string[])[][] = [
  // Hindi (with and without the nukta: फ़रवरी, फरवरी)
  [
    ['जनवरी'],
    ['फ़रवरी', 'फ़रवरी', 'फरवरी'],
    ['मार्च'],
    ['अप्रैल', 'अप्रेल'],
    ['मई'],
    ['जून'],
    ['जुलाई'],
    ['अगस्त'],
    ['सितंबर', 'सितम्बर'],
    ['अक्टूबर', 'अक्तूबर'],
    ['नवंबर', 'नवम्बर'],
    ['दिसंबर', 'दिसम्बर'],
  ],
  // Arabic: the names of Egypt and the Gulf, and of the Levant and Iraq
  [
    ['يناير', 'كانون الثاني'],
    ['فبراير', 'شباط'],
    ['مارس', 'آذار', 'اذار'],
    ['أبريل', 'ابريل', 'إبريل', 'نيسان'],
    ['مايو', 'أيار', 'ايار'],
    ['يونيو', 'يونيه', 'حزيران'],
    ['يوليو', 'يوليه', 'تموز'],
    ['أغسطس', 'اغسطس', 'آب'],
    ['سبتمبر', 'أيلول', 'ايلول'],
    ['أكتوبر', 'اكتوبر', 'تشرين الأول', 'تشرين الاول'],
    ['نوفمبر', 'تشرين الثاني'],
    ['ديسمبر', 'كانون الأول', 'كانون الاول'],
  ],
  // Persian (the Gregorian months, as Persian writes them)
  [
    ['ژانویه'],
    ['فوریه'],
    ['مارس'],
    ['آوریل'],
    ['مه', 'می'],
    ['ژوئن'],
    ['ژوئیه', 'جولای'],
    ['اوت', 'آگوست'],
    ['سپتامبر'],
    ['اکتبر'],
    ['نوامبر'],
    ['دسامبر'],
  ],
  // Hebrew
  [
    ['ינואר'],
    ['פברואר'],
    ['מרץ', 'מרס'],
    ['אפריל'],
    ['מאי'],
    ['יוני'],
    ['יולי'],
    ['אוגוסט'],
    ['ספטמבר'],
    ['אוקטובר'],
    ['נובמבר'],
    ['דצמבר'],
  ],
  // Greek: nominative, genitive ("3 Δεκεμβρίου"), accusative ("τον Δεκέμβριο")
  [
    ['ιανουάριος', 'ιανουαρίου', 'ιανουάριο'],
    ['φεβρουάριος', 'φεβρουαρίου', 'φεβρουάριο'],
    ['μάρτιος', 'μαρτίου', 'μάρτιο'],
    ['απρίλιος', 'απριλίου', 'απρίλιο'],
    ['μάιος', 'μαΐου', 'μαίου', 'μάιο'],
    ['ιούνιος', 'ιουνίου', 'ιούνιο'],
    ['ιούλιος', 'ιουλίου', 'ιούλιο'],
    ['αύγουστος', 'αυγούστου', 'αύγουστο'],
    ['σεπτέμβριος', 'σεπτεμβρίου', 'σεπτέμβριο'],
    ['οκτώβριος', 'οκτωβρίου', 'οκτώβριο'],
    ['νοέμβριος', 'νοεμβρίου', 'νοέμβριο'],
    ['δεκέμβριος', 'δεκεμβρίου', 'δεκέμβριο'],
  ],
  // Thai, with the short forms a date writes ("3 ธ.ค.")
  [
    ['มกราคม', 'ม.ค.'],
    ['กุมภาพันธ์', 'ก.พ.'],
    ['มีนาคม', 'มี.ค.'],
    ['เมษายน', 'เม.ย.'],
    ['พฤษภาคม', 'พ.ค.'],
    ['มิถุนายน', 'มิ.ย.'],
    ['กรกฎาคม', 'ก.ค.'],
    ['สิงหาคม', 'ส.ค.'],
    ['กันยายน', 'ก.ย.'],
    ['ตุลาคม', 'ต.ค.'],
    ['พฤศจิกายน', 'พ.ย.'],
    ['ธันวาคม', 'ธ.ค.'],
  ],
];

/**
 * The spellings a name is also typed in: Greek without its accents, Persian with the Arabic keyboard's ي and ك, Hindi's
 * nukta letters as one character or two.
 */
function typedSpellings(name: string): string[] {
  const out = new Set([name]);
  out.add(
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC'),
  );
  out.add(name.replace(/ی/g, 'ي').replace(/ک/g, 'ك'));
  out.add(name.replace(/\u095E/g, '\u092B\u093C').replace(/\u0958/g, '\u0915\u093C'));
  out.add(name.replace(/\u092B\u093C/g, '\u095E'));
  return [...out];
}

const SCRIPT_MONTH_BY_WORD = new Map(
  SCRIPT_MONTH_NAMES.flatMap((months) =>
    months.flatMap((forms, i) => forms.flatMap(typedSpellings).map((w) => [w.toLowerCase(), i + 1] as const)),
  ),
);
const SMON = `(${longestFirstAlternation(SCRIPT_MONTH_BY_WORD.keys())})`;
const scriptMonth = (raw: string): number => SCRIPT_MONTH_BY_WORD.get(raw.toLowerCase()) ?? NaN;
/** Thai letters: no spaces between words, so a Thai phrase may start anywhere (isWordStart). */
export const THAI_CHAR = /[\u0e00-\u0e7f]/;
// A lone month is one only after its language's "in" or "month" ("في ديسمبر", "شهر ديسمبر", "در دسامبر", "ماه مه",
// "τον Δεκέμβριο", "στις … Δεκεμβρίου", "ในเดือน…"); Hebrew's "in" is the ב of "בדצמבר", Hindi's "में" follows the name,
// Thai's month names are no other word. Not Arabic "مارس" alone: that is also "he practised".
const SCRIPT_MONTH_CONTEXT = /(?:^|[\s,،])(?:في|خلال|شهر|منذ|در|ماه|از|τον|το|τη|στον|στο|μήνα|חודש|בחודש)\s*$/iu;

// Hindi: a past verb makes "कल" yesterday ("मैंने कल क्या किया?"), else it is tomorrow ("कल क्या है?").
const HI_PAST = /(?:मैंने|हमने|उसने|किया|किए|किये|की थी|था|थी|थे|गया|गई|गए|हुआ|हुई|हुए|खाया|लिखा|देखा|मिला)/u;
const hiTensed = (n: number) => (_m: RegExpExecArray, ctx: Ctx, text: string) =>
  single(ctx.today + (HI_PAST.test(text) ? -n : n));
// A count or a day in ASCII digits or the script's own (Persian keyboards type "۳"; asciiDigits reads them).
const SNUM = `([\\d${SCRIPT_DIGIT_CLASS}]{1,3})`;
const HI_WEEK = 'ह(?:\\u095E|\\u092B\\u093C?)्ते|सप्ताह';
const HI_YEAR = '(?:साल|वर्ष)';
// Arabic's "and" and "so" join the next word ("وأمس"); definite forms are spelled with and without the hamza.
const AR = '[وف]?';
const AR_WEEK = '(?:ال)?[أا]سبوع';
const AR_LAST = '(?:الماضي|الفائت|السابق)';
const AR_NEXT = '(?:القادم|المقبل|الجاي)';
const FA_LAST = '(?:گذشته|پیش|قبل|پيش)';
const FA_NEXT = '(?:آینده|بعد|آينده|دیگر)';
const HE_PREFIX = '[וש]?';
const EL_LAST = '(?:την |τον |το )?(?:περασμ[εέ]ν[ηοα]|προηγο[υύ]μεν[ηοα])\\s+';
const EL_NEXT = '(?:την |τον |το )?(?:επ[οό]μεν[ηοα]|ερχ[οό]μεν[ηοα])\\s+';
const EL_THIS = '(?:αυτ[ήηόο]ν?\\s+(?:την\\s+|τον\\s+|το\\s+)?)';
const EL_WEEK = 'εβδομ[αά]δα';
const EL_MONTH = 'μ[ήη]να';
const TH_WEEK = '(?:สัปดาห์|อาทิตย์)';
/** Each language's weekdays, Sunday first (weekdayMatching), as a date writes them. */
const HI_WD = ['रविवार', 'सोमवार', 'मंगलवार', 'बुधवार', '(?:गुरुवार|बृहस्पतिवार)', 'शुक्रवार', 'शनिवार'];
const AR_WD = ['الأحد|الاحد', 'الاثنين|الإثنين', 'الثلاثاء', 'الأربعاء|الاربعاء', 'الخميس', 'الجمعة', 'السبت'];
// Persian's Tuesday is written with a zero-width non-joiner or a space ("سه‌شنبه"): "شنبه" alone is Saturday.
const FA_WD = [
  'یکشنبه|يكشنبه|یک\u200cشنبه',
  'دوشنبه|دو\u200cشنبه',
  'سه\u200c?\\s?شنبه',
  'چهارشنبه|چهار\u200cشنبه',
  'پنجشنبه|پنج\u200cشنبه',
  'جمعه',
  'شنبه',
];
const HE_WD = ['ראשון', 'שני', 'שלישי', 'רביעי', 'חמישי', 'שישי'];
const EL_WD = ['κυριακ[ήη]', 'δευτ[έε]ρα', 'τρ[ίι]τη', 'τετ[άα]ρτη', 'π[έε]μπτη', 'παρασκευ[ήη]', 'σ[άα]ββατο'];
const TH_WD = ['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี|พฤหัส', 'ศุกร์', 'เสาร์'];
/** The pick a word after a weekday makes: `last` or `next` (patterns), another word this week's; none, the most recent. */
function lastOrNext(word: string | undefined, last: string, next: string): WeekdayPick {
  if (!word) return 'named';
  if (new RegExp(`^(?:${last})$`, 'iu').test(word)) return 'last';
  return new RegExp(`^(?:${next})$`, 'iu').test(word) ? 'next' : 'this';
}
const pickOf = (word: string | undefined, picks: Readonly<Record<string, WeekdayPick>>): WeekdayPick =>
  (word && picks[word]) || 'named';
const agoN = (n: number, unit: Unit) => (_m: RegExpExecArray, ctx: Ctx) => ago(ctx, n, unit);

// A year in ASCII digits or the script's own, after Thai's era if written ("พ.ศ. 2570", "ค.ศ. 2027"): yearOf reads it.
const SYEAR = `(?:(?:พ\\.ศ\\.|ค\\.ศ\\.)\\s*)?([\\d${SCRIPT_DIGIT_CLASS}]{4})`;
/**
 * The Gregorian year a date writes (`written`, 1900–2099 once read), its Buddhist Era one in Thai (`context`, the
 * month's name or the phrase, holds a Thai letter); 0 for any other number.
 */
function yearOf(written: string, context: string): number {
  const year = gregorianYear(written, THAI_CHAR.test(context));
  return year >= 1900 && year <= 2099 ? year : 0;
}

// Persian's Solar Hijri months as typed on a Persian or an Arabic keyboard (typedSpellings).
const SOLAR_MONTH_BY_WORD = new Map(
  SOLAR_HIJRI_MONTH_NAMES.flatMap((name, i) => typedSpellings(name).map((w) => [w, i + 1] as const)),
);
const SOLAR_MON = `(${longestFirstAlternation(SOLAR_MONTH_BY_WORD.keys())})`;
const solarMonth = (raw: string): number => SOLAR_MONTH_BY_WORD.get(raw) ?? NaN;

/** The Solar Hijri year day number `d` falls in. */
function solarYearAt(d: number): number {
  return solarHijriYearOf(...fromDays(d));
}

/** Solar Hijri year `year`, 1 Farvardin to the last of Esfand. */
function solarHijriYear(year: number): { from: number; to: number } | null {
  const first = solarHijriMonth(year, 1);
  const last = solarHijriMonth(year, 12);
  return first && last ? { from: first.from, to: last.to } : null;
}

/** A Solar Hijri month without a year, read as inferMonth reads a Gregorian one. */
function inferSolarMonth(month: number, ctx: Ctx): { from: number; to: number } | null {
  const year = solarYearAt(ctx.inferBefore);
  const range = solarHijriMonth(year, month);
  if (!range) return null;
  if (forward(ctx)) return range.to >= ctx.today ? range : solarHijriMonth(year + 1, month);
  return range.from <= ctx.inferBefore ? range : solarHijriMonth(year - 1, month);
}

export const OTHER_SCRIPT_RULES: readonly Rule[] = [
  // Hindi
  regexRule('आज', day(0)),
  regexRule('परसों', hiTensed(2)),
  regexRule('कल', hiTensed(1)),
  regexRule(`पिछले\\s+(?:${HI_WEEK})`, period('last', 'week')),
  regexRule(`(?:इस|इसी)\\s+(?:${HI_WEEK})`, period('this', 'week')),
  regexRule(`अगले\\s+(?:${HI_WEEK})`, period('next', 'week')),
  regexRule('पिछले\\s+महीने', period('last', 'month')),
  regexRule('(?:इस|इसी)\\s+महीने', period('this', 'month')),
  regexRule('अगले\\s+महीने', period('next', 'month')),
  regexRule(`(?:पिछले\\s+${HI_YEAR}|पिछला\\s+${HI_YEAR})`, period('last', 'year')),
  regexRule(`(?:इस|इसी)\\s+${HI_YEAR}`, period('this', 'year')),
  regexRule(`अगले\\s+${HI_YEAR}`, period('next', 'year')),
  regexRule(`${SNUM}\\s+दिन\\s+पहले`, agoOf('day')),
  regexRule(`${SNUM}\\s+(?:${HI_WEEK})\\s+पहले`, agoOf('week')),
  regexRule(`${SNUM}\\s+महीने\\s+पहले`, agoOf('month')),
  // Arabic ("في اليوم" is "a day": three times a day)
  regexRule(`${AR}اليوم`, (_m, ctx, text, pos) =>
    /(?:في|كل|مرات?)\s+$/u.test(text.slice(0, pos)) ? null : single(ctx.today),
  ),
  regexRule(`${AR}(?:(?:أول|اول)\\s+(?:من\\s+)?(?:أمس|امس)|قبل\\s+(?:أمس|امس))`, day(-2)),
  regexRule(`${AR}(?:(?:بال)?(?:أمس|امس)|البارحة)`, day(-1)),
  regexRule(`${AR}بعد\\s+(?:غد|بكرة)`, day(2)),
  regexRule(`${AR}(?:غدا|غدًا|غداً|بكرة)`, day(1)),
  regexRule(`${AR}(?:(?:في\\s+)?${AR_WEEK}\\s+${AR_LAST})`, period('last', 'week')),
  regexRule(`${AR}(?:هذا\\s+${AR_WEEK}|${AR_WEEK}\\s+الحالي)`, period('this', 'week')),
  regexRule(`${AR}(?:(?:في\\s+)?${AR_WEEK}\\s+${AR_NEXT})`, period('next', 'week')),
  regexRule(`${AR}(?:(?:في\\s+)?الشهر\\s+${AR_LAST})`, period('last', 'month')),
  regexRule(`${AR}(?:هذا\\s+الشهر|الشهر\\s+الحالي)`, period('this', 'month')),
  regexRule(`${AR}(?:(?:في\\s+)?الشهر\\s+${AR_NEXT})`, period('next', 'month')),
  regexRule(`${AR}(?:(?:في\\s+)?(?:العام\\s+${AR_LAST}|السنة\\s+(?:الماضية|الفائتة|السابقة)))`, period('last', 'year')),
  regexRule(`${AR}(?:هذا\\s+العام|هذه\\s+السنة|العام\\s+الحالي|السنة\\s+الحالية)`, period('this', 'year')),
  regexRule(`${AR}(?:(?:في\\s+)?(?:العام\\s+${AR_NEXT}|السنة\\s+(?:القادمة|المقبلة)))`, period('next', 'year')),
  regexRule(`${AR}قبل\\s+${SNUM}\\s+(?:أيام|ايام|يوما|يومًا|يوم)`, agoOf('day')),
  regexRule(`${AR}قبل\\s+يومين`, agoN(2, 'day')),
  regexRule(`${AR}قبل\\s+(?:أسبوع|اسبوع)`, agoOne('week')),
  regexRule(`${AR}قبل\\s+(?:شهر)`, agoOne('month')),
  // Persian
  regexRule('امروز', day(0)),
  regexRule('پریروز|پريروز', day(-2)),
  regexRule('دیروز|ديروز', day(-1)),
  regexRule('پس\\s*\\u200c?\\s*فردا', day(2)),
  regexRule('فردا', day(1)),
  regexRule(`هفته\\s*\\u200c?\\s*ی?\\s+${FA_LAST}`, period('last', 'week')),
  regexRule('این\\s+هفته|اين\\s+هفته', period('this', 'week')),
  regexRule(`هفته\\s*\\u200c?\\s*ی?\\s+${FA_NEXT}`, period('next', 'week')),
  regexRule(`ماه\\s+${FA_LAST}`, period('last', 'month')),
  regexRule('این\\s+ماه|اين\\s+ماه', period('this', 'month')),
  regexRule(`ماه\\s+${FA_NEXT}`, period('next', 'month')),
  regexRule(`پارسال|سال\\s+${FA_LAST}`, period('last', 'year')),
  regexRule('امسال', period('this', 'year')),
  regexRule(`سال\\s+${FA_NEXT}`, period('next', 'year')),
  regexRule(`${SNUM}\\s+روز\\s+${FA_LAST}`, agoOf('day')),
  // Hebrew
  regexRule(`${HE_PREFIX}היום`, day(0)),
  regexRule(`${HE_PREFIX}שלשום`, day(-2)),
  regexRule(`${HE_PREFIX}אתמול`, day(-1)),
  regexRule(`${HE_PREFIX}מחרתיים`, day(2)),
  regexRule(`${HE_PREFIX}מחר`, day(1)),
  regexRule(`${HE_PREFIX}ב?שבוע\\s+(?:שעבר|הקודם)`, period('last', 'week')),
  regexRule(`${HE_PREFIX}השבוע`, period('this', 'week')),
  regexRule(`${HE_PREFIX}ב?שבוע\\s+הבא`, period('next', 'week')),
  regexRule(`${HE_PREFIX}ב?חודש\\s+(?:שעבר|הקודם)`, period('last', 'month')),
  regexRule(`${HE_PREFIX}החודש`, period('this', 'month')),
  regexRule(`${HE_PREFIX}ב?חודש\\s+הבא`, period('next', 'month')),
  regexRule(`${HE_PREFIX}(?:ב?שנה\\s+(?:שעברה|הקודמת)|אשתקד)`, period('last', 'year')),
  regexRule(`${HE_PREFIX}השנה`, period('this', 'year')),
  regexRule(`${HE_PREFIX}ב?שנה\\s+הבאה`, period('next', 'year')),
  regexRule(`${HE_PREFIX}לפני\\s+${SNUM}\\s+ימים`, agoOf('day')),
  regexRule(`${HE_PREFIX}לפני\\s+יומיים`, agoN(2, 'day')),
  regexRule(`${HE_PREFIX}לפני\\s+שבוע`, agoOne('week')),
  regexRule(`${HE_PREFIX}לפני\\s+חודש`, agoOne('month')),
  // Greek
  regexRule('σ[ήη]μερα', day(0)),
  regexRule('προχθ[έε]ς|προχτ[έε]ς', day(-2)),
  regexRule('(?:ε)?χθ[έε]ς|χτες', day(-1)),
  regexRule('μεθα[ύυ]ριο', day(2)),
  regexRule('α[ύυ]ριο', day(1)),
  regexRule(`${EL_LAST}${EL_WEEK}`, period('last', 'week')),
  regexRule(`${EL_THIS}${EL_WEEK}|(?:την\\s+)?τρ[έε]χουσα\\s+${EL_WEEK}`, period('this', 'week')),
  regexRule(`${EL_NEXT}${EL_WEEK}`, period('next', 'week')),
  regexRule(`${EL_LAST}${EL_MONTH}`, period('last', 'month')),
  regexRule(`${EL_THIS}${EL_MONTH}`, period('this', 'month')),
  regexRule(`${EL_NEXT}${EL_MONTH}`, period('next', 'month')),
  regexRule('π[έε]ρ(?:υ)?σι|(?:την |τη )?περασμ[εέ]νη\\s+χρονι[άα]', period('last', 'year')),
  regexRule('φ[έε]τος', period('this', 'year')),
  regexRule('του\\s+χρ[όο]νου|(?:την |τη )?επ[οό]μενη\\s+χρονι[άα]', period('next', 'year')),
  regexRule(`(?:πριν\\s+(?:από\\s+|απο\\s+)?)${SNUM}\\s+(?:μ[έε]ρες|ημ[έε]ρες)`, agoOf('day')),
  // Thai
  regexRule('วันนี้', day(0)),
  regexRule('เมื่อวานซืน', day(-2)),
  regexRule('เมื่อวาน(?:นี้)?', day(-1)),
  regexRule('มะรืน(?:นี้)?', day(2)),
  regexRule('พรุ่งนี้', day(1)),
  regexRule(`${TH_WEEK}(?:ที่แล้ว|ก่อน|ที่ผ่านมา)`, period('last', 'week')),
  regexRule(`${TH_WEEK}นี้`, period('this', 'week')),
  regexRule(`${TH_WEEK}หน้า`, period('next', 'week')),
  regexRule('เดือน(?:ที่แล้ว|ก่อน|ที่ผ่านมา)', period('last', 'month')),
  regexRule('เดือนนี้', period('this', 'month')),
  regexRule('เดือนหน้า', period('next', 'month')),
  regexRule('ปี(?:ที่แล้ว|ก่อน|กลาย)', period('last', 'year')),
  regexRule('ปีนี้', period('this', 'year')),
  regexRule('ปีหน้า', period('next', 'year')),
  regexRule(`${SNUM}\\s*วัน(?:ที่แล้ว|ก่อน)`, agoOf('day')),
  regexRule(`${SNUM}\\s*${TH_WEEK}(?:ที่แล้ว|ก่อน)`, agoOf('week')),
  // Weekdays, with the words that pick one ("पिछले सोमवार", "الاثنين الماضي", "دوشنبه گذشته", "ביום שני הבא", "την
  // περασμένη Δευτέρα", "วันจันทร์ที่แล้ว"); bare, the most recent one. "हर", "كل", "هر", "כל", "κάθε", "ทุก" before it
  // make it every week. Hebrew's and Thai's weekdays are days ("יום שני", "วันจันทร์"): "שני" alone is "second",
  // Thai "จันทร์" the moon; Greek "Τρίτη" and "Πέμπτη" are also "third" and "fifth", so only after an article.
  regexRule(`(?:(पिछले|अगले|इस|इसी)\\s+)?(${HI_WD.join('|')})`, (m, ctx, text, pos) =>
    /(?:हर|प्रत्येक)\s+$/u.test(text.slice(0, pos))
      ? null
      : weekdayAs(
          ctx,
          pickOf(m[1], { पिछले: 'last', अगले: 'next', इस: 'this', इसी: 'this' }),
          weekdayMatching(HI_WD, m[2]!),
        ),
  ),
  regexRule(`${AR}(?:يوم\\s+)?(${AR_WD.join('|')})(?:\\s+(${AR_LAST}|${AR_NEXT}|الحالي))?`, (m, ctx, text, pos) =>
    /(?:كل|أيام)\s+$/u.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, lastOrNext(m[2], AR_LAST, AR_NEXT), weekdayMatching(AR_WD, m[1]!)),
  ),
  regexRule(`(${FA_WD.join('|')})(?:\\s+(${FA_LAST}|${FA_NEXT}))?`, (m, ctx, text, pos) =>
    /هر\s+$/u.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, lastOrNext(m[2], FA_LAST, FA_NEXT), weekdayMatching(FA_WD, m[1]!)),
  ),
  regexRule(
    `${HE_PREFIX}(?:ב|ל)?(?:יום\\s+(${HE_WD.join('|')})|(שבת))(?:\\s+(שעבר|הקודם|הבא|הקרוב))?`,
    (m, ctx, text, pos) =>
      /כל\s+$/u.test(text.slice(0, pos))
        ? null
        : weekdayAs(ctx, lastOrNext(m[3], 'שעבר|הקודם', 'הבא|הקרוב'), m[2] ? 6 : HE_WD.indexOf(m[1]!)),
  ),
  regexRule(
    `(?:(την|τη|το)\\s+)?(?:(περασμ[εέ]ν[ηο]|προηγο[υύ]μεν[ηο]|επ[οό]μεν[ηο]|ερχ[οό]μεν[ηο])\\s+)?(${EL_WD.join('|')})`,
    (m, ctx, text, pos) => {
      if (/κ[άα]θε\s+$/iu.test(text.slice(0, pos))) return null;
      const wd = weekdayMatching(EL_WD, m[3]!);
      // Τρίτη and Πέμπτη are also "third" and "fifth": a weekday only after its article or a word that picks it.
      if ((wd === 2 || wd === 4) && !m[1] && !m[2]) return null;
      return weekdayAs(ctx, m[2] ? (/^(?:περ|προ)/iu.test(m[2]) ? 'last' : 'next') : 'named', wd);
    },
  ),
  regexRule(`วัน(${TH_WD.join('|')})(?:(ที่แล้ว|ก่อน|ที่ผ่านมา|หน้า|นี้))?`, (m, ctx, text, pos) =>
    /ทุก$/u.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, lastOrNext(m[2], 'ที่แล้ว|ก่อน|ที่ผ่านมา', 'หน้า'), weekdayMatching(TH_WD, m[1]!)),
  ),
  // Month names: with a day ("3 ديسمبر", "15 Δεκεμβρίου 2025", "3 בדצמבר", "3 ธ.ค."), with a year, or after the
  // language's "in". A Thai date's year is the Buddhist Era's ("9 เมษายน 2570", "เมษายน พ.ศ. 2570").
  regexRule(`${SNUM}\\s*(?:ב|ל)?${SMON}(?:\\s*${SYEAR})?`, (m, ctx) => {
    const month = scriptMonth(m[2]!);
    const d = Number(asciiDigits(m[1]!));
    if (!month) return null;
    if (!m[3]) return inferDay(month, d, ctx);
    const year = yearOf(m[3], m[2]!);
    return year ? explicitDay(year, month, d) : null;
  }),
  regexRule(`(?:ב)?${SMON}\\s*${SYEAR}`, (m) => {
    const month = scriptMonth(m[1]!);
    const year = yearOf(m[2]!, m[1]!);
    return month && year ? monthRange(year, month) : null;
  }),
  regexRule(`(ב)?${SMON}(\\s+में)?`, (m, ctx, text, pos) => {
    const month = scriptMonth(m[2]!);
    if (!month) return null;
    const named = m[1] || m[3] || THAI_CHAR.test(m[2]!) || ctx.inCompound;
    return named || SCRIPT_MONTH_CONTEXT.test(text.slice(0, pos)) ? inferMonth(month, ctx) : null;
  }),
  // A year after the language's "in" or "year" ("في عام 2026", "در سال ۱۴۰۵", "2026 में", "בשנת 2026", "το 2026",
  // "ปี 2570"). Persian's "سال ۱۴۰۵" is a Solar Hijri year.
  regexRule(
    `(?:(?:في\\s+)?(?:عام|العام|سنة)|(?:در\\s+)?سال|(?:ב)?שנת|(?:στο|το|μέσα\\s+στο|(?:το\\s+)?[έε]τος)|(?:ใน)?ปี)\\s*${SYEAR}`,
    (m) => {
      const written = m[1]!;
      const solar = Number(asciiDigits(written));
      if (/^(?:در\s+)?سال/u.test(m[0]) && solar >= SOLAR_HIJRI_YEARS.from && solar <= SOLAR_HIJRI_YEARS.to)
        return solarHijriYear(solar);
      const year = yearOf(written, m[0]);
      return year ? yearRange(year) : null;
    },
  ),
  regexRule(`${SYEAR}\\s+में`, (m) => {
    const year = yearOf(m[1]!, '');
    return year ? yearRange(year) : null;
  }),
  // Persian's Solar Hijri months ("۱۵ آبان", "آبان ۱۴۰۵", "در آبان"): a name alone only after "in" or "month", as
  // "مهر" and "تیر" are also words ("kindness", "arrow"). A year with them is theirs (1300–1499); without one, the
  // month or day is inferred as a Gregorian one is.
  regexRule(`${SNUM}\\s*${SOLAR_MON}(?:\\s*(?:ماه\\s*)?${SYEAR})?`, (m, ctx) => {
    const month = solarMonth(m[2]!);
    const d = Number(asciiDigits(m[1]!));
    if (!month || d < 1 || d > 31) return null;
    if (m[3]) {
      const range = solarHijriMonth(Number(asciiDigits(m[3])), month);
      return range && range.from + d - 1 <= range.to ? single(range.from + d - 1) : null;
    }
    const y = solarYearAt(ctx.today);
    const days = [y - 9, y - 8, y - 7, y - 6, y - 5, y - 4, y - 3, y - 2, y - 1, y, y + 1].flatMap((year) => {
      const range = solarHijriMonth(year, month);
      return range && range.from + d - 1 <= range.to ? [range.from + d - 1] : [];
    });
    return inferDayAmong(days, ctx);
  }),
  regexRule(`${SOLAR_MON}\\s*(?:ماه\\s*)?${SYEAR}`, (m) => {
    const month = solarMonth(m[1]!);
    return month ? solarHijriMonth(Number(asciiDigits(m[2]!)), month) : null;
  }),
  regexRule(`${SOLAR_MON}(\\s*ماه)?`, (m, ctx, text, pos) => {
    const month = solarMonth(m[1]!);
    if (!month || !(m[2] || ctx.inCompound || SCRIPT_MONTH_CONTEXT.test(text.slice(0, pos)))) return null;
    return inferSolarMonth(month, ctx);
  }),
];
