import { describe, expect, it } from 'vitest';
import { errorMessage } from '@apsara/contracts';
import { errorTextIn, isTrialError, placeServerError } from './server-errors';

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

  it('puts the points mall refusals on the quantity, the address or the amount', () => {
    const shown = ['quantity', 'address', 'paymentPassword'];
    expect(placeServerError({ code: 'POINT_GOODS_LIMIT', message: 'At most 5', fields: [] }, shown)).toEqual({ fields: { quantity: 'At most 5' }, form: null });
    expect(placeServerError({ code: 'POINT_ADDRESS_REQUIRED', message: 'Address', fields: [] }, shown).fields.address).toBe('Address');
    // The cash part of a redemption has no field of its own: the money message stands above the button.
    expect(placeServerError({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance', fields: [] }, shown)).toEqual({ fields: {}, form: 'Insufficient balance' });
  });

  it("puts an application's image refusals on its images, and a withdrawal's unfinished turnover above the button", () => {
    expect(placeServerError({ code: 'PROMOTION_PROOF_REQUIRED', message: 'Add an image', fields: [] }, ['remark', 'images'])).toEqual({ fields: { images: 'Add an image' }, form: null });
    expect(placeServerError({ code: 'PROMOTION_IMAGES_INVALID', message: 'Upload again', fields: [] }, ['remark', 'images']).fields.images).toBe('Upload again');
    const turnover = 'Bets of $150.00 more are needed before you can withdraw (promotion turnover)';
    expect(placeServerError({ code: 'WITHDRAW_TURNOVER_PENDING', message: turnover, fields: [] }, ['bankCardId', 'amount', 'paymentPassword'])).toEqual({ fields: {}, form: turnover });
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

describe('a server message after a language switch', () => {
  const said = (code: Parameters<typeof errorMessage>[0], lang: 'km' | 'en' | 'cn', args: string[] = []) => ({ code, message: errorMessage(code, lang, args), lang });

  it('is the catalogue message in the language on screen', () => {
    expect(errorTextIn(said('SYSTEM_MAINTENANCE', 'km'), 'en')).toBe(errorMessage('SYSTEM_MAINTENANCE', 'en'));
    expect(errorTextIn(said('INSUFFICIENT_FUNDS', 'en'), 'cn')).toBe('余额不足');
  });

  it('keeps the values the server filled in', () => {
    expect(errorTextIn(said('DEPOSIT_AMOUNT_OUT_OF_RANGE', 'km', ['$10.00', '$5,000.00']), 'en')).toBe('The amount must be between $10.00 and $5,000.00');
    expect(errorTextIn(said('TOO_MANY_REQUESTS', 'en', ['15']), 'km')).toBe(errorMessage('TOO_MANY_REQUESTS', 'km', ['15']));
    expect(errorTextIn(said('VALIDATION_FAILED', 'cn', ['amount, reference']), 'en')).toBe('Some fields are invalid: amount, reference');
  });

  it('is left as it is in the same language, for codes outside the catalogue, and for words that are not the catalogue\'s', () => {
    expect(errorTextIn(said('INSUFFICIENT_FUNDS', 'km'), 'km')).toBe(errorMessage('INSUFFICIENT_FUNDS', 'km'));
    expect(errorTextIn({ code: 'SOMETHING_NEW', message: 'Nouveau', lang: 'km' }, 'en')).toBe('Nouveau');
    expect(errorTextIn({ code: 'INSUFFICIENT_FUNDS', message: 'Not what the catalogue says', lang: 'en' }, 'km')).toBe('Not what the catalogue says');
    expect(errorTextIn({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance', lang: undefined }, 'km')).toBe('Insufficient balance');
  });
});
