/**
 * Date phrases of Turkish, Vietnamese, Indonesian, Czech, Swedish, Danish, Norwegian, Romanian, Finnish and
 * Hungarian.
 */

import { detectLanguage } from '../../text/language.js';
import { FMON, LNUM, agoOf, foreignMonth, rollingOf } from './cjkAndEuropeanRules.js';
import {
  YEAR,
  ago,
  agoOne,
  day,
  explicitDay,
  inferDay,
  inferMonth,
  monthRange,
  period,
  regexRule,
  single,
  weekdayAs,
  weekdayMatching,
} from './ruleKit.js';
import type { Rule, WeekdayPick } from './ruleKit.js';

// The rest of the languages the agent answers in (PHRASE_LANGUAGES): relative days and periods, "N days ago",
// weekdays with the word that picks one, and month names (FOREIGN_MONTHS). Turkish, Finnish and Hungarian join their
// case endings to the word ("yarınki", "joulukuussa", "pénteken"), so their rules list the endings a date takes;
// Vietnamese numbers its months ("tháng 12") and names weekdays by ordinal ("thứ hai", also "the second").

/** Turkish weekdays, Sunday first, and the words before one that pick it ("geçen cuma", "haftaya salı"). */
const TR_WEEKDAYS = ['pazar', 'pazartesi', 'salı', 'çarşamba', 'perşembe', 'cuma', 'cumartesi'];
const TR_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  geçen: 'last',
  geçtiğimiz: 'last',
  önümüzdeki: 'next',
  gelecek: 'next',
  bu: 'this',
  'geçen hafta': 'lastWeek',
  'gelecek hafta': 'nextWeek',
  'önümüzdeki hafta': 'nextWeek',
  haftaya: 'nextWeek',
  'bu hafta': 'this',
};
// The endings a Turkish week, month or year word takes in a date ("geçen haftaki", "bu ayın", "geçen yılda").
const TR_END = '(?:ki|ya|ye|da|de|ta|te|nın|nin|ın|in)?';
const TR_LAST = '(?:geçen|geçtiğimiz)\\s+';
const TR_NEXT = '(?:gelecek|önümüzdeki)\\s+';
const TR_YEAR = '(?:yıl|sene)';
const TR_MON = '(ocak|şubat|mart|nisan|mayıs|haziran|temmuz|ağustos|eylül|ekim|kasım|aralık)';

/** Vietnamese weekdays as "thứ hai" … "thứ bảy" (or "thứ 2" … "thứ 7") and "chủ nhật", Sunday first. */
const VI_WEEKDAY_ORDINALS = ['', 'hai', 'ba', 'tư', 'năm', 'sáu', 'bảy'];
function viWeekday(raw: string): number {
  const w = raw.toLowerCase().replace(/\s+/g, ' ');
  if (w === 'chủ nhật') return 0;
  const n = w.replace(/^thứ /, '');
  const digit = Number(n);
  if (digit >= 2 && digit <= 7) return digit - 1;
  const i = VI_WEEKDAY_ORDINALS.indexOf(n);
  return i >= 1 ? i : -1;
}
const VI_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  'tuần này': 'this',
  'tuần trước': 'lastWeek',
  'tuần rồi': 'lastWeek',
  'tuần qua': 'lastWeek',
  'tuần sau': 'nextWeek',
  'tuần tới': 'nextWeek',
  này: 'this',
  trước: 'last',
  'vừa rồi': 'last',
  'vừa qua': 'last',
  tới: 'next',
  sau: 'next',
};

/** Indonesian weekdays, Sunday first ("minggu" is also "week": a weekday only after "hari"). */
const ID_WEEKDAYS = ['minggu', 'senin', 'selasa', 'rabu', 'kamis', 'jumat', 'sabtu'];
const ID_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  lalu: 'last',
  kemarin: 'last',
  depan: 'next',
  ini: 'this',
};

/** Czech weekdays, Sunday first, in the cases "v pondělí", "ve středu", "minulou středu", "v neděli" take. */
const CS_WEEKDAYS: readonly string[] = ['neděl[ei]', 'pondělí', 'úterý', 'střed[au]', 'čtvrtek', 'pátek', 'sobot[au]'];
const CS_WD = `(${CS_WEEKDAYS.join('|')})`;
const CS_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  minulý: 'last',
  minulé: 'last',
  minulou: 'last',
  příští: 'next',
  tento: 'this',
  toto: 'this',
  tuto: 'this',
  tenhle: 'this',
  tuhle: 'this',
};

/** Swedish, Danish and Norwegian weekdays, Sunday first (one list: "mandag" is Danish's and Norwegian's). */
const NORDIC_WEEKDAYS: readonly string[] = [
  'söndag|søndag',
  'måndag|mandag',
  'tisdag|tirsdag',
  'onsdag',
  'torsdag',
  'fredag',
  'lördag|lørdag',
];
const NORDIC_WD = `(${NORDIC_WEEKDAYS.join('|')})`;
const NORDIC_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  förra: 'last',
  sidste: 'last',
  forrige: 'last',
  nästa: 'next',
  næste: 'next',
  neste: 'next',
  på: 'next',
  denne: 'this',
};

/** Romanian weekdays, Sunday first, with the article a picked one takes ("vinerea trecută", "joia viitoare"). */
const RO_WEEKDAYS: readonly string[] = [
  'duminic[aăi]|duminica',
  'lunea',
  'mar[țţt]i|mar[țţt]ea',
  'miercuri|miercurea',
  'joi|joia',
  'vineri|vinerea',
  's[âa]mb[ăa]t[ăa]|s[âa]mb[ăa]ta',
];
const RO_WD = `(${RO_WEEKDAYS.join('|')})`;

/** Finnish weekdays, Sunday first, bare or "on" (essive: "maanantaina"). */
const FI_WEEKDAYS: readonly string[] = [
  'sunnuntai(?:na)?',
  'maanantai(?:na)?',
  'tiistai(?:na)?',
  'keskiviikko(?:na)?',
  'torstai(?:na)?',
  'perjantai(?:na)?',
  'lauantai(?:na)?',
];
const FI_WD = `(${FI_WEEKDAYS.join('|')})`;

/** Hungarian weekdays, Sunday first, bare or "on" ("hétfőn", "pénteken"). */
const HU_WEEKDAYS: readonly string[] = [
  'vasárnap',
  'hétfő(?:n)?',
  'kedd(?:en)?',
  'szerd(?:a|án)',
  'csütörtök(?:ön)?',
  'péntek(?:en)?',
  'szombat(?:on)?',
];
const HU_WD = `(${HU_WEEKDAYS.join('|')})`;
/**
 * A word only a Hungarian question holds (or its ő, ű), for "ma" (today), which other languages write for "but" or
 * "my": "Mi van ma?", "Milyen találkozóim vannak ma?", not "Cosa ho fatto ma non ricordo".
 */
const HUNGARIAN_CUE =
  /[őű]|(?<![\p{L}])(?:mi\s+van|milyen|mikor|kell|nekem|volt|lesz|vannak|csinál\p{L}*|dolgom|teendő\p{L}*|programom|találkozó\p{L}*)(?![\p{L}])/iu;
const LAST_NEXT_THIS: Readonly<Record<string, WeekdayPick>> = {
  viime: 'last',
  ensi: 'next',
  tänä: 'this',
  múlt: 'last',
  jövő: 'next',
  ezen: 'this',
};

export const MORE_LATIN_SCRIPT_RULES: readonly Rule[] = [
  // Turkish
  regexRule('bugün(?:kü|den|e|de)?', day(0)),
  regexRule('(?:evvelsi|evvelki)\\s+gün', day(-2)),
  regexRule('dün(?:kü|den)?', day(-1)),
  regexRule('(?:öbür\\s+gün|yarından\\s+sonra)', day(2)),
  regexRule('yarın(?:ki|a|dan)?', day(1)),
  regexRule(`bu\\s+hafta${TR_END}`, period('this', 'week')),
  regexRule(`${TR_LAST}hafta${TR_END}`, period('last', 'week')),
  regexRule(`(?:${TR_NEXT}hafta${TR_END}|haftaya)`, period('next', 'week')),
  regexRule(`bu\\s+ay${TR_END}`, period('this', 'month')),
  regexRule(`${TR_LAST}ay${TR_END}`, period('last', 'month')),
  regexRule(`${TR_NEXT}ay${TR_END}`, period('next', 'month')),
  regexRule(`bu\\s+${TR_YEAR}${TR_END}`, period('this', 'year')),
  regexRule(`${TR_LAST}${TR_YEAR}${TR_END}`, period('last', 'year')),
  regexRule(`(?:${TR_NEXT}${TR_YEAR}${TR_END}|seneye)`, period('next', 'year')),
  regexRule(`${LNUM}\\s+gün\\s+önce(?:ki)?`, agoOf('day')),
  regexRule(`${LNUM}\\s+hafta\\s+önce(?:ki)?`, agoOf('week')),
  regexRule(`${LNUM}\\s+ay\\s+önce(?:ki)?`, agoOf('month')),
  regexRule(`${LNUM}\\s+${TR_YEAR}\\s+önce(?:ki)?`, agoOf('year')),
  regexRule(`son\\s+${LNUM}\\s+gün(?:de|dür)?`, rollingOf('day')),
  regexRule(`son\\s+${LNUM}\\s+hafta(?:da|dır)?`, rollingOf('week')),
  // "3 Aralık'ta", "kasımda", "mart ayında" (a month's locative is its own "in"); "3 Aralık" alone is FMON's rule.
  regexRule(`(\\d{1,2})\\s+${TR_MON}(?:\\s+${YEAR})?['’]?(?:[dt][ae]|[dt][ae]ki)`, (m, ctx) => {
    const month = foreignMonth(m[2]!);
    if (!month) return null;
    return m[3] ? explicitDay(Number(m[3]), month, Number(m[1])) : inferDay(month, Number(m[1]), ctx);
  }),
  regexRule(`${TR_MON}(?:\\s+ay[ıi]nda|['’]?[dt][ae])`, (m, ctx) => inferMonth(foreignMonth(m[1]!), ctx)),
  // "geçen cuma", "haftaya salı", "gelecek hafta perşembe günü", "cuma günü"; "her pazartesi" is every Monday, and
  // "pazar" (also "market") is Sunday only with "günü" or a word that picks it.
  regexRule(
    `(?:(geçen\\s+hafta|gelecek\\s+hafta|önümüzdeki\\s+hafta|bu\\s+hafta|haftaya|geçen|geçtiğimiz|önümüzdeki|gelecek|bu)(?:nın)?\\s+)?(${TR_WEEKDAYS.slice()
      .sort((a, b) => b.length - a.length)
      .join('|')})(\\s+gün(?:ü|ünde|ünkü))?(?:ye|ya|ki|den|dan)?`,
    (m, ctx, text, pos) => {
      if (/\bher\s+$/iu.test(text.slice(0, pos))) return null;
      const pick = m[1]?.toLowerCase().replace(/\s+/g, ' ');
      const wd = TR_WEEKDAYS.indexOf(m[2]!.toLowerCase());
      if (wd === 0 && !pick && !m[3]) return null;
      return weekdayAs(ctx, pick ? TR_WEEK_PICK[pick]! : 'named', wd);
    },
  ),

  // Vietnamese
  regexRule('hôm\\s+nay', day(0)),
  regexRule('hôm\\s+kia', day(-2)),
  regexRule('hôm\\s+qua', day(-1)),
  regexRule('ngày\\s+(?:kia|mốt)', day(2)),
  regexRule('ngày\\s+mai', day(1)),
  regexRule('tuần\\s+này', period('this', 'week')),
  regexRule('tuần\\s+(?:trước|rồi|qua)', period('last', 'week')),
  regexRule('tuần\\s+(?:sau|tới)', period('next', 'week')),
  regexRule('tháng\\s+này', period('this', 'month')),
  regexRule('tháng\\s+(?:trước|rồi|qua)', period('last', 'month')),
  regexRule('tháng\\s+(?:sau|tới)', period('next', 'month')),
  regexRule('năm\\s+nay', period('this', 'year')),
  regexRule('năm\\s+(?:ngoái|trước|rồi|qua)', period('last', 'year')),
  regexRule('năm\\s+(?:sau|tới)', period('next', 'year')),
  regexRule(`${LNUM}\\s+(?:ngày|hôm)\\s+trước`, agoOf('day')),
  regexRule(`${LNUM}\\s+tuần\\s+trước`, agoOf('week')),
  regexRule(`${LNUM}\\s+tháng\\s+trước`, agoOf('month')),
  regexRule(`${LNUM}\\s+năm\\s+trước`, agoOf('year')),
  regexRule(`${LNUM}\\s+ngày\\s+(?:qua|vừa\\s+qua|gần\\s+đây)`, rollingOf('day')),
  regexRule(`${LNUM}\\s+tuần\\s+(?:qua|vừa\\s+qua|gần\\s+đây)`, rollingOf('week')),
  // "ngày 3 tháng 12 (năm 2026)", "ngày 3/12", "tháng 12 (năm 2026)", "tháng 12/2026". "3 tháng" is three months;
  // "mỗi tháng 2 lần" (twice a month) names no February.
  regexRule(
    `(?:ngày|mùng|mồng)\\s+(\\d{1,2})(?:\\s+tháng\\s+|\\s*/\\s*)(\\d{1,2})(?:(?:\\s+năm\\s+|\\s*/\\s*)${YEAR})?`,
    (m, ctx) => {
      const month = Number(m[2]);
      if (!(month >= 1 && month <= 12)) return null;
      return m[3] ? explicitDay(Number(m[3]), month, Number(m[1])) : inferDay(month, Number(m[1]), ctx);
    },
  ),
  regexRule(`tháng\\s+(\\d{1,2})(?:(?:\\s+năm\\s+|\\s*/\\s*)${YEAR})?`, (m, ctx, text, pos) => {
    const month = Number(m[1]);
    if (!(month >= 1 && month <= 12)) return null;
    if (/(?:mỗi|hằng|hàng|một)\s+$/iu.test(text.slice(0, pos))) return null;
    if (/^\s+(?:lần|buổi|ngày|tuần|giờ|tiếng)/iu.test(text.slice(pos + m[0].length))) return null;
    return m[2] ? monthRange(Number(m[2]), month) : inferMonth(month, ctx);
  }),
  // "thứ hai tuần trước", "vào thứ sáu", "chủ nhật này". "thứ hai" is also "the second" ("lần thứ hai"): a weekday
  // only with a word that picks it, after "vào"/"hôm", at the question's start, or written "thứ 2"; "mỗi thứ hai",
  // "các thứ hai" are every week.
  regexRule(
    `((?:vào|hôm|sáng|chiều|tối)\\s+)?(thứ\\s+(?:hai|ba|tư|năm|sáu|bảy|[2-7])|chủ\\s+nhật)(?:\\s+(tuần\\s+(?:này|trước|rồi|qua|sau|tới)|này|trước|tới|vừa\\s+(?:rồi|qua)))?`,
    (m, ctx, text, pos) => {
      const before = text.slice(0, pos);
      if (/(?:mỗi|các|những|hàng)\s+$/iu.test(before)) return null;
      const pick = m[3]?.toLowerCase().replace(/\s+/g, ' ');
      const ordinal = /^thứ\s+\p{L}/iu.test(m[2]!);
      if (ordinal && !pick && !m[1] && /[\p{L}\p{N}]/u.test(before)) return null;
      return weekdayAs(ctx, pick ? VI_WEEK_PICK[pick]! : 'named', viWeekday(m[2]!));
    },
  ),

  // Indonesian
  regexRule('hari\\s+ini', day(0)),
  regexRule('kemarin\\s+lusa', day(-2)),
  regexRule('kemarin', day(-1)),
  // Portuguese "lusa" is "Portuguese" ("a agência Lusa"): the day after tomorrow only outside a Portuguese question.
  regexRule('lusa', (m, ctx, text) => (detectLanguage(text).lang === 'pt' ? null : single(ctx.today + 2))),
  regexRule('besok', day(1)),
  regexRule('minggu\\s+ini', period('this', 'week')),
  regexRule('minggu\\s+(?:lalu|kemarin)', period('last', 'week')),
  regexRule('minggu\\s+depan', period('next', 'week')),
  regexRule('bulan\\s+ini', period('this', 'month')),
  regexRule('bulan\\s+(?:lalu|kemarin)', period('last', 'month')),
  regexRule('bulan\\s+depan', period('next', 'month')),
  regexRule('tahun\\s+ini', period('this', 'year')),
  regexRule('tahun\\s+(?:lalu|kemarin)', period('last', 'year')),
  regexRule('tahun\\s+depan', period('next', 'year')),
  regexRule(`${LNUM}\\s+hari\\s+(?:yang\\s+)?lalu`, agoOf('day')),
  regexRule(`${LNUM}\\s+minggu\\s+(?:yang\\s+)?lalu`, agoOf('week')),
  regexRule(`${LNUM}\\s+bulan\\s+(?:yang\\s+)?lalu`, agoOf('month')),
  regexRule(`${LNUM}\\s+tahun\\s+(?:yang\\s+)?lalu`, agoOf('year')),
  regexRule('(?:sehari|seminggu|sebulan|setahun)\\s+(?:yang\\s+)?lalu', (m, ctx) =>
    ago(
      ctx,
      1,
      { sehari: 'day', seminggu: 'week', sebulan: 'month', setahun: 'year' }[m[0].split(/\s/)[0]!.toLowerCase()]!,
    ),
  ),
  regexRule(`${LNUM}\\s+hari\\s+terakhir`, rollingOf('day')),
  // "Senin lalu", "hari Jumat depan", "pada hari Minggu"; "setiap Senin" is every Monday.
  regexRule(
    `(?:pada\\s+)?(hari\\s+)?(minggu|senin|selasa|rabu|kamis|jum['’]?at|sabtu)(?:\\s+(lalu|kemarin|depan|ini))?`,
    (m, ctx, text, pos) => {
      if (/(?:setiap|tiap)\s+(?:hari\s+)?$/iu.test(text.slice(0, pos))) return null;
      const wd = ID_WEEKDAYS.indexOf(m[2]!.toLowerCase().replace(/['’]/g, ''));
      if (wd === 0 && !m[1]) return null;
      return weekdayAs(ctx, ID_WEEK_PICK[m[3]?.toLowerCase() ?? ''] ?? 'named', wd);
    },
  ),

  // Czech
  regexRule('(?:dnes|dneska)', day(0)),
  regexRule('předevčírem', day(-2)),
  regexRule('včera', day(-1)),
  regexRule('pozítří', day(2)),
  regexRule('zítra', day(1)),
  regexRule('(?:tento|tenhle)\\s+týden|(?:v\\s+)?tomto\\s+týdnu', period('this', 'week')),
  regexRule('minulý\\s+týden|(?:v\\s+)?minulém\\s+týdnu', period('last', 'week')),
  regexRule('příští\\s+týden|(?:v\\s+)?příštím\\s+týdnu', period('next', 'week')),
  regexRule('(?:tento|tenhle)\\s+měsíc|(?:v\\s+)?tomto\\s+měsíci', period('this', 'month')),
  regexRule('minulý\\s+měsíc|(?:v\\s+)?minulém\\s+měsíci', period('last', 'month')),
  regexRule('příští\\s+měsíc|(?:v\\s+)?příštím\\s+měsíci', period('next', 'month')),
  regexRule('letos|(?:tento|tenhle)\\s+rok', period('this', 'year')),
  regexRule('loni|vloni|minulý\\s+rok|(?:v\\s+)?minulém\\s+roce', period('last', 'year')),
  regexRule('příští\\s+rok|(?:v\\s+)?příštím\\s+roce', period('next', 'year')),
  regexRule(`před\\s+${LNUM}\\s+dny`, agoOf('day')),
  regexRule('před\\s+týdnem', agoOne('week')),
  regexRule(`před\\s+${LNUM}\\s+týdny`, agoOf('week')),
  regexRule('před\\s+měsícem', agoOne('month')),
  regexRule(`před\\s+${LNUM}\\s+měsíci`, agoOf('month')),
  regexRule('před\\s+rokem', agoOne('year')),
  regexRule(`před\\s+${LNUM}\\s+lety`, agoOf('year')),
  // "v pondělí", "ve středu", "minulý pátek", "příští středu"; "každé pondělí", "každý pátek" are every week.
  regexRule(`(?:ve?\\s+)?(?:(\\S+)\\s+)?${CS_WD}`, (m, ctx, text, pos) => {
    if (/každ\p{L}*\s+$/iu.test(text.slice(0, pos))) return null;
    const word = m[1]?.toLowerCase();
    const pick = word === undefined ? 'named' : CS_WEEK_PICK[word];
    return pick === undefined ? null : weekdayAs(ctx, pick, weekdayMatching(CS_WEEKDAYS, m[2]!));
  }),

  // Swedish, Danish, Norwegian ("i morgon" is German's "morgen" rule above; "i går" is yesterday in all three)
  regexRule('i\\s*dag', day(0)),
  regexRule('i\\s*(?:förrgår|forgårs)', day(-2)),
  regexRule('i\\s*går', day(-1)),
  regexRule('i\\s*(?:övermorgon|overmorgen)', day(2)),
  regexRule('i\\s*morgon|i\\s*morgen', day(1)),
  regexRule(
    '(?:den\\s+här\\s+veckan|denna\\s+vecka|i\\s+veckan|(?:i\\s+)?denne\\s+uge|denne\\s+uka|denne\\s+uken)',
    period('this', 'week'),
  ),
  regexRule('(?:förra\\s+veckan|(?:i\\s+)?sidste\\s+uge|(?:i\\s+)?forrige\\s+uke)', period('last', 'week')),
  regexRule('(?:nästa\\s+vecka|(?:i\\s+)?næste\\s+uge|neste\\s+uke)', period('next', 'week')),
  regexRule('(?:den\\s+här\\s+månaden|denna\\s+månad|(?:i\\s+)?denne\\s+måned(?:en)?)', period('this', 'month')),
  regexRule('(?:förra\\s+månaden|(?:i\\s+)?sidste\\s+måned|(?:i\\s+)?forrige\\s+måned)', period('last', 'month')),
  regexRule('(?:nästa\\s+månad|(?:i\\s+)?næste\\s+måned|neste\\s+måned)', period('next', 'month')),
  regexRule('i\\s+år', period('this', 'year')),
  regexRule('(?:förra\\s+året|i\\s+fjol|i\\s+fjor|sidste\\s+år|forrige\\s+år)', period('last', 'year')),
  regexRule('(?:nästa\\s+år|næste\\s+år|neste\\s+år)', period('next', 'year')),
  regexRule(`för\\s+${LNUM}\\s+dagar\\s+sedan`, agoOf('day')),
  regexRule(`för\\s+${LNUM}\\s+veckor\\s+sedan`, agoOf('week')),
  regexRule(`för\\s+${LNUM}\\s+månader\\s+sedan`, agoOf('month')),
  regexRule(`för\\s+${LNUM}\\s+år\\s+sedan`, agoOf('year')),
  regexRule(`for\\s+${LNUM}\\s+(?:dage|dager)\\s+siden`, agoOf('day')),
  regexRule(`for\\s+${LNUM}\\s+(?:uger|uker)\\s+siden`, agoOf('week')),
  regexRule(`for\\s+${LNUM}\\s+måneder\\s+siden`, agoOf('month')),
  regexRule(`for\\s+${LNUM}\\s+år\\s+siden`, agoOf('year')),
  // "i måndags" / "i mandags" is last Monday, "på måndag" the coming one, "nästa måndag", "sidste fredag"; "varje
  // måndag", "hver mandag", "måndagar" are every week.
  regexRule(
    `(?:(i|på|förra|sidste|forrige|nästa|næste|neste|denne)\\s+)?${NORDIC_WD}(?:en|s)?`,
    (m, ctx, text, pos) => {
      if (/(?:varje|hver|hvar)\s+$/iu.test(text.slice(0, pos))) return null;
      const word = m[1]?.toLowerCase();
      // "i" takes a weekday in the genitive ("i måndags", "i fredags"): last week's; with a bare weekday the weekday
      // alone is the date (the scan moves on to it).
      if (word === 'i' && !m[0].toLowerCase().endsWith('s')) return null;
      const pick = word === 'i' ? 'last' : word ? NORDIC_WEEK_PICK[word]! : 'named';
      return weekdayAs(ctx, pick, weekdayMatching(NORDIC_WEEKDAYS, m[2]!));
    },
  ),

  // Romanian
  regexRule('(?:astăzi|azi|astazi)', day(0)),
  regexRule('(?:alaltăieri|alaltaieri)', day(-2)),
  regexRule('(?:poimâine|poimaine)', day(2)),
  // Not "maine" without its mark: that is the American state.
  regexRule('mâine', day(1)),
  regexRule('săptămâna\\s+(?:aceasta|asta)|(?:în\\s+)?această\\s+săptămână', period('this', 'week')),
  regexRule('săptămâna\\s+trecută', period('last', 'week')),
  regexRule('săptămâna\\s+viitoare', period('next', 'week')),
  regexRule('luna\\s+(?:aceasta|asta)', period('this', 'month')),
  regexRule('luna\\s+trecută', period('last', 'month')),
  regexRule('luna\\s+viitoare', period('next', 'month')),
  regexRule('anul\\s+(?:acesta|ăsta)', period('this', 'year')),
  regexRule('anul\\s+trecut', period('last', 'year')),
  regexRule('anul\\s+viitor', period('next', 'year')),
  regexRule(`acum\\s+${LNUM}\\s+zile`, agoOf('day')),
  regexRule('acum\\s+o\\s+zi', agoOne('day')),
  regexRule(`acum\\s+${LNUM}\\s+săptămâni`, agoOf('week')),
  regexRule('acum\\s+o\\s+săptămână', agoOne('week')),
  regexRule(`acum\\s+${LNUM}\\s+luni`, agoOf('month')),
  regexRule('acum\\s+o\\s+lună', agoOne('month')),
  regexRule(`acum\\s+${LNUM}\\s+ani`, agoOf('year')),
  regexRule('acum\\s+un\\s+an', agoOne('year')),
  // "vinerea trecută", "joia viitoare", "marți", "sâmbăta asta"; "luni" (Monday) is also "months", so Monday only
  // with its article ("lunea trecută"); "în fiecare marți" is every week.
  regexRule(`${RO_WD}(?:\\s+(trecută|viitoare|aceasta|asta))?`, (m, ctx, text, pos) => {
    if (/fiecare\s+$/iu.test(text.slice(0, pos))) return null;
    const pick = { trecută: 'last', viitoare: 'next', aceasta: 'this', asta: 'this' }[m[2]?.toLowerCase() ?? ''] as
      | WeekdayPick
      | undefined;
    return weekdayAs(ctx, pick ?? 'named', weekdayMatching(RO_WEEKDAYS, m[1]!));
  }),

  // Finnish
  regexRule('tänään', day(0)),
  regexRule('toissapäivänä', day(-2)),
  regexRule('eilen', day(-1)),
  regexRule('ylihuomenna', day(2)),
  regexRule('huomenna', day(1)),
  regexRule('tällä\\s+viikolla', period('this', 'week')),
  regexRule('viime\\s+viikolla', period('last', 'week')),
  regexRule('ensi\\s+viikolla', period('next', 'week')),
  regexRule('tässä\\s+kuussa|tämän\\s+kuun', period('this', 'month')),
  regexRule('viime\\s+kuussa|viime\\s+kuun', period('last', 'month')),
  regexRule('ensi\\s+kuussa|ensi\\s+kuun', period('next', 'month')),
  regexRule('tänä\\s+vuonna', period('this', 'year')),
  regexRule('viime\\s+vuonna', period('last', 'year')),
  regexRule('ensi\\s+vuonna', period('next', 'year')),
  regexRule(`${LNUM}\\s+päivää\\s+sitten`, agoOf('day')),
  regexRule(`${LNUM}\\s+viikkoa\\s+sitten`, agoOf('week')),
  regexRule(`${LNUM}\\s+kuukautta\\s+sitten`, agoOf('month')),
  regexRule(`${LNUM}\\s+vuotta\\s+sitten`, agoOf('year')),
  // "viime perjantaina", "ensi maanantaina", "tiistaina"; "maanantaisin" and "joka maanantai" are every week.
  regexRule(`(?:(viime|ensi|tänä)\\s+)?${FI_WD}`, (m, ctx, text, pos) =>
    /joka\s+$/iu.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, LAST_NEXT_THIS[m[1]?.toLowerCase() ?? ''] ?? 'named', weekdayMatching(FI_WEEKDAYS, m[2]!)),
  ),
  // "joulukuussa" (in December), "3. joulukuuta", "joulukuu 2026"
  regexRule(
    '(?:(\\d{1,2})\\.\\s*)?(tammi|helmi|maalis|huhti|touko|kesä|heinä|elo|syys|loka|marras|joulu)kuu(ssa|ta|n)?(?:\\s+((?:19|20)\\d{2}))?',
    (m, ctx) => {
      const month =
        [
          'tammi',
          'helmi',
          'maalis',
          'huhti',
          'touko',
          'kesä',
          'heinä',
          'elo',
          'syys',
          'loka',
          'marras',
          'joulu',
        ].indexOf(m[2]!.toLowerCase()) + 1;
      if (m[1]) return m[4] ? explicitDay(Number(m[4]), month, Number(m[1])) : inferDay(month, Number(m[1]), ctx);
      if (m[4]) return monthRange(Number(m[4]), month);
      return m[3] === 'ssa' ? inferMonth(month, ctx) : null;
    },
  ),

  // Hungarian ("ma", today, is Italian's "but" and French's "my": a date only beside a Hungarian word, HUNGARIAN_CUE)
  regexRule('ma', (m, ctx, text) => (HUNGARIAN_CUE.test(text) ? single(ctx.today) : null)),
  regexRule('tegnapelőtt', day(-2)),
  regexRule('tegnap', day(-1)),
  regexRule('holnapután', day(2)),
  regexRule('holnap', day(1)),
  regexRule('(?:ezen\\s+a|a)\\s+héten', period('this', 'week')),
  regexRule('(?:a\\s+)?múlt\\s+héten', period('last', 'week')),
  regexRule('(?:a\\s+)?jövő\\s+héten', period('next', 'week')),
  regexRule('ebben\\s+a\\s+hónapban', period('this', 'month')),
  regexRule('(?:a\\s+)?múlt\\s+hónapban', period('last', 'month')),
  regexRule('(?:a\\s+)?jövő\\s+hónapban', period('next', 'month')),
  regexRule('idén', period('this', 'year')),
  regexRule('tavaly', period('last', 'year')),
  regexRule('jövőre', period('next', 'year')),
  regexRule(`${LNUM}\\s+(?:napja|nappal\\s+ezelőtt)`, agoOf('day')),
  regexRule(`${LNUM}\\s+(?:hete|héttel\\s+ezelőtt)`, agoOf('week')),
  regexRule(`${LNUM}\\s+(?:hónapja|hónappal\\s+ezelőtt)`, agoOf('month')),
  regexRule(`${LNUM}\\s+(?:éve|évvel\\s+ezelőtt)`, agoOf('year')),
  // "múlt pénteken", "jövő hétfőn", "kedden"; "minden hétfőn", "hétfőnként" are every week.
  regexRule(`(?:(múlt|jövő|ezen)\\s+)?${HU_WD}`, (m, ctx, text, pos) =>
    /minden\s+$/iu.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, LAST_NEXT_THIS[m[1]?.toLowerCase() ?? ''] ?? 'named', weekdayMatching(HU_WEEKDAYS, m[2]!)),
  ),
  // "decemberben" (in December), "december 3." (no other language writes a month so)
  regexRule(`${FMON}(?:ban|ben)`, (m, ctx) => inferMonth(foreignMonth(m[1]!), ctx)),
  regexRule(`${FMON}\\s+(\\d{1,2})\\.`, (m, ctx) => {
    const month = foreignMonth(m[1]!);
    return month ? inferDay(month, Number(m[2]), ctx) : null;
  }),
];
