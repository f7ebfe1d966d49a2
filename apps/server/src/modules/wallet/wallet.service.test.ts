import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodeOf, startHarness, type Harness } from '../../../test/harness.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { ledgerService, type LedgerService } from '../ledger/ledger.service.js';
import { merchantRepository } from '../merchant/merchant.repository.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuthContext } from '../session/session.service.js';
import { walletRepository } from './wallet.repository.js';
import { checkTransfer, walletService, type WalletService } from './wallet.service.js';

let h: Harness;
let ledger: LedgerService;
let wallets: WalletService;
let merchant: Merchant;

const authFor = async (username: string): Promise<AuthContext> => {
  const m = await h.database.db.selectFrom('members').select(['id', 'type', 'username']).where('username', '=', username).where('merchant_id', '=', merchant.id).executeTakeFirstOrThrow();
  return { sessionId: 0n, memberId: m.id, merchantId: merchant.id, type: m.type, username: m.username, mustChangePassword: false, firstTimeLogin: false, loginType: 'username' };
};

const fund = async (auth: AuthContext, amount: bigint, key: string) => {
  const cash = await ledger.houseAccount(merchant.id, 'CASH_CLEARING', merchant.currency);
  const main = await ledger.memberAccount(merchant.id, auth.memberId, 'MAIN', merchant.currency);
  await ledger.post({ merchantId: merchant.id, type: 'DEPOSIT', idempotencyKey: key, legs: [{ accountId: cash, amount: -amount }, { accountId: main, amount }] });
  return main;
};

beforeAll(async () => {
  h = await startHarness();
  ledger = ledgerService(ledgerRepository(h.database.db));
  wallets = walletService({ ledger, wallets: walletRepository(h.database.db) });
  merchant = (await merchantRepository(h.database.db).findForDomain('localhost'))!.merchant;
});
afterAll(() => h.close());

describe('wallets', () => {
  it('lists main and every transfer vendor, moves money both ways, and replays a repeated key', async () => {
    const auth = await authFor('demo01');
    await fund(auth, 10_000n, 'w-fund-1');
    const before = await wallets.list(merchant, auth);
    expect(before.map((w) => w.code)).toEqual(['MAIN', 'AG', 'BBIN', 'PT']);
    expect(before[0].balance).toBe(10_000n);

    const out = await wallets.transfer(merchant, auth, { from: 'MAIN', to: 'AG', amount: 2_500n, idempotencyKey: 'k1' });
    const again = await wallets.transfer(merchant, auth, { from: 'MAIN', to: 'AG', amount: 2_500n, idempotencyKey: 'k1' });
    expect(again).toMatchObject({ transactionId: out.transactionId, replayed: true });
    await wallets.transfer(merchant, auth, { from: 'AG', to: 'MAIN', amount: 500n, idempotencyKey: 'k2' });
    const after = Object.fromEntries((await wallets.list(merchant, auth)).map((w) => [w.code, w.balance]));
    expect(after).toEqual({ MAIN: 8_000n, AG: 2_000n, BBIN: 0n, PT: 0n });
  });

  it('refuses overdrafts, unknown wallets, vendor-to-vendor moves and trial accounts', async () => {
    const auth = await authFor('agent01');
    await fund(auth, 1_000n, 'w-fund-2');
    expect(await errorCodeOf(wallets.transfer(merchant, auth, { from: 'MAIN', to: 'PT', amount: 1_001n, idempotencyKey: 'a1' }))).toBe('INSUFFICIENT_FUNDS');
    expect(await errorCodeOf(wallets.transfer(merchant, auth, { from: 'MAIN', to: 'XX', amount: 1n, idempotencyKey: 'a2' }))).toBe('WALLET_NOT_FOUND');
    expect(await errorCodeOf(wallets.transfer(merchant, auth, { from: 'AG', to: 'PT', amount: 1n, idempotencyKey: 'a3' }))).toBe('WALLET_TRANSFER_INVALID');
    expect(await errorCodeOf(wallets.transfer(merchant, auth, { from: 'MAIN', to: 'MAIN', amount: 1n, idempotencyKey: 'a4' }))).toBe('WALLET_TRANSFER_INVALID');
    expect(await errorCodeOf(wallets.transfer(merchant, auth, { from: 'MAIN', to: 'AG', amount: 0n, idempotencyKey: 'a5' }))).toBe('VALIDATION_FAILED');
    const trial = await authFor('trial01');
    expect(await errorCodeOf(wallets.transfer(merchant, trial, { from: 'MAIN', to: 'AG', amount: 1n, idempotencyKey: 'a6' }))).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect(await errorCodeOf(wallets.recoverAll(merchant, trial, 'r0'))).toBe('TRIAL_NEED_REAL_ACCOUNT');
  });

  it('checkTransfer: the one set of transfer rules both modes use, in order, with the vendor and direction', async () => {
    const auth = await authFor('demo01');
    const trial = await authFor('trial01');
    const codeOf = (f: () => unknown) => {
      try {
        f();
        return 'OK';
      } catch (e) {
        return (e as { code?: string }).code;
      }
    };
    expect(checkTransfer(merchant, auth, { from: 'MAIN', to: 'PT', amount: 1n })).toEqual({ vendorCode: 'PT', direction: 'in' });
    expect(checkTransfer(merchant, auth, { from: 'AG', to: 'MAIN', amount: 1n })).toEqual({ vendorCode: 'AG', direction: 'out' });
    // Trial first, then the amount, then the pair, then the wallet.
    expect(codeOf(() => checkTransfer(merchant, trial, { from: 'AG', to: 'PT', amount: 0n }))).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect(codeOf(() => checkTransfer(merchant, auth, { from: 'AG', to: 'PT', amount: 0n }))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => checkTransfer(merchant, auth, { from: 'XX', to: 'PT', amount: 1n }))).toBe('WALLET_TRANSFER_INVALID');
    expect(codeOf(() => checkTransfer(merchant, auth, { from: 'XX', to: 'MAIN', amount: 1n }))).toBe('WALLET_NOT_FOUND');
  });

  it('recover all sweeps every vendor wallet back to main, leaving held funds where they are', async () => {
    const auth = await authFor('flagged01');
    const main = await fund(auth, 5_000n, 'w-fund-3');
    await wallets.transfer(merchant, auth, { from: 'MAIN', to: 'AG', amount: 1_000n, idempotencyKey: 'r1' });
    await wallets.transfer(merchant, auth, { from: 'MAIN', to: 'PT', amount: 1_500n, idempotencyKey: 'r2' });
    const pt = await ledger.memberAccount(merchant.id, auth.memberId, 'VENDOR:PT', merchant.currency);
    await ledger.hold({ merchantId: merchant.id, accountId: pt, amount: 400n, idempotencyKey: 'r-hold' });
    const swept = await wallets.recoverAll(merchant, auth, 'sweep-1');
    expect(swept).toEqual({ moved: [{ code: 'AG', amount: 1_000n }, { code: 'PT', amount: 1_100n }], replayed: false });
    // One posting for the whole sweep.
    const postings = await h.database.db.selectFrom('ledger_transactions').select('id').where('idempotency_key', '=', `wr:${auth.memberId}:sweep-1`).execute();
    expect(postings).toHaveLength(1);
    const after = Object.fromEntries((await wallets.list(merchant, auth)).map((w) => [w.code, w.balance]));
    expect(after).toEqual({ MAIN: 4_600n, AG: 0n, BBIN: 0n, PT: 400n });
    expect((await h.database.db.selectFrom('accounts').select('balance').where('id', '=', main).executeTakeFirstOrThrow()).balance).toBe(4_600n);
  });
});
