import { createHash } from 'node:crypto';
// The catalogue's seeded generator (mulberry32): a match's script is drawn from it, so the same id always plays the same way.
import { prng as generator } from '../../server/src/modules/catalog/catalog-data.js';

/**
 * The simulated sportsbook of the sports vendors: football fixtures on a fixed schedule, prices for
 * the full-time result (1X2) and total goals over/under 2.5, and results. Everything about a match
 * follows from its id, so any simulator process (or a test) computes the same fixture, the same goals
 * and the same result; only the clock decides how much of it has happened.
 *
 * Time: a match lasts `matchMs` of real time (30 minutes by default) for 90 minutes of play, and
 * kick-offs fall on a grid of half a match. The prices are those of a Poisson model of each side's
 * goals, with the goals still to come scaled to the minutes left, and a 6 % margin; the goals the
 * model draws for the match itself stay unknown to the prices.
 */

export type Market = '1X2' | 'OU';
export type Selection = 'home' | 'draw' | 'away' | 'over' | 'under';
export const SELECTIONS: Record<Market, readonly Selection[]> = { '1X2': ['home', 'draw', 'away'], OU: ['over', 'under'] };
export const OU_LINE = 2.5;

export type League = { code: string; name: string; tier: 1 | 2 | 3; teams: readonly string[] };

export const LEAGUES: readonly League[] = [
  { code: 'MKL', name: 'Mekong Premier League', tier: 1, teams: ['Phnom Penh Crown', 'Angkor Tigers', 'Mekong Rivers', 'Siem Reap Stars', 'Tonle Sap Sailors', 'Kampot Pepper', 'Battambang Bulls', 'Kep Crabs'] },
  { code: 'PCL', name: 'Pacific Champions League', tier: 1, teams: ['Harbour City', 'Coral Bay United', 'Northern Lights', 'Jade Dragons', 'Typhoon FC', 'Red Lanterns', 'Bamboo Rangers', 'Silver Cranes'] },
  { code: 'RVC', name: 'River Cup', tier: 2, teams: ['Delta Wanderers', 'Lotus Athletic', 'Monsoon Rovers', 'Temple Town', 'Rice Field Rangers', 'Highland Eagles', 'Lantern Bridge', 'Palm Grove'] },
  { code: 'CST', name: 'Coastal Division', tier: 3, teams: ['Sandbar Albion', 'Lighthouse Lads', 'Fishermen FC', 'Tidewater Town', 'Cliffside United', 'Saltmarsh Rovers', 'Driftwood City', 'Seagull Park'] },
];

export type Fixture = {
  id: string;
  league: League;
  home: string;
  away: string;
  kickoff: number;
  /** Expected goals of each side over a whole match. */
  rates: { home: number; away: number };
  /** The minute (0–90, fractional) each goal falls in, by side: the match's hidden script. */
  goals: { home: number[]; away: number[] };
};

export type MatchState =
  | { phase: 'pre'; score: { home: 0; away: 0 } }
  | { phase: 'live'; minute: number; score: { home: number; away: number } }
  | { phase: 'ended'; score: { home: number; away: number } };

/** Betting closes at this minute of play; and for this many minutes after a goal the prices are being made again. */
export const CLOSE_MINUTE = 85;
export const GOAL_PAUSE_MINUTES = 2;
const MARGIN = 1.06;

const hash = (s: string) => createHash('sha256').update(s).digest();

/** A team's strength, 60–90: fixed by its name. */
export const ratingOf = (team: string) => 60 + (hash(`rating:${team}`).readUInt32BE(0) % 31);

const poissonDraw = (rate: number, rand: () => number) => {
  const limit = Math.exp(-rate);
  let k = 0;
  let p = rand();
  while (p > limit && k < 12) {
    k++;
    p *= rand();
  }
  return k;
};

const poissonPmf = (rate: number, upTo: number) => {
  const out: number[] = [];
  let p = Math.exp(-rate);
  for (let k = 0; k <= upTo; k++) {
    out.push(p);
    p *= rate / (k + 1);
  }
  return out;
};

export type Schedule = { matchMs: number };
export const DEFAULT_MATCH_MS = 30 * 60_000;

const slotMs = (s: Schedule) => Math.max(1, Math.floor(s.matchMs / 2));

/**
 * The fixtures of one kick-off slot. Two leagues play in a slot (the other two in the next), so no
 * team is on the pitch twice at once: a league's next matches kick off as its current ones end.
 */
export const fixturesOfSlot = (schedule: Schedule, slot: number): Fixture[] => {
  const out: Fixture[] = [];
  const kickoff = slot * slotMs(schedule);
  for (const league of LEAGUES.filter((_, i) => i % 2 === Math.abs(slot) % 2)) {
    const seed = hash(`slot:${slot}:${league.code}`);
    const count = 1 + (seed[0] % 2);
    // A seeded shuffle of the league's teams, paired in order.
    const teams = [...league.teams];
    for (let i = teams.length - 1; i > 0; i--) {
      const j = seed[1 + i] % (i + 1);
      [teams[i], teams[j]] = [teams[j], teams[i]];
    }
    for (let i = 0; i < count; i++) out.push(fixture(`${league.code}-${slot}-${i + 1}`, league, teams[2 * i], teams[2 * i + 1], kickoff));
  }
  return out;
};

const fixture = (id: string, league: League, home: string, away: string, kickoff: number): Fixture => {
  const rh = ratingOf(home);
  const ra = ratingOf(away);
  const rates = { home: 1.2 * (rh / ra) ** 1.5 + 0.2, away: 1.2 * (ra / rh) ** 1.5 };
  const rand = generator(hash(`match:${id}`).readUInt32BE(0));
  const minutes = (n: number) => Array.from({ length: n }, () => 1 + rand() * 89).sort((a, b) => a - b);
  const goals = { home: minutes(poissonDraw(rates.home, rand)), away: minutes(poissonDraw(rates.away, rand)) };
  return { id, league, home, away, kickoff, rates, goals };
};

const ID = /^([A-Z]{3})-(-?\d{1,12})-(\d)$/;

/** The fixture of an id, or undefined for one the schedule never made. */
export const fixtureById = (schedule: Schedule, id: string): Fixture | undefined => {
  const m = ID.exec(id);
  if (!m) return undefined;
  return fixturesOfSlot(schedule, Number(m[2])).find((f) => f.id === id);
};

/** How far ahead the board lists kick-offs: 40 kick-off times (10 hours of 30-minute matches), at most a day. */
export const BOARD_SLOTS = 40;
export const boardAheadMs = (schedule: Schedule) => Math.min(24 * 3_600_000, BOARD_SLOTS * slotMs(schedule));

/** Fixtures from those still being played at `now` to those kicking off within `aheadMs`. */
export const fixturesAround = (schedule: Schedule, now: number, aheadMs = 24 * 3_600_000): Fixture[] => {
  const size = slotMs(schedule);
  const first = Math.floor((now - schedule.matchMs) / size) + 1;
  const last = Math.floor((now + aheadMs) / size);
  const out: Fixture[] = [];
  for (let slot = first; slot <= last; slot++) out.push(...fixturesOfSlot(schedule, slot));
  return out;
};

/** Minutes of play (fractional, 0–90) at `now`. */
export const playedMinutes = (schedule: Schedule, f: Fixture, now: number) => Math.min(90, Math.max(0, ((now - f.kickoff) / schedule.matchMs) * 90));

export const stateAt = (schedule: Schedule, f: Fixture, now: number): MatchState => {
  if (now < f.kickoff) return { phase: 'pre', score: { home: 0, away: 0 } };
  const played = playedMinutes(schedule, f, now);
  const score = { home: f.goals.home.filter((m) => m <= played).length, away: f.goals.away.filter((m) => m <= played).length };
  if (now >= f.kickoff + schedule.matchMs) return { phase: 'ended', score: { home: f.goals.home.length, away: f.goals.away.length } };
  return { phase: 'live', minute: Math.max(1, Math.ceil(played)), score };
};

/** Whether a selection wins on a final score. */
export const wins = (selection: Selection, score: { home: number; away: number }) => {
  switch (selection) {
    case 'home':
      return score.home > score.away;
    case 'away':
      return score.away > score.home;
    case 'draw':
      return score.home === score.away;
    case 'over':
      return score.home + score.away > OU_LINE;
    case 'under':
      return score.home + score.away < OU_LINE;
  }
};

/** Prices in hundredths (190 = 1.90); null where betting is closed or the outcome is all but settled. */
export type Prices = Record<Selection, number | null>;

export const pricesAt = (schedule: Schedule, f: Fixture, now: number): Prices => {
  const closed: Prices = { home: null, draw: null, away: null, over: null, under: null };
  const state = stateAt(schedule, f, now);
  if (state.phase === 'ended') return closed;
  const played = playedMinutes(schedule, f, now);
  if (played >= CLOSE_MINUTE) return closed;
  const lastGoal = Math.max(0, ...f.goals.home.filter((m) => m <= played), ...f.goals.away.filter((m) => m <= played));
  if (lastGoal > 0 && played - lastGoal < GOAL_PAUSE_MINUTES) return closed;

  const left = (90 - played) / 90;
  const MAX = 12;
  const ph = poissonPmf(f.rates.home * left, MAX);
  const pa = poissonPmf(f.rates.away * left, MAX);
  const p = { home: 0, draw: 0, away: 0, over: 0, under: 0 };
  for (let x = 0; x <= MAX; x++) {
    for (let y = 0; y <= MAX; y++) {
      const q = ph[x] * pa[y];
      const h = state.score.home + x;
      const a = state.score.away + y;
      if (h > a) p.home += q;
      else if (h < a) p.away += q;
      else p.draw += q;
      if (h + a > OU_LINE) p.over += q;
      else p.under += q;
    }
  }
  const price = (probability: number) => {
    // An outcome this sure (or this unlikely) is not offered: there is nothing left to price.
    if (probability < 0.01 || probability > 0.97) return null;
    return Math.max(101, Math.floor(100 / (probability * MARGIN)));
  };
  return { home: price(p.home), draw: price(p.draw), away: price(p.away), over: price(p.over), under: price(p.under) };
};

export const marketOf = (selection: Selection): Market => (selection === 'over' || selection === 'under' ? 'OU' : '1X2');
export const isSelection = (v: unknown): v is Selection => typeof v === 'string' && ['home', 'draw', 'away', 'over', 'under'].includes(v);
