import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness.js';
import { captchaService } from './captcha.service.js';
import { throttleStore } from '../../lib/throttle.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const PNG_MAGIC = '89504e470d0a1a0a';

describe('GET /wps/captcha', () => {
  it('returns a base64 PNG, stores only a hash, and throttles refreshes to one per second per client', async () => {
    const first = await h.call({ method: 'GET', url: '/wps/captcha', ip: '192.0.2.10' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.success).toBe(true);
    const png = Buffer.from(body.value, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe(PNG_MAGIC);
    expect(png.length).toBeGreaterThan(500);
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await h.call({ method: 'GET', url: '/wps/captcha', ip: '192.0.2.10', lang: 'en' });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RATE_LIMITED');
    // Another client is not slowed down by the first.
    expect((await h.call({ method: 'GET', url: '/wps/captcha', ip: '192.0.2.11' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await h.call({ method: 'GET', url: '/wps/captcha', ip: '192.0.2.10' })).statusCode).toBe(200);
  });
});

describe('captcha verification (image provider)', () => {
  const merchantId = async () => (await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow()).id;

  it('accepts the right answer once, case-insensitively; wrong answers burn the captcha', async () => {
    const svc = captchaService(h.database.db, throttleStore(h.database.db), { provider: 'image' });
    const mid = await merchantId();
    const issued = await svc.issue(mid, 'unit-1');
    // Only a hash of the drawn answer is stored, so plant a known answer hashed the way issue() does.
    const { createHash } = await import('node:crypto');
    const answer = 'k7Pq';
    const hash = createHash('sha256').update(`${issued.captchaId}:${answer.toLowerCase()}`).digest('hex');
    await h.database.db.updateTable('captchas').set({ answer_hash: hash }).where('id', '=', issued.captchaId).execute();

    expect(await svc.verify(mid, issued.captchaId, 'K7PQ')).toBe(true);
    expect(await svc.verify(mid, issued.captchaId, 'K7PQ')).toBe(false); // single use

    const second = await svc.issue(mid, 'unit-2');
    expect(await svc.verify(mid, second.captchaId, 'nope')).toBe(false);
    expect(await svc.verify(mid, second.captchaId, 'anything')).toBe(false);
  });

  it('expired captchas and other merchants’ captchas are refused', async () => {
    const svc = captchaService(h.database.db, throttleStore(h.database.db), { provider: 'image' });
    const mid = await merchantId();
    const c = await svc.issue(mid, 'unit-3');
    const { createHash } = await import('node:crypto');
    await h.database.db
      .updateTable('captchas')
      .set({ answer_hash: createHash('sha256').update(`${c.captchaId}:abcd`).digest('hex'), expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', c.captchaId)
      .execute();
    expect(await svc.verify(mid, c.captchaId, 'abcd')).toBe(false);

    const d = await svc.issue(mid, 'unit-4');
    await h.database.db.updateTable('captchas').set({ answer_hash: createHash('sha256').update(`${d.captchaId}:abcd`).digest('hex') }).where('id', '=', d.captchaId).execute();
    expect(await svc.verify(mid + 1n, d.captchaId, 'abcd')).toBe(false);
    expect(await svc.verify(mid, d.captchaId, 'abcd')).toBe(true);
  });

  it('the fixed provider accepts only its configured answer', async () => {
    const svc = captchaService(h.database.db, throttleStore(h.database.db), { provider: 'fixed', fixedAnswer: 'ZZ9' });
    expect(await svc.verify(1n, undefined, 'zz9')).toBe(true);
    expect(await svc.verify(1n, undefined, 'zz8')).toBe(false);
    expect(await svc.verify(1n, undefined, '')).toBe(false);
  });
});
