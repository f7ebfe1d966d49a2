import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, VENDOR_DEV_SECRET } from '../../config.js';
import { sha256 } from '../../lib/crypto.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { ledgerService, type LedgerService } from '../ledger/ledger.service.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { gameWalletRepository } from './game-wallet.repository.js';
import { gameAccountCode, gameWalletService, type GameWalletService } from './game-wallet.service.js';
import { signVendorBody } from './seamless-api.js';

describe('signing', () => {
  it('is the hex HMAC-SHA256 of the raw body: the example of docs/vendor-protocol.md', () => {
    const raw = '{"token":"q0vXn3o2b1Qm0yq4nBvJ8zQ2m6c0lZr5hX2lYb3c9sE","transactionId":"TX-1001","roundId":"R-77","amount":"12.50","currency":"USD"}';
    expect(signVendorBody('example-vendor-secret-0001', raw)).toBe('e742df170d7da74c168a066bb6c62dd87831311e08a6954e175099d8e2043276');
  });
});

describe('VENDOR_SECRETS and GAME_SESSION_HOURS', () => {
  const base = { NODE_ENV: 'development' };
  it('reads a JSON object of vendor code to secret, with the development secret for the rest outside production', () => {
    const c = loadConfig({ ...base, VENDOR_SECRETS: '{"PT":"pt-secret-0123456789"}' });
    expect(c.vendorWallet).toEqual({ secrets: { PT: 'pt-secret-0123456789' }, fallbackSecret: VENDOR_DEV_SECRET, sessionMs: 4 * 3_600_000 });
    expect(loadConfig({ ...base, GAME_SESSION_HOURS: '8' }).vendorWallet.sessionMs).toBe(8 * 3_600_000);
  });
  it('never falls back to the development secret in production, and refuses it there', () => {
    const prod = { NODE_ENV: 'production' };
    expect(loadConfig(prod).vendorWallet).toEqual({ secrets: {}, fallbackSecret: undefined, sessionMs: 4 * 3_600_000 });
    expect(() => loadConfig({ ...prod, VENDOR_SECRETS: JSON.stringify({ PT: VENDOR_DEV_SECRET }) })).toThrow(/development secret/);
    expect(loadConfig({ ...prod, VENDOR_SECRETS: '{"PT":"a-real-production-secret"}' }).vendorWallet.secrets.PT).toBe('a-real-production-secret');
  });
  it('refuses short secrets, bad codes and anything but a JSON object, without echoing a secret', () => {
    expect(() => loadConfig({ ...base, VENDOR_SECRETS: '{"PT":"short-secret"}' })).toThrow(/PT must be at least 16/);
    expect(() => loadConfig({ ...base, VENDOR_SECRETS: '{"PT":"short-secret"}' })).not.toThrow(/short-secret/);
    expect(() => loadConfig({ ...base, VENDOR_SECRETS: '{"pt":"long-enough-secret-1"}' })).toThrow(/vendor codes/);
    expect(() => loadConfig({ ...base, VENDOR_SECRETS: '["x"]' })).toThrow(/JSON object/);
    expect(() => loadConfig({ ...base, VENDOR_SECRETS: 'PT=abc' })).toThrow(/JSON object/);
    expect(() => loadConfig({ ...base, GAME_SESSION_HOURS: '0' })).toThrow(/GAME_SESSION_HOURS/);
  });
});

/** The same wallet rules, called in-process the way the in-house games call them. */
describe('game wallet service, in-process (in-house games)', () => {
  let h: Harness;
  let wallet: GameWalletService;
  let ledger: LedgerService;
  let clock = new Date('2030-01-01T00:00:00Z');
  let merchantId: bigint;
  let gameId: bigint;
  let memberId: bigint;
  const INHOUSE = 'INHT';

  const member = async (username: string, opts: { type?: number; funds?: bigint } = {}) => {
    const db = h.database.db;
    const id = (await db.insertInto('members').values({ merchant_id: merchantId, username, type: opts.type ?? 0, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id;
    const main = await ledger.memberAccount(merchantId, id, 'MAIN', 'USD');
    if (opts.funds) {
      const cash = await ledger.houseAccount(merchantId, 'CASH_CLEARING', 'USD');
      await ledger.post({ merchantId, type: 'DEPOSIT', idempotencyKey: `fund:${id}`, legs: [{ accountId: cash, amount: -opts.funds }, { accountId: main, amount: opts.funds }] });
    }
    return id;
  };

  beforeAll(async () => {
    h = await startHarness();
    const db = h.database.db;
    merchantId = (await db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow()).id;
    await db.insertInto('game_vendors').values([
      { code: INHOUSE, name: 'In-house test', wallet_type: 'SEAMLESS', origin: 'INHOUSE' },
      { code: 'XFERT', name: 'Transfer test', wallet_type: 'TRANSFER', origin: 'SIM' },
    ]).execute();
    gameId = (await db
      .insertInto('games')
      .values({ node_id: 991_001n, vendor_code: INHOUSE, game_code: 'dice', game_type: 'INHOUSE', names: JSON.stringify({ en: 'Dice', cn: 'Dice', km: 'Dice' }), icon_path: '/g/dice.svg', min_bet: 1n })
      .returning('id')
      .executeTakeFirstOrThrow()).id;
    ledger = ledgerService(ledgerRepository(db));
    wallet = gameWalletService({ repo: gameWalletRepository(db), ledger, sessionMs: 4 * 3_600_000, now: () => clock });
    memberId = await member('inhouse1', { funds: 10_000n });
  });
  afterAll(async () => {
    await h?.close();
  });

  const me = () => ({ merchantId, memberId, gameId });

  it('plays a round: bet, win that ends the round with its detail, replay of each', async () => {
    const bet = await wallet.bet({ vendorCode: INHOUSE, player: me(), transactionId: 'dice-1-bet', roundId: 'dice-1', amount: 250n });
    expect(bet).toMatchObject({ status: 'OK', balance: '97.50', currency: 'USD' });
    const win = await wallet.win({ vendorCode: INHOUSE, player: me(), transactionId: 'dice-1-win', roundId: 'dice-1', amount: 500n, endRound: true, detail: { roll: 42 } });
    expect(win).toMatchObject({ status: 'OK', balance: '102.50' });
    expect(await wallet.bet({ vendorCode: INHOUSE, player: me(), transactionId: 'dice-1-bet', roundId: 'dice-1', amount: 250n })).toEqual(bet);
    expect(await wallet.win({ vendorCode: INHOUSE, player: me(), transactionId: 'dice-1-win', roundId: 'dice-1', amount: 500n, endRound: true, detail: { roll: 42 } })).toEqual(win);
    const round = await h.database.db.selectFrom('game_rounds').selectAll().where('member_id', '=', memberId).where('round_ref', '=', 'dice-1').executeTakeFirstOrThrow();
    expect(round).toMatchObject({ status: 'closed', stake: 250n, payout: 500n, detail: { roll: 42 }, game_id: gameId });
    const house = await h.database.db.selectFrom('accounts').select('balance').where('merchant_id', '=', merchantId).where('code', '=', gameAccountCode(INHOUSE)).executeTakeFirstOrThrow();
    expect(house.balance).toBe(-250n);
  });

  it('applies the same refusals as over HTTP', async () => {
    const base = { vendorCode: INHOUSE, player: me(), roundId: 'dice-2', currency: 'USD' };
    expect(await wallet.bet({ ...base, transactionId: 'z', amount: 0n })).toMatchObject({ status: 'ERROR', code: 'AMOUNT_INVALID' });
    expect(await wallet.bet({ ...base, transactionId: 'e', amount: 1n, currency: 'EUR' })).toMatchObject({ status: 'ERROR', code: 'CURRENCY_MISMATCH', balance: '102.50' });
    expect(await wallet.bet({ ...base, transactionId: 'big', amount: 1_000_000n })).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS', balance: '102.50' });
    expect(await wallet.bet({ ...base, vendorCode: 'NOPE', transactionId: 'v', amount: 1n })).toMatchObject({ status: 'ERROR', code: 'VENDOR_UNKNOWN' });
    expect(await wallet.bet({ ...base, vendorCode: 'XFERT', transactionId: 'v', amount: 1n })).toMatchObject({ status: 'ERROR', code: 'VENDOR_NOT_SEAMLESS' });
    const trial = await member('inhouse-trial', { type: 4, funds: 1_000n });
    expect(await wallet.bet({ ...base, player: { merchantId, memberId: trial, gameId }, transactionId: 'trial-bet', amount: 100n })).toMatchObject({ status: 'ERROR', code: 'TRIAL_ACCOUNT' });
    expect(await wallet.win({ ...base, transactionId: 'w-none', roundId: 'never', amount: 1n })).toMatchObject({ status: 'ERROR', code: 'ROUND_NOT_FOUND' });
    expect(await wallet.authenticate({ vendorCode: INHOUSE, player: { merchantId: 999_999n, memberId, gameId } })).toMatchObject({ status: 'ERROR', code: 'TOKEN_INVALID' });
  });

  it('opens a launch: a 256-bit token stored only as its hash, live for the configured time', async () => {
    const { token, expiresAt } = await wallet.openSession(merchantId, memberId, INHOUSE, gameId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime() - clock.getTime()).toBe(4 * 3_600_000);
    const row = await h.database.db.selectFrom('game_sessions').selectAll().where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ merchant_id: merchantId, member_id: memberId, vendor_code: INHOUSE, game_id: gameId });
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))).not.toContain(token);
    expect(await wallet.authenticate({ vendorCode: INHOUSE, player: { token } })).toMatchObject({ status: 'OK', playerId: memberId.toString(), balance: '102.50' });
    clock = new Date(expiresAt.getTime() + 1);
    expect(await wallet.authenticate({ vendorCode: INHOUSE, player: { token } })).toMatchObject({ status: 'ERROR', code: 'TOKEN_EXPIRED' });
    await expect(wallet.openSession(merchantId, memberId, 'XFERT', gameId)).rejects.toThrow(/not a game of XFERT/);
  });
});
