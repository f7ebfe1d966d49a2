import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { booksBalance, mainBalance, makeMember, moneySnapshot, newKey } from '../../../test/money-helpers.js';
import { sql } from 'kysely';
import { PaymentChannelConfig } from '@apsara/contracts';
import { sign } from './online.service.js';
import { scheduleDepositExpiry } from '../../jobs/deposit-expiry.js';

const SECRET = 'test-paysim-secret-0123456789';
let h: Harness;
let admin: string;
type M = Awaited<ReturnType<typeof makeMember>>;
let member: M;

beforeAll(async () => {
  h = await startHarness({ PAYSIM_SECRET: SECRET });
  admin = await h.opsLogin();
  member = await makeMember(h, 'online01');
});
afterAll(() => h.close());

const open = async (amount = '100.00', token = member.token) => {
  const res = await h.call({ method: 'POST', url: '/wps/v2/deposit/online', token, lang: 'en', payload: { channelId: 'online-pay', amount, idempotencyKey: newKey('on') } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: string; payUrl: string; status: string; amount: string };
};
type Cb = { orderId: string; providerReference: string; amount: string; currency: string; status: 'PAID' | 'FAILED'; timestamp: number; nonce: string };
const body = (orderId: string, over: Partial<Cb> = {}): Cb => ({
  orderId,
  providerReference: `PS${randomBytes(6).toString('hex')}`,
  amount: '100.00',
  currency: 'USD',
  status: 'PAID',
  timestamp: Math.floor(Date.now() / 1000),
  nonce: randomBytes(16).toString('hex'),
  ...over,
});
/** `signature` null sends none; left out, the right one. */
const callback = (raw: string, signature: string | null = sign(SECRET, raw), provider = 'paysim') =>
  h.call({ method: 'POST', url: `/pay/callback/${provider}`, lang: 'en', payload: raw, headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) } });

describe('online deposits', () => {
  it('opens a pending order with a payment page; the signed callback credits it once', async () => {
    const order = await open('100.00');
    expect(order).toMatchObject({ status: 'pending', amount: '100.00', type: 'ONLINE' });
    expect(order.payUrl).toMatch(new RegExp(`^/paysim/checkout/${order.id}\\?t=[0-9a-f]{32}$`));
    const page = await h.call({ method: 'GET', url: order.payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('100.00 USD');
    expect((await h.call({ method: 'GET', url: `/paysim/checkout/${order.id}?t=${'0'.repeat(32)}` })).statusCode).toBe(404);

    const raw = JSON.stringify(body(order.id));
    const ok = await callback(raw);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toEqual({ orderId: order.id, status: 'approved' });
    expect((await mainBalance(h, member.token)).balance).toBe('100.00');
    // The same callback again (a captured request replayed) is refused and moves nothing.
    const replay = await callback(raw);
    expect([replay.statusCode, replay.json().code]).toEqual([409, 'CALLBACK_REPLAYED']);
    // The provider retrying the same outcome with a fresh nonce is told it is done; no second credit.
    const parsed = JSON.parse(raw) as Cb;
    const retry = await callback(JSON.stringify({ ...parsed, nonce: randomBytes(16).toString('hex') }));
    expect(retry.json().value.status).toBe('approved');
    // A different outcome for a settled order is not accepted.
    const flip = await callback(JSON.stringify(body(order.id, { status: 'FAILED' })));
    expect([flip.statusCode, flip.json().code]).toEqual([409, 'PAYMENT_ORDER_CLOSED']);
    expect((await mainBalance(h, member.token)).balance).toBe('100.00');
    const mine = (await h.call({ method: 'GET', url: '/wps/v2/deposits', token: member.token })).json().value.items[0];
    expect(mine).toMatchObject({ id: order.id, status: 'approved', type: 'ONLINE' });
    const audit = (await h.call({ method: 'GET', url: '/ops/audit', token: admin })).json().value.items.filter((a: { targetId: string; targetType: string }) => a.targetType === 'deposit' && a.targetId === order.id);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['deposit.online.paid']);
    expect(await booksBalance(h)).toBe(true);
  });

  it('the simulator page pays through the same signed callback and sends the member back', async () => {
    const order = await open('25.00');
    const before = (await mainBalance(h, member.token)).balance;
    // As the browser sends it: the checkout's HTML form, url-encoded.
    const paid = await h.call({ method: 'POST', url: order.payUrl.replace('?', '/pay?'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/member/depositv2?order=${order.id}`);
    expect((await mainBalance(h, member.token)).balance).toBe((Number(before) + 25).toFixed(2));
    const declined = await open('30.00');
    await h.call({ method: 'POST', url: declined.payUrl.replace('?', '/decline?'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const list = (await h.call({ method: 'GET', url: '/wps/v2/deposits', token: member.token })).json().value.items;
    // The member reads the outcome from the status, in their language; the operator sees the server's note.
    expect(list.find((d: { id: string }) => d.id === declined.id)).toMatchObject({ status: 'rejected', reviewNote: null });
    const ops = (await h.call({ method: 'GET', url: '/ops/deposits?status=rejected', token: admin })).json().value.items;
    expect(ops.find((d: { id: string }) => d.id === declined.id)).toMatchObject({ reviewNote: 'payment failed', reviewedBy: null });
    expect((await mainBalance(h, member.token)).balance).toBe((Number(before) + 25).toFixed(2));
  });

  it('refuses unsigned, mis-signed, stale, mismatched and malformed callbacks, writing nothing', async () => {
    const order = await open('40.00');
    const before = await moneySnapshot(h);
    const good = body(order.id, { amount: '40.00' });
    const cases: [string, () => ReturnType<typeof callback>, number, string][] = [
      ['no signature', () => callback(JSON.stringify(good), null), 401, 'CALLBACK_SIGNATURE_INVALID'],
      ['signed with another secret', () => callback(JSON.stringify(good), sign('not-the-secret-at-all', JSON.stringify(good))), 401, 'CALLBACK_SIGNATURE_INVALID'],
      ['body changed after signing', () => callback(JSON.stringify({ ...good, amount: '4000.00' }), sign(SECRET, JSON.stringify(good))), 401, 'CALLBACK_SIGNATURE_INVALID'],
      ['signature garbage', () => callback(JSON.stringify(good), 'zz'), 401, 'CALLBACK_SIGNATURE_INVALID'],
      ['an hour old', () => callback(JSON.stringify({ ...good, timestamp: good.timestamp - 3600 })), 400, 'CALLBACK_EXPIRED'],
      ['from the future', () => callback(JSON.stringify({ ...good, timestamp: good.timestamp + 3600 })), 400, 'CALLBACK_EXPIRED'],
      ['other amount', () => callback(JSON.stringify({ ...good, amount: '40.01' })), 400, 'CALLBACK_MISMATCH'],
      ['other currency', () => callback(JSON.stringify({ ...good, currency: 'KHR' })), 400, 'CALLBACK_MISMATCH'],
      ['negative amount', () => callback(JSON.stringify({ ...good, amount: '-40.00' })), 400, 'VALIDATION_FAILED'],
      ['3 decimals', () => callback(JSON.stringify({ ...good, amount: '40.000' })), 400, 'VALIDATION_FAILED'],
      ['unknown order', () => callback(JSON.stringify({ ...good, orderId: '999999999' })), 404, 'NOT_FOUND'],
      ['not JSON', () => callback('{"orderId":'), 400, 'BAD_REQUEST'],
      ['extra field', () => callback(JSON.stringify({ ...good, memberId: '1' })), 400, 'VALIDATION_FAILED'],
      ['unknown provider', () => callback(JSON.stringify(good), sign(SECRET, JSON.stringify(good)), 'stripe'), 404, 'PAYMENT_PROVIDER_UNKNOWN'],
    ];
    for (const [name, res, status, code] of cases) {
      const r = await res();
      expect([name, r.statusCode, r.json().code], r.body).toEqual([name, status, code]);
    }
    expect(await moneySnapshot(h)).toEqual(before);
    const ok = await callback(JSON.stringify(good));
    expect(ok.json().value.status).toBe('approved');
  });

  it('checks the order request: channel, range, trial, idempotency', async () => {
    const req = (payload: object, token = member.token) => h.call({ method: 'POST', url: '/wps/v2/deposit/online', token, lang: 'en', payload: { channelId: 'online-pay', amount: '50.00', idempotencyKey: newKey(), ...payload } });
    const trial = await makeMember(h, 'onlinetrial', { type: 4 });
    const before = await moneySnapshot(h);
    expect((await req({ amount: '9.99' })).json().code).toBe('DEPOSIT_AMOUNT_OUT_OF_RANGE');
    expect((await req({ amount: '5000.01' })).json().code).toBe('DEPOSIT_AMOUNT_OUT_OF_RANGE');
    expect((await req({ channelId: 'bank-transfer' })).json().code).toBe('DEPOSIT_CHANNEL_UNAVAILABLE');
    expect((await req({ channelId: 'nope' })).json().code).toBe('DEPOSIT_CHANNEL_UNAVAILABLE');
    for (const amount of ['-5.00', '0', '1.234', 'abc', '1e9']) expect((await req({ amount })).json().code).toBe('VALIDATION_FAILED');
    expect((await req({}, trial.token)).json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect(await moneySnapshot(h)).toEqual(before);
    const key = newKey('same');
    const [a, b] = await Promise.all([req({ idempotencyKey: key }), req({ idempotencyKey: key })]);
    expect(a.json().value.id).toBe(b.json().value.id);
    expect((await req({ idempotencyKey: key, amount: '51.00' })).json().code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('never runs in production: the simulator is refused and its channel is not listed', async () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYSIM_SECRET: SECRET })).toThrow(/refused/);
    expect(loadConfig({ NODE_ENV: 'production' }).paysim).toBeUndefined();
    const prod = await startHarness({ NODE_ENV: 'production', CAPTCHA_PROVIDER: 'image', SEED_DEMO: '1' });
    try {
      const token = await prod.login('demo01', 'Demo1234');
      const channels = (await prod.call({ method: 'GET', url: '/wps/v2/deposit/channels', token })).json().value.channels;
      expect(channels.map((c: { type: string }) => c.type)).toEqual(['BANK_TRANSFER']);
      expect((await prod.call({ method: 'GET', url: '/paysim/checkout/1?t=x' })).statusCode).toBe(404);
      const cb = await prod.call({ method: 'POST', url: '/pay/callback/paysim', payload: '{}', headers: { 'content-type': 'application/json', 'x-signature': 'x' } });
      expect(cb.json().code).toBe('PAYMENT_PROVIDER_UNKNOWN');
    } finally {
      await prod.close();
    }
  });
});

describe('online order expiry', () => {
  const MIN = 60_000;
  /** The money alone: accounts, postings and holds (an expiry writes the order and its audit row). */
  const ledgerOnly = async () => {
    const { accounts, ledger_transactions, ledger_entries, ledger_holds } = await moneySnapshot(h);
    return { accounts, ledger_transactions, ledger_entries, ledger_holds };
  };
  const expire = (minutesAhead: number) => h.app.onlineDeposits.expireDue({ now: new Date(Date.now() + minutesAhead * MIN) });
  const mine = async (id: string) => (await h.call({ method: 'GET', url: '/wps/v2/deposits', token: member.token })).json().value.items.find((d: { id: string }) => d.id === id);
  const auditOf = async (id: string) =>
    (await h.call({ method: 'GET', url: '/ops/audit', token: admin })).json().value.items
      .filter((a: { targetId: string; targetType: string }) => a.targetType === 'deposit' && a.targetId === id)
      .map((a: { action: string }) => a.action)
      .reverse();

  it('an unpaid order expires at its deadline, once, with an audit row; no money moves', async () => {
    const order = await open('60.00');
    const row = await mine(order.id);
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(30 * MIN);
    // Until then its member can go back to its payment page from the list.
    expect(row.payUrl).toBe(order.payUrl);
    const before = await ledgerOnly();
    await expire(29);
    expect((await mine(order.id)).status).toBe('pending');
    expect(await expire(31)).toBeGreaterThanOrEqual(1);
    expect(await mine(order.id)).toMatchObject({ status: 'expired', reviewNote: null, decidedBy: 'system', payUrl: null });
    const ops = (await h.call({ method: 'GET', url: '/ops/deposits?status=expired', token: admin })).json().value.items;
    expect(ops.find((d: { id: string }) => d.id === order.id)).toMatchObject({ reviewNote: 'not paid in time', reviewedBy: null });
    expect(await expire(31)).toBe(0);
    expect(await auditOf(order.id)).toEqual(['deposit.online.expired']);
    expect(await ledgerOnly()).toEqual(before);
    const listed = (await h.call({ method: 'GET', url: '/wps/v2/deposits?status=expired', token: member.token })).json().value.items;
    expect(listed.map((d: { id: string }) => d.id)).toContain(order.id);
  });

  it('a payment the provider reports after the deadline still credits the order, once; a late failure closes it as rejected', async () => {
    const paid = await open('70.00');
    const failed = await open('80.00');
    await expire(31);
    const start = (await mainBalance(h, member.token)).balance;
    const raw = JSON.stringify(body(paid.id, { amount: '70.00' }));
    const late = await callback(raw);
    expect(late.json().value, late.body).toEqual({ orderId: paid.id, status: 'approved' });
    expect((await mainBalance(h, member.token)).balance).toBe((Number(start) + 70).toFixed(2));
    const again = await callback(JSON.stringify({ ...(JSON.parse(raw) as Cb), nonce: randomBytes(16).toString('hex') }));
    expect(again.json().value.status).toBe('approved');
    expect(await auditOf(paid.id)).toEqual(['deposit.online.expired', 'deposit.online.paid_late']);

    const before = await ledgerOnly();
    const no = await callback(JSON.stringify(body(failed.id, { amount: '80.00', status: 'FAILED' })));
    expect(no.json().value, no.body).toEqual({ orderId: failed.id, status: 'rejected' });
    expect(await ledgerOnly()).toEqual(before);
    expect(await mine(failed.id)).toMatchObject({ status: 'rejected', decidedBy: 'provider', reviewNote: null });
    expect(await auditOf(failed.id)).toEqual(['deposit.online.expired', 'deposit.online.failed_late']);
    // The provider said it failed: nobody credits it by hand, and a contrary report is refused.
    const approve = await h.call({ method: 'POST', url: `/ops/deposits/${failed.id}/approve`, token: admin, lang: 'en' });
    expect([approve.statusCode, approve.json().code]).toEqual([409, 'DEPOSIT_NOT_PENDING']);
    expect((await callback(JSON.stringify(body(failed.id, { amount: '80.00' })))).json().code).toBe('PAYMENT_ORDER_CLOSED');
    expect(await ledgerOnly()).toEqual(before);
    expect((await mainBalance(h, member.token)).balance).toBe((Number(start) + 70).toFixed(2));
    expect(await booksBalance(h)).toBe(true);
  });

  it('the checkout closes at the deadline even before the job has run', async () => {
    const order = await open('45.00');
    await sql`update deposits set expires_at = now() - interval '1 second' where id = ${BigInt(order.id)}`.execute(h.database.db);
    expect((await mine(order.id)).payUrl).toBeNull();
    const page = await h.call({ method: 'GET', url: order.payUrl });
    expect(page.body).toContain('<dd id="status">expired</dd>');
    expect(page.body).not.toContain('class="pay"');
    const before = await moneySnapshot(h);
    for (const what of ['pay', 'decline']) {
      const pressed = await h.call({ method: 'POST', url: order.payUrl.replace('?', `/${what}?`), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect([what, pressed.statusCode]).toEqual([what, 409]);
      expect(pressed.body).toContain('Nothing was charged');
    }
    expect(await moneySnapshot(h)).toEqual(before);
    expect((await mine(order.id)).status).toBe('pending');
    await h.app.onlineDeposits.expireDue();
    expect((await mine(order.id)).status).toBe('expired');
  });

  it('the scheduled job expires a due order by itself and says how many', async () => {
    const order = await open('15.00');
    await sql`update deposits set expires_at = now() - interval '1 second' where id = ${BigInt(order.id)}`.execute(h.database.db);
    const said: object[] = [];
    const stop = scheduleDepositExpiry(h.app.onlineDeposits, { info: (o) => said.push(o), error: (o) => said.push({ error: o }) }, '* * * * * *');
    try {
      await expect.poll(async () => (await mine(order.id)).status, { timeout: 3000 }).toBe('expired');
    } finally {
      stop();
    }
    expect(said).toContainEqual({ expired: 1 });
  });

  it('an operator may approve an expired order (a late payment found by hand), never reject it', async () => {
    const order = await open('35.00');
    await expire(31);
    const rejected = await h.call({ method: 'POST', url: `/ops/deposits/${order.id}/reject`, token: admin, lang: 'en' });
    expect([rejected.statusCode, rejected.json().code]).toEqual([409, 'DEPOSIT_NOT_PENDING']);
    const start = (await mainBalance(h, member.token)).balance;
    const approved = await h.call({ method: 'POST', url: `/ops/deposits/${order.id}/approve`, token: admin, lang: 'en' });
    expect(approved.json().value, approved.body).toMatchObject({ status: 'approved', replayed: false });
    expect((await mainBalance(h, member.token)).balance).toBe((Number(start) + 35).toFixed(2));
    expect(await auditOf(order.id)).toEqual(['deposit.online.expired', 'deposit.approve']);
    expect(await mine(order.id)).toMatchObject({ status: 'approved', decidedBy: 'operator' });
    // The provider's payment report arrives after all: recorded, nothing moves again, and its retries are answered the same.
    const before = await ledgerOnly();
    const raw = JSON.stringify(body(order.id, { amount: '35.00' }));
    for (const r of [raw, JSON.stringify({ ...(JSON.parse(raw) as Cb), nonce: randomBytes(16).toString('hex') })]) {
      const late = await callback(r);
      expect(late.json().value, late.body).toEqual({ orderId: order.id, status: 'approved' });
    }
    expect(await ledgerOnly()).toEqual(before);
    expect(await auditOf(order.id)).toEqual(['deposit.online.expired', 'deposit.approve', 'deposit.online.paid_confirmed']);
    // A second, different payment report for the same order is not accepted.
    expect((await callback(JSON.stringify(body(order.id, { amount: '35.00' })))).json().code).toBe('PAYMENT_ORDER_CLOSED');
  });

  it('a payment reported after the deadline but before the job ran is credited and recorded as late', async () => {
    const order = await open('12.00');
    await sql`update deposits set expires_at = now() - interval '1 second' where id = ${BigInt(order.id)}`.execute(h.database.db);
    const paid = await callback(JSON.stringify(body(order.id, { amount: '12.00' })));
    expect(paid.json().value).toEqual({ orderId: order.id, status: 'approved' });
    expect(await auditOf(order.id)).toEqual(['deposit.online.paid_late']);
    expect(await mine(order.id)).toMatchObject({ status: 'approved', decidedBy: 'provider' });
  });

  it('a channel may set its own time, within 5 minutes to a day; only an online channel has one', async () => {
    const online = { id: 'fast', type: 'ONLINE', name: 'Fast', min: '1.00', max: '10.00', provider: 'paysim' };
    expect(PaymentChannelConfig.safeParse({ ...online, expiresMinutes: 10 }).success).toBe(true);
    for (const expiresMinutes of [4, 24 * 60 + 1, 7.5]) expect(PaymentChannelConfig.safeParse({ ...online, expiresMinutes }).success).toBe(false);
    expect(PaymentChannelConfig.safeParse({ id: 'b', type: 'BANK_TRANSFER', name: 'B', min: '1.00', max: '2.00', expiresMinutes: 10 }).success).toBe(false);
    await h.setConfig('APSARA', (c) => {
      c.payment = { channels: [{ ...online, id: 'online-pay', max: '5000.00', expiresMinutes: 10 }] };
    });
    const order = await open('5.00');
    const row = await mine(order.id);
    expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(10 * MIN);
  });
});
