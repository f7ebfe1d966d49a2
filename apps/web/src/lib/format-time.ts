import { zoneParts } from './date-range';
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
