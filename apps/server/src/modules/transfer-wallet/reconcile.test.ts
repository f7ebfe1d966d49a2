import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimHarness, type SimHarness } from '../../../test/sim-harness.js';
import { booksBalance, fund, makeMember, newKey } from '../../../test/money-helpers.js';
import { vendorPlayerId } from './transfer-wallet.service.js';
import { scheduleGameWalletReconcile } from '../../jobs/game-wallet-reconcile.js';

/**
 * The reconciliation job against a real vendor simulator: a member plays at a transfer vendor and
 * never comes back, and the job brings the game wallet (and the house's GAME:<code> result) to what
 * the vendor holds; a wallet is asked about once a period, by one runner; a pending transfer or a
 * vendor that lost the player moves nothing; operators list what needs them, for their merchant only.
 */
let s: SimHarness;
let h: SimHarness['h'];
let merchantId: bigint;
const HOUR = 3_600_000;

beforeAll(async () => {
  s = await startSimHarness(2_000);
  h = s.h;
  merchantId = s.merchantIdOf('APSARA');
});
afterAll(async () => s?.close());

type Member = { id: bigint; token: string; player: string };
let n = 0;
const member = async (amount = '500.00'): Promise<Member> => {
  const m = await makeMember(h, `rc${Date.now().toString(36).slice(-5)}${++n}`);
  await fund(h, s.ops, m.id, amount);
  return { ...m, player: vendorPlayerId(merchantId, m.id) };
};
const transfer = async (m: Member, to: string, amount: string) => {
  const res = await h.call({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', token: m.token, payload: { from: 'MAIN', to, amount, idempotencyKey: newKey('rc') }, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const wallet = async (m: Member, vendor: string) =>
  (await h.database.db.selectFrom('accounts').select(['id', 'balance']).where('member_id', '=', m.id).where('kind', '=', `VENDOR:${vendor}`).executeTakeFirstOrThrow());
const houseGame = async (vendor: string) =>
  (await h.database.db.selectFrom('accounts').select('balance').where('merchant_id', '=', merchantId).where('code', '=', `GAME:${vendor}`).where('member_id', 'is', null).executeTakeFirst())?.balance ?? 0n;
const checkOf = async (m: Member, vendor: string) =>
  h.database.db.selectFrom('game_wallet_checks').selectAll().where('member_id', '=', m.id).where('vendor_code', '=', vendor).executeTakeFirst();
const postings = async () => Number((await sql<{ n: bigint }>`select count(*)::int8 as n from ledger_transactions`.execute(h.database.db)).rows[0].n);
/** Every check made so far is `ms` older: the next run finds them due. */
const age = (ms: number) => sql`update game_wallet_checks set checked_at = checked_at - make_interval(secs => ${ms / 1000}::float8)`.execute(h.database.db);
const run = () => h.app.gameWalletChecks.run({ staleMs: HOUR, limit: 200, parallel: 4 });

describe('game wallet reconciliation', () => {
  it('books play at the vendor of a member who never came back, once a period, and nothing when nothing changed', async () => {
    const m = await member();
    await transfer(m, 'AG', '100.00');
    const house = await houseGame('AG');
    // 30.00 lost at AG; the member closes the tab and is not seen again.
    s.sim.store.play('AG', m.player, 30_00n, 0n);
    expect((await wallet(m, 'AG')).balance).toBe(100_00n);

    const first = await run();
    expect(first.checked).toBeGreaterThanOrEqual(1);
    expect((await wallet(m, 'AG')).balance).toBe(70_00n);
    expect((await houseGame('AG')) - house).toBe(30_00n);
    expect(await checkOf(m, 'AG')).toMatchObject({ result: 'synced', merchant_id: merchantId, finished_at: expect.any(Date) });
    // An empty wallet (PT, BBIN: never used) is not asked about.
    expect(await checkOf(m, 'PT')).toBeUndefined();

    // Within the hour the wallet is not asked about again, even after more play.
    s.sim.store.play('AG', m.player, 0n, 12_50n);
    expect((await run()).checked).toBe(0);
    expect((await wallet(m, 'AG')).balance).toBe(70_00n);

    // An hour on, it is: the win is booked.
    await age(HOUR + 1000);
    await run();
    expect((await wallet(m, 'AG')).balance).toBe(82_50n);
    expect((await houseGame('AG')) - house).toBe(17_50n);

    // And with nothing new at the vendor, a check posts nothing.
    await age(HOUR + 1000);
    const before = await postings();
    expect((await run()).synced).toBeGreaterThanOrEqual(1);
    expect(await postings()).toBe(before);
    expect(await booksBalance(h)).toBe(true);
  });

  it.skipIf(!process.env.DATABASE_URL)('a wallet another runner claimed meanwhile is not asked about twice (PostgreSQL)', async () => {
    const m = await member();
    await transfer(m, 'PT', '50.00');
    await age(HOUR + 1000);
    let second: Promise<{ checked: number }> | undefined;
    // Runner one claims every due wallet in a transaction still open when runner two reads the same
    // candidates; runner two waits on those rows and, once the claim commits, must take none of them.
    const mine = await h.database.db.transaction().execute(async (tx) => {
      const claimed = await h.app.gameWalletChecks.claim(tx, HOUR, 200);
      second = run();
      await new Promise((r) => setTimeout(r, 300));
      return claimed;
    });
    expect(mine.map((w) => w.member_id)).toContain(m.id);
    expect((await second!).checked).toBe(0);
  });

  it('the member’s own sync counts as a comparison, and an older answer never undoes a newer one', async () => {
    const m = await member();
    await transfer(m, 'BBIN', '40.00');
    s.sim.store.play('BBIN', m.player, 10_00n, 0n);
    await age(HOUR + 1000);
    // The member opens the wallets page: the wallet is synced, and the job leaves it for an hour.
    const synced = await h.call({ method: 'POST', url: '/wps/v2/wallets/sync', token: m.token, lang: 'en' });
    expect(synced.statusCode, synced.body).toBe(200);
    expect((await wallet(m, 'BBIN')).balance).toBe(30_00n);
    const before = await checkOf(m, 'BBIN');
    expect(before).toMatchObject({ asked_at: expect.any(Date), checked_at: expect.any(Date) });
    await run();
    expect(await checkOf(m, 'BBIN')).toMatchObject({ claimed_at: null, result: null });

    // A sync that asked the vendor earlier than the one already applied (two syncs crossing): when it
    // agrees with the books it is a plain success (two syncs at once), else it posts nothing.
    await sql`update game_wallet_checks set asked_at = now() + interval '1 minute' where account_id = ${(await wallet(m, 'BBIN')).id}`.execute(h.database.db);
    const agreeing = await h.call({ method: 'POST', url: '/wps/v2/wallets/sync', token: m.token, lang: 'en' });
    expect(agreeing.json().value.unsynced).toEqual([]);
    s.sim.store.play('BBIN', m.player, 5_00n, 0n);
    const count = await postings();
    const again = await h.call({ method: 'POST', url: '/wps/v2/wallets/sync', token: m.token, lang: 'en' });
    expect(again.json().value.unsynced).toEqual([{ code: 'BBIN', reason: expect.any(String) }]);
    expect(await postings()).toBe(count);
    expect((await wallet(m, 'BBIN')).balance).toBe(30_00n);
    expect(await booksBalance(h)).toBe(true);
  });

  it('leaves alone the wallets of a vendor the merchant no longer offers', async () => {
    const m = await member();
    await transfer(m, 'PT', '25.00');
    s.sim.store.play('PT', m.player, 5_00n, 0n);
    await age(HOUR + 1000);
    await h.setConfig('APSARA', (c) => {
      c.transferVendors = [{ code: 'AG', name: 'Asia Gaming' }, { code: 'BBIN', name: 'BBIN' }];
    });
    try {
      await run();
      expect(await checkOf(m, 'PT')).toBeUndefined();
      expect((await wallet(m, 'PT')).balance).toBe(25_00n);
    } finally {
      await h.setConfig('APSARA', (c) => {
        delete c.transferVendors;
      });
    }
    await run();
    expect(await checkOf(m, 'PT')).toMatchObject({ result: 'synced' });
    expect((await wallet(m, 'PT')).balance).toBe(20_00n);
  });

  it('believes nothing while a transfer is unsettled, or when the vendor lost the player; operators see those for their merchant', async () => {
    const pending = await member();
    await transfer(pending, 'BBIN', '60.00');
    s.sim.store.play('BBIN', pending.player, 20_00n, 0n);
    await sql`update vendor_transactions set status = 'pending' where member_id = ${pending.id}`.execute(h.database.db);

    const lost = await member();
    await transfer(lost, 'PT', '80.00');
    s.sim.store.forget('PT', lost.player); // the vendor's data is gone

    await age(HOUR + 1000);
    const before = await postings();
    await run();
    expect(await postings()).toBe(before);
    expect(await checkOf(pending, 'BBIN')).toMatchObject({ result: 'pending' });
    expect((await wallet(pending, 'BBIN')).balance).toBe(60_00n);
    expect(await checkOf(lost, 'PT')).toMatchObject({ result: 'player_unknown' });
    expect((await wallet(lost, 'PT')).balance).toBe(80_00n);

    const list = async (query: string, token = s.ops) => h.call({ method: 'GET', url: `/ops/game-wallet-checks${query}`, token, lang: 'en' });
    const res = await list('');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().value.items as Record<string, unknown>[];
    expect(items).toContainEqual(expect.objectContaining({ vendor: 'PT', memberId: lost.id.toString(), username: expect.stringMatching(/^rc/), balance: '80.00', held: '0.00', currency: expect.any(String), result: 'player_unknown' }));
    expect(items.every((i) => i.result === 'player_unknown')).toBe(true);
    expect((await list('?result=pending')).json().value.items).toContainEqual(expect.objectContaining({ vendor: 'BBIN', balance: '60.00', result: 'pending' }));
    // Bad filters are refused; no operator session, no list; another merchant's operator sees none of it.
    expect((await list('?result=lost')).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await list('?page=0')).statusCode).toBe(400);
    expect((await h.call({ method: 'GET', url: '/ops/game-wallet-checks' })).statusCode).toBe(401);
    await h.addOperator('LOTUS', 'lotusops', 'Lotus-Ops-Pass-1', 'admin');
    const lotus = await h.opsLogin('lotusops', 'Lotus-Ops-Pass-1', 'lotus.localhost');
    const theirs = await h.call({ method: 'GET', url: '/ops/game-wallet-checks', token: lotus, host: 'lotus.localhost' });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().value.items).toEqual([]);
  });

  it('the scheduled job runs by itself', async () => {
    const m = await member();
    await transfer(m, 'AG', '20.00');
    s.sim.store.play('AG', m.player, 5_00n, 0n);
    const said: object[] = [];
    const log = { info: (o: object) => said.push(o), warn: (o: object) => said.push(o), error: (o: object) => said.push({ error: o }) };
    const stop = scheduleGameWalletReconcile(h.app.gameWalletChecks, log, '* * * * * *');
    try {
      await expect.poll(async () => (await wallet(m, 'AG')).balance, { timeout: 4000 }).toBe(15_00n);
      // The run says what it did once it has finished, a moment after the synced balance is committed.
      await expect.poll(() => said, { timeout: 4000 }).toContainEqual(expect.objectContaining({ checked: expect.any(Number), synced: expect.any(Number) }));
    } finally {
      stop();
    }
  });
});
