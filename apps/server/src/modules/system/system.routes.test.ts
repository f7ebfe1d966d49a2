import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, WHITELABEL_FLAGS, REGISTER_FIELDS } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('GET /wps/system/status', () => {
  it('is 0 with the caller IP when the site is open', async () => {
    const res = await h.call({ method: 'GET', url: '/wps/system/status', ip: '203.0.113.9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { status: 0, ip: '203.0.113.9', maintenance: null } });
  });

  it('is 2 for an address inside a blocked CIDR range, 0 just outside it', async () => {
    await h.setConfig('APSARA', (c) => (c.blockedCidrs = ['198.51.100.0/24', '2001:db8::/32']));
    const inside = await h.call({ method: 'GET', url: '/wps/system/status', ip: '198.51.100.77' });
    expect(inside.json().value).toMatchObject({ status: 2, ip: '198.51.100.77' });
    const v6 = await h.call({ method: 'GET', url: '/wps/system/status', ip: '2001:db8::5' });
    expect(v6.json().value.status).toBe(2);
    const outside = await h.call({ method: 'GET', url: '/wps/system/status', ip: '198.51.101.1' });
    expect(outside.json().value.status).toBe(0);
    // A blocked caller cannot sign in either, and is told its IP.
    const login = await h.call({ method: 'POST', url: '/wps/session/login', ip: '198.51.100.77', payload: { username: 'demo01', password: 'Demo1234' } });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ success: false, code: 'REGION_BLOCKED', data: { ip: '198.51.100.77' } });
    await h.setConfig('APSARA', (c) => (c.blockedCidrs = []));
  });

  it('is 1 during maintenance, for every caller, and member calls are closed', async () => {
    await h.setConfig('APSARA', (c) => (c.maintenance = { active: true, message: 'Upgrading', until: '2026-12-01T00:00:00Z' }));
    const res = await h.call({ method: 'GET', url: '/wps/system/status' });
    expect(res.json().value).toMatchObject({ status: 1, maintenance: { message: 'Upgrading' } });
    const login = await h.call({ method: 'POST', url: '/wps/session/login', payload: { username: 'demo01', password: 'Demo1234' }, lang: 'en' });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toMatchObject({ code: 'SYSTEM_MAINTENANCE', message: expect.stringContaining('maintenance') });
    // The other merchant is not affected.
    const other = await h.call({ method: 'GET', url: '/wps/system/status', host: 'lotus.localhost' });
    expect(other.json().value.status).toBe(0);
    await h.setConfig('APSARA', (c) => (c.maintenance = { active: false, message: null, until: null }));
  });
});

describe('the seeded status demo sites', () => {
  it('maintenance.localhost is in maintenance; blocked.localhost blocks loopback but not the open internet', async () => {
    expect((await h.call({ method: 'GET', url: '/wps/system/status', host: 'maintenance.localhost' })).json().value.status).toBe(1);
    expect((await h.call({ method: 'GET', url: '/wps/system/status', host: 'blocked.localhost', ip: '127.0.0.1' })).json().value.status).toBe(2);
    expect((await h.call({ method: 'GET', url: '/wps/system/status', host: 'blocked.localhost', ip: '::1' })).json().value.status).toBe(2);
    expect((await h.call({ method: 'GET', url: '/wps/system/status', host: 'blocked.localhost', ip: '203.0.113.1' })).json().value.status).toBe(0);
  });
});

describe('site configuration calls', () => {
  it('whitelabel lists every flag of spec §6, per merchant', async () => {
    const a = (await h.call({ method: 'GET', url: '/wps/system/whitelabel' })).json().value;
    const b = (await h.call({ method: 'GET', url: '/wps/system/whitelabel', host: 'lotus.localhost' })).json().value;
    expect(Object.keys(a).sort()).toEqual([...WHITELABEL_FLAGS].sort());
    expect(a.MOBILEVERCODELOGIN3).toBe(false);
    expect(b.MOBILEVERCODELOGIN3).toBe(true);
  });

  it('register settings give every field its rule', async () => {
    const v = (await h.call({ method: 'GET', url: '/wps/system/setting/register' })).json().value;
    expect(Object.keys(v.fields).sort()).toEqual([...REGISTER_FIELDS].sort());
    for (const rule of Object.values<any>(v.fields)) {
      expect(rule).toEqual({
        enabled: expect.any(Boolean),
        required: expect.any(Boolean),
        acceptedPattern: expect.any(String),
        patternId: expect.any(String),
        minLength: expect.any(Number),
        maxLength: expect.any(Number),
      });
    }
    expect(v.minAge).toBe(18);
  });

  it('domainRoute resolves the host to its merchant, unknown hosts to the default', async () => {
    const lotus = (await h.call({ method: 'GET', url: '/wps/system/domainRoute', host: 'lotus.localhost:8080' })).json().value;
    expect(lotus).toMatchObject({ merchantCode: 'LOTUS', domain: 'lotus.localhost', isDefault: false });
    const unknown = (await h.call({ method: 'GET', url: '/wps/system/domainRoute', host: 'nobody.example' })).json().value;
    expect(unknown).toMatchObject({ merchantCode: 'APSARA', isDefault: true, mainDomain: 'localhost' });
  });

  it('the config call carries everything the portal needs', async () => {
    const res = await h.call({ method: 'GET', url: '/wps/system/config', host: 'lotus.localhost', ip: '192.0.2.4' });
    const v = res.json().value;
    expect(v).toMatchObject({
      merchantCode: 'LOTUS',
      currency: 'THB',
      currencySymbol: '฿',
      location: { ip: '192.0.2.4' },
      maintenance: { active: false },
      regionRestriction: { blocked: false },
      domainRoute: { merchantCode: 'LOTUS' },
      mainDomain: 'lotus.localhost',
      referral: { enabled: false },
      signupBonus: null,
    });
    const apsara = (await h.call({ method: 'GET', url: '/wps/system/config' })).json().value;
    expect(apsara.referral).toEqual({ enabled: true });
    expect(apsara.signupBonus).toEqual({ maxAmount: '131.00' });
    expect(v.customerService.length).toBeGreaterThan(0);
    expect(v.resources.length).toBeGreaterThan(0);
    expect(typeof v.imageCdn).toBe('string');
    expect(typeof v.gameLaunchCdn).toBe('string');
  });
});

describe('service endpoints', () => {
  it('healthz and readyz answer', async () => {
    expect((await h.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await h.call({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('publishes an OpenAPI document with every call', async () => {
    const doc = (await h.call({ method: 'GET', url: '/docs/json' })).json();
    for (const path of ['/wps/system/status', '/wps/system/whitelabel', '/wps/system/setting/register', '/wps/system/config', '/wps/system/domainRoute', '/wps/captcha', '/wps/agent/affiliate', '/wps/member/register', '/wps/session/login', '/wps/session/logout', '/wps/member/info', '/wps/member/info/icon', '/wps/member/password']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect((await h.call({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('unknown routes get the envelope with a 404', async () => {
    const res = await h.call({ method: 'GET', url: '/wps/nope', lang: 'cn' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: '未找到' });
  });
});

describe('GET /manifest.webmanifest', () => {
  it('names the lite app after the site the host serves', async () => {
    const apsara = await h.call({ method: 'GET', url: '/manifest.webmanifest' });
    expect(apsara.statusCode).toBe(200);
    expect(apsara.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(apsara.json()).toMatchObject({ name: 'Apsara', start_url: '/?source=lite', scope: '/', display: 'standalone', icons: [{ src: '/favicon.svg', sizes: 'any' }] });
    const lotus = (await h.call({ method: 'GET', url: '/manifest.webmanifest', host: 'lotus.localhost' })).json();
    expect(lotus.name).toBe('Lotus Club');
    expect(lotus.short_name.length).toBeLessThanOrEqual(12);
  });
});

describe('GET /wps/system/countries', () => {
  it("names every country in the caller's language, Khmer too, in that language's order", async () => {
    const en = (await h.call({ method: 'GET', url: '/wps/system/countries', lang: 'en' })).json().value as { countryCode: string; name: string }[];
    expect(en.length).toBe(COUNTRY_CODES.length);
    expect(en).toContainEqual({ countryCode: 'KH', name: 'Cambodia' });
    expect(en.map((c) => c.name)).toEqual(en.map((c) => c.name).sort(new Intl.Collator('en').compare));
    const km = (await h.call({ method: 'GET', url: '/wps/system/countries', lang: 'km' })).json().value as { countryCode: string; name: string }[];
    expect(km).toContainEqual({ countryCode: 'KH', name: 'កម្ពុជា' });
    expect(km.filter((c) => /^[A-Za-z]/.test(c.name))).toEqual([]);
    const cn = await h.call({ method: 'GET', url: '/wps/system/countries', lang: 'cn' });
    expect(cn.json().value).toContainEqual({ countryCode: 'JP', name: '日本' });
    expect(cn.headers.vary).toContain('Accept-Language');
  });
});
