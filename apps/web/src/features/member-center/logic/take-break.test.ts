import { describe, expect, it } from 'vitest';
import { SELF_EXCLUSION_PERIODS } from '@apsara/contracts';
import { breakEndsAt } from './take-break';

describe('a break', () => {
  it('ends whole days from now, a day to a year', () => {
    const now = new Date('2026-12-04T22:30:00Z');
    expect(breakEndsAt('1d', now).toISOString()).toBe('2026-12-05T22:30:00.000Z');
    expect(breakEndsAt('7d', now).toISOString()).toBe('2026-12-11T22:30:00.000Z');
    expect(breakEndsAt('365d', now).toISOString()).toBe('2027-12-04T22:30:00.000Z');
    expect(SELF_EXCLUSION_PERIODS).toEqual(['1d', '7d', '30d', '90d', '180d', '365d']);
  });
});
