import { describe, expect, it } from 'vitest';
import { riskLevel } from './lottery-risk';

describe('riskLevel', () => {
  it('is full with no room left, near from 80 %, ok below', () => {
    expect(riskLevel(100, '0.00')).toBe('full');
    // A pick with a few cents of room under a huge limit rounds to 99 % and is near, not full.
    expect(riskLevel(99, '0.05')).toBe('near');
    expect(riskLevel(80, '2000.00')).toBe('near');
    expect(riskLevel(79, '2100.00')).toBe('ok');
    expect(riskLevel(0, '10000.00')).toBe('ok');
    // Room for less than the least bet at the pick's odds: members are refused, so it is full.
    expect(riskLevel(99, '0.16', true)).toBe('full');
  });
});
