import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from './harness.js';
import { booksBalance, fund, makeMember } from './money-helpers.js';
import { sha256 } from '../src/lib/crypto.js';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.js';
import { ledgerService } from '../src/modules/ledger/ledger.service.js';
import { gameWalletRepository } from '../src/modules/game-wallet/game-wallet.repository.js';
import { gameWalletService, type GameWalletService } from '../src/modules/game-wallet/game-wallet.service.js';
import { signVendorBody } from '../src/modules/game-wallet/seamless-api.js';
import { VENDOR_DEV_SECRET } from '../src/config.js';

/**
 * The seamless-wallet certification checklist, run the way a vendor runs it: signed HTTP calls to
 * /vendor-api/:vendor/*, nothing else. Players, launches and funding are set up directly (that is the
 * portal's side); every rule of docs/vendor-protocol.md is then checked through the endpoints, and
 * at the end the books must balance and every accepted money call must be in the ledger exactly once.
 */

const VENDOR = 'CERTV';
const SECRET = 'certification-vendor-secret-0001';
const OTHER = 'OTHERV'; // a second seamless vendor, on the development secret
const TRANSFER_VENDOR = 'XFERV';
const INHOUSE_VENDOR = 'INHV';
const OFF_VENDOR = 'OFFV'; // disabled part-way through

type Reply = { status: number; body: Record<string, any>; raw: string };

/** A vendor's client: signs each body with its secret, as a vendor's server does. */
const vendorClient = (h: Harness, code: string, secret: string) => {
  const send = async (action: string, body: unknown, opts: { signature?: string | null; raw?: string } = {}): Promise<Reply> => {
    const raw = opts.raw ?? JSON.stringify(body);
    const signature = opts.signature === undefined ? signVendorBody(secret, raw) : opts.signature;
    const res = await h.app.inject({
      method: 'POST',
      url: `/vendor-api/${code}/${action}`,
      payload: raw,
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) },
    });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  return {
    send,
    authenticate: (token: string) => send('authenticate', { token }),
    balance: (token: string) => send('balance', { token }),
    bet: (b: { token: string; transactionId: string; roundId: string; amount: unknown; currency?: string; gameCode?: string; description?: string }) => send('bet', { currency: 'USD', ...b }),
    win: (b: { token: string; transactionId: string; roundId: string; amount: unknown; currency?: string; endRound?: boolean; result?: string }) => send('win', { currency: 'USD', ...b }),
    rollback: (b: { token: string; transactionId: string; roundId: string; referenceTransactionId: string }) => send('rollback', b),
    endRound: (b: { token: string; roundId: string; result?: string }) => send('endRound', b),
  };
};

let seq = 0;
const ref = (p: string) => `${p}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describe('seamless wallet conformance (vendor certification checklist)', () => {
  let h: Harness;
  let wallet: GameWalletService;
  let vendor: ReturnType<typeof vendorClient>;
  let opsToken: string;
  let merchantId: bigint;
  const games: Record<string, bigint> = {};

  const db = () => h.database.db;

  /** A funded player of the default merchant (USD), with a live launch of `vendorCode`'s first game. */
  const player = async (funding = '100.00', opts: { type?: number; vendorCode?: string } = {}) => {
    const username = `cert${++seq}${Math.random().toString(36).slice(2, 6)}`;
    const m = await makeMember(h, username, { type: opts.type });
    if (funding !== '0.00') await fund(h, opsToken, m.id, funding);
    const vendorCode = opts.vendorCode ?? VENDOR;
    const { token } = await wallet.openSession(merchantId, m.id, vendorCode, games[vendorCode]);
    return { id: m.id, token, username };
  };

  const expire = (token: string) =>
    db().updateTable('game_sessions').set({ expires_at: new Date(Date.now() - 60_000) }).where('token_hash', '=', sha256(token)).execute();

  const setMemberStatus = (id: bigint, status: 'active' | 'frozen' | 'closed') => db().updateTable('members').set({ status }).where('id', '=', id).execute();

  /** The main wallet as the ledger holds it, in minor units. */
  const mainOf = async (id: bigint) =>
    (await db().selectFrom('accounts').select('balance').where('member_id', '=', id).where('kind', '=', 'MAIN').executeTakeFirstOrThrow()).balance;

  const postingsOf = async (txnRef: string, vendorCode = VENDOR) =>
    Number((await sql<{ n: bigint }>`select count(*)::int8 as n from ledger_transactions where idempotency_key = ${`game:${vendorCode}:${txnRef}`}`.execute(db())).rows[0].n);

  const roundOf = (memberId: bigint, roundRef: string, vendorCode = VENDOR) =>
    db().selectFrom('game_rounds').selectAll().where('member_id', '=', memberId).where('vendor_code', '=', vendorCode).where('round_ref', '=', roundRef).executeTakeFirst();

  const expectError = (r: Reply, code: string, status: number) => {
    expect(r.body).toMatchObject({ status: 'ERROR', code });
    expect(typeof r.body.message).toBe('string');
    expect(r.status).toBe(status);
  };

  beforeAll(async () => {
    h = await startHarness({ VENDOR_SECRETS: JSON.stringify({ [VENDOR]: SECRET }) });
    const database = h.database.db;
    merchantId = (await database.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow()).id;
    const vendors = [
      { code: VENDOR, wallet_type: 'SEAMLESS', origin: 'SIM' },
      { code: OTHER, wallet_type: 'SEAMLESS', origin: 'SIM' },
      { code: TRANSFER_VENDOR, wallet_type: 'TRANSFER', origin: 'SIM' },
      { code: INHOUSE_VENDOR, wallet_type: 'SEAMLESS', origin: 'INHOUSE' },
      { code: OFF_VENDOR, wallet_type: 'SEAMLESS', origin: 'SIM' },
    ] as const;
    let node = 990_000n;
    for (const v of vendors) {
      await database.insertInto('game_vendors').values({ code: v.code, name: `${v.code} Games`, wallet_type: v.wallet_type, origin: v.origin }).execute();
      for (const gameCode of ['slot-1', 'slot-2']) {
        const row = await database
          .insertInto('games')
          .values({ node_id: ++node, vendor_code: v.code, game_code: gameCode, game_type: 'RNG', names: JSON.stringify({ en: gameCode, cn: gameCode, km: gameCode }), icon_path: `/games/${gameCode}.svg`, min_bet: 10n })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (gameCode === 'slot-1') games[v.code] = row.id;
      }
    }
    wallet = gameWalletService({ repo: gameWalletRepository(database), ledger: ledgerService(ledgerRepository(database)), sessionMs: 4 * 3_600_000 });
    vendor = vendorClient(h, VENDOR, SECRET);
    opsToken = await h.opsLogin();
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('1. transport: vendor, signature and body', () => {
    it('refuses a call without X-Signature', async () => {
      const p = await player();
      expectError(await vendor.send('authenticate', { token: p.token }, { signature: null }), 'SIGNATURE_INVALID', 401);
    });

    it('refuses a signature made with another secret', async () => {
      const p = await player();
      const raw = JSON.stringify({ token: p.token });
      expectError(await vendor.send('authenticate', null, { raw, signature: signVendorBody('not-the-vendor-secret-000', raw) }), 'SIGNATURE_INVALID', 401);
      // The development secret is not this vendor's: a configured vendor uses only its own.
      expectError(await vendor.send('authenticate', null, { raw, signature: signVendorBody(VENDOR_DEV_SECRET, raw) }), 'SIGNATURE_INVALID', 401);
    });

    it('refuses a signature over a different body (a tampered amount) and moves nothing', async () => {
      const p = await player();
      const signed = JSON.stringify({ token: p.token, transactionId: ref('t'), roundId: ref('r'), amount: '1.00', currency: 'USD' });
      const sent = signed.replace('"1.00"', '"99.00"');
      expectError(await vendor.send('bet', null, { raw: sent, signature: signVendorBody(SECRET, signed) }), 'SIGNATURE_INVALID', 401);
      expect(await mainOf(p.id)).toBe(10_000n);
    });

    it('accepts the signature in capital hex too', async () => {
      const p = await player();
      const raw = JSON.stringify({ token: p.token });
      const r = await vendor.send('balance', null, { raw, signature: signVendorBody(SECRET, raw).toUpperCase() });
      expect(r.body).toMatchObject({ status: 'OK', balance: '100.00' });
    });

    it('tells an unknown vendor, an in-house vendor and a transfer-wallet vendor apart', async () => {
      const p = await player();
      expectError(await vendorClient(h, 'NOSUCH', SECRET).authenticate(p.token), 'VENDOR_UNKNOWN', 404);
      expectError(await vendorClient(h, 'bad-code', SECRET).authenticate(p.token), 'VENDOR_UNKNOWN', 404);
      // In-house games call the wallet in-process; over HTTP the vendor does not exist, even with the development secret.
      expectError(await vendorClient(h, INHOUSE_VENDOR, VENDOR_DEV_SECRET).authenticate(p.token), 'VENDOR_UNKNOWN', 404);
      expectError(await vendorClient(h, TRANSFER_VENDOR, VENDOR_DEV_SECRET).authenticate(p.token), 'VENDOR_NOT_SEAMLESS', 403);
    });

    it('refuses a body that is not JSON, or lacks a field, with BAD_REQUEST naming the field', async () => {
      const p = await player();
      expectError(await vendor.send('bet', null, { raw: '{"token":' }), 'BAD_REQUEST', 400);
      expectError(await vendor.send('bet', null, { raw: '' }), 'BAD_REQUEST', 400);
      const missing = await vendor.send('bet', { token: p.token, transactionId: ref('t'), amount: '1.00', currency: 'USD' });
      expectError(missing, 'BAD_REQUEST', 400);
      expect(missing.body.message).toContain('roundId');
      expectError(await vendor.send('bet', { token: p.token, transactionId: 'has spaces', roundId: 'r', amount: '1.00', currency: 'USD' }), 'BAD_REQUEST', 400);
      expect(await mainOf(p.id)).toBe(10_000n);
    });

    it('answers an unknown call in the vendor format', async () => {
      const r = await vendor.send('cashout', { token: 'x' });
      expectError(r, 'NOT_FOUND', 404);
    });
  });

  describe('2. authenticate and balance', () => {
    it('authenticates a live token: player id, name, currency and balance', async () => {
      const p = await player('25.50');
      const r = await vendor.authenticate(p.token);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: 'OK', playerId: p.id.toString(), displayName: p.username, currency: 'USD', balance: '25.50' });
    });

    it('refuses an expired token with TOKEN_EXPIRED', async () => {
      const p = await player();
      await expire(p.token);
      expectError(await vendor.authenticate(p.token), 'TOKEN_EXPIRED', 401);
    });

    it('refuses an unknown token, and a token of another vendor, with TOKEN_INVALID', async () => {
      expectError(await vendor.authenticate('no-such-token'), 'TOKEN_INVALID', 401);
      const p = await player('100.00', { vendorCode: OTHER });
      expectError(await vendor.authenticate(p.token), 'TOKEN_INVALID', 401);
      expect((await vendorClient(h, OTHER, VENDOR_DEV_SECRET).authenticate(p.token)).body.status).toBe('OK');
    });

    it('refuses a frozen player with PLAYER_DISABLED and a trial account with TRIAL_ACCOUNT', async () => {
      const p = await player();
      await setMemberStatus(p.id, 'frozen');
      expectError(await vendor.authenticate(p.token), 'PLAYER_DISABLED', 403);
      const trial = await player('0.00', { type: 4 });
      expectError(await vendor.authenticate(trial.token), 'TRIAL_ACCOUNT', 403);
    });

    it('answers the balance, with an expired token too (read-only)', async () => {
      const p = await player('12.34');
      expect((await vendor.balance(p.token)).body).toEqual({ status: 'OK', playerId: p.id.toString(), currency: 'USD', balance: '12.34' });
      await expire(p.token);
      expect((await vendor.balance(p.token)).body).toMatchObject({ status: 'OK', balance: '12.34' });
    });
  });

  describe('3. bet', () => {
    it('debits the stake and answers the new balance', async () => {
      const p = await player();
      const t = ref('bet');
      const r = await vendor.bet({ token: p.token, transactionId: t, roundId: ref('round'), amount: '12.50' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ status: 'OK', transactionId: t, currency: 'USD', balance: '87.50' });
      expect(r.body.walletTransactionId).toMatch(/^\d+$/);
      expect(await mainOf(p.id)).toBe(8_750n);
      expect((await vendor.balance(p.token)).body.balance).toBe('87.50');
      expect(await postingsOf(t)).toBe(1);
    });

    it('replays a repeated transactionId byte for byte and moves nothing', async () => {
      const p = await player();
      const body = { token: p.token, transactionId: ref('dup'), roundId: ref('round'), amount: '10.00' };
      const first = await vendor.bet(body);
      // Money moves meanwhile: the replay still answers the balance of the original answer.
      await vendor.bet({ token: p.token, transactionId: ref('other'), roundId: body.roundId, amount: '5.00' });
      const again = await vendor.bet(body);
      expect(again.status).toBe(first.status);
      expect(again.raw).toBe(first.raw);
      expect(await mainOf(p.id)).toBe(8_500n);
      expect(await postingsOf(body.transactionId)).toBe(1);
    });

    it('answers 10 identical bets sent at once identically, with one posting', async () => {
      const p = await player();
      const body = { token: p.token, transactionId: ref('par'), roundId: ref('round'), amount: '7.25' };
      const replies = await Promise.all(Array.from({ length: 10 }, () => vendor.bet(body)));
      expect(new Set(replies.map((r) => r.raw)).size).toBe(1);
      expect(replies[0].body).toMatchObject({ status: 'OK', balance: '92.75' });
      expect(await mainOf(p.id)).toBe(9_275n);
      expect(await postingsOf(body.transactionId)).toBe(1);
      const row = await db().selectFrom('vendor_transactions').select(['attempts', 'status']).where('vendor_code', '=', VENDOR).where('txn_ref', '=', body.transactionId).executeTakeFirstOrThrow();
      expect(row).toEqual({ attempts: 10, status: 'ok' });
      expect((await roundOf(p.id, body.roundId))?.stake).toBe(725n);
    });

    it('refuses the same transactionId with a different body with TRANSACTION_CONFLICT, unstored', async () => {
      const p = await player();
      const body = { token: p.token, transactionId: ref('conf'), roundId: ref('round'), amount: '10.00' };
      await vendor.bet(body);
      expectError(await vendor.bet({ ...body, amount: '11.00' }), 'TRANSACTION_CONFLICT', 409);
      expectError(await vendor.bet({ ...body, roundId: ref('round') }), 'TRANSACTION_CONFLICT', 409);
      // The same id under another kind of call is a different request too.
      expectError(await vendor.win({ ...body, amount: '10.00' }), 'TRANSACTION_CONFLICT', 409);
      expect(await mainOf(p.id)).toBe(9_000n);
      expect((await vendor.bet(body)).body).toMatchObject({ status: 'OK', balance: '90.00' });
    });

    it('answers INSUFFICIENT_FUNDS with the balance, moves nothing, leaves no round and refuses a retry identically', async () => {
      const p = await player('5.00');
      const body = { token: p.token, transactionId: ref('poor'), roundId: ref('round'), amount: '5.01' };
      const r = await vendor.bet(body);
      expectError(r, 'INSUFFICIENT_FUNDS', 402);
      expect(r.body).toMatchObject({ balance: '5.00', currency: 'USD' });
      expect(await mainOf(p.id)).toBe(500n);
      expect(await roundOf(p.id, body.roundId)).toBeUndefined();
      expect(await postingsOf(body.transactionId)).toBe(0);
      await fund(h, opsToken, p.id, '100.00');
      // The refusal is final for this transactionId: a retry is refused the same way even though funds arrived.
      const again = await vendor.bet(body);
      expect(again.raw).toBe(r.raw);
      expect(await mainOf(p.id)).toBe(10_500n);
      // An exact-balance bet is fine.
      expect((await vendor.bet({ ...body, transactionId: ref('exact'), amount: '105.00' })).body).toMatchObject({ status: 'OK', balance: '0.00' });
    });

    it('counts funds held for a withdrawal as not available', async () => {
      const p = await player('50.00');
      const account = (await db().selectFrom('accounts').select('id').where('member_id', '=', p.id).where('kind', '=', 'MAIN').executeTakeFirstOrThrow()).id;
      await db().updateTable('accounts').set({ held: 4_000n }).where('id', '=', account).execute();
      expect((await vendor.balance(p.token)).body.balance).toBe('10.00');
      const r = await vendor.bet({ token: p.token, transactionId: ref('held'), roundId: ref('round'), amount: '10.01' });
      expectError(r, 'INSUFFICIENT_FUNDS', 402);
      expect(r.body.balance).toBe('10.00');
      await db().updateTable('accounts').set({ held: 0n }).where('id', '=', account).execute();
    });

    it.each([
      ['negative', '-1.00'],
      ['zero', '0.00'],
      ['zero without decimals', '0'],
      ['three decimals', '1.005'],
      ['huge', '10000000000000.00'],
      ['not numeric', 'ten'],
      ['exponent', '1e2'],
      ['empty', ''],
      ['leading plus', '+1.00'],
      ['a number, not a string', 1.5],
      ['null', null],
    ])('refuses a %s amount with AMOUNT_INVALID and moves nothing', async (_name, amount) => {
      const p = await player();
      const t = ref('amt');
      expectError(await vendor.bet({ token: p.token, transactionId: t, roundId: ref('round'), amount }), 'AMOUNT_INVALID', 400);
      expect(await mainOf(p.id)).toBe(10_000n);
      // Nothing was stored: the same transactionId is still free.
      expect((await vendor.bet({ token: p.token, transactionId: t, roundId: ref('round'), amount: '1.00' })).body.status).toBe('OK');
    });

    it('accepts one decimal place and the largest amount form', async () => {
      const p = await player();
      expect((await vendor.bet({ token: p.token, transactionId: ref('one'), roundId: ref('round'), amount: '1.5' })).body).toMatchObject({ status: 'OK', balance: '98.50' });
      expect((await vendor.bet({ token: p.token, transactionId: ref('big'), roundId: ref('round'), amount: '1000000000000.00' })).body.code).toBe('INSUFFICIENT_FUNDS');
    });

    it('refuses another currency with CURRENCY_MISMATCH', async () => {
      const p = await player();
      const r = await vendor.bet({ token: p.token, transactionId: ref('cur'), roundId: ref('round'), amount: '1.00', currency: 'EUR' });
      expectError(r, 'CURRENCY_MISMATCH', 400);
      expectError(await vendor.bet({ token: p.token, transactionId: ref('cur'), roundId: ref('round'), amount: '1.00', currency: 'usd' }), 'CURRENCY_MISMATCH', 400);
      expect(await mainOf(p.id)).toBe(10_000n);
    });

    it('refuses a bet on an expired token with TOKEN_EXPIRED, but replays a bet accepted before expiry', async () => {
      const p = await player();
      const before = { token: p.token, transactionId: ref('pre'), roundId: ref('round'), amount: '3.00' };
      const first = await vendor.bet(before);
      await expire(p.token);
      expect((await vendor.bet(before)).raw).toBe(first.raw);
      const r = await vendor.bet({ token: p.token, transactionId: ref('late'), roundId: ref('round'), amount: '3.00' });
      expectError(r, 'TOKEN_EXPIRED', 401);
      expect(r.body.balance).toBe('97.00');
      expect(await mainOf(p.id)).toBe(9_700n);
    });

    it('refuses a frozen or closed player with PLAYER_DISABLED and a trial account with TRIAL_ACCOUNT', async () => {
      const p = await player();
      await setMemberStatus(p.id, 'frozen');
      expectError(await vendor.bet({ token: p.token, transactionId: ref('frz'), roundId: ref('round'), amount: '1.00' }), 'PLAYER_DISABLED', 403);
      await setMemberStatus(p.id, 'closed');
      expectError(await vendor.bet({ token: p.token, transactionId: ref('cls'), roundId: ref('round'), amount: '1.00' }), 'PLAYER_DISABLED', 403);
      expect(await mainOf(p.id)).toBe(10_000n);
      const trial = await player('0.00', { type: 4 });
      expectError(await vendor.bet({ token: trial.token, transactionId: ref('trial'), roundId: ref('round'), amount: '0.01' }), 'TRIAL_ACCOUNT', 403);
    });

    it('plays the game named by gameCode, and refuses a gameCode the vendor does not have', async () => {
      const p = await player();
      const roundId = ref('round');
      expect((await vendor.bet({ token: p.token, transactionId: ref('gc'), roundId, amount: '1.00', gameCode: 'slot-2' })).body.status).toBe('OK');
      const round = await roundOf(p.id, roundId);
      const slot2 = await db().selectFrom('games').select('id').where('vendor_code', '=', VENDOR).where('game_code', '=', 'slot-2').executeTakeFirstOrThrow();
      expect(round?.game_id).toBe(slot2.id);
      expectError(await vendor.bet({ token: p.token, transactionId: ref('gc'), roundId: ref('round'), amount: '1.00', gameCode: 'nope' }), 'GAME_NOT_FOUND', 404);
    });

    it('keeps rounds per player: two players may share a vendor roundId (a live table)', async () => {
      const a = await player();
      const b = await player();
      const roundId = ref('table');
      expect((await vendor.bet({ token: a.token, transactionId: ref('ta'), roundId, amount: '2.00' })).body.status).toBe('OK');
      expect((await vendor.bet({ token: b.token, transactionId: ref('tb'), roundId, amount: '3.00' })).body.status).toBe('OK');
      expect((await vendor.win({ token: b.token, transactionId: ref('wb'), roundId, amount: '6.00' })).body).toMatchObject({ status: 'OK', balance: '103.00' });
      expect((await roundOf(a.id, roundId))?.payout).toBe(0n);
      expect((await roundOf(b.id, roundId))?.payout).toBe(600n);
    });
  });

  describe('3b. describing a round (optional description and result)', () => {
    const textOf = async (memberId: bigint, roundId: string) => {
      const r = await roundOf(memberId, roundId);
      return { description: r?.description ?? null, result: r?.result ?? null };
    };

    it('keeps each different bet description once, one to a line, and the result the round was settled with', async () => {
      const p = await player();
      const roundId = ref('round');
      const home = 'Mekong FC v Angkor United · Mekong FC to win @ 2.15';
      const over = 'Mekong FC v Angkor United · Over 2.5 goals @ 1.90';
      expect((await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '2.00', description: home })).body.status).toBe('OK');
      expect((await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '1.00', description: home })).body.status).toBe('OK');
      expect((await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '1.00' })).body.status).toBe('OK');
      expect((await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '3.00', description: over })).body.status).toBe('OK');
      expect(await textOf(p.id, roundId)).toEqual({ description: `${home}\n${over}`, result: null });
      expect((await vendor.win({ token: p.token, transactionId: ref('w'), roundId, amount: '4.30', result: 'Half time 1–0' })).body.status).toBe('OK');
      expect((await vendor.endRound({ token: p.token, roundId, result: 'Full time 2–1 · Mekong FC won, under 2.5' })).body.status).toBe('OK');
      expect(await textOf(p.id, roundId)).toEqual({ description: `${home}\n${over}`, result: 'Full time 2–1 · Mekong FC won, under 2.5' });
      // A closed round keeps its words: a second endRound changes nothing.
      await vendor.endRound({ token: p.token, roundId, result: 'something else' });
      expect((await textOf(p.id, roundId)).result).toBe('Full time 2–1 · Mekong FC won, under 2.5');
    });

    it('takes Khmer and Chinese text as it is', async () => {
      const p = await player();
      const roundId = ref('round');
      const words = 'ម៉េគង្គ\u200Bស្ត្រី v អង្គរ · 主队胜 @ 2.15';
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '1.00', description: words });
      expect((await textOf(p.id, roundId)).description).toBe(words);
    });

    it.each([
      ['empty', ''],
      ['too long', 'x'.repeat(1001)],
      ['a lone surrogate', 'home \uD800 win'],
      ['a direction mark', 'home\u200F win'],
      ['an invisible tag', 'home win\u{E0041}'],
      ['seven combining marks in a row', `home win${'\u0301'.repeat(7)}`],
      ['an empty line', 'home\n\nwin'],
      ['13 lines', Array.from({ length: 13 }, (_, i) => `leg ${i}`).join('\n')],
      ['a tab', 'home\twin'],
      ['a carriage return', 'home\r\nwin'],
      ['a direction override', 'win \u202Eemoh'],
      ['a line with a leading space', 'home\n win'],
      ['not a string', 42],
    ])('refuses a description that is %s with BAD_REQUEST naming it, and moves nothing', async (_name, description) => {
      const p = await player();
      const roundId = ref('round');
      const r = await vendor.send('bet', { token: p.token, transactionId: ref('b'), roundId, amount: '1.00', currency: 'USD', description });
      expectError(r, 'BAD_REQUEST', 400);
      expect(r.body.message).toContain('description');
      expect(await mainOf(p.id)).toBe(10_000n);
      expect(await roundOf(p.id, roundId)).toBeUndefined();
    });

    it('refuses a bad result on a win or endRound with BAD_REQUEST, and the round stays as it was', async () => {
      const p = await player();
      const roundId = ref('round');
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '1.00' });
      expectError(await vendor.win({ token: p.token, transactionId: ref('w'), roundId, amount: '2.00', endRound: true, result: 'y'.repeat(201) }), 'BAD_REQUEST', 400);
      expectError(await vendor.send('endRound', { token: p.token, roundId, result: 'a\u0000b' }), 'BAD_REQUEST', 400);
      expect(await roundOf(p.id, roundId)).toMatchObject({ status: 'open', payout: 0n, result: null });
      expect(await mainOf(p.id)).toBe(9_900n);
    });

    it('counts the description in a bet’s fingerprint and the result in a win’s: changing either is TRANSACTION_CONFLICT', async () => {
      const p = await player();
      const roundId = ref('round');
      const bet = { token: p.token, transactionId: ref('b'), roundId, amount: '1.00', description: 'Home to win @ 2.00' };
      const first = await vendor.bet(bet);
      expect((await vendor.bet(bet)).raw).toBe(first.raw);
      expectError(await vendor.bet({ ...bet, description: 'Away to win @ 3.00' }), 'TRANSACTION_CONFLICT', 409);
      expectError(await vendor.bet({ ...bet, description: undefined }), 'TRANSACTION_CONFLICT', 409);
      const win = { token: p.token, transactionId: ref('w'), roundId, amount: '2.00', result: 'won' };
      const paid = await vendor.win(win);
      expect((await vendor.win(win)).raw).toBe(paid.raw);
      expectError(await vendor.win({ ...win, result: 'lost' }), 'TRANSACTION_CONFLICT', 409);
      expect(await mainOf(p.id)).toBe(10_100n);
      expect(await textOf(p.id, roundId)).toEqual({ description: 'Home to win @ 2.00', result: 'won' });
    });

    it('takes a bet of several lines (an accumulator) and keeps each line once', async () => {
      const p = await player();
      const roundId = ref('round');
      const acca = 'Double @ 4.08\nMekong FC to win · Mekong FC v Angkor United @ 2.15\nOver 2.5 goals · Delta Rovers v Kampot City @ 1.90';
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '1.00', description: acca });
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '1.00', description: 'Double @ 4.08\nCash bonus' });
      expect((await textOf(p.id, roundId)).description).toBe(`${acca}\nCash bonus`);
      // A bet's own lines are kept as they are, twice if it says a line twice (the same pairing played twice).
      const other = ref('round');
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId: other, amount: '1.00', description: 'Double @ 3.61\nA v B · Draw @ 1.90\nA v B · Draw @ 1.90' });
      expect((await textOf(p.id, other)).description).toBe('Double @ 3.61\nA v B · Draw @ 1.90\nA v B · Draw @ 1.90');
    });

    it('takes null as no words at all', async () => {
      const p = await player();
      const roundId = ref('round');
      expect((await vendor.send('bet', { token: p.token, transactionId: ref('b'), roundId, amount: '1.00', currency: 'USD', description: null })).body.status).toBe('OK');
      expect((await vendor.send('endRound', { token: p.token, roundId, result: null })).body.status).toBe('OK');
      expect(await textOf(p.id, roundId)).toEqual({ description: null, result: null });
    });

    it('stops adding lines once the round would pass 2,000 characters, and still takes the bet', async () => {
      const p = await player();
      const roundId = ref('round');
      const bets = Array.from({ length: 4 }, (_, i) => `${i}a`.repeat(150) + '\n' + `${i}b`.repeat(150));
      for (const description of bets) expect((await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '1.00', description })).body.status).toBe('OK');
      // Three bets of two 300-character lines are 1,805 characters; the fourth would make 2,407.
      expect((await textOf(p.id, roundId)).description).toBe(bets.slice(0, 3).join('\n'));
      expect((await roundOf(p.id, roundId))?.stake).toBe(400n);
    });
  });

  describe('4. win', () => {
    it('credits a win in an open round', async () => {
      const p = await player();
      const roundId = ref('round');
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '10.00' });
      const t = ref('w');
      const r = await vendor.win({ token: p.token, transactionId: t, roundId, amount: '25.00' });
      expect(r.body).toMatchObject({ status: 'OK', transactionId: t, balance: '115.00' });
      expect(await mainOf(p.id)).toBe(11_500n);
      expect(await roundOf(p.id, roundId)).toMatchObject({ stake: 1_000n, payout: 2_500n, status: 'open' });
      expect(await postingsOf(t)).toBe(1);
      // A repeated win replays and credits nothing more.
      expect((await vendor.win({ token: p.token, transactionId: t, roundId, amount: '25.00' })).raw).toBe(r.raw);
      expect(await mainOf(p.id)).toBe(11_500n);
    });

    it('accepts a win of 0.00 (a lost round) without any posting', async () => {
      const p = await player();
      const roundId = ref('round');
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '10.00' });
      const t = ref('w0');
      expect((await vendor.win({ token: p.token, transactionId: t, roundId, amount: '0.00' })).body).toMatchObject({ status: 'OK', balance: '90.00' });
      expect(await postingsOf(t)).toBe(0);
    });

    it('refuses a win for an unknown round with ROUND_NOT_FOUND, including another player\'s round', async () => {
      const p = await player();
      const r = await vendor.win({ token: p.token, transactionId: ref('w'), roundId: ref('ghost'), amount: '50.00' });
      expectError(r, 'ROUND_NOT_FOUND', 404);
      expect(r.body.balance).toBe('100.00');
      const other = await player();
      const roundId = ref('round');
      await vendor.bet({ token: other.token, transactionId: ref('b'), roundId, amount: '1.00' });
      expectError(await vendor.win({ token: p.token, transactionId: ref('w'), roundId, amount: '50.00' }), 'ROUND_NOT_FOUND', 404);
      expect(await mainOf(p.id)).toBe(10_000n);
    });

    it('accepts a win with an expired token', async () => {
      const p = await player();
      const roundId = ref('round');
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '10.00' });
      await expire(p.token);
      expect((await vendor.win({ token: p.token, transactionId: ref('w'), roundId, amount: '30.00' })).body).toMatchObject({ status: 'OK', balance: '120.00' });
    });

    it('accepts a win for a player frozen mid-round (settlement is not play)', async () => {
      const p = await player();
      const roundId = ref('round');
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '10.00' });
      await setMemberStatus(p.id, 'frozen');
      expect((await vendor.win({ token: p.token, transactionId: ref('w'), roundId, amount: '15.00' })).body).toMatchObject({ status: 'OK', balance: '105.00' });
    });

    it('refuses negative and malformed wins with AMOUNT_INVALID, and another currency with CURRENCY_MISMATCH', async () => {
      const p = await player();
      const roundId = ref('round');
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '1.00' });
      for (const amount of ['-5.00', '1.234', 5, 'abc']) {
        expectError(await vendor.win({ token: p.token, transactionId: ref('w'), roundId, amount }), 'AMOUNT_INVALID', 400);
      }
      expectError(await vendor.win({ token: p.token, transactionId: ref('w'), roundId, amount: '1.00', currency: 'KHR' }), 'CURRENCY_MISMATCH', 400);
      expect(await mainOf(p.id)).toBe(9_900n);
    });
  });

  describe('5. rollback', () => {
    it('returns the stake of a bet; a repeated rollback replays and returns nothing more', async () => {
      const p = await player();
      const roundId = ref('round');
      const betId = ref('b');
      await vendor.bet({ token: p.token, transactionId: betId, roundId, amount: '40.00' });
      expect(await mainOf(p.id)).toBe(6_000n);
      const body = { token: p.token, transactionId: ref('rb'), roundId, referenceTransactionId: betId };
      const r = await vendor.rollback(body);
      expect(r.body).toMatchObject({ status: 'OK', transactionId: body.transactionId, balance: '100.00' });
      expect(await mainOf(p.id)).toBe(10_000n);
      expect((await roundOf(p.id, roundId))?.stake).toBe(0n);
      const again = await vendor.rollback(body);
      expect(again.raw).toBe(r.raw);
      expect(await mainOf(p.id)).toBe(10_000n);
      expect(await postingsOf(body.transactionId)).toBe(1);
      // A second rollback under another transactionId is refused: the bet is already undone.
      expectError(await vendor.rollback({ ...body, transactionId: ref('rb') }), 'ALREADY_ROLLED_BACK', 409);
      expect(await mainOf(p.id)).toBe(10_000n);
    });

    it('accepts a rollback with an expired token', async () => {
      const p = await player();
      const roundId = ref('round');
      const betId = ref('b');
      await vendor.bet({ token: p.token, transactionId: betId, roundId, amount: '10.00' });
      await expire(p.token);
      expect((await vendor.rollback({ token: p.token, transactionId: ref('rb'), roundId, referenceTransactionId: betId })).body).toMatchObject({ status: 'OK', balance: '100.00' });
    });

    it('refuses a rollback of an unknown bet with BET_NOT_FOUND, and then refuses that bet when it arrives (tombstone)', async () => {
      const p = await player();
      const roundId = ref('round');
      const betId = ref('late');
      const rb = { token: p.token, transactionId: ref('rb'), roundId, referenceTransactionId: betId };
      const r = await vendor.rollback(rb);
      expectError(r, 'BET_NOT_FOUND', 404);
      expect((await vendor.rollback(rb)).raw).toBe(r.raw);
      const late = await vendor.bet({ token: p.token, transactionId: betId, roundId, amount: '10.00' });
      expectError(late, 'BET_ROLLED_BACK', 409);
      // Every retry of the late bet, whatever its body, meets the same tombstone.
      expect((await vendor.bet({ token: p.token, transactionId: betId, roundId, amount: '10.00' })).raw).toBe(late.raw);
      expect((await vendor.bet({ token: p.token, transactionId: betId, roundId, amount: '20.00' })).body.code).toBe('BET_ROLLED_BACK');
      expect(await mainOf(p.id)).toBe(10_000n);
      expect(await postingsOf(betId)).toBe(0);
      // Another rollback of the same missing bet is still BET_NOT_FOUND.
      expectError(await vendor.rollback({ ...rb, transactionId: ref('rb') }), 'BET_NOT_FOUND', 404);
    });

    it('refuses to roll back a win with ROLLBACK_NOT_SUPPORTED', async () => {
      const p = await player();
      const roundId = ref('round');
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '10.00' });
      const winId = ref('w');
      await vendor.win({ token: p.token, transactionId: winId, roundId, amount: '20.00' });
      expectError(await vendor.rollback({ token: p.token, transactionId: ref('rb'), roundId, referenceTransactionId: winId }), 'ROLLBACK_NOT_SUPPORTED', 409);
      expect(await mainOf(p.id)).toBe(11_000n);
    });

    it("refuses a rollback naming the wrong round (ROUND_MISMATCH) or another player's bet (BET_NOT_FOUND)", async () => {
      const p = await player();
      const roundId = ref('round');
      const betId = ref('b');
      await vendor.bet({ token: p.token, transactionId: betId, roundId, amount: '10.00' });
      expectError(await vendor.rollback({ token: p.token, transactionId: ref('rb'), roundId: ref('other'), referenceTransactionId: betId }), 'ROUND_MISMATCH', 409);
      const stranger = await player();
      expectError(await vendor.rollback({ token: stranger.token, transactionId: ref('rb'), roundId, referenceTransactionId: betId }), 'BET_NOT_FOUND', 404);
      expect(await mainOf(p.id)).toBe(9_000n);
      expect(await mainOf(stranger.id)).toBe(10_000n);
    });

    it('rolls back a refused bet successfully without moving money', async () => {
      const p = await player('1.00');
      const roundId = ref('round');
      const betId = ref('b');
      expectError(await vendor.bet({ token: p.token, transactionId: betId, roundId, amount: '2.00' }), 'INSUFFICIENT_FUNDS', 402);
      const t = ref('rb');
      expect((await vendor.rollback({ token: p.token, transactionId: t, roundId, referenceTransactionId: betId })).body).toMatchObject({ status: 'OK', balance: '1.00' });
      expect(await postingsOf(t)).toBe(0);
      expect(await mainOf(p.id)).toBe(100n);
    });

    it('ends consistent when a bet and its rollback race (PostgreSQL: truly at once)', async () => {
      const p = await player();
      let both = 0;
      let tombstoned = 0;
      for (let i = 0; i < 8; i++) {
        const roundId = ref('race');
        const betId = ref('rb-bet');
        const [bet, rb] = await Promise.all([
          vendor.bet({ token: p.token, transactionId: betId, roundId, amount: '5.00' }),
          vendor.rollback({ token: p.token, transactionId: ref('rb'), roundId, referenceTransactionId: betId }),
        ]);
        if (bet.body.status === 'OK') {
          // The bet came first: the rollback undid it.
          expect(rb.body).toMatchObject({ status: 'OK' });
          expect(await postingsOf(betId)).toBe(1);
          both++;
        } else {
          // The rollback came first: it left a tombstone and the bet was refused.
          expect(bet.body.code).toBe('BET_ROLLED_BACK');
          expect(rb.body.code).toBe('BET_NOT_FOUND');
          expect(await postingsOf(betId)).toBe(0);
          tombstoned++;
        }
        expect(await mainOf(p.id)).toBe(10_000n);
      }
      expect(both + tombstoned).toBe(8);
    });
  });

  describe('6. endRound', () => {
    it('closes the round: later bets, wins and rollbacks in it are refused with ROUND_CLOSED; closing again is harmless', async () => {
      const p = await player();
      const roundId = ref('round');
      const betId = ref('b');
      await vendor.bet({ token: p.token, transactionId: betId, roundId, amount: '10.00' });
      await vendor.win({ token: p.token, transactionId: ref('w'), roundId, amount: '4.00' });
      const r = await vendor.endRound({ token: p.token, roundId });
      expect(r.body).toEqual({ status: 'OK', roundId, currency: 'USD', balance: '94.00' });
      expect(await roundOf(p.id, roundId)).toMatchObject({ status: 'closed', stake: 1_000n, payout: 400n });
      expectError(await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '1.00' }), 'ROUND_CLOSED', 409);
      expectError(await vendor.win({ token: p.token, transactionId: ref('w'), roundId, amount: '1.00' }), 'ROUND_CLOSED', 409);
      expectError(await vendor.rollback({ token: p.token, transactionId: ref('rb'), roundId, referenceTransactionId: betId }), 'ROUND_CLOSED', 409);
      expect((await vendor.endRound({ token: p.token, roundId })).body).toEqual(r.body);
      expect(await mainOf(p.id)).toBe(9_400n);
    });

    it('closes the round with a win that says endRound, and accepts endRound with an expired token', async () => {
      const p = await player();
      const roundId = ref('round');
      await vendor.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '10.00' });
      await expire(p.token);
      expect((await vendor.win({ token: p.token, transactionId: ref('w'), roundId, amount: '12.00', endRound: true })).body.status).toBe('OK');
      expect((await roundOf(p.id, roundId))?.status).toBe('closed');
      const second = ref('round');
      const fresh = await player();
      await vendor.bet({ token: fresh.token, transactionId: ref('b'), roundId: second, amount: '1.00' });
      await expire(fresh.token);
      expect((await vendor.endRound({ token: fresh.token, roundId: second })).body.status).toBe('OK');
    });

    it('refuses to end an unknown round with ROUND_NOT_FOUND', async () => {
      const p = await player();
      expectError(await vendor.endRound({ token: p.token, roundId: ref('ghost') }), 'ROUND_NOT_FOUND', 404);
    });
  });

  describe('7. vendor switched off', () => {
    it('refuses new play on a disabled vendor with VENDOR_DISABLED, but settles its open rounds', async () => {
      const off = vendorClient(h, OFF_VENDOR, VENDOR_DEV_SECRET);
      const p = await player('100.00', { vendorCode: OFF_VENDOR });
      const roundId = ref('round');
      const betId = ref('b');
      expect((await off.bet({ token: p.token, transactionId: betId, roundId, amount: '10.00' })).body.status).toBe('OK');
      await db().updateTable('game_vendors').set({ status: 'disabled' }).where('code', '=', OFF_VENDOR).execute();
      expectError(await off.authenticate(p.token), 'VENDOR_DISABLED', 403);
      expectError(await off.bet({ token: p.token, transactionId: ref('b'), roundId, amount: '1.00' }), 'VENDOR_DISABLED', 403);
      expect((await off.win({ token: p.token, transactionId: ref('w'), roundId, amount: '3.00' })).body).toMatchObject({ status: 'OK', balance: '93.00' });
      expect((await off.endRound({ token: p.token, roundId })).body.status).toBe('OK');
      await db().updateTable('game_vendors').set({ status: 'maintenance' }).where('code', '=', OFF_VENDOR).execute();
      expectError(await off.bet({ token: p.token, transactionId: ref('b'), roundId: ref('round'), amount: '1.00' }), 'VENDOR_DISABLED', 403);
    });
  });

  describe('8. the books afterwards', () => {
    it('balances every merchant, posts each accepted money call once, and leaves every player at the arithmetic of their calls', async () => {
      expect(await booksBalance(h)).toBe(true);

      // Each accepted bet, win or rollback that moved money has exactly one ledger transaction, under its own key.
      const rows = await db().selectFrom('vendor_transactions').selectAll().execute();
      expect(rows.some((r) => r.status === 'pending')).toBe(false);
      for (const r of rows.filter((r) => r.status === 'ok' && r.amount > 0n)) {
        expect(r.ledger_transaction_id, `${r.kind} ${r.txn_ref}`).not.toBeNull();
        expect(await postingsOf(r.txn_ref, r.vendor_code)).toBe(1);
      }
      // …and a refused call or a zero win has none.
      for (const r of rows.filter((r) => r.status !== 'ok' || r.amount === 0n)) {
        expect(r.ledger_transaction_id).toBeNull();
        expect(await postingsOf(r.txn_ref, r.vendor_code)).toBe(0);
      }
      const gameTypes = await sql<{ n: bigint }>`select count(*)::int8 as n from ledger_transactions where type in ('GAME_BET', 'GAME_WIN', 'GAME_ROLLBACK')`.execute(db());
      expect(gameTypes.rows[0].n).toBe(BigInt(rows.filter((r) => r.status === 'ok' && r.amount > 0n).length));

      // Every player's main wallet = funding − bets + wins + rollbacks.
      const { rows: players } = await sql<{ member_id: bigint; main: bigint; funded: bigint; bets: bigint; wins: bigint; rollbacks: bigint }>`
        select a.member_id, a.balance as main,
          coalesce((select sum(e.amount) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id where e.account_id = a.id and t.type not like 'GAME_%'), 0)::int8 as funded,
          coalesce((select sum(v.amount) from vendor_transactions v where v.member_id = a.member_id and v.status = 'ok' and v.kind = 'bet'), 0)::int8 as bets,
          coalesce((select sum(v.amount) from vendor_transactions v where v.member_id = a.member_id and v.status = 'ok' and v.kind = 'win'), 0)::int8 as wins,
          coalesce((select sum(v.amount) from vendor_transactions v where v.member_id = a.member_id and v.status = 'ok' and v.kind = 'rollback'), 0)::int8 as rollbacks
        from accounts a where a.kind = 'MAIN' and a.member_id in (select distinct member_id from vendor_transactions)`.execute(db());
      expect(players.length).toBeGreaterThan(20);
      for (const p of players) expect(p.main, `member ${p.member_id}`).toBe(p.funded - p.bets + p.wins + p.rollbacks);

      // Each vendor's float is the other side: bets − wins − rollbacks.
      for (const code of [VENDOR, OFF_VENDOR]) {
        const house = await db().selectFrom('accounts').select('balance').where('merchant_id', '=', merchantId).where('code', '=', `GAME:${code}`).executeTakeFirstOrThrow();
        const sums = await sql<{ net: bigint }>`select coalesce(sum(case when kind = 'bet' then amount else -amount end), 0)::int8 as net from vendor_transactions where vendor_code = ${code} and status = 'ok'`.execute(db());
        expect(house.balance).toBe(sums.rows[0].net);
      }

      // Rounds add up to their transactions.
      const { rows: bad } = await sql<{ id: bigint }>`
        select r.id from game_rounds r where r.stake <> coalesce((select sum(case when v.kind = 'bet' then v.amount when v.kind = 'rollback' then -v.amount else 0 end) from vendor_transactions v where v.round_id = r.id and v.status = 'ok'), 0)
          or r.payout <> coalesce((select sum(v.amount) from vendor_transactions v where v.round_id = r.id and v.status = 'ok' and v.kind = 'win'), 0)`.execute(db());
      expect(bad).toEqual([]);
    });
  });
});
