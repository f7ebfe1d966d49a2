import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, VENDOR_DEV_SECRET } from '../../config.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { startSimHarness, type SimHarness } from '../../../test/sim-harness.js';
import { booksBalance, fund, makeMember, newKey } from '../../../test/money-helpers.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { ledgerService } from '../ledger/ledger.service.js';
import { sha256 } from '../../lib/crypto.js';
import { MAX_ATTEMPTS, vendorPlayerId } from './transfer-wallet.service.js';
import { walletRequestsRepository } from './wallet-requests.repository.js';
import { freePort } from '../../../test/free-port.js';

/**
 * Member transfers and game launches through a real vendor simulator (apps/vendor-sim, in this
 * process on a free port, spoken to over HTTP with signed calls): GCS_walletTransfer both ways, the
 * vendor's faults (timeout: not applied and no answer; lost: applied and no answer; fail: HTTP 500),
 * the error record and the retry job, repeated keys, recover-all, auto-transfer at launch — and after
 * every step the books: every merchant sums to zero, no member account below zero or below what it
 * holds, every balance the sum of its entries, and each game wallet equal to what the vendor holds.
 */

// Generous: the simulator shares this process (and its event loop) with the embedded database, and a
// loaded machine must not turn a slow answer into a "timeout" the test did not ask for.
const TIMEOUT_MS = 2_000;
let sim: SimHarness['sim'];
let simUrl: string;
let closeAll: () => Promise<void>;
let h: Harness;
let ops: string;
let merchantId: bigint;

beforeAll(async () => {
  const started = await startSimHarness(TIMEOUT_MS);
  ({ sim, simUrl, h, ops, close: closeAll } = started);
  merchantId = started.merchantIdOf('APSARA');
});
afterAll(async () => closeAll?.());

type Member = { id: bigint; token: string; player: string };
let n = 0;
const member = async (amount = '1000.00'): Promise<Member> => {
  const m = await makeMember(h, `tw${Date.now().toString(36).slice(-5)}${++n}`);
  if (amount !== '0.00') await fund(h, ops, m.id, amount);
  return { ...m, player: vendorPlayerId(merchantId, m.id) };
};

const transfer = (m: Member, payload: object) => h.call({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', token: m.token, payload, lang: 'en' });
const fault = async (mode: 'timeout' | 'lost' | 'fail', count: number) => {
  const res = await fetch(`${simUrl}/admin/faults`, { method: 'POST', body: JSON.stringify({ mode, count }) });
  expect(res.status).toBe(200);
};
/** The member's accounts, in minor units: MAIN and VENDOR:<code>, with what each holds. */
const books = async (m: Member) => {
  const rows = await h.database.db.selectFrom('accounts').select(['kind', 'balance', 'held']).where('member_id', '=', m.id).execute();
  return Object.fromEntries(rows.map((r) => [r.kind.replace(/^VENDOR:/, ''), r.held === 0n ? r.balance : { balance: r.balance, held: r.held }]));
};
const atVendor = (m: Member, vendor: string) => sim.store.balanceOf(vendor, m.player);
const houseGame = async (vendor: string) =>
  (await h.database.db.selectFrom('accounts').select('balance').where('merchant_id', '=', merchantId).where('code', '=', `GAME:${vendor}`).where('member_id', 'is', null).executeTakeFirst())?.balance ?? 0n;
/** Lets time pass for the retry job: pending rows become due. */
const due = () => sql`update vendor_transactions set updated_at = updated_at - interval '1 day' where status = 'pending'`.execute(h.database.db);
const rowOf = (txnRef: string) => h.database.db.selectFrom('vendor_transactions').selectAll().where('txn_ref', '=', txnRef).executeTakeFirstOrThrow();
const opsList = async (status: string) => (await h.call({ method: 'GET', url: `/ops/vendor-transfers?status=${status}`, token: ops })).json().value.items as Record<string, unknown>[];

/** The books of the whole database, and each game wallet against the vendor (when nothing is pending). */
const invariants = async (...members: Member[]) => {
  const db = h.database.db;
  expect(await booksBalance(h)).toBe(true);
  const bad = await sql<{ id: bigint }>`select id from accounts where member_id is not null and (balance < 0 or held < 0 or held > balance)`.execute(db);
  expect(bad.rows).toEqual([]);
  const drift = await sql<{ id: bigint }>`
    select a.id from accounts a left join (select account_id, sum(amount) as s from ledger_entries group by account_id) e on e.account_id = a.id
    where a.balance <> coalesce(e.s, 0)`.execute(db);
  expect(drift.rows).toEqual([]);
  const holds = await sql<{ id: bigint }>`
    select a.id from accounts a left join (select account_id, sum(amount) as s from ledger_holds where status = 'held' group by account_id) x on x.account_id = a.id
    where a.held <> coalesce(x.s, 0)`.execute(db);
  expect(holds.rows).toEqual([]);
  for (const m of members) {
    const pending = await db.selectFrom('vendor_transactions').select('id').where('member_id', '=', m.id).where('status', '=', 'pending').execute();
    if (pending.length) continue;
    const b = await books(m);
    for (const v of ['AG', 'BBIN', 'PT']) expect(b[v] ?? 0n, `${v} mirror of ${m.player}`).toBe(atVendor(m, v));
  }
};

describe('config: where transfer vendors are', () => {
  it('a URL connects them; unset is local outside production and VENDOR_SIM_URL in production; local is refused in production', () => {
    expect(loadConfig({ VENDOR_TRANSFER_URL: 'http://vendors.test:7000/' }).transferWallet).toEqual({ url: 'http://vendors.test:7000', timeoutMs: 5_000 });
    expect(loadConfig({}).transferWallet.url).toBeUndefined();
    expect(loadConfig({ VENDOR_TRANSFER_URL: '' }).transferWallet.url).toBeUndefined();
    expect(loadConfig({ VENDOR_TRANSFER_URL: 'local' }).transferWallet.url).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', VENDOR_SIM_URL: 'https://games.example' }).transferWallet.url).toBe('https://games.example');
    expect(() => loadConfig({ NODE_ENV: 'production', VENDOR_TRANSFER_URL: 'local' })).toThrow(/production/);
    expect(() => loadConfig({ VENDOR_TRANSFER_URL: 'ftp://x' })).toThrow(/VENDOR_TRANSFER_URL/);
    expect(() => loadConfig({ VENDOR_TRANSFER_TIMEOUT_MS: '5' })).toThrow(/VENDOR_TRANSFER_TIMEOUT_MS/);
  });
});

describe('GCS_walletTransfer with a connected vendor', () => {
  it('moves money to the vendor and back with our transaction id; a repeated key moves nothing twice', async () => {
    const m = await member();
    const res = await transfer(m, { from: 'MAIN', to: 'AG', amount: '250.50', idempotencyKey: 'wire-in-0001' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ status: 'ok', replayed: false, moved: [{ from: 'MAIN', to: 'AG', amount: '250.50', status: 'ok', transactionId: expect.stringMatching(/^TW\d+-[0-9a-f]{24}$/) }] });
    expect(v.code).toBeUndefined();
    expect(v.wallets.find((w: { code: string }) => w.code === 'AG').balance).toBe('250.50');
    expect(atVendor(m, 'AG')).toBe(250_50n);
    expect(await books(m)).toMatchObject({ MAIN: 749_50n, AG: 250_50n });
    const txn = v.moved[0].transactionId;
    expect(await rowOf(txn)).toMatchObject({ kind: 'transfer_in', status: 'ok', amount: 250_50n, attempts: 1 });

    const again = (await transfer(m, { from: 'MAIN', to: 'AG', amount: '250.50', idempotencyKey: 'wire-in-0001' })).json().value;
    expect(again).toMatchObject({ status: 'ok', replayed: true, moved: [{ transactionId: txn }] });
    expect(atVendor(m, 'AG')).toBe(250_50n);
    // The key is bound to its request: another amount, and another vendor, are refused.
    for (const other of [{ from: 'MAIN', to: 'AG', amount: '99.00' }, { from: 'MAIN', to: 'PT', amount: '250.50' }, { from: 'AG', to: 'MAIN', amount: '250.50' }]) {
      const r = await transfer(m, { ...other, idempotencyKey: 'wire-in-0001' });
      expect(r.statusCode, JSON.stringify(other)).toBe(409);
      expect(r.json().code).toBe('IDEMPOTENCY_CONFLICT');
    }
    expect((await transfer(m, { recoverAll: true, idempotencyKey: 'wire-in-0001' })).json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(atVendor(m, 'PT')).toBe(0n);

    const back = (await transfer(m, { from: 'AG', to: 'MAIN', amount: '50.50', idempotencyKey: 'wire-out-0001' })).json().value;
    expect(back).toMatchObject({ status: 'ok', moved: [{ from: 'AG', to: 'MAIN', amount: '50.50', status: 'ok' }] });
    expect(await rowOf(back.moved[0].transactionId)).toMatchObject({ kind: 'transfer_out', status: 'ok' });
    expect(atVendor(m, 'AG')).toBe(200_00n);
    expect(await books(m)).toMatchObject({ MAIN: 800_00n, AG: 200_00n });
    // The member's account record names both movements.
    const history = (await h.call({ method: 'GET', url: '/wps/relay/ODSFE2_MemTransDet', token: m.token })).json().value.items;
    expect(history.slice(0, 4).map((i: { type: string; wallet: string; amount: string }) => `${i.type} ${i.wallet} ${i.amount}`).sort()).toEqual([
      'VENDOR_TRANSFER_IN AG 250.50',
      'VENDOR_TRANSFER_IN MAIN -250.50',
      'VENDOR_TRANSFER_OUT AG -50.50',
      'VENDOR_TRANSFER_OUT MAIN 50.50',
    ]);
    for (const i of history.slice(0, 4)) expect(i.detail).toEqual({ kind: 'vendor', vendor: 'AG', transactionId: expect.stringMatching(/.+/) });
    // The page's "to / from game wallet" choices find them as they find transfers to our own game wallets.
    const choice = async (type: string) =>
      (await h.call({ method: 'GET', url: `/wps/relay/ODSFE2_MemTransDet?type=${type}`, token: m.token })).json().value.items.map((i: { type: string; amount: string }) => `${i.type} ${i.amount}`).sort();
    expect(await choice('TO_GAME_WALLET')).toEqual(['VENDOR_TRANSFER_IN -250.50', 'VENDOR_TRANSFER_IN 250.50']);
    expect(await choice('FROM_GAME_WALLET')).toEqual(['VENDOR_TRANSFER_OUT -50.50', 'VENDOR_TRANSFER_OUT 50.50']);
    await invariants(m);
  });

  it('ten identical requests at once are one vendor transaction', async () => {
    const m = await member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => transfer(m, { from: 'MAIN', to: 'BBIN', amount: '12.34', idempotencyKey: 'wire-race-0001' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const values = answers.map((a) => a.json().value);
    expect(new Set(values.map((v) => v.moved[0].transactionId)).size).toBe(1);
    expect(values.filter((v) => !v.replayed)).toHaveLength(1);
    // A duplicate that arrives while the first waits for the vendor is told "pending"; once settled, "ok".
    for (const v of values) expect(['ok', 'pending']).toContain(v.status);
    expect((await transfer(m, { from: 'MAIN', to: 'BBIN', amount: '12.34', idempotencyKey: 'wire-race-0001' })).json().value.status).toBe('ok');
    expect(await h.database.db.selectFrom('vendor_transactions').select('id').where('member_id', '=', m.id).execute()).toHaveLength(1);
    expect(atVendor(m, 'BBIN')).toBe(12_34n);
    expect(await books(m)).toMatchObject({ MAIN: 987_66n, BBIN: 12_34n });
    await invariants(m);
  });

  it('a second deposit while the first to a new vendor is unconfirmed goes through: held money is not taken for a lost wallet', async () => {
    const m = await member();
    // The first deposit to PT times out: posted and held in our game wallet, and PT has never seen the player.
    await fault('timeout', 1);
    const first = await transfer(m, { from: 'MAIN', to: 'PT', amount: '40.00', idempotencyKey: 'wire-new-first' });
    expect(first.json().value).toMatchObject({ status: 'pending' });
    expect(await books(m)).toMatchObject({ PT: { balance: 40_00n, held: 40_00n } });
    // The second must not read that held money as a wallet PT lost (VENDOR_PLAYER_UNKNOWN): it is in flight.
    const second = await transfer(m, { from: 'MAIN', to: 'PT', amount: '2.00', idempotencyKey: 'wire-new-second' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().value).toMatchObject({ status: 'ok' });
    expect(atVendor(m, 'PT')).toBe(2_00n);
    // The retry job then delivers the first.
    await due();
    expect(await h.app.transferWallet.retryDue()).toBe(1);
    expect(atVendor(m, 'PT')).toBe(42_00n);
    expect(await books(m)).toMatchObject({ MAIN: 958_00n, PT: 42_00n });
    await invariants(m);
  });

  it('play at the vendor is synced into the game wallet before money comes back; more than the vendor holds is refused', async () => {
    const m = await member();
    await transfer(m, { from: 'MAIN', to: 'AG', amount: '200.00', idempotencyKey: newKey('in') });
    const houseBefore = await houseGame('AG');
    // The player loses 30.00 at the vendor's table: the vendor holds 170.00, our mirror still 200.00.
    expect(sim.store.play('AG', m.player, 30_00n, 0n)).toEqual({ ok: true, balance: 170_00n });
    const tooMuch = await transfer(m, { from: 'AG', to: 'MAIN', amount: '180.00', idempotencyKey: newKey('out') });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
    // The sync happened (the loss is the house's), the withdrawal did not.
    expect(await books(m)).toMatchObject({ MAIN: 800_00n, AG: 170_00n });
    expect((await houseGame('AG')) - houseBefore).toBe(30_00n);
    const results = await h.database.db.selectFrom('ledger_transactions').select('type').where('reference', '=', 'AG:balance').execute();
    expect(results.length).toBeGreaterThan(0);

    // A win: the vendor pays 45.00 on a 5.00 stake; everything comes back.
    sim.store.play('AG', m.player, 5_00n, 50_00n);
    const all = (await transfer(m, { from: 'AG', to: 'MAIN', amount: '215.00', idempotencyKey: newKey('out') })).json().value;
    expect(all).toMatchObject({ status: 'ok', moved: [{ amount: '215.00' }] });
    expect(await books(m)).toMatchObject({ MAIN: 1015_00n, AG: 0n });
    expect((await houseGame('AG')) - houseBefore).toBe(-15_00n);
    await invariants(m);
  });

  it('the wallets page asks each vendor the member played with and shows play there at once (POST /wps/v2/wallets/sync)', async () => {
    const m = await member();
    await transfer(m, { from: 'MAIN', to: 'AG', amount: '100.00', idempotencyKey: newKey('in') });
    await transfer(m, { from: 'MAIN', to: 'PT', amount: '50.00', idempotencyKey: newKey('in') });
    const houseBefore = await houseGame('AG');
    // A loss of 20.00 at AG and a win of 15.00 at PT, which no transfer or launch has seen yet.
    sim.store.play('AG', m.player, 20_00n, 0n);
    sim.store.play('PT', m.player, 5_00n, 20_00n);
    const listed = (await h.call({ method: 'GET', url: '/wps/relay/GCS_merchantWallet', token: m.token })).json().value.wallets;
    expect(listed.find((w: { code: string }) => w.code === 'AG').balance).toBe('100.00');
    const synced = await h.call({ method: 'POST', url: '/wps/v2/wallets/sync', token: m.token, lang: 'en' });
    expect(synced.statusCode, synced.body).toBe(200);
    const v = synced.json().value;
    const balanceOf = (code: string) => v.wallets.find((w: { code: string }) => w.code === code).balance;
    expect([balanceOf('MAIN'), balanceOf('AG'), balanceOf('PT'), balanceOf('BBIN'), v.total, v.unsynced]).toEqual(['850.00', '80.00', '65.00', '0.00', '995.00', []]);
    expect((await houseGame('AG')) - houseBefore).toBe(20_00n);
    // Asked again with nothing new at the vendors: nothing is posted.
    const count = async () => Number((await sql<{ n: bigint }>`select count(*)::int8 as n from ledger_transactions`.execute(h.database.db)).rows[0].n);
    const before = await count();
    expect((await h.call({ method: 'POST', url: '/wps/v2/wallets/sync', token: m.token })).json().value.unsynced).toEqual([]);
    expect(await count()).toBe(before);
    await invariants(m);
    // Without a session, nothing is asked.
    expect((await h.call({ method: 'POST', url: '/wps/v2/wallets/sync' })).statusCode).toBe(401);
  });

  it('a timeout leaves the transfer pending with a code; the error record lists it; the retry job resends and settles it', async () => {
    const m = await member();
    await fault('timeout', 1);
    const res = await transfer(m, { from: 'MAIN', to: 'BBIN', amount: '100.00', idempotencyKey: 'wire-timeout-01' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ status: 'pending', code: 'VENDOR_TRANSFER_PENDING', message: expect.stringContaining('not confirmed'), moved: [{ from: 'MAIN', to: 'BBIN', amount: '100.00', status: 'pending' }] });
    const txn = v.moved[0].transactionId;
    // While unresolved, the money is on the vendor side of our books (VENDOR:BBIN), held there until the
    // vendor answers (so a reversal always finds it); the vendor has nothing.
    expect(await books(m)).toMatchObject({ MAIN: 900_00n, BBIN: { balance: 100_00n, held: 100_00n } });
    expect(atVendor(m, 'BBIN')).toBe(0n);
    expect(await opsList('pending')).toEqual(expect.arrayContaining([expect.objectContaining({ transactionId: txn, vendor: 'BBIN', direction: 'in', amount: '100.00', status: 'pending', attempts: 1, lastError: 'timeout' })]));
    // Asking again with the same key answers where it stands, and sends nothing.
    expect((await transfer(m, { from: 'MAIN', to: 'BBIN', amount: '100.00', idempotencyKey: 'wire-timeout-01' })).json().value).toMatchObject({ status: 'pending', replayed: true });
    expect(atVendor(m, 'BBIN')).toBe(0n);

    expect(await h.app.transferWallet.retryDue()).toBe(0); // not due yet
    await due();
    expect(await h.app.transferWallet.retryDue()).toBe(1);
    expect(await rowOf(txn)).toMatchObject({ status: 'ok', attempts: 2 });
    expect(atVendor(m, 'BBIN')).toBe(100_00n);
    expect((await transfer(m, { from: 'MAIN', to: 'BBIN', amount: '100.00', idempotencyKey: 'wire-timeout-01' })).json().value).toMatchObject({ status: 'ok', replayed: true, moved: [{ transactionId: txn, status: 'ok' }] });
    expect((await opsList('pending')).map((i) => i.transactionId)).not.toContain(txn);
    await invariants(m);
  });

  it('an answer lost after the vendor applied it: held meanwhile, reconciled by status without moving twice', async () => {
    const m = await member();
    await transfer(m, { from: 'MAIN', to: 'BBIN', amount: '100.00', idempotencyKey: newKey('in') });
    await fault('lost', 1);
    const v = (await transfer(m, { from: 'BBIN', to: 'MAIN', amount: '40.00', idempotencyKey: 'wire-lost-0001' })).json().value;
    expect(v).toMatchObject({ status: 'pending', code: 'VENDOR_TRANSFER_PENDING' });
    // The vendor paid out; our books hold the 40.00 in the game wallet until it is confirmed.
    expect(atVendor(m, 'BBIN')).toBe(60_00n);
    expect(await books(m)).toMatchObject({ MAIN: 900_00n, BBIN: { balance: 100_00n, held: 40_00n } });
    // Recover-all meanwhile leaves that wallet alone: its balance is not known until the transfer settles.
    const sweep = (await transfer(m, { recoverAll: true, idempotencyKey: 'wire-lost-sweep' })).json().value;
    expect(sweep).toMatchObject({ status: 'ok', moved: [], skipped: [{ code: 'BBIN', reason: 'TRANSFER_PENDING' }] });

    await due();
    expect(await h.app.transferWallet.retryDue()).toBe(1);
    expect(await rowOf(v.moved[0].transactionId)).toMatchObject({ status: 'ok', attempts: 2 });
    expect(atVendor(m, 'BBIN')).toBe(60_00n);
    expect(await books(m)).toMatchObject({ MAIN: 940_00n, BBIN: 60_00n });
    await invariants(m);
  });

  it('a vendor failure (HTTP 500) is retried; a vendor that never answers is closed by status and the money returns', async () => {
    const m = await member();
    await fault('fail', 1);
    const failed = (await transfer(m, { from: 'MAIN', to: 'PT', amount: '10.00', idempotencyKey: 'wire-fail-0001' })).json().value;
    expect(failed.status).toBe('pending');
    expect((await rowOf(failed.moved[0].transactionId)).response).toMatchObject({ reason: 'HTTP 500' });
    expect(atVendor(m, 'PT')).toBe(0n);
    await due();
    expect(await h.app.transferWallet.retryDue()).toBe(1);
    expect(atVendor(m, 'PT')).toBe(10_00n);

    // Never answering: every deposit fails with HTTP 500 (no answer, as a timeout, without the wait).
    await fault('fail', 50);
    const lost = (await transfer(m, { from: 'MAIN', to: 'PT', amount: '20.00', idempotencyKey: 'wire-never-001' })).json().value;
    expect(lost.status).toBe('pending');
    const txn = lost.moved[0].transactionId;
    for (let attempt = 2; attempt < MAX_ATTEMPTS; attempt++) {
      await due();
      await h.app.transferWallet.retryDue();
      expect(await rowOf(txn)).toMatchObject({ status: 'pending', attempts: attempt });
      expect(await books(m)).toMatchObject({ MAIN: 970_00n, PT: { balance: 30_00n, held: 20_00n } });
    }
    await due();
    expect(await h.app.transferWallet.retryDue()).toBe(1);
    await fault('fail', 0);
    expect(await rowOf(txn)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await books(m)).toMatchObject({ MAIN: 990_00n, PT: 10_00n });
    expect(await opsList('failed')).toEqual(expect.arrayContaining([expect.objectContaining({ transactionId: txn, code: 'VENDOR_TIMEOUT', status: 'failed' })]));
    // The member asking again is told it failed and nothing moved; the closed id can never be applied.
    const again = await transfer(m, { from: 'MAIN', to: 'PT', amount: '20.00', idempotencyKey: 'wire-never-001' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'VENDOR_TRANSFER_FAILED', data: { transactionId: txn, vendor: 'PT', vendorCode: 'VENDOR_TIMEOUT' } });
    expect(sim.store.handle('PT', 'deposit', { playerId: m.player, transactionId: txn, amount: '20.00', currency: 'USD' })).toMatchObject({ http: 409, body: { code: 'TRANSACTION_CLOSED' } });
    expect(atVendor(m, 'PT')).toBe(10_00n);
    await invariants(m);
  });

  it('a refusal by the vendor reverses the deposit and is answered with its code', async () => {
    const m = await member();
    // The vendor knows this player in another currency (it was opened there): it refuses USD.
    sim.store.handle('AG', 'session', { playerId: m.player, token: `tok-${m.player}-000000000000`, currency: 'EUR' });
    const res = await transfer(m, { from: 'MAIN', to: 'AG', amount: '25.00', idempotencyKey: 'wire-refuse-01' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'VENDOR_TRANSFER_REFUSED', data: { vendor: 'AG', vendorCode: 'CURRENCY_MISMATCH' } });
    expect(await books(m)).toMatchObject({ MAIN: 1000_00n, AG: 0n });
    expect(await rowOf(res.json().data.transactionId)).toMatchObject({ status: 'refused' });
    expect((await opsList('refused')).map((i) => i.transactionId)).toContain(res.json().data.transactionId);
    // A repeat is refused the same way, without asking the vendor to move anything.
    expect((await transfer(m, { from: 'MAIN', to: 'AG', amount: '25.00', idempotencyKey: 'wire-refuse-01' })).json().code).toBe('VENDOR_TRANSFER_REFUSED');
    await invariants(m);
  });

  it('recover all sweeps every game wallet through its vendor, once per key, whatever the wallets hold since', async () => {
    const m = await member();
    await transfer(m, { from: 'MAIN', to: 'AG', amount: '100.00', idempotencyKey: newKey('in') });
    await transfer(m, { from: 'MAIN', to: 'PT', amount: '50.00', idempotencyKey: newKey('in') });
    await transfer(m, { from: 'MAIN', to: 'BBIN', amount: '20.00', idempotencyKey: newKey('in') });
    await transfer(m, { from: 'BBIN', to: 'MAIN', amount: '20.00', idempotencyKey: newKey('out') });
    sim.store.play('PT', m.player, 10_00n, 30_00n); // +20.00 at PT

    // Two at once under one key: one plan, one withdrawal per wallet. The one that did not make them may
    // see them still pending; asked again, both are settled.
    const [a, b] = await Promise.all([transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-001' }), transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-001' })]);
    const shape = (v: { moved: { from: string; amount: string; transactionId: string }[] }) => v.moved.map((x) => `${x.from} ${x.amount} ${x.transactionId}`);
    expect(shape(b.json().value)).toEqual(shape(a.json().value));
    expect([a.json().value.replayed, b.json().value.replayed].sort()).toEqual([false, true]);
    const first = (await transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-001' })).json().value;
    expect(first).toMatchObject({ status: 'ok', replayed: true, skipped: [] });
    expect(first.moved.map((x: { from: string; to: string; amount: string; status: string }) => `${x.from}→${x.to} ${x.amount} ${x.status}`)).toEqual(['AG→MAIN 100.00 ok', 'PT→MAIN 70.00 ok']);
    expect(shape(first)).toEqual(shape(a.json().value));
    expect([atVendor(m, 'AG'), atVendor(m, 'BBIN'), atVendor(m, 'PT')]).toEqual([0n, 0n, 0n]);
    expect(await books(m)).toMatchObject({ MAIN: 1020_00n, AG: 0n, BBIN: 0n, PT: 0n });

    // Money moved back in later is not swept by a repeat of the same key; a new key sweeps it.
    await transfer(m, { from: 'MAIN', to: 'AG', amount: '10.00', idempotencyKey: newKey('in') });
    expect((await transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-001' })).json().value).toMatchObject({ replayed: true, moved: first.moved });
    expect(atVendor(m, 'AG')).toBe(10_00n);
    expect((await transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-002' })).json().value).toMatchObject({ replayed: false, moved: [{ from: 'AG', amount: '10.00' }] });
    expect((await transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-003' })).json().value).toMatchObject({ status: 'ok', moved: [], skipped: [] });
    await invariants(m);
  });

  it('a recover-all whose vendor times out answers pending, and the retry job finishes it', async () => {
    const m = await member();
    await transfer(m, { from: 'MAIN', to: 'PT', amount: '80.00', idempotencyKey: newKey('in') });
    await fault('timeout', 1);
    const v = (await transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-101' })).json().value;
    expect(v).toMatchObject({ status: 'pending', code: 'VENDOR_TRANSFER_PENDING', moved: [{ from: 'PT', to: 'MAIN', amount: '80.00', status: 'pending' }] });
    expect(await books(m)).toMatchObject({ MAIN: 920_00n, PT: { balance: 80_00n, held: 80_00n } });
    await due();
    expect(await h.app.transferWallet.retryDue()).toBe(1);
    expect((await transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-101' })).json().value).toMatchObject({ status: 'ok', replayed: true, moved: [{ from: 'PT', status: 'ok' }] });
    expect(await books(m)).toMatchObject({ MAIN: 1000_00n, PT: 0n });
    await invariants(m);
  });

  it('a withdrawal waits while a deposit with that vendor is pending (TRANSFER_PENDING); the deposit, closed later, comes back whole', async () => {
    const m = await member();
    await transfer(m, { from: 'MAIN', to: 'AG', amount: '100.00', idempotencyKey: newKey('in') });
    sim.store.play('AG', m.player, 0n, 50_00n); // a win of 50.00 at the vendor, not synced yet
    await fault('fail', 1);
    const dep = (await transfer(m, { from: 'MAIN', to: 'AG', amount: '50.00', idempotencyKey: newKey('in') })).json().value;
    expect(dep.status).toBe('pending');
    // The mirror shows 150.00, of which the pending 50.00 is held: not spendable, not withdrawable.
    expect(await books(m)).toMatchObject({ MAIN: 850_00n, AG: { balance: 150_00n, held: 50_00n } });
    const out = await transfer(m, { from: 'AG', to: 'MAIN', amount: '150.00', idempotencyKey: newKey('out') });
    expect(out.statusCode, out.body).toBe(409);
    expect(out.json()).toMatchObject({ code: 'TRANSFER_PENDING', data: { vendor: 'AG' }, message: expect.stringContaining('still being confirmed') });
    // Nothing asked of the vendor, nothing written.
    expect(atVendor(m, 'AG')).toBe(150_00n);
    expect(await h.database.db.selectFrom('vendor_transactions').select('id').where('member_id', '=', m.id).execute()).toHaveLength(2);
    expect((await transfer(m, { from: 'AG', to: 'MAIN', amount: '1.00', idempotencyKey: newKey('out') })).json().code).toBe('TRANSFER_PENDING');
    expect((await transfer(m, { recoverAll: true, idempotencyKey: newKey('sweep') })).json().value).toMatchObject({ moved: [], skipped: [{ code: 'AG', reason: 'TRANSFER_PENDING' }] });

    // The deposit is given up (status … close: never applied): the 50.00 comes back to MAIN.
    await fault('fail', 50);
    await sql`update vendor_transactions set attempts = ${MAX_ATTEMPTS - 1} where txn_ref = ${dep.moved[0].transactionId}`.execute(h.database.db);
    await due();
    await h.app.transferWallet.retryDue();
    await fault('fail', 0);
    expect(await rowOf(dep.moved[0].transactionId)).toMatchObject({ status: 'failed' });
    expect(await books(m)).toMatchObject({ MAIN: 900_00n, AG: 100_00n });
    // Now the withdrawal syncs the win first and takes everything the vendor holds.
    const all = (await transfer(m, { from: 'AG', to: 'MAIN', amount: '150.00', idempotencyKey: newKey('out') })).json().value;
    expect(all).toMatchObject({ status: 'ok', moved: [{ amount: '150.00', status: 'ok' }] });
    expect(await books(m)).toMatchObject({ MAIN: 1050_00n, AG: 0n });
    await invariants(m);
  });

  it('the retry job goes on past a transfer it cannot finish, records why, and finishes it once it can', async () => {
    const [a, b] = [await member(), await member()];
    await fault('fail', 2);
    const stuck = (await transfer(a, { from: 'MAIN', to: 'BBIN', amount: '10.00', idempotencyKey: newKey('in') })).json().value.moved[0].transactionId;
    const fine = (await transfer(b, { from: 'MAIN', to: 'BBIN', amount: '20.00', idempotencyKey: newKey('in') })).json().value.moved[0].transactionId;
    // A row whose hold cannot be found (damaged by hand, say): finishing it throws. It comes first.
    const holdId = ((await rowOf(stuck)).response as { holdId: string }).holdId;
    await sql`update vendor_transactions set response = response || '{"holdId":"999999999"}'::jsonb where txn_ref = ${stuck}`.execute(h.database.db);
    await due();
    await sql`update vendor_transactions set updated_at = updated_at - interval '1 hour' where txn_ref = ${stuck}`.execute(h.database.db);
    await expect(h.app.transferWallet.retryDue()).resolves.toBe(1);
    expect(await rowOf(fine)).toMatchObject({ status: 'ok' });
    expect(await rowOf(stuck)).toMatchObject({ status: 'pending', response: expect.objectContaining({ reason: 'could not be finished: NOT_FOUND' }) });
    // Repaired, the next pass finishes it from the vendor's record (it was applied there).
    await sql`update vendor_transactions set response = response || ${JSON.stringify({ holdId })}::jsonb where txn_ref = ${stuck}`.execute(h.database.db);
    await due();
    await expect(h.app.transferWallet.retryDue()).resolves.toBe(1);
    expect(await rowOf(stuck)).toMatchObject({ status: 'ok' });
    expect(await books(a)).toMatchObject({ MAIN: 990_00n, BBIN: 10_00n });
    await invariants(a, b);
  });

  it('a vendor with no record of the player: the game wallet is not booked as a loss, and waits for an operator', async () => {
    const warn = vi.spyOn(h.app.log, 'warn');
    try {
      const m = await member();
      await transfer(m, { from: 'MAIN', to: 'PT', amount: '40.00', idempotencyKey: newKey('in') });
      sim.store.forget('PT', m.player); // the simulator restarted
      // And a balance from the local mode, before the vendor was connected: the vendor never had it.
      const ledger = ledgerService(ledgerRepository(h.database.db));
      const main = await ledger.memberAccount(merchantId, m.id, 'MAIN', 'USD');
      const ag = await ledger.memberAccount(merchantId, m.id, 'VENDOR:AG', 'USD');
      await ledger.post({ merchantId, type: 'WALLET_TRANSFER', idempotencyKey: newKey('local'), legs: [{ accountId: main, amount: -25_00n }, { accountId: ag, amount: 25_00n }] });
      const [housePT, houseAG] = [await houseGame('PT'), await houseGame('AG')];

      for (const [from, to, vendor] of [['PT', 'MAIN', 'PT'], ['MAIN', 'PT', 'PT'], ['AG', 'MAIN', 'AG']]) {
        const res = await transfer(m, { from, to, amount: '10.00', idempotencyKey: newKey('x') });
        expect(res.statusCode, `${from}→${to}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'VENDOR_PLAYER_UNKNOWN', data: { vendor }, message: expect.stringContaining('no record') });
      }
      const sweep = (await transfer(m, { recoverAll: true, idempotencyKey: newKey('sweep') })).json().value;
      expect(sweep.moved).toEqual([]);
      expect(sweep.skipped).toEqual(expect.arrayContaining([{ code: 'AG', reason: 'VENDOR_PLAYER_UNKNOWN' }, { code: 'PT', reason: 'VENDOR_PLAYER_UNKNOWN' }]));
      // A launch of the lost vendor's game sends no money after it.
      const game = (await h.call({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameType=RNG&vendor=PT&pageSize=1' })).json().value.content[0];
      const launched = await h.call({ method: 'POST', url: '/wps/game/launchGame', token: m.token, payload: { gameId: game.gameId }, lang: 'en' });
      expect(launched.statusCode, launched.body).toBe(200);
      expect(launched.json().value.transfers).toBeUndefined();

      expect(await books(m)).toMatchObject({ MAIN: 935_00n, PT: 40_00n, AG: 25_00n });
      expect([await houseGame('PT'), await houseGame('AG')]).toEqual([housePT, houseAG]);
      expect([atVendor(m, 'PT'), atVendor(m, 'AG')]).toEqual([0n, 0n]);
      // The operator learns of it from the log: which member and wallet, no secrets.
      const logged = warn.mock.calls.filter((c) => String(c[1]).includes('VENDOR_PLAYER_UNKNOWN'));
      expect(logged.length).toBeGreaterThan(0);
      expect(logged[0][0]).toMatchObject({ memberId: m.id.toString(), vendor: expect.stringMatching(/^(PT|AG)$/) });
      expect(JSON.stringify(logged)).not.toMatch(/secret|signature/i);
      await invariants();
    } finally {
      warn.mockRestore();
    }
  });

  it('a repeated recover-all reports a wallet the ledger refused the first time, and never tries it again', async () => {
    const m = await member();
    await transfer(m, { from: 'MAIN', to: 'BBIN', amount: '60.00', idempotencyKey: newKey('in') });
    // The plan was decided a moment before the member moved money out of BBIN: it names more than is there.
    await walletRequestsRepository(h.database.db).claim({ merchantId, memberId: m.id, clientKey: 'wire-sweep-201', kind: 'recover_all', requestHash: sha256('recover_all'), plan: { items: [{ code: 'BBIN', amount: '8000' }], skipped: [] } });
    const firstRes = await transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-201' });
    expect(firstRes.statusCode, firstRes.body).toBe(200);
    const first = firstRes.json().value;
    expect(first).toMatchObject({ status: 'ok', moved: [], skipped: [{ code: 'BBIN', reason: 'INSUFFICIENT_FUNDS' }] });
    // Later the wallet holds 80.00: a resend of the same key still moves nothing, and says why.
    await transfer(m, { from: 'MAIN', to: 'BBIN', amount: '20.00', idempotencyKey: newKey('in') });
    const again = (await transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-201' })).json().value;
    expect(again).toMatchObject({ status: 'ok', replayed: true, moved: [], skipped: [{ code: 'BBIN', reason: 'INSUFFICIENT_FUNDS' }] });
    expect(await books(m)).toMatchObject({ MAIN: 920_00n, BBIN: 80_00n });
    expect(atVendor(m, 'BBIN')).toBe(80_00n);
    const stored = await walletRequestsRepository(h.database.db).find(merchantId, m.id, 'wire-sweep-201');
    expect(stored?.plan).toMatchObject({ items: [{ code: 'BBIN', amount: '8000', outcome: { skipped: 'INSUFFICIENT_FUNDS' } }] });
    // A new key sweeps what is there.
    expect((await transfer(m, { recoverAll: true, idempotencyKey: 'wire-sweep-202' })).json().value).toMatchObject({ moved: [{ from: 'BBIN', amount: '80.00', status: 'ok' }], skipped: [] });
    await invariants(m);
  });

  it('request keys belong to one merchant: the unique key and the lookup name it', async () => {
    const idx = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = current_schema() and tablename = 'wallet_transfer_requests'`.execute(h.database.db);
    expect(idx.rows.map((r) => r.indexdef).join('\n')).toMatch(/UNIQUE INDEX .*\(merchant_id, member_id, client_key\)/);
    const repo = walletRequestsRepository(h.database.db);
    const m = await member('0.00');
    await repo.claim({ merchantId, memberId: m.id, clientKey: 'scope-key-01', kind: 'transfer', requestHash: 'x' });
    expect(await repo.find(merchantId, m.id, 'scope-key-01')).toMatchObject({ kind: 'transfer' });
    expect(await repo.find(merchantId + 1000n, m.id, 'scope-key-01')).toBeUndefined();
  });

  it('trial accounts and bad requests move nothing and call no vendor', async () => {
    const trial = await h.login('trial01', 'Trial1234');
    const r = await h.call({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', token: trial, payload: { from: 'MAIN', to: 'AG', amount: '1.00', idempotencyKey: 'wire-trial-01' } });
    expect(r.statusCode).toBe(403);
    // A trial account may look at its wallets (no vendor is asked: it never moved money to one).
    const sync = await h.call({ method: 'POST', url: '/wps/v2/wallets/sync', token: trial, lang: 'en' });
    expect([sync.statusCode, sync.json().value?.unsynced]).toEqual([200, []]);
    const m = await member('10.00');
    expect((await transfer(m, { from: 'MAIN', to: 'ZZ', amount: '1.00', idempotencyKey: 'wire-bad-0001' })).json().code).toBe('WALLET_NOT_FOUND');
    expect((await transfer(m, { from: 'AG', to: 'PT', amount: '1.00', idempotencyKey: 'wire-bad-0002' })).json().code).toBe('WALLET_TRANSFER_INVALID');
    expect((await transfer(m, { from: 'MAIN', to: 'AG', amount: '10.01', idempotencyKey: 'wire-bad-0003' })).json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await h.database.db.selectFrom('vendor_transactions').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
    expect(atVendor(m, 'AG')).toBe(0n);
    await invariants(m);
  });
});

describe('launching a game with a connected vendor', () => {
  const gameOf = async (vendor: string) => {
    const res = await h.call({ method: 'GET', url: `/wps/relay/GCSGAME_gameList?gameType=RNG&vendor=${vendor}&pageSize=1` });
    return res.json().value.content[0] as { gameId: string; gameCode: string };
  };
  const launch = (m: Member, gameId: string) => h.call({ method: 'POST', url: '/wps/game/launchGame', token: m.token, payload: { gameId }, lang: 'en' });

  it('the way back from a transfer vendor brings its wallet home even when this launch moved nothing into it', async () => {
    const m = await member('40.00');
    const ag = await gameOf('AG');
    const returnOf = (url: string) => new URL(new URL(url).searchParams.get('returnUrl')!);
    const first = (await launch(m, ag.gameId)).json().value;
    expect(first.transfers).toMatchObject([{ from: 'MAIN', to: 'AG', amount: '40.00' }]);
    // The player left without the return link: the money is still at AG and the main wallet is empty.
    const again = await launch(m, ag.gameId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value.transfers).toBeUndefined();
    expect(returnOf(again.json().value.url).searchParams.get('recover')).toBe('AG');
    // A seamless vendor plays from the main wallet: its way back sweeps nothing.
    const cq9 = (await launch(m, (await gameOf('CQ9')).gameId)).json().value;
    expect(returnOf(cq9.url).searchParams.get('recover')).toBeNull();
    await invariants(m);
  });

  it('a transfer vendor learns the session and gets the main balance; launching another game brings it back', async () => {
    const m = await member('300.00');
    const ag = await gameOf('AG');
    const res = await launch(m, ag.gameId);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ action: 'URL', vendor: 'AG', walletType: 'TRANSFER', transfers: [{ from: 'MAIN', to: 'AG', amount: '300.00', status: 'ok' }] });
    const token = new URL(v.url).searchParams.get('token')!;
    // The vendor's page sends the player back with recover=AG: the portal then brings the money home.
    expect(new URL(new URL(v.url).searchParams.get('returnUrl')!).searchParams.get('recover')).toBe('AG');
    expect(sim.store.playerOf('AG', token)).toBe(m.player);
    expect(atVendor(m, 'AG')).toBe(300_00n);
    expect(await books(m)).toMatchObject({ MAIN: 0n, AG: 300_00n });

    // The player opens the vendor's page and plays a few rounds there, over HTTP.
    expect(await (await fetch(`${simUrl}/launch/AG/${ag.gameCode}?token=${token}`)).text()).toContain('<b id="balance">300.00</b>');
    for (let i = 0; i < 3; i++) {
      const round = await (await fetch(`${simUrl}/play/AG/${ag.gameCode}`, { method: 'POST', body: JSON.stringify({ token, stake: '2.00', choice: 'spin' }) })).json();
      expect(round.ok).toBe(true);
    }
    const after = atVendor(m, 'AG');
    const houseBefore = await houseGame('AG');

    // Launching a seamless game: the AG wallet is recovered first (after syncing the play).
    const cq9 = await launch(m, (await gameOf('CQ9')).gameId);
    expect(cq9.statusCode, cq9.body).toBe(200);
    expect(cq9.json().value).toMatchObject({ vendor: 'CQ9', walletType: 'SEAMLESS', transfers: [{ from: 'AG', to: 'MAIN', amount: (Number(after) / 100).toFixed(2), status: 'ok' }] });
    expect(await books(m)).toMatchObject({ MAIN: after, AG: 0n });
    expect(atVendor(m, 'AG')).toBe(0n);
    expect((await houseGame('AG')) - houseBefore).toBe(300_00n - after);
    // Nothing left anywhere: the next launch moves nothing.
    expect((await launch(m, (await gameOf('CQ9')).gameId)).json().value.transfers).toBeUndefined();
    await invariants(m);
  });

  it('without auto-transfer a game plays with what its vendor wallet holds', async () => {
    await h.setConfig('APSARA', (c) => (c.transferWallet = { autoTransfer: false }));
    try {
      const m = await member('50.00');
      await transfer(m, { from: 'MAIN', to: 'PT', amount: '20.00', idempotencyKey: newKey('in') });
      const v = (await launch(m, (await gameOf('PT')).gameId)).json().value;
      expect(v).toMatchObject({ vendor: 'PT', walletType: 'TRANSFER' });
      expect(v.transfers).toBeUndefined();
      // Nothing was moved for the launch, so nothing is brought back on return either.
      expect(new URL(new URL(v.url).searchParams.get('returnUrl')!).searchParams.has('recover')).toBe(false);
      expect(sim.store.playerOf('PT', new URL(v.url).searchParams.get('token')!)).toBe(m.player);
      expect(await books(m)).toMatchObject({ MAIN: 30_00n, PT: 20_00n });
      await invariants(m);
    } finally {
      await h.setConfig('APSARA', (c) => delete c.transferWallet);
    }
  });
});

describe('a vendor that cannot be reached', () => {
  let down: Harness;
  beforeAll(async () => {
    down = await startHarness({ VENDOR_TRANSFER_URL: `http://127.0.0.1:${await freePort()}`, VENDOR_TRANSFER_TIMEOUT_MS: String(TIMEOUT_MS) });
  });
  afterAll(() => down?.close());

  it('transfers are refused with VENDOR_UNAVAILABLE and move nothing; launches of its games too; recover-all says which wallet it left', async () => {
    const dops = await down.opsLogin();
    const m = await makeMember(down, 'twdown01');
    await fund(down, dops, m.id, '100.00');
    const call = (payload: object) => down.call({ method: 'POST', url: '/wps/relay/GCS_walletTransfer', token: m.token, payload, lang: 'en' });
    const res = await call({ from: 'MAIN', to: 'AG', amount: '10.00', idempotencyKey: 'down-in-00001' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'VENDOR_UNAVAILABLE', data: { vendor: 'AG', vendorCode: 'VENDOR_UNAVAILABLE' } });
    const rows = await down.database.db.selectFrom('accounts').select(['kind', 'balance', 'held']).where('member_id', '=', m.id).execute();
    expect(Object.fromEntries(rows.map((r) => [r.kind, r.balance]))).toMatchObject({ MAIN: 100_00n, 'VENDOR:AG': 0n });
    const failed = (await down.call({ method: 'GET', url: '/ops/vendor-transfers?status=failed', token: dops })).json().value.items;
    expect(failed).toMatchObject([{ vendor: 'AG', direction: 'in', status: 'failed', code: 'VENDOR_UNAVAILABLE', lastError: 'connection refused' }]);

    const game = (await down.call({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameType=RNG&vendor=AG&pageSize=1' })).json().value.content[0];
    const launched = await down.call({ method: 'POST', url: '/wps/game/launchGame', token: m.token, payload: { gameId: game.gameId }, lang: 'en' });
    expect(launched.statusCode).toBe(503);
    expect(launched.json().code).toBe('VENDOR_UNAVAILABLE');

    // Money in the AG wallet from before the vendor went away stays there, untouched and shown.
    const ledger = ledgerService(ledgerRepository(down.database.db));
    const mid = (await down.database.db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow()).merchant_id;
    const main = await ledger.memberAccount(mid, m.id, 'MAIN', 'USD');
    const ag = await ledger.memberAccount(mid, m.id, 'VENDOR:AG', 'USD');
    await ledger.post({ merchantId: mid, type: 'VENDOR_TRANSFER_IN', idempotencyKey: 'down-earlier', legs: [{ accountId: main, amount: -30_00n }, { accountId: ag, amount: 30_00n }] });
    const out = await call({ from: 'AG', to: 'MAIN', amount: '5.00', idempotencyKey: 'down-out-0001' });
    expect(out.statusCode).toBe(503);
    const sweep = (await call({ recoverAll: true, idempotencyKey: 'down-sweep-01' })).json().value;
    expect(sweep).toMatchObject({ status: 'ok', moved: [], skipped: [{ code: 'AG', reason: 'VENDOR_UNAVAILABLE' }] });
    const after = await down.database.db.selectFrom('accounts').select(['kind', 'balance', 'held']).where('member_id', '=', m.id).execute();
    expect(Object.fromEntries(after.map((r) => [r.kind, `${r.balance}/${r.held}`]))).toMatchObject({ MAIN: '7000/0', 'VENDOR:AG': '3000/0' });
    expect(await booksBalance(down)).toBe(true);
    // The wallets page still opens: the last known balance, and which vendor could not be asked.
    const synced = (await down.call({ method: 'POST', url: '/wps/v2/wallets/sync', token: m.token })).json().value;
    expect(synced.wallets.find((w: { code: string }) => w.code === 'AG').balance).toBe('30.00');
    expect(synced.unsynced).toEqual([{ code: 'AG', reason: 'VENDOR_UNAVAILABLE' }]);
  });
});
