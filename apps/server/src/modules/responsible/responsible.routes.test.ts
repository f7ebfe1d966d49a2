import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SELF_EXCLUSION_TRIES_PER_HOUR } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { makeMember } from '../../../test/money-helpers.js';
import { memberRepository } from '../member/member.repository.js';

let h: Harness;
let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;
const DAY = 86_400_000;

const takeBreak = (token: string, payload: Record<string, unknown>, lang = 'en') => h.call({ method: 'POST', url: '/wps/member/self-exclusion', token, lang, payload });
const login = (username: string, lang = 'en') => h.call({ method: 'POST', url: '/wps/session/login', lang, payload: { username, password: 'Passw0rd1' } });
const until = async (id: bigint) => (await h.database.db.selectFrom('members').select('excluded_until').where('id', '=', id).executeTakeFirstOrThrow()).excluded_until;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('taking a break (self-exclusion)', () => {
  it('ends every session and refuses sign-in until the break ends, saying until when in the site\'s time', async () => {
    const name = uname('rg');
    const m = await makeMember(h, name);
    const other = await h.login(name, 'Passw0rd1');
    const started = Date.now();
    const res = await takeBreak(m.token, { period: '7d', password: 'Passw0rd1' });
    expect(res.statusCode, res.body).toBe(200);
    const end = new Date(res.json().value.excludedUntil).getTime();
    expect(end - started).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(end - started).toBeLessThan(7 * DAY + 60_000);
    // Both of the member's sessions have ended.
    for (const token of [m.token, other]) expect((await h.call({ method: 'GET', url: '/wps/member/info', token })).json().code).toBe('NOT_LOGGED_IN');

    const refused = await login(name);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('MEMBER_SELF_EXCLUDED');
    // The site's zone (Asia/Phnom_Penh) and its offset name the end.
    expect(refused.json().message).toMatch(/^You chose to take a break from play until \d{4}-\d\d-\d\d \d\d:\d\d GMT\+7\. You can sign in again after that\.$/);
    const km = await login(name, 'km');
    expect(km.json().message).toMatch(/[\u1780-\u17FF]/);

    const audit = await sql<{ action: string; operator_id: string | null; after: { period: string } }>`select action, operator_id, after from audit_log where action = 'member.self_exclude' and target_id = ${m.id.toString()}`.execute(h.database.db);
    expect(audit.rows).toEqual([{ action: 'member.self_exclude', operator_id: null, after: expect.objectContaining({ period: '7d' }) }]);

    // Once the break is over the member signs in again.
    await h.database.db.updateTable('members').set({ excluded_until: new Date(Date.now() - 1000) }).where('id', '=', m.id).execute();
    expect((await login(name)).statusCode).toBe(200);
  });

  it('never shortens a break: a shorter one leaves the longer end', async () => {
    const m = await makeMember(h, uname('rg'));
    const repo = memberRepository(h.database.db);
    const merchantId = (await h.database.db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow()).merchant_id;
    const far = new Date(Date.now() + 30 * DAY);
    expect((await repo.excludeUntil(merchantId, m.id, far)).getTime()).toBe(far.getTime());
    expect((await repo.excludeUntil(merchantId, m.id, new Date(Date.now() + DAY))).getTime()).toBe(far.getTime());
    const further = new Date(Date.now() + 90 * DAY);
    expect((await repo.excludeUntil(merchantId, m.id, further)).getTime()).toBe(further.getTime());
  });

  it('refuses a wrong password, bad input, trial accounts and visitors, changing nothing; too many wrong passwords stop the form for the hour', async () => {
    const m = await makeMember(h, uname('rg'));
    for (const bad of [{ period: '2d', password: 'Passw0rd1' }, { period: '7d' }, { period: '7d', password: '' }, { period: '7d', password: 'Passw0rd1', extra: 1 }, { period: 7, password: 'Passw0rd1' }]) {
      const res = await takeBreak(m.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const wrong = await takeBreak(m.token, { period: '1d', password: 'Wrong-pass-1' });
    expect(wrong.json()).toMatchObject({ code: 'LOGIN_PASSWORD_WRONG', fields: [{ field: 'password', rule: 'wrong' }] });
    expect(await until(m.id)).toBeNull();
    expect((await h.call({ method: 'GET', url: '/wps/member/info', token: m.token })).statusCode).toBe(200);

    expect((await h.call({ method: 'POST', url: '/wps/member/self-exclusion', payload: { period: '1d', password: 'Passw0rd1' } })).json().code).toBe('NOT_LOGGED_IN');
    const trial = await makeMember(h, uname('rt'), { type: 4 });
    expect((await takeBreak(trial.token, { period: '1d', password: 'Passw0rd1' })).json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');

    for (let i = 1; i < SELF_EXCLUSION_TRIES_PER_HOUR; i++) expect((await takeBreak(m.token, { period: '1d', password: `Wrong-${i}` })).json().code).toBe('LOGIN_PASSWORD_WRONG');
    // Even the right password now waits for the hour to pass.
    expect((await takeBreak(m.token, { period: '1d', password: 'Passw0rd1' })).json().code).toBe('TOO_MANY_REQUESTS');
    expect(await until(m.id)).toBeNull();
  });
});
