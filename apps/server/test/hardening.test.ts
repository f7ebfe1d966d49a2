import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { startHarness, CAPTCHA_ANSWER, type Harness } from './harness.js';
import { safeErrorSerializer } from '../src/plugins/errors.js';
import { housekeeping } from '../src/jobs/housekeeping.js';

let h: Harness;
const web = mkdtempSync(join(tmpdir(), 'apsara-web-'));
beforeAll(async () => {
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Apsara</title><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
  h = await startHarness({ WEB_DIST: web });
});
afterAll(() => h.close());

describe('the member-call gate cannot be dodged by spelling the path differently', () => {
  it('percent-encoded paths reach the same routes and are gated the same way', async () => {
    const login = await h.call({ method: 'POST', url: '/wps/%73ession/login', host: 'maintenance.localhost', payload: { username: 'x1', password: 'y1' } });
    expect(login.statusCode).toBe(503);
    expect(login.json().code).toBe('SYSTEM_MAINTENANCE');
    const register = await h.call({ method: 'PUT', url: '/wps/%6Dember/register', host: 'blocked.localhost', payload: {} });
    expect(register.statusCode).toBe(403);
    expect(register.json().code).toBe('REGION_BLOCKED');
  });
});

describe('hosting the portal', () => {
  it('serves index.html for app routes, files as files, and never the portal for API or asset paths', async () => {
    for (const url of ['/', '/member', '/agentHome', '/rng?vassalage=PT']) {
      const res = await h.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    expect((await h.call({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    for (const url of ['/assets/missing.js', '/WPS/session/login', '/%77ps/anything', '/wps/nope']) {
      const res = await h.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('sends security headers: no framing, no sniffing', async () => {
    const res = await h.call({ method: 'GET', url: '/' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps a well-formed caller request id and replaces anything else', async () => {
    const kept = await h.call({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc12345-trace' } });
    expect(kept.headers['x-request-id']).toBe('abc12345-trace');
    const replaced = await h.call({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'evil id <script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('registration stores only what the merchant asks for', () => {
  it('drops disabled fields instead of storing them unchecked', async () => {
    const res = await h.call({
      method: 'PUT',
      url: '/wps/member/register',
      payload: {
        username: 'keeper01', password: 'Secret123', confirmPassword: 'Secret123', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true,
        idNumber: '<img src=x onerror=alert(1)>', line: "' OR 1=1--", recommenderId: '<b>x</b>', paymentPassword: 'x',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await h.database.db.selectFrom('members').selectAll().where('username', '=', 'keeper01').executeTakeFirstOrThrow();
    expect(row.id_number).toBeNull();
    expect(row.recommender_id).toBeNull();
    expect(row.payment_password_hash).toBeNull();
    expect(row.contacts).toEqual({});
  });

  it('refuses a username sign-in could never accept, even under a match-all pattern', async () => {
    await h.setConfig('APSARA', (c) => {
      c.register = { ...(c.register ?? {}), fields: { username: { patternId: 'ANY', acceptedPattern: '*', minLength: 1, maxLength: 30 } } };
    });
    const res = await h.call({ method: 'PUT', url: '/wps/member/register', lang: 'en', payload: { username: 'two words', password: 'Secret123', confirmPassword: 'Secret123', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toMatchObject({ field: 'username', message: 'Account format is incorrect' });
    await h.setConfig('APSARA', (c) => (c.register.fields = {}));
  });

  it('a password typed with edge spaces is stored trimmed, as sign-in trims it', async () => {
    const res = await h.call({ method: 'PUT', url: '/wps/member/register', payload: { username: 'spacey01', password: ' Secret123 ', confirmPassword: ' Secret123 ', captcha: CAPTCHA_ANSWER, termsAccepted: true, ageConfirmed: true } });
    expect(res.statusCode).toBe(200);
    await h.login('spacey01', 'Secret123');
  });
});

describe('control characters are bad input everywhere', () => {
  it.each([
    ['GET', '/wps/agent/affiliate?code=%00x', undefined],
    ['GET', '/wps/agent/affiliate?code=APS888&domain=%00', undefined],
    ['PUT', '/wps/member/register', { username: 'nul\u0000user', registerUrl: 'http://x/\u0000' }],
    ['POST', '/wps/session/login', { username: 'demo01', password: 'Demo\u00001234' }],
  ] as const)('%s %s', async (method, url, payload) => {
    const res = await h.call({ method, url, payload: payload as object | undefined, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('logging', () => {
  it('error logs carry no driver detail such as statement parameters', () => {
    const err = Object.assign(new Error('insert failed'), { code: '23505', params: ['$argon2id$v=19$secret'], query: 'insert into members …', detail: 'Key (username)=(x)' });
    const logged = JSON.stringify(safeErrorSerializer(err));
    expect(logged).toContain('insert failed');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('argon2');
    expect(logged).not.toContain('insert into');
    expect(logged).not.toContain('Key (username)');
  });
});

describe('housekeeping', () => {
  it('deletes expired captchas, stale counters and long-ended sessions, and keeps the rest', async () => {
    const db = h.database.db;
    const merchant = await db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow();
    await db.insertInto('captchas').values([
      { id: '00000000-0000-4000-8000-000000000001', merchant_id: merchant.id, answer_hash: 'x', client_key: 'k', expires_at: new Date(Date.now() - 2 * 3_600_000) },
      { id: '00000000-0000-4000-8000-000000000002', merchant_id: merchant.id, answer_hash: 'x', client_key: 'k', expires_at: new Date(Date.now() + 300_000) },
    ]).execute();
    await db.insertInto('auth_throttles').values([
      { key: 'hk-old', window_start: new Date(), updated_at: new Date(Date.now() - 2 * 86_400_000) },
      { key: 'hk-old-locked', window_start: new Date(), updated_at: new Date(Date.now() - 2 * 86_400_000), locked_until: new Date(Date.now() + 60_000) },
      { key: 'hk-new', window_start: new Date(), updated_at: new Date() },
    ]).execute();
    const token = await h.login('demo01', 'Demo1234');
    await sql`update sessions set expires_at = now() - interval '8 days' where member_id = (select id from members where username = 'agent01')`.execute(db);
    const deleted = await housekeeping(db);
    expect(deleted.captchas).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('captchas').select('id').where('id', 'in', ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']).execute();
    expect(left.map((r) => r.id)).toEqual(['00000000-0000-4000-8000-000000000002']);
    const keys = (await db.selectFrom('auth_throttles').select('key').where('key', 'like', 'hk-%').execute()).map((r) => r.key).sort();
    expect(keys).toEqual(['hk-new', 'hk-old-locked']);
    expect((await h.call({ method: 'GET', url: '/wps/member/info', token })).statusCode).toBe(200);
  });
});
