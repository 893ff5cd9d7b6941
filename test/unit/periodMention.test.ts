import { describe, expect, it } from 'vitest';
import { mentionsPeriod, mentionsPeriodAbout, namesAnotherTime, periodWords } from '../../src/search/periodMention.js';
import { keyWordTerms } from '../../src/text/segment.js';
import { timeTopicTerms } from '../../src/search/timeQuestion.js';

const october = { from: '2026-10-01', to: '2026-10-31' };
const april = { from: '2026-04-01', to: '2026-04-30' };

describe('whether a text names the time a date filter asks about', () => {
  it('a date inside the range, or the name of a whole month it covers', () => {
    expect(mentionsPeriod('| Category | Budget | October actual |', october)).toBe(true);
    expect(mentionsPeriod('Lunch at the bakery (last time: 2026-10-27)', october)).toBe(true);
    expect(mentionsPeriod('Lunch at the bakery (last time: 2026-11-27)', october)).toBe(false);
    expect(mentionsPeriod('| Groceries | €420 | €465 |', october)).toBe(false);
    // A week or a day is named by its dates only: "October" says nothing of which week.
    expect(mentionsPeriod('Shoes bought in October', { from: '2026-10-05', to: '2026-10-11' })).toBe(false);
  });

  it('in the question’s language, with the forms a date gives the month', () => {
    expect(mentionsPeriod('Im Oktober gekauft', october, 'de')).toBe(true);
    expect(mentionsPeriod('pagado en octubre', october, 'es')).toBe(true);
    expect(mentionsPeriod('14 października', october, 'pl')).toBe(true);
    expect(mentionsPeriod('10月の実績', october, 'ja')).toBe(true);
    expect(mentionsPeriod('110月', october, 'ja')).toBe(false);
    // Gregorian months in Persian (Intl's own default is the solar calendar: آبان is no October), Arabic, Hindi, Thai.
    expect(mentionsPeriod('خرید در اکتبر', october, 'fa')).toBe(true);
    expect(mentionsPeriod('خرید در آبان', october, 'fa')).toBe(false);
    expect(mentionsPeriod('اشتريت في أكتوبر', october, 'ar')).toBe(true);
    expect(mentionsPeriod('अक्टूबर में खरीदा', october, 'hi')).toBe(true);
    expect(mentionsPeriod('ซื้อเมื่อเดือนตุลาคม', october, 'th')).toBe(true);
    // A year in the script's digits, or Thai's Buddhist Era one (2569 is 2026), is the month's year.
    expect(mentionsPeriod('ซื้อเมื่อเดือนตุลาคม 2569', october, 'th')).toBe(true);
    expect(mentionsPeriod('ซื้อเมื่อเดือนตุลาคม พ.ศ. 2569', october, 'th')).toBe(true);
    expect(mentionsPeriod('ซื้อเมื่อเดือนตุลาคม 2568', october, 'th')).toBe(false);
    expect(mentionsPeriod('اشتريت في أكتوبر ٢٠٢٦', october, 'ar')).toBe(true);
    expect(mentionsPeriod('اشتريت في أكتوبر ٢٠٢٥', october, 'ar')).toBe(false);
    // A day written in Persian or Arabic-Indic digits ("۳ دسامبر"), not another day that ends with it.
    const dec3 = { from: '2026-12-03', to: '2026-12-03' };
    expect(mentionsPeriod('دندانپزشک: ۳ دسامبر ساعت ۹:۱۵', dec3, 'fa')).toBe(true);
    expect(mentionsPeriod('طبيب الأسنان: ٣ ديسمبر', dec3, 'ar')).toBe(true);
    expect(mentionsPeriod('طبيب الأسنان: ١٣ ديسمبر', dec3, 'ar')).toBe(false);
  });

  it('not an English modal verb, nor the month of another year', () => {
    expect(mentionsPeriod('You may add a row.', { from: '2026-05-01', to: '2026-05-31' })).toBe(false);
    expect(mentionsPeriod('Due in May.', { from: '2026-05-01', to: '2026-05-31' })).toBe(true);
    expect(mentionsPeriod('Coming on the Lisbon Trip in April 2027', april)).toBe(false);
    expect(mentionsPeriod('en abril de 2027', april, 'es')).toBe(false);
    expect(mentionsPeriod('2027年4月の旅行', april, 'ja')).toBe(false);
    expect(mentionsPeriod('Bought in April 2026', april)).toBe(true);
  });
});

describe('a day as people write it, for a day or a week', () => {
  const dec3 = { from: '2026-12-03', to: '2026-12-03' };
  const weekOfDec3 = { from: '2026-11-30', to: '2026-12-06' };

  it('in Chinese, Japanese and Korean numerals, and with the month’s name in English and the question’s language', () => {
    expect(mentionsPeriod('牙医：12月3日上午9点15分检查和洗牙', dec3, 'zh')).toBe(true);
    expect(mentionsPeriod('12月3号去看牙医', dec3, 'zh')).toBe(true);
    expect(mentionsPeriod('12월 3일 치과', dec3, 'ko')).toBe(true);
    expect(mentionsPeriod('Dentist: 3 December, 9:15', dec3)).toBe(true);
    expect(mentionsPeriod('Dentist on December 3rd', dec3)).toBe(true);
    expect(mentionsPeriod('Kontrolle am 3. Dezember um 9:15 Uhr', dec3, 'de')).toBe(true);
    expect(mentionsPeriod('cita el 3 de diciembre', dec3, 'es')).toBe(true);
    expect(mentionsPeriod('rendez-vous le 3 décembre', dec3, 'fr')).toBe(true);
    expect(mentionsPeriod('Zahnarzt: 3. Dezember', weekOfDec3, 'de')).toBe(true);
  });

  it('not another day, nor the same day of another year, nor a day of a range longer than two weeks', () => {
    expect(mentionsPeriod('12月13日', dec3, 'zh')).toBe(false);
    expect(mentionsPeriod('Dentist: December 31', dec3)).toBe(false);
    expect(mentionsPeriod('13 December', dec3)).toBe(false);
    expect(mentionsPeriod('2027年12月3日', dec3, 'zh')).toBe(false);
    expect(mentionsPeriod('le 3 décembre 2027', dec3, 'fr')).toBe(false);
    expect(mentionsPeriod('2026年12月3日', dec3, 'zh')).toBe(true);
    expect(mentionsPeriod('3 December', { from: '2026-11-15', to: '2026-12-15' })).toBe(false);
  });

  it('a line under a heading that holds the question’s key word', () => {
    const health =
      '健康 › 预约\n# 健康\n\n## 预约\n\n- **牙医：** 12月3日上午9点15分检查和洗牙\n\n## 跑步\n\n- 12月3日跑10公里';
    expect(mentionsPeriodAbout(health, dec3, keyWordTerms('我有什么预约？'), 'zh')).toBe(true);
    expect(mentionsPeriodAbout(health, dec3, keyWordTerms('我有什么会议？'), 'zh')).toBe(false);
  });

  it('a heading word with another ending, by its stem in the question’s language', () => {
    // "randevularım" (my appointments) is "Randevular" (appointments) with an ending.
    const saglik = "Sağlık › Randevular\n## Randevular\n\n- **Diş hekimi:** 3 Aralık saat 9:15'te kontrol\n";
    expect(mentionsPeriodAbout(saglik, dec3, keyWordTerms('hangi randevularım var?', 'tr'), 'tr')).toBe(true);
    expect(mentionsPeriodAbout(saglik, dec3, keyWordTerms('hangi toplantılarım var?', 'tr'), 'tr')).toBe(false);
  });
});

describe('a day a Persian note writes in the Solar Hijri calendar', () => {
  const nov6 = { from: '2026-11-06', to: '2026-11-06' };
  it('names the Gregorian day it falls on (15 Aban 1405 is 6 November 2026), with its year or without', () => {
    expect(mentionsPeriod('دندانپزشک: ۱۵ آبان ساعت ۹', nov6, 'fa')).toBe(true);
    expect(mentionsPeriod('دندانپزشک: 15 آبان ماه', nov6, 'fa')).toBe(true);
    expect(mentionsPeriod('دندانپزشک: ۱۵ آبان ۱۴۰۵', nov6, 'fa')).toBe(true);
    expect(mentionsPeriod('دندانپزشک: ۱۵ آبان ۱۴۰۴', nov6, 'fa')).toBe(false);
    expect(mentionsPeriod('دندانپزشک: ۱۶ آبان', nov6, 'fa')).toBe(false);
    expect(mentionsPeriod('دندانپزشک: ۱۵ آبان', nov6, 'ar')).toBe(false);
  });

  it('is looked up by its words too', () => {
    expect(periodWords(nov6, 'fa')).toContain('۱۵ آبان');
    expect(periodWords(nov6, 'fa')).toContain('15 آبان');
  });
});

describe('a mention beside what the question asks', () => {
  const health = '# Health\n\n- Dentist: next check-up in April 2027.\n- Knee: patellar tendon irritation in October.';
  const budget = '| Category | Budget | October actual |\n| --- | ---: | ---: |\n| Groceries | €420 | €465 |';

  it('the month must stand in a line that holds one of the question’s key words', () => {
    expect(mentionsPeriodAbout(health, october, keyWordTerms('what did the dentist say'))).toBe(false);
    expect(mentionsPeriodAbout(health, october, keyWordTerms('how is my knee'))).toBe(true);
    // The English stem: "shoes" and "shoe".
    expect(mentionsPeriodAbout('Shoes: bought in October', october, keyWordTerms('which shoe did I buy'))).toBe(true);
  });

  it('a table is one block: its header names the month of every row', () => {
    expect(mentionsPeriodAbout(budget, october, keyWordTerms('how much did I spend on groceries'))).toBe(true);
    expect(mentionsPeriodAbout(`${budget}\n\nNotes on groceries.`, october, keyWordTerms('rent'))).toBe(false);
  });

  it('a query of nothing but its date phrase ("October") takes a mention anywhere', () => {
    expect(keyWordTerms('')).toEqual([]);
    expect(mentionsPeriodAbout(health, october, keyWordTerms(''))).toBe(true);
  });

  it('so does one that asks what is planned or coming up then, in any language (timeTopicTerms)', () => {
    const marathon = 'Marathon\n# Marathon\n\nGoal: the city marathon on 6 December 2026, under 4 hours.';
    const dec6 = { from: '2026-12-06', to: '2026-12-06' };
    // Its key word "planned" is in no line naming the day: the marathon was not found for "What is planned…?".
    expect(mentionsPeriodAbout(marathon, dec6, keyWordTerms('What is planned?'))).toBe(false);
    for (const rest of ['What is planned?', 'Anything scheduled?', 'What happens?', 'Was steht an?', '予定は？'])
      expect(mentionsPeriodAbout(marathon, dec6, timeTopicTerms(rest)), rest).toBe(true);
    // What else the question asks still must be in the line.
    expect(timeTopicTerms('Which dentist appointment is planned?').map((t) => t.word)).toEqual([
      'dentist',
      'appointment',
    ]);
    expect(mentionsPeriodAbout(marathon, dec6, timeTopicTerms('Which dentist appointment is planned?'))).toBe(false);
    expect(mentionsPeriodAbout(health, october, timeTopicTerms('what is planned for the dentist'))).toBe(false);
  });
});

describe('a text naming another time than the one asked about', () => {
  const nextMonday = { from: '2026-11-30', to: '2026-11-30' };
  it('is a day or a month outside the range, in any language the notes write', () => {
    expect(namesAnotherTime('牙医： 12月3日上午9点15分检查和洗牙', nextMonday, 'zh')).toBe(true);
    expect(namesAnotherTime('视力检查：2027年3月', nextMonday, 'zh')).toBe(true);
    expect(namesAnotherTime('Sehtest: fällig im März 2027', nextMonday, 'de')).toBe(true);
    expect(namesAnotherTime('Dentist on 2026-12-03 at 9:15', nextMonday)).toBe(true);
    expect(namesAnotherTime('Yoga in November 2025', nextMonday)).toBe(true);
  });
  it('is not a text naming the range, the month it falls in, or no time at all', () => {
    expect(namesAnotherTime('Haircut on 30 November', nextMonday)).toBe(false);
    expect(namesAnotherTime('Every Monday in November: yoga', nextMonday)).toBe(false);
    expect(namesAnotherTime('办公地点： 鹿特丹办公室，周一和周五远程办公', nextMonday, 'zh')).toBe(false);
    expect(namesAnotherTime('Call the plumber; may take a while', nextMonday)).toBe(false);
    // A week across two months takes either month's name.
    expect(namesAnotherTime('Dentist on 3 December', { from: '2026-11-30', to: '2026-12-06' })).toBe(false);
    expect(namesAnotherTime('December plans', { from: '2026-11-30', to: '2026-12-06' })).toBe(false);
  });
});

describe('the words a lexical search looks a time up by', () => {
  it('writes each day of a day or a week as notes do, in English and the language asked in', () => {
    const words = periodWords({ from: '2026-12-06', to: '2026-12-06' }, 'de').split(' ');
    expect(words).toEqual(expect.arrayContaining(['December', 'dezember', '6', '12月6日', '2026-12-06']));
    // What it finds is then read by mentionsPeriod, which these words name.
    expect(mentionsPeriod('Goal: the city marathon on 6 December 2026', { from: '2026-12-06', to: '2026-12-06' })).toBe(
      true,
    );
  });
  it('writes each month of up to three whole months by its names ("Anything scheduled for December?")', () => {
    expect(periodWords({ from: '2026-12-01', to: '2026-12-31' }, 'de').split(' ')).toEqual([
      'December',
      'dezember',
      '12月',
      '12월',
    ]);
    expect(periodWords({ from: '2026-11-01', to: '2027-01-31' }).split(' ')).toContain('January');
  });
  it('is nothing for a longer time or one that starts or ends inside a month', () => {
    expect(periodWords({ from: '2026-01-01', to: '2026-12-31' })).toBe('');
    expect(periodWords({ from: '2026-11-10', to: '2026-12-20' })).toBe('');
  });
});
