import { WHITELABEL_FLAGS } from '@apsara/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness.js';
import { makeMember } from '../../../test/money-helpers.js';

/*
 * The site's core settings from the back office (PATCH /ops/config/:section): maintenance, flags,
 * registration, sign-in security, two-factor sign-in, sign-up bonus, SMS codes, blocked ranges and
 * country dialing codes. A good save shows at
 * once on the site's public answers; a bad one is refused with field errors and writes nothing;
 * only an admin changes them.
 */

let h: Harness;
let admin: string;
let support: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, opts: { token?: string; payload?: unknown; ip?: string; host?: string } = {}) =>
  h.call({ method, url, token: opts.token, payload: opts.payload as never, ip: opts.ip, host: opts.host, lang: 'en' });
const patch = (section: string, payload: unknown, token = admin) => call('PATCH', `/ops/config/${section}`, { token, payload });
const settings = async () => (await call('GET', '/ops/config', { token: admin })).json().value;
const storedConfig = async () => (await h.database.db.selectFrom('merchants').select('config').where('code', '=', 'APSARA').executeTakeFirstOrThrow()).config as Record<string, any>;
const publicValue = async (url: string, ip?: string) => (await call('GET', url, { ip })).json().value;

/** Each body is refused with VALIDATION_FAILED naming `field`, and the stored config is untouched. */
const expectRefused = async (section: string, cases: [unknown, string][]) => {
  const before = await storedConfig();
  for (const [body, field] of cases) {
    const res = await patch(section, body);
    expect(res.statusCode, `${section} ${JSON.stringify(body)} ${res.body}`).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().fields.map((f: { field: string }) => f.field), JSON.stringify(body)).toContain(field);
  }
  expect(await storedConfig()).toEqual(before);
};

beforeAll(async () => {
  h = await startHarness();
  admin = await h.opsLogin();
  await h.addOperator('APSARA', 'sitesupport1', 'Support-Pass-1', 'support');
  support = await h.opsLogin('sitesupport1', 'Support-Pass-1');
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

describe('settings: who may change them', () => {
  it('support reads every new section but may change none, and nothing is written', async () => {
    const value = await (await call('GET', '/ops/config', { token: support })).json().value;
    for (const section of ['maintenance', 'flags', 'register', 'security', 'signupBonus', 'sms', 'blockedCidrs', 'dialingCodes']) expect(value, section).toHaveProperty(section);
    const before = await storedConfig();
    const bodies: [string, unknown][] = [
      ['maintenance', { active: true, message: null, until: null }],
      ['flags', { ...value.flags, FREEPLAY3: !value.flags.FREEPLAY3 }],
      ['register', { ...value.register, minAge: 30 }],
      ['security', { ...value.security, lockMinutes: 9 }],
      ['signupBonus', null],
      ['sms', { expiredMinutes: 9 }],
      ['blockedCidrs', ['198.51.100.0/24']],
      ['dialingCodes', { countries: ['TH'] }],
    ];
    for (const [section, body] of bodies) {
      const res = await patch(section, body, support);
      expect(res.statusCode, section).toBe(403);
      expect(res.json().code).toBe('OPERATOR_FORBIDDEN');
    }
    expect(await storedConfig()).toEqual(before);
    expect((await call('PATCH', '/ops/config/maintenance', { payload: { active: true } })).statusCode).toBe(401);
  });
});

describe('settings: values stored before these checks', () => {
  it('still load the site and the settings page; saving them as they are is refused, naming the field', async () => {
    const stored = await storedConfig();
    await h.setConfig('APSARA', (c) => {
      c.blockedCidrs = ['not a range'];
      c.register = { ...(c.register ?? {}), fields: { qqNum: { minLength: 20, maxLength: 5 } } };
      c.security = { captchaAfterFailures: 9, lockAfterFailures: 2, lockMinutes: 5, passwordMaxAgeDays: 0 };
      c.maintenance = { active: false, message: '', until: 'after lunch' };
    });
    try {
      expect((await call('GET', '/wps/system/status')).json().value.status).toBe(0);
      const value = await settings();
      expect(value.blockedCidrs).toEqual(['not a range']);
      expect(value.security.lockAfterFailures).toBe(2);
      expect((await patch('blockedCidrs', value.blockedCidrs)).json().fields[0].field).toBe('blockedCidrs.0');
      expect((await patch('security', value.security)).json().fields[0].field).toBe('security.lockAfterFailures');
      expect((await patch('register', value.register)).json().fields[0].field).toBe('register.fields.qqNum.maxLength');
      expect((await patch('maintenance', value.maintenance)).statusCode).toBe(400);
    } finally {
      await h.setConfig('APSARA', (c) => Object.assign(c, { blockedCidrs: stored.blockedCidrs ?? [], register: stored.register, security: stored.security, maintenance: stored.maintenance }));
    }
  });
});

describe('settings: maintenance', () => {
  it('takes the site down at once, in each language, while the back office keeps working; audited; turned off again', async () => {
    const message = { en: 'Back at six', km: 'ត្រឡប់មកវិញម៉ោងប្រាំមួយ', cn: '六点恢复' };
    const saved = await patch('maintenance', { active: true, message, until: '2026-12-31T18:00:00Z' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.maintenance).toEqual({ active: true, message, until: '2026-12-31T18:00:00Z' });
    expect(await publicValue('/wps/system/status')).toMatchObject({ status: 1, maintenance: { message, until: '2026-12-31T18:00:00Z' } });
    expect((await publicValue('/wps/system/config')).maintenance).toEqual({ active: true, message, until: '2026-12-31T18:00:00Z' });
    const login = await call('POST', '/wps/session/login', { payload: { username: 'demo01', password: 'Demo1234' } });
    expect(login.json().code).toBe('SYSTEM_MAINTENANCE');

    // Operators are not locked out: they sign in, read and save (and turn it off) during maintenance.
    const again = await h.opsLogin('sitesupport1', 'Support-Pass-1');
    expect((await call('GET', '/ops/config', { token: again })).statusCode).toBe(200);
    expect((await call('GET', '/ops/members', { token: admin })).statusCode).toBe(200);
    const off = await patch('maintenance', { active: false, message, until: null });
    expect(off.statusCode, off.body).toBe(200);
    expect(await publicValue('/wps/system/status')).toMatchObject({ status: 0, maintenance: null });
    expect((await call('POST', '/wps/session/login', { payload: { username: 'demo01', password: 'Demo1234' } })).statusCode).toBe(200);

    const audit = await h.database.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('target_type', '=', 'config').where('target_id', '=', 'maintenance').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['config.update', 'config.update']);
    expect(audit[0]).toMatchObject({ before: { maintenance: { active: false } }, after: { maintenance: { active: true, message, until: '2026-12-31T18:00:00Z' } } });
  });

  it('still reads a message stored as one plain text (before it could be translated)', async () => {
    await h.setConfig('APSARA', (c) => (c.maintenance = { active: true, message: 'Upgrading the servers', until: null }));
    expect((await settings()).maintenance).toEqual({ active: true, message: 'Upgrading the servers', until: null });
    expect((await publicValue('/wps/system/status')).maintenance).toEqual({ message: 'Upgrading the servers', until: null });
    expect((await patch('maintenance', { active: false, message: 'Upgrading the servers', until: null })).statusCode).toBe(200);
    expect((await publicValue('/wps/system/status')).status).toBe(0);
  });

  it('refuses a message without English, an over-long one, or an end time that is not a date', async () => {
    await expectRefused('maintenance', [
      [{ active: true, message: { km: 'ថែទាំ' }, until: null }, 'maintenance.message'],
      [{ active: true, message: 'x'.repeat(301), until: null }, 'maintenance.message'],
      [{ active: true, message: null, until: 'tomorrow' }, 'maintenance.until'],
      [{ active: 'yes', message: null, until: null }, 'maintenance.active'],
    ]);
    expect((await publicValue('/wps/system/status')).status).toBe(0);
  });
});

describe('settings: feature flags', () => {
  it('switches a flag on the public whitelabel answer at once', async () => {
    const flags = (await settings()).flags;
    expect(Object.keys(flags).sort()).toEqual([...WHITELABEL_FLAGS].sort());
    const saved = await patch('flags', { ...flags, FREEPLAY3: false, PTSYS3: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await publicValue('/wps/system/whitelabel')).toMatchObject({ FREEPLAY3: false, PTSYS3: false });
    // The server follows the flag too: free play is refused while it is off.
    expect((await call('POST', '/wps/session/login/freeplay', { payload: {} })).json().code).toBe('FUNCTION_NOT_ENABLED');
    expect((await patch('flags', flags)).statusCode).toBe(200);
    expect(await publicValue('/wps/system/whitelabel')).toEqual(flags);
  });

  it('refuses SMS verification at sign-up while the username tab has no required mobile number, and a non-boolean', async () => {
    const flags = (await settings()).flags;
    await expectRefused('flags', [
      [{ ...flags, USERNAMEREG3: true, REGMOBVERF3: true }, 'flags.REGMOBVERF3'],
      [{ ...flags, FREEPLAY3: 'on' }, 'flags.FREEPLAY3'],
    ]);
    // With the number asked for and required, the same flags are fine; both sign-up modes off is allowed (registration closed).
    const register = (await settings()).register;
    expect((await patch('register', { ...register, fields: { ...register.fields, mobileNum: { enabled: true, required: true } } })).statusCode).toBe(200);
    expect((await patch('flags', { ...flags, USERNAMEREG3: true, REGMOBVERF3: true })).statusCode).toBe(200);
    // …and the register rule cannot then be loosened under the flag.
    await expectRefused('register', [[{ ...register, fields: { ...register.fields, mobileNum: { enabled: true, required: false } } }, 'register.fields.mobileNum.required']]);
    expect((await patch('flags', { ...flags, USERNAMEREG3: false, MOBILENUMREG3: false, REGMOBVERF3: false })).statusCode).toBe(200);
    expect((await patch('flags', flags)).statusCode).toBe(200);
    expect((await patch('register', register)).statusCode).toBe(200);
  });
});

describe('settings: registration', () => {
  it('changes a field rule, the minimum age and the terms box on the public register settings at once', async () => {
    const register = (await settings()).register;
    const next = { ...register, fields: { ...register.fields, qqNum: { enabled: true, required: true, minLength: 6, maxLength: 11, patternId: 'DIGITS', acceptedPattern: '' } }, minAge: 21, termsDefaultChecked: false };
    const saved = await patch('register', next);
    expect(saved.statusCode, saved.body).toBe(200);
    const pub = await publicValue('/wps/system/setting/register');
    expect(pub.fields.qqNum).toEqual({ enabled: true, required: true, minLength: 6, maxLength: 11, patternId: 'DIGITS', acceptedPattern: '' });
    expect(pub).toMatchObject({ minAge: 21, termsDefaultChecked: false });
    // Username and password stay shown and required whatever is stored.
    expect((await patch('register', { ...next, fields: { ...next.fields, username: { enabled: false, required: false } } })).statusCode).toBe(200);
    expect((await publicValue('/wps/system/setting/register')).fields.username).toMatchObject({ enabled: true, required: true });
    expect((await patch('register', register)).statusCode).toBe(200);
    expect((await publicValue('/wps/system/setting/register')).minAge).toBe(register.minAge);
  });

  it('refuses rules that cannot work, naming the field', async () => {
    const register = (await settings()).register;
    const withRule = (field: string, rule: Record<string, unknown>) => ({ ...register, fields: { ...register.fields, [field]: rule } });
    await expectRefused('register', [
      [withRule('qqNum', { minLength: 10, maxLength: 5 }), 'register.fields.qqNum.maxLength'],
      [withRule('qqNum', { enabled: false, required: true }), 'register.fields.qqNum.required'],
      [withRule('email', { acceptedPattern: '^[a-z' }), 'register.fields.email.acceptedPattern'],
      [withRule('email', { acceptedPattern: '^(a+)+$' }), 'register.fields.email.acceptedPattern'],
      [withRule('email', { acceptedPattern: '^(\\w|\\d)*@x$' }), 'register.fields.email.acceptedPattern'],
      [withRule('email', { patternId: 'NOPE' }), 'register.fields.email.patternId'],
      [withRule('email', { maxLength: 10_000 }), 'register.fields.email.maxLength'],
      [{ ...register, minAge: 17 }, 'register.minAge'],
      [{ ...register, minAge: 100 }, 'register.minAge'],
      [{ ...register, affiliateRequired: 'no' }, 'register.affiliateRequired'],
    ]);
    // A sound custom regex is fine.
    expect((await patch('register', withRule('line', { enabled: true, acceptedPattern: '^[a-z0-9._-]{3,20}$' }))).statusCode).toBe(200);
    expect((await patch('register', register)).statusCode).toBe(200);
  });
});

describe('settings: sign-in security', () => {
  it('asks for the captcha after the set number of failures at once', async () => {
    const security = (await settings()).security;
    const m = await makeMember(h, `sec${Date.now().toString(36).slice(-6)}`);
    const username = (await h.database.db.selectFrom('members').select('username').where('id', '=', m.id).executeTakeFirstOrThrow()).username;
    const wrong = () => call('POST', '/wps/session/login', { payload: { username, password: 'Wrong1234', type: 'username' } });
    expect((await wrong()).json().data.captchaRequired).toBe(false);
    await h.database.db.deleteFrom('auth_throttles').execute();
    const saved = await patch('security', { ...security, captchaAfterFailures: 1, lockAfterFailures: 4, lockMinutes: 7, passwordMaxAgeDays: 90 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await wrong()).json().data.captchaRequired).toBe(true);
    expect((await patch('security', security)).statusCode).toBe(200);
  });

  it('refuses a lock before the captcha and out-of-range numbers', async () => {
    const security = (await settings()).security;
    await expectRefused('security', [
      [{ ...security, captchaAfterFailures: 5, lockAfterFailures: 3 }, 'security.lockAfterFailures'],
      [{ ...security, lockMinutes: 0 }, 'security.lockMinutes'],
      [{ ...security, passwordMaxAgeDays: -1 }, 'security.passwordMaxAgeDays'],
      [{ ...security, captchaAfterFailures: 1.5 }, 'security.captchaAfterFailures'],
    ]);
  });
});

describe('settings: two-factor sign-in', () => {
  it('asks a member signing in from a new address for a code once switched on, and stops when switched off; audited', async () => {
    expect((await settings()).loginCheck).toEqual({ newAddress: false });
    const username = `tfa${Date.now().toString(36).slice(-6)}`;
    const m = await makeMember(h, username);
    await h.database.db.updateTable('members').set({ mobile_num: `08${Date.now().toString().slice(-8)}`, country_dialing_code: '855' }).where('id', '=', m.id).execute();
    const signIn = (ip: string) => call('POST', '/wps/session/login', { payload: { username, password: 'Passw0rd1', type: 'username' }, ip });
    expect((await signIn('203.0.113.60')).statusCode).toBe(200);

    const saved = await patch('loginCheck', { newAddress: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.loginCheck).toEqual({ newAddress: true });
    const asked = await signIn('203.0.113.61');
    expect(asked.statusCode, asked.body).toBe(403);
    expect(asked.json().code).toBe('LOGIN_CONFIRMATION_REQUIRED');

    expect((await patch('loginCheck', { newAddress: false })).statusCode).toBe(200);
    expect((await signIn('203.0.113.62')).statusCode).toBe(200);
    const audit = await h.database.db.selectFrom('audit_log').select(['before', 'after']).where('action', '=', 'config.update').where('target_id', '=', 'loginCheck').orderBy('id', 'desc').limit(2).execute();
    expect(audit.map((a) => a.after)).toEqual([{ loginCheck: { newAddress: false } }, { loginCheck: { newAddress: true } }]);
  });

  it('refuses a switch that is not a yes or no, a missing one, or anything else', async () => {
    await expectRefused('loginCheck', [
      [{ newAddress: 'yes' }, 'loginCheck.newAddress'],
      [{}, 'loginCheck.newAddress'],
      [{ newAddress: true, always: true }, 'loginCheck'],
    ]);
  });
});

describe('settings: country dialing codes', () => {
  it('the catalogue names every country with its code, for any operator, none without a session', async () => {
    const catalogue = await call('GET', '/ops/dialing-codes', { token: support });
    expect(catalogue.statusCode).toBe(200);
    const list = catalogue.json().value as { countryCode: string; countryDialingCode: string; name: string }[];
    expect(list.length).toBeGreaterThan(200);
    expect(list).toContainEqual({ countryCode: 'KH', countryDialingCode: '855', name: 'Cambodia' });
    expect(list).toContainEqual({ countryCode: 'GB', countryDialingCode: '44', name: 'United Kingdom' });
    // By name, in the reader's order.
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect((await call('GET', '/ops/dialing-codes')).statusCode).toBe(401);
  });

  it('a new list shows at once on the public country codes, in its order; audited; put back', async () => {
    const { dialingCodes } = await settings();
    expect(dialingCodes.countries[0]).toBe('KH');
    const saved = await patch('dialingCodes', { countries: ['VN', 'KH'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await publicValue('/wps/system/countryCodes')).toEqual([
      { countryCode: 'VN', countryDialingCode: '84', name: 'Vietnam' },
      { countryCode: 'KH', countryDialingCode: '855', name: 'Cambodia' },
    ]);
    const [audit] = await h.database.db.selectFrom('audit_log').select(['before', 'after']).where('action', '=', 'config.update').where('target_id', '=', 'dialingCodes').orderBy('id', 'desc').limit(1).execute();
    expect(audit).toEqual({ before: { dialingCodes }, after: { dialingCodes: { countries: ['VN', 'KH'] } } });
    expect((await patch('dialingCodes', dialingCodes)).statusCode).toBe(200);
    expect((await publicValue('/wps/system/countryCodes'))[0].countryCode).toBe('KH');
  });

  it('refuses an empty list, a country twice, a code that is no country, a malformed one, or anything else', async () => {
    await expectRefused('dialingCodes', [
      [{ countries: [] }, 'dialingCodes.countries'],
      [{ countries: ['KH', 'KH'] }, 'dialingCodes.countries'],
      [{ countries: ['KH', 'XX'] }, 'dialingCodes.countries.1'],
      [{ countries: ['kh'] }, 'dialingCodes.countries.0'],
      [{ countries: ['KHM'] }, 'dialingCodes.countries.0'],
      [{ countries: Array.from({ length: 61 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26))) }, 'dialingCodes.countries'],
      [{ countries: ['KH'], default: 'KH' }, 'dialingCodes'],
      [['KH'], 'dialingCodes'],
    ]);
  });
});

describe('settings: sign-up bonus and SMS codes', () => {
  it('sets and clears the sign-up bonus on the public site config, and the SMS code lifetime', async () => {
    const { signupBonus, sms, flags } = await settings();
    expect((await patch('signupBonus', { maxAmount: '88.00' })).statusCode).toBe(200);
    expect((await publicValue('/wps/system/config')).signupBonus).toEqual({ maxAmount: '88.00' });
    const cleared = await patch('signupBonus', null);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await publicValue('/wps/system/config')).signupBonus).toBeNull();

    expect((await patch('sms', { expiredMinutes: 5 })).statusCode).toBe(200);
    expect((await patch('flags', { ...flags, MOBILEVERCODELOGIN3: true })).statusCode).toBe(200);
    const sent = await call('POST', '/wps/verification/sms/noLogin', { payload: { mobileNum: '0812999111', countryDialingCode: '66', purpose: 'login' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value.expiredMinutes).toBe(5);

    expect((await patch('flags', flags)).statusCode).toBe(200);
    expect((await patch('sms', sms)).statusCode).toBe(200);
    expect((await patch('signupBonus', signupBonus)).statusCode).toBe(200);
  });

  it('refuses a bonus that is not a positive amount and an SMS lifetime outside 1–30 minutes', async () => {
    await expectRefused('signupBonus', [
      [{ maxAmount: '0.00' }, 'signupBonus.maxAmount'],
      [{ maxAmount: '1.001' }, 'signupBonus.maxAmount'],
      [{ maxAmount: '-5' }, 'signupBonus.maxAmount'],
    ]);
    await expectRefused('sms', [
      [{ expiredMinutes: 0 }, 'sms.expiredMinutes'],
      [{ expiredMinutes: 31 }, 'sms.expiredMinutes'],
    ]);
  });
});

describe('settings: blocked address ranges', () => {
  it('blocks a range on the public status at once, never the back office, and unblocks it', async () => {
    const saved = await patch('blockedCidrs', ['198.51.100.0/24', '2001:db8::/32']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await publicValue('/wps/system/status', '198.51.100.7')).toMatchObject({ status: 2, ip: '198.51.100.7' });
    expect((await publicValue('/wps/system/status', '2001:db8::9')).status).toBe(2);
    expect((await publicValue('/wps/system/status', '198.51.101.7')).status).toBe(0);
    // An operator behind a blocked address still works.
    expect((await call('GET', '/ops/config', { token: admin, ip: '198.51.100.7' })).statusCode).toBe(200);
    expect((await patch('blockedCidrs', [])).statusCode).toBe(200);
    expect((await publicValue('/wps/system/status', '198.51.100.7')).status).toBe(0);
  });

  it('refuses malformed ranges, duplicates, ranges covering everything and IPv4-mapped ranges', async () => {
    await expectRefused('blockedCidrs', [
      [['0.0.0.0/0'], 'blockedCidrs.0'],
      [['10.0.0.0/8', '::/0'], 'blockedCidrs.1'],
      [['10.0.0.1/8'], 'blockedCidrs.0'],
      [['nonsense'], 'blockedCidrs.0'],
      [['10.0.0.0'], 'blockedCidrs.0'],
      [['10/8'], 'blockedCidrs.0'],
      [['10.0.0.0/33'], 'blockedCidrs.0'],
      [['10.0.0.0/8', '10.0.0.0/8'], 'blockedCidrs.1'],
      [['2001:db8::/32', '2001:0db8:0::/32'], 'blockedCidrs.1'],
      [['::ffff:10.0.0.0/104'], 'blockedCidrs.0'],
      [{ ranges: [] }, 'blockedCidrs'],
    ]);
    const zero = await patch('blockedCidrs', ['0.0.0.0/0']);
    expect(zero.json().fields[0].message).toMatch(/every address/);
  });
});
