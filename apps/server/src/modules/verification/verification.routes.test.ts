import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../config.js';
import { housekeeping } from '../../jobs/housekeeping.js';
import { startHarness, CAPTCHA_ANSWER, type Harness } from '../../../test/harness.js';
import { httpGateway, gatewaySignature } from '../notify-gateway/message-gateway.js';
import { outboxRepository } from '../notify-gateway/outbox.repository.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

const LOTUS = 'lotus.localhost';
const LOTUS_MOBILE = '0812345678';

type Opts = { host?: string; lang?: string; ip?: string };
const post = (url: string, payload: Record<string, unknown>, o: Opts = {}) => h.call({ method: 'POST', url, payload, host: o.host ?? LOTUS, lang: o.lang ?? 'en', ip: o.ip });
const askCode = (mobileNum: string, o: Opts & { route?: 'noLogin' | 'register'; purpose?: 'login' | 'reset' } = {}) =>
  post(`/wps/verification/sms/${o.route ?? 'noLogin'}`, { mobileNum, countryDialingCode: '66', ...(o.purpose ? { purpose: o.purpose } : {}) }, o);
const smsLogin = (mobileNum: string, verificationCode: string, o: Opts = {}) => post('/wps/session/login', { type: 'sms', mobileNum, countryDialingCode: '66', verificationCode }, o);

/** The simulator inbox's newest message to `to` on `host`, and the code or link in it. */
const inbox = async (to: string, host = LOTUS) => (await h.call({ method: 'GET', url: `/msgsim/messages?to=${encodeURIComponent(to)}`, host })).json().value as { text: string; channel: string; purpose: string; to: string }[];
const latestCode = async (to: string, host = LOTUS) => {
  const [m] = await inbox(to, host);
  const code = m?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${to}`);
  return code;
};
const count = async (table: 'verification_codes' | 'outbound_messages' | 'password_reset_tokens' | 'members' | 'sessions' | 'audit_log') =>
  Number((await sql<{ n: bigint }>`select count(*)::int8 as n from ${sql.table(table)}`.execute(h.database.db)).rows[0].n);
/** Another code than `code` (a wrong guess). */
const wrong = (code: string) => ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');

let seq = 0;
/** A member of Lotus with a number of its own, made through mobile registration. */
const lotusMember = async () => {
  const mobileNum = `089${(Date.now() % 100_000).toString().padStart(5, '0')}${seq++ % 10}`;
  const res = await h.call({
    method: 'PUT',
    url: '/wps/member/register/mobile',
    host: LOTUS,
    payload: { mobileNum, countryDialingCode: '66', password: 'Secret123', confirmPassword: 'Secret123', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true, registerMethod: 'WEB' },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { mobileNum, username: mobileNum.replace(/^0+/, ''), token: res.json().value.token as string };
};

describe('POST /wps/verification/sms/noLogin', () => {
  it('refuses a bad number and writes nothing; a good one answers value.expiredMinutes and texts a code stored only as a hash', async () => {
    const before = [await count('verification_codes'), await count('outbound_messages')];
    const bad = await askCode('12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ field: 'mobileNum', message: 'Please enter a valid mobile number' });
    expect([await count('verification_codes'), await count('outbound_messages')]).toEqual(before);

    const res = await askCode(LOTUS_MOBILE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { expiredMinutes: 1 } });
    const [msg] = await inbox(LOTUS_MOBILE);
    expect(msg).toMatchObject({ channel: 'sms', purpose: 'login', to: '+66812345678' });
    const code = await latestCode(LOTUS_MOBILE);
    const row = await h.database.db.selectFrom('verification_codes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ destination: '+66812345678', purpose: 'login', attempts: 0, consumed_at: null });
    expect(row.code_hash).not.toContain(code);
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    // Once a second per number (spec §5).
    expect((await askCode(LOTUS_MOBILE)).json().code).toBe('RATE_LIMITED');
  });

  it('the code lives as long as the site says (expiredMinutes), and the human inbox page shows the message', async () => {
    await h.setConfig('LOTUS', (c) => (c.sms = { expiredMinutes: 3 }));
    try {
      expect((await askCode(LOTUS_MOBILE)).json().value).toEqual({ expiredMinutes: 3 });
    } finally {
      await h.setConfig('LOTUS', (c) => delete c.sms);
    }
    const page = await h.call({ method: 'GET', url: '/msgsim/inbox?to=0812345678', host: LOTUS });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('+66812345678');
    expect(page.body).toMatch(/verification code is \d{6}/);
  });

  it('caps the codes one number is sent per hour', async () => {
    const { mobileNum } = await lotusMember();
    for (let i = 0; i < 5; i++) {
      expect((await askCode(mobileNum, { ip: `10.9.0.${i}` })).statusCode).toBe(200);
      await h.database.db.deleteFrom('auth_throttles').where('key', 'like', 'sms:%').execute();
    }
    const sixth = await askCode(mobileNum, { ip: '10.9.0.99' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/try again in \d+ min/) });
  });

  it('is refused where the site has the function off', async () => {
    expect((await askCode(LOTUS_MOBILE, { host: 'localhost' })).json().code).toBe('FUNCTION_NOT_ENABLED');
    expect((await askCode(LOTUS_MOBILE, { route: 'register' })).json().code).toBe('FUNCTION_NOT_ENABLED');
  });
});

describe('SMS login', () => {
  it('signs in with a fresh code, records the sign-in, asks for no password change, and the code works once', async () => {
    await askCode(LOTUS_MOBILE);
    const code = await latestCode(LOTUS_MOBILE);
    const res = await smsLogin(LOTUS_MOBILE, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ mustChangePassword: false, isTrial: false });
    const info = (await h.call({ method: 'GET', url: '/wps/member/info', host: LOTUS, token: res.json().value.token })).json().value;
    expect(info.account).toBe('lotus01');
    const hist = await h.database.db.selectFrom('login_history').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(hist).toMatchObject({ success: true, reason: 'sms', username: 'lotus01' });

    const again = await smsLogin(LOTUS_MOBILE, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_CODE_EXPIRED', message: expect.stringContaining('request a new one') });
  });

  it('a wrong code is told in the caller language; the code dies after 5 wrong tries', async () => {
    await askCode(LOTUS_MOBILE);
    const code = await latestCode(LOTUS_MOBILE);
    const km = await smsLogin(LOTUS_MOBILE, wrong(code), { lang: 'km', ip: '10.1.0.1' });
    expect(km.statusCode).toBe(400);
    expect(km.json()).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', message: 'លេខកូដផ្ទៀងផ្ទាត់មិនត្រឹមត្រូវ សូមពិនិត្យ ហើយព្យាយាមម្តងទៀត' });
    expect((await smsLogin(LOTUS_MOBILE, wrong(code), { lang: 'cn', ip: '10.1.0.2' })).json().message).toBe('验证码错误，请检查后重试');
    // From other addresses, so the address lock does not speak first: the cap is the code's own.
    for (let i = 3; i <= 5; i++) expect((await smsLogin(LOTUS_MOBILE, wrong(code), { ip: `10.1.0.${i}` })).json().code).toBe('VERIFICATION_CODE_INVALID');
    const right = await smsLogin(LOTUS_MOBILE, code, { ip: '10.1.0.6' });
    expect(right.json().code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('locks a number and address after repeated failures, like a password sign-in', async () => {
    await askCode(LOTUS_MOBILE);
    const code = await latestCode(LOTUS_MOBILE);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await smsLogin(LOTUS_MOBILE, wrong(code), { ip: '10.2.0.1' })).json().code);
    expect(codes).toEqual(['VERIFICATION_CODE_INVALID', 'VERIFICATION_CODE_INVALID', 'VERIFICATION_CODE_INVALID', 'VERIFICATION_CODE_INVALID', 'TOO_MANY_REQUESTS']);
  });

  it('an expired code is refused', async () => {
    await askCode(LOTUS_MOBILE);
    const code = await latestCode(LOTUS_MOBILE);
    await h.database.db.updateTable('verification_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('destination', '=', '+66812345678').execute();
    const res = await smsLogin(LOTUS_MOBILE, code);
    expect(res.json().code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('a number nobody has gets the same answers as a known one, and no text is sent', async () => {
    const unknown = '0855501234';
    const sentBefore = await count('outbound_messages');
    const asked = await askCode(unknown);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ success: true, value: { expiredMinutes: 1 } });
    expect(await count('outbound_messages')).toBe(sentBefore);
    const nobody = await smsLogin(unknown, '123456');
    await askCode(LOTUS_MOBILE);
    const someone = await smsLogin(LOTUS_MOBILE, wrong(await latestCode(LOTUS_MOBILE)));
    expect(nobody.statusCode).toBe(someone.statusCode);
    expect(nobody.json()).toEqual(someone.json());
    // A number no code was ever asked for reads the same too.
    expect((await smsLogin('0855509999', '123456')).json()).toEqual(someone.json());
  });

  it("another site's member is not reachable: a number is looked up within the site only", async () => {
    await h.setConfig('APSARA', (c) => (c.flags.MOBILEVERCODELOGIN3 = true));
    try {
      const sentBefore = await count('outbound_messages');
      expect((await askCode(LOTUS_MOBILE, { host: 'localhost' })).statusCode).toBe(200);
      expect(await count('outbound_messages')).toBe(sentBefore);
      // A Lotus code does not open anything on the other site.
      await askCode(LOTUS_MOBILE);
      const code = await latestCode(LOTUS_MOBILE);
      expect((await smsLogin(LOTUS_MOBILE, code, { host: 'localhost' })).json().code).toBe('VERIFICATION_CODE_INVALID');
      expect((await h.call({ method: 'GET', url: '/msgsim/messages?to=0812345678', host: 'localhost' })).json().value).toEqual([]);
    } finally {
      await h.setConfig('APSARA', (c) => (c.flags.MOBILEVERCODELOGIN3 = false));
    }
  });

  it('bad input is named and writes nothing', async () => {
    const before = [await count('verification_codes'), await count('sessions')];
    const hist = Number((await sql<{ n: bigint }>`select count(*)::int8 as n from login_history`.execute(h.database.db)).rows[0].n);
    const res = await post('/wps/session/login', { type: 'sms', mobileNum: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['mobileNum', 'verificationCode']);
    expect([await count('verification_codes'), await count('sessions')]).toEqual(before);
    expect(Number((await sql<{ n: bigint }>`select count(*)::int8 as n from login_history`.execute(h.database.db)).rows[0].n)).toBe(hist);
  });
});

describe('country dialing codes (spec §3 "Country entry")', () => {
  afterAll(() => h.setConfig('LOTUS', (c) => delete c.dialingCodes));
  const ask = (mobileNum: string, countryDialingCode: string | undefined, route: 'noLogin' | 'register' = 'noLogin') =>
    post(`/wps/verification/sms/${route}`, { mobileNum, ...(countryDialingCode === undefined ? {} : { countryDialingCode }) }, { lang: 'km' });

  it('GET /wps/system/countryCodes answers the site\'s countries in its order, the defaults until it sets its own', async () => {
    const before = (await h.call({ method: 'GET', url: '/wps/system/countryCodes', host: LOTUS, lang: 'en' })).json();
    expect(before.success).toBe(true);
    expect(before.value[0]).toEqual({ countryCode: 'KH', countryDialingCode: '855', name: 'Cambodia' });
    expect(before.value).toContainEqual({ countryCode: 'TH', countryDialingCode: '66', name: 'Thailand' });
    await h.setConfig('LOTUS', (c) => (c.dialingCodes = { countries: ['TH', 'US', 'CA'] }));
    const after = (await h.call({ method: 'GET', url: '/wps/system/countryCodes', host: LOTUS, lang: 'en' })).json().value;
    expect(after).toEqual([
      { countryCode: 'TH', countryDialingCode: '66', name: 'Thailand' },
      { countryCode: 'US', countryDialingCode: '1', name: 'United States' },
      { countryCode: 'CA', countryDialingCode: '1', name: 'Canada' },
    ]);
    // Named in the caller's language, Khmer too (which browsers lack).
    const km = (await h.call({ method: 'GET', url: '/wps/system/countryCodes', host: LOTUS, lang: 'km' })).json().value;
    expect(km[0]).toEqual({ countryCode: 'TH', countryDialingCode: '66', name: 'ថៃ' });
    expect((await h.call({ method: 'GET', url: '/wps/system/countryCodes', host: LOTUS, lang: 'cn' })).json().value[0].name).toBe('泰国');
    // Another site keeps its own list.
    expect((await h.call({ method: 'GET', url: '/wps/system/countryCodes', host: 'localhost' })).json().value[0].countryCode).toBe('KH');
  });

  it('texts only to a code the site serves ("+66" and "66" alike; none means its default), and refuses another in the caller language, writing nothing', async () => {
    await h.setConfig('LOTUS', (c) => (c.dialingCodes = { countries: ['TH', 'US'] }));
    const before = [await count('verification_codes'), await count('outbound_messages')];
    for (const other of ['855', '+855', '84', '9999', 'abc', '+']) {
      const res = await ask(LOTUS_MOBILE, other);
      expect(res.statusCode, other).toBe(400);
      expect(res.json(), other).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ field: 'countryDialingCode', rule: 'unsupported', message: 'គេហទំព័រនេះមិនទទួលលេខទូរស័ព្ទដែលមានលេខកូដប្រទេសនេះទេ' }] });
    }
    expect([await count('verification_codes'), await count('outbound_messages')]).toEqual(before);

    // +1 is shared: a site serving the United States does not text a Jamaican number.
    await h.setConfig('LOTUS', (c) => (c.flags.REGMOBVERF3 = true));
    try {
      const jm = await ask('8765551234', '+1', 'register');
      expect(jm.statusCode).toBe(400);
      expect(jm.json().fields).toEqual([expect.objectContaining({ field: 'countryDialingCode', rule: 'unsupported' })]);
    } finally {
      await h.setConfig('LOTUS', (c) => (c.flags.REGMOBVERF3 = false));
    }
    // A registration code goes to the number as asked ("+1" served): no account holds it yet.
    await h.setConfig('LOTUS', (c) => (c.flags.REGMOBVERF3 = true));
    try {
      expect((await ask('2025550123', '+1', 'register')).statusCode).toBe(200);
    } finally {
      await h.setConfig('LOTUS', (c) => (c.flags.REGMOBVERF3 = false));
    }
    expect((await inbox('2025550123'))[0].to).toBe('+12025550123');
    await h.database.db.deleteFrom('auth_throttles').execute();
    // None named: the site's default, Thailand here, where lotus01's number is.
    expect((await ask(LOTUS_MOBILE, undefined)).statusCode).toBe(200);
    expect((await inbox(LOTUS_MOBILE))[0].to).toBe('+66812345678');
  });

  it("a sign-in code goes only to the member's number in the country it was stored with: the same digits elsewhere get the same answer and no text", async () => {
    await h.setConfig('LOTUS', (c) => (c.dialingCodes = { countries: ['TH', 'KH'] }));
    const texts = (await inbox(LOTUS_MOBILE)).length;
    const other = await ask(LOTUS_MOBILE, '+855');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ success: true, value: { expiredMinutes: 1 } });
    expect(await inbox(LOTUS_MOBILE)).toHaveLength(texts);
    const code = await h.database.db.selectFrom('verification_codes').select('id').where('destination', '=', '+855812345678').orderBy('id', 'desc').executeTakeFirst();
    expect(code).toBeDefined();
    await h.database.db.deleteFrom('auth_throttles').execute();
    expect((await ask(LOTUS_MOBILE, '66')).statusCode).toBe(200);
    expect(await inbox(LOTUS_MOBILE)).toHaveLength(texts + 1);
    expect((await inbox(LOTUS_MOBILE))[0].to).toBe('+66812345678');
  });

  it('a sign-up stores a code the site serves, its default when the form sent none, and refuses another', async () => {
    await h.setConfig('LOTUS', (c) => (c.dialingCodes = { countries: ['TH', 'US'] }));
    const register = (mobileNum: string, countryDialingCode?: string) =>
      h.call({
        method: 'PUT',
        url: '/wps/member/register/mobile',
        host: LOTUS,
        lang: 'en',
        payload: { mobileNum, ...(countryDialingCode === undefined ? {} : { countryDialingCode }), password: 'Secret123', confirmPassword: 'Secret123', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true, registerMethod: 'WEB' },
      });
    const members = await count('members');
    const refused = await register('0861112221', '855');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toContainEqual({ field: 'countryDialingCode', rule: 'unsupported', message: 'This site does not take numbers with this country code' });
    expect(await count('members')).toBe(members);

    expect((await register('0861112222', '+1')).statusCode).toBe(200);
    expect((await register('0861112223')).statusCode).toBe(200);
    const stored = await h.database.db.selectFrom('members').select(['mobile_num', 'country_dialing_code']).where('mobile_num', 'in', ['0861112222', '0861112223']).orderBy('mobile_num').execute();
    expect(stored).toEqual([
      { mobile_num: '0861112222', country_dialing_code: '1' },
      { mobile_num: '0861112223', country_dialing_code: '66' },
    ]);
  });

  it('the same digits in two countries are two phones: each signs in to its own account, resets its own password, and a code of one is refused for the other', async () => {
    await h.setConfig('LOTUS', (c) => (c.dialingCodes = { countries: ['TH', 'KH'] }));
    // A Cambodian member whose number has lotus01's (Thai) digits.
    const made = await h.call({
      method: 'PUT',
      url: '/wps/member/register/mobile',
      host: LOTUS,
      payload: { mobileNum: LOTUS_MOBILE, countryDialingCode: '855', password: 'Secret123', confirmPassword: 'Secret123', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true, registerMethod: 'WEB' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const signIn = (countryDialingCode: string, verificationCode: string) => post('/wps/session/login', { type: 'sms', mobileNum: LOTUS_MOBILE, countryDialingCode, verificationCode });
    const whoIs = async (token: string) => (await h.call({ method: 'GET', url: '/wps/member/info', host: LOTUS, token })).json().value.account as string;

    expect((await ask(LOTUS_MOBILE, '855')).statusCode).toBe(200);
    const [kh] = await inbox(LOTUS_MOBILE);
    expect(kh.to).toBe('+855812345678');
    const khCode = kh.text.match(/\b(\d{6})\b/)![1];
    await h.database.db.deleteFrom('auth_throttles').execute();
    expect((await ask(LOTUS_MOBILE, '66')).statusCode).toBe(200);
    const [th] = await inbox(LOTUS_MOBILE);
    expect(th.to).toBe('+66812345678');
    const thCode = th.text.match(/\b(\d{6})\b/)![1];

    // Each code belongs to its own phone: crossed, both are wrong (and a wrong try leaves the right one usable).
    const sessions = await count('sessions');
    if (khCode !== thCode) {
      expect((await signIn('66', khCode)).json().code).toBe('VERIFICATION_CODE_INVALID');
      expect((await signIn('855', thCode)).json().code).toBe('VERIFICATION_CODE_INVALID');
    }
    expect(await count('sessions')).toBe(sessions);
    const asKh = await signIn('855', khCode);
    expect(asKh.statusCode, asKh.body).toBe(200);
    expect(await whoIs(asKh.json().value.token)).toBe('812345678');
    const asTh = await signIn('66', thCode);
    expect(asTh.statusCode, asTh.body).toBe(200);
    expect(await whoIs(asTh.json().value.token)).toBe('lotus01');

    // A reset code for the Cambodian phone changes the Cambodian account's password, not lotus01's.
    await h.database.db.deleteFrom('auth_throttles').execute();
    expect((await post('/wps/verification/sms/noLogin', { mobileNum: LOTUS_MOBILE, countryDialingCode: '855', purpose: 'reset' })).statusCode).toBe(200);
    const resetCode = (await inbox(LOTUS_MOBILE))[0].text.match(/\b(\d{6})\b/)![1];
    const crossed = await post('/wps/member/password/verification', { mobileNum: LOTUS_MOBILE, countryDialingCode: '66', verificationCode: resetCode, newPassword: 'Better123' });
    expect(crossed.json().code).toBe('VERIFICATION_CODE_INVALID');
    const reset = await post('/wps/member/password/verification', { mobileNum: LOTUS_MOBILE, countryDialingCode: '855', verificationCode: resetCode, newPassword: 'Better123' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post('/wps/session/login', { username: '812345678', password: 'Better123' })).statusCode).toBe(200);
    expect((await post('/wps/session/login', { username: 'lotus01', password: 'Lotus1234' })).statusCode).toBe(200);
  });

  it('a sign-up code proves the number under the dialing code it was sent to, not the same digits elsewhere', async () => {
    await h.setConfig('LOTUS', (c) => {
      c.dialingCodes = { countries: ['TH', 'KH'] };
      c.flags.REGMOBVERF3 = true;
    });
    try {
      const mobileNum = '0865554443';
      expect((await ask(mobileNum, '855', 'register')).statusCode).toBe(200);
      const code = await latestCode(mobileNum);
      const register = (countryDialingCode: string) =>
        h.call({
          method: 'PUT',
          url: '/wps/member/register/mobile',
          host: LOTUS,
          lang: 'en',
          payload: { mobileNum, countryDialingCode, verificationCode: code, password: 'Secret123', confirmPassword: 'Secret123', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true, registerMethod: 'WEB' },
        });
      const members = await count('members');
      const elsewhere = await register('66');
      expect(elsewhere.json()).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', fields: [{ field: 'verificationCode' }] });
      expect(await count('members')).toBe(members);
      const own = await register('855');
      expect(own.statusCode, own.body).toBe(200);
      const stored = await h.database.db.selectFrom('members').select('country_dialing_code').where('mobile_num', '=', mobileNum).executeTakeFirstOrThrow();
      expect(stored.country_dialing_code).toBe('855');
    } finally {
      await h.setConfig('LOTUS', (c) => (c.flags.REGMOBVERF3 = false));
    }
  });
});

describe('registration with an SMS code (REGMOBVERF3)', () => {
  beforeAll(() => h.setConfig('LOTUS', (c) => (c.flags.REGMOBVERF3 = true)));
  afterAll(() => h.setConfig('LOTUS', (c) => (c.flags.REGMOBVERF3 = false)));
  const body = (mobileNum: string, verificationCode?: string) => ({
    mobileNum,
    countryDialingCode: '66',
    verificationCode,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    captcha: CAPTCHA_ANSWER,
    termsAccepted: true,
    ageConfirmed: true,
    registerMethod: 'WEB',
  });
  const registerMobile = (payload: Record<string, unknown>) => h.call({ method: 'PUT', url: '/wps/member/register/mobile', host: LOTUS, lang: 'en', payload });

  it('needs the code sent to that number, uses it up, and a wrong or missing one creates nobody', async () => {
    const mobileNum = '0877712345';
    const members = await count('members');
    const missing = await registerMobile(body(mobileNum));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0]).toMatchObject({ field: 'verificationCode', message: 'Please enter a valid verification code' });

    expect((await askCode(mobileNum, { route: 'register' })).statusCode).toBe(200);
    const code = await latestCode(mobileNum);
    expect((await inbox(mobileNum))[0].purpose).toBe('register');
    const bad = await registerMobile(body(mobileNum, wrong(code)));
    expect(bad.json()).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', fields: [{ field: 'verificationCode' }] });
    // A login code is not a registration code.
    expect((await smsLogin(mobileNum, code)).json().code).toBe('VERIFICATION_CODE_INVALID');
    expect(await count('members')).toBe(members);

    const ok = await registerMobile(body(mobileNum, code));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await count('members')).toBe(members + 1);
    const again = await registerMobile(body('0877712346', code));
    expect(again.json().code).toBe('VERIFICATION_CODE_INVALID');
  });

  it('a taken username is told before the code is used up', async () => {
    const mobileNum = '0877712345'; // registered above
    await askCode(mobileNum, { route: 'register' });
    const code = await latestCode(mobileNum);
    expect((await registerMobile(body(mobileNum, code))).json().code).toBe('USERNAME_TAKEN');
    const row = await h.database.db.selectFrom('verification_codes').select(['consumed_at']).where('destination', '=', '+66877712345').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.consumed_at).toBeNull();
  });
});

describe('forgot password by phone', () => {
  it('a reset code sets the new password, ends every session, and is audited', async () => {
    const m = await lotusMember();
    const other = await h.login(m.username, 'Secret123', LOTUS);
    expect((await askCode(m.mobileNum, { purpose: 'reset' })).statusCode).toBe(200);
    const code = await latestCode(m.mobileNum);
    expect((await inbox(m.mobileNum))[0].purpose).toBe('reset');
    // A reset code does not sign in.
    expect((await smsLogin(m.mobileNum, code)).json().code).toBe('VERIFICATION_CODE_INVALID');

    const res = await post('/wps/member/password/verification', { mobileNum: m.mobileNum, countryDialingCode: '66', verificationCode: code, newPassword: 'Better123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toEqual({ reset: true, reloginRequired: true });
    for (const token of [m.token, other]) expect((await h.call({ method: 'GET', url: '/wps/member/info', host: LOTUS, token })).statusCode).toBe(401);
    expect((await post('/wps/session/login', { username: m.username, password: 'Secret123' })).statusCode).toBe(401);
    await h.login(m.username, 'Better123', LOTUS);
    const audit = await h.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'member.password_reset').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ operator_id: null, target_type: 'member', reason: 'sms' });
    // Once only.
    const again = await post('/wps/member/password/verification', { mobileNum: m.mobileNum, countryDialingCode: '66', verificationCode: code, newPassword: 'Other1234' });
    expect(again.json().code).toBe('VERIFICATION_CODE_EXPIRED');
  });

  it('bad input is named and writes nothing; the site must have phone reset on', async () => {
    const before = [await count('verification_codes'), await count('audit_log')];
    const bad = await post('/wps/member/password/verification', { mobileNum: 'x', newPassword: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(['mobileNum', 'verificationCode', 'newPassword']);
    expect([await count('verification_codes'), await count('audit_log')]).toEqual(before);
    expect((await post('/wps/member/password/verification', { mobileNum: LOTUS_MOBILE, verificationCode: '123456', newPassword: 'Better123' }, { host: 'localhost' })).json().code).toBe('FUNCTION_NOT_ENABLED');
    expect((await askCode(LOTUS_MOBILE, { host: 'localhost', purpose: 'reset' })).json().code).toBe('FUNCTION_NOT_ENABLED');
  });
});

describe('forgot password by e-mail', () => {
  const email = (payload: Record<string, unknown>, o: Opts = {}) => post('/wps/member/password/email', payload, { host: 'localhost', ...o });
  const reset = (payload: Record<string, unknown>) => post('/wps/member/password/reset', payload, { host: 'localhost' });
  const linkToken = async (to: string, host = 'localhost') => {
    const [m] = await inbox(to, host);
    const link = m?.text.match(/(https?:\/\/\S+\/resetPassword\?token=([\w-]+))/);
    if (!link) throw new Error('no link');
    return { url: link[1], token: link[2] };
  };
  let username = '';
  beforeAll(async () => {
    const res = await h.call({
      method: 'PUT',
      url: '/wps/member/register',
      payload: { username: `mailer${Date.now().toString(36).slice(-5)}`, password: 'Secret123', confirmPassword: 'Secret123', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true, registerMethod: 'WEB' },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    const info = (await h.call({ method: 'GET', url: '/wps/member/info', token: res.json().value.token })).json().value;
    username = info.account;
    await h.database.db.updateTable('members').set({ email: 'mailer@example.com' }).where('username', '=', username).execute();
  });

  it('answers the same whether or not username and e-mail match, and mails a link only when they do', async () => {
    const sent = await count('outbound_messages');
    const tokens = await count('password_reset_tokens');
    const answers = [];
    for (const p of [{ username: 'nobody-here', email: 'mailer@example.com' }, { username, email: 'other@example.com' }, { username: 'demo01', email: 'demo01@example.com' }]) {
      answers.push((await email(p)).json());
    }
    expect(await count('outbound_messages')).toBe(sent);
    expect(await count('password_reset_tokens')).toBe(tokens);
    const good = await email({ username: username.toUpperCase(), email: 'MAILER@example.com' });
    expect(good.statusCode).toBe(200);
    for (const a of answers) expect(a).toEqual(good.json());
    expect(good.json()).toEqual({ success: true, value: { sent: true } });
    const { url, token } = await linkToken('mailer@example.com');
    expect(url.startsWith('http://localhost/resetPassword?token=')).toBe(true);
    const row = await h.database.db.selectFrom('password_reset_tokens').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('the link sets a new password once, ends every session, and a bad password leaves the link usable', async () => {
    const session = await h.login(username, 'Secret123');
    await email({ username, email: 'mailer@example.com' });
    const { token } = await linkToken('mailer@example.com');
    const weak = await reset({ token, newPassword: 'abc', confirmNewPassword: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields[0]).toMatchObject({ field: 'newPassword' });
    const mismatch = await reset({ token, newPassword: 'Better123', confirmNewPassword: 'Better124' });
    expect(mismatch.json().fields[0]).toMatchObject({ field: 'confirmNewPassword' });

    const ok = await reset({ token, newPassword: 'Better123', confirmNewPassword: 'Better123' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await h.call({ method: 'GET', url: '/wps/member/info', token: session })).statusCode).toBe(401);
    await h.login(username, 'Better123');
    const again = await reset({ token, newPassword: 'Other1234', confirmNewPassword: 'Other1234' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'RESET_LINK_INVALID', message: expect.stringContaining('request a new one') });
    const audit = await h.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'member.password_reset').where('reason', '=', 'email').executeTakeFirst();
    expect(audit).toBeDefined();
  });

  it('an expired link, an older link, or another site’s link does not work', async () => {
    await email({ username, email: 'mailer@example.com' });
    const first = (await linkToken('mailer@example.com')).token;
    await h.database.db.deleteFrom('auth_throttles').execute();
    await email({ username, email: 'mailer@example.com' });
    const second = (await linkToken('mailer@example.com')).token;
    expect(second).not.toBe(first);
    expect((await reset({ token: first, newPassword: 'Better123', confirmNewPassword: 'Better123' })).json().code).toBe('RESET_LINK_INVALID');
    // The same link on another site.
    expect((await post('/wps/member/password/reset', { token: second, newPassword: 'Better123', confirmNewPassword: 'Better123' }, { host: LOTUS })).json().code).toBe('RESET_LINK_INVALID');
    await h.database.db.updateTable('password_reset_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('used_at', 'is', null).execute();
    expect((await reset({ token: second, newPassword: 'Better123', confirmNewPassword: 'Better123' })).json().code).toBe('RESET_LINK_INVALID');
  });

  it('a host that is not the site’s own gets a link to the configured public address', async () => {
    await email({ username, email: 'mailer@example.com' }, { host: 'evil.example' });
    const { url } = await linkToken('mailer@example.com');
    expect(url.startsWith('http://localhost:8080/resetPassword?token=')).toBe(true);
  });

  it('is rate-limited per address, and quietly per username', async () => {
    const sent = await count('outbound_messages');
    for (let i = 0; i < 5; i++) expect((await email({ username, email: 'mailer@example.com' }, { ip: `10.3.0.${i}` })).statusCode).toBe(200);
    expect(await count('outbound_messages')).toBe(sent + 3);
    for (let i = 0; i < 5; i++) await email({ username: 'nobody', email: 'a@b.co' }, { ip: '10.4.0.1' });
    expect((await email({ username: 'nobody', email: 'a@b.co' }, { ip: '10.4.0.1' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await email({ username: 'nobody', email: 'a@b.co' }, { ip: '10.4.0.1' });
    expect((await email({ username: 'nobody', email: 'a@b.co' }, { ip: '10.4.0.1' })).json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('bad input is named and writes nothing', async () => {
    const before = [await count('password_reset_tokens'), await count('outbound_messages')];
    const bad = await email({ username: '', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.map((f: { field: string }) => f.field)).toEqual(['username', 'email']);
    const noToken = await reset({ newPassword: 'Better123', confirmNewPassword: 'Better123' });
    expect(noToken.json().code).toBe('RESET_LINK_INVALID');
    expect([await count('password_reset_tokens'), await count('outbound_messages')]).toEqual(before);
  });
});

describe('message gateways', () => {
  it('an HTTP gateway signs each message, keeps no text, and a failure is told and recorded', async () => {
    const outbox = outboxRepository(h.database.db);
    const calls: { headers: Record<string, string>; body: string }[] = [];
    let status = 202;
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      calls.push({ headers: init.headers as Record<string, string>, body: init.body as string });
      return new Response(null, { status });
    }) as unknown as typeof fetch;
    const gw = httpGateway({ url: 'http://sms.example/send', secret: 'a-secret-of-16-chars', timeoutMs: 1000, fetch: fakeFetch }, outbox);
    const merchantId = (await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'LOTUS').executeTakeFirstOrThrow()).id;
    await gw.send({ merchantId, channel: 'sms', to: '+66800000001', purpose: 'login', text: 'code 123456' });
    const { headers, body } = calls[0];
    expect(headers['x-signature']).toBe(gatewaySignature('a-secret-of-16-chars', headers['x-timestamp'], body));
    expect(JSON.parse(body)).toMatchObject({ channel: 'sms', to: '+66800000001', text: 'code 123456' });
    const sent = await h.database.db.selectFrom('outbound_messages').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ gateway: 'http', status: 'sent', body: null });
    status = 500;
    await expect(gw.send({ merchantId, channel: 'sms', to: '+66800000001', purpose: 'login', text: 'code 654321' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const failed = await h.database.db.selectFrom('outbound_messages').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: 'failed', error: 'HTTP 500', body: null });
  });

  it('the simulator is never on in production, and an HTTP gateway needs its URL and secret', () => {
    expect(loadConfig({}).messageGateway).toEqual({ kind: 'simulator' });
    expect(loadConfig({ NODE_ENV: 'production', VENDOR_TRANSFER_URL: 'http://vendor.example' }).messageGateway).toEqual({ kind: 'none' });
    expect(() => loadConfig({ NODE_ENV: 'production', MESSAGE_GATEWAY: 'simulator' })).toThrow(/refused when NODE_ENV=production/);
    expect(() => loadConfig({ MESSAGE_GATEWAY: 'http' })).toThrow(/MESSAGE_GATEWAY_URL/);
    expect(() => loadConfig({ MESSAGE_GATEWAY: 'http', MESSAGE_GATEWAY_URL: 'https://sms.example/send', MESSAGE_GATEWAY_SECRET: 'short' })).toThrow(/at least 16/);
  });

  it('without a gateway the requests are refused as not enabled, and there is no inbox', async () => {
    const none = await startHarness({ MESSAGE_GATEWAY: 'none' });
    try {
      const res = await none.call({ method: 'POST', url: '/wps/verification/sms/noLogin', host: LOTUS, payload: { mobileNum: LOTUS_MOBILE }, lang: 'en' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FUNCTION_NOT_ENABLED', message: expect.stringContaining('customer service') });
      expect((await none.call({ method: 'POST', url: '/wps/member/password/email', payload: { username: 'demo01', email: 'demo@example.com' } })).json().code).toBe('FUNCTION_NOT_ENABLED');
      expect((await none.call({ method: 'GET', url: '/msgsim/inbox', host: LOTUS })).statusCode).toBe(404);
    } finally {
      await none.close();
    }
  });
});

describe('housekeeping', () => {
  it('deletes SMS codes and reset links a day past their expiry, and keeps the rest', async () => {
    const db = h.database.db;
    const lotus = await db.selectFrom('members').select(['id', 'merchant_id']).where('username', '=', 'lotus01').executeTakeFirstOrThrow();
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await db.insertInto('verification_codes').values([
      { merchant_id: lotus.merchant_id, channel: 'sms', destination: 'hk-old', purpose: 'login', code_hash: 'x$y', expires_at: ago(25) },
      { merchant_id: lotus.merchant_id, channel: 'sms', destination: 'hk-recent', purpose: 'login', code_hash: 'x$y', expires_at: ago(23) },
    ]).execute();
    await db.insertInto('password_reset_tokens').values([
      { merchant_id: lotus.merchant_id, member_id: lotus.id, token_hash: 'hk-old', expires_at: ago(25) },
      { merchant_id: lotus.merchant_id, member_id: lotus.id, token_hash: 'hk-recent', expires_at: ago(23) },
    ]).execute();
    const deleted = await housekeeping(db);
    expect(deleted.verificationCodes).toBeGreaterThanOrEqual(1);
    expect(deleted.resetLinks).toBeGreaterThanOrEqual(1);
    expect((await db.selectFrom('verification_codes').select('destination').where('destination', 'like', 'hk-%').execute()).map((r) => r.destination)).toEqual(['hk-recent']);
    expect((await db.selectFrom('password_reset_tokens').select('token_hash').where('token_hash', 'like', 'hk-%').execute()).map((r) => r.token_hash)).toEqual(['hk-recent']);
  });
});
