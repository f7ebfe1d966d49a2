import { addDays, isDay, startOfDayIso } from '../../../lib/date-range';

/** A site day as typed in a date box ("2026-12-02"), or null when it is no real day. */
export const dayOf = (raw: string | null | undefined): string | null => {
  const day = (raw ?? '').trim();
  return isDay(day) ? day : null;
};

/**
 * The instants a range of the site's days covers, for a list's `from` (included) and `to` (excluded):
 * from the start of the first day to the start of the day after the last, in the site's time zone.
 * Either end may be open. `order` when the last day comes before the first.
 */
export const dayRangeOf = (from: string | null, to: string | null, timeZone: string): { from?: string; to?: string } | 'order' => {
  if (from && to && to < from) return 'order';
  return {
    ...(from ? { from: startOfDayIso(from, timeZone) } : {}),
    ...(to ? { to: startOfDayIso(addDays(to, 1), timeZone) } : {}),
  };
};
