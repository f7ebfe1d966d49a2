import { describe, expect, it } from 'vitest';
import { pickLimitsOf } from './use-place-slip';

describe("the picks a slip's refusal lists as over the site's limit", () => {
  it('reads them from a limit refusal, each with its bet and room', () => {
    const limits = [
      { index: 1, pick: '27', room: '0.55' },
      { index: 0, pick: '28', room: '0.00' },
    ];
    expect(pickLimitsOf('LOTTERY_NUMBER_LIMIT', { limits })).toEqual(limits);
    expect(pickLimitsOf('LOTTERY_NUMBER_FULL', { limits: [limits[1]] })).toEqual([limits[1]]);
  });

  it('takes nothing from other refusals or malformed data', () => {
    expect(pickLimitsOf('INSUFFICIENT_FUNDS', { limits: [{ index: 0, pick: '1', room: '1.00' }] })).toEqual([]);
    expect(pickLimitsOf('LOTTERY_NUMBER_LIMIT', {})).toEqual([]);
    expect(pickLimitsOf('LOTTERY_NUMBER_LIMIT', { limits: 'x' })).toEqual([]);
    expect(pickLimitsOf('LOTTERY_NUMBER_LIMIT', { limits: [{ index: 'a', pick: '1', room: '1.00' }, { index: 0, pick: 2, room: '1.00' }, { index: 0, pick: '2', room: '1' }, null] })).toEqual([]);
  });
});
