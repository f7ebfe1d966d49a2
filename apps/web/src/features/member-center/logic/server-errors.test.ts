import { describe, expect, it } from 'vitest';
import { isTrialError, placeServerError } from './server-errors';

describe('placing server errors on the form', () => {
  it('puts field errors on shown fields, borrowing the envelope message when empty', () => {
    const placed = placeServerError(
      { code: 'VALIDATION_FAILED', message: 'Some fields are invalid: amount', fields: [{ field: 'amount', rule: 'range', message: '' }] },
      ['amount', 'reference'],
    );
    expect(placed).toEqual({ fields: { amount: 'Some fields are invalid: amount' }, form: null });
  });

  it('knows which field a code concerns', () => {
    expect(placeServerError({ code: 'PAYMENT_PASSWORD_WRONG', message: 'The payment password is wrong', fields: [] }, ['amount', 'paymentPassword'])).toEqual({
      fields: { paymentPassword: 'The payment password is wrong' },
      form: null,
    });
    expect(placeServerError({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance', fields: [] }, ['amount']).fields.amount).toBe('Insufficient balance');
  });

  it('shows the rest above the submit button', () => {
    expect(placeServerError({ code: 'RATE_LIMITED', message: 'Please slow down', fields: [] }, ['amount'])).toEqual({ fields: {}, form: 'Please slow down' });
    expect(placeServerError({ code: 'PAYMENT_PASSWORD_WRONG', message: 'Wrong', fields: [] }, ['amount'])).toEqual({ fields: {}, form: 'Wrong' });
  });

  it('recognises the trial answer', () => {
    expect(isTrialError({ code: 'TRIAL_NEED_REAL_ACCOUNT' })).toBe(true);
    expect(isTrialError({ code: 'FORBIDDEN' })).toBe(false);
    expect(isTrialError(null)).toBe(false);
  });
});
