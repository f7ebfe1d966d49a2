import { describe, expect, it } from 'vitest';
import { convertAll, obtainablePoints, previewPoints, validateConvertAmount } from './convert';

const limits = { min: '10.00', max: '10000.00', available: '1250.75' };

describe('cash to points', () => {
  it('works out the obtainable points as the amount is typed, whole units only', () => {
    expect(obtainablePoints('50', 10)).toBe(500n);
    expect(obtainablePoints('1,000.00', 10)).toBe(10_000n);
    expect(obtainablePoints('１００', 3)).toBe(300n);
    // Not yet an amount, not whole, or nothing: no figure rather than a wrong one.
    for (const raw of ['', 'abc', '0', '-5', '50.50', '10,5']) expect(obtainablePoints(raw, 10), raw).toBeNull();
  });

  it('stays exact far beyond what a float holds', () => {
    expect(obtainablePoints('999999999999', 10_000)).toBe(9_999_999_999_990_000n);
  });

  it('checks the amount as every money field does, then asks for whole units', () => {
    expect(validateConvertAmount('', limits)).toEqual({ key: 'errors.required' });
    expect(validateConvertAmount('9.00', limits)).toEqual({ key: 'errors.amount_range', values: { min: '10.00', max: '10000.00' } });
    expect(validateConvertAmount('1300', limits)).toEqual({ key: 'errors.amount_balance', values: { available: '1250.75' } });
    expect(validateConvertAmount('50.50', limits)).toEqual({ key: 'points:errors.whole_units' });
    expect(validateConvertAmount('50.00', limits)).toBeNull();
    expect(validateConvertAmount('1,250', limits)).toBeNull();
    // Letters are told the whole-units form, not the general "100 or 100.50" example.
    expect(validateConvertAmount('abc', limits)).toEqual({ key: 'points:errors.whole_units' });
  });

  it('shows points beside the box only for an amount that could be converted as typed', () => {
    expect(previewPoints('50', limits, 10)).toBe(500n);
    for (const raw of ['5', '1300', '20000', '10.50', 'abc']) expect(previewPoints(raw, limits, 10), raw).toBeNull();
  });

  it('fills "All" with the available money capped at the maximum, in whole units', () => {
    expect(convertAll(limits)).toBe('1250.00');
    expect(convertAll({ ...limits, available: '20000.00' })).toBe('10000.00');
    expect(convertAll({ ...limits, available: '9.99' })).toBeNull();
    expect(convertAll({ ...limits, available: '10.00' })).toBe('10.00');
  });
});
