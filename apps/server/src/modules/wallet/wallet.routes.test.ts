import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
let ops: string;
let token: string;
let memberId: string;

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
  token = await h.login('demo01', 'Demo1234');
  memberId = (await h.call({ method: 'GET', url: '/wps/member/info', token })).json().value.id;
  const credit = await h.call({ method: 'POST', url: `/ops/members/${memberId}/adjustments`, token: ops, payload: { amount: '1000.00', reason: 'Opening balance for tests', idempotencyKey: 'wallet-route-fund' } });
  expect(credit.statusCode, credit.body).toBe(200);
});
afterAll(() => h.close());

const transfer = (payload: unknown, opts: { token?: string; host?: string } = {}) =>
  h.call({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', token: opts.token ?? token, host: opts.host, payload: payload as object, lang: 'en' });

describe('wallet calls', () => {
  it('shows the main wallet and every game wallet', async () => {
    const bal = (await h.call({ method: 'GET', url: '/wps/v2/wallets/balance', token })).json().value;
    expect(bal).toEqual({ balance: '1000.00', held: '0.00', available: '1000.00', currency: 'USD', currencySymbol: '$' });
    for (const url of ['/wps/member/info/funds/consolidated', '/wps/relay/GCS_merchantWallet']) {
      const v = (await h.call({ method: 'GET', url, token })).json().value;
      expect(v.total).toBe('1000.00');
      expect(v.wallets.map((w: { code: string }) => w.code)).toEqual(['MAIN', 'AG', 'BBIN', 'PT']);
    }
    // Local mode: no vendor to ask, the ledger is the wallet; the sync lists the same.
    const synced = (await h.call({ method: 'POST', url: '/wps/v2/wallets/sync', token })).json().value;
    expect(synced).toMatchObject({ total: '1000.00', unsynced: [] });
    expect(synced.wallets.map((w: { code: string }) => w.code)).toEqual(['MAIN', 'AG', 'BBIN', 'PT']);
  });

  it('moves money to a game wallet and back, replays a repeated key, and recovers everything', async () => {
    const out = await transfer({ from: 'MAIN', to: 'AG', amount: '250.50', idempotencyKey: 'route-t-0001' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().value).toMatchObject({ replayed: false, moved: [{ from: 'MAIN', to: 'AG', amount: '250.50' }] });
    const again = await transfer({ from: 'MAIN', to: 'AG', amount: '250.50', idempotencyKey: 'route-t-0001' });
    expect(again.json().value.replayed).toBe(true);
    const changed = await transfer({ from: 'MAIN', to: 'AG', amount: '99.00', idempotencyKey: 'route-t-0001' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');
    await transfer({ from: 'MAIN', to: 'PT', amount: '100.00', idempotencyKey: 'route-t-0002' });
    const swept = await transfer({ recoverAll: true, idempotencyKey: 'route-sweep-01' });
    expect(swept.json().value.moved).toEqual([{ from: 'AG', to: 'MAIN', amount: '250.50' }, { from: 'PT', to: 'MAIN', amount: '100.00' }]);
    const bal = (await h.call({ method: 'GET', url: '/wps/v2/wallets/balance', token })).json().value;
    expect(bal.balance).toBe('1000.00');
    // The member info header balance is the same money.
    expect((await h.call({ method: 'GET', url: '/wps/member/info', token })).json().value.balance).toBe('1000.00');
  });

  it('a repeated recover-all answers with what the first one moved, whatever the wallets hold since', async () => {
    await transfer({ from: 'MAIN', to: 'BBIN', amount: '30.00', idempotencyKey: 'route-t-0101' });
    const first = (await transfer({ recoverAll: true, idempotencyKey: 'route-sweep-02' })).json().value;
    expect(first).toMatchObject({ replayed: false, moved: [{ from: 'BBIN', to: 'MAIN', amount: '30.00' }] });
    await transfer({ from: 'MAIN', to: 'BBIN', amount: '10.00', idempotencyKey: 'route-t-0102' });
    const again = await transfer({ recoverAll: true, idempotencyKey: 'route-sweep-02' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value).toMatchObject({ replayed: true, moved: [{ from: 'BBIN', to: 'MAIN', amount: '30.00' }] });
    // Parallel sweeps under one new key: one posting, the same answer.
    const [a, b] = await Promise.all([transfer({ recoverAll: true, idempotencyKey: 'route-sweep-03' }), transfer({ recoverAll: true, idempotencyKey: 'route-sweep-03' })]);
    expect(a.json().value.moved).toEqual([{ from: 'BBIN', to: 'MAIN', amount: '10.00' }]);
    expect(b.json().value.moved).toEqual(a.json().value.moved);
    expect([a.json().value.replayed, b.json().value.replayed].sort()).toEqual([false, true]);
    expect((await h.call({ method: 'GET', url: '/wps/v2/wallets/balance', token })).json().value.balance).toBe('1000.00');
  });

  it('trial accounts may look but not move money', async () => {
    const trial = await h.login('trial01', 'Trial1234');
    expect((await h.call({ method: 'GET', url: '/wps/v2/wallets/balance', token: trial })).statusCode).toBe(200);
    const res = await transfer({ from: 'MAIN', to: 'AG', amount: '1.00', idempotencyKey: 'trial-t-0001' }, { token: trial });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
  });
});

describe('GET /wps/relay/ODSFE2_MemTransDet (account record)', () => {
  const history = (query: string, opts: { token?: string; host?: string } = {}) =>
    h.call({ method: 'GET', url: `/wps/relay/ODSFE2_MemTransDet${query}`, token: opts.token ?? token, host: opts.host, lang: 'en' });

  it('lists the member’s own movements newest first, filtered by type and date', async () => {
    const all = (await history('')).json().value;
    expect(all.pageSize).toBe(20);
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.items.at(-1)).toMatchObject({ type: 'ADJUSTMENT', wallet: 'MAIN', amount: '1000.00', balanceAfter: '1000.00' });
    const ids = all.items.map((i: { transactionId: string }) => Number(i.transactionId));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // A transfer shows both of its sides, one per wallet.
    const transfers = (await history('?type=WALLET_TRANSFER')).json().value.items;
    expect(transfers.every((i: { type: string }) => i.type === 'WALLET_TRANSFER')).toBe(true);
    expect(new Set(transfers.map((i: { wallet: string }) => i.wallet))).toEqual(new Set(['MAIN', 'AG', 'PT', 'BBIN']));
    // Each says what it was, for the page to put into words.
    expect(all.items.at(-1).detail).toEqual({ kind: 'adjustment' });
    for (const i of transfers) expect(i.detail).toEqual({ kind: 'wallet', from: 'MAIN', to: expect.stringMatching(/^(AG|PT|BBIN)$/) });
    // The page's choices group a movement's kinds: to a game wallet (ours here, a vendor's when one is
    // connected) and back, whichever ledger type recorded it.
    const toGame = (await history('?type=TO_GAME_WALLET')).json().value.items;
    expect(toGame.map((i: { transactionId: string; wallet: string }) => `${i.transactionId}:${i.wallet}`)).toEqual(transfers.map((i: { transactionId: string; wallet: string }) => `${i.transactionId}:${i.wallet}`));
    const back = (await history('?type=FROM_GAME_WALLET')).json().value.items;
    expect(back.length).toBeGreaterThan(0);
    expect(back.every((i: { type: string }) => i.type === 'WALLET_RECOVER')).toBe(true);
    expect(back.length).toBe((await history('?type=WALLET_RECOVER')).json().value.items.length);
    const future = (await history(`?from=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`)).json().value;
    expect(future).toMatchObject({ items: [], total: 0 });
  });

  it('shows nobody else’s movements, and refuses bad filters', async () => {
    const other = await h.login('agent01', 'Agent1234');
    const theirs = (await history('', { token: other })).json().value;
    // agent01's money never moved in this file: demo01's many movements must not show up for them.
    expect(theirs).toMatchObject({ items: [], total: 0 });
    for (const q of ['?type=STEAL', '?from=yesterday', '?page=0', '?page=abc', '?memberId=1', `?from=${encodeURIComponent('2026-02-01T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`]) {
      const res = await history(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await h.call({ method: 'GET', url: '/wps/relay/ODSFE2_MemTransDet' })).statusCode).toBe(401);
  });
});

describe('bad input on the wallet calls writes nothing', () => {
  const snapshot = async () =>
    (await sql<{ d: string }>`select md5(string_agg(a::text, '|' order by a.id)) || (select count(*) from ledger_transactions)::text as d from accounts a`.execute(h.database.db)).rows[0].d;

  it.each([
    ['negative', { from: 'MAIN', to: 'AG', amount: '-5.00', idempotencyKey: 'bad-000001' }],
    ['zero', { from: 'MAIN', to: 'AG', amount: '0.00', idempotencyKey: 'bad-000002' }],
    ['three decimals', { from: 'MAIN', to: 'AG', amount: '1.005', idempotencyKey: 'bad-000003' }],
    ['huge', { from: 'MAIN', to: 'AG', amount: '99999999999999999999.00', idempotencyKey: 'bad-000004' }],
    ['non-numeric', { from: 'MAIN', to: 'AG', amount: 'ten', idempotencyKey: 'bad-000005' }],
    ['number instead of string', { from: 'MAIN', to: 'AG', amount: 5, idempotencyKey: 'bad-000006' }],
    ['exponent', { from: 'MAIN', to: 'AG', amount: '1e3', idempotencyKey: 'bad-000007' }],
    ['more than the balance', { from: 'MAIN', to: 'AG', amount: '1000000.00', idempotencyKey: 'bad-000008' }],
    ['unknown wallet', { from: 'MAIN', to: 'ZZ', amount: '1.00', idempotencyKey: 'bad-000009' }],
    ['injection in the wallet code', { from: "MAIN'--", to: 'AG', amount: '1.00', idempotencyKey: 'bad-000010' }],
    ['vendor to vendor', { from: 'AG', to: 'PT', amount: '1.00', idempotencyKey: 'bad-000011' }],
    ['short key', { from: 'MAIN', to: 'AG', amount: '1.00', idempotencyKey: 'k' }],
    ['missing key', { from: 'MAIN', to: 'AG', amount: '1.00' }],
    ['extra field', { from: 'MAIN', to: 'AG', amount: '1.00', idempotencyKey: 'bad-000012', memberId: '1' }],
  ])('%s', async (_name, payload) => {
    const before = await snapshot();
    const res = await transfer(payload);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    expect(await snapshot()).toBe(before);
  });

  it("another merchant's host does not see or move this member's money", async () => {
    expect((await h.call({ method: 'GET', url: '/wps/v2/wallets/balance', token, host: 'lotus.localhost' })).statusCode).toBe(401);
    expect((await transfer({ from: 'MAIN', to: 'AG', amount: '1.00', idempotencyKey: 'cross-00001' }, { host: 'lotus.localhost' })).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    for (const url of ['/wps/v2/wallets/balance', '/wps/member/info/funds/consolidated']) {
      expect((await h.call({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
