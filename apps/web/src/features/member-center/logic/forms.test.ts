import { describe, expect, it } from 'vitest';
import { validateAccountName, validateAccountNumber, validateBank, validateConfirmation, validatePaymentPassword, validateRealName, validateReference, validateUsername } from './forms';

describe('member-center form rules (the contract schemas, with translated keys)', () => {
  it('real name: letters and single spaces', () => {
    expect(validateRealName('')).toEqual({ key: 'errors.required' });
    expect(validateRealName('Lucky Demo')).toBeNull();
    // Too long is said as such, not as a format error.
    expect(validateRealName(`${'Abcdefghij '.repeat(4)}Abcdefghijk`)).toEqual({ key: 'errors.real_name_length', values: { min: '2', max: '50' } });
    expect(validateRealName('Mary O Neil')).toBeNull();
    expect(validateRealName('Lucky1')).toEqual({ key: 'errors.real_name' });
  });

  it('payment password: 4–6 digits, typed twice the same', () => {
    expect(validatePaymentPassword('')).toEqual({ key: 'errors.required' });
    expect(validatePaymentPassword('123')).toEqual({ key: 'errors.payment_password_rule' });
    expect(validatePaymentPassword('12a4')).toEqual({ key: 'errors.payment_password_rule' });
    expect(validatePaymentPassword('1234567')).toEqual({ key: 'errors.payment_password_rule' });
    expect(validatePaymentPassword('1234')).toBeNull();
    expect(validatePaymentPassword('123456')).toBeNull();
    expect(validateConfirmation('1234', '1234')).toBeNull();
    expect(validateConfirmation('1235', '1234')).toEqual({ key: 'errors.confirm_mismatch' });
    expect(validateConfirmation('', '1234')).toEqual({ key: 'errors.required' });
  });

  it('bank card: account number as printed, holder equal to the real name, a listed bank', () => {
    expect(validateAccountNumber('12 3456 7890')).toBeNull();
    expect(validateAccountNumber('1234-5678')).toBeNull();
    expect(validateAccountNumber('12345')).toEqual({ key: 'errors.account_number' });
    expect(validateAccountNumber('12ab5678')).toEqual({ key: 'errors.account_number' });
    expect(validateAccountName('Lucky Demo', 'Lucky Demo')).toBeNull();
    expect(validateAccountName(' Lucky Demo ', 'Lucky Demo')).toBeNull();
    expect(validateAccountName('Someone Else', 'Lucky Demo')).toEqual({ key: 'errors.account_name_mismatch' });
    expect(validateBank('', ['ABA Bank'])).toEqual({ key: 'errors.bank_required' });
    expect(validateBank('Other Bank', ['ABA Bank'])).toEqual({ key: 'errors.bank_required' });
    expect(validateBank('ABA Bank', ['ABA Bank'])).toBeNull();
    expect(validateBank('Any Bank', [])).toBeNull();
  });

  it('deposit reference and transfer recipient', () => {
    expect(validateReference('TXN-001')).toBeNull();
    expect(validateReference('   ')).toEqual({ key: 'errors.required' });
    expect(validateReference('a'.repeat(65))).toEqual({ key: 'errors.reference' });
    expect(validateReference('line\nbreak')).toEqual({ key: 'errors.reference' });
    expect(validateUsername('demo_01')).toBeNull();
    expect(validateUsername('demo 01')).toEqual({ key: 'errors.username' });
  });
});
