import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fromMinor, generateMines, toMinor } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { fund, mainBalance, makeMember, newKey } from '../../../test/money-helpers.js';
import { signVendorBody } from '../game-wallet/seamless-api.js';
import { VENDOR_DEV_SECRET } from '../../config.js';

/*
 * Rounds are made the way players make them: in-house slot spins through /wps/inhouse/slot/spin, and
 * third-party rounds by launching a vendor game and then calling the seamless wallet as the vendor
 * does (signed /vendor-api calls with the launch token). Nothing is inserted by hand.
 */

let h: Harness;
let ops: string;
let player: { id: bigint; token: string };
let n = 0;

const SPINS = 23;
const spinIds: string[] = [];
const spinValues: { base: { lineWins: unknown[]; scatterCount: number }; freeSpins: unknown[] }[] = [];
let slotPayout = 0n;
/** An instant between the slot spins and the vendor rounds. */
let between: string;
let liveVendor: string;
let liveGameName: { en: string };
const vendorRound: Record<'liveWon' | 'liveOpen' | 'sportsLost', string> = { liveWon: '', liveOpen: '', sportsLost: '' };

const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const get = (url: string, opts: { token?: string; host?: string; lang?: string } = {}) =>
  h.call({ method: 'GET', url, token: opts.token ?? player.token, host: opts.host, lang: opts.lang ?? 'en' });
const record = (query = '', opts: { token?: string; host?: string; lang?: string } = {}) => get(`/wps/relay/ODSFE2_MemBetDet${query}`, opts);
const profit = (query = '', opts: { token?: string; host?: string; lang?: string } = {}) => get(`/wps/relay/ODSFE2_MemProfit${query}`, opts);
const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

const spin = async (token: string, host?: string) => {
  const res = await h.call({ method: 'POST', url: '/wps/inhouse/slot/spin', token, host, payload: { bet: '1.00', idempotencyKey: newKey('spin') } });
  expect(res.statusCode, res.body).toBe(200);
  const value = res.json().value as { roundId: string; totalWin: string; base: { lineWins: unknown[]; scatterCount: number }; freeSpins: unknown[] };
  spinValues.push(value);
  return value;
};

/** Launches a vendor's first game of a category (opening a sub-list when it heads one) and returns the launch token. */
const launch = async (token: string, vendor: string, gameType: string) => {
  let res = await h.call({ method: 'POST', url: '/wps/game/launchGame', token, payload: { vendor, gameType } });
  expect(res.statusCode, res.body).toBe(200);
  if (res.json().value.action === 'SUBLIST') {
    res = await h.call({ method: 'POST', url: '/wps/game/launchGame', token, payload: { gameId: res.json().value.games[0].gameId } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const v = res.json().value as { url: string; gameId: string; gameCode: string };
  return { launchToken: new URL(v.url).searchParams.get('token')!, gameId: v.gameId, gameCode: v.gameCode };
};

/** A seamless vendor's signed call, as its server sends it (the test config has every vendor on the development secret). */
const vendorCall = async (vendor: string, action: string, body: Record<string, unknown>) => {
  const raw = JSON.stringify(body);
  const res = await h.app.inject({
    method: 'POST',
    url: `/vendor-api/${vendor}/${action}`,
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-signature': signVendorBody(VENDOR_DEV_SECRET, raw) },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('OK');
};

const roundIdOf = async (memberId: bigint, vendor: string, roundRef: string) => {
  const { rows } = await sql<{ id: bigint }>`select id from game_rounds where member_id = ${memberId} and vendor_code = ${vendor} and round_ref = ${roundRef}`.execute(h.database.db);
  return rows[0].id.toString();
};

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
  player = await makeMember(h, uname('br'));
  await fund(h, ops, player.id, '1000.00');

  for (let i = 0; i < SPINS; i++) {
    const s = await spin(player.token);
    spinIds.push(s.roundId);
    slotPayout += toMinor(s.totalWin);
  }
  await sleep(30);
  between = new Date().toISOString();
  await sleep(30);

  // Live casino: one round won (10.00 staked, 25.00 paid, closed) and one still open (5.00 staked).
  liveVendor = 'BG';
  const live = await launch(player.token, liveVendor, 'LIVE');
  const names = await h.database.db.selectFrom('games').select('names').where('id', '=', BigInt(live.gameId)).executeTakeFirstOrThrow();
  liveGameName = names.names;
  await vendorCall(liveVendor, 'bet', { token: live.launchToken, transactionId: newKey('t'), roundId: 'live-1', amount: '10.00', currency: 'USD' });
  await vendorCall(liveVendor, 'win', { token: live.launchToken, transactionId: newKey('t'), roundId: 'live-1', amount: '25.00', currency: 'USD', endRound: true });
  await vendorCall(liveVendor, 'bet', { token: live.launchToken, transactionId: newKey('t'), roundId: 'live-2', amount: '5.00', currency: 'USD' });
  vendorRound.liveWon = await roundIdOf(player.id, liveVendor, 'live-1');
  vendorRound.liveOpen = await roundIdOf(player.id, liveVendor, 'live-2');

  // Sports: a lost ticket (20.00 staked, a 0.00 win closes it).
  const sports = await launch(player.token, 'IBC', 'SPORTS');
  await vendorCall('IBC', 'bet', { token: sports.launchToken, transactionId: newKey('t'), roundId: 'ticket-1', amount: '20.00', currency: 'USD', description: SPORTS_PICK });
  await vendorCall('IBC', 'win', { token: sports.launchToken, transactionId: newKey('t'), roundId: 'ticket-1', amount: '0.00', currency: 'USD', endRound: true, result: SPORTS_RESULT });
  vendorRound.sportsLost = await roundIdOf(player.id, 'IBC', 'ticket-1');
}, 120_000);
afterAll(() => h.close());

const SPORTS_PICK = 'Mekong FC v Angkor United · Mekong FC to win @ 2.15';
const SPORTS_RESULT = 'Full time 0–1 · lost';
const STAKE = toMinor(`${SPINS}.00`) + toMinor('35.00');
const PAYOUT = () => slotPayout + toMinor('25.00');

describe('GET /wps/relay/ODSFE2_MemBetDet (betting record)', () => {
  it('lists every round newest first, 20 a page, with page and filter totals that match the wallet', async () => {
    const first = await record();
    expect(first.statusCode, first.body).toBe(200);
    const v1 = first.json().value;
    expect(v1).toMatchObject({ page: 1, pageSize: 20, total: SPINS + 3 });
    expect(v1.items).toHaveLength(20);
    // Newest first: the vendor rounds (played last), then the spins from the latest back.
    expect(v1.items.slice(0, 3).map((i: { roundId: string }) => i.roundId)).toEqual([vendorRound.sportsLost, vendorRound.liveOpen, vendorRound.liveWon]);
    expect(v1.items.slice(3).map((i: { roundRef: string }) => i.roundRef)).toEqual([...spinIds].reverse().slice(0, 17));
    const times = v1.items.map((i: { openedAt: string }) => Date.parse(i.openedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const v2 = (await record('?page=2')).json().value;
    expect(v2.items.map((i: { roundRef: string }) => i.roundRef)).toEqual([...spinIds].reverse().slice(17));
    expect((await record('?page=3')).json().value).toMatchObject({ items: [], total: SPINS + 3, pageTotals: { rounds: 0, stake: '0.00', payout: '0.00', profit: '0.00', open: { rounds: 0, stake: '0.00' } } });

    // Filter totals: every round; the win/loss of the settled ones, the open live round (5.00 staked) apart.
    const totals = { rounds: SPINS + 3, stake: fromMinor(STAKE), payout: fromMinor(PAYOUT()), profit: fromMinor(PAYOUT() - (STAKE - 500n)), open: { rounds: 1, stake: '5.00' } };
    expect(v1.totals).toEqual(totals);
    expect(v2.totals).toEqual(totals);
    // The member's money moved only through play: the win/loss, less what the open round holds, is the balance change.
    expect(toMinor((await mainBalance(h, player.token)).balance) - toMinor('1000.00')).toBe(toMinor(totals.profit) - toMinor(totals.open.stake));
    // Page totals are the sums of their own rows (the win/loss of the settled ones), and the two pages add up to the whole.
    for (const v of [v1, v2]) {
      type Row = Record<string, string | null>;
      const sum = (k: 'stake' | 'payout' | 'profit', rows: Row[] = v.items) => fromMinor(rows.reduce((s: bigint, i) => s + toMinor(i[k] ?? '0.00'), 0n));
      const open = (v.items as Row[]).filter((i) => i.status === 'open');
      expect(v.pageTotals).toEqual({ rounds: v.items.length, stake: sum('stake'), payout: sum('payout'), profit: sum('profit'), open: { rounds: open.length, stake: sum('stake', open) } });
    }
    expect(toMinor(v1.pageTotals.payout) + toMinor(v2.pageTotals.payout)).toBe(PAYOUT());
  });

  it('shows each round as it stands: game, vendor, category, stake, payout, win/loss, status and times', async () => {
    const items = (await record()).json().value.items as Record<string, unknown>[];
    const byId = new Map(items.map((i) => [i.roundId, i]));
    expect(byId.get(vendorRound.liveWon)).toMatchObject({
      roundRef: 'live-1',
      vendor: liveVendor,
      vendorName: 'BG Live',
      category: 'LIVE',
      gameName: liveGameName.en,
      stake: '10.00',
      payout: '25.00',
      profit: '15.00',
      status: 'closed',
      closedAt: expect.any(String),
    });
    expect(byId.get(vendorRound.liveOpen)).toMatchObject({ category: 'LIVE', stake: '5.00', payout: '0.00', profit: null, status: 'open', closedAt: null, fair: null });
    expect(byId.get(vendorRound.sportsLost)).toMatchObject({ vendor: 'IBC', vendorName: 'IBC Sports', category: 'SPORTS', stake: '20.00', payout: '0.00', profit: '-20.00', status: 'closed' });
    // The vendor's words for the bet and its outcome; rounds it said nothing of carry none.
    expect(byId.get(vendorRound.sportsLost)).toMatchObject({ description: [SPORTS_PICK], result: SPORTS_RESULT });
    expect(byId.get(vendorRound.liveWon)).toMatchObject({ description: [], result: null, lottery: null });
    const slot = items.find((i) => i.roundRef === spinIds.at(-1))!;
    expect(slot).toMatchObject({ vendor: 'APSARA', vendorName: 'Apsara Originals', category: 'INHOUSE', gameCode: 'SLOT', gameName: 'Angkor Treasures', stake: '1.00', status: 'closed', fair: null });
    expect(toMinor(slot.profit as string)).toBe(toMinor(slot.payout as string) - 100n);
    // The spin as played: its winning lines and suns, and the free spins it won.
    const spun = spinValues.at(-1)!;
    expect(slot.play).toEqual({ game: 'SLOT', lineWins: spun.base.lineWins.length, scatterCount: spun.base.scatterCount, freeSpins: spun.freeSpins.length });
    expect(byId.get(vendorRound.liveWon)).toMatchObject({ play: null });
    expect(Date.parse(slot.closedAt as string)).toBeGreaterThanOrEqual(Date.parse(slot.openedAt as string));
  });

  it('names games in the request’s language, or in the one asked for', async () => {
    const name = async (query: string, lang: string) => (await record(`?category=INHOUSE${query}`, { lang })).json().value.items[0].gameName;
    expect(await name('', 'cn')).toBe('吴哥宝藏');
    expect(await name('', 'km')).toBe('កំណប់អង្គរ');
    expect(await name('&language=cn', 'en')).toBe('吴哥宝藏');
    // A listed language without names of its own reads English.
    expect(await name('&language=th', 'km')).toBe('Angkor Treasures');
  });

  it('filters by category, vendor and date range, totals following the filter', async () => {
    const live = (await record('?category=LIVE')).json().value;
    expect(live.items.map((i: { roundId: string }) => i.roundId)).toEqual([vendorRound.liveOpen, vendorRound.liveWon]);
    expect(live.totals).toEqual({ rounds: 2, stake: '15.00', payout: '25.00', profit: '15.00', open: { rounds: 1, stake: '5.00' } });
    const inhouse = (await record('?category=INHOUSE')).json().value;
    expect(inhouse.total).toBe(SPINS);
    expect(inhouse.totals).toEqual({ rounds: SPINS, stake: `${SPINS}.00`, payout: fromMinor(slotPayout), profit: fromMinor(slotPayout - toMinor(`${SPINS}.00`)), open: { rounds: 0, stake: '0.00' } });
    // The slot is listed in the slots lobby too: filtering by slots finds its spins (each still labelled
    // with its own category, INHOUSE); no other game of this member is a slot.
    const slots = (await record('?category=RNG')).json().value;
    expect(slots.total).toBe(SPINS);
    expect(new Set(slots.items.map((i: { category: string }) => i.category))).toEqual(new Set(['INHOUSE']));
    expect(slots.totals).toEqual(inhouse.totals);
    expect((await record('?category=FISH')).json().value).toMatchObject({ items: [], total: 0 });
    expect((await record('?vendor=IBC')).json().value).toMatchObject({ total: 1, items: [{ roundId: vendorRound.sportsLost }], totals: { rounds: 1, profit: '-20.00' } });
    expect((await record('?vendor=IBC&category=LIVE')).json().value.total).toBe(0);
    expect((await record(`?vendor=${liveVendor}&category=LIVE`)).json().value.total).toBe(2);

    // The range is [from, to): the spins were all opened before `between`, the vendor rounds after it.
    const after = (await record(q({ from: between }))).json().value;
    expect(after.items.map((i: { roundId: string }) => i.roundId)).toEqual([vendorRound.sportsLost, vendorRound.liveOpen, vendorRound.liveWon]);
    expect(after.from).toBe(between);
    const before = (await record(q({ from: new Date(Date.parse(between) - 86_400_000).toISOString(), to: between }))).json().value;
    expect(before.total).toBe(SPINS);
    expect(before.to).toBe(between);
    const past = (await record(q({ from: new Date(Date.now() - 40 * 86_400_000).toISOString(), to: new Date(Date.now() - 10 * 86_400_000).toISOString() }))).json().value;
    expect(past).toMatchObject({ items: [], total: 0, totals: { rounds: 0, stake: '0.00', payout: '0.00', profit: '0.00' } });
    // An offset is honoured: the same instant written in Phnom Penh time.
    const local = new Date(Date.parse(between) + 7 * 3_600_000).toISOString().replace('Z', '+07:00');
    expect((await record(q({ from: local }))).json().value.total).toBe(3);
    // Without a range: the last 7 days up to now.
    const dflt = (await record()).json().value;
    expect(Date.parse(dflt.to) - Date.parse(dflt.from)).toBe(7 * 86_400_000);
  });
});

describe('GET /wps/relay/ODSFE2_MemProfit (personalProfit)', () => {
  it('sums settled rounds per category in menu order, with a grand total, open rounds and bonuses apart', async () => {
    const res = await profit();
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    const slotStake = toMinor(`${SPINS}.00`);
    expect(v.categories).toEqual([
      { category: 'LIVE', rounds: 1, stake: '10.00', payout: '25.00', profit: '15.00' },
      { category: 'SPORTS', rounds: 1, stake: '20.00', payout: '0.00', profit: '-20.00' },
      { category: 'INHOUSE', rounds: SPINS, stake: fromMinor(slotStake), payout: fromMinor(slotPayout), profit: fromMinor(slotPayout - slotStake) },
    ]);
    const closedStake = slotStake + toMinor('30.00');
    expect(v.total).toEqual({ rounds: SPINS + 2, stake: fromMinor(closedStake), payout: fromMinor(PAYOUT()), profit: fromMinor(PAYOUT() - closedStake) });
    expect(v.pending).toEqual({ rounds: 1, stake: '5.00' });
    expect(v.bonus).toBe('0.00');
    expect(v.net).toBe(v.total.profit);
  });

  it('covers only the asked range', async () => {
    const after = (await profit(q({ from: between }))).json().value;
    expect(after.categories.map((c: { category: string }) => c.category)).toEqual(['LIVE', 'SPORTS']);
    expect(after.total).toEqual({ rounds: 2, stake: '30.00', payout: '25.00', profit: '-5.00' });
    const past = (await profit(q({ from: new Date(Date.now() - 60 * 86_400_000).toISOString(), to: new Date(Date.now() - 30 * 86_400_000).toISOString() }))).json().value;
    expect(past).toMatchObject({ categories: [], total: { rounds: 0, stake: '0.00', payout: '0.00', profit: '0.00' }, pending: { rounds: 0, stake: '0.00' }, net: '0.00' });
  });
});

describe('isolation', () => {
  it('in-house Dice and Mines rounds carry what the verifier needs; others carry nothing', async () => {
    const fair = await makeMember(h, uname('bf'));
    await fund(h, ops, fair.id, '20.00');
    const seeds = (await h.call({ method: 'GET', url: '/wps/inhouse/fair/seeds', token: fair.token })).json().value;
    const dice = await h.call({ method: 'POST', url: '/wps/inhouse/dice/roll', token: fair.token, payload: { amount: '1.00', target: '50', direction: 'under', idempotencyKey: newKey('d') } });
    expect(dice.statusCode, dice.body).toBe(200);
    // The game's mines, known here from the seed in the database, so the test opens a safe cell.
    const seed = await h.database.db.selectFrom('inhouse_seeds').selectAll().where('member_id', '=', fair.id).executeTakeFirstOrThrow();
    const mineCells = await generateMines({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce }, 5);
    const safe = Array.from({ length: 25 }, (_, c) => c).find((c) => !mineCells.includes(c))!;
    const mines = (await h.call({ method: 'POST', url: '/wps/inhouse/mines/start', token: fair.token, payload: { amount: '1.00', mines: 5, idempotencyKey: newKey('m') } })).json().value;
    // While the game is open its round has no reference yet.
    const open = (await record('', { token: fair.token })).json().value.items as { gameCode: string; status: string; fair: unknown }[];
    expect(open.find((i) => i.gameCode === 'MINES')).toMatchObject({ status: 'open', fair: null });
    expect((await h.call({ method: 'POST', url: '/wps/inhouse/mines/reveal', token: fair.token, payload: { gameId: mines.gameId, cell: safe } })).json().value.status).toBe('open');
    const going = (await record('', { token: fair.token })).json().value.items as { gameCode: string; play: unknown }[];
    expect(going.find((i) => i.gameCode === 'MINES')!.play).toEqual({ game: 'MINES', mines: 5, safe: 1, outcome: 'open' });
    expect((await h.call({ method: 'POST', url: '/wps/inhouse/mines/cashout', token: fair.token, payload: { gameId: mines.gameId } })).json().value.status).toBe('cashed');

    // A second game hits a mine after one safe tile.
    const mineCells2 = await generateMines({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce + 1 }, 3);
    const safe2 = Array.from({ length: 25 }, (_, c) => c).find((c) => !mineCells2.includes(c))!;
    const lost = (await h.call({ method: 'POST', url: '/wps/inhouse/mines/start', token: fair.token, payload: { amount: '1.00', mines: 3, idempotencyKey: newKey('m') } })).json().value;
    expect((await h.call({ method: 'POST', url: '/wps/inhouse/mines/reveal', token: fair.token, payload: { gameId: lost.gameId, cell: safe2 } })).json().value.status).toBe('open');
    expect((await h.call({ method: 'POST', url: '/wps/inhouse/mines/reveal', token: fair.token, payload: { gameId: lost.gameId, cell: mineCells2[0] } })).json().value.status).toBe('lost');

    const items = (await record('', { token: fair.token })).json().value.items as { roundRef: string; gameCode: string; status: string; fair: unknown; play: unknown }[];
    // What was played, for the record to word: the dice's bet and roll, the mines and safe tiles turned.
    expect(items.find((i) => i.gameCode === 'DICE')!.play).toEqual({ game: 'DICE', direction: 'under', target: '50.00', roll: dice.json().value.roll });
    expect(items.find((i) => i.roundRef === `MINES-${mines.gameId}`)!.play).toEqual({ game: 'MINES', mines: 5, safe: 1, outcome: 'cashed' });
    expect(items.find((i) => i.roundRef === `MINES-${lost.gameId}`)!.play).toEqual({ game: 'MINES', mines: 3, safe: 1, outcome: 'lost' });
    // While it was open: the mines and the safe tiles so far (none), never where the mines are.
    expect(open.find((i) => i.gameCode === 'MINES')).toMatchObject({ play: { game: 'MINES', mines: 5, safe: 0, outcome: 'open' } });
    const ref = { serverSeedHash: seeds.serverSeedHash, clientSeed: seeds.clientSeed };
    expect(items.find((i) => i.gameCode === 'DICE')!.fair).toEqual({ game: 'DICE', ...ref, nonce: 0 });
    const minesRound = items.find((i) => i.roundRef === `MINES-${mines.gameId}`)!;
    expect(minesRound.status).toBe('closed');
    // Exactly these fields: nothing of the finished game's cells.
    expect(minesRound.fair).toEqual({ game: 'MINES', ...ref, nonce: 1, mines: 5 });
  });

  it('another member of the site sees none of these rounds, and their own play only', async () => {
    const other = await makeMember(h, uname('bo'));
    expect((await record('', { token: other.token })).json().value).toMatchObject({ items: [], total: 0, totals: { rounds: 0 } });
    expect((await profit('', { token: other.token })).json().value).toMatchObject({ categories: [], total: { rounds: 0 }, pending: { rounds: 0 } });
    await fund(h, ops, other.id, '10.00');
    const s = await spin(other.token);
    const theirs = (await record('', { token: other.token })).json().value;
    expect(theirs.items.map((i: { roundRef: string }) => i.roundRef)).toEqual([s.roundId]);
    expect((await record()).json().value.total).toBe(SPINS + 3);
  });

  it('another merchant’s member sees only their own rounds, and a token does not cross sites', async () => {
    const lotusOpsName = uname('lotop');
    await h.addOperator('LOTUS', lotusOpsName, 'Lotus-Ops-Pass-1', 'admin');
    const lotusOps = await h.opsLogin(lotusOpsName, 'Lotus-Ops-Pass-1', 'lotus.localhost');
    const lotus = await makeMember(h, uname('bl'), { merchant: 'LOTUS', host: 'lotus.localhost' });
    await fund(h, lotusOps, lotus.id, '50.00', 'lotus.localhost');
    const s = await spin(lotus.token, 'lotus.localhost');
    const theirs = (await record('', { token: lotus.token, host: 'lotus.localhost' })).json().value;
    expect(theirs.items.map((i: { roundRef: string }) => i.roundRef)).toEqual([s.roundId]);
    expect((await profit('', { token: lotus.token, host: 'lotus.localhost' })).json().value.total.rounds).toBe(1);
    expect((await record()).json().value.total).toBe(SPINS + 3);
    expect((await record('', { host: 'lotus.localhost' })).statusCode).toBe(401);
    expect((await profit('', { host: 'lotus.localhost' })).statusCode).toBe(401);
  });

  it('trial accounts may read their (empty) record; no token is 401', async () => {
    const trial = await h.login('trial01', 'Trial1234');
    expect((await record('', { token: trial })).json()).toMatchObject({ success: true, value: { items: [], total: 0 } });
    expect((await profit('', { token: trial })).json()).toMatchObject({ success: true, value: { categories: [], net: '0.00' } });
    for (const url of ['/wps/relay/ODSFE2_MemBetDet', '/wps/relay/ODSFE2_MemProfit']) {
      const res = await h.call({ method: 'GET', url, lang: 'en' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('NOT_LOGGED_IN');
    }
  });
});

describe('bad input', () => {
  const day = 86_400_000;
  const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
  const snapshot = async () =>
    (await sql<{ d: string }>`select (select count(*) from game_rounds)::text || ':' || (select count(*) from ledger_entries)::text || ':' || (select count(*) from vendor_transactions)::text as d`.execute(h.database.db)).rows[0].d;

  it.each([
    ['unknown category', '?category=SLOTS'],
    ['lower-case category', '?category=live'],
    ['bad vendor code', '?vendor=bg'],
    ['vendor injection', `?vendor=${encodeURIComponent("BG'--")}`],
    ['date without time', '?from=2026-01-01'],
    ['not a date', '?from=yesterday'],
    ['page zero', '?page=0'],
    ['page not a number', '?page=abc'],
    ['unknown parameter', '?memberId=1'],
    ['from after to', q({ from: iso(day), to: iso(2 * day) })],
    ['from equal to to', q({ from: iso(day), to: iso(day) })],
    ['more than 90 days', q({ from: iso(92 * day), to: iso(day) })],
    ['from alone too far back', q({ from: iso(120 * day) })],
  ])('record: %s → 400 VALIDATION_FAILED, nothing written', async (_name, query) => {
    const before = await snapshot();
    const res = await record(query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: expect.stringMatching(/^Some fields are invalid: /) });
    expect(await snapshot()).toBe(before);
  });

  it('profit: the same range rules, no category parameter', async () => {
    for (const query of [q({ from: iso(day), to: iso(2 * day) }), q({ from: iso(100 * day), to: iso(0) }), '?category=LIVE', '?page=1', '?to=tomorrow']) {
      const res = await profit(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('exactly 90 days is accepted', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 90 * day);
    expect((await record(q({ from: from.toISOString(), to: to.toISOString() }))).statusCode).toBe(200);
    expect((await profit(q({ from: from.toISOString(), to: to.toISOString() }))).statusCode).toBe(200);
  });

  it('90 calendar days across a daylight-saving change (one hour longer) are accepted; a minute more is not', async () => {
    // New York: 6 August 2024 00:00 (EDT, −04:00) up to 4 November 00:00 (EST, −05:00) is 90 local days
    // (the clocks went back on 3 November), that is 90 × 24 h + 1 h.
    const from = '2024-08-06T00:00:00-04:00';
    expect((await record(q({ from, to: '2024-11-04T00:00:00-05:00' }))).statusCode).toBe(200);
    expect((await record(q({ from, to: '2024-11-04T00:01:00-05:00' }))).statusCode).toBe(400);
  });

  it('names the field and the rule in the request’s language', async () => {
    const span = q({ from: iso(100 * day), to: iso(0) });
    const en = (await record(span, { lang: 'en' })).json();
    expect(en.message).toBe('Some fields are invalid: from: the range may cover at most 90 days');
    expect(en.fields).toEqual([{ field: 'from', rule: 'maxDays', message: 'the range may cover at most 90 days' }]);
    expect((await record(span, { lang: 'cn' })).json().message).toBe('部分字段无效：from: 查询范围最多90天');
    expect((await profit(span, { lang: 'km' })).json().message).toContain('90 ថ្ងៃ');
    const order = (await record(q({ from: iso(day), to: iso(2 * day) }), { lang: 'cn' })).json();
    expect(order.fields).toEqual([{ field: 'to', rule: 'after', message: '须晚于开始时间' }]);
    expect((await record('?category=SLOTS', { lang: 'cn' })).json().message).toMatch(/^部分字段无效：category/);
  });
});
