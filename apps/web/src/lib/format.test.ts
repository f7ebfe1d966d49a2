import { describe, expect, it } from 'vitest';
import { formatAmount, formatWhole, toCents } from './format';

describe('formatAmount', () => {
  it('always shows two decimals and thousand separators', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(5)).toBe('5.00');
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(45_000_000)).toBe('45,000,000.00');
    expect(formatAmount(999)).toBe('999.00');
    expect(formatAmount(1000)).toBe('1,000.00');
  });

  it('formats server decimal strings exactly, without float rounding', () => {
    expect(formatAmount('1234.50')).toBe('1,234.50');
    expect(formatAmount('90071992547409.99')).toBe('90,071,992,547,409.99');
    expect(formatAmount('0.1')).toBe('0.10');
    expect(formatAmount('.5')).toBe('0.50');
  });

  it('rounds the third decimal half away from zero', () => {
    expect(formatAmount('1.005')).toBe('1.01');
    expect(formatAmount('1.004')).toBe('1.00');
    expect(formatAmount('-1.005')).toBe('-1.01');
    expect(formatAmount(2.675)).toBe('2.68');
    expect(formatAmount('9.999')).toBe('10.00');
  });

  it('puts the currency symbol after the sign', () => {
    expect(formatAmount(1234.5, { symbol: '$' })).toBe('$1,234.50');
    expect(formatAmount('-1234.5', { symbol: '៛' })).toBe('-៛1,234.50');
    expect(formatAmount('0', { symbol: '฿' })).toBe('฿0.00');
  });

  it('accepts integer minor units', () => {
    expect(formatAmount(123456, { minorUnits: true })).toBe('1,234.56');
    expect(formatAmount(5n, { minorUnits: true })).toBe('0.05');
    expect(formatAmount(-100n, { minorUnits: true, symbol: '$' })).toBe('-$1.00');
  });

  it('shows a dash for input that is not an amount', () => {
    expect(formatAmount('abc')).toBe('—');
    expect(formatAmount('')).toBe('—');
    expect(formatAmount('1.2.3')).toBe('—');
    expect(formatAmount(Number.NaN)).toBe('—');
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe('—');
  });

  it('reads grouped input back', () => {
    expect(toCents('1,234.50')).toBe(123450n);
    expect(toCents(12n)).toBe(1200n);
  });
});

describe('formatWhole', () => {
  it('groups thousands of whole numbers and bigints, keeping the sign', () => {
    expect(formatWhole(0)).toBe('0');
    expect(formatWhole(999)).toBe('999');
    expect(formatWhole(12_345)).toBe('12,345');
    expect(formatWhole(-1_200)).toBe('-1,200');
    expect(formatWhole(1_000_000_000_000n)).toBe('1,000,000,000,000');
  });
});
