import { describe, expect, it } from 'vitest';
import { rateText } from './rebate';

describe('rebate rates', () => {
  it('reads basis points as a percentage with two places', () => {
    expect(rateText(50)).toBe('0.50%');
    expect(rateText(0)).toBe('0.00%');
    expect(rateText(300)).toBe('3.00%');
    expect(rateText(5)).toBe('0.05%');
  });
});
