import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fromMinor, toMinor } from '@apsara/contracts';
import { TEXTS, fill, langOf, portalRefusal, type Lang } from './texts.js';
import { LEAGUES, OU_LINE, boardAheadMs, fixtureById, fixturesAround, isSelection, marketOf, pricesAt, ratingOf, stateAt, wins, type Fixture, type Schedule, type Selection } from './sportsbook.js';

/**
 * The sportsbook's bets: placed through the portal's seamless wallet (the stake is a `bet` in a round
 * of its own), held open while the matches are played, and settled when they end: a `win` of stake ×
 * price that closes the round, or an `endRound` for a lost bet. Wins and endRound accept an expired launch
 * token, so a bet placed hours before the match still settles (docs/vendor-protocol.md "Tokens").
 *
 * A bet is a single (one selection) or an accumulator (2–8 selections on different matches, at the
 * product of their prices): it wins only if every selection wins, and is lost as soon as one match
 * ends with its selection lost. Each bet tells the portal what it is on (`description`, one line per
 * selection) and how it ended (`result`), for the player's betting record, in the language the
 * player launched the game in (kept with the bet, so a retry or a restarted process says the same).
 *
 * Open bets are written to a file (when one is given) after every change, so a restarted simulator
 * still settles the bets it took; a settlement the portal did not answer is tried again on the next tick.
 */

export const MIN_STAKE = 100n;
export const KEEP_SETTLED_MS = 7 * 24 * 3_600_000;
export const MAX_STAKE = 1_000_000n;
/** The most selections one accumulator may hold. */
export const MAX_LEGS = 8;
/** The most one bet may return (stake × price): a larger accumulator needs a smaller stake. */
export const MAX_RETURN = 10_000_000n;

/** One selection of a bet, at the price it was taken at (hundredths: 190 = 1.90). */
export type Leg = { matchId: string; selection: Selection; price: number };

export type SportsBet = {
  id: string;
  vendor: string;
  gameCode: string;
  token: string;
  playerId: string;
  currency: string;
  legs: Leg[];
  /** The bet's price in hundredths: a single's own, an accumulator's the product of its legs' (rounded down). */
  price: number;
  stake: bigint;
  placedAt: number;
  /** placing: written before the stake is sent, so a process that stops in between sends it again. */
  state: 'placing' | 'open' | 'won' | 'lost';
  payout: bigint;
  settledAt: number | null;
  /** The last refusal of a settlement call, kept for the page while it is tried again. */
  lastError?: string;
  /**
   * What the bet told the portal it is on, written before it is first sent and sent the same every
   * time (a retry must be the same request). Absent on bets taken before bets described themselves:
   * those are sent, and settled, without words, as they first were.
   */
  description?: string;
  /** How it ended, written before the settlement is first sent, for the same reason. */
  result?: string;
  /** The language of the player's launch, which the words are in; absent on bets taken before (English). */
  lang?: Lang;
};

type Call = (vendor: string, call: string, body: Record<string, unknown>) => Promise<Record<string, any>>;

export type LegInput = { matchId?: unknown; selection?: unknown; price?: unknown };
/** A single as `matchId`, `selection` and `price`; any bet as `legs` (one for a single, 2–8 for an accumulator). */
export type PlaceInput = LegInput & { token?: unknown; legs?: unknown; stake?: unknown; lang?: unknown };
export type PlaceAnswer =
  | { ok: true; bet: ReturnType<typeof betView>; balance: string }
  | { ok: false; code: string; message: string; matchId?: string; price?: number | null; prices?: (number | null)[]; balance?: string };

/** The product of the legs' prices in hundredths, rounded down: 2.15 × 1.90 = 4.08. */
export const accumulatorPrice = (prices: readonly number[]) =>
  Number(prices.reduce((acc, p) => acc * BigInt(p), 1n) / 100n ** BigInt(Math.max(0, prices.length - 1)));

/** "Single", "Double", "Treble", then "4-fold accumulator" and so on, in `lang` (English by default). */
export const betKind = (legs: number, lang: Lang = 'en') => {
  const t = TEXTS[lang].sports;
  return t.kinds[legs - 1] ?? fill(t.nFold, { n: legs });
};
const hundredths = (p: number) => (p / 100).toFixed(2);

/** A selection in words: "Angkor Tigers to win", "Draw", "Over 2.5 goals", in `lang` (English by default). */
export const pickText = (selection: Selection, f: Pick<Fixture, 'home' | 'away'>, lang: Lang = 'en') => {
  const t = TEXTS[lang].sports.picks;
  if (selection === 'home' || selection === 'away') return fill(t.win, { team: f[selection] });
  return selection === 'draw' ? t.draw : fill(t[selection], { line: OU_LINE });
};

/** A match in words: "Angkor Tigers v Kep Crabs". */
export const matchText = (f: Pick<Fixture, 'home' | 'away'>, lang: Lang = 'en') => fill(TEXTS[lang].sports.match, { home: f.home, away: f.away });

/**
 * What the portal's betting record shows of a bet: one line per selection ("Angkor Tigers v Kep
 * Crabs · Angkor Tigers to win @ 2.15"), under a heading for an accumulator ("Double @ 4.08"), in the
 * player's language.
 */
export const describeBet = (schedule: Schedule, legs: readonly Leg[], price: number, lang: Lang = 'en') => {
  const w = TEXTS[lang].words;
  const lines = legs.map((l) => {
    const f = fixtureById(schedule, l.matchId);
    return fill(w.line, f ? { match: matchText(f, lang), pick: pickText(l.selection, f, lang), price: hundredths(l.price) } : { match: l.matchId, pick: l.selection, price: hundredths(l.price) });
  });
  return (legs.length > 1 ? [fill(w.heading, { kind: betKind(legs.length, lang), price: hundredths(price) }), ...lines] : lines).join('\n');
};

/** How a settled bet ended, in the bet's language: "Full time 2–1 · won", "Won · all 3 selections came in", "Lost · A v B ended 0–1". */
const resultText = (b: SportsBet, legs: ReturnType<typeof legState>[], won: boolean) => {
  const lang = b.lang ?? 'en';
  const w = TEXTS[lang].words;
  if (b.legs.length === 1) return fill(w.fullTime, { score: legs[0].final ?? '', outcome: won ? w.won : w.lost });
  if (won) return fill(w.allWon, { n: b.legs.length });
  const lost = legs.find((l) => l.state === 'lost')!;
  return fill(w.lostOn, { match: lost.f ? matchText(lost.f, lang) : '', score: lost.final ?? '' });
};

/** A leg as it stands now: open while its match is played, then won or lost on the final score. */
const legState = (schedule: Schedule, leg: Leg, now: number) => {
  const f = fixtureById(schedule, leg.matchId);
  if (!f) return { f, state: 'open' as const, final: null };
  const st = stateAt(schedule, f, now);
  if (st.phase !== 'ended') return { f, state: 'open' as const, final: null };
  return { f, state: wins(leg.selection, st.score) ? ('won' as const) : ('lost' as const), final: `${st.score.home}–${st.score.away}` };
};

/** A bet as the page shows it, in the page's language (which may not be the bet's). */
export const betView = (b: SportsBet, schedule: Schedule, now: number, lang: Lang = 'en') => ({
  id: b.id,
  kind: betKind(b.legs.length, lang),
  legs: b.legs.map((l) => {
    const { f, state, final } = legState(schedule, l, now);
    return {
      matchId: l.matchId,
      match: f ? matchText(f, lang) : l.matchId,
      home: f?.home ?? '',
      away: f?.away ?? '',
      kickoff: f?.kickoff ?? null,
      league: f?.league.name ?? '',
      selection: l.selection,
      pick: f ? pickText(l.selection, f, lang) : l.selection,
      market: marketOf(l.selection),
      price: l.price,
      state,
      final,
    };
  }),
  price: b.price,
  stake: fromMinor(b.stake),
  toReturn: fromMinor((b.stake * BigInt(b.price)) / 100n),
  state: b.state,
  payout: fromMinor(b.payout),
  placedAt: new Date(b.placedAt).toISOString(),
  settledAt: b.settledAt === null ? null : new Date(b.settledAt).toISOString(),
});

/** A bet as read back from the file: bets written before accumulators held one match at the top level (and no words). */
const fromFile = (raw: SportsBet & Partial<Leg>): SportsBet => {
  if (Array.isArray(raw.legs)) return raw;
  const { matchId, selection, ...rest } = raw;
  return { ...rest, legs: [{ matchId: matchId!, selection: selection!, price: raw.price }] };
};

const reviver = (key: string, value: unknown) => ((key === 'stake' || key === 'payout') && typeof value === 'string' ? BigInt(value) : value);
const replacer = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

export const sportsBets = (opts: { schedule: Schedule; now?: () => number; seamless: Call; file?: string }) => {
  const now = opts.now ?? Date.now;
  const bets = new Map<string, SportsBet>();
  if (opts.file && existsSync(opts.file)) {
    for (const b of JSON.parse(readFileSync(opts.file, 'utf8'), reviver) as SportsBet[]) bets.set(b.id, fromFile(b));
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
    opts.seamless(b.vendor, 'bet', {
      token: b.token,
      transactionId: `${b.id}-B`,
      roundId: b.id,
      amount: fromMinor(b.stake),
      currency: b.currency,
      gameCode: b.gameCode,
      ...(b.description === undefined ? {} : { description: b.description }),
    });

  /** Bets per match, for the "hot" list. */
  const countsByMatch = () => {
    const out = new Map<string, number>();
    for (const b of bets.values()) for (const l of b.legs) out.set(l.matchId, (out.get(l.matchId) ?? 0) + 1);
    return out;
  };

  const place = async (vendor: string, gameCode: string, input: PlaceInput): Promise<PlaceAnswer> => {
    const token = typeof input.token === 'string' ? input.token : '';
    const lang = langOf(input.lang);
    const t = TEXTS[lang].bets;
    const given: LegInput[] | undefined = input.legs === undefined ? [input] : Array.isArray(input.legs) ? (input.legs as LegInput[]) : undefined;
    if (!given || given.length === 0 || given.length > MAX_LEGS || given.some((l) => typeof l !== 'object' || l === null)) {
      return { ok: false, code: 'SELECTION_INVALID', message: fill(t.legCount, { max: MAX_LEGS }) };
    }
    const at = now();
    const fixtures: Fixture[] = [];
    for (const l of given) {
      const f = typeof l.matchId === 'string' ? fixtureById(opts.schedule, l.matchId) : undefined;
      // Kick-offs beyond the board are not offered yet.
      if (!f || f.kickoff > at + boardAheadMs(opts.schedule)) return { ok: false, code: 'MATCH_UNKNOWN', message: t.noMatch };
      if (!isSelection(l.selection)) return { ok: false, code: 'SELECTION_INVALID', message: t.selection };
      if (fixtures.some((x) => x.id === f.id)) return { ok: false, code: 'SELECTION_INVALID', message: t.oneEach, matchId: f.id };
      fixtures.push(f);
    }
    let stake: bigint;
    try {
      stake = toMinor(String(input.stake ?? ''));
    } catch {
      return { ok: false, code: 'AMOUNT_INVALID', message: fill(t.stakeLike, { example: '10.00' }) };
    }
    if (stake < MIN_STAKE || stake > MAX_STAKE) return { ok: false, code: 'AMOUNT_INVALID', message: fill(t.stakeRange, { min: fromMinor(MIN_STAKE), max: fromMinor(MAX_STAKE) }) };
    const current = fixtures.map((f, i) => pricesAt(opts.schedule, f, at)[given[i].selection as Selection]);
    const closed = current.findIndex((p) => p === null);
    if (closed >= 0) {
      const f = fixtures[closed];
      const ended = stateAt(opts.schedule, f, at).phase === 'ended';
      const sports = TEXTS[lang].sports;
      const message = given.length > 1 ? fill(ended ? t.legEnded : t.legClosed, { match: matchText(f, lang) }) : ended ? sports.ended : sports.closed;
      return { ok: false, code: 'MARKET_CLOSED', message, matchId: f.id, price: null, prices: current };
    }
    const prices = current as number[];
    // The player backs the prices they saw, or better ones they rose to since; a price that fell is
    // refused with the new figures, for the player to accept or not.
    const fell = given.findIndex((l, i) => typeof l.price !== 'number' || !Number.isInteger(l.price) || prices[i] < l.price);
    if (fell >= 0) {
      const seen = given[fell].price;
      const fellFrom = typeof seen === 'number' && Number.isInteger(seen);
      const vars = { price: hundredths(prices[fell]), pick: pickText(given[fell].selection as Selection, fixtures[fell], lang) };
      const message = fill(given.length > 1 ? (fellFrom ? t.legPriceFell : t.legPriceIs) : fellFrom ? t.priceFell : t.priceIs, vars);
      return { ok: false, code: 'PRICE_CHANGED', message, matchId: fixtures[fell].id, price: prices[fell], prices };
    }
    const price = given.length === 1 ? prices[0] : accumulatorPrice(prices);
    if ((stake * BigInt(price)) / 100n > MAX_RETURN) {
      const most = (MAX_RETURN * 100n) / BigInt(price);
      const advice = most < MIN_STAKE ? t.takeOff : fill(t.stakeAtMost, { price: hundredths(price), most: fromMinor(most) });
      return { ok: false, code: 'AMOUNT_INVALID', message: fill(t.maxReturn, { max: fromMinor(MAX_RETURN), advice }) };
    }
    const legs = given.map((l, i) => ({ matchId: fixtures[i].id, selection: l.selection as Selection, price: prices[i] }));

    const who = await opts.seamless(vendor, 'balance', { token });
    if (who.status !== 'OK') return { ok: false, code: who.code, message: portalRefusal(lang, who.code, who.message) };
    const id = `SB-${randomUUID()}`;
    // Written first: if this process stops after the portal took the stake, the next one sends the same
    // bet again (the portal answers a repeated transactionId with its first answer) and holds it open.
    const record: SportsBet = {
      id,
      vendor,
      gameCode,
      token,
      playerId: who.playerId,
      currency: who.currency,
      legs,
      price,
      stake,
      placedAt: at,
      state: 'placing',
      payout: 0n,
      settledAt: null,
      description: describeBet(opts.schedule, legs, price, lang),
      lang,
    };
    bets.set(id, record);
    save();
    inFlight.add(id);
    try {
      const bet = await sendBet(record);
      if (bet.status !== 'OK') {
        if (bet.code === 'UNREACHABLE' || bet.code === 'INTERNAL_ERROR') await opts.seamless(vendor, 'rollback', { token, transactionId: `${id}-RB`, roundId: id, referenceTransactionId: `${id}-B` });
        bets.delete(id);
        save();
        const message = bet.code === 'INSUFFICIENT_FUNDS' ? t.lowBalance : portalRefusal(lang, bet.code, bet.message);
        return { ok: false, code: bet.code, message, balance: bet.balance };
      }
      record.state = 'open';
      save();
      return { ok: true, bet: betView(record, opts.schedule, now(), lang), balance: bet.balance };
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
      // A conflict means the portal holds a bet under this id already (sent by a process before this
      // one, with other words): the stake was taken, so the bet is open.
      if (answer.status === 'OK' || answer.code === 'TRANSACTION_CONFLICT') b.state = 'open';
      else bets.delete(b.id);
      changed = true;
    }
    for (const b of bets.values()) {
      if (b.state !== 'open') continue;
      // Lost as soon as one match ends with its selection lost; won once every match has ended won.
      const legs = b.legs.map((l) => legState(opts.schedule, l, t));
      const lostLeg = legs.find((l) => l.state === 'lost');
      if (!lostLeg && legs.some((l) => l.state === 'open')) continue;
      const won = !lostLeg;
      const payout = won ? (b.stake * BigInt(b.price)) / 100n : 0n;
      if (b.description !== undefined && b.result === undefined) {
        b.result = resultText(b, legs, won);
        save();
      }
      const words = b.result === undefined ? {} : { result: b.result };
      const answer = won
        ? await opts.seamless(b.vendor, 'win', { token: b.token, transactionId: `${b.id}-W`, roundId: b.id, amount: fromMinor(payout), currency: b.currency, endRound: true, ...words })
        : await opts.seamless(b.vendor, 'endRound', { token: b.token, roundId: b.id, ...words });
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

  /** A player's bets, newest first, in the page's language. */
  const betsOf = (vendor: string, playerId: string, lang: Lang = 'en', limit = 20) =>
    [...bets.values()]
      .filter((b) => b.vendor === vendor && b.playerId === playerId && b.state !== 'placing')
      .sort((a, b) => b.placedAt - a.placedAt)
      .slice(0, limit)
      .map((b) => betView(b, opts.schedule, now(), lang));

  /**
   * What the page shows: the matches being played and the next kick-offs (boardAheadMs) with
   * their prices, the hot list (most backed here, then the headline leagues and the strongest sides,
   * among those live or starting within 3 hours), the leagues, and the player's bets.
   */
  const board = (vendor: string, playerId: string, lang: Lang = 'en') => {
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
    return { now: t, matches, hot, leagues, bets: betsOf(vendor, playerId, lang) };
  };

  return { place, settleDue, betsOf, board, all: () => [...bets.values()] };
};

export type SportsBets = ReturnType<typeof sportsBets>;
