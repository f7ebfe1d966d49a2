import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTER_RULES, patternMessage, validationMessage, type RegisterFieldRule } from '@apsara/contracts';
import { agentInviteLink, EMPTY_OPEN_ACCOUNT, openAccountErrors, placeOpenAccountError, toOpenAccountBody, type OpenAccountValues } from './open-account';

const RULES = { username: DEFAULT_REGISTER_RULES.username, password: DEFAULT_REGISTER_RULES.password };
const good: OpenAccountValues = { kind: 'member', username: 'newbie01', password: 'Secret123', confirmPassword: 'Secret123', nickname: '' };

describe('open-account form: the client-side check', () => {
  it('passes a valid account', () => {
    expect(openAccountErrors(good, RULES, 'en')).toEqual({});
    expect(openAccountErrors({ ...good, kind: 'agent', nickname: 'Boss' }, RULES, 'en')).toEqual({});
  });

  it('requires username, password and the confirmation, whatever the registration form switches off', () => {
    const off: RegisterFieldRule = { ...DEFAULT_REGISTER_RULES.username, enabled: false, required: false };
    const errors = openAccountErrors(EMPTY_OPEN_ACCOUNT, { username: off, password: { ...RULES.password, required: false } }, 'en');
    expect(Object.keys(errors).sort()).toEqual(['confirmPassword', 'password', 'username']);
    expect(errors.confirmPassword).toBe(validationMessage('inputEmpty', 'en'));
  });

  it("words the merchant's rule in the page's language", () => {
    const errors = openAccountErrors({ ...good, username: '1abc' }, RULES, 'km');
    expect(errors.username).toBe(patternMessage('LETTER_FIRST_ALNUM', 'km', 4, 16));
    expect(openAccountErrors({ ...good, password: 'short', confirmPassword: 'short' }, RULES, 'cn').password).toBe(patternMessage('ALNUM_MIXED', 'cn', 6, 20));
  });

  it('refuses characters sign-in would not accept even where the pattern allows anything', () => {
    const any: RegisterFieldRule = { ...RULES.username, acceptedPattern: '*', patternId: 'ANY' };
    expect(openAccountErrors({ ...good, username: 'two words' }, { ...RULES, username: any }, 'en').username).toBe(validationMessage('accountFormat', 'en'));
  });

  it('catches a confirmation that differs', () => {
    expect(openAccountErrors({ ...good, confirmPassword: 'Secret124' }, RULES, 'en')).toEqual({ confirmPassword: validationMessage('passwordInconsistent', 'en') });
  });
});

describe('open-account form: what is sent', () => {
  it('trims the username and leaves out an empty nickname', () => {
    expect(toOpenAccountBody({ ...good, username: '  newbie01 ', nickname: '   ' })).toEqual({ kind: 'member', username: 'newbie01', password: 'Secret123', confirmPassword: 'Secret123' });
    expect(toOpenAccountBody({ ...good, kind: 'agent', nickname: ' Boss ' })).toMatchObject({ kind: 'agent', nickname: 'Boss' });
  });
});

describe("open-account form: the server's refusals", () => {
  it('puts a taken username on the username field', () => {
    const placed = placeOpenAccountError({ code: 'USERNAME_TAKEN', message: 'Username already exists', fields: [{ field: 'username', rule: 'taken', message: 'Username already exists' }] });
    expect(placed).toEqual({ fields: { username: 'Username already exists' }, form: null });
    // Named by its code alone, it still lands there.
    expect(placeOpenAccountError({ code: 'USERNAME_TAKEN', message: 'Taken', fields: [] })).toEqual({ fields: { username: 'Taken' }, form: null });
  });

  it('puts each named field on its own line and anything else above the button', () => {
    const placed = placeOpenAccountError({
      code: 'VALIDATION_FAILED',
      message: 'Please check: password, nickname, referrer',
      fields: [
        { field: 'password', rule: 'pattern', message: 'Please enter 6 - 20 characters' },
        { field: 'nickname', rule: 'tooLong', message: '' },
        { field: 'referrer', rule: 'unknown', message: 'referrer is not accepted' },
      ],
    });
    expect(placed.fields).toEqual({ password: 'Please enter 6 - 20 characters', nickname: 'Please check: password, nickname, referrer' });
    expect(placed.form).toBe('referrer is not accepted');
  });

  it('says "too many" and network failures above the button', () => {
    expect(placeOpenAccountError({ code: 'RATE_LIMITED', message: 'Too many requests', fields: [] })).toEqual({ fields: {}, form: 'Too many requests' });
  });
});

describe("open account: the agent's own invitation link", () => {
  it('is the register page with the code where the register popup reads it', () => {
    expect(agentInviteLink('APS888', 'https://apsara.example')).toBe('https://apsara.example/register?affiliateCode=APS888');
    expect(new URL(agentInviteLink('AC9J9GBT', 'http://localhost:8080')).searchParams.get('affiliateCode')).toBe('AC9J9GBT');
  });
});
