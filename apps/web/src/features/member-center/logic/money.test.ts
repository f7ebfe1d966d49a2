import { describe, expect, it } from 'vitest';
import { withdrawalFee } from '@apsara/contracts';
import { bpsAsPercent, quickAmounts, remainingAfter, shortAmount, spendable, withdrawalQuote } from './money';

describe('withdrawal fee and payout', () => {
  const rule = { feeFixed: '2.00', feeBps: 150 };

  it('uses the contract rule: fixed part plus basis points, rounded up to the cent', () => {
    expect(withdrawalQuote('100', rule)).toEqual({ fee: '3.50', payout: '96.50', feeTooHigh: false });
    // 1.5 % of 100.01 is 1.50015: rounded up to 1.51.
    expect(withdrawalQuote('100.01', rule)).toEqual({ fee: '3.51', payout: '96.50', feeTooHigh: false });
    expect(withdrawalQuote('100', { feeFixed: '0.00', feeBps: 0 })).toEqual({ fee: '0.00', payout: '100.00', feeTooHigh: false });
  });

  it('agrees with withdrawalFee from contracts for many amounts', () => {
    for (let cents = 1n; cents < 200_000n; cents += 997n) {
      const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
      const q = withdrawalQuote(amount, rule);
      const fee = withdrawalFee(cents, 200n, 150);
      expect(q?.feeTooHigh).toBe(cents - fee <= 0n);
      if (!q?.feeTooHigh) expect(BigInt(q!.payout.replace('.', '')) + fee).toBe(cents);
    }
  });

  it('flags an amount eaten by the fee, and waits for a valid amount', () => {
    expect(withdrawalQuote('2', rule)).toMatchObject({ payout: '0.00', feeTooHigh: true });
    expect(withdrawalQuote('', rule)).toBeNull();
    expect(withdrawalQuote('abc', rule)).toBeNull();
    expect(withdrawalQuote('0', rule)).toBeNull();
  });

  it('shows basis points as an exact percentage', () => {
    expect(bpsAsPercent(150)).toBe('1.5');
    expect(bpsAsPercent(100)).toBe('1');
    expect(bpsAsPercent(5)).toBe('0.05');
    expect(bpsAsPercent(5000)).toBe('50');
  });
});

describe('other money helpers', () => {
  it('works out what is still missing after a partial receipt', () => {
    expect(remainingAfter('200.00', '150.25')).toBe('49.75');
    expect(remainingAfter('200.00', '250')).toBe('0.00');
    expect(remainingAfter('200.00', 'x')).toBeNull();
  });

  it('spends only what is not on hold', () => {
    expect(spendable({ balance: '100.00', held: '30.50' })).toBe('69.50');
    expect(spendable({ balance: '10.00', held: '30.00' })).toBe('0.00');
  });

  it('suggests round amounts within the limits', () => {
    expect(quickAmounts('10.00', '50000.00')).toEqual(['10.00', '20.00', '50.00', '100.00', '200.00']);
    expect(quickAmounts('150.00', '1000.00')).toEqual(['200.00', '500.00', '1000.00']);
    expect(quickAmounts('1.00', '5.00')).toEqual([]);
    expect(shortAmount('100.00')).toBe('100');
    expect(shortAmount('100.50')).toBe('100.50');
  });
});
