import { z } from 'zod';
import { ok } from '../envelope.js';
import { fromMinor, notAbove, PositiveMoneyAmount, toMinor } from '../money.js';

/*
 * Missions and the leaderboard (spec §2 member center "missionLeaderboard" with its badge; §7 relay
 * calls MCSFE_getMissionSummaryDetails and MCSFE_getMissionLeaderboard). docs/missions.md.
 *
 * A mission is a target the site sets for a day or a week of the site's own time zone: bets of an
 * amount, a number of game rounds, a number of winning rounds, or credited deposits of an amount. A
 * member who reaches it claims its reward once per period, paid through the ledger. The leaderboard
 * ranks the site's members by their bets in the period; when a period has ended, a job pays its
 * prizes by rank.
 */

export const MISSION_PERIODS = ['daily', 'weekly'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];
/** bets and deposits are money (target and progress in the currency); rounds and wins are counts. */
export const MISSION_METRICS = ['bets', 'rounds', 'wins', 'deposits'] as const;
export type MissionMetric = (typeof MISSION_METRICS)[number];
export const MONEY_METRICS: ReadonlySet<MissionMetric> = new Set(['bets', 'deposits']);
export const MISSION_STATES = ['in_progress', 'claimable', 'claimed'] as const;
/** Prizes a leaderboard may pay: ranks 1 to this. */
export const LEADERBOARD_MAX_PRIZES = 20;
/** Rows the leaderboard shows. */
export const LEADERBOARD_SIZE = 20;

const DEFAULT_MIN_ROUND_STAKE = '1.00';
const DEFAULT_LEADERBOARD = { enabled: true, period: 'weekly' as MissionPeriod, minBets: '100.00', prizes: [] as string[], settleDelayMinutes: 15 };

/** The merchant's settings (merchant config `missions`). */
export const MissionsConfig = z
  .object({
    enabled: z.boolean().default(false),
    leaderboard: z
      .object({
        enabled: z.boolean().default(DEFAULT_LEADERBOARD.enabled),
        period: z.enum(MISSION_PERIODS).default(DEFAULT_LEADERBOARD.period),
        /** Bets in the period a member needs to be ranked at all. */
        minBets: PositiveMoneyAmount.default(DEFAULT_LEADERBOARD.minBets),
        /** The prize of rank 1, 2, …: each at most 100,000.00, never rising down the ranks. */
        prizes: z
          .array(PositiveMoneyAmount)
          .max(LEADERBOARD_MAX_PRIZES)
          .default([])
          .refine((list) => list.every((p) => notAbove(p, '100000.00')), { message: 'a prize may be at most 100000.00' })
          .refine((list) => list.every((p, i) => i === 0 || notAbove(p, list[i - 1])), { message: 'a lower rank may not pay more than a higher one' }),
        /**
         * Minutes after a period ends before its prizes are paid: bets of transfer-wallet vendors arrive
         * through their bet-log pull, some minutes late, and must count.
         */
        settleDelayMinutes: z.number().int().min(0).max(1440).default(DEFAULT_LEADERBOARD.settleDelayMinutes),
      })
      // A day's table must be settled well within the next day.
      .refine((l) => l.period !== 'daily' || l.settleDelayMinutes <= 720, { message: 'a daily leaderboard is settled at most 720 minutes after its day', path: ['settleDelayMinutes'] })
      .default(() => ({ ...DEFAULT_LEADERBOARD, prizes: [] })),
    /**
     * The smallest stake of a round that counts towards `rounds` and `wins` missions: without it, rounds
     * at a game's minimum would earn rewards for next to nothing.
     */
    minRoundStake: PositiveMoneyAmount.default(DEFAULT_MIN_ROUND_STAKE),
  })
  .default(() => ({ enabled: false, leaderboard: { ...DEFAULT_LEADERBOARD, prizes: [] }, minRoundStake: DEFAULT_MIN_ROUND_STAKE }));
export type MissionsConfig = z.infer<typeof MissionsConfig>;

const Money = z.string().describe('a decimal string with two places, e.g. "1234.50"');
/** Money ("200.00") for bets and deposits, a whole number ("30") for rounds and wins. */
const Quantity = z.string().describe('money with two places for bets and deposits, a whole number for rounds and wins');

/** One mission as a member sees it in the current period. */
export const Mission = z.object({
  id: z.string(),
  period: z.enum(MISSION_PERIODS),
  metric: z.enum(MISSION_METRICS),
  target: Quantity,
  /** Never more than the target. */
  progress: Quantity,
  reward: Money,
  state: z.enum(MISSION_STATES),
  claimedAt: z.string().nullable(),
});
export type Mission = z.infer<typeof Mission>;

/** A period of the site's calendar: a day, or a week from Monday. `key` is its first day (YYYY-MM-DD). */
export const MissionWindow = z.object({ key: z.string(), start: z.string(), end: z.string() });
export type MissionWindow = z.infer<typeof MissionWindow>;

/** GET /wps/missions, and the relay call MCSFE_getMissionSummaryDetails. */
export const MissionSummaryValue = z.object({
  enabled: z.boolean(),
  currencySymbol: z.string(),
  serverTime: z.string(),
  daily: MissionWindow,
  weekly: MissionWindow,
  items: z.array(Mission),
  /** Missions reached and not yet claimed (the member-center badge). */
  claimable: z.number().int(),
  /** Mission rewards the member has been paid, in all. */
  earned: Money,
  /** The smallest stake of a round that counts for rounds and wins missions. */
  minRoundStake: Money,
});
export type MissionSummaryValue = z.infer<typeof MissionSummaryValue>;
export const MissionSummaryResponse = ok(MissionSummaryValue);

/** POST /wps/missions/:id/claim — the reward of a reached mission, once per period. A repeat answers the first claim. */
export const MissionClaimValue = z.object({ mission: Mission, amount: Money, replayed: z.boolean() });
export type MissionClaimValue = z.infer<typeof MissionClaimValue>;
export const MissionClaimResponse = ok(MissionClaimValue);

export const LeaderboardQuery = z.strictObject({ which: z.enum(['current', 'previous']).default('current') });
export type LeaderboardQuery = z.infer<typeof LeaderboardQuery>;

export const LeaderboardRow = z.object({
  rank: z.number().int(),
  /** Masked, except the member's own row. */
  username: z.string(),
  bets: Money,
  /** The prize of this rank (paid once the period is settled). */
  prize: Money.nullable(),
  me: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

/** GET /wps/missions/leaderboard, and the relay call MCSFE_getMissionLeaderboard. */
export const LeaderboardValue = z.object({
  enabled: z.boolean(),
  which: z.enum(['current', 'previous']),
  period: z.enum(MISSION_PERIODS),
  window: MissionWindow,
  currencySymbol: z.string(),
  serverTime: z.string(),
  minBets: Money,
  prizes: z.array(Money),
  /** Ranked members (at least minBets), best first, at most LEADERBOARD_SIZE. */
  items: z.array(LeaderboardRow),
  ranked: z.number().int(),
  me: z.object({ rank: z.number().int().nullable(), bets: Money, prize: Money.nullable(), paid: z.boolean() }),
  /** Previous period: its prizes have been paid (the table is what was paid); null for the current one. */
  settledAt: z.string().nullable(),
  /** When this table was computed: the current period's is at most a short while old. */
  asOf: z.string(),
});
export type LeaderboardValue = z.infer<typeof LeaderboardValue>;
export const LeaderboardResponse = ok(LeaderboardValue);

// ---- Operators ----

/** POST /ops/missions — the terms are fixed once members can reach them; PATCH changes only order and whether it runs. */
export const OpsMissionBody = z
  .strictObject({
    code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, { message: '2–40 lower-case letters, digits or -' }),
    period: z.enum(MISSION_PERIODS),
    metric: z.enum(MISSION_METRICS),
    /** Money ("200.00") for bets and deposits; a whole number ("30") for rounds and wins. */
    target: z.string().max(20),
    reward: PositiveMoneyAmount,
    sort: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (MONEY_METRICS.has(v.metric)) {
      const r = PositiveMoneyAmount.safeParse(v.target);
      if (!r.success) refuse('target', 'must be an amount greater than zero with at most two decimals');
    } else if (!/^[1-9]\d{0,5}$/.test(v.target)) refuse('target', 'must be a whole number from 1 to 999999');
    if (!notAbove(v.reward, '100000.00')) refuse('reward', 'may be at most 100000.00');
  });
export type OpsMissionBody = z.infer<typeof OpsMissionBody>;

export const OpsMissionPatch = z
  .strictObject({ sort: z.number().int().min(0).max(10_000).optional(), active: z.boolean().optional() })
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change', path: ['active'] });
export type OpsMissionPatch = z.infer<typeof OpsMissionPatch>;

export const OpsMission = z.object({
  id: z.string(),
  code: z.string(),
  period: z.enum(MISSION_PERIODS),
  metric: z.enum(MISSION_METRICS),
  target: Quantity,
  reward: Money,
  sort: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  /** Rewards paid for it, in all. */
  claims: z.number().int(),
});
export type OpsMission = z.infer<typeof OpsMission>;
export const OpsMissionResponse = ok(OpsMission);
export const OpsMissionListResponse = ok(z.object({ items: z.array(OpsMission) }));

/** GET /ops/leaderboard/awards — prizes paid, newest period first. */
export const OpsLeaderboardAward = z.object({ period: z.string(), rank: z.number().int(), memberId: z.string(), username: z.string(), bets: Money, amount: Money, paidAt: z.string() });
export const OpsLeaderboardAwardsResponse = ok(z.object({ items: z.array(OpsLeaderboardAward) }));

/** A mission's quantity from its stored integer: minor units for money metrics, a count otherwise. */
export const missionQuantity = (metric: MissionMetric, value: bigint) => (MONEY_METRICS.has(metric) ? fromMinor(value) : value.toString());
/** The stored integer of a quantity `missionQuantity` writes (and OpsMissionBody checked). */
export const missionTarget = (metric: MissionMetric, text: string) => (MONEY_METRICS.has(metric) ? toMinor(text) : BigInt(text));
