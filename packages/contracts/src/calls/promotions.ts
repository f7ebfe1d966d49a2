import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { LocalizedText, localizedTextOf } from './localized.js';
import { PositiveMoneyAmount, toMinor } from '../money.js';
import { IdempotencyKey, IdString } from './ops.js';
import { trimmedText } from './text.js';

/*
 * Promotions (spec §2 "Promotions", §3 "Activity application", §4 "Promotion activity states", §5
 * "Activity application", §7 MCS2_claimRafflePromotion). A promotion pays a bonus from the site's
 * promotion expense into the member's main wallet, through the ledger, in one of three ways:
 * - apply: the member applies (a remark and up to 3 images); the site approves with the bonus, or rejects;
 * - deposit: the member joins, deposits at least the minimum, and claims a share of that deposit;
 * - raffle: the member claims a prize drawn at random, once a day, after depositing the day's minimum;
 * - envelope (red envelopes, spec §1): the site puts a pool in a number of envelopes each day; a member
 *   opens one a day (after the day's deposit, when one is asked) and gets a random share of what is
 *   left, until the day's envelopes are gone.
 * Every bonus carries a turnover: bets of bonus × multiple placed after it, before the member may withdraw.
 */

/** The promotion hall's categories (spec §2; "points mall" and "rank explanation" are the portal's own tabs). */
export const PROMOTION_CATEGORIES = ['NEWBIE', 'LIMITED', 'SPECIAL', 'DAILY', 'REBATE', 'VIP', 'DEPOSIT', 'APP'] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];
export const PROMOTION_MECHANICS = ['apply', 'deposit', 'raffle', 'envelope'] as const;
export type PromotionMechanic = (typeof PROMOTION_MECHANICS)[number];
/** Once per member for the promotion's life, or once per member and day (the site's time zone). */
export const PROMOTION_REPEATS = ['once', 'daily'] as const;
export type PromotionRepeat = (typeof PROMOTION_REPEATS)[number];
/** Where the promotion is in its life (spec §4: coming soon, in progress, closed). */
export const PROMOTION_PHASES = ['coming_soon', 'in_progress', 'closed'] as const;
export type PromotionPhase = (typeof PROMOTION_PHASES)[number];
/**
 * Where the member is with it (spec §4: join, signed up, claim, applying, rejected, issued, claimed).
 * `join` and `claim` are what the member may do next; the rest are records of what happened.
 */
export const PROMOTION_STATES = ['join', 'signed_up', 'claim', 'applying', 'rejected', 'issued', 'claimed'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];
/** What is stored per member and period: the states above that are records. */
export const PROMOTION_CLAIM_STATUSES = ['signed_up', 'applying', 'rejected', 'issued', 'claimed'] as const;
export type PromotionClaimStatus = (typeof PROMOTION_CLAIM_STATUSES)[number];
/** Images of an application (spec §5): none asked, welcome, or at least one required. */
export const PROMOTION_PROOF = ['none', 'optional', 'required'] as const;
/** The artwork a promotion is drawn with in the portal (generated, one design per key). */
export const PROMOTION_ARTS = ['welcome', 'reload', 'cashback', 'wheel', 'vip', 'app', 'gift', 'trophy'] as const;
export type PromotionArt = (typeof PROMOTION_ARTS)[number];

/** Spec §5 / §9: an application's remark is at most 140 characters, with at most 3 images. */
export const PROMOTION_REMARK_MAX = 140;
export const PROMOTION_MAX_IMAGES = 3;
export const PROMOTION_MAX_PRIZES = 12;
/** Red envelopes: at most this many a day in one promotion. */
export const PROMOTION_MAX_ENVELOPES = 100_000;

const Money = z.string().describe('a decimal string with two places, e.g. "1234.50"');
const noAngles = (v: string) => !/[<>]/.test(v);

export const PromotionPrize = z.object({ amount: Money, weight: z.number().int() });

/** The money terms a member reads before taking part. */
export const PromotionTerms = z.object({
  /** apply: the bonus the site pays on approval; null when the site sets it per application (up to maxBonus). */
  bonus: Money.nullable(),
  /** deposit: percent of the qualifying deposit paid as bonus. */
  percent: z.number().int().nullable(),
  /** The most one claim pays (deposit, apply); null: no cap. */
  maxBonus: Money.nullable(),
  /** deposit: the least qualifying deposit; raffle and envelope: the least the member must deposit that day. */
  minDeposit: Money.nullable(),
  /** deposit: only a member's first deposit ever qualifies (joining is closed once one has deposited). */
  firstDepositOnly: z.boolean(),
  /** Bets of bonus × this, placed after the bonus, before a withdrawal; 0: none. */
  turnoverMultiple: z.number().int(),
  /** raffle: the prizes and their weights (chance = weight ÷ sum of weights). */
  prizes: z.array(PromotionPrize).nullable(),
  proof: z.enum(PROMOTION_PROOF),
  /** envelope: what the day's envelopes hold together, and how many there are each day. */
  poolTotal: Money.nullable(),
  envelopeCount: z.number().int().nullable(),
});
export type PromotionTerms = z.infer<typeof PromotionTerms>;

/** The calling member's place in a promotion; null for visitors. */
export const PromotionMine = z.object({
  state: z.enum(PROMOTION_STATES).nullable(),
  /** False while a claim is not yet possible (a raffle before the day's deposit, a deposit bonus before the deposit). */
  ready: z.boolean(),
  /** What the member still has to deposit to be ready; null when nothing. */
  depositNeeded: Money.nullable(),
  /** The record of the current period, if any. */
  claimId: IdString.nullable(),
  /** The bonus paid (issued or claimed), or what a claim would pay now (deposit bonus ready). */
  bonus: Money.nullable(),
  /** The site's remark on a rejected or approved application. */
  reviewRemark: z.string().nullable(),
});
export type PromotionMine = z.infer<typeof PromotionMine>;

export const Promotion = z.object({
  id: IdString,
  code: z.string(),
  category: z.enum(PROMOTION_CATEGORIES),
  mechanic: z.enum(PROMOTION_MECHANICS),
  repeat: z.enum(PROMOTION_REPEATS),
  art: z.enum(PROMOTION_ARTS),
  title: LocalizedText,
  summary: localizedTextOf(300),
  /** The full rules, plain text with line breaks. */
  body: localizedTextOf(4000),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  phase: z.enum(PROMOTION_PHASES),
  terms: PromotionTerms,
  /** envelope: how many of today's envelopes are still closed (while it runs); null for the others. */
  envelopesLeft: z.number().int().nullable(),
  mine: PromotionMine.nullable(),
});
export type Promotion = z.infer<typeof Promotion>;

/** GET /wps/promotions — visible promotions, running first; public (with a token, each carries `mine`). */
export const PromotionListQuery = z.object({ category: z.enum(PROMOTION_CATEGORIES).optional() });
export type PromotionListQuery = z.infer<typeof PromotionListQuery>;
export const PromotionListValue = z.object({
  items: z.array(Promotion),
  currencySymbol: z.string(),
  /** How many promotions the member can claim now (the side menu's badge); 0 for visitors. */
  claimable: z.number().int(),
});
export type PromotionListValue = z.infer<typeof PromotionListValue>;
export const PromotionListResponse = ok(PromotionListValue);
export const PromotionResponse = ok(Promotion);

/** One member record of a promotion: an application, a sign-up, a bonus. */
export const PromotionClaim = z.object({
  id: IdString,
  /** The number members quote to support. */
  number: z.string(),
  promotionId: IdString,
  title: LocalizedText,
  art: z.enum(PROMOTION_ARTS),
  mechanic: z.enum(PROMOTION_MECHANICS),
  status: z.enum(PROMOTION_CLAIM_STATUSES),
  /** The member's own remark (applications). */
  remark: z.string().nullable(),
  imageCount: z.number().int(),
  reviewRemark: z.string().nullable(),
  bonus: Money.nullable(),
  /** The deposit a deposit bonus was paid on. */
  deposit: Money.nullable(),
  turnoverRequired: Money,
  /** Bets placed since the bonus was paid, counted up to the requirement. */
  turnoverDone: Money,
  createdAt: z.string(),
  /** When the bonus was paid (issued or claimed). */
  paidAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type PromotionClaim = z.infer<typeof PromotionClaim>;

const Page = z.coerce.number().int().min(1).max(100_000).default(1);

/** GET /wps/promotions/claims — the member's records, newest first, 20 a page; `paid` = issued or claimed (bonusDetails). */
export const PromotionClaimQuery = z.object({ page: Page, status: z.enum([...PROMOTION_CLAIM_STATUSES, 'paid']).optional() });
export type PromotionClaimQuery = z.infer<typeof PromotionClaimQuery>;
export const PromotionClaimListValue = z.object({
  items: z.array(PromotionClaim),
  page: z.number(),
  pageSize: z.literal(LIST_PAGE_SIZE),
  total: z.number(),
  /** Bets still needed across every paid bonus before a withdrawal. */
  turnoverPending: Money,
  /** Every bonus paid to the member, in all. */
  bonusTotal: Money,
});
export type PromotionClaimListValue = z.infer<typeof PromotionClaimListValue>;
export const PromotionClaimListResponse = ok(PromotionClaimListValue);

/** POST /wps/promotions/:id/join and /claim */
export const PromotionKeyBody = z.strictObject({ idempotencyKey: IdempotencyKey });
export type PromotionKeyBody = z.infer<typeof PromotionKeyBody>;

/** POST /wps/promotions/:id/apply — spec §5: remark up to 140 characters, at most 3 png/jpg images (uploaded first). */
export const PromotionApplyBody = z.strictObject({
  remark: trimmedText(0, PROMOTION_REMARK_MAX).refine(noAngles, { message: 'must not contain < or >' }).default(''),
  imageIds: z.array(z.uuid()).max(PROMOTION_MAX_IMAGES).default([]),
  idempotencyKey: IdempotencyKey,
});
export type PromotionApplyBody = z.infer<typeof PromotionApplyBody>;

/** POST /wps/relay/MCS2_claimRafflePromotion */
export const RaffleClaimBody = z.strictObject({ promotionId: IdString, idempotencyKey: IdempotencyKey });
export type RaffleClaimBody = z.infer<typeof RaffleClaimBody>;

/** The answer to join, apply and claim: the record, the promotion as it now stands, and the prize drawn (raffle). */
export const PromotionActionValue = z.object({ claim: PromotionClaim, promotion: Promotion, prize: Money.nullable(), replayed: z.boolean() });
export type PromotionActionValue = z.infer<typeof PromotionActionValue>;
export const PromotionActionResponse = ok(PromotionActionValue);

// ---- Operators ----

const Remark = trimmedText(1, 200).refine(noAngles, { message: 'must not contain < or >' });
const OpsMoney = PositiveMoneyAmount;
/** The refinements below also run on a body whose fields failed: an amount that is none reads as null. */
const minorOrNull = (v: string) => {
  try {
    return toMinor(v);
  } catch {
    return null;
  }
};
const Instant = z.iso.datetime({ offset: true });

const OpsPromotionFields = {
  category: z.enum(PROMOTION_CATEGORIES),
  art: z.enum(PROMOTION_ARTS),
  title: LocalizedText,
  summary: localizedTextOf(300),
  body: localizedTextOf(4000),
  startsAt: Instant,
  endsAt: Instant.nullable().default(null),
  visible: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
};

/** POST /ops/promotions — the money terms a mechanic needs, and no others. */
export const OpsPromotionBody = z
  .strictObject({
    code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, { message: '2–40 lower-case letters, digits or -' }),
    mechanic: z.enum(PROMOTION_MECHANICS),
    repeat: z.enum(PROMOTION_REPEATS).default('once'),
    ...OpsPromotionFields,
    bonus: OpsMoney.optional(),
    percent: z.number().int().min(1).max(1000).optional(),
    maxBonus: OpsMoney.optional(),
    minDeposit: OpsMoney.optional(),
    firstDepositOnly: z.boolean().default(false),
    turnoverMultiple: z.number().int().min(0).max(100).default(1),
    prizes: z.array(z.strictObject({ amount: OpsMoney, weight: z.number().int().min(1).max(1_000_000) })).min(1).max(PROMOTION_MAX_PRIZES).optional(),
    proof: z.enum(PROMOTION_PROOF).default('none'),
    poolTotal: OpsMoney.optional(),
    envelopeCount: z.number().int().min(1).max(PROMOTION_MAX_ENVELOPES).optional(),
  })
  .superRefine((v, ctx) => {
    const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) refuse('endsAt', 'must be after startsAt');
    if (v.mechanic === 'deposit') {
      if (v.percent === undefined) refuse('percent', 'a deposit promotion needs a percent');
      if (v.minDeposit === undefined) refuse('minDeposit', 'a deposit promotion needs a minimum deposit');
    } else {
      if (v.percent !== undefined) refuse('percent', 'only deposit promotions take a percent');
      if (v.firstDepositOnly) refuse('firstDepositOnly', 'only deposit promotions take firstDepositOnly');
    }
    if (v.mechanic === 'raffle') {
      if (!v.prizes) refuse('prizes', 'a raffle needs prizes');
      if (v.repeat !== 'daily') refuse('repeat', 'a raffle is daily');
      if (v.bonus !== undefined || v.maxBonus !== undefined) refuse('bonus', 'a raffle pays its prizes');
    } else if (v.prizes) refuse('prizes', 'only raffles take prizes');
    if (v.mechanic === 'envelope') {
      if (v.poolTotal === undefined) refuse('poolTotal', 'red envelopes need the day\'s pool');
      if (v.envelopeCount === undefined) refuse('envelopeCount', 'red envelopes need how many there are a day');
      if (v.repeat !== 'daily') refuse('repeat', 'red envelopes are daily');
      if (v.maxBonus !== undefined) refuse('maxBonus', 'red envelopes share their pool');
      // Every envelope holds at least one minor unit (a pool that is no amount at all was refused above).
      const pool = v.poolTotal === undefined ? null : minorOrNull(v.poolTotal);
      if (pool !== null && v.envelopeCount !== undefined && pool < BigInt(v.envelopeCount)) refuse('poolTotal', 'must give every envelope at least 0.01');
    } else {
      if (v.poolTotal !== undefined) refuse('poolTotal', 'only red envelopes take a pool');
      if (v.envelopeCount !== undefined) refuse('envelopeCount', 'only red envelopes take a count');
    }
    if (v.mechanic !== 'apply' && v.proof !== 'none') refuse('proof', 'only applications take images');
    if (v.mechanic !== 'apply' && v.bonus !== undefined) refuse('bonus', 'only applications pay a fixed bonus');
    if (v.mechanic === 'apply' && v.minDeposit !== undefined) refuse('minDeposit', 'applications take no minimum deposit');
    if (v.mechanic === 'apply' && v.bonus === undefined && v.maxBonus === undefined) refuse('maxBonus', 'an application needs a fixed bonus or a maximum');
    if (v.bonus !== undefined && v.maxBonus !== undefined && toMinor(v.bonus) > toMinor(v.maxBonus)) refuse('bonus', 'must not exceed maxBonus');
  });
export type OpsPromotionBody = z.infer<typeof OpsPromotionBody>;

/** PATCH /ops/promotions/:id — presentation and schedule; money terms stay as members joined them. */
export const OpsPromotionPatch = z
  .strictObject({
    category: OpsPromotionFields.category.optional(),
    art: OpsPromotionFields.art.optional(),
    title: OpsPromotionFields.title.optional(),
    summary: OpsPromotionFields.summary.optional(),
    body: OpsPromotionFields.body.optional(),
    startsAt: Instant.optional(),
    endsAt: Instant.nullable().optional(),
    visible: z.boolean().optional(),
    sort: OpsPromotionFields.sort.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change', path: ['visible'] });
export type OpsPromotionPatch = z.infer<typeof OpsPromotionPatch>;

export const OpsPromotion = Promotion.omit({ mine: true }).extend({ visible: z.boolean(), sort: z.number().int(), createdAt: z.string(), applying: z.number().int() });
export type OpsPromotion = z.infer<typeof OpsPromotion>;
export const OpsPromotionResponse = ok(OpsPromotion);
export const OpsPromotionListValue = z.object({ items: z.array(OpsPromotion) });
export const OpsPromotionListResponse = ok(OpsPromotionListValue);

/** GET /ops/promotion-claims */
export const OpsPromotionClaimQuery = z.object({ page: Page, status: z.enum(PROMOTION_CLAIM_STATUSES).optional(), promotionId: IdString.optional() });
export type OpsPromotionClaimQuery = z.infer<typeof OpsPromotionClaimQuery>;
export const OpsPromotionClaim = PromotionClaim.extend({ memberId: IdString, username: z.string(), imageIds: z.array(z.string()), decidedBy: z.string().nullable() });
export type OpsPromotionClaim = z.infer<typeof OpsPromotionClaim>;
export const OpsPromotionClaimListValue = z.object({ items: z.array(OpsPromotionClaim), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type OpsPromotionClaimListValue = z.infer<typeof OpsPromotionClaimListValue>;
export const OpsPromotionClaimListResponse = ok(OpsPromotionClaimListValue);

/**
 * POST /ops/promotion-claims/:id/approve — `amount` is the bonus (required when the promotion has no
 * fixed bonus; at most its maximum); POST …/reject — `remark` required (the member reads it).
 */
export const OpsPromotionDecisionBody = z.strictObject({ amount: OpsMoney.optional(), remark: Remark.optional() }).optional();
export type OpsPromotionDecisionBody = z.infer<typeof OpsPromotionDecisionBody>;
export const OpsPromotionDecisionValue = OpsPromotionClaim.extend({ replayed: z.boolean() });
export type OpsPromotionDecisionValue = z.infer<typeof OpsPromotionDecisionValue>;
export const OpsPromotionDecisionResponse = ok(OpsPromotionDecisionValue);

/** The number a promotion record is quoted by: "PR" and its id, zero-padded to eight digits. */
export const promotionClaimNumber = (id: bigint | string) => `PR${id.toString().padStart(8, '0')}`;

/** The bonus a deposit earns: `percent` of it, capped at `maxMinor` (null: no cap). */
export const depositBonus = (depositMinor: bigint, percent: number, maxMinor: bigint | null) => {
  const raw = (depositMinor * BigInt(percent)) / 100n;
  return maxMinor !== null && raw > maxMinor ? maxMinor : raw;
};
