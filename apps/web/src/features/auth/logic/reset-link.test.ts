import { describe, expect, it } from 'vitest';
import { smsRequest } from '../api/verification';
import { resetFailureAction, resetTokenFromSearch } from './reset-link';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ_-01234';

describe('reset link', () => {
  it('reads a well-formed token from the address, and nothing else', () => {
    expect(resetTokenFromSearch(`?token=${TOKEN}`)).toBe(TOKEN);
    expect(resetTokenFromSearch(`?lang=en&token=${TOKEN}`)).toBe(TOKEN);
    expect(resetTokenFromSearch('')).toBeNull();
    expect(resetTokenFromSearch('?token=')).toBeNull();
    expect(resetTokenFromSearch(`?token=${TOKEN}x`)).toBeNull();
    expect(resetTokenFromSearch(`?token=${TOKEN.slice(1)}%3C`)).toBeNull();
  });

  it('a dead link sends the member to ask for a new one; other refusals stay on the form', () => {
    expect(resetFailureAction('RESET_LINK_INVALID')).toBe('requestNewLink');
    expect(resetFailureAction('VALIDATION_FAILED')).toBe('stay');
    expect(resetFailureAction('NETWORK_ERROR')).toBe('stay');
  });
});

describe('SMS code requests', () => {
  const number = { mobileNum: '0812345678', countryDialingCode: '66' };
  it('sign-in and reset codes go through /noLogin, the reset one marked; registration has its own route and field name', () => {
    expect(smsRequest('noLogin', number)).toEqual({ path: '/wps/verification/sms/noLogin', body: number });
    expect(smsRequest('reset', number)).toEqual({ path: '/wps/verification/sms/noLogin', body: { ...number, purpose: 'reset' } });
    expect(smsRequest('register', number)).toEqual({ path: '/wps/verification/sms/register', body: { ...number, mobileNo: '0812345678' } });
  });
});
