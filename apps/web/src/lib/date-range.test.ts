import { describe, expect, it } from 'vitest';
import { FUTURE_PICKS, PAST_PICKS, addDays, dayIn, gmtLabel, isDay, matchingQuickPick, offsetMinutes, quickPickRange, rangeDays, rangeProblem, rangeRefused, rangeToQuery, resolveTimeZone, startOfDayIso } from './date-range';

const PP = 'Asia/Phnom_Penh'; // UTC+7, no daylight saving
const NY = 'America/New_York'; // daylight saving: -05:00 in winter, -04:00 in summer

describe('calendar days in a zone', () => {
  it('reads the day an instant falls on in the merchant zone, not in UTC', () => {
    // 18:30 UTC on 1 March is already 2 March in Phnom Penh.
    const at = new Date('2025-03-01T18:30:00Z');
    expect(dayIn('UTC', at)).toBe('2025-03-01');
    expect(dayIn(PP, at)).toBe('2025-03-02');
    expect(dayIn(NY, at)).toBe('2025-03-01');
  });

  it('knows the zone offset, daylight saving included', () => {
    expect(offsetMinutes(PP, new Date('2025-01-15T00:00:00Z'))).toBe(420);
    expect(offsetMinutes(NY, new Date('2025-01-15T12:00:00Z'))).toBe(-300);
    expect(offsetMinutes(NY, new Date('2025-07-15T12:00:00Z'))).toBe(-240);
    expect(offsetMinutes('Asia/Kolkata', new Date('2025-07-15T12:00:00Z'))).toBe(330);
  });

  it('adds days across month and year ends and leap days', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-02', -29)).toBe('2025-02-01');
  });

  it('accepts only real calendar days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2025-13-01')).toBe(false);
    expect(isDay('')).toBe(false);
  });

  it('starts a day at local midnight with the offset in force then', () => {
    expect(startOfDayIso('2025-03-02', PP)).toBe('2025-03-02T00:00:00+07:00');
    expect(startOfDayIso('2025-01-15', NY)).toBe('2025-01-15T00:00:00-05:00');
    expect(startOfDayIso('2025-07-15', NY)).toBe('2025-07-15T00:00:00-04:00');
    // The day clocks go forward (9 March 2025 in New York) starts before the switch, at -05:00.
    expect(startOfDayIso('2025-03-09', NY)).toBe('2025-03-09T00:00:00-05:00');
    expect(startOfDayIso('2025-03-10', NY)).toBe('2025-03-10T00:00:00-04:00');
    expect(startOfDayIso('2025-07-15', 'Asia/Kolkata')).toBe('2025-07-15T00:00:00+05:30');
  });
});

describe('quick picks (spec §9: next 7 and 30 days, last 7 and 30 days, plus today and yesterday)', () => {
  // 00:30 on 2 March in Phnom Penh is still 1 March in UTC and in New York.
  const now = new Date('2025-03-01T17:30:00Z');

  it('counts days in the merchant zone', () => {
    expect(quickPickRange('today', PP, now)).toEqual({ from: '2025-03-02', to: '2025-03-02' });
    expect(quickPickRange('yesterday', PP, now)).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(quickPickRange('last7', PP, now)).toEqual({ from: '2025-02-24', to: '2025-03-02' });
    expect(quickPickRange('last30', PP, now)).toEqual({ from: '2025-02-01', to: '2025-03-02' });
  });

  it('gives another day in another zone at the same instant', () => {
    expect(quickPickRange('today', 'UTC', now)).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(quickPickRange('today', NY, now)).toEqual({ from: '2025-03-01', to: '2025-03-01' });
    expect(quickPickRange('yesterday', NY, now)).toEqual({ from: '2025-02-28', to: '2025-02-28' });
    expect(quickPickRange('last7', NY, now)).toEqual({ from: '2025-02-23', to: '2025-03-01' });
  });

  it('seven and thirty days include today', () => {
    for (const [pick, days] of [['last7', 7], ['last30', 30], ['next7', 7], ['next30', 30]] as const) {
      const r = quickPickRange(pick, PP, now);
      expect(addDays(r.from, days - 1)).toBe(r.to);
    }
  });

  it('counts the next days ahead from today in the zone, across a month end', () => {
    expect(quickPickRange('next7', PP, now)).toEqual({ from: '2025-03-02', to: '2025-03-08' });
    expect(quickPickRange('next30', PP, now)).toEqual({ from: '2025-03-02', to: '2025-03-31' });
    expect(quickPickRange('next7', NY, now)).toEqual({ from: '2025-03-01', to: '2025-03-07' });
    expect(quickPickRange('next30', 'UTC', new Date('2024-12-20T12:00:00Z'))).toEqual({ from: '2024-12-20', to: '2025-01-18' });
  });

  it('marks a pick as selected only among the picks a page offers', () => {
    const ahead = quickPickRange('next7', PP, now);
    expect(matchingQuickPick(ahead, PP, now)).toBe('next7');
    expect(matchingQuickPick(ahead, PP, now, PAST_PICKS)).toBeNull();
    expect(matchingQuickPick(quickPickRange('today', PP, now), PP, now, FUTURE_PICKS)).toBe('today');
    expect(PAST_PICKS.every((p) => !p.startsWith('next'))).toBe(true);
    expect(FUTURE_PICKS.every((p) => !(PAST_PICKS as readonly string[]).includes(p) || p === 'today')).toBe(true);
  });

  it('turns a day range into the half-open instant range the account record takes', () => {
    const q = rangeToQuery(quickPickRange('last7', PP, now), PP);
    expect(q).toEqual({ from: '2025-02-24T00:00:00+07:00', to: '2025-03-03T00:00:00+07:00' });
    // Seven whole days.
    expect(new Date(q.to).getTime() - new Date(q.from).getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(rangeToQuery({ from: '2025-03-09', to: '2025-03-09' }, NY)).toEqual({ from: '2025-03-09T00:00:00-05:00', to: '2025-03-10T00:00:00-04:00' });
  });

  it('recognises a range that equals a quick pick', () => {
    expect(matchingQuickPick({ from: '2025-02-24', to: '2025-03-02' }, PP, now)).toBe('last7');
    expect(matchingQuickPick({ from: '2025-03-02', to: '2025-03-02' }, PP, now)).toBe('today');
    expect(matchingQuickPick({ from: '2025-02-20', to: '2025-03-02' }, PP, now)).toBeNull();
  });
});

describe('typed ranges and zones', () => {
  it('refuses half-typed and reversed ranges', () => {
    expect(rangeProblem({ from: '2025-03-01', to: '2025-03-02' })).toBeNull();
    expect(rangeProblem({ from: '2025-03-02', to: '2025-03-02' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2025-03-02' })).toBe('invalid');
    expect(rangeProblem({ from: '2025-03-03', to: '2025-03-02' })).toBe('order');
  });

  it('counts a range’s days, both ends included, and flags one longer than a call’s limit', () => {
    expect(rangeDays({ from: '2025-03-02', to: '2025-03-02' })).toBe(1);
    expect(rangeDays({ from: '2024-02-28', to: '2024-03-01' })).toBe(3);
    expect(rangeDays({ from: '2025-01-01', to: '2025-03-31' })).toBe(90);
    expect(rangeProblem({ from: '2025-01-01', to: '2025-03-31' }, 90)).toBeNull();
    expect(rangeProblem({ from: '2024-12-31', to: '2025-03-31' }, 90)).toBe('span');
    // Without a limit any length is fine; order and validity are still checked first.
    expect(rangeProblem({ from: '2020-01-01', to: '2025-03-31' })).toBeNull();
    expect(rangeProblem({ from: '2025-04-01', to: '2020-03-31' }, 90)).toBe('order');
    // 90 calendar days in the merchant zone are exactly 90 × 24 hours where there is no daylight saving.
    const q = rangeToQuery({ from: '2025-01-01', to: '2025-03-31' }, PP);
    expect(Date.parse(q.to) - Date.parse(q.from)).toBe(90 * 86_400_000);
  });

  it('falls back to the browser zone when the merchant zone is missing or unknown', () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(resolveTimeZone(undefined)).toBe(browser);
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBe(browser);
    expect(resolveTimeZone(PP)).toBe(PP);
  });

  it('labels zones as GMT offsets', () => {
    expect(gmtLabel(PP)).toBe('GMT+7');
    expect(gmtLabel('UTC')).toBe('GMT+0');
    expect(gmtLabel('Asia/Kolkata')).toBe('GMT+5:30');
    expect(gmtLabel(NY, new Date('2025-01-15T12:00:00Z'))).toBe('GMT-5');
  });
});

describe('a zone by its offset', () => {
  it('names a zone by its offset that day', () => {
    expect(gmtLabel('UTC', new Date('2025-05-01T00:00:00Z'))).toBe('GMT+0');
    expect(gmtLabel('Asia/Kolkata', new Date('2025-05-01T00:00:00Z'))).toBe('GMT+5:30');
    expect(gmtLabel('America/Sao_Paulo', new Date('2025-05-01T00:00:00Z'))).toBe('GMT-3');
    // Daylight saving: the offset of that instant.
    expect(gmtLabel('Europe/London', new Date('2025-07-01T00:00:00Z'))).toBe('GMT+1');
    expect(gmtLabel('Europe/London', new Date('2025-01-01T00:00:00Z'))).toBe('GMT+0');
  });
});

describe('rangeRefused', () => {
  it('is true for a finished range that cannot be asked for, false while one is being typed', () => {
    expect(rangeRefused({ from: '2026-11-25', to: '2026-11-20' })).toBe(true);
    expect(rangeRefused({ from: '2026-01-01', to: '2026-11-20' }, 90)).toBe(true);
    expect(rangeRefused({ from: '2026-11-2', to: '2026-11-20' })).toBe(false);
    expect(rangeRefused({ from: '2026-11-20', to: '2026-11-25' }, 90)).toBe(false);
  });
});
