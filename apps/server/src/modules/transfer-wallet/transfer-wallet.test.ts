import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOf, startHarness, type Harness } from '../../../test/harness.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { ledgerService, type LedgerService } from '../ledger/ledger.service.js';
import { merchantRepository } from '../merchant/merchant.repository.js';
import type { Merchant } from '../merchant/merchant-config.js';
import { MAX_ATTEMPTS, retryDelayMs, transferWalletService, vendorPlayerId, type TransferWalletService } from './transfer-wallet.service.js';
import type { VendorAnswer, VendorTransferClient } from './vendor-client.js';

/**
 * A vendor with the simulator's rules (apps/vendor-sim/src/transfer.ts): balances per player,
 * idempotent by transaction id, `status` (with close → tombstone), and scripted faults.
 */
const fakeVendor = () => {
  const balances = new Map<string, bigint>();
  const txns = new Map<string, { state: 'applied' | 'refused' | 'closed'; answer?: VendorAnswer; kind?: string; amount?: string }>();
  const faults: ('timeout' | 'lost' | 'refuse')[] = [];
  const down = { balance: false };
  const calls: string[] = [];
  const toMinor = (s: string) => BigInt(Math.round(Number(s) * 100));
  const client: VendorTransferClient = async (vendor, call, body) => {
    calls.push(call);
    const key = `${vendor}:${String(body.transactionId ?? body.playerId)}`;
    if (call === 'balance' && down.balance) return { kind: 'unavailable', reason: 'timeout' };
    if (call === 'balance') return { kind: 'ok', body: { status: 'OK', balance: ((balances.get(`${vendor}:${body.playerId}`) ?? 0n) / 100n).toString() + '.' + String((balances.get(`${vendor}:${body.playerId}`) ?? 0n) % 100n).padStart(2, '0') } };
    if (call === 'session') return { kind: 'ok', body: { status: 'OK' } };
    if (call === 'status') {
      const t = txns.get(key);
      if (!t && body.close === true) txns.set(key, { state: 'closed' });
      if (!t) return { kind: 'ok', body: { status: 'OK', state: body.close === true ? 'closed' : 'unknown' } };
      return { kind: 'ok', body: { status: 'OK', state: t.state, answer: t.answer && t.answer.kind !== 'unavailable' ? t.answer.body : undefined } };
    }
    const t = txns.get(key);
    if (t?.state === 'closed') return { kind: 'refused', code: 'TRANSACTION_CLOSED', body: { status: 'ERROR', code: 'TRANSACTION_CLOSED' } };
    if (t) return t.answer!;
    const fault = faults.shift();
    if (fault === 'timeout') return { kind: 'unavailable', reason: 'timeout' };
    const pk = `${vendor}:${body.playerId}`;
    const amount = toMinor(String(body.amount));
    const before = balances.get(pk) ?? 0n;
    let answer: VendorAnswer;
    if (fault === 'refuse') answer = { kind: 'refused', code: 'PLAYER_LOCKED', body: { status: 'ERROR', code: 'PLAYER_LOCKED' } };
    else if (call === 'withdraw' && before < amount) answer = { kind: 'refused', code: 'INSUFFICIENT_FUNDS', body: { status: 'ERROR', code: 'INSUFFICIENT_FUNDS' } };
    else {
      balances.set(pk, call === 'deposit' ? before + amount : before - amount);
      answer = { kind: 'ok', body: { status: 'OK', transactionId: body.transactionId } };
    }
    txns.set(key, { state: answer.kind === 'ok' ? 'applied' : 'refused', answer });
    return fault === 'lost' ? { kind: 'unavailable', reason: 'timeout' } : answer;
  };
  return { client, balances, faults, calls, down };
};

let h: Harness;
let ledger: LedgerService;
let merchant: Merchant;
let memberId: bigint;
let clock = Date.now();
const vendor = fakeVendor();
let tw: TransferWalletService;

const balances = async () => {
  const rows = await h.database.db.selectFrom('accounts').select(['kind', 'balance', 'held']).where('member_id', '=', memberId).execute();
  return Object.fromEntries(rows.map((r) => [r.kind, r.balance]));
};
const ledgerSum = () => ledgerRepository(h.database.db).totalBalance(merchant.id);
const atVendor = () => vendor.balances.get(`AG:${vendorPlayerId(merchant.id, memberId)}`) ?? 0n;
const later = (attempts: number) => (clock += retryDelayMs(attempts) + 1_000);
const move = (direction: 'in' | 'out', amount: bigint, key: string) => tw.transfer({ merchantId: merchant.id, memberId, currency: merchant.currency, vendorCode: 'AG', direction, amount, key });

beforeAll(async () => {
  h = await startHarness();
  ledger = ledgerService(ledgerRepository(h.database.db));
  merchant = (await merchantRepository(h.database.db).findForDomain('localhost'))!.merchant;
  memberId = (await h.database.db.selectFrom('members').select('id').where('username', '=', 'demo01').where('merchant_id', '=', merchant.id).executeTakeFirstOrThrow()).id;
  tw = transferWalletService({ db: h.database.db, ledger, vendor: vendor.client, now: () => new Date(clock) });
  const cash = await ledger.houseAccount(merchant.id, 'CASH_CLEARING', merchant.currency);
  const main = await ledger.memberAccount(merchant.id, memberId, 'MAIN', merchant.currency);
  await ledger.post({ merchantId: merchant.id, type: 'DEPOSIT', idempotencyKey: 'tw-fund', legs: [{ accountId: cash, amount: -100_00n }, { accountId: main, amount: 100_00n }] });
});
afterAll(() => h.close());

describe('transfer wallet', () => {
  it('moves money to the vendor and back; a repeated key moves nothing twice', async () => {
    const a = await move('in', 30_00n, 'k-in-1');
    expect(a).toMatchObject({ status: 'ok', direction: 'in', replayed: false });
    expect(await move('in', 30_00n, 'k-in-1')).toMatchObject({ status: 'ok', transactionId: a.transactionId, replayed: true });
    expect(await balances()).toMatchObject({ MAIN: 70_00n, 'VENDOR:AG': 30_00n });
    expect(atVendor()).toBe(30_00n);

    expect(await move('out', 10_00n, 'k-out-1')).toMatchObject({ status: 'ok', direction: 'out' });
    expect(await balances()).toMatchObject({ MAIN: 80_00n, 'VENDOR:AG': 20_00n });
    expect(atVendor()).toBe(20_00n);
    expect(await errorCodeOf(move('in', 31_00n, 'k-in-1'))).toBe('IDEMPOTENCY_CONFLICT');
    expect(await ledgerSum()).toBe(0n);
  });

  it('refuses to move more than the main wallet holds, and records nothing', async () => {
    expect(await errorCodeOf(move('in', 1_000_00n, 'k-too-much'))).toBe('INSUFFICIENT_FUNDS');
    expect(await h.database.db.selectFrom('vendor_transactions').select('id').where('kind', '=', 'transfer_in').where('amount', '=', 1_000_00n).execute()).toEqual([]);
  });

  it('a vendor timeout leaves the transfer pending; the retry job asks, resends and settles it', async () => {
    vendor.faults.push('timeout');
    const p = await move('in', 5_00n, 'k-in-timeout');
    expect(p.status).toBe('pending');
    expect(await balances()).toMatchObject({ MAIN: 75_00n, 'VENDOR:AG': 25_00n });
    expect(atVendor()).toBe(20_00n);
    const ops = await h.opsLogin();
    const listed = await h.call({ method: 'GET', url: '/ops/vendor-transfers?status=pending', token: ops });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().value.items).toMatchObject([{ transactionId: p.transactionId, vendor: 'AG', direction: 'in', username: 'demo01', amount: '5.00', status: 'pending', attempts: 1, lastError: 'timeout' }]);

    expect(await tw.retryDue()).toBe(0); // not due yet
    later(1);
    vendor.calls.length = 0;
    expect(await tw.retryDue()).toBe(1);
    expect(vendor.calls).toEqual(['status', 'deposit']);
    expect(atVendor()).toBe(25_00n);
    expect(await balances()).toMatchObject({ MAIN: 75_00n, 'VENDOR:AG': 25_00n });
    expect((await h.call({ method: 'GET', url: '/ops/vendor-transfers?status=pending', token: ops })).json().value.items).toEqual([]);
    expect(await ledgerSum()).toBe(0n);
  });

  it('applied at the vendor but the answer was lost: reconciliation by status marks it ok without moving twice', async () => {
    vendor.faults.push('lost');
    const p = await move('out', 5_00n, 'k-out-lost');
    expect(p.status).toBe('pending');
    expect(atVendor()).toBe(20_00n);
    expect(await balances()).toMatchObject({ MAIN: 75_00n, 'VENDOR:AG': 25_00n });
    later(1);
    vendor.calls.length = 0;
    expect(await tw.retryDue()).toBe(1);
    expect(vendor.calls).toEqual(['status']);
    expect(atVendor()).toBe(20_00n);
    expect(await balances()).toMatchObject({ MAIN: 80_00n, 'VENDOR:AG': 20_00n });
    const row = await h.database.db.selectFrom('vendor_transactions').selectAll().where('txn_ref', '=', p.transactionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'ok', attempts: 2 });
    expect(await ledgerSum()).toBe(0n);
  });

  it('a vendor that refuses: a deposit is reversed, a withdrawal released', async () => {
    // The player lost 15.00 at the vendor: the vendor holds 5.00, our mirror 20.00 until synced.
    vendor.balances.set(`AG:${vendorPlayerId(merchant.id, memberId)}`, 5_00n);
    vendor.faults.push('refuse');
    expect(await move('in', 3_00n, 'k-in-refused')).toMatchObject({ status: 'refused', code: 'PLAYER_LOCKED' });
    expect(await balances()).toMatchObject({ MAIN: 80_00n, 'VENDOR:AG': 20_00n });
    expect(atVendor()).toBe(5_00n);

    // The balance call fails, so the mirror is not synced: the vendor itself refuses the withdrawal.
    vendor.down.balance = true;
    expect(await move('out', 10_00n, 'k-out-refused')).toMatchObject({ status: 'refused', code: 'INSUFFICIENT_FUNDS' });
    vendor.down.balance = false;
    const held = await h.database.db.selectFrom('accounts').select('held').where('member_id', '=', memberId).where('kind', '=', 'VENDOR:AG').executeTakeFirstOrThrow();
    expect(held.held).toBe(0n);
    expect(await balances()).toMatchObject({ MAIN: 80_00n, 'VENDOR:AG': 20_00n });

    // Synced before the next withdrawal: the loss goes to the house's GAME:AG account, and 10.00 is more than there is.
    expect(await errorCodeOf(move('out', 10_00n, 'k-out-refused-2'))).toBe('INSUFFICIENT_FUNDS');
    expect(await balances()).toMatchObject({ MAIN: 80_00n, 'VENDOR:AG': 5_00n });
    expect(await ledgerSum()).toBe(0n);
  });

  it('a vendor that never answers: after the last attempt the id is closed at the vendor and the money returns', async () => {
    for (let i = 0; i < 3; i++) vendor.faults.push('timeout');
    const p = await move('in', 7_00n, 'k-in-never');
    expect(p.status).toBe('pending');
    expect(await balances()).toMatchObject({ MAIN: 73_00n, 'VENDOR:AG': 12_00n });
    const unreachable: VendorTransferClient = async () => ({ kind: 'unavailable', reason: 'connection failed' });
    const down = transferWalletService({ db: h.database.db, ledger, vendor: unreachable, now: () => new Date(clock) });
    for (let attempt = 1; attempt < MAX_ATTEMPTS - 1; attempt++) {
      later(attempt);
      await down.retryDue();
    }
    later(MAX_ATTEMPTS - 1);
    vendor.calls.length = 0;
    expect(await tw.retryDue()).toBe(1);
    expect(vendor.calls).toEqual(['status']);
    const row = await h.database.db.selectFrom('vendor_transactions').selectAll().where('txn_ref', '=', p.transactionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await balances()).toMatchObject({ MAIN: 80_00n, 'VENDOR:AG': 5_00n });
    // The closed id can never be applied late.
    expect(await vendor.client('AG', 'deposit', { playerId: vendorPlayerId(merchant.id, memberId), transactionId: p.transactionId, amount: '7.00', currency: 'USD' })).toMatchObject({ kind: 'refused', code: 'TRANSACTION_CLOSED' });
    const ops = await h.opsLogin();
    expect((await h.call({ method: 'GET', url: '/ops/vendor-transfers?status=failed', token: ops })).json().value.items).toMatchObject([{ transactionId: p.transactionId, code: 'VENDOR_TIMEOUT', status: 'failed' }]);
    expect(await ledgerSum()).toBe(0n);
  });

  it('a vendor balance that a transfer overtook is not believed: the sync posts nothing from it', async () => {
    vendor.faults.length = 0;
    const sub = await ledger.memberAccount(merchant.id, memberId, 'VENDOR:AG', merchant.currency);
    const mirror = (await balances())['VENDOR:AG'];
    expect(atVendor()).toBe(mirror);
    // The vendor answers the balance call, and before that answer is used a deposit of 2.00 commits.
    let overtake: (() => Promise<unknown>) | undefined = () => move('in', 2_00n, 'k-in-overtakes');
    const racing: VendorTransferClient = async (v, call, body) => {
      const answer = await vendor.client(v, call, body);
      if (call === 'balance' && overtake) {
        const run = overtake;
        overtake = undefined;
        await run();
      }
      return answer;
    };
    const syncing = transferWalletService({ db: h.database.db, ledger, vendor: racing, now: () => new Date(clock) });
    const p = { merchantId: merchant.id, memberId, currency: merchant.currency, vendorCode: 'AG' };
    expect(await syncing.syncFromVendor(p, sub)).toBe('raced');
    // Believing the old balance would have booked the deposit as a 2.00 loss at the vendor.
    expect((await balances())['VENDOR:AG']).toBe(mirror + 2_00n);
    expect(atVendor()).toBe(mirror + 2_00n);
    expect(await syncing.syncFromVendor(p, sub)).toBe('synced');
    expect((await balances())['VENDOR:AG']).toBe(mirror + 2_00n);
    // While a transfer is unsettled its effect at the vendor is unknown: no sync at all.
    vendor.faults.push('timeout');
    expect((await move('in', 1_00n, 'k-in-unsettled')).status).toBe('pending');
    expect(await syncing.syncFromVendor(p, sub)).toBe('pending');
    later(1);
    expect(await tw.retryDue()).toBe(1);
    expect(await ledgerSum()).toBe(0n);
  });

  it('operators need a session to see the records', async () => {
    expect((await h.call({ method: 'GET', url: '/ops/vendor-transfers' })).statusCode).toBe(401);
  });
});
