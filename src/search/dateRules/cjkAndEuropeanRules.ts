/**
 * Date phrases of Japanese, Chinese, Korean, Spanish, German, French, Italian, Portuguese, Dutch, Russian, Ukrainian
 * and Polish, and the foreign month names and number words the other Latin-script languages share
 * (moreLatinScriptRules.ts).
 */

import { asciiDigits } from '../../text/digits.js';
import { detectLanguage } from '../../text/language.js';
import {
  YEAR,
  ago,
  day,
  explicitDay,
  inferDay,
  inferMonth,
  monthRange,
  period,
  regexRule,
  rolling,
  single,
  weekdayAs,
  weekdayMatching,
  yearRange,
} from './ruleKit.js';
import type { Ctx, Rule, Unit, WeekdayPick } from './ruleKit.js';

// Relative days and periods, "N days ago", rolling windows and month names, mapped onto the same calendar
// helpers as the English rules. Japanese and Chinese are written without spaces, so their rules may start at
// any character (see isWordStart) and swallow a following particle (昨日の → the date, not "の…").

const CJK_DIGITS: Readonly<Record<string, number>> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** "3", "３", "٣", "三", "十二", "二十五" → number (1..99 for numerals); NaN when not a count. */
function parseForeignCount(raw: string): number {
  const ascii = asciiDigits(raw);
  if (/^\d+$/.test(ascii)) return Number(ascii);
  // Turkish "İki": JavaScript lowers "İ" to "i" with a combining dot.
  const lower = ascii.replace(/İ/g, 'i').toLowerCase();
  if (lower in FOREIGN_NUMBER_WORDS) return FOREIGN_NUMBER_WORDS[lower]!;
  const m = /^([一二两三四五六七八九])?(十)?([一二三四五六七八九])?$/.exec(raw);
  if (!m || raw === '') return NaN;
  if (!m[2]) return m[1] && !m[3] ? CJK_DIGITS[m[1]]! : NaN;
  return (m[1] ? CJK_DIGITS[m[1]]! : 1) * 10 + (m[3] ? CJK_DIGITS[m[3]]! : 0);
}

const FOREIGN_NUMBER_WORDS: Readonly<Record<string, number>> = {
  un: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  ein: 1,
  einem: 1,
  einer: 1,
  zwei: 2,
  drei: 3,
  vier: 4,
  fünf: 5,
  sechs: 6,
  sieben: 7,
  acht: 8,
  neun: 9,
  zehn: 10,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  six: 6,
  sept: 7,
  huit: 8,
  neuf: 9,
  dix: 10,
  // Italian, Portuguese, Dutch ("uno", "una", "un" are Spanish's above; "cinco", "seis" Portuguese's too; "vier",
  // "acht" Dutch's too).
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
  sette: 7,
  otto: 8,
  nove: 9,
  dieci: 10,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  três: 3,
  quatro: 4,
  sete: 7,
  oito: 8,
  dez: 10,
  een: 1,
  twee: 2,
  drie: 3,
  vijf: 5,
  zes: 6,
  zeven: 7,
  negen: 9,
  tien: 10,
  // Turkish, Vietnamese, Indonesian
  bir: 1,
  iki: 2,
  üç: 3,
  dört: 4,
  beş: 5,
  altı: 6,
  yedi: 7,
  sekiz: 8,
  dokuz: 9,
  on: 10,
  một: 1,
  hai: 2,
  ba: 3,
  bốn: 4,
  năm: 5,
  sáu: 6,
  bảy: 7,
  tám: 8,
  chín: 9,
  mười: 10,
  satu: 1,
  dua: 2,
  tiga: 3,
  empat: 4,
  lima: 5,
  enam: 6,
  tujuh: 7,
  delapan: 8,
  sembilan: 9,
  sepuluh: 10,
  // Czech ("před dvěma dny": the instrumental a count takes after "před"), Swedish, Danish, Norwegian
  dvěma: 2,
  třemi: 3,
  čtyřmi: 4,
  pěti: 5,
  šesti: 6,
  sedmi: 7,
  osmi: 8,
  devíti: 9,
  deseti: 10,
  en: 1,
  ett: 1,
  et: 1,
  två: 2,
  to: 2,
  fyra: 4,
  fire: 4,
  fem: 5,
  sex: 6,
  seks: 6,
  sju: 7,
  syv: 7,
  åtta: 8,
  otte: 8,
  åtte: 8,
  nio: 9,
  ni: 9,
  tio: 10,
  ti: 10,
  // Romanian, Finnish, Hungarian
  doi: 2,
  două: 2,
  trei: 3,
  patru: 4,
  cinci: 5,
  șase: 6,
  șapte: 7,
  opt: 8,
  nouă: 9,
  zece: 10,
  yksi: 1,
  kaksi: 2,
  kolme: 3,
  neljä: 4,
  viisi: 5,
  kuusi: 6,
  seitsemän: 7,
  kahdeksan: 8,
  yhdeksän: 9,
  kymmenen: 10,
  egy: 1,
  két: 2,
  kettő: 2,
  három: 3,
  négy: 4,
  öt: 5,
  hat: 6,
  hét: 7,
  nyolc: 8,
  kilenc: 9,
  tíz: 10,
};

/**
 * A language's months (January first), each its name or the forms a date writes it in ("декабря", "в декабре"), as
 * FOREIGN_MONTHS entries.
 */
function monthsInCases(months: readonly (string | readonly string[])[]): (readonly [string, number])[] {
  return months.flatMap((forms, i) => (typeof forms === 'string' ? [forms] : forms).map((w) => [w, i + 1] as const));
}

/** Month names of the languages with date phrases but Japanese, Chinese and Korean (which number their months). */
const FOREIGN_MONTHS: ReadonlyArray<readonly [name: string, month: number]> = [
  ...monthsInCases([
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ]),
  ['setiembre', 9],
  ...monthsInCases([
    'januar',
    'februar',
    'märz',
    'april',
    'mai',
    'juni',
    'juli',
    'august',
    'september',
    'oktober',
    'november',
    'dezember',
  ]),
  ['jänner', 1],
  ['maerz', 3],
  ...monthsInCases([
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ]),
  ['fevrier', 2],
  ['aout', 8],
  ['decembre', 12],
  ...monthsInCases([
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ]),
  ...monthsInCases([
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ]),
  ...monthsInCases([
    'januari',
    'februari',
    'maart',
    'april',
    'mei',
    'juni',
    'juli',
    'augustus',
    'september',
    'oktober',
    'november',
    'december',
  ]),
  // Russian and Ukrainian, in the forms a date takes: "3 декабря", "в декабре", "декабрь 2026"; "3 грудня", "у грудні".
  ...monthsInCases([
    ['январь', 'января', 'январе'],
    ['февраль', 'февраля', 'феврале'],
    ['март', 'марта', 'марте'],
    ['апрель', 'апреля', 'апреле'],
    ['май', 'мая', 'мае'],
    ['июнь', 'июня', 'июне'],
    ['июль', 'июля', 'июле'],
    ['август', 'августа', 'августе'],
    ['сентябрь', 'сентября', 'сентябре'],
    ['октябрь', 'октября', 'октябре'],
    ['ноябрь', 'ноября', 'ноябре'],
    ['декабрь', 'декабря', 'декабре'],
  ]),
  ...monthsInCases([
    ['січень', 'січня', 'січні'],
    ['лютий', 'лютого', 'лютому'],
    ['березень', 'березня', 'березні'],
    ['квітень', 'квітня', 'квітні'],
    ['травень', 'травня', 'травні'],
    ['червень', 'червня', 'червні'],
    ['липень', 'липня', 'липні'],
    ['серпень', 'серпня', 'серпні'],
    ['вересень', 'вересня', 'вересні'],
    ['жовтень', 'жовтня', 'жовтні'],
    ['листопад', 'листопада', 'листопаді'],
    ['грудень', 'грудня', 'грудні'],
  ]),
  // Polish: "3 grudnia", "w grudniu", "grudzień 2026".
  ...monthsInCases([
    ['styczeń', 'stycznia', 'styczniu'],
    ['luty', 'lutego', 'lutym'],
    ['marzec', 'marca', 'marcu'],
    ['kwiecień', 'kwietnia', 'kwietniu'],
    ['maj', 'maja', 'maju'],
    ['czerwiec', 'czerwca', 'czerwcu'],
    ['lipiec', 'lipca', 'lipcu'],
    ['sierpień', 'sierpnia', 'sierpniu'],
    ['wrzesień', 'września', 'wrześniu'],
    ['październik', 'października', 'październiku'],
    ['listopad', 'listopada', 'listopadzie'],
    ['grudzień', 'grudnia', 'grudniu'],
  ]),
  // Czech: "3. prosince", "v prosinci", "prosinec 2026".
  ...monthsInCases([
    ['leden', 'ledna', 'lednu'],
    ['únor', 'února', 'únoru'],
    ['březen', 'března', 'březnu'],
    ['duben', 'dubna', 'dubnu'],
    ['květen', 'května', 'květnu'],
    ['červen', 'června', 'červnu'],
    ['červenec', 'července', 'červenci'],
    ['srpen', 'srpna', 'srpnu'],
    'září',
    ['říjen', 'října', 'říjnu'],
    ['listopad', 'listopadu'],
    ['prosinec', 'prosince', 'prosinci'],
  ]),
  // Turkish ("kasımda", "3 Aralık'ta": MORE_LATIN_SCRIPT_RULES), Romanian, Hungarian ("decemberben": its own rule)
  ...monthsInCases([
    'ocak',
    'şubat',
    'mart',
    'nisan',
    'mayıs',
    'haziran',
    'temmuz',
    'ağustos',
    'eylül',
    'ekim',
    'kasım',
    'aralık',
  ]),
  ...monthsInCases([
    'ianuarie',
    'februarie',
    'martie',
    'aprilie',
    'mai',
    'iunie',
    'iulie',
    'august',
    'septembrie',
    'octombrie',
    'noiembrie',
    'decembrie',
  ]),
  ...monthsInCases([
    'január',
    'február',
    'március',
    'április',
    'május',
    'június',
    'július',
    'augusztus',
    'szeptember',
    'október',
    'november',
    'december',
  ]),
  // The Indonesian, Swedish, Danish and Norwegian names the tables above do not already hold (januari, mei, maj…).
  ['maret', 3],
  ['agustus', 8],
  ['desember', 12],
  ['augusti', 8],
  ['marts', 3],
];
const FOREIGN_MONTH_BY_WORD = new Map(FOREIGN_MONTHS.map(([w, m]) => [w, m]));
export const FMON = `(${[...new Set(FOREIGN_MONTHS.map(([w]) => w))].sort((a, b) => b.length - a.length).join('|')})`;
export const foreignMonth = (raw: string): number => FOREIGN_MONTH_BY_WORD.get(raw.toLowerCase()) ?? NaN;
// Before a lone month name: es "en/de/durante/desde", de "im/in/seit/vom/von", fr "en/de/depuis/pendant/au mois de",
// it "a/in/di/nel mese di", pt "em/no mês de/desde", nl "in/van/sinds/tijdens", ru and uk "в/во/у/с/з/до", pl "w/od",
// cs "v/ve", sv/da/no "i", id "pada/bulan/sejak/selama", ro "în/din".
const FOREIGN_MONTH_CONTEXT =
  /(?:^|[^\p{L}\p{N}])(?:en|de|durante|desde|im|in|seit|vom|von|depuis|pendant|mois\s+de|mois\s+d['’]|a|di|mese\s+di|em|m[eê]s\s+de|van|sinds|tijdens|в|во|у|с|з|до|w|od|ve?|i|pada|bulan|sejak|selama|în|din)\s*$/iu;

const FNUM = '(\\d{1,3}|[０-９]{1,3}|[一二两三四五六七八九十]{1,3})';
export const LNUM = `(\\d{1,3}|İki|${Object.keys(FOREIGN_NUMBER_WORDS).join('|')})`;
// A particle left dangling after a Japanese/Chinese date phrase, taken with it.
const PARTICLE = '(?:の|に|は|から|まで|的)?';

export const agoOf =
  (unit: Unit, group = 1) =>
  (m: RegExpExecArray, ctx: Ctx) =>
    ago(ctx, parseForeignCount(m[group]!), unit);
export const rollingOf =
  (unit: Unit, group = 1) =>
  (m: RegExpExecArray, ctx: Ctx) =>
    rolling(ctx, parseForeignCount(m[group]!), unit);

/** Weekdays of Chinese (周一 … 周日/周天) and Japanese (日曜 … 土曜), Sunday first as WEEKDAYS; 7 is Sunday again. */
const CJK_WEEKDAY = '日一二三四五六天';
const JA_WEEKDAY = '日月火水木金土';
/** The week a Chinese or Japanese weekday is picked from: 下周四 and 来週の木曜日 are Thursday of next week. */
const CJK_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  上: 'lastWeek',
  下: 'nextWeek',
  这: 'this',
  本: 'this',
  先週: 'lastWeek',
  来週: 'nextWeek',
  今週: 'this',
};
const DE_WEEKDAYS = ['sonntag', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag'];
const DE_WD = `(${[...DE_WEEKDAYS, 'sonnabend'].join('|')})`;
const ES_WD = '(domingo|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado)';
const FR_WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const FR_WD = `(${FR_WEEKDAYS.join('|')})`;
const IT_WD = '(domenica|luned[iì]|marted[iì]|mercoled[iì]|gioved[iì]|venerd[iì]|sabato)';
// Portuguese weekdays: "segunda-feira" … "sexta-feira"; "segunda" alone is "second" unless "passada"/"próxima" picks it.
const PT_WD = '(domingo|segunda|ter[cç]a|quarta|quinta|sexta|s[aá]bado)';
const NL_WEEKDAYS = ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'];
const NL_WD = `(${NL_WEEKDAYS.join('|')})`;
// Russian and Ukrainian weekdays in the cases a question names one: "в понедельник", "в прошлую среду", "минулого
// понеділка", "у п'ятницю". Sunday first, as WEEKDAYS; each stem with the endings that follow it.
const CYRILLIC_WEEKDAYS: readonly string[] = [
  'воскресень[еяю]|неділ[яюі]',
  'понедельник[аеу]?|понеділ(?:ок|ка|ку)',
  'вторник[аеу]?|вівтор(?:ок|ка|ку)',
  'сред[аеуы]|серед[аиуі]',
  'четверг[аеу]?|четвер(?:га|гу)?',
  "пятниц[аеуы]|п['’]?ятниц[яюі]",
  'суббот[аеуы]|субот[аиуі]',
];
const CYR_WD = `(${CYRILLIC_WEEKDAYS.join('|')})`;
const CYRILLIC_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  прошлый: 'last',
  прошлую: 'last',
  прошлое: 'last',
  прошлом: 'last',
  следующий: 'next',
  следующую: 'next',
  следующее: 'next',
  этот: 'this',
  эту: 'this',
  это: 'this',
  минулий: 'last',
  минулу: 'last',
  минулого: 'last',
  минулої: 'last',
  наступний: 'next',
  наступну: 'next',
  наступного: 'next',
  наступної: 'next',
  цей: 'this',
  цю: 'this',
  цього: 'this',
  цієї: 'this',
};

// Polish weekdays in the cases a question names one: "w poniedziałek", "we wtorek", "w środę", "w zeszły piątek".
const PL_WEEKDAYS: readonly string[] = [
  'niedziel[aęi]',
  'poniedziałek|poniedziałku',
  'wtorek|wtorku',
  'środ[aęy]',
  'czwartek|czwartku',
  'piątek|piątku',
  'sobot[aęy]',
];
const PL_WD = `(${PL_WEEKDAYS.join('|')})`;
const PL_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  zeszły: 'last',
  zeszłą: 'last',
  ubiegły: 'last',
  ubiegłą: 'last',
  poprzedni: 'last',
  poprzednią: 'last',
  ostatni: 'last',
  ostatnią: 'last',
  przyszły: 'next',
  przyszłą: 'next',
  następny: 'next',
  następną: 'next',
  najbliższy: 'next',
  najbliższą: 'next',
  ten: 'this',
  tę: 'this',
  tą: 'this',
};

/** Korean weekdays, Sunday first (일요일 … 토요일), and the particles a Korean date phrase takes with it. */
const KO_WEEKDAY = '일월화수목금토';
const KO_PARTICLE = '(?:에는|에도|에서|에|의|은|는|부터|까지|엔|도)?';
const KO_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  지난주: 'lastWeek',
  저번주: 'lastWeek',
  다음주: 'nextWeek',
  이번주: 'this',
  금주: 'this',
};

/** The words before or after a German, Spanish or French weekday that pick it ("letzten Montag", "lunes pasado"). */
const FOREIGN_WEEK_PICK: Readonly<Record<string, WeekdayPick>> = {
  letzten: 'last',
  vorigen: 'last',
  vergangenen: 'last',
  nächsten: 'next',
  kommenden: 'next',
  diesen: 'this',
  'nächster woche': 'nextWeek',
  'letzter woche': 'lastWeek',
  'vergangener woche': 'lastWeek',
  'dieser woche': 'this',
  este: 'this',
  pasado: 'last',
  próximo: 'next',
  proximo: 'next',
  'que viene': 'next',
  ce: 'this',
  dernier: 'last',
  prochain: 'next',
  questo: 'this',
  scorso: 'last',
  passato: 'last',
  prossimo: 'next',
  esta: 'this',
  passada: 'last',
  passado: 'last',
  próxima: 'next',
  proxima: 'next',
  vorige: 'last',
  afgelopen: 'last',
  volgende: 'next',
  komende: 'next',
  deze: 'this',
};

/** The weekday (0 Sunday) of an Italian, Portuguese or Dutch weekday's name, as IT_WD, PT_WD and NL_WD match it. */
function romanceOrDutchWeekday(raw: string): number {
  const w = raw.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  for (const days of [
    ['domenica', 'lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato'],
    ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'],
    NL_WEEKDAYS,
  ]) {
    const i = days.indexOf(w);
    if (i >= 0) return i;
  }
  return -1;
}

function deWeekday(raw: string): number {
  const w = raw.toLowerCase();
  return w === 'sonnabend' ? 6 : DE_WEEKDAYS.indexOf(w);
}

function esWeekday(raw: string): number {
  const w = raw.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return ['domingo', 'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'].indexOf(w);
}

export const CJK_AND_EUROPEAN_RULES: readonly Rule[] = [
  // Japanese
  regexRule(`(?:一昨日|おととい)${PARTICLE}`, day(-2)),
  regexRule(`(?:明後日|あさって)${PARTICLE}`, day(2)),
  regexRule(`(?:今日|きょう|本日)${PARTICLE}`, day(0)),
  regexRule(`(?:昨日|きのう)${PARTICLE}`, day(-1)),
  regexRule(`(?:明日|あした)${PARTICLE}`, day(1)),
  regexRule(`今週${PARTICLE}`, period('this', 'week')),
  regexRule(`先週${PARTICLE}`, period('last', 'week')),
  regexRule(`来週${PARTICLE}`, period('next', 'week')),
  regexRule(`今月${PARTICLE}`, period('this', 'month')),
  regexRule(`先月${PARTICLE}`, period('last', 'month')),
  regexRule(`来月${PARTICLE}`, period('next', 'month')),
  regexRule(`今年${PARTICLE}`, period('this', 'year')),
  regexRule(`(?:去年|昨年)${PARTICLE}`, period('last', 'year')),
  regexRule(`来年${PARTICLE}`, period('next', 'year')),
  regexRule(`${FNUM}日前${PARTICLE}`, agoOf('day')),
  regexRule(`${FNUM}週間前${PARTICLE}`, agoOf('week')),
  regexRule(`${FNUM}[かヶカケ]月前${PARTICLE}`, agoOf('month')),
  regexRule(`${FNUM}年前${PARTICLE}`, agoOf('year')),
  regexRule(`(?:過去|この|ここ|最近)${FNUM}日間?${PARTICLE}`, rollingOf('day')),
  regexRule(`(?:過去|この|ここ|最近)${FNUM}週間${PARTICLE}`, rollingOf('week')),
  regexRule(`(?:過去|この|ここ|最近)${FNUM}[かヶカケ]月間?${PARTICLE}`, rollingOf('month')),
  // Japanese and Chinese calendar dates: 2025年12月15日, 2025年12月, 12月15日 (号 in Chinese), 12月
  regexRule(`((?:19|20)\\d{2})年${FNUM}月(?:${FNUM}[日号])?${PARTICLE}`, (m) => {
    const month = parseForeignCount(m[2]!);
    if (!(month >= 1 && month <= 12)) return null;
    return m[3] ? explicitDay(Number(m[1]), month, parseForeignCount(m[3])) : monthRange(Number(m[1]), month);
  }),
  regexRule(`((?:19|20)\\d{2})年${PARTICLE}`, (m) => yearRange(Number(m[1]))),
  regexRule(`${FNUM}月(?:${FNUM}[日号])?${PARTICLE}`, (m, ctx) => {
    const month = parseForeignCount(m[1]!);
    if (!(month >= 1 && month <= 12)) return null;
    return m[2] ? inferDay(month, parseForeignCount(m[2]), ctx) : inferMonth(month, ctx);
  }),

  // Chinese
  regexRule(`前天${PARTICLE}`, day(-2)),
  regexRule(`后天${PARTICLE}`, day(2)),
  regexRule(`今天${PARTICLE}`, day(0)),
  regexRule(`昨天${PARTICLE}`, day(-1)),
  regexRule(`明天${PARTICLE}`, day(1)),
  regexRule(`(?:本周|这周|这个星期|本星期|这星期)${PARTICLE}`, period('this', 'week')),
  regexRule(`(?:上周|上个星期|上星期|上个礼拜)${PARTICLE}`, period('last', 'week')),
  regexRule(`(?:下周|下个星期|下星期)${PARTICLE}`, period('next', 'week')),
  regexRule(`(?:本月|这个月)${PARTICLE}`, period('this', 'month')),
  regexRule(`上个?月${PARTICLE}`, period('last', 'month')),
  regexRule(`下个?月${PARTICLE}`, period('next', 'month')),
  regexRule(`明年${PARTICLE}`, period('next', 'year')),
  regexRule(`${FNUM}天前${PARTICLE}`, agoOf('day')),
  regexRule(`${FNUM}(?:周|个星期)前${PARTICLE}`, agoOf('week')),
  regexRule(`${FNUM}个月前${PARTICLE}`, agoOf('month')),
  regexRule(`(?:过去|最近)${FNUM}天${PARTICLE}`, rollingOf('day')),

  // Spanish
  regexRule('hoy', day(0)),
  regexRule('ayer', day(-1)),
  regexRule('(?:anteayer|antier|antes\\s+de\\s+ayer)', day(-2)),
  regexRule('pasado\\s+mañana', day(2)),
  regexRule('mañana', (m, ctx, text, pos) =>
    /(?:la|esta|por|cada|de)\s+$/i.test(text.slice(0, pos)) ? null : single(ctx.today + 1),
  ),
  regexRule('(?:esta\\s+semana)', period('this', 'week')),
  regexRule('(?:este\\s+mes)', period('this', 'month')),
  regexRule('(?:este\\s+año)', period('this', 'year')),
  regexRule('(?:la\\s+)?semana\\s+pasada', period('last', 'week')),
  regexRule('(?:el\\s+)?mes\\s+pasado', period('last', 'month')),
  regexRule('(?:el\\s+)?año\\s+pasado', period('last', 'year')),
  regexRule('(?:la\\s+)?(?:próxima\\s+semana|semana\\s+que\\s+viene)', period('next', 'week')),
  regexRule('(?:el\\s+)?(?:próximo\\s+mes|mes\\s+que\\s+viene)', period('next', 'month')),
  regexRule('(?:el\\s+)?(?:próximo\\s+año|año\\s+que\\s+viene)', period('next', 'year')),
  regexRule(`hace\\s+${LNUM}\\s+días?`, agoOf('day')),
  regexRule(`hace\\s+${LNUM}\\s+semanas?`, agoOf('week')),
  regexRule(`hace\\s+${LNUM}\\s+mes(?:es)?`, agoOf('month')),
  regexRule(`hace\\s+${LNUM}\\s+años?`, agoOf('year')),
  regexRule(`(?:l[oa]s\\s+)?últim[oa]s\\s+${LNUM}\\s+días`, rollingOf('day')),
  regexRule(`(?:l[oa]s\\s+)?últim[oa]s\\s+${LNUM}\\s+semanas`, rollingOf('week')),
  regexRule(`(?:l[oa]s\\s+)?últimos\\s+${LNUM}\\s+meses`, rollingOf('month')),

  // German
  regexRule('heute', day(0)),
  regexRule('gestern', day(-1)),
  regexRule('vorgestern', day(-2)),
  regexRule('übermorgen', day(2)),
  regexRule('morgen', (m, ctx, text, pos) =>
    /(?:guten|am|jeden|heute|gestern)\s+$/i.test(text.slice(0, pos)) ? null : single(ctx.today + 1),
  ),
  regexRule('diese\\s+woche', period('this', 'week')),
  regexRule('diesen\\s+monat', period('this', 'month')),
  regexRule('dieses\\s+jahr', period('this', 'year')),
  regexRule('(?:letzte|vorige|vergangene)[nr]?\\s+woche', period('last', 'week')),
  regexRule('(?:letzten|vorigen|vergangenen)\\s+monat', period('last', 'month')),
  regexRule('(?:letztes|voriges|vergangenes|im\\s+letzten|im\\s+vorigen)\\s+jahr', period('last', 'year')),
  regexRule('nächste\\s+woche', period('next', 'week')),
  regexRule('nächsten\\s+monat', period('next', 'month')),
  regexRule('nächstes\\s+jahr', period('next', 'year')),
  regexRule(`vor\\s+${LNUM}\\s+tag(?:en)?`, agoOf('day')),
  regexRule(`vor\\s+${LNUM}\\s+wochen?`, agoOf('week')),
  regexRule(`vor\\s+${LNUM}\\s+monat(?:en)?`, agoOf('month')),
  regexRule(`vor\\s+${LNUM}\\s+jahr(?:en)?`, agoOf('year')),
  regexRule(`(?:in\\s+)?den\\s+letzten\\s+${LNUM}\\s+tagen`, rollingOf('day')),
  regexRule(`(?:in\\s+)?den\\s+letzten\\s+${LNUM}\\s+wochen`, rollingOf('week')),

  // French
  regexRule("aujourd['’]hui", day(0)),
  // German "hier" means "here": only a French question gets yesterday.
  regexRule('hier', (m, ctx, text) => (detectLanguage(text).lang === 'de' ? null : single(ctx.today - 1))),
  regexRule('avant-hier', day(-2)),
  regexRule('après-demain', day(2)),
  regexRule('demain', day(1)),
  regexRule('cette\\s+semaine', period('this', 'week')),
  regexRule('ce\\s+mois(?:-ci)?', period('this', 'month')),
  regexRule('cette\\s+année', period('this', 'year')),
  regexRule('(?:la\\s+)?semaine\\s+(?:dernière|passée)', period('last', 'week')),
  regexRule('(?:le\\s+)?mois\\s+(?:dernier|passé)', period('last', 'month')),
  regexRule("(?:l['’])?(?:année\\s+(?:dernière|passée)|an\\s+dernier)", period('last', 'year')),
  regexRule('(?:la\\s+)?semaine\\s+prochaine', period('next', 'week')),
  regexRule('(?:le\\s+)?mois\\s+prochain', period('next', 'month')),
  regexRule("(?:l['’])?année\\s+prochaine", period('next', 'year')),
  regexRule(`il\\s+y\\s+a\\s+${LNUM}\\s+jours?`, agoOf('day')),
  regexRule(`il\\s+y\\s+a\\s+${LNUM}\\s+semaines?`, agoOf('week')),
  regexRule(`il\\s+y\\s+a\\s+${LNUM}\\s+mois`, agoOf('month')),
  regexRule(`il\\s+y\\s+a\\s+${LNUM}\\s+ans?`, agoOf('year')),
  regexRule(`(?:les\\s+)?${LNUM}\\s+derniers\\s+jours`, rollingOf('day')),

  // Italian
  regexRule('oggi', day(0)),
  regexRule("(?:l['’]altro\\s+ieri|l['’]altroieri)", day(-2)),
  regexRule('ieri', day(-1)),
  regexRule('dopodomani', day(2)),
  regexRule('domani', day(1)),
  regexRule('questa\\s+settimana', period('this', 'week')),
  regexRule('questo\\s+mese', period('this', 'month')),
  regexRule("quest['’]anno", period('this', 'year')),
  regexRule('(?:la\\s+)?settimana\\s+(?:scorsa|passata)', period('last', 'week')),
  regexRule('(?:il\\s+)?mese\\s+(?:scorso|passato)', period('last', 'month')),
  regexRule("(?:l['’])?anno\\s+(?:scorso|passato)", period('last', 'year')),
  regexRule('(?:la\\s+)?(?:prossima\\s+settimana|settimana\\s+prossima)', period('next', 'week')),
  regexRule('(?:il\\s+)?(?:prossimo\\s+mese|mese\\s+prossimo)', period('next', 'month')),
  regexRule("(?:l['’])?anno\\s+prossimo", period('next', 'year')),
  regexRule(`${LNUM}\\s+giorni\\s+fa`, agoOf('day')),
  regexRule(`${LNUM}\\s+settimane?\\s+fa`, agoOf('week')),
  regexRule(`${LNUM}\\s+mes[ei]\\s+fa`, agoOf('month')),
  regexRule(`${LNUM}\\s+anni\\s+fa`, agoOf('year')),
  regexRule(`(?:negli\\s+)?ultimi\\s+${LNUM}\\s+giorni`, rollingOf('day')),

  // Portuguese
  regexRule('hoje', day(0)),
  regexRule('anteontem', day(-2)),
  regexRule('ontem', day(-1)),
  regexRule('depois\\s+de\\s+amanhã', day(2)),
  regexRule('amanhã', day(1)),
  regexRule('(?:esta|nesta)\\s+semana', period('this', 'week')),
  regexRule('(?:este|neste)\\s+mês', period('this', 'month')),
  regexRule('(?:este|neste)\\s+ano', period('this', 'year')),
  regexRule('(?:(?:a|na)\\s+)?semana\\s+passada', period('last', 'week')),
  regexRule('(?:(?:o|no)\\s+)?mês\\s+passado', period('last', 'month')),
  regexRule('(?:(?:o|no)\\s+)?ano\\s+passado', period('last', 'year')),
  regexRule('(?:(?:a|na)\\s+)?(?:próxima\\s+semana|semana\\s+que\\s+vem)', period('next', 'week')),
  regexRule('(?:(?:o|no)\\s+)?(?:próximo\\s+mês|mês\\s+que\\s+vem)', period('next', 'month')),
  regexRule(`há\\s+${LNUM}\\s+dias?`, agoOf('day')),
  regexRule(`há\\s+${LNUM}\\s+semanas?`, agoOf('week')),
  regexRule(`há\\s+${LNUM}\\s+mes(?:es)?`, agoOf('month')),
  regexRule(`há\\s+${LNUM}\\s+anos?`, agoOf('year')),
  regexRule(`(?:n?os\\s+)?últimos\\s+${LNUM}\\s+dias`, rollingOf('day')),

  // Russian and Ukrainian (a preposition before the phrase is part of it: "на прошлой неделе", "у минулому місяці")
  regexRule('(?:сегодня|сьогодні)', day(0)),
  regexRule('(?:позавчера|позавчора)', day(-2)),
  regexRule('(?:вчера|вчора|учора)', day(-1)),
  regexRule('(?:послезавтра|післязавтра)', day(2)),
  regexRule('завтра', day(1)),
  regexRule('(?:на\\s+)?этой\\s+неделе|(?:на\\s+)?цьому\\s+тижні|цього\\s+тижня', period('this', 'week')),
  regexRule('(?:на\\s+)?прошлой\\s+неделе|(?:на\\s+)?минулому\\s+тижні|минулого\\s+тижня', period('last', 'week')),
  regexRule(
    '(?:на\\s+)?следующей\\s+неделе|(?:на\\s+)?наступному\\s+тижні|наступного\\s+тижня',
    period('next', 'week'),
  ),
  regexRule('(?:в\\s+)?этом\\s+месяце|(?:[ув]\\s+)?цьому\\s+місяці|цього\\s+місяця', period('this', 'month')),
  regexRule('(?:в\\s+)?прошлом\\s+месяце|(?:[ув]\\s+)?минулому\\s+місяці|минулого\\s+місяця', period('last', 'month')),
  regexRule(
    '(?:в\\s+)?следующем\\s+месяце|(?:[ув]\\s+)?наступному\\s+місяці|наступного\\s+місяця',
    period('next', 'month'),
  ),
  regexRule('(?:в\\s+)?этом\\s+году|цього\\s+року', period('this', 'year')),
  regexRule('(?:в\\s+)?прошлом\\s+году|минулого\\s+року|торік', period('last', 'year')),
  regexRule('(?:в\\s+)?следующем\\s+году|наступного\\s+року', period('next', 'year')),
  regexRule('(\\d{1,3})\\s+(?:дней|дня|день|днів|дні)\\s+(?:назад|тому)', agoOf('day')),
  regexRule('(\\d{1,3})\\s+(?:недель|недели|неделю|тижнів|тижні|тиждень)\\s+(?:назад|тому)', agoOf('week')),
  regexRule('(\\d{1,3})\\s+(?:месяцев|месяца|месяц|місяців|місяці|місяць)\\s+(?:назад|тому)', agoOf('month')),
  regexRule('(\\d{1,3})\\s+(?:лет|года|год|років|роки|рік)\\s+(?:назад|тому)', agoOf('year')),

  // Polish
  regexRule('(?:dzisiaj|dziś)', day(0)),
  regexRule('przedwczoraj', day(-2)),
  regexRule('wczoraj', day(-1)),
  regexRule('pojutrze', day(2)),
  regexRule('jutro', day(1)),
  regexRule('w\\s+tym\\s+tygodniu', period('this', 'week')),
  regexRule('w\\s+(?:zeszłym|ubiegłym|poprzednim|ostatnim)\\s+tygodniu', period('last', 'week')),
  regexRule('w\\s+(?:przyszłym|następnym)\\s+tygodniu', period('next', 'week')),
  regexRule('w\\s+tym\\s+miesiącu', period('this', 'month')),
  regexRule('w\\s+(?:zeszłym|ubiegłym|poprzednim)\\s+miesiącu', period('last', 'month')),
  regexRule('w\\s+(?:przyszłym|następnym)\\s+miesiącu', period('next', 'month')),
  regexRule('w\\s+tym\\s+roku', period('this', 'year')),
  regexRule('w\\s+(?:zeszłym|ubiegłym|poprzednim)\\s+roku', period('last', 'year')),
  regexRule('w\\s+(?:przyszłym|następnym)\\s+roku', period('next', 'year')),
  regexRule('(\\d{1,3})\\s+(?:dni|dzień)\\s+temu', agoOf('day')),
  regexRule('(\\d{1,3})\\s+(?:tygodni|tygodnie|tydzień)\\s+temu', agoOf('week')),
  regexRule('(\\d{1,3})\\s+(?:miesięcy|miesiące|miesiąc)\\s+temu', agoOf('month')),
  regexRule('(\\d{1,3})\\s+(?:lat|lata|rok)\\s+temu', agoOf('year')),

  // Korean, spaced like a Latin-script language, with a particle after the word (KO_PARTICLE): "지난주에", "어제의".
  regexRule(`오늘${KO_PARTICLE}`, day(0)),
  regexRule(`(?:그저께|그제)${KO_PARTICLE}`, day(-2)),
  regexRule(`어제${KO_PARTICLE}`, day(-1)),
  regexRule(`모레${KO_PARTICLE}`, day(2)),
  regexRule(`내일${KO_PARTICLE}`, day(1)),
  regexRule(`(?:이번\\s?주|금주)${KO_PARTICLE}`, period('this', 'week')),
  regexRule(`(?:지난\\s?주|저번\\s?주)${KO_PARTICLE}`, period('last', 'week')),
  regexRule(`다음\\s?주${KO_PARTICLE}`, period('next', 'week')),
  regexRule(`이번\\s?달${KO_PARTICLE}`, period('this', 'month')),
  regexRule(`(?:지난\\s?달|저번\\s?달)${KO_PARTICLE}`, period('last', 'month')),
  regexRule(`다음\\s?달${KO_PARTICLE}`, period('next', 'month')),
  regexRule(`올해${KO_PARTICLE}`, period('this', 'year')),
  regexRule(`(?:작년|지난해)${KO_PARTICLE}`, period('last', 'year')),
  regexRule(`(?:내년|다음\\s?해)${KO_PARTICLE}`, period('next', 'year')),
  regexRule(`(\\d{1,3})\\s?일\\s?전${KO_PARTICLE}`, agoOf('day')),
  regexRule(`(\\d{1,3})\\s?주\\s?전${KO_PARTICLE}`, agoOf('week')),
  regexRule(`(\\d{1,3})\\s?(?:개월|달)\\s?전${KO_PARTICLE}`, agoOf('month')),
  regexRule(`(\\d{1,3})\\s?년\\s?전${KO_PARTICLE}`, agoOf('year')),
  regexRule(`지난\\s(\\d{1,3})\\s?일(?:\\s?동안|간)?${KO_PARTICLE}`, rollingOf('day')),
  // Korean dates: 2025년 12월 15일, 2025년 12월, 12월 15일, 12월
  regexRule(`((?:19|20)\\d{2})년\\s?(\\d{1,2})월(?:\\s?(\\d{1,2})일)?${KO_PARTICLE}`, (m) => {
    const month = Number(m[2]);
    if (!(month >= 1 && month <= 12)) return null;
    return m[3] ? explicitDay(Number(m[1]), month, Number(m[3])) : monthRange(Number(m[1]), month);
  }),
  regexRule(`(\\d{1,2})월(?:\\s?(\\d{1,2})일)?${KO_PARTICLE}`, (m, ctx) => {
    const month = Number(m[1]);
    if (!(month >= 1 && month <= 12)) return null;
    return m[2] ? inferDay(month, Number(m[2]), ctx) : inferMonth(month, ctx);
  }),

  // Dutch ("morgen", tomorrow, is German's rule above)
  regexRule('vandaag', day(0)),
  regexRule('eergisteren', day(-2)),
  regexRule('gisteren', day(-1)),
  regexRule('overmorgen', day(2)),
  regexRule('deze\\s+week', period('this', 'week')),
  regexRule('deze\\s+maand', period('this', 'month')),
  regexRule('dit\\s+jaar', period('this', 'year')),
  regexRule('(?:vorige|afgelopen)\\s+week', period('last', 'week')),
  regexRule('(?:vorige|afgelopen)\\s+maand', period('last', 'month')),
  regexRule('(?:vorig|afgelopen)\\s+jaar', period('last', 'year')),
  regexRule('(?:volgende|komende)\\s+week', period('next', 'week')),
  regexRule('(?:volgende|komende)\\s+maand', period('next', 'month')),
  regexRule('(?:volgend|komend)\\s+jaar', period('next', 'year')),
  regexRule(`${LNUM}\\s+dag(?:en)?\\s+geleden`, agoOf('day')),
  regexRule(`${LNUM}\\s+weken?\\s+geleden`, agoOf('week')),
  regexRule(`${LNUM}\\s+maand(?:en)?\\s+geleden`, agoOf('month')),
  regexRule(`${LNUM}\\s+jaar\\s+geleden`, agoOf('year')),
  regexRule(`(?:de\\s+)?(?:afgelopen|laatste)\\s+${LNUM}\\s+dagen`, rollingOf('day')),

  // Weekdays. A weekday of every week ("每周三", "毎週金曜", "jeden Montag", "los lunes", "tous les lundis") is
  // no date: the plural and these words before it are left alone; so is 周 after a number ("一周日程", a week's plan).
  regexRule(
    `(?<![每毎一两几])(上|下|这|本)?个?(?:周|星期|礼拜)([一二三四五六日天])(?![次个遍回])${PARTICLE}`,
    (m, ctx) => weekdayAs(ctx, CJK_WEEK_PICK[m[1] ?? ''] ?? 'named', CJK_WEEKDAY.indexOf(m[2]!) % 7),
  ),
  regexRule(`(?<!毎週)(先週|来週|今週)?の?([日月火水木金土])曜日?${PARTICLE}`, (m, ctx) =>
    weekdayAs(ctx, CJK_WEEK_PICK[m[1] ?? ''] ?? 'named', JA_WEEKDAY.indexOf(m[2]!)),
  ),
  regexRule(
    `(?:am\\s+)?(?:(letzten|vorigen|vergangenen|nächsten|kommenden|diesen)\\s+)?${DE_WD}`,
    (m, ctx, text, pos) =>
      /(?:jeden|immer)\s+$/i.test(text.slice(0, pos))
        ? null
        : weekdayAs(ctx, FOREIGN_WEEK_PICK[m[1]?.toLowerCase() ?? ''] ?? 'named', deWeekday(m[2]!)),
  ),
  regexRule(`(?:am\\s+)?${DE_WD}\\s+(nächster|letzter|vergangener|dieser)\\s+woche`, (m, ctx) =>
    weekdayAs(ctx, FOREIGN_WEEK_PICK[`${m[2]!.toLowerCase()} woche`]!, deWeekday(m[1]!)),
  ),
  regexRule(
    `(?:el\\s+)?(?:(este|próximo|proximo)\\s+)?${ES_WD}(?:\\s+(pasado|próximo|proximo|que\\s+viene))?`,
    (m, ctx, text, pos) =>
      /\blos\s+$/i.test(text.slice(0, pos))
        ? null
        : weekdayAs(
            ctx,
            FOREIGN_WEEK_PICK[(m[1] ?? m[3] ?? '').toLowerCase().replace(/\s+/g, ' ')] ?? 'named',
            esWeekday(m[2]!),
          ),
  ),
  regexRule(`(?:(ce)\\s+)?${FR_WD}(?:\\s+(dernier|prochain))?`, (m, ctx) =>
    weekdayAs(
      ctx,
      FOREIGN_WEEK_PICK[(m[1] ?? m[3] ?? '').toLowerCase()] ?? 'named',
      FR_WEEKDAYS.indexOf(m[2]!.toLowerCase()),
    ),
  ),
  // Italian: "lunedì scorso", "questo venerdì"; "il lunedì" and "ogni lunedì" are every Monday.
  regexRule(`(?:(questo|prossimo)\\s+)?${IT_WD}(?:\\s+(scorso|passato|prossimo))?`, (m, ctx, text, pos) =>
    /(?:\bil|\bogni|\bdi)\s+$/i.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, FOREIGN_WEEK_PICK[(m[1] ?? m[3] ?? '').toLowerCase()] ?? 'named', romanceOrDutchWeekday(m[2]!)),
  ),
  // Portuguese: "segunda-feira passada", "na próxima sexta"; "às segundas" (plural) is every Monday.
  regexRule(
    `(?:(?:na|no)\\s+)?(?:(esta|este|próxima|proxima|próximo|proximo)\\s+)?${PT_WD}(-feira)?(?:\\s+(passada|passado|que\\s+vem))?`,
    (m, ctx) => {
      const pick = (m[1] ?? m[4] ?? '').toLowerCase().replace(/\s+/g, ' ');
      const wd = romanceOrDutchWeekday(m[2]!);
      // "segunda", "terça"… alone are ordinals ("a segunda nota"): a weekday only with "-feira" or a word that picks it.
      if (wd >= 1 && wd <= 5 && !m[3] && !pick) return null;
      return weekdayAs(ctx, pick === 'que vem' ? 'next' : (FOREIGN_WEEK_PICK[pick] ?? 'named'), wd);
    },
  ),
  // Russian and Ukrainian: "в прошлый понедельник", "в следующую пятницу", "минулого понеділка", "у четвер";
  // "каждый понедельник", "по понедельникам", "щопонеділка", "кожного понеділка" are every week.
  regexRule(`(?:(?:во?|у)\\s+)?(?:([а-яёіїєґ]+)\\s+)?${CYR_WD}`, (m, ctx, text, pos) => {
    if (/(?:кажд\p{L}*|кожн\p{L}*|по)\s+$/iu.test(text.slice(0, pos))) return null;
    const word = m[1]?.toLowerCase();
    const pick = word === undefined ? 'named' : CYRILLIC_WEEK_PICK[word];
    // A word before the weekday that picks none ("кажд…", an adjective) leaves the weekday to match on its own.
    return pick === undefined ? null : weekdayAs(ctx, pick, weekdayMatching(CYRILLIC_WEEKDAYS, m[2]!));
  }),
  // Polish: "w zeszły piątek", "w przyszłą środę", "we wtorek"; "co poniedziałek", "w każdy poniedziałek" are every week.
  regexRule(`(?:we?\\s+)?(?:(\\S+)\\s+)?${PL_WD}`, (m, ctx, text, pos) => {
    if (/(?:\bco|każd\p{L}*)\s+$/iu.test(text.slice(0, pos))) return null;
    const word = m[1]?.toLowerCase();
    const pick = word === undefined ? 'named' : PL_WEEK_PICK[word];
    return pick === undefined ? null : weekdayAs(ctx, pick, weekdayMatching(PL_WEEKDAYS, m[2]!));
  }),
  // Korean: "지난주 금요일", "다음 주 목요일에", "수요일"; "매주 월요일" is every Monday.
  regexRule(
    `(?:(지난\\s?주|저번\\s?주|다음\\s?주|이번\\s?주|금주)\\s?)?([${KO_WEEKDAY}])요일${KO_PARTICLE}`,
    (m, ctx, text, pos) =>
      /매주\s*$/.test(text.slice(0, pos))
        ? null
        : weekdayAs(ctx, KO_WEEK_PICK[(m[1] ?? '').replace(/\s/g, '')] ?? 'named', KO_WEEKDAY.indexOf(m[2]!)),
  ),
  // Dutch: "vorige maandag", "afgelopen vrijdag"; "elke maandag" is every Monday.
  regexRule(`(?:op\\s+)?(?:(vorige|afgelopen|volgende|komende|deze)\\s+)?${NL_WD}`, (m, ctx, text, pos) =>
    /\belke\s+$/i.test(text.slice(0, pos))
      ? null
      : weekdayAs(ctx, FOREIGN_WEEK_PICK[m[1]?.toLowerCase() ?? ''] ?? 'named', romanceOrDutchWeekday(m[2]!)),
  ),

  // Latin-script month names: "diciembre de 2025", "15 de diciembre", "15. Dezember 2025", "15 décembre", "en diciembre"
  regexRule(`${FMON}(?:\\s+de)?\\s+${YEAR}`, (m) => {
    const month = foreignMonth(m[1]!);
    return month ? monthRange(Number(m[2]), month) : null;
  }),
  regexRule(`(\\d{1,2})\\.?\\s+(?:de\\s+)?${FMON}(?:\\s+(?:de\\s+)?${YEAR})?`, (m, ctx) => {
    const month = foreignMonth(m[2]!);
    const d = Number(m[1]);
    if (!month) return null;
    return m[3] ? explicitDay(Number(m[3]), month, d) : inferDay(month, d, ctx);
  }),
  regexRule(FMON, (m, ctx, text, pos) =>
    ctx.inCompound || FOREIGN_MONTH_CONTEXT.test(text.slice(0, pos)) ? inferMonth(foreignMonth(m[1]!), ctx) : null,
  ),
];
