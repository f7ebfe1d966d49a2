import { createHash, createHmac, webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fromMinor, LOTTERY_BET_KINDS, LOTTERY_RESULT_DIGITS, lotteryBetWins, lotteryDigits, lotteryHits, lotteryPayout, lotteryPickValid, toMinor, vnPrizes, vnTails, type LotteryBetKind } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { fund, mainBalance, makeMember, newKey } from '../../../test/money-helpers.js';
import { housekeeping } from '../../jobs/housekeeping.js';
import { drawDigits, drawTimes, upcomingDraws } from './lottery.service.js';
import { ClosedNumbers, lotteryRepository } from './lottery.repository.js';

let h: Harness;
let ops: string;
let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;
type M = { id: bigint; token: string };
type Bet = { kind: string; position?: number; pick: string; amount: string };

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  h.call({ method, url, token, lang: 'en', ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const games = async () => (await call('GET', '/wps/lottery/games')).json().value;
let drawSeq = 0;
/**
 * A draw of our own, taking bets now, so tests never depend on (or disturb) the real schedule: number
 * 2999…, seed committed like the job's. `due` moves it into the past, and `runJob` then draws and settles it.
 */
const ownDraw = async (game = 'CLASSIC5D') => {
  const seed = createHash('sha256').update(`test seed ${Date.now()} ${++drawSeq}`).digest('hex');
  const drawNo = `2999${String(Date.now() % 10000).padStart(4, '0')}-${String(drawSeq).padStart(4, '0')}`;
  const now = Date.now();
  await h.database.db
    .insertInto('lottery_draws')
    .values({ game_code: game, draw_no: drawNo, opens_at: new Date(now - 10_000), closes_at: new Date(now + 600_000), draw_at: new Date(now + 605_000), seed, seed_hash: createHash('sha256').update(seed).digest('hex') })
    .execute();
  return { drawNo, seed, seedHash: createHash('sha256').update(seed).digest('hex') };
};
const due = async (drawNo: string) => {
  const now = Date.now();
  await h.database.db.updateTable('lottery_draws').set({ opens_at: new Date(now - 3000), closes_at: new Date(now - 2000), draw_at: new Date(now - 1000) }).where('draw_no', '=', drawNo).execute();
};
const place = (who: M, body: { gameCode: string; drawNo: string; bets: Bet[] }, key = newKey('lot')) => call('POST', '/wps/lottery/bets', who.token, { ...body, idempotencyKey: key });
const member = async (money = '100.00') => {
  const m = await makeMember(h, uname('lot'));
  await fund(h, ops, m.id, money);
  return m;
};
/** One run of the job: draws what is due and settles it. */
const runJob = async () => {
  await h.app.lottery.drawDue();
  return h.app.lottery.settleDue();
};
/** What the service stores for a bet, and the hash of a slip request (to write what a stopped request leaves). */
const stored = (b: Bet) => ({ kind: b.kind, position: b.position ?? null, pick: b.pick, amount: b.amount, odds: b.kind === 'digit' ? 980 : 196 });
const slipHash = (gameCode: string, drawNo: string, bets: Bet[]) => createHash('sha256').update(JSON.stringify({ game: gameCode, drawNo, bets: bets.map(stored) })).digest('hex');
/** A slip row as a request leaves it when its process dies between the row and the stake. */
const stoppedSlip = async (m: M, drawNo: string, bets: Bet[], key: string) => {
  const row = await h.database.db.selectFrom('lottery_draws').select('id').where('game_code', '=', 'CLASSIC5D').where('draw_no', '=', drawNo).executeTakeFirstOrThrow();
  const { merchant_id } = await h.database.db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow();
  const stake = bets.reduce((s, b) => s + toMinor(b.amount), 0n);
  return h.database.db
    .insertInto('lottery_slips')
    .values({ merchant_id, member_id: m.id, draw_id: row.id, bets: JSON.stringify(bets.map(stored)), stake, idempotency_key: key, request_hash: slipHash('CLASSIC5D', drawNo, bets) })
    .returning('id')
    .executeTakeFirstOrThrow();
};

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
});
afterAll(async () => {
  await h?.close();
});

describe('lottery: the schedule and the draw', () => {
  it('numbers draws by UTC day and place; each takes bets from the close of the one before to 5 s before it is drawn', () => {
    const t = drawTimes('FAST5D', new Date('2026-11-28T00:01:00Z'));
    expect(t).toEqual({ drawNo: '20261128-0001', opensAt: new Date('2026-11-27T23:59:55Z'), closesAt: new Date('2026-11-28T00:00:55Z'), drawAt: new Date('2026-11-28T00:01:00Z') });
    expect(drawTimes('CLASSIC5D', new Date('2026-11-28T23:55:00Z')).drawNo).toBe('20261128-0287');
    expect(upcomingDraws('CLASSIC5D', new Date('2026-11-28T10:02:30Z'), 2).map((d) => d.drawAt.toISOString())).toEqual(['2026-11-28T10:05:00.000Z', '2026-11-28T10:10:00.000Z']);
  });

  it('draws digits from the seed the same way in the browser as on the server, evenly', async () => {
    const subtle = webcrypto.subtle;
    const browserHmac = async (key: string, message: Uint8Array | string) => {
      const k = await subtle.importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      return new Uint8Array(await subtle.sign('HMAC', k, typeof message === 'string' ? new TextEncoder().encode(message) : message));
    };
    const counts = Array.from({ length: 10 }, () => 0);
    for (let i = 0; i < 400; i++) {
      const seed = createHash('sha256').update(`seed ${i}`).digest('hex');
      const server = await drawDigits(seed, 'FAST5D', `20261128-${String(i).padStart(4, '0')}`);
      expect(await lotteryDigits(browserHmac, seed, 'FAST5D', `20261128-${String(i).padStart(4, '0')}`)).toEqual(server);
      expect(server).toHaveLength(5);
      server.forEach((d) => counts[d]!++);
    }
    // 2,000 digits: each 200 expected; far outside 120–280 would mean a biased reading.
    for (const c of counts) {
      expect(c).toBeGreaterThan(120);
      expect(c).toBeLessThan(280);
    }
    const first = createHmac('sha256', 'k').update('FAST5D:20261128-0001').digest();
    expect([...first].filter((b) => b < 250).slice(0, 5).map((b) => b % 10)).toEqual(await drawDigits('k', 'FAST5D', '20261128-0001'));
  });

  it('pays each kind at its odds', () => {
    const digits = [7, 0, 3, 9, 4]; // sum 23: big, odd
    const cases: [LotteryBetKind, number | null, string, boolean][] = [
      ['digit', 0, '7', true],
      ['digit', 1, '7', false],
      ['bigSmall', 3, 'big', true],
      ['bigSmall', 1, 'small', true],
      ['oddEven', 2, 'odd', true],
      ['oddEven', 4, 'odd', false],
      ['sumBigSmall', null, 'big', true],
      ['sumOddEven', null, 'even', false],
    ];
    for (const [kind, position, pick, wins] of cases) expect(lotteryBetWins({ kind, position, pick }, digits), `${kind} ${position} ${pick}`).toBe(wins);
    expect(lotteryPayout(1000n, LOTTERY_BET_KINDS.digit.odds, 1)).toBe(9800n);
    expect(lotteryPayout(333n, LOTTERY_BET_KINDS.sumOddEven.odds, 1)).toBe(652n);
    expect(lotteryPayout(333n, LOTTERY_BET_KINDS.sumOddEven.odds, 0)).toBe(0n);
  });
});

describe('lottery: slips', () => {
  it('publishes the open draw with its seed hash only, takes a slip, and settles it by the committed seed', async () => {
    const v = await games();
    expect(v.items.map((g: { code: string; family: string }) => [g.code, g.family])).toEqual([
      ['FAST5D', '5d'],
      ['CLASSIC5D', '5d'],
      ['VN2M', 'vn'],
    ]);
    expect(v.items[0].open).toMatchObject({ status: 'open', seed: null, result: null });
    expect(v.items[0].open.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(v).toMatchObject({ minBet: '1.00', maxBet: '10000.00', maxBets: 20, currencySymbol: '$' });

    const m = await member('100.00');
    const draw = await ownDraw();
    const bets: Bet[] = [
      { kind: 'digit', position: 0, pick: '7', amount: '2.00' },
      { kind: 'bigSmall', position: 4, pick: 'small', amount: '5.00' },
      { kind: 'sumOddEven', pick: 'even', amount: '3.00' },
    ];
    const key = newKey('slip');
    const placed = await place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets }, key);
    expect(placed.statusCode, placed.body).toBe(200);
    const slip = placed.json().value;
    expect(slip).toMatchObject({ gameCode: 'CLASSIC5D', drawNo: draw.drawNo, stake: '10.00', payout: '0.00', status: 'pending', result: null, balance: '90.00', replayed: false });
    expect(slip.number).toMatch(/^LT\d{8}$/);
    expect(slip.bets[0]).toMatchObject({ kind: 'digit', position: 0, pick: '7', amount: '2.00', odds: '9.80', won: null });
    expect((await mainBalance(h, m.token)).balance).toBe('90.00');

    // Resent: the same slip, no second stake; the key with another slip: refused.
    expect((await place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets }, key)).json().value).toMatchObject({ id: slip.id, replayed: true });
    const changed = await place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets: bets.slice(1) }, key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await mainBalance(h, m.token)).balance).toBe('90.00');

    // The draw comes (its times moved into the past); the job runs twice at once, as on two nodes: one payout.
    await due(draw.drawNo);
    await Promise.all([runJob(), runJob()]);
    await h.app.lottery.settleDue();
    const drawn = (await call('GET', '/wps/lottery/draws?gameCode=CLASSIC5D')).json().value.items.find((d: { drawNo: string }) => d.drawNo === draw.drawNo);
    expect(drawn.status).toBe('settled');
    expect(createHash('sha256').update(drawn.seed).digest('hex')).toBe(draw.seedHash);
    expect(drawn.result).toEqual(await drawDigits(drawn.seed, 'CLASSIC5D', draw.drawNo));
    const expected = bets.reduce((sum, b) => (lotteryBetWins({ kind: b.kind as LotteryBetKind, position: b.position ?? null, pick: b.pick }, drawn.result) ? sum + lotteryPayout(toMinor(b.amount), LOTTERY_BET_KINDS[b.kind as LotteryBetKind].odds, 1) : sum), 0n);
    const mine = (await call('GET', '/wps/lottery/bets', m.token)).json().value.items[0];
    expect(mine).toMatchObject({ id: slip.id, status: expected > 0n ? 'won' : 'lost', payout: fromMinor(expected), result: drawn.result });
    expect(mine.bets.map((b: { won: boolean }) => b.won)).toEqual(bets.map((b) => lotteryBetWins({ kind: b.kind as LotteryBetKind, position: b.position ?? null, pick: b.pick }, drawn.result)));
    expect((await mainBalance(h, m.token)).balance).toBe(fromMinor(9000n + expected));
    // One round in the betting record, closed, with its stake and payout.
    const rounds = await h.database.db.selectFrom('game_rounds').select(['stake', 'payout', 'status']).where('member_id', '=', m.id).execute();
    expect(rounds).toEqual([{ stake: 1000n, payout: expected, status: 'closed' }]);
  });

  it('refuses a closed or unknown draw, a short wallet, trial accounts and visitors, writing nothing', async () => {
    const m = await member('5.00');
    const draw = await ownDraw();
    const closed = await place(m, { gameCode: 'CLASSIC5D', drawNo: '20200101-0001', bets: [{ kind: 'sumBigSmall', pick: 'big', amount: '1.00' }] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'LOTTERY_DRAW_CLOSED', message: 'Betting on draw 20200101-0001 has closed; place your bets on the next draw' });

    const key = newKey('short');
    const short = await place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets: [{ kind: 'sumBigSmall', pick: 'big', amount: '6.00' }] }, key);
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets: [{ kind: 'sumBigSmall', pick: 'big', amount: '6.00' }] }, key)).json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await mainBalance(h, m.token)).balance).toBe('5.00');
    expect((await call('GET', '/wps/lottery/bets', m.token)).json().value.total).toBe(0);

    const trial = await makeMember(h, uname('lt'), { type: 4 });
    const t = await place(trial, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets: [{ kind: 'sumBigSmall', pick: 'big', amount: '1.00' }] });
    expect(t.statusCode).toBe(403);
    expect(t.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect((await call('POST', '/wps/lottery/bets', undefined, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets: [{ kind: 'sumBigSmall', pick: 'big', amount: '1.00' }], idempotencyKey: newKey() })).statusCode).toBe(401);
  });

  it('takes no slip while the catalogue has the lottery under maintenance or switched off, and takes them again after', async () => {
    const m = await member('5.00');
    const draw = await ownDraw();
    const slip = { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets: [{ kind: 'sumBigSmall', pick: 'big', amount: '1.00' }] };
    const setStatus = (status: 'active' | 'maintenance' | 'disabled') => h.database.db.updateTable('games').set({ status }).where('vendor_code', '=', 'APSARA').where('game_code', '=', 'CLASSIC5D').execute();
    try {
      await setStatus('maintenance');
      const down = await place(m, slip);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'LOTTERY_MAINTENANCE', message: 'This lottery is under maintenance; betting will reopen soon' });
      await setStatus('disabled');
      expect((await place(m, slip)).statusCode).toBe(404);
      expect((await mainBalance(h, m.token)).balance).toBe('5.00');
      expect((await call('GET', '/wps/lottery/bets', m.token)).json().value.total).toBe(0);
    } finally {
      await setStatus('active');
    }
    expect((await place(m, slip)).statusCode).toBe(200);
  });

  it('refuses malformed slips with a code and a message', async () => {
    const m = await member('50.00');
    const draw = await ownDraw();
    const one = (b: Partial<Bet> & Record<string, unknown>) => ({ kind: 'digit', position: 0, pick: '1', amount: '1.00', ...b });
    const bad: [string, Record<string, unknown>][] = [
      ['no bets', { bets: [] }],
      ['21 bets', { bets: Array.from({ length: 21 }, () => one({})) }],
      ['pick outside the kind', { bets: [one({ pick: '10' })] }],
      ['position missing', { bets: [one({ position: undefined })] }],
      ['position on a sum', { bets: [{ kind: 'sumOddEven', position: 1, pick: 'odd', amount: '1.00' }] }],
      ['position 5', { bets: [one({ position: 5 })] }],
      ['below the minimum', { bets: [one({ amount: '0.99' })] }],
      ['above the maximum', { bets: [one({ amount: '10000.01' })] }],
      ['three decimals', { bets: [one({ amount: '1.001' })] }],
      ['negative', { bets: [one({ amount: '-1.00' })] }],
      ['not a number', { bets: [one({ amount: 'ten' })] }],
      ['unknown kind', { bets: [one({ kind: 'jackpot' })] }],
      ['unknown game', { gameCode: 'MEGA7D' }],
      ['bad draw number', { drawNo: '2026-11-28' }],
    ];
    const before = await sql<{ n: number }>`select count(*)::int as n from lottery_slips`.execute(h.database.db);
    for (const [name, patch] of bad) {
      const res = await call('POST', '/wps/lottery/bets', m.token, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets: [one({})], idempotencyKey: newKey(), ...patch });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json(), name).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.json().message.length, name).toBeGreaterThan(3);
    }
    const after = await sql<{ n: number }>`select count(*)::int as n from lottery_slips`.execute(h.database.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect((await mainBalance(h, m.token)).balance).toBe('50.00');
  });

  it('voids a slip whose request stopped before its stake was taken, and no resend can stake it once the draw closed', async () => {
    const m = await member('20.00');
    const draw = await ownDraw();
    const bets: Bet[] = [{ kind: 'sumBigSmall', pick: 'big', amount: '4.00' }];
    const key = newKey('crash');
    const { id } = await stoppedSlip(m, draw.drawNo, bets, key);
    await due(draw.drawNo);
    // The draw has come but the job has not run: a resend of the stopped request stakes nothing.
    const late = await place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets }, key);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().code).toBe('LOTTERY_DRAW_CLOSED');
    expect((await mainBalance(h, m.token)).balance).toBe('20.00');
    // The job gives the slip up before it draws, and bars its stake for good.
    await runJob();
    const slip = await h.database.db.selectFrom('lottery_slips').select(['status', 'void_code']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(slip).toEqual({ status: 'void', void_code: 'LOTTERY_DRAW_CLOSED' });
    const barred = await h.database.db.selectFrom('vendor_transactions').select(['kind', 'request_hash']).where('vendor_code', '=', 'APSARA').where('txn_ref', '=', `LOT:${id}:bet`).executeTakeFirst();
    expect(barred).toEqual({ kind: 'bet', request_hash: 'tombstone' });
    expect((await place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets }, key)).json().code).toBe('LOTTERY_DRAW_CLOSED');
    expect((await mainBalance(h, m.token)).balance).toBe('20.00');
    const drawRow = await h.database.db.selectFrom('lottery_draws').select('status').where('draw_no', '=', draw.drawNo).executeTakeFirstOrThrow();
    expect(drawRow.status).toBe('settled');
  });

  it('finishes a resend of a stopped request while the draw still takes bets, once', async () => {
    const m = await member('20.00');
    const draw = await ownDraw();
    const bets: Bet[] = [{ kind: 'oddEven', position: 2, pick: 'odd', amount: '3.00' }];
    const key = newKey('resume');
    await stoppedSlip(m, draw.drawNo, bets, key);
    const sent = await Promise.all([place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets }, key), place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets }, key)]);
    for (const r of sent) expect(r.statusCode, r.body).toBe(200);
    expect((await mainBalance(h, m.token)).balance).toBe('17.00');
  });

  it('takes no slip on a draw past its close, even one the job has not drawn yet', async () => {
    const m = await member('20.00');
    const draw = await ownDraw();
    await due(draw.drawNo);
    const res = await place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets: [{ kind: 'sumOddEven', pick: 'odd', amount: '1.00' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LOTTERY_DRAW_CLOSED');
    expect(await h.database.db.selectFrom('lottery_slips').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
  });

  it('shows the real schedule: the open draw of each lottery takes bets now', async () => {
    const v = await games();
    for (const g of v.items) {
      const now = Date.parse(g.serverTime);
      expect(Date.parse(g.open.opensAt)).toBeLessThanOrEqual(now);
      expect(Date.parse(g.open.drawAt)).toBeGreaterThan(now);
      expect(Date.parse(g.open.closesAt)).toBeGreaterThan(now);
      expect(Date.parse(g.open.drawAt) - Date.parse(g.open.opensAt)).toBe(g.intervalSeconds * 1000 + 5000);
    }
  });
});

describe('lottery rounds in the betting record', () => {
  it("carry their slip: its number, draw and bets, and which bet won once the draw is settled; no other member's slip", async () => {
    const m = await member('20.00');
    const draw = await ownDraw();
    const bets = [
      { kind: 'digit', position: 0, pick: '3', amount: '1.00' },
      { kind: 'sumOddEven', pick: 'odd', amount: '2.00' },
    ];
    const placed = await place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets });
    expect(placed.statusCode, placed.body).toBe(200);
    const slip = placed.json().value as { id: string; number: string };
    const record = async () => {
      const res = await call('GET', '/wps/relay/ODSFE2_MemBetDet', m.token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().value.items as { roundRef: string; lottery: unknown; description: string[] }[]).find((i) => i.roundRef === `LOT-${slip.id}`)!;
    };
    const open = await record();
    expect(open.lottery).toEqual({
      number: slip.number,
      drawNo: draw.drawNo,
      bets: [
        { kind: 'digit', position: 0, pick: '3', amount: '1.00', won: null },
        { kind: 'sumOddEven', position: null, pick: 'odd', amount: '2.00', won: null },
      ],
    });
    await due(draw.drawNo);
    await runJob();
    const result = (await h.database.db.selectFrom('lottery_draws').select('result').where('draw_no', '=', draw.drawNo).executeTakeFirstOrThrow()).result!;
    const settled = (await record()).lottery as { bets: { won: boolean }[] };
    expect(settled.bets.map((b) => b.won)).toEqual([
      lotteryHits({ kind: 'digit', position: 0, pick: '3' }, result) > 0,
      lotteryHits({ kind: 'sumOddEven', position: null, pick: 'odd' }, result) > 0,
    ]);
    // Another member's record has no such round.
    const other = await member('5.00');
    const theirs = (await call('GET', '/wps/relay/ODSFE2_MemBetDet', other.token)).json().value.items as { roundRef: string }[];
    expect(theirs.find((i) => i.roundRef === `LOT-${slip.id}`)).toBeUndefined();
  });
});

describe('lottery: what one pick of a draw may cost the site', () => {
  const setCap = async (maxPayoutPerNumber: string) => {
    const res = await h.call({ method: 'PATCH', url: '/ops/config/lottery', token: ops, lang: 'en', payload: { maxPayoutPerNumber } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const exposure = async (drawNo: string, pick: string) =>
    (
      await sql<{ liability: string }>`select e.liability::text from lottery_exposure e join lottery_draws d on d.id = e.draw_id where d.draw_no = ${drawNo} and e.pick = ${pick}`.execute(h.database.db)
    ).rows.map((r) => r.liability);
  afterAll(async () => {
    await setCap('200000.00');
  });

  it('refuses a slip that would take a pick past the limit, says how much more it takes, and writes nothing', async () => {
    await setCap('500.00');
    const draw = await ownDraw('VN2M');
    const [a, b, c] = await Promise.all([member('10.00'), member('10.00'), member('20.00')]);
    const de = (pick: string, amount = '1.00') => ({ gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'de2', pick, amount }] });
    expect((await place(a, de('27'))).statusCode).toBe(200);
    expect((await place(b, de('27'))).statusCode).toBe(200);
    expect(await exposure(draw.drawNo, '27')).toEqual(['19600']);
    const slipsBefore = (await h.database.db.selectFrom('lottery_slips').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const over = await place(c, { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'de2', pick: '28', amount: '1.00' }, { kind: 'de2', pick: '27', amount: '4.00' }] });
    expect(over.statusCode).toBe(409);
    // 500.00 − 196.00 left at 98.00 to one: 3.10 more.
    expect(over.json()).toMatchObject({
      code: 'LOTTERY_NUMBER_LIMIT',
      message: 'The bet on 27 goes over what this draw takes on it: at most $3.10 more can be staked on it',
      fields: [{ field: 'bets.1.amount', rule: 'limit' }],
      data: { limits: [{ index: 1, pick: '27', room: '3.10' }] },
    });
    expect((await mainBalance(h, c.token)).balance).toBe('20.00');
    expect((await h.database.db.selectFrom('lottery_slips').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n).toBe(slipsBefore);
    // The pick refused with it was not counted either; another pick, and another kind on the same number, still go.
    expect(await exposure(draw.drawNo, '28')).toEqual([]);
    expect((await place(c, de('28'))).statusCode).toBe(200);
    expect((await place(c, { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'lo2', pick: '27', amount: '1.00' }] })).statusCode).toBe(200);
    // A pick with room for less than the least bet (1.00) is full: 500.00 at 980.00 to one is 0.51.
    const alone = await place(c, { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'cang3', pick: '127', amount: '1.00' }] });
    expect(alone.json()).toMatchObject({ code: 'LOTTERY_NUMBER_FULL', message: 'This draw takes no more bets on 127: choose another number, or the next draw', data: { limits: [{ index: 0, pick: '127', room: '0.00' }] } });
    // Every pick past the limit is named, each on its bet; the message gives the first one's room.
    const both = await place(c, { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'de2', pick: '28', amount: '6.00' }, { kind: 'de2', pick: '27', amount: '4.00' }, { kind: 'de2', pick: '29', amount: '1.00' }] });
    expect(both.json()).toMatchObject({
      code: 'LOTTERY_NUMBER_LIMIT',
      message: 'The bet on 27 goes over what this draw takes on it: at most $3.10 more can be staked on it',
      fields: [{ field: 'bets.1.amount' }, { field: 'bets.0.amount' }],
      data: { limits: [{ index: 1, pick: '27', room: '3.10' }, { index: 0, pick: '28', room: '4.10' }] },
    });
    expect(await exposure(draw.drawNo, '29')).toEqual([]);
    await setCap('196.00');
    const full = await place(c, de('27'));
    expect(full.json()).toMatchObject({ code: 'LOTTERY_NUMBER_FULL', message: 'This draw takes no more bets on 27: choose another number, or the next draw', data: { limits: [{ index: 0, pick: '27', room: '0.00' }] } });
    // Answered in the member's language.
    const km = await h.call({ method: 'POST', url: '/wps/lottery/bets', token: c.token, lang: 'km', payload: { ...de('27'), idempotencyKey: newKey('lot') } });
    expect(km.json().message).toMatch(/[\u1780-\u17FF]/);
  });

  it('takes no more than the limit however many slips race for one pick', async () => {
    await setCap('250.00');
    const draw = await ownDraw('VN2M');
    const people = await Promise.all(Array.from({ length: 6 }, () => member('5.00')));
    const answers = await Promise.all(people.map((m) => place(m, { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'de2', pick: '55', amount: '1.00' }] })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    // The rest see 196.00 carried: 0.55 of room, less than the least bet, so the pick is full.
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'LOTTERY_NUMBER_FULL')).toBe(true);
    expect(await exposure(draw.drawNo, '55')).toEqual(['19600']);
  });

  it('gives back what a void slip took: a slip the wallet refused leaves the pick as it was', async () => {
    await setCap('100.00');
    const draw = await ownDraw('VN2M');
    const poor = await makeMember(h, uname('lot'));
    const short = await place(poor, { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'de2', pick: '33', amount: '1.00' }] });
    expect(short.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await exposure(draw.drawNo, '33')).toEqual(['0']);
    const rich = await member('5.00');
    expect((await place(rich, { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'de2', pick: '33', amount: '1.00' }] })).statusCode).toBe(200);
    expect(await exposure(draw.drawNo, '33')).toEqual(['9800']);
  });

  it('shows the back office the heaviest picks of draws not yet settled against the limit, to every role of the site and no other site', async () => {
    await setCap('10000.00');
    const draw = await ownDraw('VN2M');
    const [a, b] = await Promise.all([member('200.00'), member('200.00')]);
    const de = (who: M, pick: string, amount: string) => place(who, { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'de2', pick, amount }] });
    // 81.64 × 98 = 8,000.72 on 81 (80 % of the limit, counted near it); 20.00 × 98 = 1,960.00 on 20.
    expect((await de(a, '81', '50.00')).statusCode).toBe(200);
    expect((await de(b, '81', '31.64')).statusCode).toBe(200);
    expect((await de(b, '20', '20.00')).statusCode).toBe(200);
    const read = async (token: string, host?: string) => {
      const res = await h.call({ method: 'GET', url: '/ops/lottery/exposure', token, lang: 'en', host });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value;
    };
    const view = await read(ops);
    expect(view).toMatchObject({ limit: '10000.00', byKind: {}, currency: 'USD', nearLimit: 1 });
    // Every other test's picks weigh 196.00 at most: these two lead.
    expect(view.items.slice(0, 2)).toEqual([
      { drawId: expect.any(String), gameCode: 'VN2M', drawNo: draw.drawNo, closesAt: expect.any(String), drawStatus: 'open', kind: 'de2', position: null, pick: '81', liability: '8000.72', limit: '10000.00', room: '1999.28', percent: 80, full: false },
      { drawId: expect.any(String), gameCode: 'VN2M', drawNo: draw.drawNo, closesAt: expect.any(String), drawStatus: 'open', kind: 'de2', position: null, pick: '20', liability: '1960.00', limit: '10000.00', room: '8040.00', percent: 19, full: false },
    ]);
    expect(view.total).toBeGreaterThanOrEqual(2);
    expect(view.items.length).toBeLessThanOrEqual(50);

    // One number of one lottery: its picks in any kind (and pairs holding it), counted alone; a bad filter is refused.
    const one = await h.call({ method: 'GET', url: '/ops/lottery/exposure?game=VN2M&number=20', token: ops, lang: 'en' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().value.items.map((i: { pick: string; drawNo: string }) => i.pick)).toContain('20');
    expect(one.json().value.items.every((i: { pick: string; gameCode: string }) => i.gameCode === 'VN2M' && i.pick.split(',').includes('20'))).toBe(true);
    expect(one.json().value).toMatchObject({ total: one.json().value.items.length, nearLimit: 0 });
    const fast = (await h.call({ method: 'GET', url: '/ops/lottery/exposure?game=FAST5D&number=81', token: ops, lang: 'en' })).json().value;
    expect(fast.items.filter((i: { drawNo: string }) => i.drawNo === draw.drawNo)).toEqual([]);
    for (const bad of ['?number=1234', '?number=6a', '?game=NOPE', "?number=1'%20or%201=1"]) {
      const res = await h.call({ method: 'GET', url: `/ops/lottery/exposure${bad}`, token: ops, lang: 'en' });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBe('VALIDATION_FAILED');
    }

    // A limit lowered below what a pick carries shows it full, with no room.
    await setCap('5000.00');
    expect((await read(ops)).items[0]).toMatchObject({ pick: '81', room: '0.00', percent: 100, full: true });

    // Finance and support read it too; a member's token is no operator's; another site sees none of it.
    await h.addOperator('APSARA', 'lotfinance', 'Finance-Pass-1', 'finance');
    await h.addOperator('APSARA', 'lotsupport', 'Support-Pass-1', 'support');
    expect((await read(await h.opsLogin('lotfinance', 'Finance-Pass-1'))).items[0].pick).toBe('81');
    expect((await read(await h.opsLogin('lotsupport', 'Support-Pass-1'))).items[0].pick).toBe('81');
    const asMember = await h.call({ method: 'GET', url: '/ops/lottery/exposure', token: a.token, lang: 'en' });
    expect(asMember.statusCode).toBe(401);
    expect(asMember.json()).toMatchObject({ code: 'OPERATOR_NOT_LOGGED_IN' });
    await h.addOperator('LOTUS', 'lotuslot', 'Lotus-Ops-Pass-1', 'admin');
    const lotus = await read(await h.opsLogin('lotuslot', 'Lotus-Ops-Pass-1', 'lotus.localhost'), 'lotus.localhost');
    expect(lotus.items.filter((i: { drawNo: string }) => i.drawNo === draw.drawNo)).toEqual([]);

    // Past its close the draw takes no bets, drawn or not; once settled its picks leave the view.
    await due(draw.drawNo);
    expect((await read(ops)).items[0]).toMatchObject({ pick: '81', drawStatus: 'closed' });
    await runJob();
    expect((await read(ops)).items.filter((i: { drawNo: string }) => i.drawNo === draw.drawNo)).toEqual([]);
  });

  it("holds a kind to a limit of its own and the others to the site's; the risk view measures each pick against its own", async () => {
    const setLimits = async (payload: object) => {
      const res = await h.call({ method: 'PATCH', url: '/ops/config/lottery', token: ops, lang: 'en', payload });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setLimits({ maxPayoutPerNumber: '10000.00', byKind: { de2: '500.00' } });
    const draw = await ownDraw('VN2M');
    const m = await member('300.00');
    const bet = (kind: string, amount: string) => place(m, { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind, pick: '61', amount }] });
    // Đề pays 98.00 to one: 500.00 takes 5.10 at most.
    const over = await bet('de2', '6.00');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'LOTTERY_NUMBER_LIMIT', data: { limits: [{ index: 0, pick: '61', room: '5.10' }] } });
    // A Lô on the same number is held to the site's 10,000.00 (20.00 × 3.60 = 72.00).
    expect((await bet('lo2', '20.00')).statusCode).toBe(200);
    expect((await bet('de2', '5.00')).statusCode).toBe(200);
    const read = async () => (await h.call({ method: 'GET', url: '/ops/lottery/exposure', token: ops, lang: 'en' })).json().value;
    const view = await read();
    expect(view).toMatchObject({ limit: '10000.00', byKind: { de2: '500.00' } });
    // 490.00 of 500.00 is the largest share on the site: first, and full (10.00 of room is 0.10 of stake at 98 to one) though far under the site's limit.
    expect(view.items[0]).toMatchObject({ drawNo: draw.drawNo, kind: 'de2', pick: '61', liability: '490.00', limit: '500.00', room: '10.00', percent: 98, full: true });
    expect(view.items.find((i: { kind: string; drawNo: string }) => i.kind === 'lo2' && i.drawNo === draw.drawNo)).toMatchObject({ pick: '61', liability: '72.00', limit: '10000.00', percent: 0 });
    expect(view.nearLimit).toBeGreaterThanOrEqual(1);
    // Without a figure of its own the kind is back on the site's limit.
    await setLimits({ maxPayoutPerNumber: '10000.00' });
    expect((await read()).items.find((i: { kind: string; drawNo: string }) => i.kind === 'de2' && i.drawNo === draw.drawNo)).toMatchObject({ limit: '10000.00', percent: 4 });
    expect((await bet('de2', '6.00')).statusCode).toBe(200);
  });

  it("forgets a draw's sums a day after it was settled", async () => {
    const draw = await ownDraw('VN2M');
    const m = await member('5.00');
    expect((await place(m, { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'de2', pick: '44', amount: '1.00' }] })).statusCode).toBe(200);
    await due(draw.drawNo);
    await runJob();
    await housekeeping(h.database.db);
    expect(await exposure(draw.drawNo, '44')).toEqual(['9800']);
    const old = Date.now() - 2 * 86_400_000;
    await h.database.db.updateTable('lottery_draws').set({ opens_at: new Date(old - 3000), closes_at: new Date(old - 2000), draw_at: new Date(old) }).where('draw_no', '=', draw.drawNo).execute();
    expect((await housekeeping(h.database.db)).lotteryExposure).toBeGreaterThanOrEqual(1);
    expect(await exposure(draw.drawNo, '44')).toEqual([]);
  });

  it('takes the limit from the site settings, checked like every setting', async () => {
    for (const bad of ['0.00', '-5.00', '1.001', 'abc', '1000000000.01']) {
      const res = await h.call({ method: 'PATCH', url: '/ops/config/lottery', token: ops, lang: 'en', payload: { maxPayoutPerNumber: bad } });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    for (const byKind of [{ de2: '0.00' }, { de2: '1000000000.01' }, { de2: '1.001' }, { nope: '5.00' }, { de2: 5 }, []]) {
      const res = await h.call({ method: 'PATCH', url: '/ops/config/lottery', token: ops, lang: 'en', payload: { maxPayoutPerNumber: '100.00', byKind } });
      expect(res.statusCode, JSON.stringify(byKind)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    await setCap('1234.00');
    expect((await h.call({ method: 'GET', url: '/ops/config', token: ops, lang: 'en' })).json().value.lottery).toEqual({ maxPayoutPerNumber: '1234.00' });
    const own = await h.call({ method: 'PATCH', url: '/ops/config/lottery', token: ops, lang: 'en', payload: { maxPayoutPerNumber: '1234.00', byKind: { cang3: '99.50' } } });
    expect(own.statusCode, own.body).toBe(200);
    expect((await h.call({ method: 'GET', url: '/ops/config', token: ops, lang: 'en' })).json().value.lottery).toEqual({ maxPayoutPerNumber: '1234.00', byKind: { cang3: '99.50' } });
  });
});

describe('lottery: numbers an operator closes', () => {
  const opsCall = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown, host?: string) =>
    h.call({ method, url, token, lang: 'en', host, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const close = (body: Record<string, unknown>, token = ops) => opsCall('POST', '/ops/lottery/closed-numbers', token, body);
  const closedRows = async () => Number((await sql<{ n: string }>`select count(*)::text as n from lottery_closed_numbers`.execute(h.database.db)).rows[0]!.n);
  const audits = async (action: string) => (await sql<{ target_id: string }>`select target_id from audit_log where action = ${action} order by id`.execute(h.database.db)).rows.map((r) => r.target_id);

  it('refuses new slips holding a closed number in any kind, names each such bet, and takes them again once it is opened', async () => {
    const draw = await ownDraw('VN2M');
    const m = await member('50.00');
    const slip = (bets: Bet[]) => place(m, { gameCode: 'VN2M', drawNo: draw.drawNo, bets });
    // Placed before the close: it stays.
    expect((await slip([{ kind: 'de2', pick: '27', amount: '1.00' }])).statusCode).toBe(200);

    const made = await close({ gameCode: 'VN2M', number: '27', reason: '  drawing too many bets  ' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().value).toEqual({ id: expect.any(String), gameCode: 'VN2M', number: '27', reason: 'drawing too many bets', closedBy: 'opsadmin', createdAt: expect.any(String) });
    // Members see it with the lottery; other lotteries are untouched.
    const listed = (await games()).items as { code: string; closed: string[] }[];
    expect(listed.find((g) => g.code === 'VN2M')!.closed).toEqual(['27']);
    expect(listed.find((g) => g.code === 'CLASSIC5D')!.closed).toEqual([]);
    expect((await call('GET', '/lgw/vn/games/game_menu')).json().value.items.find((g: { code: string }) => g.code === 'VN2M').closed).toEqual(['27']);

    const slipsBefore = (await h.database.db.selectFrom('lottery_slips').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    // Đề and Lô on 27, and a Xiên pair holding it, are refused together; 72 and 127 are other numbers.
    const refused = await slip([
      { kind: 'lo2', pick: '72', amount: '1.00' },
      { kind: 'de2', pick: '27', amount: '1.00' },
      { kind: 'xien2', pick: '11,27', amount: '1.00' },
      { kind: 'cang3', pick: '127', amount: '1.00' },
      { kind: 'lo2', pick: '27', amount: '1.00' },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'LOTTERY_NUMBER_CLOSED',
      message: 'The site takes no bets on 27 in this lottery for now: take those bets off your slip',
      fields: [{ field: 'bets.1.pick', rule: 'closed' }, { field: 'bets.2.pick', rule: 'closed' }, { field: 'bets.4.pick', rule: 'closed' }],
      data: { closed: [{ index: 1, pick: '27' }, { index: 2, pick: '11,27' }, { index: 4, pick: '27' }] },
    });
    expect((await mainBalance(h, m.token)).balance).toBe('49.00');
    expect((await h.database.db.selectFrom('lottery_slips').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n).toBe(slipsBefore);
    expect((await slip([{ kind: 'lo2', pick: '72', amount: '1.00' }, { kind: 'cang3', pick: '127', amount: '1.00' }])).statusCode).toBe(200);
    // In the member's language.
    const km = await h.call({ method: 'POST', url: '/wps/lottery/bets', token: m.token, lang: 'km', payload: { gameCode: 'VN2M', drawNo: draw.drawNo, bets: [{ kind: 'de2', pick: '27', amount: '1.00' }], idempotencyKey: newKey('lot') } });
    expect(km.json()).toMatchObject({ code: 'LOTTERY_NUMBER_CLOSED' });
    expect(km.json().message).toMatch(/[\u1780-\u17FF]/);

    // The slip's own transaction looks again: a slip past the service's first look, its number closed
    // meanwhile, is refused there and writes nothing.
    const repo = lotteryRepository(h.database.db);
    const drawRow = await h.database.db.selectFrom('lottery_draws').select('id').where('game_code', '=', 'VN2M').where('draw_no', '=', draw.drawNo).executeTakeFirstOrThrow();
    const merchantId = (await h.database.db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow()).merchant_id;
    const late = repo.insertSlip(
      { merchantId, memberId: m.id, drawId: drawRow.id, gameCode: 'VN2M', bets: [{ kind: 'xien2', position: null, pick: '27,40', amount: '1.00', odds: 1700 }], stake: 100n, key: newKey('late'), hash: 'x' },
      () => 100_000_000n,
    );
    await expect(late).rejects.toBeInstanceOf(ClosedNumbers);
    await expect(late).rejects.toMatchObject({ numbers: ['27'] });
    expect((await h.database.db.selectFrom('lottery_slips').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n).toBe(slipsBefore + 1);

    // Closed twice: refused; the list shows it with who closed it.
    expect((await close({ gameCode: 'VN2M', number: '27' })).json()).toMatchObject({ code: 'LOTTERY_NUMBER_ALREADY_CLOSED', message: '27 is already closed in this lottery' });
    const list = (await opsCall('GET', '/ops/lottery/closed-numbers', ops)).json().value.items;
    expect(list).toEqual([expect.objectContaining({ id: made.json().value.id, gameCode: 'VN2M', number: '27', closedBy: 'opsadmin' })]);

    // Opened again: the slip goes; a second opening is not found.
    const id = made.json().value.id;
    expect((await opsCall('DELETE', `/ops/lottery/closed-numbers/${id}`, ops)).json()).toMatchObject({ value: { id, reopened: true } });
    expect((await opsCall('DELETE', `/ops/lottery/closed-numbers/${id}`, ops)).json()).toMatchObject({ code: 'LOTTERY_CLOSED_NUMBER_NOT_FOUND' });
    expect((await slip([{ kind: 'de2', pick: '27', amount: '1.00' }])).statusCode).toBe(200);
    expect(((await games()).items as { code: string; closed: string[] }[]).find((g) => g.code === 'VN2M')!.closed).toEqual([]);
    expect(await audits('lottery.number_close')).toEqual(['VN2M:27']);
    expect(await audits('lottery.number_reopen')).toEqual(['VN2M:27']);
  });

  it('closes a 5D digit in every position; refuses bad input, other roles and other sites, writing nothing', async () => {
    const draw = await ownDraw('CLASSIC5D');
    const m = await member('20.00');
    const made = await close({ gameCode: 'CLASSIC5D', number: '7' });
    expect(made.statusCode, made.body).toBe(200);
    const refused = await place(m, { gameCode: 'CLASSIC5D', drawNo: draw.drawNo, bets: [{ kind: 'digit', position: 3, pick: '7', amount: '1.00' }, { kind: 'digit', position: 0, pick: '8', amount: '1.00' }] });
    expect(refused.json()).toMatchObject({ code: 'LOTTERY_NUMBER_CLOSED', data: { closed: [{ index: 0, pick: '7' }] } });

    const before = await closedRows();
    for (const bad of [
      { gameCode: 'VN2M', number: '1234' },
      { gameCode: 'VN2M', number: '2a' },
      { gameCode: 'VN2M', number: '' },
      { gameCode: 'VN2M', number: -1 },
      { gameCode: 'NOPE', number: '12' },
      { gameCode: 'VN2M' },
      { gameCode: 'VN2M', number: '12', reason: 'x'.repeat(201) },
      { gameCode: 'VN2M', number: '12', extra: true },
      // A number no pick of the lottery can be: it would close nothing.
      { gameCode: 'VN2M', number: '7' },
      { gameCode: 'CLASSIC5D', number: '27' },
    ]) {
      const res = await close(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    for (const bad of ['abc', '0', '-1', '99999999999999999999']) expect((await opsCall('DELETE', `/ops/lottery/closed-numbers/${bad}`, ops)).statusCode, bad).toBeGreaterThanOrEqual(400);

    // Finance reads but does not write; a member is no operator; another site neither sees nor opens it.
    await h.addOperator('APSARA', 'lotclosefin', 'Finance-Pass-1', 'finance');
    const finance = await h.opsLogin('lotclosefin', 'Finance-Pass-1');
    expect((await opsCall('GET', '/ops/lottery/closed-numbers', finance)).json().value.items.some((i: { number: string }) => i.number === '7')).toBe(true);
    expect((await close({ gameCode: 'VN2M', number: '12' }, finance)).statusCode).toBe(403);
    expect((await opsCall('DELETE', `/ops/lottery/closed-numbers/${made.json().value.id}`, finance)).statusCode).toBe(403);
    expect((await close({ gameCode: 'VN2M', number: '12' }, m.token)).json()).toMatchObject({ code: 'OPERATOR_NOT_LOGGED_IN' });
    await h.addOperator('LOTUS', 'lotusclose', 'Lotus-Ops-Pass-1', 'admin');
    const lotus = await h.opsLogin('lotusclose', 'Lotus-Ops-Pass-1', 'lotus.localhost');
    expect((await opsCall('GET', '/ops/lottery/closed-numbers', lotus, undefined, 'lotus.localhost')).json().value.items).toEqual([]);
    expect((await opsCall('DELETE', `/ops/lottery/closed-numbers/${made.json().value.id}`, lotus, undefined, 'lotus.localhost')).json()).toMatchObject({ code: 'LOTTERY_CLOSED_NUMBER_NOT_FOUND' });
    expect((await h.call({ method: 'GET', url: '/wps/lottery/games', host: 'lotus.localhost' })).json().value.items.find((g: { code: string }) => g.code === 'CLASSIC5D').closed).toEqual([]);
    expect(await closedRows()).toBe(before);
    expect((await opsCall('DELETE', `/ops/lottery/closed-numbers/${made.json().value.id}`, ops)).statusCode).toBe(200);
  });

  it('keeps at most the most numbers closed at once', async () => {
    const { LOTTERY_CLOSED_NUMBERS_MAX } = await import('@apsara/contracts');
    const merchant = (await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow()).id;
    const have = await closedRows();
    const rows = Array.from({ length: LOTTERY_CLOSED_NUMBERS_MAX - have }, (_, i) => ({ merchant_id: merchant, game_code: 'VN2M', number: String(100 + i).slice(-3).padStart(3, '0') }));
    await h.database.db.insertInto('lottery_closed_numbers').values(rows).execute();
    expect((await close({ gameCode: 'VN2M', number: '05' })).json()).toMatchObject({ code: 'LOTTERY_CLOSED_NUMBERS_FULL', message: `At most ${LOTTERY_CLOSED_NUMBERS_MAX} numbers can be closed at once: open some again first` });
    await h.database.db.deleteFrom('lottery_closed_numbers').where('merchant_id', '=', merchant).execute();
  });
});

describe('the Vietnam lottery (VN2M)', () => {
  // A result laid out by hand: the special prize 12345, the first 67890, then the other 25 numbers.
  const numbers = ['12345', '67890', '11145', '22245', '33333', '44444', '55555', '66666', '77777', '88888', '1245', '2222', '3333', '4444', '5555', '6666', '7777', '8888', '9999', '0000', '545', '666', '777', '45', '88', '99', '00'];
  const digits = numbers.join('').split('').map(Number);

  it('lays a result out in eight tiers of 27 numbers and pays each kind on the endings it names', () => {
    expect(digits).toHaveLength(LOTTERY_RESULT_DIGITS.vn);
    expect(vnPrizes(digits).map((t) => [t.tier, t.numbers.length])).toEqual([
      ['special', 1],
      ['first', 1],
      ['second', 2],
      ['third', 6],
      ['fourth', 4],
      ['fifth', 6],
      ['sixth', 3],
      ['seventh', 4],
    ]);
    expect(vnPrizes(digits)[0]!.numbers).toEqual(['12345']);
    expect(vnTails(digits)).toHaveLength(27);
    const hits = (kind: LotteryBetKind, pick: string) => lotteryHits({ kind, position: null, pick }, digits);
    // 45 ends 12345, 11145, 22245, 1245, 545 and 45: six times.
    expect(hits('lo2', '45')).toBe(6);
    expect(hits('lo2', '90')).toBe(1);
    expect(hits('lo2', '13')).toBe(0);
    expect(hits('de2', '45')).toBe(1);
    expect(hits('de2', '90')).toBe(0);
    expect(hits('cang3', '345')).toBe(1);
    expect(hits('cang3', '145')).toBe(0);
    expect(hits('xien2', '45,90')).toBe(1);
    expect(hits('xien2', '13,45')).toBe(0);
    // Paid per hit: six hits of a 2.00 lô at 3.60.
    expect(lotteryPayout(200n, LOTTERY_BET_KINDS.lo2.odds, 6)).toBe(4320n);
  });

  it('returns 97–98 % on average for every kind (exact odds: the digits are uniform and independent)', () => {
    const ret = (kind: LotteryBetKind, p: number) => (LOTTERY_BET_KINDS[kind].odds / 100) * p;
    expect(ret('lo2', 27 / 100)).toBeCloseTo(0.972, 6);
    expect(ret('de2', 1 / 100)).toBeCloseTo(0.98, 6);
    expect(ret('cang3', 1 / 1000)).toBeCloseTo(0.98, 6);
    const both = 1 - 2 * 0.99 ** 27 + 0.98 ** 27;
    expect(ret('xien2', both)).toBeGreaterThan(0.97);
    expect(ret('xien2', both)).toBeLessThan(0.98);
  });

  it('takes only numbers in the kind\'s format: two digits, three, or two different pairs smaller first', () => {
    for (const [kind, pick, ok] of [
      ['lo2', '07', true],
      ['lo2', '7', false],
      ['lo2', '123', false],
      ['de2', 'ab', false],
      ['cang3', '512', true],
      ['cang3', '51', false],
      ['xien2', '12,85', true],
      ['xien2', '85,12', false],
      ['xien2', '12,12', false],
      ['xien2', '12 85', false],
    ] as [LotteryBetKind, string, boolean][]) expect(lotteryPickValid(kind, pick), `${kind} ${pick}`).toBe(ok);
  });

  it('draws 107 digits from the committed seed and settles a slip of every kind at its odds, per hit', async () => {
    const m = await member('100.00');
    const draw = await ownDraw('VN2M');
    const bets: Bet[] = [
      { kind: 'lo2', pick: '07', amount: '2.00' },
      { kind: 'de2', pick: '45', amount: '1.00' },
      { kind: 'cang3', pick: '512', amount: '1.00' },
      { kind: 'xien2', pick: '12,85', amount: '1.00' },
    ];
    const placed = await place(m, { gameCode: 'VN2M', drawNo: draw.drawNo, bets });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().value.bets.map((b: { odds: string }) => b.odds)).toEqual(['3.60', '98.00', '980.00', '17.80']);
    expect((await mainBalance(h, m.token)).balance).toBe('95.00');

    await due(draw.drawNo);
    await runJob();
    const drawn = (await call('GET', '/wps/lottery/draws?gameCode=VN2M')).json().value.items.find((d: { drawNo: string }) => d.drawNo === draw.drawNo);
    expect(drawn.result).toHaveLength(107);
    expect(drawn.result).toEqual(await drawDigits(draw.seed, 'VN2M', draw.drawNo));
    const expected = bets.reduce((sum, b) => sum + lotteryPayout(toMinor(b.amount), LOTTERY_BET_KINDS[b.kind as LotteryBetKind].odds, lotteryHits({ kind: b.kind as LotteryBetKind, position: null, pick: b.pick }, drawn.result)), 0n);
    const mine = (await call('GET', '/wps/lottery/bets?gameCode=VN2M', m.token)).json().value.items[0];
    expect(mine).toMatchObject({ status: expected > 0n ? 'won' : 'lost', payout: fromMinor(expected), result: drawn.result });
    expect(mine.bets.map((b: { payout: string }) => b.payout)).toEqual(
      bets.map((b) => fromMinor(lotteryPayout(toMinor(b.amount), LOTTERY_BET_KINDS[b.kind as LotteryBetKind].odds, lotteryHits({ kind: b.kind as LotteryBetKind, position: null, pick: b.pick }, drawn.result)))),
    );
    expect((await mainBalance(h, m.token)).balance).toBe(fromMinor(9500n + expected));
  });

  it("refuses a 5D bet on the Vietnam lottery, a Vietnam bet on a 5D one, and picks out of format, writing nothing", async () => {
    const m = await member('20.00');
    const vn = await ownDraw('VN2M');
    const fived = await ownDraw('CLASSIC5D');
    const cases: [string, string, Bet, string][] = [
      ['VN2M', vn.drawNo, { kind: 'digit', position: 0, pick: '7', amount: '1.00' }, 'bets.0.kind'],
      ['CLASSIC5D', fived.drawNo, { kind: 'lo2', pick: '07', amount: '1.00' }, 'bets.0.kind'],
      ['VN2M', vn.drawNo, { kind: 'lo2', pick: '7', amount: '1.00' }, 'bets.0.pick'],
      ['VN2M', vn.drawNo, { kind: 'cang3', pick: '5120', amount: '1.00' }, 'bets.0.pick'],
      ['VN2M', vn.drawNo, { kind: 'xien2', pick: '85,12', amount: '1.00' }, 'bets.0.pick'],
      ['VN2M', vn.drawNo, { kind: 'de2', position: 1, pick: '45', amount: '1.00' }, 'bets.0.position'],
    ];
    for (const [gameCode, drawNo, bet, field] of cases) {
      const res = await place(m, { gameCode, drawNo, bets: [bet] });
      expect(res.statusCode, `${bet.kind} ${bet.pick}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fields.map((f: { field: string }) => f.field), `${bet.kind} ${bet.pick}`).toContain(field);
    }
    expect((await mainBalance(h, m.token)).balance).toBe('20.00');
    expect((await call('GET', '/wps/lottery/bets', m.token)).json().value.total).toBe(0);
  });

  it('answers the spec\'s menu calls: the Vietnam lotteries, their open draws, the member\'s recent ones and stakes on open draws', async () => {
    const menu = (await call('GET', '/lgw/vn/games/game_menu')).json().value;
    expect(menu.items.map((g: { code: string }) => g.code)).toEqual(['VN2M']);
    expect(menu.betKinds.map((k: { kind: string }) => k.kind)).toEqual(['lo2', 'de2', 'cang3', 'xien2']);
    expect(menu.items[0].open).toMatchObject({ status: 'open', seed: null, result: null });

    const open = (await call('GET', '/lgw/vn/numeros/opened/game')).json().value;
    expect(open.items.map((d: { gameCode: string }) => d.gameCode)).toEqual(['VN2M']);
    expect(open.items[0]).toMatchObject({ status: 'open', seed: null });

    const m = await member('20.00');
    expect((await call('GET', '/lgw/vn/games/game_menu/recent', m.token)).json().value).toEqual({ items: [] });
    const now = (await games()).items.find((g: { code: string }) => g.code === 'VN2M').open;
    const placed = await place(m, { gameCode: 'VN2M', drawNo: now.drawNo, bets: [{ kind: 'lo2', pick: '33', amount: '2.50' }] });
    expect(placed.statusCode, placed.body).toBe(200);
    const recent = (await call('GET', '/lgw/vn/games/game_menu/recent', m.token)).json().value.items;
    expect(recent).toEqual([{ gameCode: 'VN2M', name: expect.objectContaining({ en: 'Mekong 2-minute Vietnam lottery' }), lastBetAt: placed.json().value.createdAt, slips: 1 }]);

    const mine = (await call('GET', '/lotto/lgw/games/opened/numero', m.token)).json().value.items;
    expect(mine.map((x: { draw: { gameCode: string } }) => x.draw.gameCode)).toEqual(['FAST5D', 'CLASSIC5D', 'VN2M']);
    expect(mine.find((x: { draw: { gameCode: string } }) => x.draw.gameCode === 'VN2M')).toMatchObject({ family: 'vn', slips: 1, stake: '2.50', draw: { drawNo: now.drawNo } });
    expect(mine.find((x: { draw: { gameCode: string } }) => x.draw.gameCode === 'FAST5D')).toMatchObject({ family: '5d', slips: 0, stake: '0.00' });

    // Member calls need a session, and a trial account has no slips to show.
    expect((await call('GET', '/lotto/lgw/games/opened/numero')).statusCode).toBe(401);
    expect((await call('GET', '/lgw/vn/games/game_menu/recent')).statusCode).toBe(401);
    const trial = await makeMember(h, uname('lt'), { type: 4 });
    expect((await call('GET', '/lgw/vn/games/game_menu/recent', trial.token)).json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
  });
});
