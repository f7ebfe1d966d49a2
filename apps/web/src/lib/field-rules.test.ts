import { describe, expect, it } from 'vitest';
import { parseAmount, validateAmount, validatePresent, wireAmount } from './field-rules';

describe('typed amounts', () => {
  it('parses what people type into minor units', () => {
    expect(parseAmount('100')).toBe(10_000n);
    expect(parseAmount(' 1,234.5 ')).toBe(123_450n);
    expect(parseAmount('0.01')).toBe(1n);
    for (const bad of ['', 'abc', '1.234', '1e3', '.5', '+5', '1 000']) expect(parseAmount(bad), bad).toBeNull();
  });

  it('takes commas only as thousands separators, never dropping one that means something else', () => {
    expect(parseAmount('12,345')).toBe(1_234_500n);
    expect(parseAmount('1,234,567.89')).toBe(123_456_789n);
    // Dropped, these were 105.00, 5.00, 100.00 and 15.00: ten times what a decimal comma meant.
    for (const bad of ['10,5', '0,5', '1,0,0', '1,5', '1234,567', ',100', '100,', '1,23.00']) expect(parseAmount(bad), bad).toBeNull();
    expect(validateAmount('10,5')).toEqual({ key: 'errors.amount_decimal_comma' });
    expect(validateAmount('10,50')).toEqual({ key: 'errors.amount_decimal_comma' });
    expect(validateAmount('1,0,0')).toEqual({ key: 'errors.amount_format' });
    expect(validateAmount('10.005')).toEqual({ key: 'errors.amount_places' });
    expect(validateAmount('1,000.005')).toEqual({ key: 'errors.amount_places' });
    expect(validateAmount('1,000')).toBeNull();
  });

  it('reads full-width and Khmer digits as the digits they are, and names an amount too large', () => {
    expect(parseAmount('１００．５０')).toBe(10_050n);
    expect(parseAmount('１，０００')).toBe(100_000n);
    expect(validateAmount('１００')).toBeNull();
    expect(parseAmount('១២៣.៥០')).toBe(12_350n);
    expect(validateAmount('12345678901234567890')).toEqual({ key: 'errors.amount_too_large' });
    expect(validateAmount('12345678901234567890', { min: '10.00', max: '50000.00' })).toEqual({ key: 'errors.amount_range', values: { min: '10.00', max: '50000.00' } });
    for (const bad of ['1e3', '0x10', '１e３', '1.2.3', '100.', '1,000.', '5.', '1,0,0.123']) expect(validateAmount(bad), bad).toEqual({ key: 'errors.amount_format' });
    // The Chinese full stop and full-width comma are a point and a comma; digits of other shapes are not digits.
    expect(parseAmount('100。50')).toBe(10_050n);
    expect(parseAmount('1，000')).toBe(100_000n);
    for (const odd of ['1²', '⁸', '①⓪⓪', '¹⁰⁰', '٣']) expect(parseAmount(odd), odd).toBeNull();
  });

  it('sends the wire form with two places, exactly (no float)', () => {
    expect(wireAmount('100')).toBe('100.00');
    expect(wireAmount('0.1')).toBe('0.10');
    expect(wireAmount('999999999999.99')).toBe('999999999999.99');
    // 0.1 + 0.2 in floats is 0.30000000000000004; the amounts stay exact here.
    expect(wireAmount('0.3')).toBe('0.30');
  });

  it('checks presence, format, sign, limits and balance, in that order', () => {
    expect(validateAmount('')).toEqual({ key: 'errors.required' });
    expect(validateAmount('12.345')).toEqual({ key: 'errors.amount_places' });
    expect(validateAmount('12.3.4')).toEqual({ key: 'errors.amount_format' });
    expect(validateAmount('0')).toEqual({ key: 'errors.amount_positive' });
    expect(validateAmount('-5')).toEqual({ key: 'errors.amount_positive' });
    const limits = { min: '50.00', max: '20000.00', available: '1000.00' };
    expect(validateAmount('49.99', limits)).toEqual({ key: 'errors.amount_range', values: { min: '50.00', max: '20000.00' } });
    expect(validateAmount('20000.01', { min: '50.00', max: '20000.00' })).toMatchObject({ key: 'errors.amount_range' });
    expect(validateAmount('1000.01', limits)).toEqual({ key: 'errors.amount_balance', values: { available: '1000.00' } });
    expect(validateAmount('50', limits)).toBeNull();
    expect(validateAmount('1000', limits)).toBeNull();
  });
});

describe('present', () => {
  it('asks only that something was typed', () => {
    expect(validatePresent('')).toEqual({ key: 'errors.required' });
    expect(validatePresent('1')).toBeNull();
  });
});
