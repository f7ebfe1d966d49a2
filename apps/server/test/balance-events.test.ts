import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { request } from 'undici';
import { startHarness, type Harness } from './harness.js';
import { fund, makeMember, multipart, newKey, PNG } from './money-helpers.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { FastifyInstance } from 'fastify';

/**
 * Reads server-sent events from `url` (undici's request: fetch would not send the Host header that names
 * the site); `waitFor(n)` waits until n of them named `balance` arrived (or time runs out).
 */
const listen = async (url: string, token: string, host = 'localhost') => {
  const controller = new AbortController();
  const requestId = `sse-${Math.random().toString(36).slice(2)}`;
  const res = await request(url, { headers: { authorization: `Bearer ${token}`, host, 'x-request-id': requestId }, signal: controller.signal });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/event-stream');
  // The stream is answered like every other call: with the request's id and the security headers.
  expect(res.headers['x-request-id']).toBe(requestId);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const events: { balance: string; change?: string }[] = [];
  let buffer = '';
  const pump = (async () => {
    try {
      for await (const chunk of res.body) {
        buffer += (chunk as Buffer).toString('utf8');
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith('event: balance')) events.push(JSON.parse(block.split('\n').find((l) => l.startsWith('data: '))!.slice(6)));
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  const waitFor = async (n: number, ms = 5000) => {
    const until = Date.now() + ms;
    while (events.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    return events;
  };
  return { waitFor, close: async () => { controller.abort(); await pump; } };
};

describe('live balance events', () => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await startHarness();
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => h.close());

  it('a member’s open stream hears each change of their own money, and only theirs', async () => {
    const token = await h.login('demo01', 'Demo1234');
    const other = await h.login('agent01', 'Agent1234');
    const id = (await h.call({ method: 'GET', url: '/wps/member/info', token })).json().value.id;
    const otherId = (await h.call({ method: 'GET', url: '/wps/member/info', token: other })).json().value.id;
    const mine = await listen(`${base}/wps/v2/wallets/events`, token);
    const theirs = await listen(`${base}/wps/v2/wallets/events`, other);
    // Each stream opens with the balance as it stands (a reconnecting page catches up with it).
    expect((await mine.waitFor(1))[0]).toEqual({ balance: '0.00', held: '0.00', available: '0.00' });
    expect((await theirs.waitFor(1))[0].balance).toBe('0.00');
    const ops = await h.opsLogin();
    await h.call({ method: 'POST', url: `/ops/members/${id}/adjustments`, token: ops, payload: { amount: '75.25', reason: 'Live balance check', idempotencyKey: 'live-event-01' } });
    expect((await mine.waitFor(2))[1]).toEqual({ balance: '75.25', held: '0.00', available: '75.25' });
    await h.call({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', token, payload: { from: 'MAIN', to: 'AG', amount: '25.25', idempotencyKey: 'live-event-02' } });
    expect((await mine.waitFor(3))[2].balance).toBe('50.00');
    // A replayed request moves nothing and says nothing.
    await h.call({ method: 'POST', url: `/ops/members/${id}/adjustments`, token: ops, payload: { amount: '75.25', reason: 'Live balance check', idempotencyKey: 'live-event-01' } });
    await h.call({ method: 'POST', url: `/ops/members/${otherId}/adjustments`, token: ops, payload: { amount: '1.00', reason: 'The other member', idempotencyKey: 'live-event-03' } });
    expect((await theirs.waitFor(2))[1].balance).toBe('1.00');
    expect((await mine.waitFor(4, 500)).length).toBe(3);
    // A stream opened later starts from the balance of that moment.
    const later = await listen(`${base}/wps/v2/wallets/events`, token);
    expect((await later.waitFor(1))[0]).toEqual({ balance: '50.00', held: '0.00', available: '50.00' });
    await later.close();
    await mine.close();
    await theirs.close();
  });

  it('a deposit rejected and a withdrawal approved, which move no money, reach the stream as changes', async () => {
    const m = await makeMember(h, 'liverec01', { realName: 'Sok Dara', paymentPassword: '2468' });
    const ops = await h.opsLogin();
    await fund(h, ops, m.id, '300.00');
    const card = await h.call({ method: 'POST', url: '/wps/member/bank-cards', token: m.token, payload: { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '0001 2345 6789', paymentPassword: '2468' } });
    expect(card.statusCode, card.body).toBe(200);
    const deposit = await h.call({
      method: 'POST',
      url: '/wps/v2/deposit/bank',
      token: m.token,
      ...multipart([
        ...Object.entries({ channelId: 'bank-transfer', amount: '50.00', reference: 'ABA 1', idempotencyKey: newKey('dep') }).map(([name, value]) => ({ name, value })),
        { name: 'receipt', filename: 'receipt.png', type: 'image/png', data: PNG },
      ]),
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    const depositId = deposit.json().value.id as string;
    const stream = await listen(`${base}/wps/v2/wallets/events`, m.token);
    expect((await stream.waitFor(1))[0]).toEqual({ balance: '300.00', held: '0.00', available: '300.00' });

    expect((await h.call({ method: 'POST', url: `/ops/deposits/${depositId}/reject`, token: ops, payload: { note: 'Receipt unreadable' } })).statusCode).toBe(200);
    expect((await stream.waitFor(2))[1]).toEqual({ balance: '300.00', held: '0.00', available: '300.00', change: `deposit:${depositId}:rejected` });
    // Rejecting it again changes nothing and says nothing.
    expect((await h.call({ method: 'POST', url: `/ops/deposits/${depositId}/reject`, token: ops })).json().value.replayed).toBe(true);

    const withdrawal = await h.call({ method: 'POST', url: '/wps/v2/withdraw', token: m.token, payload: { bankCardId: card.json().value.id, amount: '100.00', paymentPassword: '2468', idempotencyKey: newKey('wd') } });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const withdrawalId = withdrawal.json().value.id as string;
    // The hold moved money (a balance event of its own); the approval moves none.
    expect((await stream.waitFor(3))[2]).toMatchObject({ held: '100.00' });
    expect((await h.call({ method: 'POST', url: `/ops/withdrawals/${withdrawalId}/approve`, token: ops })).statusCode).toBe(200);
    expect((await stream.waitFor(4))[3]).toEqual({ balance: '300.00', held: '100.00', available: '200.00', change: `withdrawal:${withdrawalId}:approved` });
    expect((await h.call({ method: 'POST', url: `/ops/withdrawals/${withdrawalId}/approve`, token: ops })).json().value.replayed).toBe(true);
    expect((await stream.waitFor(5, 500)).length).toBe(4);
    await stream.close();
  });

  it('a message to everyone reaches every real member\'s open stream of that site, with the balance it last sent', async () => {
    const a = await makeMember(h, 'livebc01');
    const b = await makeMember(h, 'livebc02');
    const trial = await makeMember(h, 'livebct1', { type: 4 });
    const lotus = await makeMember(h, 'livebcl1', { merchant: 'LOTUS', host: 'lotus.localhost' });
    const ops = await h.opsLogin();
    await fund(h, ops, a.id, '12.50');
    const streams = [
      await listen(`${base}/wps/v2/wallets/events`, a.token),
      await listen(`${base}/wps/v2/wallets/events`, b.token),
      await listen(`${base}/wps/v2/wallets/events`, trial.token),
      await listen(`${base}/wps/v2/wallets/events`, lotus.token, 'lotus.localhost'),
    ];
    for (const s of streams) expect(await s.waitFor(1)).toHaveLength(1);
    const sent = await h.call({ method: 'POST', url: '/ops/messages', token: ops, payload: { title: 'Maintenance tonight', body: 'Games pause 02:00–03:00.', toAll: true } });
    expect(sent.statusCode, sent.body).toBe(200);
    const change = `message:${sent.json().value.id}`;
    expect((await streams[0]!.waitFor(2))[1]).toEqual({ balance: '12.50', held: '0.00', available: '12.50', change });
    expect((await streams[1]!.waitFor(2))[1]).toEqual({ balance: '0.00', held: '0.00', available: '0.00', change });
    // Trial accounts have no inbox, and another site's members were not written to.
    expect(await streams[2]!.waitFor(2, 500)).toHaveLength(1);
    expect(await streams[3]!.waitFor(2, 500)).toHaveLength(1);
    for (const s of streams) await s.close();
  });

  it('needs a token', async () => {
    const res = await fetch(`${base}/wps/v2/wallets/events`, { headers: { host: 'localhost' } });
    expect(res.status).toBe(401);
  });
});

/** Two API nodes on one database with Redis between them: a change on node A reaches a browser on node B. */
describe.skipIf(!process.env.TEST_REDIS_URL)('balance events across nodes through Redis', () => {
  let h: Harness;
  let nodeB: FastifyInstance;
  const redisA = () => new Redis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
  let ra: Redis;
  let rb: Redis;
  beforeAll(async () => {
    ra = redisA();
    rb = redisA();
    h = await startHarness({}, { redis: ra });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_PROVIDER: 'fixed', CAPTCHA_FIXED_ANSWER: 'x', WEB_DIST: '/nonexistent', RATE_LIMIT_SCALE: '1000' });
    nodeB = await buildApp({ config, database: h.database, redis: rb });
  });
  afterAll(async () => {
    await nodeB?.close();
    await h?.close();
    ra?.disconnect();
    rb?.disconnect();
  });

  it('fans out', async () => {
    const token = await h.login('demo01', 'Demo1234');
    const id = (await h.call({ method: 'GET', url: '/wps/member/info', token })).json().value.id;
    const base = await nodeB.listen({ port: 0, host: '127.0.0.1' });
    const stream = await listen(`${base}/wps/v2/wallets/events`, token);
    await new Promise((r) => setTimeout(r, 200)); // let node B's subscription settle
    const ops = await h.opsLogin();
    await h.call({ method: 'POST', url: `/ops/members/${id}/adjustments`, token: ops, payload: { amount: '12.00', reason: 'Across nodes', idempotencyKey: 'fanout-0001' } });
    expect((await stream.waitFor(2))[1].balance).toBe('12.00');
    await stream.close();
  });
});
