import { describe, expect, it } from 'vitest';
import { MoneyAmount, NonZeroMoneyAmount, PositiveMoneyAmount, fromMinor, toMinor } from './money.js';

describe('MoneyAmount', () => {
  it('accepts plain decimals with up to two places, signed', () => {
    for (const v of ['0', '0.00', '1', '150.00', '-20.50', '1234.5', '007.10', '1000000000000', '-1000000000000.00']) {
      expect(MoneyAmount.safeParse(v).success, v).toBe(true);
    }
  });

  it('refuses three places, exponents, spaces, signs and separators, empty and non-numeric text, absurd sizes', () => {
    const bad = [
      '1.005', '0.001', '1e5', '1E2', ' 1.00', '1.00 ', '1 000', '+5', '1,000.00', '.5', '5.', '', '-', '-.5', 'abc', 'NaN', 'Infinity',
      '0x10', '١٢٣', '１２', '1000000000000.01', '-1000000000000.01', '99999999999999', '9'.repeat(400), "1' OR '1'='1", '<b>1</b>',
    ];
    for (const v of bad) expect(MoneyAmount.safeParse(v).success, JSON.stringify(v)).toBe(false);
    expect(MoneyAmount.safeParse(12).success).toBe(false);
    expect(MoneyAmount.safeParse(null).success).toBe(false);
  });

  it('the non-zero and positive variants refuse zero (and the positive one refuses debits)', () => {
    for (const v of ['0', '0.00', '-0.00']) expect(NonZeroMoneyAmount.safeParse(v).success).toBe(false);
    expect(NonZeroMoneyAmount.safeParse('-0.01').success).toBe(true);
    expect(PositiveMoneyAmount.safeParse('-0.01').success).toBe(false);
    expect(PositiveMoneyAmount.safeParse('0.01').success).toBe(true);
    expect(PositiveMoneyAmount.safeParse('1.234').success).toBe(false);
  });
});

describe('toMinor / fromMinor', () => {
  it('converts exactly, with no float anywhere', () => {
    expect(toMinor('150.00')).toBe(15000n);
    expect(toMinor('-20.5')).toBe(-2050n);
    expect(toMinor('0.1')).toBe(10n);
    expect(toMinor('0.07')).toBe(7n);
    expect(toMinor('-0')).toBe(0n);
    expect(toMinor('1000000000000.00')).toBe(100000000000000n);
    expect(fromMinor(123450n)).toBe('1234.50');
    expect(fromMinor(-5n)).toBe('-0.05');
    expect(fromMinor(0n)).toBe('0.00');
    expect(fromMinor(100000000000000n)).toBe('1000000000000.00');
    // Beyond the wire limit (ledger sums can be), formatting still works.
    expect(fromMinor(-(10n ** 20n) - 1n)).toBe('-1000000000000000000.01');
  });

  it('toMinor refuses what MoneyAmount refuses', () => {
    for (const v of ['1.005', '1e5', '', ' 1', '1000000000000.01', 'abc']) expect(() => toMinor(v)).toThrow(RangeError);
  });

  it('round-trips amounts across the whole range', () => {
    // A deterministic spread (edges, small values, large values) rather than a dependency on a generator.
    const samples = [0n, 1n, 9n, 10n, 99n, 100n, 101n, 10n ** 14n, 10n ** 14n - 1n];
    let x = 7919n;
    for (let i = 0; i < 2000; i++) {
      x = (x * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      samples.push(x % (10n ** 14n + 1n), x % 100_000n);
    }
    for (const minor of samples.flatMap((m) => [m, -m])) {
      const s = fromMinor(minor);
      expect(MoneyAmount.safeParse(s).success).toBe(true);
      expect(toMinor(s)).toBe(minor);
    }
  });
});
