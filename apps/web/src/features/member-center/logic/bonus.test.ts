import { describe, expect, it } from 'vitest';
import { turnoverProgress } from './bonus';

describe("a bonus's turnover", () => {
  it('counts what is done in whole percent, rounded down, and what is left', () => {
    expect(turnoverProgress('0.00', '300.00')).toEqual({ percent: 0, left: '300.00', complete: false, none: false });
    expect(turnoverProgress('100.00', '300.00')).toEqual({ percent: 33, left: '200.00', complete: false, none: false });
    expect(turnoverProgress('299.99', '300.00')).toEqual({ percent: 99, left: '0.01', complete: false, none: false });
  });

  it('is complete once the bets reach the requirement, and from the start without one', () => {
    expect(turnoverProgress('300.00', '300.00')).toEqual({ percent: 100, left: '0.00', complete: true, none: false });
    expect(turnoverProgress('350.00', '300.00')).toEqual({ percent: 100, left: '0.00', complete: true, none: false });
    expect(turnoverProgress('0.00', '0.00')).toEqual({ percent: 100, left: '0.00', complete: true, none: true });
  });
});
