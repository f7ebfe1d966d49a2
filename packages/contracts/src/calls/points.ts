import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { LocalizedText } from './localized.js';
import { MoneyAmount, notAbove, PositiveMoneyAmount, toMinor } from '../money.js';
import { AdjustmentReason, IdempotencyKey, IdString } from './ops.js';
import { trimmedText } from './text.js';

/*
 * The points mall (spec §2 "Points mall", §3 "Points", §6 flag PTSYS3). Points are whole numbers kept in
 * a points book of their own (never money); they come from bets and deposits, and from cash converted at
 * the site's ratio, and are spent on goods. Points have no expiry.
 */

/** Where earned points come from (spec §3 "Point sources", less `redeem`, which spends them). */
export const POINT_EARN_SOURCES = ['live', 'lottery', 'pvp', 'rng', 'sports', 'deposit'] as const;
export type PointEarnSource = (typeof POINT_EARN_SOURCES)[number];
/** Every kind of line in a member's points details. */
export const POINT_ENTRY_KINDS = [...POINT_EARN_SOURCES, 'convert', 'redeem', 'refund', 'adjust'] as const;
export type PointEntryKind = (typeof POINT_ENTRY_KINDS)[number];

/** The earning source of a game category's bets: each category counts under one spec source. */
export const POINT_SOURCE_OF_CATEGORY: Record<string, Exclude<PointEarnSource, 'deposit'>> = {
  LIVE: 'live',
  LOTT: 'lottery',
  ELOTT: 'lottery',
  BINGO: 'lottery',
  PVP: 'pvp',
  SPORTS: 'sports',
  ESPORTS: 'sports',
  COCKFIGHT: 'sports',
  RNG: 'rng',
  FISH: 'rng',
  MINI: 'rng',
  INHOUSE: 'rng',
};

/** The kinds of redemption record: goods bought with points, or cash turned into points. */
export const POINT_ORDER_KINDS = ['goods', 'convert'] as const;
export type PointOrderKind = (typeof POINT_ORDER_KINDS)[number];
/** Spec §4 redeem states: applying (in process), rejected, approved. A conversion is approved at once. */
export const POINT_ORDER_STATUSES = ['applying', 'approved', 'rejected'] as const;
export type PointOrderStatus = (typeof POINT_ORDER_STATUSES)[number];

/** Goods that are shipped need a delivery address; virtual goods (a voucher, a card) do not. */
export const POINT_GOODS_KINDS = ['physical', 'virtual'] as const;
/** The artwork a good is drawn with in the portal (generated, one design per key). */
export const POINT_GOODS_ARTS = ['phone', 'watch', 'headphones', 'voucher', 'gold', 'bag', 'speaker', 'tablet', 'gift', 'car'] as const;
export type PointGoodsArt = (typeof POINT_GOODS_ARTS)[number];

/** A points amount on the wire: a whole number (points are never fractional). */
const PointsInt = z.number().int().min(0).max(1_000_000_000_000);
/** The largest quantity of one good in one redemption. */
export const POINT_REDEEM_MAX_QUANTITY = 99;
export const POINT_ADDRESS_MIN = 5;
export const POINT_ADDRESS_MAX = 200;
export const POINT_REMARK_MAX = 200;

const Money = z.string().describe('a decimal string with two places, e.g. "1234.50"');
const NonNegativeMoney = MoneyAmount.refine((v) => notAbove('0.00', v), { message: 'must not be negative' });

/** One earning rule: every `perAmount` of effective bets (or of deposits) earns `points`. */
export const PointEarnRule = z.object({ perAmount: PositiveMoneyAmount, points: z.number().int().min(0).max(1_000_000) });
export type PointEarnRule = z.infer<typeof PointEarnRule>;

/** Every source earns a point per 10.00 unless the site says otherwise; deposits earn nothing. */
const defaultRule = (s: PointEarnSource): PointEarnRule => ({ perAmount: '10.00', points: s === 'deposit' ? 0 : 1 });
const DEFAULT_EARN = Object.fromEntries(POINT_EARN_SOURCES.map((s) => [s, defaultRule(s)])) as Record<PointEarnSource, PointEarnRule>;
const DEFAULT_CONVERT = { enabled: true, pointsPerUnit: 10, min: '10.00', max: '10000.00' };

/** The merchant's points settings (merchant config `points`). */
export const PointsConfig = z
  .object({
    earn: z
      .object(Object.fromEntries(POINT_EARN_SOURCES.map((s) => [s, PointEarnRule.default(defaultRule(s))])) as Record<PointEarnSource, z.ZodDefault<typeof PointEarnRule>>)
      .default(() => ({ ...DEFAULT_EARN })),
    convert: z
      .object({
        enabled: z.boolean().default(DEFAULT_CONVERT.enabled),
        /** Points for each whole unit of currency converted (the ratio 1 : N). */
        pointsPerUnit: z.number().int().min(1).max(10_000).default(DEFAULT_CONVERT.pointsPerUnit),
        min: PositiveMoneyAmount.default(DEFAULT_CONVERT.min),
        max: PositiveMoneyAmount.default(DEFAULT_CONVERT.max),
      })
      .refine((c) => notAbove(c.min, c.max), { message: 'min must not exceed max' })
      .default(() => ({ ...DEFAULT_CONVERT })),
  })
  .default(() => ({ earn: { ...DEFAULT_EARN }, convert: { ...DEFAULT_CONVERT } }));
export type PointsConfig = z.infer<typeof PointsConfig>;

/** GET /wps/relay/MCS2_getPointConfig — the rules a visitor or member reads (public). */
export const PointConfigValue = z.object({
  enabled: z.boolean(),
  currency: z.string(),
  currencySymbol: z.string(),
  earn: z.array(z.object({ source: z.enum(POINT_EARN_SOURCES), perAmount: Money, points: z.number().int() })),
  convert: z.object({ enabled: z.boolean(), pointsPerUnit: z.number().int(), min: Money, max: Money }),
  /** Points have no expiration (spec §3). */
  expires: z.literal(false),
});
export type PointConfigValue = z.infer<typeof PointConfigValue>;
export const PointConfigResponse = ok(PointConfigValue);

/** GET /wps/relay/MCS2_getPointBalance */
export const PointBalanceValue = z.object({
  points: PointsInt,
  /** Every point ever earned or converted (refunds and adjustments aside). */
  lifetimeEarned: PointsInt,
  /** Redemptions still waiting for the site. */
  applying: z.number().int(),
  /** Main wallet money not on hold: what a conversion or a good's cash part can use. */
  available: Money,
  /** Redeeming and converting ask for the payment password (set in the security center). */
  hasPaymentPassword: z.boolean(),
  /** Of each good with a limit per member, how many the member holds in applying or approved redemptions. */
  taken: z.array(z.object({ goodsId: IdString, quantity: z.number().int() })),
});
export type PointBalanceValue = z.infer<typeof PointBalanceValue>;
export const PointBalanceResponse = ok(PointBalanceValue);

export const PointGoods = z.object({
  id: IdString,
  name: LocalizedText,
  description: LocalizedText.nullable(),
  art: z.enum(POINT_GOODS_ARTS),
  kind: z.enum(POINT_GOODS_KINDS),
  /** Points for one. */
  points: PointsInt,
  /** Cash for one, paid from the main wallet with the points ("required amount"); "0.00" for none. */
  amount: Money,
  /** How many the site put on sale, and how many are left (spec "quantity", "remaining quantity"). */
  stock: z.number().int(),
  remaining: z.number().int(),
  /** At most this many per member (applying and approved redemptions count); null: no limit. */
  limitPerMember: z.number().int().nullable(),
});
export type PointGoods = z.infer<typeof PointGoods>;

/** GET /wps/relay/MCS2_getPointReward — the goods on sale (public). */
export const PointGoodsListValue = z.object({ items: z.array(PointGoods), currencySymbol: z.string() });
export type PointGoodsListValue = z.infer<typeof PointGoodsListValue>;
export const PointGoodsListResponse = ok(PointGoodsListValue);

const PaymentPassword = z.string().min(1).max(32);
const Address = trimmedText(POINT_ADDRESS_MIN, POINT_ADDRESS_MAX).refine((v) => !/[<>]/.test(v), { message: 'must not contain < or >' });

/** POST /wps/relay/passwordCheck/MCS2_redeemPointReward */
export const PointRedeemBody = z.strictObject({
  goodsId: IdString,
  quantity: z.number().int().min(1).max(POINT_REDEEM_MAX_QUANTITY),
  /** Required for physical goods; refused for virtual ones. */
  address: Address.optional(),
  paymentPassword: PaymentPassword,
  idempotencyKey: IdempotencyKey,
});
export type PointRedeemBody = z.infer<typeof PointRedeemBody>;

/** POST /wps/relay/passwordCheck/MCS2_convertPoint — whole units of currency only. */
export const PointConvertBody = z.strictObject({
  amount: PositiveMoneyAmount.refine((v) => !/^\d+(\.\d{1,2})?$/.test(v) || toMinor(v) % 100n === 0n, { message: 'whole amounts only' }),
  paymentPassword: PaymentPassword,
  idempotencyKey: IdempotencyKey,
});
export type PointConvertBody = z.infer<typeof PointConvertBody>;

/** One redemption record (spec §3: transaction number, application time, exchange type, goods name, quantity, status, remark). */
export const PointOrder = z.object({
  id: IdString,
  /** The transaction number members quote to support. */
  number: z.string(),
  kind: z.enum(POINT_ORDER_KINDS),
  goodsName: LocalizedText.nullable(),
  goodsArt: z.enum(POINT_GOODS_ARTS).nullable(),
  quantity: z.number().int(),
  /** Points spent (goods) or gained (convert), as a positive number. */
  points: PointsInt,
  /** Cash paid with it (held while applying; "0.00" for none). */
  amount: Money,
  address: z.string().nullable(),
  status: z.enum(POINT_ORDER_STATUSES),
  /** The site's remark on its decision. */
  remark: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PointOrder = z.infer<typeof PointOrder>;

/** The answer to a redemption or a conversion: the record, and the points and cash after it. */
export const PointOrderResultValue = z.object({ order: PointOrder, points: PointsInt, available: Money, replayed: z.boolean() });
export type PointOrderResultValue = z.infer<typeof PointOrderResultValue>;
export const PointOrderResultResponse = ok(PointOrderResultValue);

const Page = z.coerce.number().int().min(1).max(100_000).default(1);

/** GET /wps/relay/MCS2_getRedeemPointList */
export const PointOrderListQuery = z.object({ page: Page, status: z.enum(POINT_ORDER_STATUSES).optional(), kind: z.enum(POINT_ORDER_KINDS).optional() });
export type PointOrderListQuery = z.infer<typeof PointOrderListQuery>;
export const PointOrderListValue = z.object({ items: z.array(PointOrder), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type PointOrderListValue = z.infer<typeof PointOrderListValue>;
export const PointOrderListResponse = ok(PointOrderListValue);

/** GET /wps/points/details — points details (spec §3: time, changed points, balance, remark). */
export const PointEntryQuery = z.object({ page: Page, kind: z.enum(POINT_ENTRY_KINDS).optional() });
export type PointEntryQuery = z.infer<typeof PointEntryQuery>;
export const PointEntry = z.object({
  id: IdString,
  createdAt: z.string(),
  kind: z.enum(POINT_ENTRY_KINDS),
  /** Signed: above zero earned or returned, below zero spent or taken. */
  change: z.number().int(),
  balance: PointsInt,
  /** The redemption record it belongs to, if any. */
  orderNumber: z.string().nullable(),
  /** What it was for: the bets or deposits counted, or an operator's reason. */
  basis: Money.nullable(),
  note: z.string().nullable(),
});
export type PointEntry = z.infer<typeof PointEntry>;
export const PointEntryListValue = z.object({ items: z.array(PointEntry), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type PointEntryListValue = z.infer<typeof PointEntryListValue>;
export const PointEntryListResponse = ok(PointEntryListValue);

// ---- Operators ----

const Remark = trimmedText(1, POINT_REMARK_MAX).refine((v) => !/[<>]/.test(v), { message: 'must not contain < or >' });

/** POST /ops/point-goods */
export const OpsPointGoodsBody = z.strictObject({
  name: LocalizedText,
  description: LocalizedText.optional(),
  art: z.enum(POINT_GOODS_ARTS),
  kind: z.enum(POINT_GOODS_KINDS),
  points: z.number().int().min(1).max(1_000_000_000),
  amount: NonNegativeMoney.default('0.00'),
  stock: z.number().int().min(0).max(1_000_000),
  limitPerMember: z.number().int().min(1).max(1_000).nullable().default(null),
  onSale: z.boolean().default(true),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type OpsPointGoodsBody = z.infer<typeof OpsPointGoodsBody>;

/** PATCH /ops/point-goods/:id — what may change on goods already listed; `addStock` puts more on sale. */
export const OpsPointGoodsPatch = z
  .strictObject({
    onSale: z.boolean().optional(),
    addStock: z.number().int().min(1).max(1_000_000).optional(),
    points: z.number().int().min(1).max(1_000_000_000).optional(),
    amount: NonNegativeMoney.optional(),
    limitPerMember: z.number().int().min(1).max(1_000).nullable().optional(),
    sort: z.number().int().min(0).max(10_000).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change', path: ['onSale'] });
export type OpsPointGoodsPatch = z.infer<typeof OpsPointGoodsPatch>;

export const OpsPointGoods = PointGoods.extend({ onSale: z.boolean(), sort: z.number().int(), createdAt: z.string() });
export type OpsPointGoods = z.infer<typeof OpsPointGoods>;
export const OpsPointGoodsResponse = ok(OpsPointGoods);
export const OpsPointGoodsListValue = z.object({ items: z.array(OpsPointGoods) });
export const OpsPointGoodsListResponse = ok(OpsPointGoodsListValue);

/** GET /ops/point-orders */
export const OpsPointOrderQuery = z.object({ page: Page, status: z.enum(POINT_ORDER_STATUSES).optional() });
export type OpsPointOrderQuery = z.infer<typeof OpsPointOrderQuery>;
export const OpsPointOrder = PointOrder.extend({ memberId: IdString, username: z.string(), decidedBy: z.string().nullable() });
export type OpsPointOrder = z.infer<typeof OpsPointOrder>;
export const OpsPointOrderListValue = z.object({ items: z.array(OpsPointOrder), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type OpsPointOrderListValue = z.infer<typeof OpsPointOrderListValue>;
export const OpsPointOrderListResponse = ok(OpsPointOrderListValue);

/** POST /ops/point-orders/:id/approve (remark optional) and /reject (remark required: the member reads it). */
export const OpsPointOrderDecisionBody = z.strictObject({ remark: Remark.optional() }).optional();
export type OpsPointOrderDecisionBody = z.infer<typeof OpsPointOrderDecisionBody>;
export const OpsPointOrderDecisionValue = OpsPointOrder.extend({ replayed: z.boolean() });
export type OpsPointOrderDecisionValue = z.infer<typeof OpsPointOrderDecisionValue>;
export const OpsPointOrderDecisionResponse = ok(OpsPointOrderDecisionValue);

/** POST /ops/members/:id/points — a signed points adjustment with a reason; audited. */
export const OpsPointAdjustBody = z.strictObject({
  points: z
    .number()
    .int()
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((v) => v !== 0, { message: 'must not be zero' }),
  reason: AdjustmentReason,
  idempotencyKey: IdempotencyKey,
});
export type OpsPointAdjustBody = z.infer<typeof OpsPointAdjustBody>;
export const OpsPointAdjustValue = z.object({ entryId: IdString, memberId: IdString, change: z.number().int(), balance: PointsInt, replayed: z.boolean() });
export type OpsPointAdjustValue = z.infer<typeof OpsPointAdjustValue>;
export const OpsPointAdjustResponse = ok(OpsPointAdjustValue);

/** The number a redemption record is quoted by: "PM" and its id, zero-padded to eight digits. */
export const pointOrderNumber = (id: bigint | string) => `PM${id.toString().padStart(8, '0')}`;

/** Points a conversion of `amountMinor` gives at `pointsPerUnit` (whole units only; see PointConvertBody). */
export const pointsForCash = (amountMinor: bigint, pointsPerUnit: number) => (amountMinor / 100n) * BigInt(pointsPerUnit);
