import { describe, expect, it } from 'vitest';
import { OPS_ADJUSTMENT_MAX, OpsAdjustmentBody } from '@apsara/contracts';
import { adjustAmountProblem, balanceAfter, signedAmount } from './adjust';

const body = (amount: string) => ({ amount, reason: 'Goodwill credit', idempotencyKey: 'ops-adjust-0123456789abcdef' });

describe('balance adjustments', () => {
  it('signs the amount by direction, with two places', () => {
    expect(signedAmount('credit', '25.5')).toBe('25.50');
    expect(signedAmount('debit', ' 25.5 ')).toBe('-25.50');
    expect(signedAmount('debit', '10')).toBe('-10.00');
    expect(signedAmount('credit', '1,250.5')).toBe('1250.50');
    expect(signedAmount('credit', 'abc')).toBe('abc');
    // A typed sign is never flipped into the other direction.
    expect(signedAmount('credit', '-5')).toBe('-5');
  });

  it('sends what the server accepts', () => {
    for (const amount of [signedAmount('credit', '0.01'), signedAmount('debit', '999.99'), signedAmount('credit', OPS_ADJUSTMENT_MAX), signedAmount('debit', OPS_ADJUSTMENT_MAX)]) {
      expect(OpsAdjustmentBody.safeParse(body(amount)).success, amount).toBe(true);
    }
  });

  it('shows the balance after the change', () => {
    expect(balanceAfter('150.00', '25.50')).toBe('175.50');
    expect(balanceAfter('30.00', '-30.00')).toBe('0.00');
    expect(balanceAfter('30.00', 'x')).toBeNull();
  });
});

describe('the amount of an adjustment', () => {
  it('accepts an amount without a sign, either way, within the balance for a debit', () => {
    expect(adjustAmountProblem('credit', '25.50', '0.00')).toBeNull();
    expect(adjustAmountProblem('credit', ' 1,250.5 ', '0.00')).toBeNull();
    expect(adjustAmountProblem('debit', '25.50', '30.00')).toBeNull();
    expect(adjustAmountProblem('debit', '30', '30.00')).toBeNull();
    expect(adjustAmountProblem('debit', '30.01', '30.00')).toBe('below_zero');
    // A credit is never limited by the balance; a debit is not checked against a balance not known.
    expect(adjustAmountProblem('credit', '30.01', '0.00')).toBeNull();
    expect(adjustAmountProblem('debit', '30.01', null)).toBeNull();
  });

  it('says a sign is not wanted, whatever the direction and the balance', () => {
    for (const direction of ['credit', 'debit'] as const) {
      for (const balance of ['0.00', '500.00', null]) {
        for (const typed of ['-5', '+5', ' -5.00', '−5', '－5']) expect(adjustAmountProblem(direction, typed, balance), `${direction} ${typed} on ${balance}`).toBe('signed');
      }
    }
  });

  it('refuses more than the server takes, as too large rather than as malformed', () => {
    expect(adjustAmountProblem('credit', OPS_ADJUSTMENT_MAX, '0.00')).toBeNull();
    expect(adjustAmountProblem('credit', '1000000000.01', '0.00')).toBe('above_max');
    expect(adjustAmountProblem('credit', '99,999,999,999', '0.00')).toBe('above_max');
    expect(adjustAmountProblem('credit', '99999999999', '0.00')).toBe('above_max');
    expect(adjustAmountProblem('credit', '1000000000001', '0.00')).toBe('above_max');
    expect(adjustAmountProblem('credit', '9'.repeat(40), '0.00')).toBe('above_max');
    expect(adjustAmountProblem('debit', '99999999999', '5000000000000.00')).toBe('above_max');
    // What the form refuses as too large, the server refuses too.
    expect(OpsAdjustmentBody.safeParse(body('1000000000.01')).success).toBe(false);
    expect(OpsAdjustmentBody.safeParse(body('-1000000000.01')).success).toBe(false);
  });

  it('names the other mistakes', () => {
    expect(adjustAmountProblem('credit', '', null)).toBe('required');
    expect(adjustAmountProblem('credit', '   ', null)).toBe('required');
    expect(adjustAmountProblem('credit', '0', '30.00')).toBe('zero');
    expect(adjustAmountProblem('debit', '0.00', '30.00')).toBe('zero');
    expect(adjustAmountProblem('credit', '12.345', null)).toBe('format');
    expect(adjustAmountProblem('credit', '1e3', null)).toBe('format');
    expect(adjustAmountProblem('credit', '10,5', null)).toBe('format');
    expect(adjustAmountProblem('credit', 'ten', null)).toBe('format');
  });
});
