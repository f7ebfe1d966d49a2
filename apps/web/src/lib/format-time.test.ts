import { describe, expect, it } from 'vitest';
import cn from '../locales/cn/common.json';
import en from '../locales/en/common.json';
import km from '../locales/km/common.json';
import { checkTranslations, flatTexts, type Tree } from '../i18n/locale-checks';
import { formatDateTime, formatDay, formatDayTime, type DateWords } from './format-time';

describe('list times', () => {
  it('shows the instant in the merchant zone', () => {
    expect(formatDateTime('2025-03-01T17:30:05Z', 'Asia/Phnom_Penh')).toBe('2025-03-02 00:30');
    expect(formatDateTime('2025-03-01T17:30:05Z', 'Asia/Phnom_Penh', true)).toBe('2025-03-02 00:30:05');
    expect(formatDateTime('2025-03-01T17:30:05Z', 'UTC')).toBe('2025-03-01 17:30');
  });
  it('shows a dash for nothing', () => {
    expect(formatDateTime(null, 'UTC')).toBe('—');
    expect(formatDateTime('nope', 'UTC')).toBe('—');
  });
});

const WORDS = { en: en.dates as DateWords, km: km.dates as DateWords, cn: cn.dates as DateWords };

describe('dates written out in the reader\'s language', () => {
  it('writes a calendar day with the language\'s month names and order', () => {
    expect(formatDay('1990-04-17', WORDS.en)).toBe('17 April 1990');
    expect(formatDay('1990-04-17', WORDS.km)).toBe('17 មេសា 1990');
    expect(formatDay('1990-04-17', WORDS.cn)).toBe('1990年4月17日');
    expect(formatDay('2001-12-01', WORDS.km)).toBe('1 ធ្នូ 2001');
  });

  it('never moves a calendar day, whatever the zone of the machine', () => {
    // A day is read as text: "1990-01-01" would be 31 December in any zone west of UTC as a Date.
    expect(formatDay('1990-01-01', WORDS.en)).toBe('1 January 1990');
    expect(formatDay('1990-12-31', WORDS.en)).toBe('31 December 1990');
  });

  it('shows what is not a day as it came, and a dash for nothing', () => {
    expect(formatDay(null, WORDS.en)).toBe('—');
    expect(formatDay('', WORDS.en)).toBe('—');
    expect(formatDay('1990-13-01', WORDS.en)).toBe('1990-13-01');
    expect(formatDay('soon', WORDS.en)).toBe('soon');
  });

  it('writes an instant on the zone\'s clock, with its GMT offset when asked', () => {
    const at = '2025-05-01T10:00:00Z';
    expect(formatDayTime(at, 'Asia/Phnom_Penh', WORDS.en)).toBe('1 May 2025, 17:00');
    expect(formatDayTime(at, 'Asia/Phnom_Penh', WORDS.km, true)).toBe('1 ឧសភា 2025 ម៉ោង 17:00 (GMT+7)');
    expect(formatDayTime(at, 'Asia/Phnom_Penh', WORDS.cn, true)).toBe('2025年5月1日 17:00（GMT+7）');
    // Past midnight in the zone: the zone's day, not UTC's.
    expect(formatDayTime('2025-05-01T20:30:00Z', 'Asia/Phnom_Penh', WORDS.en, true)).toBe('2 May 2025, 03:30 (GMT+7)');
    expect(formatDayTime(null, 'UTC', WORDS.en)).toBe('—');
    expect(formatDayTime('nope', 'UTC', WORDS.en)).toBe('—');
  });

  it('has every month in every language', () => {
    for (const words of Object.values(WORDS)) for (let m = 1; m <= 12; m++) expect(words.month[String(m)]).toBeTruthy();
  });

  describe('texts', () => {
    checkTranslations({ en: flatTexts(en.dates as Tree), km: flatTexts(km.dates as Tree), cn: flatTexts(cn.dates as Tree) });
  });
});
