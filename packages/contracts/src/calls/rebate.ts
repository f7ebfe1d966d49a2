import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { notAbove, PositiveMoneyAmount } from '../money.js';
import { IdempotencyKey } from './ops.js';
import { VIP_MAX_LEVELS } from './vip.js';

/*
 * Manual rebate (spec §2 member center "manual rebate (when enabled)", whitelabel flag MANPLAYREB3;
 * docs/rebate.md). A member collects, when they choose, a share of the bets they have placed since
 * their last collection: each closed round counts once, at the rate of its game's category, and the
 * rebate is paid from the site's promotion expense through the ledger.
 */

/** The categories a rate is set for: a game's category counts under one of them (as for points). */
export const REBATE_CATEGORIES = ['live', 'lottery', 'pvp', 'rng', 'sports'] as const;
export type RebateCategory = (typeof REBATE_CATEGORIES)[number];

/** The highest rate a site may set: 3.00 % of the bets (in basis points, hundredths of a percent). */
export const REBATE_MAX_BPS = 300;

const Bps = z.number().int().min(0).max(REBATE_MAX_BPS);
const DEFAULT_REBATE = { rates: { live: 30, lottery: 20, pvp: 30, rng: 50, sports: 30 }, minClaim: '1.00', windowDays: 7 };
/** The longest window a site may count bets over. */
export const REBATE_MAX_WINDOW_DAYS = 90;

/** A VIP rank's own rates: a category it leaves out takes the rank below's (the site's below VIP1). */
export const RebateRankRates = z.strictObject({ live: Bps.optional(), lottery: Bps.optional(), pvp: Bps.optional(), rng: Bps.optional(), sports: Bps.optional() });
export type RebateRankRates = z.infer<typeof RebateRankRates>;

/**
 * The merchant's rebate settings (config `rebate`): a rate per category, the least a collection pays,
 * and how many days back bets count (older bets not collected in time are never paid, so switching the
 * rebate on does not pay out a site's whole history).
 */
const RebateFields = z
  .strictObject({
    rates: z.strictObject({ live: Bps, lottery: Bps, pvp: Bps, rng: Bps, sports: Bps }),
    /**
     * Rates by VIP rank: item i holds rank i + 1's (while the site's VIP programme is on and has that
     * rank). Absent on a site that never set any: every member gets `rates`.
     */
    vipRates: z.array(RebateRankRates).max(VIP_MAX_LEVELS).optional(),
    minClaim: PositiveMoneyAmount,
    windowDays: z.number().int().min(1).max(REBATE_MAX_WINDOW_DAYS),
  })
  .refine((c) => notAbove(c.minClaim, '10000.00'), { message: 'at most 10000.00', path: ['minClaim'] });

/** A rank whose own rate in a category is under what the rank below is paid (rank 0 is the site's rate): the row, the category, the rate it may not go under. */
export type RebateRankDip = { index: number; category: RebateCategory; floor: number };

/**
 * Where a rank's own rate is under what the rank below it is paid: rank i + 1 is paid its own rate in a
 * category, else rank i's (the site's rate below VIP1), so a rank left empty never pays less, and a
 * rate set lower than the rank below is a dip.
 */
export const rebateRankDips = (c: Pick<RebateConfig, 'rates' | 'vipRates'>): RebateRankDip[] => {
  const out: RebateRankDip[] = [];
  (c.vipRates ?? []).forEach((row, index) => {
    const below = rebateRatesOf(c, index);
    for (const category of REBATE_CATEGORIES) {
      const own = row[category];
      if (own !== undefined && own < below[category]) out.push({ index, category, floor: below[category] });
    }
  });
  return out;
};

/**
 * A new rebate setting (PATCH /ops/config/rebate): also no rank paid less than the rank below it. A
 * setting stored before this rule still reads (StoredRebate), and must meet it when next saved.
 */
export const RebateConfig = RebateFields.superRefine((c, ctx) => {
  for (const d of rebateRankDips(c)) {
    ctx.addIssue({ code: 'custom', path: ['vipRates', d.index, d.category], message: `at least ${(d.floor / 100).toFixed(2)} %: no rank is paid less than the rank below it` });
  }
});
export type RebateConfig = z.infer<typeof RebateConfig>;
/** As a site's config may hold it: the defaults until an operator sets their own. */
export const StoredRebate = RebateFields.default(() => structuredClone(DEFAULT_REBATE));

const Money = z.string().describe('a decimal string with two places, e.g. "12.50"');

/** One category of what the member may collect now. */
export const RebateLine = z.object({
  category: z.enum(REBATE_CATEGORIES),
  /** Bets of closed rounds not yet collected. */
  bets: Money,
  /** Basis points: 50 is 0.50 %. */
  rateBps: z.number().int(),
  amount: Money,
});
export type RebateLine = z.infer<typeof RebateLine>;

/** GET /wps/rebate — what the member may collect now, by category. */
export const RebateSummaryValue = z.object({
  lines: z.array(RebateLine),
  total: Money,
  minClaim: Money,
  currencySymbol: z.string(),
  /** Whether a collection now would be taken: the total reaches the minimum. */
  claimable: z.boolean(),
  /** When the member last collected, if ever. */
  lastClaimAt: z.string().nullable(),
  /** Bets count from this many days back. */
  windowDays: z.number().int(),
  /** The VIP rank whose rates the lines are at; 0 where the site's own rates apply (no rank, or no VIP programme). */
  vipLevel: z.number().int().min(0),
});
export type RebateSummaryValue = z.infer<typeof RebateSummaryValue>;
export const RebateSummaryResponse = ok(RebateSummaryValue);

/** POST /wps/rebate/claim — collects everything collectable now, once per key. */
export const RebateClaimBody = z.strictObject({ idempotencyKey: IdempotencyKey });
export type RebateClaimBody = z.infer<typeof RebateClaimBody>;

/** A collection as the member's history lists it. */
export const RebateClaim = z.object({
  id: z.string(),
  amount: Money,
  bets: Money,
  rounds: z.number().int(),
  lines: z.array(RebateLine),
  createdAt: z.string(),
});
export type RebateClaim = z.infer<typeof RebateClaim>;
export const RebateClaimResponse = ok(RebateClaim);

/** GET /wps/rebate/claims — the member's collections, newest first, 20 a page. */
export const RebateClaimsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type RebateClaimsQuery = z.infer<typeof RebateClaimsQuery>;
export const RebateClaimsValue = z.object({ items: z.array(RebateClaim), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type RebateClaimsValue = z.infer<typeof RebateClaimsValue>;
export const RebateClaimsResponse = ok(RebateClaimsValue);

/**
 * The rates a member of VIP rank `level` is paid at: in each category the rank's own rate where it sets
 * one, else the rank below's, down to the site's rates (rank 0, no rank). A rank past the config's rows
 * is paid as the last row says.
 */
export const rebateRatesOf = (cfg: Pick<RebateConfig, 'rates' | 'vipRates'>, level: number): Record<RebateCategory, number> => {
  const rates = { ...cfg.rates };
  for (const row of (cfg.vipRates ?? []).slice(0, Math.max(0, level))) {
    for (const c of REBATE_CATEGORIES) rates[c] = row[c] ?? rates[c];
  }
  return rates;
};

/** What `bets` earns at `bps` basis points, in minor units, rounded down (the site never pays a fraction of a cent). */
export const rebateOf = (bets: bigint, bps: number): bigint => (bets * BigInt(bps)) / 10_000n;

/**
 * GET /ops/rebate-claims — the site's collections, newest first, 20 a page; optionally one member's (by
 * username) and those made from `from` (included) to `to` (excluded).
 */
export const OpsRebateClaimsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    username: z.string().trim().max(64).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: 'must be after from', path: ['to'] });
export type OpsRebateClaimsQuery = z.infer<typeof OpsRebateClaimsQuery>;
export const OpsRebateClaim = RebateClaim.extend({ memberId: z.string(), username: z.string() });
export type OpsRebateClaim = z.infer<typeof OpsRebateClaim>;
export const OpsRebateClaimsValue = z.object({
  items: z.array(OpsRebateClaim),
  page: z.number(),
  pageSize: z.literal(LIST_PAGE_SIZE),
  total: z.number(),
  /** Over every collection the list holds (all its pages): what was paid, on what bets, for how many rounds. */
  sum: z.object({ amount: Money, bets: Money, rounds: z.number().int() }),
});
export type OpsRebateClaimsValue = z.infer<typeof OpsRebateClaimsValue>;
export const OpsRebateClaimsResponse = ok(OpsRebateClaimsValue);
