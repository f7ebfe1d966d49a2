import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { startHarness, type Harness } from './harness.js';

/**
 * Bad input on every call that takes input: a 4xx with a catalogue code and a message, and not one
 * row written anywhere.
 */
let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  token = await h.login('demo01', 'Demo1234');
});
afterAll(() => h.close());

const TABLES = ['members', 'accounts', 'sessions', 'captchas', 'login_history', 'auth_throttles', 'merchants', 'merchant_domains', 'member_profiles'] as const;
const snapshot = async () => {
  const out: Record<string, string> = {};
  for (const t of TABLES) {
    // Row count plus a digest of the rows: an UPDATE is a write too.
    const { rows } = await sql<{ n: bigint; d: string | null }>`select count(*)::int8 as n, md5(string_agg(t::text, '|' order by t::text)) as d from ${sql.table(t)} t`.execute(h.database.db);
    out[t] = `${rows[0].n}:${rows[0].d}`;
  }
  return out;
};

const SQLI = "' OR '1'='1'; DROP TABLE members; --";
const HTML = '<script>alert(1)</script><img src=x onerror=alert(2)>';
const HUGE = 'A'.repeat(300_000);
const LONG = 'a'.repeat(5000);
const UNICODE = '𝕬𝖕𝖘𝖆𝖗𝖆🎰\u0000\u202e';

type Case = { name: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; auth?: boolean; raw?: string };

const CASES: Case[] = [
  // login
  { name: 'login: empty body', method: 'POST', url: '/wps/session/login', payload: {} },
  { name: 'login: wrong types', method: 'POST', url: '/wps/session/login', payload: { username: 123, password: ['x'] } },
  { name: 'login: oversized', method: 'POST', url: '/wps/session/login', payload: { username: LONG, password: LONG } },
  { name: 'login: unicode username', method: 'POST', url: '/wps/session/login', payload: { username: UNICODE, password: 'x1234567' } },
  { name: 'login: SQL injection', method: 'POST', url: '/wps/session/login', payload: { username: SQLI, password: SQLI } },
  { name: 'login: HTML injection', method: 'POST', url: '/wps/session/login', payload: { username: HTML, password: 'x' } },
  { name: 'login: unknown type', method: 'POST', url: '/wps/session/login', payload: { type: 'magic', username: 'demo01', password: 'Demo1234' } },
  { name: 'login: not JSON', method: 'POST', url: '/wps/session/login', raw: '{"username": "demo01", ' },
  { name: 'login: body over the limit', method: 'POST', url: '/wps/session/login', payload: { username: 'demo01', password: HUGE } },
  { name: 'login confirm: empty body', method: 'POST', url: '/wps/session/login/confirm', payload: {} },
  { name: 'login confirm: wrong types', method: 'POST', url: '/wps/session/login/confirm', payload: { challengeId: 123, code: ['1'] } },
  { name: 'login confirm: not a code', method: 'POST', url: '/wps/session/login/confirm', payload: { challengeId: 'x'.repeat(43), code: SQLI } },
  { name: 'login confirm: oversized', method: 'POST', url: '/wps/session/login/confirm', payload: { challengeId: LONG, code: LONG } },
  { name: 'login confirm resend: empty body', method: 'POST', url: '/wps/session/login/confirm/resend', payload: {} },
  { name: 'login confirm resend: unicode id', method: 'POST', url: '/wps/session/login/confirm/resend', payload: { challengeId: UNICODE } },
  // register
  { name: 'register: empty body', method: 'PUT', url: '/wps/member/register', payload: {} },
  { name: 'register: wrong types', method: 'PUT', url: '/wps/member/register', payload: { username: { $ne: null }, password: 1, termsAccepted: 'yes' } },
  { name: 'register: oversized', method: 'PUT', url: '/wps/member/register', payload: { username: LONG, password: 'Secret123', confirmPassword: 'Secret123' } },
  { name: 'register: unicode', method: 'PUT', url: '/wps/member/register', payload: { username: UNICODE, password: 'Secret123', confirmPassword: 'Secret123', captcha: 'T3ST', termsAccepted: true, ageConfirmed: true } },
  { name: 'register: SQL injection', method: 'PUT', url: '/wps/member/register', payload: { username: SQLI, password: 'Secret123', confirmPassword: 'Secret123', captcha: 'T3ST', termsAccepted: true, ageConfirmed: true } },
  { name: 'register: HTML injection', method: 'PUT', url: '/wps/member/register', payload: { username: 'okname1', payeeName: HTML, password: 'Secret123', confirmPassword: 'Secret123', captcha: 'T3ST', termsAccepted: true, ageConfirmed: true } },
  { name: 'register: wrong registerMethod', method: 'PUT', url: '/wps/member/register', payload: { username: 'okname2', registerMethod: 'APP' } },
  { name: 'register: invalid affiliate', method: 'PUT', url: '/wps/member/register', payload: { username: 'okname3', password: 'Secret123', confirmPassword: 'Secret123', affiliateCode: SQLI, captcha: 'T3ST', termsAccepted: true, ageConfirmed: true } },
  // change password
  { name: 'password: empty', method: 'POST', url: '/wps/member/password', payload: {}, auth: true },
  { name: 'password: wrong types', method: 'POST', url: '/wps/member/password', payload: { oldPassword: 1, newPassword: true }, auth: true },
  { name: 'password: oversized', method: 'POST', url: '/wps/member/password', payload: { oldPassword: 'Demo1234', newPassword: LONG, confirmNewPassword: LONG }, auth: true },
  { name: 'password: injection', method: 'POST', url: '/wps/member/password', payload: { oldPassword: SQLI, newPassword: HTML, confirmNewPassword: HTML }, auth: true },
  { name: 'password: no token', method: 'POST', url: '/wps/member/password', payload: { oldPassword: 'Demo1234', newPassword: 'Better123', confirmNewPassword: 'Better123' } },
  // language
  { name: 'language: missing', method: 'PUT', url: '/wps/member/language', payload: {}, auth: true },
  { name: 'language: unknown', method: 'PUT', url: '/wps/member/language', payload: { language: "'; --" }, auth: true },
  { name: 'language: no token', method: 'PUT', url: '/wps/member/language', payload: { language: 'en' } },
  // affiliate
  { name: 'affiliate: missing code', method: 'GET', url: '/wps/agent/affiliate' },
  { name: 'affiliate: oversized code', method: 'GET', url: `/wps/agent/affiliate?code=${'x'.repeat(200)}` },
  { name: 'affiliate: oversized domain', method: 'GET', url: `/wps/agent/affiliate?code=A&domain=${'d'.repeat(300)}` },
  // mobile registration, SMS codes and password reset
  { name: 'register/mobile: empty', method: 'PUT', url: '/wps/member/register/mobile', payload: {} },
  { name: 'register/mobile: injection', method: 'PUT', url: '/wps/member/register/mobile', payload: { mobileNum: SQLI } },
  { name: 'sms: wrong types', method: 'POST', url: '/wps/verification/sms/register', payload: { mobileNo: 12345678 } },
  { name: 'sms: oversized', method: 'POST', url: '/wps/verification/sms/noLogin', payload: { mobileNum: LONG } },
  { name: 'forgot email: injection', method: 'POST', url: '/wps/member/password/email', payload: { username: SQLI, email: HTML } },
  { name: 'forgot phone: missing', method: 'POST', url: '/wps/member/password/verification', payload: {} },
  // profile
  { name: 'profile: wrong types', method: 'PUT', url: '/wps/member/profile', payload: { birthday: 19900101, nationality: ['KH'] }, auth: true },
  { name: 'profile: oversized', method: 'PUT', url: '/wps/member/profile', payload: { occupation: LONG, permanentAddress: LONG }, auth: true },
  { name: 'profile: injection', method: 'PUT', url: '/wps/member/profile', payload: { fullname: SQLI, currentAddress: HTML, nationality: "KH'--" }, auth: true },
  { name: 'profile: unicode name', method: 'PUT', url: '/wps/member/profile', payload: { fullname: UNICODE }, auth: true },
  { name: 'profile: impossible birthday', method: 'PUT', url: '/wps/member/profile', payload: { birthday: '2001-02-29' }, auth: true },
  { name: 'profile: no token', method: 'PUT', url: '/wps/member/profile', payload: { occupation: 'Chef' } },
  // token-only calls
  { name: 'logout: no token', method: 'DELETE', url: '/wps/session/logout' },
  { name: 'info: forged token', method: 'GET', url: '/wps/member/info' },
];

describe('bad input is refused with a code and a message, and writes nothing', () => {
  it.each(CASES)('$name', async (c) => {
    const before = await snapshot();
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (c.raw) headers['content-type'] = 'application/json';
    const res = await h.call({
      method: c.method,
      url: c.url,
      payload: c.raw ?? (c.payload as object | undefined),
      token: c.auth ? token : c.name.includes('forged') ? 'A'.repeat(43) : undefined,
      headers,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) });
    expect(body.message.length).toBeGreaterThan(3);
    expect(res.body).not.toContain('<script>');
    expect(await snapshot()).toEqual(before);
  });

  it('a field the call does not take is named, each one, not the body as a whole', async () => {
    const res = await h.call({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', token, lang: 'en', payload: { from: 'MAIN', to: 'AG', amount: '1.00', idempotencyKey: 'unknown-keys-01', cardId: '1', memberId: '2' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid: cardId, memberId',
      fields: [
        { field: 'cardId', rule: 'unknown', message: 'cardId is not accepted' },
        { field: 'memberId', rule: 'unknown', message: 'memberId is not accepted' },
      ],
    });
  });

  it('a field that breaks several rules at once is named once', async () => {
    const res = await h.call({ method: 'POST', url: '/wps/v2/transfers/member', token, lang: 'en', payload: { toUsername: 'agent01', amount: '1.234', paymentPassword: '1234', idempotencyKey: 'three-places-01' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Some fields are invalid: amount' });
    expect(res.json().fields).toHaveLength(1);
  });

  it('messages follow the caller language', async () => {
    const res = await h.call({ method: 'PUT', url: '/wps/member/register', payload: {}, lang: 'cn' });
    expect(res.json().message).toMatch(/[\u4e00-\u9fff]/);
    const km = await h.call({ method: 'PUT', url: '/wps/member/register', payload: {}, lang: 'km' });
    expect(km.json().message).toMatch(/[\u1780-\u17ff]/);
  });

  it('property: any JSON body to any input call gets a 4xx envelope and creates no member or session', async () => {
    const counted = async () => {
      const { rows } = await sql<{ m: bigint; s: bigint; a: bigint }>`select (select count(*) from members)::int8 m, (select count(*) from sessions)::int8 s, (select count(*) from accounts)::int8 a`.execute(h.database.db);
      return rows[0];
    };
    const before = await counted();
    const urls = [
      ['POST', '/wps/session/login'],
      ['POST', '/wps/session/login/confirm'],
      ['PUT', '/wps/member/register'],
      ['POST', '/wps/member/password'],
      ['PUT', '/wps/member/language'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), fc.oneof(fc.object(), fc.jsonValue()), async ([method, url], payload) => {
        const res = await h.call({ method, url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' }, token: url.includes('member/') && !url.includes('register') ? 'B'.repeat(43) : undefined });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        const body = res.json();
        expect(body.success).toBe(false);
        expect(typeof body.code).toBe('string');
        expect(typeof body.message).toBe('string');
      }),
      { numRuns: 150 },
    );
    expect(await counted()).toEqual(before);
  });
});
