import { describe, expect, it } from 'vitest';
import { formatGmtOffset, gmtOffsetMinutes, safeTimeZone, zonedDateTime } from './clock';

describe('agent clock', () => {
  const at = new Date('2025-01-15T17:04:05Z');

  it('derives the GMT offset of the merchant zone', () => {
    expect(formatGmtOffset(gmtOffsetMinutes('Asia/Phnom_Penh', at))).toBe('GMT+7');
    expect(formatGmtOffset(gmtOffsetMinutes('Asia/Kolkata', at))).toBe('GMT+5:30');
    expect(formatGmtOffset(gmtOffsetMinutes('America/Sao_Paulo', at))).toBe('GMT-3');
    expect(formatGmtOffset(gmtOffsetMinutes('UTC', at))).toBe('GMT+0');
  });

  it('follows daylight saving', () => {
    expect(formatGmtOffset(gmtOffsetMinutes('Europe/London', new Date('2025-07-01T12:00:00Z')))).toBe('GMT+1');
    expect(formatGmtOffset(gmtOffsetMinutes('Europe/London', at))).toBe('GMT+0');
  });

  it('shows the date and time in the zone, not the viewer’s', () => {
    expect(zonedDateTime('Asia/Phnom_Penh', at)).toEqual({ date: '2025-01-16', time: '00:04:05' });
  });

  it('falls back to UTC for unknown zones', () => {
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone(undefined)).toBe('UTC');
    expect(safeTimeZone('Asia/Bangkok')).toBe('Asia/Bangkok');
  });
});
