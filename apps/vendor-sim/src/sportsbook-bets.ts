import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fromMinor, toMinor } from '@apsara/contracts';
import { LEAGUES, boardAheadMs, fixtureById, fixturesAround, isSelection, marketOf, pricesAt, ratingOf, stateAt, wins, type Fixture, type Schedule, type Selection } from './sportsbook.js';

/**
 * The sportsbook's bets: placed through the portal's seamless wallet (the stake is a `bet` in a round
 * of its own), held open while the match is played, and settled when it ends: a `win` of stake × price
 * that closes the round, or an `endRound` for a lost bet. Wins and endRound accept an expired launch
 * token, so a bet placed hours before the match still settles (docs/vendor-protocol.md "Tokens").
 *
 * Open bets are written to a file (when one is given) after every change, so a restarted simulator
 * still settles the bets it took; a settlement the portal did not answer is tried again on the next tick.
 */

export const MIN_STAKE = 100n;
export const KEEP_SETTLED_MS = 7 * 24 * 3_600_000;
export const MAX_STAKE = 1_000_000n;

export type SportsBet = {
  id: string;
  vendor: string;
  gameCode: string;
  token: string;
  playerId: string;
  currency: string;
  matchId: string;
  selection: Selection;
  /** Hundredths: 190 = 1.90. */
  price: number;
  stake: bigint;
  placedAt: number;
  /** placing: written before the stake is sent, so a process that stops in between sends it again. */
  state: 'placing' | 'open' | 'won' | 'lost';
  payout: bigint;
  settledAt: number | null;
  /** The last refusal of a settlement call, kept for the page while it is tried again. */
  lastError?: string;
};

type Call = (vendor: string, call: string, body: Record<string, unknown>) => Promise<Record<string, any>>;

export type PlaceInput = { token?: unknown; matchId?: unknown; selection?: unknown; price?: unknown; stake?: unknown };
export type PlaceAnswer =
  | { ok: true; bet: ReturnType<typeof betView>; balance: string }
  | { ok: false; code: string; message: string; price?: number | null; balance?: string };

export const betView = (b: SportsBet, schedule: Schedule) => {
  const f = fixtureById(schedule, b.matchId);
  const final = f && b.state !== 'open' ? `${f.goals.home.length}–${f.goals.away.length}` : null;
  return {
    id: b.id,
    matchId: b.matchId,
    match: f ? `${f.home} v ${f.away}` : b.matchId,
    home: f?.home ?? '',
    away: f?.away ?? '',
    kickoff: f?.kickoff ?? null,
    league: f?.league.name ?? '',
    selection: b.selection,
    market: marketOf(b.selection),
    price: b.price,
    stake: fromMinor(b.stake),
    toReturn: fromMinor((b.stake * BigInt(b.price)) / 100n),
    state: b.state,
    payout: fromMinor(b.payout),
    placedAt: new Date(b.placedAt).toISOString(),
    settledAt: b.settledAt === null ? null : new Date(b.settledAt).toISOString(),
    final,
  };
};

const reviver = (key: string, value: unknown) => ((key === 'stake' || key === 'payout') && typeof value === 'string' ? BigInt(value) : value);
const replacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

export const sportsBets = (opts: { schedule: Schedule; now?: () => number; seamless: Call; file?: string }) => {
  const now = opts.now ?? Date.now;
  const bets = new Map<string, SportsBet>();
  if (opts.file && existsSync(opts.file)) {
    for (const b of JSON.parse(readFileSync(opts.file, 'utf8'), reviver) as SportsBet[]) bets.set(b.id, b);
  }
  const save = () => {
    if (!opts.file) return;
    mkdirSync(dirname(opts.file), { recursive: true });
    const tmp = `${opts.file}.tmp`;
    writeFileSync(tmp, JSON.stringify([...bets.values()], replacer));
    renameSync(tmp, opts.file);
  };

  /** Bets being placed by this process right now (a 'placing' bet not in it was left by a stopped one). */
  const inFlight = new Set<string>();
  const sendBet = (b: SportsBet) =>
    opts.seamless(b.vendor, 'bet', { token: b.token, transactionId: `${b.id}-B`, roundId: b.id, amount: fromMinor(b.stake), currency: b.currency, gameCode: b.gameCode });

  /** Bets per match, for the "hot" list. */
  const countsByMatch = () => {
    const out = new Map<string, number>();
    for (const b of bets.values()) out.set(b.matchId, (out.get(b.matchId) ?? 0) + 1);
    return out;
  };

  const place = async (vendor: string, gameCode: string, input: PlaceInput): Promise<PlaceAnswer> => {
    const token = typeof input.token === 'string' ? input.token : '';
    const f: Fixture | undefined = typeof input.matchId === 'string' ? fixtureById(opts.schedule, input.matchId) : undefined;
    if (!f) return { ok: false, code: 'MATCH_UNKNOWN', message: 'No such match' };
    if (!isSelection(input.selection)) return { ok: false, code: 'SELECTION_INVALID', message: 'Choose home, draw, away, over or under' };
    let stake: bigint;
    try {
      stake = toMinor(String(input.stake ?? ''));
    } catch {
      return { ok: false, code: 'AMOUNT_INVALID', message: 'Enter a stake like 10.00' };
    }
    if (stake < MIN_STAKE || stake > MAX_STAKE) return { ok: false, code: 'AMOUNT_INVALID', message: `A stake is ${fromMinor(MIN_STAKE)} to ${fromMinor(MAX_STAKE)}` };
    const t = now();
    // Kick-offs beyond the board are not offered yet.
    if (f.kickoff > t + boardAheadMs(opts.schedule)) return { ok: false, code: 'MATCH_UNKNOWN', message: 'No such match' };
    const price = pricesAt(opts.schedule, f, t)[input.selection];
    if (price === null) return { ok: false, code: 'MARKET_CLOSED', message: stateAt(opts.schedule, f, t).phase === 'ended' ? 'This match has ended' : 'Betting on this is closed for now', price: null };
    // The player backs the price they saw, or a better one it rose to since; a price that fell is
    // refused with the new figure, for the player to accept or not.
    if (typeof input.price !== 'number' || !Number.isInteger(input.price)) return { ok: false, code: 'PRICE_CHANGED', message: `The price is now ${(price / 100).toFixed(2)}`, price };
    if (price < input.price) return { ok: false, code: 'PRICE_CHANGED', message: `The price fell to ${(price / 100).toFixed(2)}`, price };

    const who = await opts.seamless(vendor, 'balance', { token });
    if (who.status !== 'OK') return { ok: false, code: who.code, message: who.message ?? who.code };
    const id = `SB-${randomUUID()}`;
    // Written first: if this process stops after the portal took the stake, the next one sends the same
    // bet again (the portal answers a repeated transactionId with its first answer) and holds it open.
    const record: SportsBet = { id, vendor, gameCode, token, playerId: who.playerId, currency: who.currency, matchId: f.id, selection: input.selection, price, stake, placedAt: t, state: 'placing', payout: 0n, settledAt: null };
    bets.set(id, record);
    save();
    inFlight.add(id);
    try {
      const bet = await sendBet(record);
      if (bet.status !== 'OK') {
        if (bet.code === 'UNREACHABLE' || bet.code === 'INTERNAL_ERROR') await opts.seamless(vendor, 'rollback', { token, transactionId: `${id}-RB`, roundId: id, referenceTransactionId: `${id}-B` });
        bets.delete(id);
        save();
        const message = bet.code === 'INSUFFICIENT_FUNDS' ? 'Not enough balance for this stake' : `${bet.code}: ${bet.message ?? ''}`;
        return { ok: false, code: bet.code, message, balance: bet.balance };
      }
      record.state = 'open';
      save();
      return { ok: true, bet: betView(record, opts.schedule), balance: bet.balance };
    } finally {
      inFlight.delete(id);
    }
  };

  /** Settles every open bet whose match has ended; a call the portal did not accept waits for the next tick. */
  let settling = false;
  const settleDue = async () => {
    if (settling) return;
    settling = true;
    try {
      await settleOnce();
    } finally {
      settling = false;
    }
  };
  const settleOnce = async () => {
    const t = now();
    let changed = false;
    // A bet a stopped process wrote but may not have sent: the same bet again decides it. Accepted (now or
    // before), it is open; refused, it never was; unanswered, it waits for the next tick.
    for (const b of [...bets.values()]) {
      if (b.state !== 'placing' || inFlight.has(b.id)) continue;
      const answer = await sendBet(b);
      if (answer.code === 'UNREACHABLE' || answer.code === 'INTERNAL_ERROR') continue;
      if (answer.status === 'OK') b.state = 'open';
      else bets.delete(b.id);
      changed = true;
    }
    for (const b of bets.values()) {
      if (b.state !== 'open') continue;
      const f = fixtureById(opts.schedule, b.matchId);
      if (!f) continue;
      const state = stateAt(opts.schedule, f, t);
      if (state.phase !== 'ended') continue;
      const won = wins(b.selection, state.score);
      const payout = won ? (b.stake * BigInt(b.price)) / 100n : 0n;
      const answer = won
        ? await opts.seamless(b.vendor, 'win', { token: b.token, transactionId: `${b.id}-W`, roundId: b.id, amount: fromMinor(payout), currency: b.currency, endRound: true })
        : await opts.seamless(b.vendor, 'endRound', { token: b.token, roundId: b.id });
      if (answer.status !== 'OK') {
        b.lastError = `${answer.code}: ${answer.message ?? ''}`;
        continue;
      }
      Object.assign(b, { state: won ? 'won' : 'lost', payout, settledAt: t, lastError: undefined });
      changed = true;
    }
    // Settled bets are kept a week for "My bets", then forgotten (the portal's betting record keeps them).
    for (const [id, b] of bets) {
      if (b.settledAt !== null && b.settledAt < t - KEEP_SETTLED_MS) {
        bets.delete(id);
        changed = true;
      }
    }
    if (changed) save();
  };

  /** A player's bets, newest first. */
  const betsOf = (vendor: string, playerId: string, limit = 20) =>
    [...bets.values()]
      .filter((b) => b.vendor === vendor && b.playerId === playerId && b.state !== 'placing')
      .sort((a, b) => b.placedAt - a.placedAt)
      .slice(0, limit)
      .map((b) => betView(b, opts.schedule));

  /**
   * What the page shows: the matches being played and the next kick-offs (boardAheadMs) with
   * their prices, the hot list (most backed here, then the headline leagues and the strongest sides,
   * among those live or starting within 3 hours), the leagues, and the player's bets.
   */
  const board = (vendor: string, playerId: string) => {
    const t = now();
    const counts = countsByMatch();
    const fixtures = fixturesAround(opts.schedule, t, boardAheadMs(opts.schedule));
    const matches = fixtures.map((f) => {
      const state = stateAt(opts.schedule, f, t);
      return {
        id: f.id,
        league: f.league.name,
        leagueCode: f.league.code,
        home: f.home,
        away: f.away,
        kickoff: f.kickoff,
        phase: state.phase,
        minute: state.phase === 'live' ? state.minute : null,
        score: state.score,
        prices: pricesAt(opts.schedule, f, t),
      };
    });
    const heat = (f: Fixture) => (counts.get(f.id) ?? 0) * 10 + (f.league.tier === 1 ? 30 : f.league.tier === 2 ? 10 : 0) + (ratingOf(f.home) + ratingOf(f.away) - 120) / 2;
    const hot = fixtures
      .filter((f) => f.kickoff <= t + 3 * 3_600_000 && stateAt(opts.schedule, f, t).phase !== 'ended')
      .sort((a, b) => heat(b) - heat(a) || a.kickoff - b.kickoff)
      .slice(0, 6)
      .map((f) => f.id);
    const leagues = LEAGUES.map((l) => ({ code: l.code, name: l.name, count: matches.filter((m) => m.leagueCode === l.code).length }));
    return { now: t, matches, hot, leagues, bets: betsOf(vendor, playerId) };
  };

  return { place, settleDue, betsOf, board, all: () => [...bets.values()] };
};

export type SportsBets = ReturnType<typeof sportsBets>;
