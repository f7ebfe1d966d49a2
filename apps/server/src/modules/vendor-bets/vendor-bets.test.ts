import type { AddressInfo } from 'node:net';
import { fromMinor, toMinor } from '@apsara/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sign } from '../../../../vendor-sim/src/signing.js';
import { VENDOR_DEV_SECRET } from '../../config.js';
import type { Harness } from '../../../test/harness.js';
import { startSimHarness, type SimHarness } from '../../../test/sim-harness.js';
import { fund, makeMember } from '../../../test/money-helpers.js';
import { vendorBetPull } from '../../jobs/vendor-bet-pull.js';
import { vendorPlayerId } from '../transfer-wallet/transfer-wallet.service.js';

/**
 * The bet-log pull against a real vendor simulator (in this process, on a free port, over signed
 * HTTP): a member launches an AG game (transfer wallet, connected), plays at the vendor's page, and one
 * run of the job brings those rounds into the member's betting record and profit report — only theirs,
 * in their merchant, once, and without moving money.
 */
const TIMEOUT_MS = 2_000;
let sim: SimHarness['sim'];
let simUrl: string;
let closeAll: () => Promise<void>;
let h: Harness;
let ops: string;
let merchantId: bigint;
let lotusId: bigint;
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const job = (secret = VENDOR_DEV_SECRET) => vendorBetPull(h.database.db, { baseUrl: simUrl, timeoutMs: TIMEOUT_MS, secretOf: () => secret }, log);

beforeAll(async () => {
  const started = await startSimHarness(TIMEOUT_MS);
  ({ sim, simUrl, h, ops, close: closeAll } = started);
  merchantId = started.merchantIdOf('APSARA');
  lotusId = started.merchantIdOf('LOTUS');
});
afterAll(async () => closeAll?.());
beforeEach(() => vi.clearAllMocks());

let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;
const record = (token: string, host?: string) => h.call({ method: 'GET', url: '/wps/relay/ODSFE2_MemBetDet?vendor=AG', token, host, lang: 'en' });
const profit = (token: string, host?: string) => h.call({ method: 'GET', url: '/wps/relay/ODSFE2_MemProfit', token, host, lang: 'en' });
const counts = async () => ({
  rounds: Number((await h.database.db.selectFrom('game_rounds').select((eb) => eb.fn.countAll<string>().as('c')).executeTakeFirstOrThrow()).c),
  postings: Number((await h.database.db.selectFrom('ledger_transactions').select((eb) => eb.fn.countAll<string>().as('c')).executeTakeFirstOrThrow()).c),
});
const cursor = async () => (await h.database.db.selectFrom('vendor_bet_cursors').select(['cursor', 'written', 'skipped']).where('vendor_code', '=', 'AG').executeTakeFirst()) ?? null;

describe('bet-log pull of a transfer vendor', () => {
  const ag = async () => (await h.call({ method: 'GET', url: '/wps/relay/GCSGAME_gameList?gameType=RNG&vendor=AG&pageSize=1' })).json().value.content[0] as { gameId: string; gameCode: string };
  /** One round at the vendor's page, as its script plays it. */
  const play = async (gameCode: string, token: string, stake = '2.00') => {
    const r = await (await fetch(`${simUrl}/play/AG/${gameCode}`, { method: 'POST', body: JSON.stringify({ token, stake, choice: 'spin' }) })).json();
    expect(r.ok, JSON.stringify(r)).toBe(true);
    return r as { roundId: string; win: string; balance: string };
  };

  it('brings the rounds played at the vendor into the betting record and profit report of that member only, once, moving no money', async () => {
    const game = await ag();
    const a = await makeMember(h, uname('vb'));
    await fund(h, ops, a.id, '300.00');
    const other = await makeMember(h, uname('vo'));
    await fund(h, ops, other.id, '50.00');
    await h.addOperator('LOTUS', uname('lo'), 'Lotus-Ops-Pass-1', 'admin');
    const lotus = await makeMember(h, uname('vl'), { merchant: 'LOTUS', host: 'lotus.localhost' });

    const launched = await h.call({ method: 'POST', url: '/wps/game/launchGame', token: a.token, payload: { gameId: game.gameId }, lang: 'en' });
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json().value).toMatchObject({ vendor: 'AG', walletType: 'TRANSFER', transfers: [{ from: 'MAIN', to: 'AG', amount: '300.00', status: 'ok' }] });
    const token = new URL(launched.json().value.url).searchParams.get('token')!;
    expect(await (await fetch(`${simUrl}/launch/AG/${game.gameCode}?token=${token}`)).text()).toContain('<b id="balance">300.00</b>');
    const played = [await play(game.gameCode, token), await play(game.gameCode, token, '3.50')];

    // What the vendor's log may also hold: a player id whose member is of another merchant, a player
    // we never had, a game we do not know. None of it is ours to write.
    const at = new Date();
    const base = { vendor: 'AG', gameCode: game.gameCode, stake: 100n, payout: 0n, currency: 'USD', status: 'closed' as const, openedAt: at, closedAt: at };
    sim.betLog.record({ ...base, playerId: vendorPlayerId(lotusId, a.id), roundId: 'R-wrong-merchant' });
    sim.betLog.record({ ...base, playerId: 'm999999-999999', roundId: 'R-nobody' });
    sim.betLog.record({ ...base, playerId: vendorPlayerId(merchantId, a.id), gameCode: 'NO_SUCH_GAME', roundId: 'R-nogame' });

    const before = await counts();
    expect(await job().pullAll()).toBe(2);
    const after = await counts();
    expect(after).toEqual({ rounds: before.rounds + 2, postings: before.postings });
    expect(await cursor()).toEqual({ cursor: sim.betLog.cursorOf(5), written: 2n, skipped: 3n });
    const warned = log.warn.mock.calls.filter(([, m]) => m === 'vendor bet skipped').map(([o]) => o as Record<string, string>);
    expect(warned.map((o) => [o.roundId, o.reason])).toEqual([
      ['R-wrong-merchant', 'unknown player'],
      ['R-nobody', 'unknown player'],
      ['R-nogame', 'unknown game'],
    ]);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(VENDOR_DEV_SECRET);

    const rows = await h.database.db.selectFrom('game_rounds').selectAll().where('vendor_code', '=', 'AG').where('member_id', '=', a.id).execute();
    expect(rows.map((r) => r.merchant_id)).toEqual([merchantId, merchantId]);

    const items = (await record(a.token)).json().value.items as Record<string, string>[];
    expect(items.map((i) => i.roundRef)).toEqual([played[1].roundId, played[0].roundId]);
    expect(items[1]).toMatchObject({ vendor: 'AG', gameCode: game.gameCode, gameId: game.gameId, stake: '2.00', payout: played[0].win, status: 'closed' });
    expect(items[0]).toMatchObject({ stake: '3.50', payout: played[1].win, status: 'closed' });
    const payout = toMinor(played[0].win) + toMinor(played[1].win);
    const p = (await profit(a.token)).json().value;
    expect(p.total).toMatchObject({ rounds: 2, stake: '5.50', payout: fromMinor(payout), profit: fromMinor(payout - 550n) });
    expect(p.categories.map((c: { category: string }) => c.category)).toEqual(['RNG']);

    for (const [who, host] of [[other.token, undefined], [lotus.token, 'lotus.localhost']] as const) {
      expect((await record(who, host)).json().value).toMatchObject({ items: [], total: 0 });
      expect((await profit(who, host)).json().value.total).toMatchObject({ rounds: 0, stake: '0.00' });
    }

    // A second run: the vendor has nothing after the cursor, nothing is written.
    expect(await job().pullAll()).toBe(0);
    expect(await counts()).toEqual(after);
    expect((await cursor())?.cursor).toBe(sim.betLog.cursorOf(5));
  });

  it('the same page read again (a cursor set back) writes nothing new', async () => {
    const before = await counts();
    await h.database.db.updateTable('vendor_bet_cursors').set({ cursor: '' }).where('vendor_code', '=', 'AG').execute();
    expect(await job().pullAll()).toBe(0);
    expect(await counts()).toEqual(before);
    expect((await cursor())?.cursor).toBe(sim.betLog.cursorOf(5));
  });

  it('a pull with a wrong signature is refused by the vendor: the cursor stays, nothing is written, the next good pull catches up', async () => {
    const game = await ag();
    const a = await makeMember(h, uname('vs'));
    await fund(h, ops, a.id, '20.00');
    const launched = await h.call({ method: 'POST', url: '/wps/game/launchGame', token: a.token, payload: { gameId: game.gameId }, lang: 'en' });
    const token = new URL(launched.json().value.url).searchParams.get('token')!;
    const round = await play(game.gameCode, token);

    // The vendor itself refuses a body not signed with the vendor's secret.
    const raw = JSON.stringify({ since: '', limit: 10 });
    const direct = await fetch(`${simUrl}/transfer/AG/bets`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': sign('not-the-vendor-secret-0000', raw) }, body: raw });
    expect(direct.status).toBe(401);
    expect(await direct.json()).toMatchObject({ status: 'ERROR', code: 'SIGNATURE_INVALID' });

    const before = await counts();
    const c = await cursor();
    expect(await job('not-the-vendor-secret-0000').pullAll()).toBe(0);
    expect(await counts()).toEqual(before);
    expect(await cursor()).toEqual(c);
    expect(log.warn).toHaveBeenCalledWith({ vendor: 'AG', code: 'SIGNATURE_INVALID' }, 'vendor bet log not read');
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('not-the-vendor-secret');

    expect(await job().pullAll()).toBe(1);
    expect(((await record(a.token)).json().value.items as { roundRef: string }[]).map((i) => i.roundRef)).toEqual([round.roundId]);
  });

  it('a vendor that does not answer leaves the cursor where it was', async () => {
    const c = await cursor();
    const down = vendorBetPull(h.database.db, { baseUrl: 'http://127.0.0.1:9', timeoutMs: TIMEOUT_MS, secretOf: () => VENDOR_DEV_SECRET }, log);
    expect(await down.pullAll()).toBe(0);
    expect(await cursor()).toEqual(c);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ vendor: 'AG', reason: 'connection failed' }), 'vendor bet log not read');
  });
});
