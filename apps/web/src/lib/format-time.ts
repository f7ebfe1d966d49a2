import { gmtLabel, zoneParts } from './date-range';
/**
 * Times in lists are shown in the merchant's zone as "yyyy-MM-dd HH:mm" (the same in every
 * language, and sortable by eye); the zone's GMT offset is shown once beside the list.
 */
export const formatDateTime = (iso: string | null | undefined, timeZone: string, withSeconds = false): string => {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  const parts = zoneParts(timeZone, at);
  const time = `${parts.hour}:${parts.minute}${withSeconds ? `:${parts.second}` : ''}`;
  return `${parts.year}-${parts.month}-${parts.day} ${time}`;
};

/**
 * How dates are written out in one language (common.json → `dates`): the month names and the order
 * of day, month and year. Kept in the locale files rather than left to Intl: browsers ship without
 * Khmer date data (Chromium formats 'km' as US English), and a reader should see their own language.
 */
export type DateWords = {
  /** Month names by number, "1" … "12". */
  month: Record<string, string>;
  /** A calendar day: {{day}} {{month}} {{year}}, in the language's order. */
  day: string;
  /** A day and a clock time: {{date}} and {{time}}. */
  dayTime: string;
  /** A time with the zone it is read in: {{time}} and {{zone}} ("GMT+7"). */
  zoned: string;
};

const fill = (pattern: string, values: Record<string, string>) => pattern.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day ("1990-04-17") written out in the reader's language: "17 April 1990",
 * "17 មេសា 1990", "1990年4月17日". A birthday is a date, not an instant: no time zone is involved,
 * so it never moves a day. Anything that is not a day is shown as it came (or a dash for nothing).
 */
export const formatDay = (day: string | null | undefined, words: DateWords): string => {
  if (!day) return '—';
  const m = DAY.exec(day);
  const month = m ? words.month[String(Number(m[2]))] : undefined;
  if (!m || !month) return day;
  return fill(words.day, { day: String(Number(m[3])), month, year: m[1] });
};

/**
 * An instant written out in the reader's language as the clock reads in the zone, with the zone
 * when asked: "17 April 2025, 22:00 (GMT+7)". A dash for nothing or an unreadable value.
 */
export const formatDayTime = (iso: string | null | undefined, timeZone: string, words: DateWords, withZone = false): string => {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  const p = zoneParts(timeZone, at);
  const text = fill(words.dayTime, { date: formatDay(`${p.year}-${p.month}-${p.day}`, words), time: `${p.hour}:${p.minute}` });
  return withZone ? fill(words.zoned, { time: text, zone: gmtLabel(timeZone, at) }) : text;
};
