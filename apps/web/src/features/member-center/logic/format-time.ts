/**
 * Times in lists are shown in the merchant's zone as "yyyy-MM-dd HH:mm" (the same in every
 * language, and sortable by eye); the zone's GMT offset is shown once beside the list.
 */
export const formatDateTime = (iso: string | null | undefined, timeZone: string, withSeconds = false): string => {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  const parts = Object.fromEntries(
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
  const time = `${parts.hour}:${parts.minute}${withSeconds ? `:${parts.second}` : ''}`;
  return `${parts.year}-${parts.month}-${parts.day} ${time}`;
};
