import { describe, expect, it } from 'vitest';
import { OpsAdjustmentBody } from '@apsara/contracts';
import { balanceAfter, signedAmount } from './adjust';

describe('balance adjustments', () => {
  it('signs the amount by direction, with two places', () => {
    expect(signedAmount('credit', '25.5')).toBe('25.50');
    expect(signedAmount('debit', ' 25.5 ')).toBe('-25.50');
    expect(signedAmount('debit', '10')).toBe('-10.00');
    expect(signedAmount('credit', 'abc')).toBe('abc');
  });

  it('sends what the server accepts', () => {
    for (const amount of [signedAmount('credit', '0.01'), signedAmount('debit', '999.99')]) {
      expect(OpsAdjustmentBody.safeParse({ amount, reason: 'Goodwill credit', idempotencyKey: 'ops-adjust-0123456789abcdef' }).success, amount).toBe(true);
    }
  });

  it('shows the balance after the change', () => {
    expect(balanceAfter('150.00', '25.50')).toBe('175.50');
    expect(balanceAfter('30.00', '-30.00')).toBe('0.00');
    expect(balanceAfter('30.00', 'x')).toBeNull();
  });
});
