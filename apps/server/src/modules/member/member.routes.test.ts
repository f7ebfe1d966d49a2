import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PATTERN_IDS, PATTERNS, patternMessage, type PatternId } from '@apsara/contracts';
import { startHarness, CAPTCHA_ANSWER, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

let seq = 0;
const fresh = () => `newbie${Date.now().toString(36).slice(-5)}${seq++}`;
const base = (username = fresh()) => ({
  username,
  password: 'Secret123',
  confirmPassword: 'Secret123',
  captcha: CAPTCHA_ANSWER,
  termsAccepted: true,
  ageConfirmed: true,
  registerMethod: 'WEB',
  registerUrl: 'http://localhost:8080/register',
  domain: 'localhost',
});
const register = (payload: Record<string, unknown>, opts: { lang?: string; host?: string } = {}) =>
  h.call({ method: 'PUT', url: '/wps/member/register', payload, ...opts });

describe('PUT /wps/member/register', () => {
  it('creates the member with a main wallet, signs in, and the token works', async () => {
    const before = await h.counts();
    const res = await register(base('Newcomer01'));
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ firstTimeLogin: true, isAgent: false, isTrial: false, mustChangePassword: false });
    const after = await h.counts();
    expect(after.members).toBe(before.members + 1);
    expect(after.accounts).toBe(before.accounts + 1);
    const info = (await h.call({ method: 'GET', url: '/wps/member/info', token: v.token })).json().value;
    expect(info).toMatchObject({ account: 'Newcomer01', type: 0, balance: '0.00', currencySymbol: '$', unreadCount: 0 });
  });

  it('usernames are unique per merchant, case-insensitively', async () => {
    await register(base('CaseUser'));
    const dup = await register(base('caseuser'), { lang: 'en' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'USERNAME_TAKEN', fields: [{ field: 'username' }] });
  });

  it('checks the affiliate code first and files the member under that agent', async () => {
    const bad = await register({ ...base(), username: '1bad', affiliateCode: 'NOPE' }, { lang: 'en' });
    expect(bad.json()).toMatchObject({ code: 'INVITATION_CODE_INVALID', message: 'Invalid invitation code' });
    const name = fresh();
    const ok = await register({ ...base(name), affiliateCode: 'aps888' });
    expect(ok.statusCode).toBe(200);
    const row = await h.database.db.selectFrom('members as m').innerJoin('members as p', 'p.id', 'm.parent_id').select('p.username').where('m.username', '=', name).executeTakeFirst();
    expect(row?.username).toBe('agent01');
  });

  it('names every broken rule, in the caller language, and writes nothing', async () => {
    const before = await h.counts();
    const res = await register({ username: '9x', password: 'abc', confirmPassword: 'abd', termsAccepted: false, ageConfirmed: false }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const byField = Object.fromEntries(body.fields.map((f: any) => [f.field, f]));
    expect(byField.username.message).toBe(patternMessage('LETTER_FIRST_ALNUM', 'en', 4, 16));
    expect(byField.password).toBeDefined();
    expect(byField.confirmPassword).toBeDefined();
    expect(byField.terms ?? byField.termsAccepted).toBeDefined();
    expect(byField.age ?? byField.ageConfirmed).toBeDefined();
    expect(byField.captcha).toBeDefined();
    expect(await h.counts()).toEqual(before);
    const km = await register({ username: '9x' }, { lang: 'km' });
    expect(km.json().fields.find((f: any) => f.field === 'username').message).toBe(patternMessage('LETTER_FIRST_ALNUM', 'km', 4, 16));
  });

  it('a wrong captcha is refused', async () => {
    const res = await register({ ...base(), captcha: 'WRONG' });
    expect(res.json().code).toBe('CAPTCHA_INVALID');
  });

  it('is refused when username registration is switched off', async () => {
    await h.setConfig('APSARA', (c) => (c.flags.USERNAMEREG3 = false));
    const res = await register(base());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('REGISTRATION_DISABLED');
    await h.setConfig('APSARA', (c) => (c.flags.USERNAMEREG3 = true));
  });

  it('uses the merchant age: 21 when configured', async () => {
    await h.setConfig('APSARA', (c) => (c.register = { ...(c.register ?? {}), minAge: 21 }));
    const res = await register({ ...base(), ageConfirmed: false }, { lang: 'en' });
    const age = res.json().fields.find((f: any) => f.rule === 'age');
    expect(age.message).toContain('21');
    await h.setConfig('APSARA', (c) => (c.register.minAge = 18));
  });
});

describe('PUT /wps/member/register/mobile', () => {
  const mobileBody = (mobileNum: string) => ({ ...base(), username: undefined, mobileNum, countryDialingCode: '66' });

  it('registers with the number as username, leading zeros removed, where mobile registration is on', async () => {
    const res = await h.call({ method: 'PUT', url: '/wps/member/register/mobile', host: 'lotus.localhost', payload: mobileBody('0081234567') });
    expect(res.statusCode, res.body).toBe(200);
    const info = (await h.call({ method: 'GET', url: '/wps/member/info', host: 'lotus.localhost', token: res.json().value.token })).json().value;
    expect(info.account).toBe('81234567');
  });

  it('is refused where the flag is off, and a bad number is named', async () => {
    const off = await h.call({ method: 'PUT', url: '/wps/member/register/mobile', payload: mobileBody('0812345678') });
    expect(off.json().code).toBe('REGISTRATION_DISABLED');
    const bad = await h.call({ method: 'PUT', url: '/wps/member/register/mobile', host: 'lotus.localhost', payload: mobileBody('08-12'), lang: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ field: 'mobileNum' });
    const zeros = await h.call({ method: 'PUT', url: '/wps/member/register/mobile', host: 'lotus.localhost', payload: mobileBody('0000000'), lang: 'en' });
    expect(zeros.json().fields[0]).toMatchObject({ field: 'mobileNum', message: 'Please enter a valid mobile number' });
  });
});

describe('SMS codes and password reset', () => {
  // The flows themselves are tested in modules/verification/verification.routes.test.ts.
  it('checks the input first, and a site with the function off says so', async () => {
    const sms = (purpose: string, payload: object, host = 'lotus.localhost') => h.call({ method: 'POST', url: `/wps/verification/sms/${purpose}`, payload, host, lang: 'en' });
    expect((await sms('noLogin', { mobileNum: '12' })).json().fields[0]).toMatchObject({ field: 'mobileNum', message: 'Please enter a valid mobile number' });
    const good = await sms('noLogin', { mobileNum: '0812345678', countryDialingCode: '66' });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ success: true, value: { expiredMinutes: 1 } });
    expect((await sms('noLogin', { mobileNum: '0812345678', countryDialingCode: '+66' })).json().code).toBe('RATE_LIMITED');
    // The default site has SMS login switched off altogether.
    expect((await sms('noLogin', { mobileNum: '0812345679' }, 'localhost')).json().code).toBe('FUNCTION_NOT_ENABLED');

    const email = (payload: object) => h.call({ method: 'POST', url: '/wps/member/password/email', payload, lang: 'en' });
    const bad = (await email({ username: '', email: 'nope' })).json();
    expect(bad.fields.map((f: any) => f.field)).toEqual(['username', 'email']);
    expect((await email({ username: 'demo01', email: 'demo@example.com' })).json()).toEqual({ success: true, value: { sent: true } });

    const phone = (payload: object) => h.call({ method: 'POST', url: '/wps/member/password/verification', payload, host: 'lotus.localhost', lang: 'en' });
    const pbad = (await phone({ mobileNum: 'x', newPassword: 'short' })).json();
    expect(pbad.fields.map((f: any) => f.field)).toEqual(['mobileNum', 'verificationCode', 'newPassword']);
    expect((await phone({ mobileNum: '0812345678', verificationCode: '1234', newPassword: 'Better123' })).json().code).toBe('VERIFICATION_CODE_INVALID');
  });
});

/** One accepted and one refused example per pattern of the catalogue, as the server applies them. */
const SAMPLES: Record<PatternId, [string, string]> = {
  DIGITS: ['0123456', '12a456'],
  LETTER_FIRST_ALNUM: ['abc123', '1abc23'],
  ALNUM: ['abc123', 'abc 123'],
  ALNUM_MIXED: ['abc123', 'abcdef'],
  HAS_UPPERCASE: ['abcDef', 'abcdef'],
  NO_SPACES: ['abc-def', 'abc def'],
  ENGLISH_SPACES: ['John Smith', 'John3'],
  TWO_LETTERS_SPACES: ['Sok Dara', 'a 1'],
  ALNUM_SYMBOLS: ['a1!@#b', 'a1 b'],
  UPPERCASE_ONLY: ['ABCDEF', 'ABCdef'],
  THAI_ONLY: ['สวัสดี', 'สวัสดีabc'],
  KOREAN_ONLY: ['안녕하세요', '안녕abc'],
  THAI_OR_ENGLISH: ['Somchai', '안녕하세요'],
  CHINESE_SYMBOLS: ['张三·李四', 'zhang'],
  LETTERS_CHINESE: ['Li张三', 'Li 张三'],
  JAPANESE_FULLWIDTH: ['やまだタロウ', 'やまだ タロウ'],
  EMAIL: ['player@example.com', 'player@'],
  FULL_NAME: ['Dara Sok', 'Dara'],
  DATE: ['2000-02-29', '2001-02-29'],
  STRONG_PASSWORD: ['Abcdef1!', 'Abcdef12'],
  ANY: ['anything at all ✓', ''],
};

describe('every pattern of the catalogue, applied by the server', () => {
  it.each(PATTERN_IDS.filter((p) => p !== 'ANY'))('%s accepts its example and refuses the counter-example', async (id) => {
    await h.setConfig('APSARA', (c) => {
      c.register = c.register ?? {};
      c.register.fields = { idNumber: { enabled: true, required: true, patternId: id, acceptedPattern: PATTERNS[id].source, minLength: 1, maxLength: 40 } };
    });
    const [good, bad] = SAMPLES[id];
    const refused = await register({ ...base(), idNumber: bad }, { lang: 'en' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().fields).toEqual([{ field: 'idNumber', rule: 'pattern', message: patternMessage(id, 'en', 1, 40) }]);
    const accepted = await register({ ...base(), idNumber: good });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it("'*' accepts anything, and min/max lengths still apply", async () => {
    await h.setConfig('APSARA', (c) => {
      c.register.fields = { idNumber: { enabled: true, required: true, patternId: 'ANY', acceptedPattern: '*', minLength: 3, maxLength: 5 } };
    });
    expect((await register({ ...base(), idNumber: '✓ ok' })).statusCode).toBe(200);
    const short = await register({ ...base(), idNumber: 'ab' }, { lang: 'en' });
    expect(short.json().fields[0]).toMatchObject({ field: 'idNumber', rule: 'minLength' });
    const long = await register({ ...base(), idNumber: 'abcdef' }, { lang: 'en' });
    expect(long.json().fields[0]).toMatchObject({ field: 'idNumber', rule: 'maxLength' });
    await h.setConfig('APSARA', (c) => (c.register.fields = {}));
  });
});

describe('member info, icon, password and language', () => {
  it('info and icon need a token', async () => {
    for (const url of ['/wps/member/info', '/wps/member/info/icon']) {
      const res = await h.call({ method: 'GET', url, lang: 'en' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('NOT_LOGGED_IN');
    }
    const token = await h.login('agent01', 'Agent1234');
    const info = (await h.call({ method: 'GET', url: '/wps/member/info', token })).json().value;
    expect(info).toMatchObject({ account: 'agent01', nickname: 'Golden Agent', type: 1, isAgent: true, vip: { hasVip: false } });
    // An agent reads their own invitation code (the agent center shows it with its link); a player has none.
    expect(info.affiliateCode).toBe('APS888');
    const player = (await h.call({ method: 'GET', url: '/wps/member/info', token: await h.login('demo01', 'Demo1234') })).json().value;
    expect(player.affiliateCode).toBeNull();
    const icon = (await h.call({ method: 'GET', url: '/wps/member/info/icon', token })).json().value;
    expect(icon.iconUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(icon.initials).toBe('GO');
  });

  it('changes the password by the rules, ends every session, and the new password works', async () => {
    const name = fresh();
    const token = (await register(base(name))).json().value.token;
    const other = await h.login(name, 'Secret123');
    const post = (payload: Record<string, unknown>) => h.call({ method: 'POST', url: '/wps/member/password', token, payload, lang: 'en' });

    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.map((f: any) => f.field).sort()).toEqual(['confirmNewPassword', 'newPassword', 'oldPassword']);
    const weak = await post({ oldPassword: 'Secret123', newPassword: 'short', confirmNewPassword: 'short' });
    expect(weak.json().fields[0]).toMatchObject({ field: 'newPassword' });
    const mismatch = await post({ oldPassword: 'Secret123', newPassword: 'Better456', confirmNewPassword: 'Better457' });
    expect(mismatch.json().fields[0]).toMatchObject({ field: 'confirmNewPassword' });
    const wrongOld = await post({ oldPassword: 'Wrong1234', newPassword: 'Better456', confirmNewPassword: 'Better456' });
    expect(wrongOld.json().code).toBe('OLD_PASSWORD_WRONG');

    const ok = await post({ oldPassword: 'Secret123', newPassword: 'Better456', confirmNewPassword: 'Better456' });
    expect(ok.json()).toEqual({ success: true, value: { changed: true, reloginRequired: true } });
    for (const t of [token, other]) expect((await h.call({ method: 'GET', url: '/wps/member/info', token: t })).statusCode).toBe(401);
    expect((await h.call({ method: 'POST', url: '/wps/session/login', payload: { username: name, password: 'Secret123' } })).statusCode).toBe(401);
    await h.login(name, 'Better456');
  });

  it('remembers the language the member picks', async () => {
    const token = await h.login('demo01', 'Demo1234');
    const res = await h.call({ method: 'PUT', url: '/wps/member/language', token, payload: { language: 'EN' } });
    expect(res.json()).toEqual({ success: true, value: { language: 'en' } });
    expect((await h.call({ method: 'GET', url: '/wps/member/info', token })).json().value.language).toBe('en');
    const bad = await h.call({ method: 'PUT', url: '/wps/member/language', token, payload: { language: 'xx' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /wps/agent/affiliate', () => {
  it('tells valid agent codes from unknown ones, per merchant', async () => {
    const ok = (await h.call({ method: 'GET', url: '/wps/agent/affiliate?code=APS888&domain=localhost' })).json().value;
    expect(ok).toEqual({ valid: true, agentName: expect.stringMatching(/^Go\*+$/) });
    const unknown = (await h.call({ method: 'GET', url: '/wps/agent/affiliate?code=ZZZ' })).json().value;
    expect(unknown).toEqual({ valid: false, agentName: null });
    const elsewhere = (await h.call({ method: 'GET', url: '/wps/agent/affiliate?code=APS888', host: 'lotus.localhost' })).json().value;
    expect(elsewhere.valid).toBe(false);
    const wrongDomain = await h.call({ method: 'GET', url: '/wps/agent/affiliate?code=APS888&domain=lotus.localhost', lang: 'en' });
    expect(wrongDomain.json()).toMatchObject({ code: 'DOMAIN_INVALID', message: 'Domain check invalid' });
  });
});
