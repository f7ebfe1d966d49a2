/**
 * Calendar days in a given time zone (the merchant's, else the browser's) and the quick picks of
 * spec §9 ("next 7 and 30 days, last 7 and 30 days", plus today and yesterday). A day range [from, to] is inclusive and
 * becomes the half-open instant range [start of `from`, start of the day after `to`) that the
 * account record call takes, as ISO date-times with the zone's offset ("2025-03-01T00:00:00+07:00").
 */

/** "yyyy-MM-dd" */
export type DayString = string;
export type DayRange = { from: DayString; to: DayString };

export const QUICK_PICKS = ['today', 'yesterday', 'last7', 'last30', 'next7', 'next30'] as const;
export type QuickPick = (typeof QUICK_PICKS)[number];
/** The picks of pages about what has happened (records, reports): nothing there lies in the future. */
export const PAST_PICKS = ['today', 'yesterday', 'last7', 'last30'] as const satisfies readonly QuickPick[];
/** The picks of pages about what is coming (periods, schedules): today and the days ahead. */
export const FUTURE_PICKS = ['today', 'next7', 'next30'] as const satisfies readonly QuickPick[];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A zone the runtime does not know falls back to the browser's own. */
export const resolveTimeZone = (timeZone: string | undefined): string => {
  const browser = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  if (!timeZone) return browser;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return browser;
  }
};

/** The calendar day an instant falls on in the zone. */
export const dayIn = (timeZone: string, at: Date): DayString => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
};

/** Year, month, day, hour (00–23), minute and second of an instant in a zone, as two-digit strings. */
export const zoneParts = (timeZone: string, at: Date): Record<string, string> =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );

/** Minutes the zone is ahead of UTC at that instant (Phnom Penh: 420). */
export const offsetMinutes = (timeZone: string, at: Date): number => {
  const parts = Object.fromEntries(Object.entries(zoneParts(timeZone, at)).map(([k, v]) => [k, Number(v)]));
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
};

/** Adds whole days to a calendar day (no zone involved: calendar arithmetic on UTC dates). */
export const addDays = (day: DayString, days: number): DayString => {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return d.toISOString().slice(0, 10);
};

export const isDay = (value: string): boolean => {
  const m = DAY.exec(value);
  if (!m) return false;
  return addDays(value, 0) === value;
};

const pad = (n: number) => String(n).padStart(2, '0');

const formatOffset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
};

/**
 * The instant a calendar day starts in the zone, as an ISO date-time with that zone's offset. Two
 * passes find the offset in force at local midnight, daylight-saving switches included.
 */
export const startOfDayIso = (day: DayString, timeZone: string): string => {
  const m = DAY.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  let offset = offsetMinutes(timeZone, new Date(wall));
  offset = offsetMinutes(timeZone, new Date(wall - offset * 60_000));
  return `${day}T00:00:00${formatOffset(offset)}`;
};

/** The days a quick pick covers, counted from today in the zone (back for "last", ahead for "next"; today included). */
export const quickPickRange = (pick: QuickPick, timeZone: string, now: Date = new Date()): DayRange => {
  const today = dayIn(timeZone, now);
  switch (pick) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'next7':
      return { from: today, to: addDays(today, 6) };
    case 'next30':
      return { from: today, to: addDays(today, 29) };
  }
};

/** The quick pick a range equals today, if any (so the matching button shows as selected). */
export const matchingQuickPick = (range: DayRange, timeZone: string, now: Date = new Date(), picks: readonly QuickPick[] = QUICK_PICKS): QuickPick | null =>
  picks.find((p) => {
    const r = quickPickRange(p, timeZone, now);
    return r.from === range.from && r.to === range.to;
  }) ?? null;

/** The from/to query of the account record: start of `from` up to (not including) the day after `to`. */
export const rangeToQuery = (range: DayRange, timeZone: string): { from: string; to: string } => ({
  from: startOfDayIso(range.from, timeZone),
  to: startOfDayIso(addDays(range.to, 1), timeZone),
});

/** Calendar days a valid range covers, both ends included (a single day is 1). */
export const rangeDays = (range: DayRange): number => {
  const [a, b] = [range.from, range.to].map((d) => Date.parse(`${d}T00:00:00Z`));
  return Math.round((b - a) / 86_400_000) + 1;
};

/**
 * Problems of a typed range: both days valid, `from` not after `to`, and, when the call has a limit,
 * at most `maxDays` days.
 */
export const rangeProblem = (range: DayRange, maxDays?: number): 'invalid' | 'order' | 'span' | null => {
  if (!isDay(range.from) || !isDay(range.to)) return 'invalid';
  if (range.from > range.to) return 'order';
  if (maxDays !== undefined && rangeDays(range) > maxDays) return 'span';
  return null;
};

/**
 * A range the member has finished typing that cannot be asked for (reversed, or too long). Lists hide
 * their previous results under it rather than show them as if they were its; a range still being typed
 * ('invalid') keeps them.
 */
export const rangeRefused = (range: DayRange, maxDays?: number): boolean => {
  const problem = rangeProblem(range, maxDays);
  return problem === 'order' || problem === 'span';
};

/** "GMT+7", "GMT+5:30", "GMT-3" */
export const gmtLabel = (timeZone: string, at: Date = new Date()): string => {
  const minutes = offsetMinutes(timeZone, at);
  if (minutes === 0) return 'GMT+0';
  const abs = Math.abs(minutes);
  const m = abs % 60;
  return `GMT${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${m ? `:${pad(m)}` : ''}`;
};
