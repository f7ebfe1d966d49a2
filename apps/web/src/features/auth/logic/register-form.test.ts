import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTER_RULES, type RegisterField, type RegisterFieldRule } from '@apsara/contracts';
import { MemoryStorage } from '../../../lib/memory-storage.test-helper';
import { affiliateCodeFromSearch, forgetReferralCode, isRegisterFieldRequired, pendingReferralCode, referralCodeFromSearch, visibleRegisterFields } from './register-form';

const settings = (overrides: Partial<Record<RegisterField, Partial<RegisterFieldRule>>> = {}) => ({
  fields: Object.fromEntries(
    Object.entries(DEFAULT_REGISTER_RULES).map(([k, v]) => [k, { ...v, ...overrides[k as RegisterField] }]),
  ) as Record<RegisterField, RegisterFieldRule>,
});

describe('visibleRegisterFields', () => {
  it('shows only enabled fields, in form order', () => {
    const fields = visibleRegisterFields(settings(), 'username', false);
    expect(fields).toEqual(['username', 'password', 'payeeName', 'mobileNum', 'email', 'affiliateCode', 'captcha']);
  });

  it('drops disabled fields and adds newly enabled ones', () => {
    const fields = visibleRegisterFields(settings({ payeeName: { enabled: false }, zalo: { enabled: true } }), 'username', false);
    expect(fields).not.toContain('payeeName');
    expect(fields).toContain('zalo');
  });

  it('mobile mode: no username field, mobile always shown, SMS code only with verification', () => {
    const s = settings({ mobileNum: { enabled: false } });
    expect(visibleRegisterFields(s, 'mobile', false)).not.toContain('username');
    expect(visibleRegisterFields(s, 'mobile', false)).toContain('mobileNum');
    expect(visibleRegisterFields(s, 'mobile', false)).not.toContain('verificationCode');
    expect(visibleRegisterFields(s, 'mobile', true)).toContain('verificationCode');
  });

  it('mobile mode puts the number and its code first', () => {
    expect(visibleRegisterFields(settings(), 'mobile', true).slice(0, 3)).toEqual(['mobileNum', 'verificationCode', 'password']);
  });
});

describe('isRegisterFieldRequired', () => {
  it('follows the rule, and forces mobile in mobile mode and the code with SMS verification', () => {
    expect(isRegisterFieldRequired('username', DEFAULT_REGISTER_RULES.username, 'username', false)).toBe(true);
    expect(isRegisterFieldRequired('affiliateCode', DEFAULT_REGISTER_RULES.affiliateCode, 'username', false)).toBe(false);
    expect(isRegisterFieldRequired('mobileNum', DEFAULT_REGISTER_RULES.mobileNum, 'username', false)).toBe(false);
    expect(isRegisterFieldRequired('mobileNum', DEFAULT_REGISTER_RULES.mobileNum, 'mobile', false)).toBe(true);
    expect(isRegisterFieldRequired('verificationCode', DEFAULT_REGISTER_RULES.verificationCode, 'username', true)).toBe(true);
  });
});

describe('affiliateCodeFromSearch', () => {
  it('reads ?affiliateCode= or ?aff=', () => {
    expect(affiliateCodeFromSearch('?affiliateCode=APS888')).toBe('APS888');
    expect(affiliateCodeFromSearch('?x=1&aff=%20APS888%20')).toBe('APS888');
    expect(affiliateCodeFromSearch('')).toBe('');
  });
});

describe('referralCodeFromSearch', () => {
  it('reads ?ref= (the invitation link) or ?referralCode=, trimmed', () => {
    expect(referralCodeFromSearch('?ref=ABCD2345')).toBe('ABCD2345');
    expect(referralCodeFromSearch('?x=1&referralCode=%20abcd2345%20')).toBe('abcd2345');
    expect(referralCodeFromSearch('?ref=ABCD2345&referralCode=ZZZZ9999')).toBe('ABCD2345');
    expect(referralCodeFromSearch('?ref=&referralCode=ZZZZ9999')).toBe('ZZZZ9999');
  });

  it('has none without the parameters, and ignores the affiliate code', () => {
    expect(referralCodeFromSearch('')).toBe('');
    expect(referralCodeFromSearch('?aff=APS888')).toBe('');
    expect(referralCodeFromSearch('?ref=%20%20')).toBe('');
    expect(affiliateCodeFromSearch('?ref=ABCD2345')).toBe('');
  });

  it('keeps what the server should judge, but nothing too long to send', () => {
    expect(referralCodeFromSearch('?ref=AB')).toBe('AB');
    expect(referralCodeFromSearch(`?ref=${'A'.repeat(64)}`)).toBe('A'.repeat(64));
    expect(referralCodeFromSearch(`?ref=${'A'.repeat(65)}`)).toBe('');
  });
});

describe('pendingReferralCode', () => {
  it("remembers the link's code for the tab, so it survives the visitor looking around first", () => {
    const storage = new MemoryStorage();
    expect(pendingReferralCode('?ref=ABCD2345', storage)).toBe('ABCD2345');
    expect(pendingReferralCode('', storage)).toBe('ABCD2345');
    // A newer link wins.
    expect(pendingReferralCode('?referralCode=ZZZZ9999', storage)).toBe('ZZZZ9999');
    expect(pendingReferralCode('?aff=APS888', storage)).toBe('ZZZZ9999');
  });

  it('forgets it once removed or used, and works without storage', () => {
    const storage = new MemoryStorage();
    pendingReferralCode('?ref=ABCD2345', storage);
    forgetReferralCode(storage);
    expect(pendingReferralCode('', storage)).toBe('');
    expect(pendingReferralCode('?ref=ABCD2345', undefined)).toBe('ABCD2345');
    expect(pendingReferralCode('', undefined)).toBe('');
  });
});
