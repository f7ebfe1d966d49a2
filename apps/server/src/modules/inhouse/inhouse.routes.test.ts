import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { generateMines, toMinor, fromMinor, verifyCommitment, verifyDiceRound, verifyMinesGame, parseHundredths } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { booksBalance, fund, mainBalance, makeMember, newKey } from '../../../test/money-helpers.js';

let h: Harness;
let ops: string;
let n = 0;

const player = async (funds = '1000.00', type?: number) => {
  const m = await makeMember(h, `ih${Date.now().toString(36).slice(-5)}${++n}`, type === undefined ? {} : { type });
  if (funds !== '0.00') await fund(h, ops, m.id, funds);
  return m;
};

const post = (token: string, url: string, payload: Record<string, unknown>) => h.call({ method: 'POST', url, token, payload });
const get = (token: string, url: string) => h.call({ method: 'GET', url, token });

const rounds = async (memberId: bigint) =>
  h.database.db.selectFrom('game_rounds').selectAll().where('member_id', '=', memberId).where('vendor_code', '=', 'APSARA').orderBy('id').execute();
const bets = async (memberId: bigint) =>
  (await h.database.db.selectFrom('vendor_transactions').select(['kind', 'status']).where('member_id', '=', memberId).where('kind', '=', 'bet').execute()).length;
const counts = async () => {
  const { rows } = await sql<{ p: number; r: number; l: number; m: number }>`select
    (select count(*)::int from inhouse_plays) as p, (select count(*)::int from game_rounds) as r,
    (select count(*)::int from ledger_entries) as l, (select count(*)::int from inhouse_mines) as m`.execute(h.database.db);
  return rows[0];
};
const activeSeed = async (memberId: bigint) =>
  h.database.db.selectFrom('inhouse_seeds').selectAll().where('member_id', '=', memberId).executeTakeFirstOrThrow();

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
});
afterAll(async () => {
  await h.close();
});

describe('slot', () => {
  it('publishes the paytable, the 25 lines and the declared RTP', async () => {
    const res = await h.call({ method: 'GET', url: '/wps/inhouse/slot/info' });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.lines).toHaveLength(25);
    expect(v.rtp).toBe('96.4997');
    expect(v.paytable.find((p: { symbol: string }) => p.symbol === 'APSARA').pays).toEqual([60, 200, 1000]);
  });

  it('moves exactly bet and win through the wallet, one closed round per spin, replayed by key', async () => {
    const m = await player('100.00');
    let expected = toMinor('100.00');
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const key = newKey('spin');
      const res = await post(m.token, '/wps/inhouse/slot/spin', { bet: '1.25', idempotencyKey: key });
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value;
      expect(v.base.window).toHaveLength(5);
      expect(v.base.window[0]).toHaveLength(3);
      const lineSum = v.base.lineWins.reduce((s: bigint, w: { win: string }) => s + toMinor(w.win), 0n) + toMinor(v.base.scatterWin);
      expect(fromMinor(lineSum)).toBe(v.base.win);
      expect(toMinor(v.totalWin)).toBe(toMinor(v.base.win) + toMinor(v.freeSpinsWin));
      expected += toMinor(v.totalWin) - toMinor('1.25');
      expect(v.balance).toBe(fromMinor(expected));
      seen.add(v.roundId);
      if (i === 0) {
        const again = await post(m.token, '/wps/inhouse/slot/spin', { bet: '1.25', idempotencyKey: key });
        expect(again.json().value.roundId).toBe(v.roundId);
        expect(again.json().value.base).toEqual(v.base);
        const conflict = await post(m.token, '/wps/inhouse/slot/spin', { bet: '2.50', idempotencyKey: key });
        expect(conflict.statusCode).toBe(409);
        expect(conflict.json().code).toBe('IDEMPOTENCY_CONFLICT');
      }
    }
    expect((await mainBalance(h, m.token)).balance).toBe(fromMinor(expected));
    const rs = await rounds(m.id);
    expect(rs).toHaveLength(30);
    expect(rs.every((r) => r.status === 'closed' && r.stake === 125n)).toBe(true);
    expect(rs.reduce((s, r) => s + r.payout, 0n)).toBe(expected - toMinor('100.00') + 30n * 125n);
    expect(rs[0].detail).toMatchObject({ game: 'SLOT', bet: '1.25' });
    expect(await booksBalance(h)).toBe(true);
  });

  it('refuses bad bets, trial accounts and unfunded players, writing nothing', async () => {
    const m = await player('0.00');
    const trial = await player('0.00', 4);
    const before = await counts();
    for (const body of [{ bet: '0.30', idempotencyKey: newKey() }, { bet: '0.00', idempotencyKey: newKey() }, { bet: '1000.00', idempotencyKey: newKey() }, { bet: '1.00' }, { bet: 1, idempotencyKey: newKey() }, { bet: '1.00', idempotencyKey: 'short' }]) {
      const res = await post(m.token, '/wps/inhouse/slot/spin', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    const poor = await post(m.token, '/wps/inhouse/slot/spin', { bet: '1.00', idempotencyKey: newKey() });
    expect(poor.statusCode).toBe(400);
    expect(poor.json().code).toBe('INSUFFICIENT_FUNDS');
    const t = await post(trial.token, '/wps/inhouse/slot/spin', { bet: '1.00', idempotencyKey: newKey() });
    expect(t.statusCode).toBe(403);
    expect(t.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect((await h.call({ method: 'POST', url: '/wps/inhouse/slot/spin', payload: { bet: '1.00', idempotencyKey: newKey() } })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('takes one bet for duplicate requests sent at once', async () => {
    const m = await player('50.00');
    const key = newKey('dup');
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(m.token, '/wps/inhouse/slot/spin', { bet: '5.00', idempotencyKey: key })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().value.roundId)).size).toBe(1);
    expect(await bets(m.id)).toBe(1);
    expect(await rounds(m.id)).toHaveLength(1);
    const win = toMinor(answers[0].json().value.totalWin);
    expect((await mainBalance(h, m.token)).balance).toBe(fromMinor(toMinor('50.00') - 500n + win));
  });
});

describe('dice', () => {
  it('never shows the active server seed; rolls settle exactly and verify after rotation', async () => {
    const m = await player('200.00');
    const seeds = (await get(m.token, '/wps/inhouse/fair/seeds')).json().value;
    expect(Object.keys(seeds).sort()).toEqual(['clientSeed', 'nextServerSeedHash', 'nonce', 'serverSeedHash']);
    expect(seeds.nonce).toBe(0);
    const rotated0 = (await post(m.token, '/wps/inhouse/fair/rotate', { clientSeed: 'my-seed_1' })).json().value;
    expect(rotated0.seeds).toMatchObject({ clientSeed: 'my-seed_1', nonce: 0, serverSeedHash: seeds.nextServerSeedHash });
    const shownHash = rotated0.seeds.serverSeedHash;

    let expected = toMinor('200.00');
    const plays: { nonce: number; roll: string; payout: string; target: string; direction: 'under' | 'over'; amount: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const body = { amount: '3.00', target: i % 2 ? '30.5' : '70.00', direction: i % 3 ? 'under' : 'over', idempotencyKey: newKey('dice') };
      const res = await post(m.token, '/wps/inhouse/dice/roll', body);
      expect(res.statusCode, res.body).toBe(200);
      const v = res.json().value;
      expect(v).toMatchObject({ nonce: i, serverSeedHash: shownHash, clientSeed: 'my-seed_1', amount: '3.00' });
      expect(v.win).toBe(v.direction === 'under' ? parseHundredths(v.roll) < parseHundredths(v.target) : parseHundredths(v.roll) > parseHundredths(v.target));
      expect(v.payout).toBe(v.win ? fromMinor((300n * BigInt(v.multiplier.replace('.', ''))) / 10000n) : '0.00');
      expected += toMinor(v.payout) - 300n;
      expect(v.balance).toBe(fromMinor(expected));
      plays.push(v);
      if (i === 0) {
        const again = (await post(m.token, '/wps/inhouse/dice/roll', body)).json().value;
        expect(again).toMatchObject({ roundId: v.roundId, nonce: 0, roll: v.roll });
      }
    }
    expect((await get(m.token, '/wps/inhouse/fair/seeds')).json().value.nonce).toBe(12);
    const rs = await rounds(m.id);
    expect(rs).toHaveLength(12);
    expect(rs[0].detail).toMatchObject({ game: 'DICE', nonce: 0, serverSeedHash: shownHash, clientSeed: 'my-seed_1', roll: plays[0].roll });
    expect(await booksBalance(h)).toBe(true);

    const { revealed } = (await post(m.token, '/wps/inhouse/fair/rotate', {})).json().value;
    expect(revealed).toMatchObject({ serverSeedHash: shownHash, clientSeed: 'my-seed_1', nonce: 12 });
    expect(await verifyCommitment(revealed.serverSeed, shownHash)).toBe(true);
    for (const p of plays) {
      const r = await verifyDiceRound({ serverSeed: revealed.serverSeed, serverSeedHash: shownHash, clientSeed: 'my-seed_1', nonce: p.nonce, bet: { target: parseHundredths(p.target), direction: p.direction }, stakeMinor: toMinor(p.amount) });
      expect(r.commitmentOk).toBe(true);
      expect(fromMinor(BigInt(r.roll))).toBe(p.roll);
      expect(fromMinor(r.payoutMinor)).toBe(p.payout);
    }
  });

  it('refuses bad input and trial accounts, writing nothing (not even a nonce)', async () => {
    const m = await player('10.00');
    const trial = await player('0.00', 4);
    await get(m.token, '/wps/inhouse/fair/seeds');
    const before = await counts();
    for (const body of [
      { amount: '1.00', target: '99.50', direction: 'under', idempotencyKey: newKey() },
      { amount: '1.00', target: '0.50', direction: 'over', idempotencyKey: newKey() },
      { amount: '1.00', target: '50', direction: 'sideways', idempotencyKey: newKey() },
      { amount: '-1.00', target: '50', direction: 'under', idempotencyKey: newKey() },
      { amount: '1.001', target: '50', direction: 'under', idempotencyKey: newKey() },
    ]) {
      const res = await post(m.token, '/wps/inhouse/dice/roll', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await post(m.token, '/wps/inhouse/dice/roll', { amount: '11.00', target: '50', direction: 'under', idempotencyKey: newKey() })).json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await post(m.token, '/wps/inhouse/fair/rotate', { clientSeed: 'has space' })).statusCode).toBe(400);
    expect((await post(trial.token, '/wps/inhouse/dice/roll', { amount: '1.00', target: '50', direction: 'under', idempotencyKey: newKey() })).json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect((await get(trial.token, '/wps/inhouse/fair/seeds')).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await activeSeed(m.id)).nonce).toBe(0);
  });

  it('takes one bet and one nonce for duplicates sent at once', async () => {
    const m = await player('20.00');
    const body = { amount: '2.00', target: '50', direction: 'under', idempotencyKey: newKey('dd') };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(m.token, '/wps/inhouse/dice/roll', body)));
    expect(new Set(answers.map((a) => `${a.statusCode}:${a.json().value.roundId}:${a.json().value.nonce}`)).size).toBe(1);
    expect(await bets(m.id)).toBe(1);
    expect((await activeSeed(m.id)).nonce).toBe(1);
  });
});

describe('revealed seeds', () => {
  const roll = (token: string) => post(token, '/wps/inhouse/dice/roll', { amount: '1.00', target: '50', direction: 'under', idempotencyKey: newKey('rv') });
  const revealedCount = async () => Number((await sql<{ n: string }>`select count(*) as n from inhouse_revealed_seeds`.execute(h.database.db)).rows[0].n);

  it('keeps every pair that was bet with, newest first, and finds one by the hash its rounds showed', async () => {
    const m = await player('50.00');
    const other = await player('50.00');
    const first = (await get(m.token, '/wps/inhouse/fair/seeds')).json().value;
    // A pair with no bets is not kept: nothing to verify.
    const start = (await post(m.token, '/wps/inhouse/fair/rotate', {})).json().value.seeds;
    expect((await get(m.token, '/wps/inhouse/fair/revealed')).json().value).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });

    for (let i = 0; i < 3; i++) expect((await roll(m.token)).statusCode).toBe(200);
    const r1 = (await post(m.token, '/wps/inhouse/fair/rotate', { clientSeed: 'second-seed' })).json().value;
    expect(r1.revealed).toMatchObject({ serverSeedHash: start.serverSeedHash, nonce: 3 });
    expect((await roll(m.token)).statusCode).toBe(200);
    const r2 = (await post(m.token, '/wps/inhouse/fair/rotate', {})).json().value;
    await post(m.token, '/wps/inhouse/fair/rotate', {});

    const list = (await get(m.token, '/wps/inhouse/fair/revealed')).json().value;
    expect(list.total).toBe(2);
    expect(list.items.map((x: { serverSeedHash: string; clientSeed: string; nonce: number }) => [x.serverSeedHash, x.clientSeed, x.nonce])).toEqual([
      [r2.revealed.serverSeedHash, 'second-seed', 1],
      [start.serverSeedHash, start.clientSeed, 3],
    ]);
    expect(list.items[1].serverSeed).toBe(r1.revealed.serverSeed);
    expect(await verifyCommitment(list.items[0].serverSeed, list.items[0].serverSeedHash)).toBe(true);
    expect(Date.parse(list.items[0].revealedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(first.serverSeedHash).not.toBe(start.serverSeedHash);

    const byHash = (await get(m.token, `/wps/inhouse/fair/revealed?serverSeedHash=${start.serverSeedHash}`)).json().value;
    expect(byHash.items.map((x: { serverSeed: string }) => x.serverSeed)).toEqual([r1.revealed.serverSeed]);
    // The seed in use and the committed next one are never revealed; another member sees nothing of these.
    const now = (await get(m.token, '/wps/inhouse/fair/seeds')).json().value;
    for (const hash of [now.serverSeedHash, now.nextServerSeedHash]) {
      expect((await get(m.token, `/wps/inhouse/fair/revealed?serverSeedHash=${hash}`)).json().value.total).toBe(0);
    }
    expect((await get(other.token, `/wps/inhouse/fair/revealed?serverSeedHash=${start.serverSeedHash}`)).json().value.total).toBe(0);
    expect((await get(other.token, '/wps/inhouse/fair/revealed')).json().value.total).toBe(0);
  });

  it('refuses bad queries, visitors and trial accounts; a refused rotation keeps nothing', async () => {
    const m = await player('20.00');
    const trial = await player('0.00', 4);
    for (const q of ['serverSeedHash=xyz', `serverSeedHash=${'A'.repeat(64)}`, 'page=0', 'page=abc']) {
      const res = await get(m.token, `/wps/inhouse/fair/revealed?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await h.call({ method: 'GET', url: '/wps/inhouse/fair/revealed' })).statusCode).toBe(401);
    expect((await get(trial.token, '/wps/inhouse/fair/revealed')).json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');

    expect((await post(m.token, '/wps/inhouse/mines/start', { amount: '1.00', mines: 3, idempotencyKey: newKey('rm') })).statusCode).toBe(200);
    const before = await revealedCount();
    expect((await post(m.token, '/wps/inhouse/fair/rotate', {})).statusCode).toBe(409);
    expect(await revealedCount()).toBe(before);
  });
});

describe('mines', () => {
  const mineCellsOf = async (memberId: bigint, mines: number) => {
    const s = await activeSeed(memberId);
    return generateMines({ serverSeed: s.server_seed, clientSeed: s.client_seed, nonce: s.nonce }, mines);
  };

  it('cash-out pays the multiplier; a mine loses the stake; both verify after rotation', async () => {
    const m = await player('100.00');
    await get(m.token, '/wps/inhouse/fair/seeds');
    const shownHash = (await activeSeed(m.id)).server_seed_hash;

    // Game 1 (nonce 0): two safe cells, then cash out.
    const mines1 = await mineCellsOf(m.id, 3);
    const safe = Array.from({ length: 25 }, (_, i) => i).filter((c) => !mines1.includes(c));
    const key = newKey('mines');
    const start = await post(m.token, '/wps/inhouse/mines/start', { amount: '10.00', mines: 3, idempotencyKey: key });
    expect(start.statusCode, start.body).toBe(200);
    const g = start.json().value;
    expect(g).toMatchObject({ status: 'open', mines: 3, nonce: 0, serverSeedHash: shownHash, mineCells: null, multiplier: '1.0000', nextMultiplier: '1.1250' });
    expect((await mainBalance(h, m.token)).balance).toBe('90.00');
    expect((await post(m.token, '/wps/inhouse/mines/start', { amount: '10.00', mines: 3, idempotencyKey: key })).json().value.gameId).toBe(g.gameId);
    const second = await post(m.token, '/wps/inhouse/mines/start', { amount: '1.00', mines: 3, idempotencyKey: newKey() });
    expect(second.statusCode).toBe(409);
    const rot = await post(m.token, '/wps/inhouse/fair/rotate', {});
    expect(rot.statusCode).toBe(409);
    expect((await get(m.token, '/wps/inhouse/mines/current')).json().value.gameId).toBe(g.gameId);
    expect((await post(m.token, '/wps/inhouse/mines/cashout', { gameId: g.gameId })).statusCode).toBe(400);

    await post(m.token, '/wps/inhouse/mines/reveal', { gameId: g.gameId, cell: safe[0] });
    const twice = (await post(m.token, '/wps/inhouse/mines/reveal', { gameId: g.gameId, cell: safe[0] })).json().value;
    expect(twice.revealed).toEqual([safe[0]]);
    const r2 = (await post(m.token, '/wps/inhouse/mines/reveal', { gameId: g.gameId, cell: safe[1] })).json().value;
    expect(r2).toMatchObject({ status: 'open', safeReveals: 2, multiplier: '1.2857' });
    const out = (await post(m.token, '/wps/inhouse/mines/cashout', { gameId: g.gameId })).json().value;
    expect(out).toMatchObject({ status: 'cashed', payout: '12.85', mineCells: mines1, balance: '102.85' });
    expect((await post(m.token, '/wps/inhouse/mines/cashout', { gameId: g.gameId })).json().value.payout).toBe('12.85');
    expect((await post(m.token, '/wps/inhouse/mines/reveal', { gameId: g.gameId, cell: safe[2] })).statusCode).toBe(409);

    // Game 2 (nonce 1): hit a mine.
    const mines2 = await mineCellsOf(m.id, 5);
    const g2 = (await post(m.token, '/wps/inhouse/mines/start', { amount: '5.00', mines: 5, idempotencyKey: newKey() })).json().value;
    expect(g2.nonce).toBe(1);
    const lost = (await post(m.token, '/wps/inhouse/mines/reveal', { gameId: g2.gameId, cell: mines2[0] })).json().value;
    expect(lost).toMatchObject({ status: 'lost', payout: '0.00', multiplier: '0.0000', mineCells: mines2, balance: '97.85' });
    expect((await mainBalance(h, m.token)).balance).toBe('97.85');

    const rs = await rounds(m.id);
    expect(rs.map((r) => [r.status, r.stake, r.payout])).toEqual([['closed', 1000n, 1285n], ['closed', 500n, 0n]]);
    expect(rs[1].detail).toMatchObject({ game: 'MINES', nonce: 1, mines: 5, revealed: [mines2[0]], outcome: 'lost', serverSeedHash: shownHash });
    expect(await booksBalance(h)).toBe(true);

    const { revealed } = (await post(m.token, '/wps/inhouse/fair/rotate', { clientSeed: 'next-one' })).json().value;
    expect(revealed.nonce).toBe(2);
    const v1 = await verifyMinesGame({ serverSeed: revealed.serverSeed, serverSeedHash: shownHash, clientSeed: g.clientSeed, nonce: 0, mines: 3, revealed: [safe[0], safe[1]], stakeMinor: 1000n });
    expect(v1).toMatchObject({ commitmentOk: true, mineCells: mines1, busted: false, payoutMinor: 1285n });
    const v2 = await verifyMinesGame({ serverSeed: revealed.serverSeed, serverSeedHash: shownHash, clientSeed: g.clientSeed, nonce: 1, mines: 5, revealed: [mines2[0]], stakeMinor: 500n });
    expect(v2).toMatchObject({ commitmentOk: true, mineCells: mines2, busted: true, payoutMinor: 0n });
  });

  it('opening the last safe cell cashes out by itself', async () => {
    const m = await player('10.00');
    await get(m.token, '/wps/inhouse/fair/seeds');
    const mines = await mineCellsOf(m.id, 24);
    const safeCell = Array.from({ length: 25 }, (_, i) => i).find((c) => !mines.includes(c))!;
    const g = (await post(m.token, '/wps/inhouse/mines/start', { amount: '1.00', mines: 24, idempotencyKey: newKey() })).json().value;
    const v = (await post(m.token, '/wps/inhouse/mines/reveal', { gameId: g.gameId, cell: safeCell })).json().value;
    expect(v).toMatchObject({ status: 'cashed', multiplier: '24.7500', payout: '24.75', balance: '33.75' });
  });

  it('refuses bad input, other members’ games, trial accounts and unfunded starts, writing nothing', async () => {
    const m = await player('5.00');
    const other = await player('5.00');
    const trial = await player('0.00', 4);
    await get(m.token, '/wps/inhouse/fair/seeds');
    const g = (await post(other.token, '/wps/inhouse/mines/start', { amount: '1.00', mines: 3, idempotencyKey: newKey() })).json().value;
    const before = await counts();
    for (const body of [{ amount: '1.00', mines: 0, idempotencyKey: newKey() }, { amount: '1.00', mines: 25, idempotencyKey: newKey() }, { amount: '1.00', mines: 2.5, idempotencyKey: newKey() }, { amount: '0.01', mines: 3, idempotencyKey: newKey() }]) {
      expect((await post(m.token, '/wps/inhouse/mines/start', body)).statusCode).toBe(400);
    }
    expect((await post(m.token, '/wps/inhouse/mines/start', { amount: '6.00', mines: 3, idempotencyKey: newKey() })).json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await post(m.token, '/wps/inhouse/mines/reveal', { gameId: g.gameId, cell: 25 })).statusCode).toBe(400);
    expect((await post(m.token, '/wps/inhouse/mines/reveal', { gameId: g.gameId, cell: 3 })).statusCode).toBe(404);
    expect((await post(m.token, '/wps/inhouse/mines/cashout', { gameId: g.gameId })).statusCode).toBe(404);
    expect((await post(trial.token, '/wps/inhouse/mines/start', { amount: '1.00', mines: 3, idempotencyKey: newKey() })).json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect(await counts()).toEqual(before);
  });

  it('takes one bet for duplicate starts sent at once', async () => {
    const m = await player('10.00');
    const body = { amount: '2.00', mines: 3, idempotencyKey: newKey('md') };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(m.token, '/wps/inhouse/mines/start', body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().value.gameId)).size).toBe(1);
    expect(await bets(m.id)).toBe(1);
    expect((await mainBalance(h, m.token)).balance).toBe('8.00');
  });
});
