import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { hashPassword } from '../../lib/password.js';
import { housekeeping } from '../../jobs/housekeeping.js';
import { sha256 } from '../../lib/crypto.js';

/** Two-factor login confirmation from a new address (spec §2, docs/two-factor.md); on for Lotus in the seed. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

const LOTUS = 'lotus.localhost';
const PASSWORD = 'Secret123';
type Opts = { host?: string; ip?: string; lang?: string };
const post = (url: string, payload: Record<string, unknown>, o: Opts = {}) => h.call({ method: 'POST', url, payload, host: o.host ?? LOTUS, ip: o.ip, lang: o.lang ?? 'en' });
const login = (username: string, o: Opts & { password?: string } = {}) => post('/wps/session/login', { username, password: o.password ?? PASSWORD }, o);
const confirm = (challengeId: unknown, code: unknown, o: Opts = {}) => post('/wps/session/login/confirm', { challengeId, code }, o);
const resend = (challengeId: unknown, o: Opts = {}) => post('/wps/session/login/confirm/resend', { challengeId }, o);

const count = async (table: 'sessions' | 'login_challenges' | 'outbound_messages' | 'login_history') =>
  Number((await sql<{ n: bigint }>`select count(*)::int8 as n from ${sql.table(table)}`.execute(h.database.db)).rows[0].n);
const inbox = async (to: string, host = LOTUS) =>
  (await h.call({ method: 'GET', url: `/msgsim/messages?to=${encodeURIComponent(to)}`, host })).json().value as { text: string; channel: string; purpose: string; to: string }[];
const codeIn = (text: string) => text.match(/\b(\d{6})\b/)![1];
const wrong = (code: string) => ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');

let seq = 0;
/** A member with no sign-in yet, on the merchant `code`, with the contacts asked for. */
const member = async (opts: { merchant?: string; mobile?: boolean; email?: boolean; type?: number; password?: string } = {}) => {
  const n = `${Date.now() % 1_000_000}${seq++}`;
  const merchant = await h.database.db.selectFrom('merchants').select('id').where('code', '=', opts.merchant ?? 'LOTUS').executeTakeFirstOrThrow();
  const mobileNum = opts.mobile === false ? null : `08${n.padStart(8, '0').slice(-8)}`;
  const email = opts.email ? `mc${n}@example.com` : null;
  await h.database.db
    .insertInto('members')
    .values({ merchant_id: merchant.id, username: `mc${n}`, password_hash: await hashPassword(opts.password ?? PASSWORD), type: opts.type ?? 0, nickname: 'Confirm Me', mobile_num: mobileNum, country_dialing_code: mobileNum ? '66' : null, email, contacts: JSON.stringify({}) })
    .execute();
  return { username: `mc${n}`, mobileNum, email, merchantId: merchant.id };
};

/** A member who has signed in once from 198.51.100.1, then is asked to confirm from `ip`. */
const challenged = async (ip = '203.0.113.7', opts: Parameters<typeof member>[0] = {}) => {
  const m = await member(opts);
  expect((await login(m.username, { ip: '198.51.100.1' })).statusCode).toBe(200);
  const res = await login(m.username, { ip });
  expect(res.statusCode, res.body).toBe(403);
  const body = res.json();
  return { ...m, body, challengeId: body.data.challengeId as string };
};

describe('two-factor login confirmation', () => {
  it('is off by default: the main site signs a member in from any address', async () => {
    const m = await member({ merchant: 'APSARA' });
    expect((await login(m.username, { host: 'localhost', ip: '198.51.100.1' })).statusCode).toBe(200);
    const before = await count('login_challenges');
    const res = await login(m.username, { host: 'localhost', ip: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.token).toBeTruthy();
    expect(await count('login_challenges')).toBe(before);
  });

  it('on Lotus: no challenge for a first-ever sign-in, nor from a known address', async () => {
    const m = await member();
    expect((await login(m.username, { ip: '198.51.100.1' })).statusCode).toBe(200);
    const before = await count('login_challenges');
    expect((await login(m.username, { ip: '198.51.100.1' })).statusCode).toBe(200);
    expect(await count('login_challenges')).toBe(before);
  });

  it('a new address gets a code instead of a session; the code opens the session, once', async () => {
    const m = await member();
    expect((await login(m.username, { ip: '198.51.100.1' })).statusCode).toBe(200);
    const [sessions, messages] = [await count('sessions'), (await inbox(m.mobileNum!)).length];

    const res = await login(m.username, { ip: '203.0.113.7' });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      code: 'LOGIN_CONFIRMATION_REQUIRED',
      message: 'Please confirm it is you with the code we just sent',
      data: { channel: 'sms', to: `•••• ${m.mobileNum!.slice(-4)}`, expiresIn: 300, resendIn: 60 },
    });
    expect(body.data.challengeId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.value).toBeUndefined();
    expect(await count('sessions')).toBe(sessions);

    // The code is in the simulator's outbox, to the member's number with its country code.
    const sent = await inbox(m.mobileNum!);
    expect(sent).toHaveLength(messages + 1);
    expect(sent[0]).toMatchObject({ channel: 'sms', purpose: 'login-confirm', to: `+66${m.mobileNum!.slice(1)}` });
    const code = codeIn(sent[0].text);
    // Stored as hashes only: neither the code nor the challenge id is in the row.
    const row = await h.database.db.selectFrom('login_challenges').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ip: '203.0.113.7', channel: 'sms', attempts: 0, consumed_at: null });
    expect(row.code_hash).not.toContain(code);
    expect(row.id_hash).not.toBe(body.data.challengeId);
    const refusal = await h.database.db.selectFrom('login_history').select(['success', 'reason', 'ip']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(refusal).toEqual({ success: false, reason: 'LOGIN_CONFIRMATION_REQUIRED', ip: '203.0.113.7' });

    const ok = await confirm(body.data.challengeId, ` ${code} `, { ip: '203.0.113.7' });
    expect(ok.statusCode, ok.body).toBe(200);
    const value = ok.json().value;
    expect(value).toMatchObject({ firstTimeLogin: false, passwordExpired: false, mustChangePassword: false, isAgent: false, isTrial: false });
    const info = await h.call({ method: 'GET', url: '/wps/member/info', host: LOTUS, token: value.token });
    expect(info.statusCode).toBe(200);
    expect(info.json().value.account).toBe(m.username);
    const history = await h.database.db.selectFrom('login_history').select(['success', 'reason', 'ip', 'session_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(history).toMatchObject({ success: true, reason: 'confirmed:sms', ip: '203.0.113.7' });
    expect(history.session_id).not.toBeNull();

    // Used: the same code again is refused; the address is now known, so the password alone is enough.
    const again = await confirm(body.data.challengeId, code, { ip: '203.0.113.7' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'LOGIN_CONFIRMATION_INVALID', message: 'This confirmation has expired or can no longer be used, please sign in again' });
    expect((await login(m.username, { ip: '203.0.113.7' })).statusCode).toBe(200);
  });

  it('a wrong code says how many tries are left; the fifth kills the challenge', async () => {
    const c = await challenged();
    const code = codeIn((await inbox(c.mobileNum!))[0].text);
    for (let left = 4; left >= 1; left--) {
      const res = await confirm(c.challengeId, wrong(code), { ip: '203.0.113.7' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'LOGIN_CODE_WRONG', message: `The code is wrong, ${left} tries left`, data: { attemptsLeft: left }, fields: [{ field: 'code', rule: 'invalid' }] });
    }
    expect((await confirm(c.challengeId, wrong(code), { ip: '203.0.113.7' })).json().code).toBe('LOGIN_CONFIRMATION_INVALID');
    const sessions = await count('sessions');
    const dead = await confirm(c.challengeId, code, { ip: '203.0.113.7' });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().code).toBe('LOGIN_CONFIRMATION_INVALID');
    expect(await count('sessions')).toBe(sessions);
  });

  it('in Khmer and Chinese, the wrong-code message is localized with the tries left', async () => {
    const c = await challenged('203.0.113.8');
    const code = codeIn((await inbox(c.mobileNum!))[0].text);
    expect((await confirm(c.challengeId, wrong(code), { ip: '203.0.113.8', lang: 'km' })).json().message).toBe('លេខកូដមិនត្រឹមត្រូវ នៅសល់ការសាកល្បង 4 ដងទៀត');
    expect((await confirm(c.challengeId, wrong(code), { ip: '203.0.113.8', lang: 'cn' })).json().message).toBe('验证码错误，还可尝试3次');
  });

  it('an expired challenge, another address, another site, or an unknown id get the same refusal', async () => {
    const c = await challenged();
    const code = codeIn((await inbox(c.mobileNum!))[0].text);
    const sessions = await count('sessions');
    for (const [id, o] of [
      [c.challengeId, { ip: '203.0.113.99' }],
      [c.challengeId, { ip: '203.0.113.7', host: 'localhost' }],
      ['x'.repeat(43), { ip: '203.0.113.7' }],
    ] as const) {
      const res = await confirm(id, code, o);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('LOGIN_CONFIRMATION_INVALID');
    }
    // None of those counted a try against the real challenge.
    const row = await h.database.db.selectFrom('login_challenges').select('attempts').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect(await count('sessions')).toBe(sessions);

    await h.database.db.updateTable('login_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('member_id', '=', (await h.database.db.selectFrom('members').select('id').where('username', '=', c.username).executeTakeFirstOrThrow()).id).execute();
    const expired = await confirm(c.challengeId, code, { ip: '203.0.113.7' });
    expect(expired.json().code).toBe('LOGIN_CONFIRMATION_INVALID');
    expect(await count('sessions')).toBe(sessions);

    // A day past its expiry, housekeeping deletes it.
    await h.database.db.updateTable('login_challenges').set({ expires_at: new Date(Date.now() - 2 * 86_400_000) }).where('id_hash', '=', sha256(c.challengeId)).execute();
    const before = await count('login_challenges');
    expect((await housekeeping(h.database.db)).loginChallenges).toBe(1);
    expect(await count('login_challenges')).toBe(before - 1);
  });

  it('bad input is refused with the field named, counting no try and writing nothing', async () => {
    const c = await challenged();
    const before = [await count('sessions'), await count('login_history'), await count('outbound_messages')];
    for (const [id, code, field] of [
      [c.challengeId, '', 'code'],
      [c.challengeId, '12345', 'code'],
      [c.challengeId, '12a456', 'code'],
      ['', '123456', 'challengeId'],
    ] as const) {
      const res = await confirm(id, code, { ip: '203.0.113.7' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ field }] });
    }
    expect((await confirm(123, { x: 1 }, { ip: '203.0.113.7' })).statusCode).toBe(400);
    expect((await resend('', { ip: '203.0.113.7' })).json().code).toBe('VALIDATION_FAILED');
    const row = await h.database.db.selectFrom('login_challenges').select('attempts').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    expect([await count('sessions'), await count('login_history'), await count('outbound_messages')]).toEqual(before);
  });

  it('a wrong password from a new address tells nothing and sends nothing', async () => {
    const m = await member();
    expect((await login(m.username, { ip: '198.51.100.1' })).statusCode).toBe(200);
    const before = [await count('login_challenges'), (await inbox(m.mobileNum!)).length];
    const res = await login(m.username, { ip: '203.0.113.50', password: 'Wrong9999' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('ACCOUNT_OR_PASSWORD_WRONG');
    expect(res.json().data?.challengeId).toBeUndefined();
    expect([await count('login_challenges'), (await inbox(m.mobileNum!)).length]).toEqual(before);
  });

  it('without a phone the code goes by e-mail; with neither contact the sign-in goes ahead', async () => {
    const c = await challenged('203.0.113.7', { mobile: false, email: true });
    expect(c.body.data).toMatchObject({ channel: 'email', to: `m•••@example.com` });
    const mail = (await inbox(c.email!))[0];
    expect(mail).toMatchObject({ channel: 'email', purpose: 'login-confirm' });
    expect((await confirm(c.challengeId, codeIn(mail.text), { ip: '203.0.113.7' })).statusCode).toBe(200);
    const history = await h.database.db.selectFrom('login_history').select('reason').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(history.reason).toBe('confirmed:email');

    const none = await member({ mobile: false });
    expect((await login(none.username, { ip: '198.51.100.1' })).statusCode).toBe(200);
    expect((await login(none.username, { ip: '203.0.113.7' })).statusCode).toBe(200);
  });

  it('resend: not before a minute, then a new code replaces the old one', async () => {
    const c = await challenged();
    const first = codeIn((await inbox(c.mobileNum!))[0].text);
    const early = await resend(c.challengeId, { ip: '203.0.113.7' });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ code: 'RATE_LIMITED', data: { resendIn: expect.any(Number) } });
    expect((await resend(c.challengeId, { ip: '203.0.113.99' })).json().code).toBe('LOGIN_CONFIRMATION_INVALID');

    await h.database.db.updateTable('login_challenges').set({ last_sent_at: new Date(Date.now() - 61_000) }).where('destination', '=', `+66${c.mobileNum!.slice(1)}`).execute();
    const res = await resend(c.challengeId, { ip: '203.0.113.7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ challengeId: c.challengeId, channel: 'sms', expiresIn: 300, resendIn: 60 });
    const sent = await inbox(c.mobileNum!);
    expect(sent).toHaveLength(2);
    const second = codeIn(sent[0].text);
    if (second !== first) expect((await confirm(c.challengeId, first, { ip: '203.0.113.7' })).json().code).toBe('LOGIN_CODE_WRONG');
    expect((await confirm(c.challengeId, second, { ip: '203.0.113.7' })).statusCode).toBe(200);
  });

  it('the confirmed session is the one the password would have opened: agent portal, forced change, account checks', async () => {
    // An agent on the agent login page: confirmed there, still an agent session.
    const agent = await member({ type: 1 });
    expect((await post('/wps/session/login', { username: agent.username, password: PASSWORD, portal: 'agent' }, { ip: '198.51.100.1' })).statusCode).toBe(200);
    const asked = await post('/wps/session/login', { username: agent.username, password: PASSWORD, portal: 'agent' }, { ip: '203.0.113.20' });
    expect(asked.json().code).toBe('LOGIN_CONFIRMATION_REQUIRED');
    const agentCode = codeIn((await inbox(agent.mobileNum!))[0].text);
    const agentOk = await confirm(asked.json().data.challengeId, agentCode, { ip: '203.0.113.20' });
    expect(agentOk.statusCode).toBe(200);
    expect(agentOk.json().value.isAgent).toBe(true);

    // The flagged default password still forces the change after the code.
    const flagged = await member({ password: '123456' });
    expect((await login(flagged.username, { ip: '198.51.100.1', password: '123456' })).statusCode).toBe(200);
    const flaggedAsk = await login(flagged.username, { ip: '203.0.113.21', password: '123456' });
    const flaggedCode = codeIn((await inbox(flagged.mobileNum!))[0].text);
    const flaggedOk = await confirm(flaggedAsk.json().data.challengeId, flaggedCode, { ip: '203.0.113.21' });
    expect(flaggedOk.json().value.mustChangePassword).toBe(true);

    // An account frozen while the code was on its way is refused, with no session.
    const c = await challenged('203.0.113.22');
    const code = codeIn((await inbox(c.mobileNum!))[0].text);
    await h.database.db.updateTable('members').set({ status: 'frozen' }).where('username', '=', c.username).execute();
    const sessions = await count('sessions');
    const frozen = await confirm(c.challengeId, code, { ip: '203.0.113.22' });
    expect(frozen.statusCode).toBe(403);
    expect(frozen.json().code).toBe('ACCOUNT_DISABLED');
    expect(await count('sessions')).toBe(sessions);
  });

  it('an SMS sign-in is not challenged: its code already went to the member’s phone', async () => {
    // lotus01 signs in once by password, then by SMS from elsewhere.
    expect((await login('lotus01', { ip: '198.51.100.1', password: 'Lotus1234' })).statusCode).toBe(200);
    expect((await post('/wps/verification/sms/noLogin', { mobileNum: '0812345678', countryDialingCode: '66' }, { ip: '203.0.113.60' })).statusCode).toBe(200);
    const code = codeIn((await inbox('0812345678'))[0].text);
    const res = await post('/wps/session/login', { type: 'sms', mobileNum: '0812345678', countryDialingCode: '66', verificationCode: code }, { ip: '203.0.113.60' });
    expect(res.statusCode, res.body).toBe(200);
  });
});
