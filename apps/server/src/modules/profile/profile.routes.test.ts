import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ageOn, latestBirthday } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { makeMember } from '../../../test/money-helpers.js';

let h: Harness;
let admin: string;
let support: string;
let finance: string;
let seq = 0;
const fresh = (p = 'pf') => `${p}${Date.now().toString(36).slice(-5)}${seq++}`;
const LOTUS = 'lotus.localhost';

type Method = 'GET' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, token?: string, payload?: unknown, opts: { host?: string; lang?: string } = {}) =>
  h.call({ method, url, token, payload: payload as never, host: opts.host, lang: opts.lang ?? 'en' });
const getProfile = (token: string) => call('GET', '/wps/member/profile', token);
const putProfile = (token: string, body: unknown, lang = 'en') => call('PUT', '/wps/member/profile', token, body, { lang });

/** Every stored trace of a member's profile: the real name and the profile row. */
const stored = async (memberId: bigint) => {
  const db = h.database.db;
  const m = await db.selectFrom('members').select(['payee_name', 'updated_at']).where('id', '=', memberId).executeTakeFirstOrThrow();
  const p = await db.selectFrom('member_profiles').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  return JSON.stringify({ m, p: p ?? null }, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
};
const auditOf = (memberId: bigint) =>
  h.database.db.selectFrom('audit_log').select(['action', 'before', 'after', 'reason', 'operator_id']).where('target_type', '=', 'member').where('target_id', '=', memberId.toString()).where('action', '=', 'member.profile_correct').orderBy('id').execute();

/** A member whose profile tells the site's "today", as the server counts it (its own time zone). */
let dayReader: string;
const siteToday = async () => (await getProfile(dayReader)).json().value.today as string;
/**
 * Runs `body` with the site's today. A day read once and used later is wrong after the site's
 * midnight (17:00 UTC in Phnom Penh): if the day turned while `body` ran and it failed, it runs once
 * more on the new day (each body makes its own members, so a second run starts clean).
 */
const onOneDay = async (body: (today: string) => Promise<void>) => {
  const day = await siteToday();
  try {
    await body(day);
  } catch (err) {
    if ((await siteToday()) === day) throw err;
    await body(await siteToday());
  }
};
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const FULL = {
  fullname: 'Sok  Dara',
  birthday: '1990-04-17',
  permanentAddress: ' #12, Street 271, Phnom Penh ',
  currentAddress: 'Siem Reap',
  placeOfBirth: 'Battambang',
  nationality: 'kh',
  occupation: 'Engineer',
  sourceOfIncome: 'salary',
};

beforeAll(async () => {
  h = await startHarness();
  admin = await h.opsLogin();
  await h.addOperator('APSARA', 'pfsupport1', 'Support-Pass-1', 'support');
  await h.addOperator('APSARA', 'pffinance1', 'Finance-Pass-1', 'finance');
  support = await h.opsLogin('pfsupport1', 'Support-Pass-1');
  finance = await h.opsLogin('pffinance1', 'Finance-Pass-1');
  dayReader = (await makeMember(h, fresh('today'))).token;
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

describe('member profile', () => {
  it('starts empty, saves the whole form trimmed, and reads back the same; the name is the real name', async () => {
    const m = await makeMember(h, fresh());
    const empty = await getProfile(m.token);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().value).toMatchObject({ fullname: null, fullnameLocked: false, birthday: null, birthdayLocked: false, nationality: null, sourceOfIncome: null, minAge: 18, updatedAt: null });

    const saved = await putProfile(m.token, FULL);
    expect(saved.statusCode, saved.body).toBe(200);
    const v = saved.json().value;
    expect(v).toMatchObject({
      fullname: 'Sok Dara',
      fullnameLocked: true,
      birthday: '1990-04-17',
      birthdayLocked: true,
      permanentAddress: '#12, Street 271, Phnom Penh',
      currentAddress: 'Siem Reap',
      placeOfBirth: 'Battambang',
      nationality: 'KH',
      occupation: 'Engineer',
      sourceOfIncome: 'salary',
    });
    expect(v.updatedAt).not.toBeNull();
    expect((await getProfile(m.token)).json().value).toEqual(v);

    // One copy of the name: the security center and withdrawals read the same real name.
    const sec = await call('GET', '/wps/member/security', m.token);
    expect(sec.json().value.realName).toBe('Sok Dara');
    const info = await call('GET', '/wps/member/info', m.token);
    expect(info.json().value.userName).toBe('Sok Dara');
  });

  it('keeps the optional fields editable (and clearable), with the locked ones sent again unchanged or left out', async () => {
    const m = await makeMember(h, fresh());
    expect((await putProfile(m.token, FULL)).statusCode).toBe(200);
    const again = await putProfile(m.token, { ...FULL, fullname: 'sok dara', currentAddress: 'Kampot', occupation: '' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value).toMatchObject({ fullname: 'Sok Dara', currentAddress: 'Kampot', occupation: null });
    const partial = await putProfile(m.token, { nationality: 'TH', sourceOfIncome: 'business' });
    expect(partial.statusCode, partial.body).toBe(200);
    // Left out: the locked fields stay; the whole form is replaced otherwise.
    expect(partial.json().value).toMatchObject({ fullname: 'Sok Dara', birthday: '1990-04-17', nationality: 'TH', sourceOfIncome: 'business', currentAddress: null });
  });

  it('refuses a change to a locked name or birthday with PROFILE_FIELD_LOCKED and writes nothing', async () => {
    const m = await makeMember(h, fresh());
    await putProfile(m.token, FULL);
    const before = await stored(m.id);
    const name = await putProfile(m.token, { ...FULL, fullname: 'Chan Sophea', occupation: 'Teacher' });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toMatchObject({ success: false, code: 'PROFILE_FIELD_LOCKED' });
    expect(name.json().fields).toEqual([expect.objectContaining({ field: 'fullname', rule: 'locked' })]);
    const born = await putProfile(m.token, { ...FULL, birthday: '1991-04-17' });
    expect(born.statusCode).toBe(409);
    expect(born.json().fields).toEqual([expect.objectContaining({ field: 'birthday', rule: 'locked' })]);
    expect(await stored(m.id)).toBe(before);
  });

  it('locks a real name set earlier in the security center (or at registration): shown, not replaced', async () => {
    const m = await makeMember(h, fresh(), { realName: 'Keo Malis' });
    expect((await getProfile(m.token)).json().value).toMatchObject({ fullname: 'Keo Malis', fullnameLocked: true });
    const res = await putProfile(m.token, { fullname: 'Someone Else' });
    expect(res.statusCode).toBe(409);
    expect((await putProfile(m.token, { occupation: 'Chef' })).json().value).toMatchObject({ fullname: 'Keo Malis', occupation: 'Chef' });
  });

  it('refuses every bad field with 400, the field named, a message in the caller\'s language, and nothing written', () =>
    onOneDay(async (today) => {
      const yearsAgo = (n: number) => latestBirthday(today, n);
      const m = await makeMember(h, fresh());
      const CASES: [string, Record<string, unknown>, string, string][] = [
        ['name with digits', { fullname: 'Dara 123' }, 'fullname', 'pattern'],
        ['name of one letter', { fullname: 'D' }, 'fullname', 'pattern'],
        ['name with a control character', { fullname: 'Da\u0007ra' }, 'fullname', 'invalid'],
        ['name with a C1 control character', { fullname: 'Da\u0085ra' }, 'fullname', 'control'],
        ['birthday in another layout', { birthday: '17/04/1990' }, 'birthday', 'date'],
        ['birthday 30 February', { birthday: '1990-02-30' }, 'birthday', 'date'],
        ['birthday 29 February of a common year', { birthday: '1990-02-29' }, 'birthday', 'date'],
        ['birthday month 13', { birthday: '1990-13-01' }, 'birthday', 'date'],
        ['birthday tomorrow', { birthday: dayAfter(today) }, 'birthday', 'future'],
        ['birthday before 1900', { birthday: '1899-12-31' }, 'birthday', 'tooOld'],
        ['nationality not a code', { nationality: 'Cambodia' }, 'nationality', 'oneOf'],
        ['nationality unassigned', { nationality: 'XX' }, 'nationality', 'oneOf'],
        ['income outside the list', { sourceOfIncome: 'lottery' }, 'sourceOfIncome', 'oneOf'],
        ['occupation of 81', { occupation: 'o'.repeat(81) }, 'occupation', 'tooLong'],
        ['permanent address of 201', { permanentAddress: 'a'.repeat(201) }, 'permanentAddress', 'tooLong'],
        ['current address of 201', { currentAddress: '地'.repeat(201) }, 'currentAddress', 'tooLong'],
        ['place of birth of 101', { placeOfBirth: 'p'.repeat(101) }, 'placeOfBirth', 'tooLong'],
        ['address with a NUL', { currentAddress: 'a\u0000b' }, 'currentAddress', 'invalid'],
        ['wrong type', { occupation: 12 }, 'occupation', 'type'],
        ['unknown field', { favouriteColour: 'gold' }, 'favouriteColour', 'unknown'],
      ];
      const before = await stored(m.id);
      for (const [name, body, field, rule] of CASES) {
        const res = await putProfile(m.token, { ...body });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(res.json().code, name).toBe('VALIDATION_FAILED');
        const f = res.json().fields.find((x: { field: string }) => x.field === field);
        expect(f, name).toBeDefined();
        expect(f.rule, name).toBe(rule);
        expect(f.message, name).toBeTruthy();
      }
      // A good field beside a bad one is not saved either.
      const mixed = await putProfile(m.token, { occupation: 'Chef', nationality: 'ZZ', birthday: '2999-01-01' });
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json().fields.map((f: { field: string }) => f.field)).toEqual(['birthday', 'nationality']);
      expect(await stored(m.id)).toBe(before);

      const km = await putProfile(m.token, { sourceOfIncome: 'lottery' }, 'km');
      expect(km.json().fields[0].message).toBe('សូមជ្រើសរើសមួយពីបញ្ជី');
      const cn = await putProfile(m.token, { birthday: dayAfter(today) }, 'cn');
      expect(cn.json().fields[0].message).toBe('出生日期不能晚于今天');
    }));

  it('refuses a birthday under the site\'s minimum age with UNDER_MIN_AGE; exactly the minimum age today is fine; the minimum follows register.minAge', () =>
    onOneDay(async (today) => {
      const yearsAgo = (n: number) => latestBirthday(today, n);
      const young = await makeMember(h, fresh());
      const dayShort = dayAfter(yearsAgo(18));
      expect(ageOn(dayShort, today)).toBe(17);
      const before = await stored(young.id);
      const res = await putProfile(young.token, { ...FULL, birthday: dayShort });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'UNDER_MIN_AGE', message: 'You must be at least 18 years old to use this site' });
      expect(res.json().fields).toEqual([{ field: 'birthday', rule: 'minAge', message: 'You must be at least 18 years old to use this site' }]);
      expect(await stored(young.id)).toBe(before);

      const ok = await putProfile(young.token, { birthday: yearsAgo(18) });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().value.birthday).toBe(yearsAgo(18));

      await h.setConfig('APSARA', (c) => (c.register = { ...(c.register ?? {}), minAge: 21 }));
      try {
        const m = await makeMember(h, fresh());
        expect((await getProfile(m.token)).json().value.minAge).toBe(21);
        const twenty = await putProfile(m.token, { birthday: yearsAgo(20) }, 'cn');
        expect(twenty.statusCode).toBe(400);
        expect(twenty.json()).toMatchObject({ code: 'UNDER_MIN_AGE', message: '您须年满21岁才能使用本站' });
        expect((await putProfile(m.token, { birthday: yearsAgo(21) })).statusCode).toBe(200);
      } finally {
        await h.setConfig('APSARA', (c) => (c.register.minAge = 18));
      }
    }));

  it('is the token\'s own: two members each see and change only theirs; no token is 401', async () => {
    const a = await makeMember(h, fresh('pa'));
    const b = await makeMember(h, fresh('pb'));
    await putProfile(a.token, { ...FULL, fullname: 'Alpha Person' });
    await putProfile(b.token, { occupation: 'Baker' });
    expect((await getProfile(b.token)).json().value).toMatchObject({ fullname: null, occupation: 'Baker', birthday: null });
    expect((await getProfile(a.token)).json().value).toMatchObject({ fullname: 'Alpha Person', occupation: 'Engineer' });
    // A member id in the path or body is not a way in.
    expect((await call('GET', `/wps/member/profile/${a.id}`, b.token)).statusCode).toBe(404);
    expect((await putProfile(b.token, { memberId: a.id.toString(), occupation: 'Thief' })).statusCode).toBe(400);
    expect((await getProfile(a.token)).json().value.occupation).toBe('Engineer');
    expect((await call('GET', '/wps/member/profile')).statusCode).toBe(401);
    expect((await call('PUT', '/wps/member/profile', undefined, { occupation: 'x' })).statusCode).toBe(401);

    // Another site: its own members only.
    const lotus = await makeMember(h, fresh('pl'), { merchant: 'LOTUS', host: LOTUS });
    const own = await call('GET', '/wps/member/profile', lotus.token, undefined, { host: LOTUS });
    expect(own.json().value.fullname).toBeNull();
  });

  it('refuses trial accounts with TRIAL_NEED_REAL_ACCOUNT (in_need_true_account), reading or writing', async () => {
    const trial = await makeMember(h, fresh('pt'), { type: 4 });
    const before = await stored(trial.id);
    for (const res of [await getProfile(trial.token), await putProfile(trial.token, FULL)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    }
    expect(await stored(trial.id)).toBe(before);
  });

  it('two first saves of different names at once: exactly one wins, the other is told it is locked', async () => {
    const m = await makeMember(h, fresh());
    const [x, y] = await Promise.all([putProfile(m.token, { fullname: 'First Name' }), putProfile(m.token, { fullname: 'Second Name' })]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const name = (await getProfile(m.token)).json().value.fullname;
    expect(['First Name', 'Second Name']).toContain(name);
  });
});

describe('back office: member profile', () => {
  it('shows a member\'s profile to every role, only within its own site', async () => {
    const m = await makeMember(h, fresh());
    await putProfile(m.token, FULL);
    for (const token of [admin, support, finance]) {
      const res = await call('GET', `/ops/members/${m.id}/profile`, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toMatchObject({ memberId: m.id.toString(), fullname: 'Sok Dara', birthday: '1990-04-17', nationality: 'KH' });
    }
    const lotus = await makeMember(h, fresh('pl'), { merchant: 'LOTUS', host: LOTUS });
    expect((await call('GET', `/ops/members/${lotus.id}/profile`, admin)).json().code).toBe('ACCOUNT_NOT_FOUND');
    expect((await call('GET', `/ops/members/${m.id}/profile`)).statusCode).toBe(401);
  });

  it('support corrects the locked name and birthday with a reason, audited before and after; the member sees it', async () => {
    const m = await makeMember(h, fresh());
    await putProfile(m.token, FULL);
    const res = await call('PATCH', `/ops/members/${m.id}/profile`, support, { fullname: 'Sok  Dara Chan', birthday: '1990-05-17', reason: 'ID card checked in chat' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ fullname: 'Sok Dara Chan', birthday: '1990-05-17', fullnameLocked: true, birthdayLocked: true, occupation: 'Engineer' });
    expect((await getProfile(m.token)).json().value).toMatchObject({ fullname: 'Sok Dara Chan', birthday: '1990-05-17' });
    const audit = await auditOf(m.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'member.profile_correct',
      before: { fullname: 'Sok Dara', birthday: '1990-04-17' },
      after: { fullname: 'Sok Dara Chan', birthday: '1990-05-17' },
      reason: 'ID card checked in chat',
    });
    // The same values again change nothing and add no audit row.
    expect((await call('PATCH', `/ops/members/${m.id}/profile`, support, { birthday: '1990-05-17', reason: 'Same again please' })).statusCode).toBe(200);
    expect(await auditOf(m.id)).toHaveLength(1);
    // A birthday alone, on a member who never saved a profile.
    const n = await makeMember(h, fresh());
    const only = await call('PATCH', `/ops/members/${n.id}/profile`, admin, { birthday: '1985-01-02', reason: 'Passport copy received' });
    expect(only.statusCode, only.body).toBe(200);
    expect(only.json().value).toMatchObject({ birthday: '1985-01-02', birthdayLocked: true, fullname: null });
    expect((await auditOf(n.id))[0]).toMatchObject({ before: { birthday: null }, after: { birthday: '1985-01-02' } });
  });

  it('refuses finance, bad values, an empty correction, no reason, under age, trial accounts and other sites; nothing written', () =>
    onOneDay(async (today) => {
      const yearsAgo = (n: number) => latestBirthday(today, n);
      const m = await makeMember(h, fresh());
      await putProfile(m.token, FULL);
      const before = await stored(m.id);
      const url = `/ops/members/${m.id}/profile`;
      const forbidden = await call('PATCH', url, finance, { fullname: 'New Name', reason: 'Because I can' });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().code).toBe('OPERATOR_FORBIDDEN');
      const bad: [unknown, string, number][] = [
        [{ reason: 'Nothing to change' }, 'VALIDATION_FAILED', 400],
        [{ fullname: 'New Name' }, 'VALIDATION_FAILED', 400],
        [{ fullname: '   ', reason: 'Blank it out' }, 'VALIDATION_FAILED', 400],
        [{ fullname: 'R2 D2', reason: 'Typo in the name' }, 'VALIDATION_FAILED', 400],
        [{ birthday: '1990-02-30', reason: 'Typo in the date' }, 'VALIDATION_FAILED', 400],
        [{ birthday: dayAfter(today), reason: 'Typo in the date' }, 'VALIDATION_FAILED', 400],
        [{ birthday: dayAfter(yearsAgo(18)), reason: 'Typo in the date' }, 'UNDER_MIN_AGE', 400],
        [{ nationality: 'TH', reason: 'Not a locked field' }, 'VALIDATION_FAILED', 400],
      ];
      for (const [body, code, status] of bad) {
        const res = await call('PATCH', url, support, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().code, JSON.stringify(body)).toBe(code);
      }
      expect(await stored(m.id)).toBe(before);
      expect(await auditOf(m.id)).toHaveLength(0);

      const trial = await makeMember(h, fresh('pt'), { type: 4 });
      expect((await call('PATCH', `/ops/members/${trial.id}/profile`, admin, { fullname: 'Trial Person', reason: 'Should not work' })).json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
      const lotus = await makeMember(h, fresh('pl'), { merchant: 'LOTUS', host: LOTUS });
      expect((await call('PATCH', `/ops/members/${lotus.id}/profile`, admin, { fullname: 'Lotus Person', reason: 'Other site' })).json().code).toBe('ACCOUNT_NOT_FOUND');
      expect(await stored(lotus.id)).toContain('"payee_name":null');
    }));
});

describe('OpenAPI', () => {
  it('documents the member calls under member and the operator calls under ops, with their bodies', async () => {
    const doc = (await h.call({ method: 'GET', url: '/docs/json' })).json();
    for (const [path, method, tag] of [
      ['/wps/member/profile', 'get', 'member'],
      ['/wps/member/profile', 'put', 'member'],
      ['/ops/members/{id}/profile', 'get', 'ops'],
      ['/ops/members/{id}/profile', 'patch', 'ops'],
    ]) {
      expect(doc.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual([tag]);
      expect(doc.paths[path][method].security, `${method} ${path}`).toEqual([{ bearer: [] }]);
    }
    const put = doc.paths['/wps/member/profile'].put.requestBody.content['application/json'].schema;
    expect(Object.keys(put.properties)).toEqual(['fullname', 'birthday', 'permanentAddress', 'currentAddress', 'placeOfBirth', 'nationality', 'sourceOfIncome', 'occupation']);
    const patch = doc.paths['/ops/members/{id}/profile'].patch.requestBody.content['application/json'].schema;
    expect(patch.required).toEqual(['reason']);
  });
});
