import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { CLOSE_MINUTE, GOAL_PAUSE_MINUTES, fixtureById, fixturesAround, fixturesOfSlot, pricesAt, stateAt, wins, type Fixture, type Selection } from './sportsbook.js';
import { VendorBetDescription } from '@apsara/contracts';
import { KEEP_SETTLED_MS, accumulatorPrice, betKind, describeBet, sportsBets } from './sportsbook-bets.js';
import { createSim } from './server.js';
import { VENDOR_DEV_SECRET, verify } from './signing.js';

const schedule = { matchMs: 30 * 60_000 };
const minute = schedule.matchMs / 90;
const T0 = Date.UTC(2026, 11, 2, 12, 0, 0);

describe('fixtures', () => {
  it('are the same for the same slot, and found again by id', () => {
    const a = fixturesOfSlot(schedule, 1_000_123);
    expect(a.length).toBeGreaterThanOrEqual(2);
    expect(fixturesOfSlot(schedule, 1_000_123)).toEqual(a);
    for (const f of a) expect(fixtureById(schedule, f.id)).toEqual(f);
    expect(fixtureById(schedule, 'MKL-1000123-9')).toBeUndefined();
    expect(fixtureById(schedule, 'nonsense')).toBeUndefined();
  });

  it('never put a team on the pitch twice at once, nor against itself', () => {
    const all = fixturesAround(schedule, T0, 7 * 24 * 3_600_000);
    const byTeam = new Map<string, Fixture[]>();
    for (const f of all) {
      expect(f.home).not.toBe(f.away);
      for (const t of [f.home, f.away]) byTeam.set(t, [...(byTeam.get(t) ?? []), f]);
    }
    for (const list of byTeam.values()) {
      const sorted = list.sort((a, b) => a.kickoff - b.kickoff);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i].kickoff - sorted[i - 1].kickoff).toBeGreaterThanOrEqual(schedule.matchMs);
    }
  });

  it('play out their script: no score before kick-off, goals counted as their minute passes, the final score at the end', () => {
    const f = fixturesAround(schedule, T0).find((x) => x.goals.home.length + x.goals.away.length >= 2)!;
    expect(stateAt(schedule, f, f.kickoff - 1)).toEqual({ phase: 'pre', score: { home: 0, away: 0 } });
    let last = { home: 0, away: 0 };
    for (let m = 1; m <= 90; m++) {
      const s = stateAt(schedule, f, f.kickoff + m * minute - 1);
      expect(s.phase).toBe('live');
      if (s.phase !== 'live') continue;
      expect(s.minute).toBe(m);
      expect(s.score.home).toBeGreaterThanOrEqual(last.home);
      expect(s.score.away).toBeGreaterThanOrEqual(last.away);
      last = s.score;
    }
    expect(stateAt(schedule, f, f.kickoff + schedule.matchMs)).toEqual({ phase: 'ended', score: { home: f.goals.home.length, away: f.goals.away.length } });
  });
});

describe('prices', () => {
  it('carry a margin before kick-off: the implied chances of each market add up to a little over one', () => {
    for (const f of fixturesAround(schedule, T0).slice(0, 50)) {
      const p = pricesAt(schedule, f, f.kickoff - 1);
      const book = (sels: Selection[]) => sels.reduce((s, k) => s + (p[k] === null ? 1 : 100 / p[k]!), 0);
      expect(book(['home', 'draw', 'away'])).toBeGreaterThan(1.04);
      expect(book(['home', 'draw', 'away'])).toBeLessThan(1.12);
      expect(book(['over', 'under'])).toBeGreaterThan(1.04);
      expect(book(['over', 'under'])).toBeLessThan(1.12);
    }
  });

  it('close from the 85th minute, for two minutes after a goal, and at the end', () => {
    const f = fixturesAround(schedule, T0).find((x) => x.goals.home.some((m) => m > 10 && m < 80))!;
    const goal = f.goals.home.find((m) => m > 10 && m < 80)!;
    const open = (p: ReturnType<typeof pricesAt>) => Object.values(p).some((v) => v !== null);
    const at = (m: number) => pricesAt(schedule, f, f.kickoff + m * minute);
    expect(open(at(goal + 0.01))).toBe(false);
    expect(open(at(goal + GOAL_PAUSE_MINUTES - 0.01))).toBe(false);
    const others = [...f.goals.home, ...f.goals.away].filter((m) => m > goal && m < goal + GOAL_PAUSE_MINUTES + 0.1);
    if (!others.length) expect(open(at(goal + GOAL_PAUSE_MINUTES + 0.05))).toBe(true);
    expect(open(at(CLOSE_MINUTE))).toBe(false);
    expect(open(pricesAt(schedule, f, f.kickoff + schedule.matchMs))).toBe(false);
  });

  it('follow the score in play: a side two goals up is priced shorter than before kick-off', () => {
    const f = fixturesAround(schedule, T0, 30 * 24 * 3_600_000).find((x) => x.goals.home.filter((m) => m < 60).length >= 2 && !x.goals.away.some((m) => m < 70))!;
    const before = pricesAt(schedule, f, f.kickoff - 1).home!;
    const later = pricesAt(schedule, f, f.kickoff + 70 * minute);
    expect(later.home === null || later.home < before).toBe(true);
    expect(later.away === null || later.away > pricesAt(schedule, f, f.kickoff - 1).away!).toBe(true);
  });

  it('are true to the matches: backing every selection at the kick-off price over 4,000 matches returns less than the stakes, about the margin less', () => {
    const matches = fixturesAround(schedule, T0, 1000 * schedule.matchMs).slice(0, 4000);
    expect(matches.length).toBe(4000);
    for (const sel of ['home', 'draw', 'away', 'over', 'under'] as const) {
      let staked = 0;
      let returned = 0;
      for (const f of matches) {
        const p = pricesAt(schedule, f, f.kickoff - 1)[sel];
        if (p === null) continue;
        staked += 1;
        if (wins(sel, { home: f.goals.home.length, away: f.goals.away.length })) returned += p / 100;
      }
      const rtp = returned / staked;
      expect(rtp, sel).toBeGreaterThan(0.88);
      expect(rtp, sel).toBeLessThan(1.0);
    }
  });
});

/** A portal wallet in memory: balance, bet, win, endRound, rollback, idempotent by transactionId. */
const wallet = (start = 100_00n) => {
  let balance = start;
  const seen = new Map<string, Record<string, any>>();
  const calls: { call: string; body: Record<string, any> }[] = [];
  /** What each accepted bet said it was on, by round. */
  const described = new Map<string, string>();
  const said = new Map<string, string | undefined>();
  let down = false;
  const fmt = () => `${balance / 100n}.${String(balance % 100n).padStart(2, '0')}`;
  const seamless = async (_vendor: string, call: string, body: Record<string, any>) => {
    calls.push({ call, body });
    if (down) return { status: 'ERROR', code: 'UNREACHABLE', message: 'The portal did not answer' };
    if (body.token !== 'tok-live-000000000001') return { status: 'ERROR', code: 'TOKEN_INVALID', message: 'unknown token' };
    // As the portal: a repeated transactionId is answered as first, unless its words differ (another request).
    if (body.transactionId && seen.has(body.transactionId)) {
      if (said.get(body.transactionId) !== (body.description ?? body.result)) return { status: 'ERROR', code: 'TRANSACTION_CONFLICT', message: 'other request' };
      return seen.get(body.transactionId)!;
    }
    const cents = body.amount ? BigInt(Math.round(Number(body.amount) * 100)) : 0n;
    let answer: Record<string, any> = { status: 'OK', playerId: 'p-1', displayName: 'demo', currency: 'USD' };
    if (call === 'bet') {
      if (cents > balance) answer = { status: 'ERROR', code: 'INSUFFICIENT_FUNDS', message: 'no', balance: fmt() };
      else {
        balance -= cents;
        if (body.description) described.set(body.roundId, body.description);
      }
    }
    if (call === 'win') balance += cents;
    answer = { ...answer, balance: fmt() };
    if (body.transactionId) {
      seen.set(body.transactionId, answer);
      said.set(body.transactionId, body.description ?? body.result);
    }
    return answer;
  };
  return { seamless, calls, described, balance: () => balance, setDown: (v: boolean) => (down = v) };
};

describe('bets', () => {
  const TOKEN = 'tok-live-000000000001';
  const setup = (file?: string) => {
    let now = T0;
    const w = wallet();
    const book = sportsBets({ schedule, seamless: w.seamless, file, now: () => now });
    const upcoming = fixturesAround(schedule, T0).find((f) => f.kickoff > T0 && f.goals.home.length !== f.goals.away.length)!;
    return { book, w, upcoming, setNow: (t: number) => (now = t), input: (sel: Selection, extra: object = {}) => ({ token: TOKEN, matchId: upcoming.id, selection: sel, price: pricesAt(schedule, upcoming, T0)[sel], stake: '10.00', ...extra }) };
  };

  it('refuses bad input and moves nothing', async () => {
    const { book, w, input } = setup();
    for (const stake of ['0', '-1.00', '1.005', 'ten', '', '99999999999999', '0.99', '10000.01']) {
      expect(await book.place('IBC', 'SPORTSBOOK', input('home', { stake })), stake).toMatchObject({ ok: false, code: 'AMOUNT_INVALID' });
    }
    expect(await book.place('IBC', 'SPORTSBOOK', input('home', { matchId: 'MKL-1-9' }))).toMatchObject({ ok: false, code: 'MATCH_UNKNOWN' });
    expect(await book.place('IBC', 'SPORTSBOOK', input('home', { selection: 'both' }))).toMatchObject({ ok: false, code: 'SELECTION_INVALID' });
    expect(await book.place('IBC', 'SPORTSBOOK', input('home', { token: 'someone-else' }))).toMatchObject({ ok: false, code: 'TOKEN_INVALID' });
    expect(await book.place('IBC', 'SPORTSBOOK', input('home', { stake: '200.00' }))).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS', balance: '100.00' });
    expect(w.balance()).toBe(100_00n);
    expect(book.all()).toEqual([]);
  });

  it('refuses a price that moved, telling the new one; and a market that closed', async () => {
    const { book, upcoming, input, setNow } = setup();
    const now = pricesAt(schedule, upcoming, T0).home!;
    expect(await book.place('IBC', 'SPORTSBOOK', input('home', { price: now + 5 }))).toMatchObject({ ok: false, code: 'PRICE_CHANGED', price: now, message: `The price fell to ${(now / 100).toFixed(2)}` });
    expect(await book.place('IBC', 'SPORTSBOOK', input('home', { price: '1.90' }))).toMatchObject({ ok: false, code: 'PRICE_CHANGED', price: now });
    expect(book.all()).toEqual([]);
    // A price that rose since the player saw it is theirs: the bet stands at the better figure.
    expect(await book.place('IBC', 'SPORTSBOOK', input('home', { price: now - 7 }))).toMatchObject({ ok: true, bet: { price: now } });
    expect(book.all()).toHaveLength(1);
    setNow(upcoming.kickoff + CLOSE_MINUTE * minute);
    expect(await book.place('IBC', 'SPORTSBOOK', input('home'))).toMatchObject({ ok: false, code: 'MARKET_CLOSED' });
    setNow(upcoming.kickoff + schedule.matchMs);
    expect(await book.place('IBC', 'SPORTSBOOK', input('home'))).toMatchObject({ ok: false, code: 'MARKET_CLOSED', message: 'This match has ended' });
    expect(book.all()).toHaveLength(1);
  });

  it('holds a bet open until its match ends, then pays stake × price to a winner and closes a loser, once', async () => {
    const { book, w, upcoming, input, setNow } = setup();
    const winner: Selection = upcoming.goals.home.length > upcoming.goals.away.length ? 'home' : 'away';
    const loser: Selection = winner === 'home' ? 'away' : 'home';
    const a = await book.place('IBC', 'SPORTSBOOK', input(winner));
    const b = await book.place('IBC', 'SPORTSBOOK', input(loser, { stake: '5.00' }));
    expect(a).toMatchObject({ ok: true, balance: '90.00' });
    expect(b).toMatchObject({ ok: true, balance: '85.00' });
    const price = pricesAt(schedule, upcoming, T0)[winner]!;

    setNow(upcoming.kickoff + 45 * minute);
    await book.settleDue();
    expect(book.betsOf('IBC', 'p-1').map((x) => x.state)).toEqual(['open', 'open']);

    setNow(upcoming.kickoff + schedule.matchMs);
    w.calls.length = 0;
    await book.settleDue();
    await book.settleDue();
    const payout = (1000n * BigInt(price)) / 100n;
    expect(w.balance()).toBe(85_00n + payout);
    expect(w.calls.map((c) => c.call).sort()).toEqual(['endRound', 'win']);
    const win = w.calls.find((c) => c.call === 'win')!.body;
    expect(win).toMatchObject({ endRound: true, currency: 'USD', roundId: (a as any).bet.id });
    const bets = book.betsOf('IBC', 'p-1');
    const final = `${upcoming.goals.home.length}–${upcoming.goals.away.length}`;
    expect(bets.find((x) => x.legs[0].selection === winner)).toMatchObject({ kind: 'Single', state: 'won', payout: win.amount, legs: [{ state: 'won', final }] });
    expect(bets.find((x) => x.legs[0].selection === loser)).toMatchObject({ state: 'lost', payout: '0.00', legs: [{ state: 'lost', final }] });
    // The portal is told what each bet was on and how it ended, for its betting record.
    const match = `${upcoming.home} v ${upcoming.away}`;
    const winnerName = winner === 'home' ? upcoming.home : upcoming.away;
    expect(win.result).toBe(`Full time ${final} · won`);
    expect(w.calls.find((c) => c.call === 'endRound')!.body.result).toBe(`Full time ${final} · lost`);
    expect(w.described.get((a as any).bet.id)).toBe(`${match} · ${winnerName} to win @ ${(price / 100).toFixed(2)}`);
    expect(book.betsOf('IBC', 'someone')).toEqual([]);
    expect(book.betsOf('SBT', 'p-1')).toEqual([]);

    // A week after settlement they are forgotten here (the portal's betting record keeps them).
    setNow(upcoming.kickoff + schedule.matchMs + KEEP_SETTLED_MS + 1);
    await book.settleDue();
    expect(book.all()).toEqual([]);
  });

  it('keeps a settlement the portal did not answer, tries it again, and after a restart from its file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sportsbook-'));
    try {
      const file = join(dir, 'bets.json');
      const first = setup(file);
      const winner: Selection = first.upcoming.goals.home.length > first.upcoming.goals.away.length ? 'home' : 'away';
      expect(await first.book.place('IBC', 'SPORTSBOOK', first.input(winner))).toMatchObject({ ok: true });
      first.setNow(first.upcoming.kickoff + schedule.matchMs + 1);
      first.w.setDown(true);
      await first.book.settleDue();
      expect(first.book.all()[0]).toMatchObject({ state: 'open', lastError: 'UNREACHABLE: The portal did not answer' });

      // A new process reads the open bet back and settles it against the same wallet.
      let now = first.upcoming.kickoff + schedule.matchMs + 5_000;
      first.w.setDown(false);
      const again = sportsBets({ schedule, seamless: first.w.seamless, file, now: () => now });
      expect(again.all()).toHaveLength(1);
      expect(again.all()[0].stake).toBe(1000n);
      await again.settleDue();
      expect(again.all()[0]).toMatchObject({ state: 'won' });
      expect(first.w.balance()).toBeGreaterThan(100_00n);
      now += 60_000;
      const third = sportsBets({ schedule, seamless: first.w.seamless, file, now: () => now });
      const before = first.w.calls.length;
      await third.settleDue();
      expect(first.w.calls.length).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('accumulators', () => {
  const TOKEN = 'tok-live-000000000001';
  /** Upcoming matches with a winner, by kick-off: the selection that wins and one that loses each. */
  const upcoming = fixturesAround(schedule, T0)
    .filter((f) => f.kickoff > T0 && f.goals.home.length !== f.goals.away.length)
    .sort((a, b) => a.kickoff - b.kickoff);
  const winnerOf = (f: Fixture): Selection => (f.goals.home.length > f.goals.away.length ? 'home' : 'away');
  const loserOf = (f: Fixture): Selection => (winnerOf(f) === 'home' ? 'away' : 'home');
  const leg = (f: Fixture, selection: Selection) => ({ matchId: f.id, selection, price: pricesAt(schedule, f, T0)[selection] });
  // Two matches that end at different times.
  const first = upcoming[0];
  const second = upcoming.find((f) => f.kickoff > first.kickoff)!;

  it('prices a double at the product of its prices, rounded down, and tells the portal each selection', async () => {
    expect(accumulatorPrice([215, 190])).toBe(408);
    expect(accumulatorPrice([101, 101, 101])).toBe(103);
    expect(betKind(2)).toBe('Double');
    expect(betKind(3)).toBe('Treble');
    expect(betKind(5)).toBe('5-fold accumulator');
    const w = wallet();
    const book = sportsBets({ schedule, seamless: w.seamless, now: () => T0 });
    const legs = [leg(first, winnerOf(first)), leg(second, 'over')];
    const placed = await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, legs, stake: '10.00' });
    const price = accumulatorPrice(legs.map((l) => l.price!));
    expect(placed).toMatchObject({ ok: true, balance: '90.00', bet: { kind: 'Double', price, stake: '10.00', toReturn: ((1000 * price) / 10000).toFixed(2) } });
    const lines = w.described.get((placed as any).bet.id)!.split('\n');
    expect(lines).toEqual([
      `Double @ ${(price / 100).toFixed(2)}`,
      `${first.home} v ${first.away} · ${winnerOf(first) === 'home' ? first.home : first.away} to win @ ${(legs[0].price! / 100).toFixed(2)}`,
      `${second.home} v ${second.away} · Over 2.5 goals @ ${(legs[1].price! / 100).toFixed(2)}`,
    ]);
  });

  it('wins only once every match has ended with its selection won, paying stake × the double price', async () => {
    let now = T0;
    const w = wallet();
    const book = sportsBets({ schedule, seamless: w.seamless, now: () => now });
    const legs = [leg(first, winnerOf(first)), leg(second, winnerOf(second))];
    const placed = (await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, legs, stake: '2.00' })) as any;
    expect(placed.ok).toBe(true);
    now = first.kickoff + schedule.matchMs;
    await book.settleDue();
    expect(book.betsOf('IBC', 'p-1')[0]).toMatchObject({ state: 'open', legs: [{ state: 'won' }, { state: 'open' }] });
    expect(w.calls.filter((c) => c.call !== 'balance' && c.call !== 'bet')).toEqual([]);
    now = second.kickoff + schedule.matchMs;
    await book.settleDue();
    const payout = (200n * BigInt(placed.bet.price)) / 100n;
    expect(w.balance()).toBe(100_00n - 200n + payout);
    expect(w.calls.find((c) => c.call === 'win')!.body).toMatchObject({ endRound: true, result: 'Won · all 2 selections came in' });
    expect(book.betsOf('IBC', 'p-1')[0]).toMatchObject({ state: 'won', legs: [{ state: 'won' }, { state: 'won' }] });
  });

  it('is lost as soon as one match ends with its selection lost, while the other is still to be played', async () => {
    let now = T0;
    const w = wallet();
    const book = sportsBets({ schedule, seamless: w.seamless, now: () => now });
    const legs = [leg(first, loserOf(first)), leg(second, winnerOf(second))];
    expect(await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, legs, stake: '2.00' })).toMatchObject({ ok: true });
    now = first.kickoff + schedule.matchMs;
    expect(stateAt(schedule, second, now).phase).not.toBe('ended');
    await book.settleDue();
    expect(w.calls.find((c) => c.call === 'endRound')!.body.result).toBe(`Lost · ${first.home} v ${first.away} ended ${first.goals.home.length}–${first.goals.away.length}`);
    expect(book.betsOf('IBC', 'p-1')[0]).toMatchObject({ state: 'lost', payout: '0.00', legs: [{ state: 'lost' }, { state: 'open' }] });
    expect(w.balance()).toBe(100_00n - 200n);
  });

  it('refuses what is not an accumulator, a price that fell, a market that closed and a return over the limit, moving nothing', async () => {
    let now = T0;
    const w = wallet();
    const book = sportsBets({ schedule, seamless: w.seamless, now: () => now });
    const place = (legs: unknown, stake = '10.00') => book.place('IBC', 'SPORTSBOOK', { token: TOKEN, legs, stake });
    expect(await place([])).toMatchObject({ ok: false, code: 'SELECTION_INVALID' });
    expect(await place('home')).toMatchObject({ ok: false, code: 'SELECTION_INVALID' });
    expect(await place([null])).toMatchObject({ ok: false, code: 'SELECTION_INVALID' });
    expect(await place(upcoming.slice(0, 9).map((f) => leg(f, 'over')))).toMatchObject({ ok: false, code: 'SELECTION_INVALID', message: 'A bet has 1 to 8 selections' });
    expect(await place([leg(first, 'home'), leg(first, 'over')])).toMatchObject({ ok: false, code: 'SELECTION_INVALID', matchId: first.id });
    expect(await place([leg(first, 'home'), { ...leg(second, 'home'), selection: 'both' }])).toMatchObject({ ok: false, code: 'SELECTION_INVALID' });
    expect(await place([leg(first, 'home'), { ...leg(second, 'home'), matchId: 'MKL-1-9' }])).toMatchObject({ ok: false, code: 'MATCH_UNKNOWN' });
    const seen = leg(second, 'draw');
    expect(await place([leg(first, 'home'), { ...seen, price: seen.price! + 3 }])).toMatchObject({
      ok: false,
      code: 'PRICE_CHANGED',
      matchId: second.id,
      price: seen.price,
      prices: [leg(first, 'home').price, seen.price],
      message: `The price of Draw fell to ${(seen.price! / 100).toFixed(2)}`,
    });
    // Every selection at its longest price: the return passes the limit at the largest stake.
    const long = upcoming.slice(0, 8).map((f) => leg(f, (['home', 'draw', 'away'] as const).reduce((a, b) => ((pricesAt(schedule, f, T0)[a] ?? 0) >= (pricesAt(schedule, f, T0)[b] ?? 0) ? a : b))));
    expect(await place(long, '10000.00')).toMatchObject({ ok: false, code: 'AMOUNT_INVALID', message: expect.stringContaining('return at most 100000.00') });
    now = first.kickoff + schedule.matchMs;
    expect(await place([leg(first, 'home'), leg(second, 'home')])).toMatchObject({ ok: false, code: 'MARKET_CLOSED', matchId: first.id, message: `${first.home} v ${first.away}: this match has ended` });
    expect(w.balance()).toBe(100_00n);
    expect(w.calls.filter((c) => c.call !== 'balance')).toEqual([]);
    expect(book.all()).toEqual([]);
  });
});

describe('what a bet tells the portal', () => {
  const TOKEN = 'tok-live-000000000001';
  it('describes even an 8-fold of the longest names within what the portal takes', async () => {
    const length = (f: Fixture) => f.home.length + f.away.length;
    const longest = fixturesAround(schedule, T0)
      .filter((f) => f.kickoff > T0)
      .sort((a, b) => length(b) - length(a))
      .filter((f, i, all) => all.findIndex((x) => x.id === f.id) === i)
      .slice(0, 8);
    const legs = longest.map((f) => ({ matchId: f.id, selection: (f.home.length > f.away.length ? 'home' : 'away') as Selection, price: 999 }));
    const text = describeBet(schedule, legs, 99_999_999);
    expect(text.split('\n')).toHaveLength(9);
    expect(VendorBetDescription.safeParse(text).success).toBe(true);
  });

  it('writes its words before it sends them, and sends the same words every time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sportsbook-'));
    try {
      const file = join(dir, 'bets.json');
      let now = T0;
      const w = wallet();
      const book = sportsBets({ schedule, seamless: w.seamless, file, now: () => now });
      const f = fixturesAround(schedule, T0).find((x) => x.kickoff > T0)!;
      const placed = (await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, matchId: f.id, selection: 'over', price: pricesAt(schedule, f, T0).over, stake: '1.00' })) as any;
      expect(placed.ok).toBe(true);
      expect(book.all()[0].description).toBe(w.described.get(placed.bet.id));
      now = f.kickoff + schedule.matchMs;
      w.setDown(true);
      await book.settleDue();
      const result = book.all()[0].result!;
      expect(result).toMatch(/^Full time \d+–\d+ · (won|lost)$/);
      // A new process reads the words back and settles with exactly them.
      w.setDown(false);
      const again = sportsBets({ schedule, seamless: w.seamless, file, now: () => now + 5_000 });
      expect(again.all()[0].result).toBe(result);
      await again.settleDue();
      const sent = w.calls.filter((c) => c.call === 'win' || c.call === 'endRound');
      expect(new Set(sent.map((c) => c.body.result))).toEqual(new Set([result]));
      expect(again.all()[0].state).not.toBe('open');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a conflict on a bet sent again after a stop as a stake the portal holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sportsbook-'));
    try {
      const file = join(dir, 'bets.json');
      const w = wallet();
      const f = fixturesAround(schedule, T0).find((x) => x.kickoff > T0)!;
      await w.seamless('IBC', 'bet', { token: TOKEN, transactionId: 'SB-9-B', roundId: 'SB-9', amount: '2.00', currency: 'USD', description: 'other words' });
      const placing = { id: 'SB-9', vendor: 'IBC', gameCode: 'SPORTSBOOK', token: TOKEN, playerId: 'p-1', currency: 'USD', legs: [{ matchId: f.id, selection: 'home', price: 200 }], price: 200, stake: '200', placedAt: T0, state: 'placing', payout: '0', settledAt: null, description: 'these words' };
      writeFileSync(file, JSON.stringify([placing]));
      const book = sportsBets({ schedule, seamless: w.seamless, file, now: () => T0 + 1000 });
      await book.settleDue();
      expect(book.all()[0].state).toBe('open');
      expect(w.balance()).toBe(100_00n - 200n);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("in the player's language", () => {
  const TOKEN = 'tok-live-000000000001';
  const KHMER = /[\u1780-\u17FF]/;
  const HAN = /[\u4E00-\u9FFF]/;

  it('a bet placed in Khmer tells the portal Khmer words, keeps its language in the file, and a restart sends the very same words', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sportsbook-'));
    try {
      const file = join(dir, 'bets.json');
      let now = T0;
      const w = wallet();
      const book = sportsBets({ schedule, seamless: w.seamless, file, now: () => now });
      const f = fixturesAround(schedule, T0).find((x) => x.kickoff > T0 && x.goals.home.length !== x.goals.away.length)!;
      const g = fixturesAround(schedule, T0).find((x) => x.kickoff > f.kickoff)!;
      const price = pricesAt(schedule, f, T0).home!;
      const single = (await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, lang: 'km', matchId: f.id, selection: 'home', price, stake: '1.00' })) as any;
      expect(single).toMatchObject({ ok: true, bet: { kind: 'ភ្នាល់ទោល', legs: [{ pick: `${f.home} ឈ្នះ`, match: `${f.home} ទល់នឹង ${f.away}` }] } });
      const said = w.described.get(single.bet.id)!;
      expect(said).toBe(`${f.home} ទល់នឹង ${f.away} · ${f.home} ឈ្នះ @ ${(price / 100).toFixed(2)}`);
      expect(VendorBetDescription.safeParse(said).success).toBe(true);
      const legs = [{ matchId: f.id, selection: 'over', price: pricesAt(schedule, f, T0).over }, { matchId: g.id, selection: 'draw', price: pricesAt(schedule, g, T0).draw }];
      const double = (await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, lang: 'km', legs, stake: '1.00' })) as any;
      expect(w.described.get(double.bet.id)!.split('\n')).toEqual([
        `ភ្នាល់ចម្រុះ 2 @ ${(double.bet.price / 100).toFixed(2)}`,
        `${f.home} ទល់នឹង ${f.away} · លើស 2.5 គ្រាប់ @ ${(legs[0].price! / 100).toFixed(2)}`,
        `${g.home} ទល់នឹង ${g.away} · ស្មើ @ ${(legs[1].price! / 100).toFixed(2)}`,
      ]);
      const written = JSON.parse(readFileSync(file, 'utf8')) as any[];
      expect(written.map((b) => b.lang)).toEqual(['km', 'km']);

      // A process stopped before the portal's answer to the single: the next one sends the same Khmer words (no conflict).
      writeFileSync(file, JSON.stringify(written.map((b) => (b.id === single.bet.id ? { ...b, state: 'placing' } : b))));
      const restarted = sportsBets({ schedule, seamless: w.seamless, file, now: () => now });
      await restarted.settleDue();
      const sent = w.calls.filter((c) => c.call === 'bet' && c.body.roundId === single.bet.id);
      expect(sent).toHaveLength(2);
      expect(sent.map((c) => c.body.description)).toEqual([said, said]);
      expect(restarted.all().find((b) => b.id === single.bet.id)!.state).toBe('open');

      // The match ends while the portal is away: the result is written in Khmer, and a restart sends exactly it.
      now = f.kickoff + schedule.matchMs;
      w.setDown(true);
      await restarted.settleDue();
      const result = restarted.all().find((b) => b.id === single.bet.id)!.result!;
      const final = `${f.goals.home.length}–${f.goals.away.length}`;
      expect(result).toBe(`ពេញម៉ោង ${final} · ${f.goals.home.length > f.goals.away.length ? 'ឈ្នះ' : 'ចាញ់'}`);
      w.setDown(false);
      const third = sportsBets({ schedule, seamless: w.seamless, file, now: () => now + 5_000 });
      await third.settleDue();
      const settled = w.calls.filter((c) => (c.call === 'win' || c.call === 'endRound') && c.body.roundId === single.bet.id);
      expect(new Set(settled.map((c) => c.body.result))).toEqual(new Set([result]));
      expect(third.all().find((b) => b.id === single.bet.id)!.state).not.toBe('open');
      // The page asks in its own language: the same bet reads in Chinese there, while the portal keeps the Khmer words.
      expect(third.betsOf('IBC', 'p-1', 'cn').find((b) => b.id === single.bet.id)).toMatchObject({ kind: '单关', legs: [{ pick: `${f.home} 胜` }] });
      expect(KHMER.test(result) && !HAN.test(result)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('words a lost accumulator in Chinese, refuses in Chinese with the same codes, and takes an unknown language as English', async () => {
    let now = T0;
    const w = wallet();
    const book = sportsBets({ schedule, seamless: w.seamless, now: () => now });
    const upcoming = fixturesAround(schedule, T0).filter((f) => f.kickoff > T0 && f.goals.home.length !== f.goals.away.length).sort((a, b) => a.kickoff - b.kickoff);
    const first = upcoming[0];
    const second = upcoming.find((f) => f.kickoff > first.kickoff)!;
    const loser: Selection = first.goals.home.length > first.goals.away.length ? 'away' : 'home';
    const legs = [{ matchId: first.id, selection: loser, price: pricesAt(schedule, first, T0)[loser] }, { matchId: second.id, selection: 'under', price: pricesAt(schedule, second, T0).under }];
    expect(await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, lang: 'cn', legs, stake: '1.00' })).toMatchObject({ ok: true, bet: { kind: '2串1' } });
    now = first.kickoff + schedule.matchMs;
    await book.settleDue();
    expect(w.calls.find((c) => c.call === 'endRound')!.body.result).toBe(`输 · ${first.home} 对 ${first.away} 赛果 ${first.goals.home.length}–${first.goals.away.length}`);

    now = T0;
    const seen = pricesAt(schedule, second, T0).draw!;
    expect(await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, lang: 'cn', matchId: second.id, selection: 'draw', price: seen + 4, stake: '1.00' })).toMatchObject({ ok: false, code: 'PRICE_CHANGED', message: `赔率已降至 ${(seen / 100).toFixed(2)}` });
    expect(await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, lang: 'cn', matchId: second.id, selection: 'draw', price: seen, stake: '0.50' })).toMatchObject({ ok: false, code: 'AMOUNT_INVALID', message: '投注额须在 1.00 至 10000.00 之间' });
    expect(await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, lang: 'km', matchId: second.id, selection: 'draw', price: seen, stake: '500.00' })).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS', message: 'សមតុល្យមិនគ្រប់គ្រាន់សម្រាប់ប្រាក់ភ្នាល់នេះទេ' });
    expect(await book.place('IBC', 'SPORTSBOOK', { token: 'someone', lang: 'cn', matchId: second.id, selection: 'draw', price: seen, stake: '1.00' })).toMatchObject({ ok: false, code: 'TOKEN_INVALID', message: expect.stringMatching(HAN) });
    for (const lang of ['fr', 'EN', '', 42, undefined]) {
      expect(await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, lang, matchId: second.id, selection: 'draw', price: seen + 4, stake: '1.00' }), String(lang)).toMatchObject({ ok: false, code: 'PRICE_CHANGED', message: `The price fell to ${(seen / 100).toFixed(2)}` });
    }
    now = second.kickoff + schedule.matchMs;
    expect(await book.place('IBC', 'SPORTSBOOK', { token: TOKEN, lang: 'cn', matchId: second.id, selection: 'draw', price: seen, stake: '1.00' })).toMatchObject({ ok: false, code: 'MARKET_CLOSED', message: '本场比赛已结束' });
  });
});

describe('a process that stops while placing', () => {
  it('sends a bet it wrote but may not have sent again: taken once if the portal had it, placed if not, dropped if refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sportsbook-'));
    try {
      const file = join(dir, 'bets.json');
      const w = wallet();
      const f = fixturesAround(schedule, T0).find((x) => x.kickoff > T0)!;
      const price = pricesAt(schedule, f, T0).home!;
      const placing = (id: string, stake: bigint) => ({ id, vendor: 'IBC', gameCode: 'SPORTSBOOK', token: 'tok-live-000000000001', playerId: 'p-1', currency: 'USD', matchId: f.id, selection: 'home', price, stake: stake.toString(), placedAt: T0, state: 'placing', payout: '0', settledAt: null });
      // SB-1's stake reached the portal before the stop; SB-2's never left; SB-3's is more than the balance.
      await w.seamless('IBC', 'bet', { token: 'tok-live-000000000001', transactionId: 'SB-1-B', roundId: 'SB-1', amount: '10.00', currency: 'USD', gameCode: 'SPORTSBOOK' });
      writeFileSync(file, JSON.stringify([placing('SB-1', 1000n), placing('SB-2', 500n), placing('SB-3', 99_900n)]));
      const book = sportsBets({ schedule, seamless: w.seamless, file, now: () => T0 + 1000 });
      expect(book.betsOf('IBC', 'p-1')).toEqual([]);
      await book.settleDue();
      expect(book.all().map((b) => [b.id, b.state])).toEqual([['SB-1', 'open'], ['SB-2', 'open']]);
      expect(w.balance()).toBe(100_00n - 1000n - 500n);
      expect(book.betsOf('IBC', 'p-1')).toHaveLength(2);
      // The file is in the shape written before accumulators (one match at the top level): read as a single,
      // and sent again as it was first sent, without words, so the portal answers it as the same request.
      expect(book.all()[0].legs).toEqual([{ matchId: f.id, selection: 'home', price }]);
      expect(w.calls.filter((c) => c.call === 'bet').every((c) => c.body.description === undefined)).toBe(true);
      // Settled without words too: a win sent before the change may be waiting for its answer.
      const settle = sportsBets({ schedule, seamless: w.seamless, file, now: () => f.kickoff + schedule.matchMs + 1 });
      await settle.settleDue();
      expect(settle.all().every((b) => b.state === 'won' || b.state === 'lost')).toBe(true);
      expect(w.calls.filter((c) => c.call === 'win' || c.call === 'endRound').every((c) => c.body.result === undefined)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sportsbook over http', () => {
  it('launches a sports game into the sportsbook, lists the board and places a bet through the signed seamless wallet', async () => {
    const w = wallet();
    const signedOk: boolean[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      const raw = String(init.body);
      signedOk.push(verify(VENDOR_DEV_SECRET, raw, (init.headers as Record<string, string>)['x-signature']));
      return new Response(JSON.stringify(await w.seamless('IBC', url.split('/').pop()!, JSON.parse(raw))));
    }) as unknown as typeof fetch;
    const sim = createSim({ apsaraUrl: 'http://portal', secretOf: () => VENDOR_DEV_SECRET, categoryOf: () => 'SPORTS', transferVendors: new Set(['AG']), fetchImpl: fake, sports: { schedule } });
    await new Promise<void>((r) => sim.server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
    try {
      const html = await (await fetch(`${base}/launch/IBC/LIVE-BETTING?token=tok-live-000000000001`)).text();
      expect(html).toContain('role="tablist"');
      expect(html).toContain('id="tab-inplay" data-tab="inplay" aria-controls="board" aria-selected="true"');
      expect(html).toContain('<b id="balance">100.00</b>');
      // The page's one script is valid JavaScript (it is written inside a template string here).
      expect(() => new Function(html.split('<script>')[1].split('</script>')[0])).not.toThrow();
      expect(await (await fetch(`${base}/launch/IBC/SPORTSBOOK?token=tok-live-000000000001`)).text()).toContain('id="tab-today" data-tab="today" aria-controls="board" aria-selected="true"');

      const state = await (await fetch(`${base}/sportsbook/IBC/SPORTSBOOK/state?token=tok-live-000000000001`)).json();
      expect(state).toMatchObject({ ok: true, balance: '100.00', currency: 'USD', bets: [] });
      expect(state.matches.length).toBeGreaterThan(100);
      expect(state.hot.length).toBe(6);
      expect(state.leagues.map((l: any) => l.code)).toEqual(['MKL', 'PCL', 'RVC', 'CST']);
      const m = state.matches.find((x: any) => x.phase === 'pre' && x.prices.draw !== null);
      const placed = await (await fetch(`${base}/sportsbook/IBC/SPORTSBOOK/bet`, { method: 'POST', body: JSON.stringify({ token: 'tok-live-000000000001', matchId: m.id, selection: 'draw', price: m.prices.draw, stake: '2.50' }) })).json();
      expect(placed).toMatchObject({ ok: true, balance: '97.50', bet: { kind: 'Single', legs: [{ matchId: m.id, selection: 'draw', pick: 'Draw', state: 'open' }], stake: '2.50', state: 'open' } });
      const after = await (await fetch(`${base}/sportsbook/IBC/SPORTSBOOK/state?token=tok-live-000000000001`)).json();
      expect(after.bets).toHaveLength(1);
      expect(signedOk.every(Boolean)).toBe(true);
      const refused = await (await fetch(`${base}/sportsbook/IBC/SPORTSBOOK/state?token=nobody`)).json();
      expect(refused).toMatchObject({ ok: false, code: 'TOKEN_INVALID' });
      // A transfer-wallet vendor has no sportsbook here.
      expect((await fetch(`${base}/sportsbook/AG/SPORTSBOOK/state?token=x`)).status).toBe(404);

      // In the launch's language: the page in Khmer, its script given the Khmer table and asking in Khmer.
      const km = await (await fetch(`${base}/launch/IBC/SPORTSBOOK?token=tok-live-000000000001&lang=km&returnUrl=${encodeURIComponent('http://localhost:8080/sports')}`)).text();
      expect(km).toContain('<html lang="km">');
      expect(km).toContain('<h1>IBC · ភ្នាល់កីឡា</h1>');
      expect(km).toContain('<div role="tablist" aria-label="ការប្រកួត">');
      expect(km).toContain('aria-selected="true">ថ្ងៃនេះ</button>');
      expect(km).toContain('>កំពុងប្រកួត</button>');
      expect(km).toContain('<section id="slip" aria-label="សន្លឹកភ្នាល់">');
      expect(km).toContain('<button type="submit" id="slip-place">ដាក់ភ្នាល់</button>');
      expect(km).toContain('>← ត្រឡប់ទៅទំព័រដើម</a>');
      expect(km).toContain('"locale":"km-KH"');
      expect(km).toContain('"lang":"km"');
      // Nothing English is left between the tags, but for the proper nouns and codes the page names.
      const shown = km.slice(km.indexOf('>', km.indexOf('<body')) + 1).split('<script>')[0].replace(/<[^>]*>/g, ' ');
      expect(shown.match(/[A-Za-z]{3,}/g)).toEqual(['IBC', 'demo', 'USD']);
      const script = km.split('<script>')[1].split('</script>')[0];
      expect(() => new Function(script)).not.toThrow();
      expect(script).toContain('ការភ្នាល់មួយមានជម្រើសច្រើនបំផុត {n}');
      const cn = await (await fetch(`${base}/launch/IBC/SPORTSBOOK?token=tok-live-000000000001&lang=cn`)).text();
      expect(cn).toContain('<html lang="zh-CN">');
      expect(cn).toContain('>滚球</button>');
      expect(cn).toContain('"locale":"zh-CN"');
      for (const lang of ['de', 'KM', '']) {
        const page = await (await fetch(`${base}/launch/IBC/SPORTSBOOK?token=tok-live-000000000001&lang=${lang}`)).text();
        expect(page, lang).toContain('<html lang="en">');
        expect(page, lang).toContain('>In-play</button>');
      }
      // A refused launch says so in the page's language.
      expect(await (await fetch(`${base}/launch/IBC/SPORTSBOOK?token=nobody&lang=cn`)).text()).toContain('游戏会话已结束：请从大厅重新打开游戏（TOKEN_INVALID）');

      // The bet endpoint answers in the language the page sends: the code stays, the message is Chinese.
      const post = (body: object) => fetch(`${base}/sportsbook/IBC/SPORTSBOOK/bet`, { method: 'POST', body: JSON.stringify({ token: 'tok-live-000000000001', ...body }) }).then((r) => r.json());
      const n = state.matches.find((x: any) => x.phase === 'pre' && x.prices.home !== null && x.id !== m.id);
      expect(await post({ lang: 'cn', matchId: n.id, selection: 'home', price: n.prices.home + 9, stake: '1.00' })).toMatchObject({ ok: false, code: 'PRICE_CHANGED', message: `赔率已降至 ${(n.prices.home / 100).toFixed(2)}` });
      expect(await post({ lang: 'cn', matchId: n.id, selection: 'home', price: n.prices.home, stake: 'ten' })).toMatchObject({ ok: false, code: 'AMOUNT_INVALID', message: '请输入投注额，例如 10.00' });
      expect(await post({ lang: 'cn', matchId: 'MKL-1-9', selection: 'home', price: 200, stake: '1.00' })).toMatchObject({ ok: false, code: 'MATCH_UNKNOWN', message: '没有这场比赛' });
      expect(await post({ lang: 'xx', matchId: 'MKL-1-9', selection: 'home', price: 200, stake: '1.00' })).toMatchObject({ ok: false, code: 'MATCH_UNKNOWN', message: 'No such match' });
      // The state endpoint too: the refusal and the player's bets in the language asked for.
      expect(await (await fetch(`${base}/sportsbook/IBC/SPORTSBOOK/state?token=nobody&lang=km`)).json()).toMatchObject({ ok: false, code: 'TOKEN_INVALID', message: expect.stringContaining('សូមបើកហ្គេមម្ដងទៀត') });
      const inCn = await (await fetch(`${base}/sportsbook/IBC/SPORTSBOOK/state?token=tok-live-000000000001&lang=cn`)).json();
      expect(inCn.bets[0]).toMatchObject({ kind: '单关', legs: [{ pick: '平局', match: `${m.home} 对 ${m.away}` }] });
    } finally {
      await new Promise<void>((r) => { sim.server.closeAllConnections(); sim.server.close(() => r()); });
    }
  });
});
