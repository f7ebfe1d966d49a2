import { describe, expect, it } from 'vitest';
import { dayOf, dayRangeOf } from './day-range';

describe('a range of site days', () => {
  it('reads only real days', () => {
    expect(dayOf('2026-12-02')).toBe('2026-12-02');
    expect(dayOf(' 2026-02-28 ')).toBe('2026-02-28');
    for (const bad of ['2026-02-30', '2026-13-01', '02/12/2026', '', null, undefined, '2026-1-1']) expect(dayOf(bad), String(bad)).toBeNull();
  });

  it("covers the first day's start to the start of the day after the last, in the site's zone", () => {
    expect(dayRangeOf('2026-03-10', '2026-03-10', 'Asia/Phnom_Penh')).toEqual({ from: '2026-03-10T00:00:00+07:00', to: '2026-03-11T00:00:00+07:00' });
    expect(dayRangeOf('2026-12-31', '2026-12-31', 'UTC')).toEqual({ from: '2026-12-31T00:00:00+00:00', to: '2027-01-01T00:00:00+00:00' });
    expect(dayRangeOf(null, '2026-02-28', 'Asia/Phnom_Penh')).toEqual({ to: '2026-03-01T00:00:00+07:00' });
    expect(dayRangeOf('2026-03-10', null, 'Asia/Phnom_Penh')).toEqual({ from: '2026-03-10T00:00:00+07:00' });
    expect(dayRangeOf(null, null, 'UTC')).toEqual({});
  });

  it('says when the last day comes before the first', () => {
    expect(dayRangeOf('2026-03-11', '2026-03-10', 'UTC')).toBe('order');
  });
});
