import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, CAPTCHA_ANSWER, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
// Each case starts with no failure history, so one case's failed logins don't ask another for a captcha.
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

const login = (payload: Record<string, unknown>, opts: { ip?: string; host?: string; lang?: string } = {}) =>
  h.call({ method: 'POST', url: '/wps/session/login', payload, ...opts });

describe('POST /wps/session/login', () => {
  it('signs in with trimmed credentials and returns the spec fields', async () => {
    const res = await login({ username: '  demo01 ', password: ' Demo1234 ' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ firstTimeLogin: expect.any(Boolean), passwordExpired: false, mustChangePassword: false, isAgent: false, isTrial: false });
    expect(v.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the token is stored.
    const { rows } = await sql<{ n: bigint }>`select count(*)::int8 as n from sessions where token_hash = ${v.token}`.execute(h.database.db);
    expect(rows[0].n).toBe(0n);
  });

  it('usernames are case-insensitive; the first login is flagged once', async () => {
    const first = (await login({ username: 'AGENT01', password: 'Agent1234' })).json().value;
    const second = (await login({ username: 'agent01', password: 'Agent1234' })).json().value;
    expect(first.firstTimeLogin).toBe(true);
    expect(first.isAgent).toBe(true);
    expect(second.firstTimeLogin).toBe(false);
  });

  it('flags the default password 123456 for a forced change', async () => {
    const v = (await login({ username: 'flagged01', password: '123456' })).json().value;
    expect(v.mustChangePassword).toBe(true);
  });

  it('lets a session with the default password read, change it and sign out, and refuses every other write', async () => {
    const token = (await login({ username: 'flagged01', password: '123456' })).json().value.token as string;
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => h.call({ method, url, token, payload, lang: 'en' });
    expect((await call('GET', '/wps/member/info')).statusCode).toBe(200);
    expect((await call('GET', '/wps/v2/wallets/balance')).statusCode).toBe(200);
    const writes: [string, string, Record<string, unknown>][] = [
      ['POST', '/wps/relay/GCS_walletTransfer', { from: 'MAIN', to: 'AG', amount: '1.00', idempotencyKey: 'flagged-transfer-1' }],
      ['POST', '/wps/member/security/real-name', { realName: 'Flag Ged' }],
      ['PUT', '/wps/feedback', { type: 1, content: 'x'.repeat(30), captcha: CAPTCHA_ANSWER }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(method as 'POST', url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', message: 'Please change your password first' });
    }
    const member = await h.database.db.selectFrom('members').select(['payee_name']).where('username', '=', 'flagged01').executeTakeFirstOrThrow();
    expect(member.payee_name).toBeNull();
    // The change itself gets through the gate (here refused for its own reason: a wrong current password).
    const change = await call('POST', '/wps/member/password', { oldPassword: 'wrong-one', newPassword: 'Flag2024ok', confirmNewPassword: 'Flag2024ok' });
    expect(change.json().code).toBe('OLD_PASSWORD_WRONG');
    expect((await call('PUT', '/wps/member/language', { language: 'km' })).statusCode).toBe(200);
    expect((await call('DELETE', '/wps/session/logout')).statusCode).toBe(200);
  });

  it('reports a password past its maximum age', async () => {
    await h.setConfig('APSARA', (c) => (c.security = { ...(c.security ?? {}), passwordMaxAgeDays: 30 }));
    await h.database.db.updateTable('members').set({ password_changed_at: new Date(Date.now() - 40 * 86_400_000) }).where('username', '=', 'demo01').execute();
    const v = (await login({ username: 'demo01', password: 'Demo1234' })).json().value;
    expect(v.passwordExpired).toBe(true);
    await h.setConfig('APSARA', (c) => (c.security.passwordMaxAgeDays = 0));
  });

  it('wrong credentials: one message for unknown users and wrong passwords, in the caller language', async () => {
    const wrong = await login({ username: 'demo01', password: 'nope1234' }, { lang: 'en', ip: '10.9.0.1' });
    const unknown = await login({ username: 'ghost99', password: 'nope1234' }, { lang: 'en', ip: '10.9.0.1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'ACCOUNT_OR_PASSWORD_WRONG', message: 'Account or password is wrong' });
    }
    const km = await login({ username: 'demo01', password: 'nope1234' }, { lang: 'km', ip: '10.9.0.1' });
    expect(km.json().message).toBe('គណនី ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ');
    const cn = await login({ username: 'demo01', password: 'nope1234' }, { lang: 'zh-CN,zh;q=0.9', ip: '10.9.0.1' });
    expect(cn.json().message).toBe('账号或密码错误');
  });

  it('missing fields are named', async () => {
    const res = await login({ username: ' ', password: '' }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INPUT_EMPTY', fields: [{ field: 'username' }, { field: 'password' }] });
  });

  it('after repeated failures the captcha is required, then the address is locked for 5 minutes — but only that address', async () => {
    const user = { username: 'agent01' };
    const stranger = { ip: '192.0.2.66', lang: 'en' };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await login({ ...user, password: `bad-${i}` }, stranger));
    expect(results.map((r) => r.json().data.captchaRequired)).toEqual([false, false, true]);

    // Captcha now required: without it the password is not even checked.
    const noCaptcha = await login({ ...user, password: 'Agent1234' }, stranger);
    expect(noCaptcha.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', data: { captchaRequired: true } });
    // Every refused attempt counts: the fifth (here a wrong captcha) locks this address out of this
    // account for 5 minutes, and even the right password is refused while the lock holds.
    const locking = await login({ ...user, password: 'Agent1234', captcha: 'WRONG' }, stranger);
    expect(locking.statusCode).toBe(429);
    expect(locking.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests, try again in 5 min' });
    const lockedEvenWithRightPassword = await login({ ...user, password: 'Agent1234', captcha: CAPTCHA_ANSWER }, stranger);
    expect(lockedEvenWithRightPassword.statusCode).toBe(429);

    // The owner on another address is not locked out (captcha still asked, as the account is under attack).
    const owner = await login({ ...user, password: 'Agent1234', captcha: CAPTCHA_ANSWER }, { ip: '198.18.0.5' });
    expect(owner.statusCode).toBe(200);

    // Five minutes later the lock has lapsed.
    await h.database.db.updateTable('auth_throttles').set({ locked_until: new Date(Date.now() - 1000) }).where('key', 'like', 'login-lock:%:192.0.2.66').execute();
    const later = await login({ ...user, password: 'Agent1234', captcha: CAPTCHA_ANSWER }, stranger);
    expect(later.statusCode).toBe(200);
  });

  it('a parallel burst of guesses gets no more than the allowed password checks', async () => {
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login({ username: 'demo01', password: `burst-${i}` }, { ip: '192.0.2.90', lang: 'en' })),
    );
    const codes = burst.map((r) => r.json().code);
    // Only attempts counted within the captcha allowance reach the password check at all.
    expect(codes.filter((c) => c === 'ACCOUNT_OR_PASSWORD_WRONG').length).toBeLessThanOrEqual(3);
    expect(codes.every((c) => ['ACCOUNT_OR_PASSWORD_WRONG', 'CAPTCHA_REQUIRED', 'TOO_MANY_REQUESTS'].includes(c))).toBe(true);
    const { rows } = await sql<{ n: bigint }>`select count(*)::int8 as n from login_history where ip = '192.0.2.90' and reason = 'ACCOUNT_OR_PASSWORD_WRONG'`.execute(h.database.db);
    expect(Number(rows[0].n)).toBeLessThanOrEqual(3);
  });

  it('successful sign-ins from one address never bring the captcha; failures across accounts do', async () => {
    for (let i = 0; i < 12; i++) {
      expect((await login({ username: 'demo01', password: 'Demo1234' }, { ip: '192.0.2.92' })).statusCode).toBe(200);
    }
    // Spraying: one wrong guess each at many accounts from one address.
    const sprayed = [];
    for (let i = 0; i < 11; i++) sprayed.push(await login({ username: `spray${i}`, password: 'Guess1234' }, { ip: '192.0.2.93' }));
    expect(sprayed.at(-2)!.json().data.captchaRequired).toBe(true);
    const next = await login({ username: 'demo01', password: 'Demo1234' }, { ip: '192.0.2.93' });
    expect(next.json().code).toBe('CAPTCHA_REQUIRED');
    expect((await login({ username: 'demo01', password: 'Demo1234', captcha: CAPTCHA_ANSWER }, { ip: '192.0.2.93' })).statusCode).toBe(200);
  });

  it('failed attempts never store what was typed as a username unless it is a real account', async () => {
    await login({ username: 'MySecretPass99', password: 'whatever1' }, { ip: '192.0.2.91' });
    const { rows } = await sql<{ n: bigint }>`select count(*)::int8 as n from login_history where username = 'MySecretPass99'`.execute(h.database.db);
    expect(rows[0].n).toBe(0n);
  });

  it('the agent page refuses non-agents; the player portal refuses agent-only accounts; disabled accounts are refused', async () => {
    const nonAgent = await login({ username: 'demo01', password: 'Demo1234', portal: 'agent' }, { lang: 'en' });
    expect(nonAgent.statusCode).toBe(403);
    expect(nonAgent.json()).toMatchObject({ code: 'NON_AGENT_LOGIN', message: 'Non-agents cannot log in' });
    const agent = await login({ username: 'agent01', password: 'Agent1234', portal: 'agent' }, { ip: '198.18.0.5' });
    expect(agent.statusCode).toBe(200);
    const master = await login({ username: 'master01', password: 'Master1234' }, { lang: 'en' });
    expect(master.json()).toMatchObject({ code: 'NON_MEMBER_LOGIN', message: 'Non-members cannot log in' });
    expect((await login({ username: 'master01', password: 'Master1234', portal: 'agent' })).statusCode).toBe(200);
    await h.database.db.updateTable('members').set({ status: 'frozen' }).where('username', '=', 'lotus01').execute();
    const frozen = await login({ username: 'lotus01', password: 'Lotus1234' }, { host: 'lotus.localhost' });
    expect(frozen.json().code).toBe('ACCOUNT_DISABLED');
    await h.database.db.updateTable('members').set({ status: 'active' }).where('username', '=', 'lotus01').execute();
  });

  it('SMS login is refused while it is not available', async () => {
    const res = await login({ type: 'sms', mobileNum: '0812345678', verificationCode: '1234' }, { lang: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FUNCTION_NOT_ENABLED');
  });
});

describe('POST /wps/session/login/freeplay', () => {
  it('creates a signed-in trial account where free play is on', async () => {
    const res = await h.call({ method: 'POST', url: '/wps/session/login/freeplay', payload: { os: 'linux', platform: 'W' } });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ isTrial: true, isAgent: false, mustChangePassword: false });
    const info = (await h.call({ method: 'GET', url: '/wps/member/info', token: v.token })).json().value;
    expect(info).toMatchObject({ type: 4, isTrial: true, unreadCount: 0, balance: '0.00' });
    expect(info.account).toMatch(/^guest[0-9a-f]{10}$/);
  });

  it('is refused where free play is off', async () => {
    const res = await h.call({ method: 'POST', url: '/wps/session/login/freeplay', host: 'lotus.localhost', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FUNCTION_NOT_ENABLED');
  });
});

describe('sessions', () => {
  it('logout kills the token on the server', async () => {
    const token = await h.login('demo01', 'Demo1234');
    expect((await h.call({ method: 'GET', url: '/wps/member/info', token })).statusCode).toBe(200);
    const out = await h.call({ method: 'DELETE', url: '/wps/session/logout', token });
    expect(out.json()).toEqual({ success: true, value: { loggedOut: true } });
    const after = await h.call({ method: 'GET', url: '/wps/member/info', token, lang: 'en' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, code: 'NOT_LOGGED_IN', message: 'You are not logged in, please login' });
    expect((await h.call({ method: 'DELETE', url: '/wps/session/logout', token })).statusCode).toBe(401);
  });

  it('idle and absolute expiry both end a session', async () => {
    const idle = await h.login('demo01', 'Demo1234');
    await sql`update sessions set last_seen_at = now() - interval '2 hours' where revoked_at is null and member_id = (select id from members where username = 'demo01')`.execute(h.database.db);
    expect((await h.call({ method: 'GET', url: '/wps/member/info', token: idle })).statusCode).toBe(401);
    const old = await h.login('demo01', 'Demo1234');
    await sql`update sessions set expires_at = now() - interval '1 second' where revoked_at is null and member_id = (select id from members where username = 'demo01')`.execute(h.database.db);
    expect((await h.call({ method: 'GET', url: '/wps/member/info', token: old })).statusCode).toBe(401);
  });

  it('malformed bearer tokens are simply not logged in', async () => {
    for (const authorization of ['Bearer', 'Bearer x', 'Basic abc', `Bearer ${'a'.repeat(500)}`, "Bearer ' OR 1=1 --"]) {
      const res = await h.call({ method: 'GET', url: '/wps/member/info', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('two merchants on two hosts', () => {
  it('a member of one merchant cannot sign in on the other host, nor use its token there', async () => {
    const cross = await login({ username: 'demo01', password: 'Demo1234' }, { host: 'lotus.localhost' });
    expect(cross.statusCode).toBe(401);
    const lotusToken = await h.login('lotus01', 'Lotus1234', 'lotus.localhost');
    expect((await login({ username: 'lotus01', password: 'Lotus1234' })).statusCode).toBe(401);
    const apsaraToken = await h.login('demo01', 'Demo1234');
    expect((await h.call({ method: 'GET', url: '/wps/member/info', token: apsaraToken, host: 'lotus.localhost' })).statusCode).toBe(401);
    expect((await h.call({ method: 'GET', url: '/wps/member/info', token: lotusToken })).statusCode).toBe(401);
    const own = (await h.call({ method: 'GET', url: '/wps/member/info', token: lotusToken, host: 'lotus.localhost' })).json().value;
    expect(own).toMatchObject({ account: 'lotus01', currency: 'THB', currencySymbol: '฿' });
  });

  it('the same username may exist on both merchants independently', async () => {
    const payload = { username: 'twinuser', password: 'Twin12345', confirmPassword: 'Twin12345', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true };
    const a = await h.call({ method: 'PUT', url: '/wps/member/register', payload });
    const b = await h.call({ method: 'PUT', url: '/wps/member/register', payload, host: 'lotus.localhost' });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const infoA = (await h.call({ method: 'GET', url: '/wps/member/info', token: a.json().value.token })).json().value;
    const infoB = (await h.call({ method: 'GET', url: '/wps/member/info', token: b.json().value.token, host: 'lotus.localhost' })).json().value;
    expect(infoA.id).not.toBe(infoB.id);
    expect(infoA.currency).toBe('USD');
    expect(infoB.currency).toBe('THB');
  });
});
