/**
 * The agent center clock (spec §2): the merchant's time zone shown as a GMT offset, e.g. "GMT+7",
 * "GMT+5:30", "GMT-3". Derived through Intl so daylight-saving zones show today's offset.
 */
export const gmtOffsetMinutes = (timeZone: string, at: Date = new Date()): number => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
};

export const formatGmtOffset = (minutes: number): string => {
  if (minutes === 0) return 'GMT+0';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `GMT${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
};

/** Date and time in the zone as "yyyy-MM-dd" and "HH:mm:ss", independent of the viewer's locale. */
export const zonedDateTime = (timeZone: string, at: Date = new Date()) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
};

/** A zone the runtime does not know falls back to UTC instead of throwing mid-render. */
export const safeTimeZone = (timeZone: string | undefined): string => {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
};
