import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTER_RULES, type RegisterField, type RegisterFieldRule } from '@apsara/contracts';
import { affiliateCodeFromSearch, isRegisterFieldRequired, visibleRegisterFields } from './register-form';

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
