import {
  MONEY_METRICS,
  fromMinor,
  toMinor,
  type LeaderboardRow,
  type LeaderboardValue,
  type Mission,
  type MissionClaimValue,
  type MissionMetric,
  type MissionPeriod,
  type MissionSummaryValue,
} from '@apsara/contracts';
import { formatAmount, formatWhole } from '../../../lib/format';

/*
 * The rules of the missionLeaderboard page, free of React: which tab and table the address asks for,
 * a mission in words, its progress and its one action, countdowns on the server's clock, and the
 * leaderboard split into podium and table. The member namespace's `missions.*` texts.
 */

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

// ---------- the address: ?tab=missions|leaderboard&which=current|previous ----------

export const MISSION_TABS = ['missions', 'leaderboard'] as const;
export type MissionTab = (typeof MISSION_TABS)[number];
/** Anything but "leaderboard" opens the missions, the tab most visits are for. */
export const missionTabOf = (value: string | null | undefined): MissionTab => (value === 'leaderboard' ? 'leaderboard' : 'missions');

export type BoardWhich = 'current' | 'previous';
export const boardWhichOf = (value: string | null | undefined): BoardWhich => (value === 'previous' ? 'previous' : 'current');

// ---------- a mission ----------

const isMoney = (metric: MissionMetric) => MONEY_METRICS.has(metric);

/** A quantity as shown: money with the currency symbol ("$200.00"), a count with separators ("1,000"). */
export const quantityText = (metric: MissionMetric, value: string, symbol: string) => (isMoney(metric) ? formatAmount(value, { symbol }) : formatWhole(countOf(value)));

const countOf = (value: string) => {
  const n = /^\d+$/.test(value) ? BigInt(value) : 0n;
  return n;
};

/** The quantity as an integer to compare: minor units for money, the count otherwise; 0 when unreadable. */
const magnitude = (metric: MissionMetric, value: string): bigint => {
  if (!isMoney(metric)) return countOf(value);
  try {
    return toMinor(value);
  } catch {
    return 0n;
  }
};

/**
 * "Bet $200.00 today", "Play 30 rounds this week": what the mission asks, in the member's language,
 * from its metric, target and period (`missions.title.<metric>_<period>`; counts take the plural form).
 */
export const missionTitle = (m: Pick<Mission, 'metric' | 'period' | 'target'>, symbol: string, t: Translate): string => {
  const key = `missions.title.${m.metric}_${m.period}`;
  if (isMoney(m.metric)) return t(key, { amount: formatAmount(m.target, { symbol }) });
  const count = Number(countOf(m.target));
  return t(key, { count, n: formatWhole(count) });
};

/** How far along, 0–100 (whole percent, rounded down: 99.9 % is not shown as done); 100 once claimable. */
export const progressPercent = (m: Pick<Mission, 'metric' | 'progress' | 'target' | 'state'>): number => {
  if (m.state !== 'in_progress') return 100;
  const target = magnitude(m.metric, m.target);
  if (target <= 0n) return 0;
  const done = magnitude(m.metric, m.progress);
  if (done <= 0n) return 0;
  if (done >= target) return 100;
  return Number((done * 100n) / target);
};

/** "$120.00 / $200.00", "12 / 30". */
export const progressText = (m: Pick<Mission, 'metric' | 'progress' | 'target'>, symbol: string) => `${quantityText(m.metric, m.progress, symbol)} / ${quantityText(m.metric, m.target, symbol)}`;

/** Where "Go" leads: the lobby for play (bets, rounds, wins), the deposit page for deposits. */
export const goTarget = (metric: MissionMetric) => (metric === 'deposits' ? '/member/depositv2' : '/');

/** The card's one action by the mission's state. */
export type MissionAction = { kind: 'go'; to: string } | { kind: 'claim' } | { kind: 'done'; at: string | null };
export const missionAction = (m: Pick<Mission, 'metric' | 'state' | 'claimedAt'>): MissionAction => {
  if (m.state === 'claimable') return { kind: 'claim' };
  if (m.state === 'claimed') return { kind: 'done', at: m.claimedAt };
  return { kind: 'go', to: goTarget(m.metric) };
};

/** The missions of one period, in the site's order (a claim must not move the cards about). */
export const missionsOf = <M extends Pick<Mission, 'period'>>(items: readonly M[], period: MissionPeriod): M[] => items.filter((m) => m.period === period);

/** Of a period's missions: how many are done (claimed) and how many there are. */
export const periodTally = (items: readonly Pick<Mission, 'state'>[]) => ({ claimed: items.filter((m) => m.state === 'claimed').length, total: items.length });

/**
 * The summary after a claim: the mission as the server answered it in place, the badge count
 * recounted and, unless the answer repeats an earlier claim, the reward added to what was earned.
 */
export const withClaim = (summary: MissionSummaryValue, claim: MissionClaimValue): MissionSummaryValue => {
  const items = summary.items.map((m) => (m.id === claim.mission.id ? claim.mission : m));
  const wasClaimed = summary.items.some((m) => m.id === claim.mission.id && m.state === 'claimed');
  const earned = claim.replayed || wasClaimed ? summary.earned : fromMinor(toMinor(summary.earned) + toMinor(claim.amount));
  return { ...summary, items, claimable: items.filter((m) => m.state === 'claimable').length, earned };
};

// ---------- the server's clock ----------

/** Milliseconds to add to the device clock to get the server's, from an answer's `serverTime` and when it arrived. */
export const clockOffset = (serverTime: string, receivedAt: number) => {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) && Number.isFinite(receivedAt) && receivedAt > 0 ? server - receivedAt : 0;
};

export type Countdown = { days: number; hours: number; minutes: number; seconds: number; done: boolean };

/** What is left until `endIso` at the server time `now`, in whole seconds rounded up (00:00:01 until the moment itself). */
export const countdownTo = (endIso: string, now: number): Countdown => {
  const end = Date.parse(endIso);
  const total = Number.isFinite(end) ? Math.max(0, Math.ceil((end - now) / 1000)) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: total === 0,
  };
};

const two = (n: number) => String(n).padStart(2, '0');

/** "05:07:09"; with days before it in words: "3 days 05:07:09" (`missions.countdown_days`). */
export const countdownText = (c: Countdown, t: Translate): string => {
  const clock = `${two(c.hours)}:${two(c.minutes)}:${two(c.seconds)}`;
  return c.days > 0 ? t('missions.countdown_days', { count: c.days, time: clock }) : clock;
};

// ---------- the leaderboard ----------

/** "Today" / "Yesterday" for a daily board, "This week" / "Last week" for a weekly one. */
export const boardLabelKey = (period: MissionPeriod, which: BoardWhich) => `missions.board.${period}_${which}`;

/**
 * Ranks 1–3 stand on the podium, the rest go in the table, each best first. (The podium is read in
 * rank order; it is drawn 2, 1, 3, with the winner in the middle, by the page's styles.)
 */
export const PODIUM_RANKS = 3;
export const splitBoard = <R extends Pick<LeaderboardRow, 'rank'>>(items: readonly R[]) => {
  const sorted = [...items].sort((a, b) => a.rank - b.rank);
  return { podium: sorted.filter((r) => r.rank <= PODIUM_RANKS), rest: sorted.filter((r) => r.rank > PODIUM_RANKS) };
};

/** The prize table: rank → prize. */
export const prizeRows = (prizes: readonly string[]) => prizes.map((amount, i) => ({ rank: i + 1, amount }));

/**
 * Where the period's prizes stand: the running one is live; a finished one is being settled (its
 * bets from late vendors still counting) until its prizes are paid.
 */
export type BoardStatus = { kind: 'live'; end: string } | { kind: 'settling' } | { kind: 'paid'; at: string };
export const boardStatus = (board: Pick<LeaderboardValue, 'which' | 'settledAt' | 'window'>): BoardStatus => {
  if (board.which === 'current') return { kind: 'live', end: board.window.end };
  return board.settledAt ? { kind: 'paid', at: board.settledAt } : { kind: 'settling' };
};

/**
 * The member's line on the "Your rank" card: ranked (with the prize the rank pays, and for a finished
 * period whether it was paid), or not ranked with the bets still needed to enter.
 */
export type MyStanding =
  | { kind: 'ranked'; rank: number; prize: string | null; paid: boolean }
  | { kind: 'unranked'; needed: string | null };
export const myStanding = (board: Pick<LeaderboardValue, 'me' | 'minBets' | 'which'>): MyStanding => {
  const { me } = board;
  if (me.rank !== null) return { kind: 'ranked', rank: me.rank, prize: me.prize, paid: me.paid };
  // What is missing to reach the minimum, for the running period only (a finished one cannot be entered).
  if (board.which !== 'current') return { kind: 'unranked', needed: null };
  let left: bigint;
  try {
    left = toMinor(board.minBets) - toMinor(me.bets);
  } catch {
    return { kind: 'unranked', needed: board.minBets };
  }
  return { kind: 'unranked', needed: fromMinor(left > 0n ? left : 0n) };
};
