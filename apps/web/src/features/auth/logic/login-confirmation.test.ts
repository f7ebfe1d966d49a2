import { describe, expect, it } from 'vitest';
import { challengeOf, formatMinutes, isCompleteCode, isDeadChallenge, normalizeCode } from './login-confirmation';

const challenge = { challengeId: 'a'.repeat(43), channel: 'sms', to: '•••• 5678', expiresIn: 300, resendIn: 60 };

describe('challengeOf', () => {
  it('reads the challenge of LOGIN_CONFIRMATION_REQUIRED', () => {
    expect(challengeOf({ code: 'LOGIN_CONFIRMATION_REQUIRED', data: challenge })).toEqual(challenge);
  });
  it('is null for other refusals and for a malformed challenge', () => {
    expect(challengeOf({ code: 'ACCOUNT_OR_PASSWORD_WRONG', data: challenge })).toBeNull();
    expect(challengeOf({ code: 'CAPTCHA_REQUIRED', data: { captchaRequired: true } })).toBeNull();
    expect(challengeOf({ code: 'LOGIN_CONFIRMATION_REQUIRED', data: { ...challenge, channel: 'fax' } })).toBeNull();
    expect(challengeOf({ code: 'LOGIN_CONFIRMATION_REQUIRED', data: {} })).toBeNull();
  });
});

describe('code input', () => {
  it('keeps the digits of what was typed or pasted, at most six', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('12-34-56-78')).toBe('123456');
    expect(normalizeCode('abc')).toBe('');
    expect(normalizeCode('１２３')).toBe('');
  });
  it('is complete at exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
  });
});

describe('challenge state', () => {
  it('only LOGIN_CONFIRMATION_INVALID ends the challenge; a wrong code leaves tries', () => {
    expect(isDeadChallenge('LOGIN_CONFIRMATION_INVALID')).toBe(true);
    expect(isDeadChallenge('LOGIN_CODE_WRONG')).toBe(false);
    expect(isDeadChallenge('RATE_LIMITED')).toBe(false);
  });
  it('formats the time left as m:ss', () => {
    expect(formatMinutes(300)).toBe('5:00');
    expect(formatMinutes(245)).toBe('4:05');
    expect(formatMinutes(-3)).toBe('0:00');
  });
});
