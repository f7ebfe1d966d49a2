import { wallToIso } from './announcements';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A site day as typed in a date box ("2026-12-02"), or null when it is no real day. */
export const dayOf = (raw: string | null | undefined): string | null => {
  const m = DAY.exec((raw ?? '').trim());
  if (!m) return null;
  const [y, mo, d] = m.slice(1).map(Number);
  const back = new Date(Date.UTC(y, mo - 1, d));
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? m[0] : null;
};

const nextDay = (day: string) => {
  const [y, mo, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, mo - 1, d + 1)).toISOString().slice(0, 10);
};

/**
 * The instants a range of the site's days covers, for a list's `from` (included) and `to` (excluded):
 * from the start of the first day to the start of the day after the last, in the site's time zone.
 * Either end may be open. `order` when the last day comes before the first.
 */
export const dayRangeOf = (from: string | null, to: string | null, timeZone: string): { from?: string; to?: string } | 'order' => {
  if (from && to && to < from) return 'order';
  return {
    ...(from ? { from: wallToIso(`${from}T00:00`, timeZone) ?? undefined } : {}),
    ...(to ? { to: wallToIso(`${nextDay(to)}T00:00`, timeZone) ?? undefined } : {}),
  };
};
