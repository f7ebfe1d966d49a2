import { z } from 'zod';
import { ok } from '../envelope.js';
import { NonZeroMoneyAmount, minorOrNull } from '../money.js';
import { text } from './text.js';

/** Operator roles: admin does everything, finance moves money, support reads. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;

/** Operator usernames: letters, digits and `_ . @ -`, 3–64 characters. */
export const OPERATOR_USERNAME = /^[A-Za-z0-9_.@-]{3,64}$/;

/** A database id on the wire: decimal digits, no sign, within bigint range. */
/** A client's idempotency key: resending a request with the same key never repeats its effect. */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_.:-]{8,100}$/, { message: '8–100 letters, digits or _ . : -' });

export const IdString = z.string().regex(/^[1-9]\d{0,17}$/, { message: 'must be a numeric id' });

/** POST /ops/session/login */
export const OpsLoginBody = z.strictObject({
  username: text(64).trim().min(1),
  password: text(128).min(1),
});
export type OpsLoginBody = z.infer<typeof OpsLoginBody>;
export const OpsLoginValue = z.object({ token: z.string(), role: OperatorRole });
export const OpsLoginResponse = ok(OpsLoginValue);
export type OpsLoginValue = z.infer<typeof OpsLoginValue>;

/** DELETE /ops/session/logout */
export const OpsLogoutResponse = ok(z.object({ loggedOut: z.literal(true) }));

/** GET /ops/me */
export const OpsMeValue = z.object({
  id: z.string(),
  username: z.string(),
  role: OperatorRole,
  merchantCode: z.string(),
  lastLoginAt: z.string().nullable(),
});
export const OpsMeResponse = ok(OpsMeValue);
export type OpsMeValue = z.infer<typeof OpsMeValue>;

/** An operator's reason for changing a member's money or points: 5–200 characters. */
export const AdjustmentReason = text(200)
  .trim()
  .min(5)
  .max(200)
  // Reasons are shown in back-office screens: plain words, never markup.
  .refine((v) => !/[<>]/.test(v), { message: 'must not contain < or >' });

/**
 * The most one balance adjustment may move, either way, in the site's currency: the same ceiling as a
 * VIP level's threshold. A correction larger than this is a typo (an extra digit or two), not a
 * correction; MoneyAmount's own limit (10^12) only keeps the arithmetic safe.
 */
export const OPS_ADJUSTMENT_MAX = '1000000000.00';
const ADJUSTMENT_MAX_MINOR = minorOrNull(OPS_ADJUSTMENT_MAX)!;

/** POST /ops/members/:id/adjustments */
export const OpsMemberParams = z.object({ id: IdString });
export const OpsAdjustmentBody = z.strictObject({
  /** Signed: above zero credits the member's main wallet, below zero debits it; at most OPS_ADJUSTMENT_MAX either way. */
  amount: NonZeroMoneyAmount.refine(
    (v) => {
      const minor = minorOrNull(v);
      return minor === null || (minor < 0n ? -minor : minor) <= ADJUSTMENT_MAX_MINOR;
    },
    { message: `must be at most ${OPS_ADJUSTMENT_MAX} either way` },
  ),
  reason: AdjustmentReason,
  /** The caller's key for this adjustment: a retry with the same key is answered with the first result. */
  idempotencyKey: IdempotencyKey,
});
export type OpsAdjustmentBody = z.infer<typeof OpsAdjustmentBody>;
export const OpsAdjustmentValue = z.object({
  transactionId: z.string(),
  auditId: z.string(),
  memberId: z.string(),
  amount: z.string(),
  currency: z.string(),
  balanceBefore: z.string(),
  balanceAfter: z.string(),
  /** True when this key had been used and this is the first result again (nothing new was written). */
  replayed: z.boolean(),
});
export const OpsAdjustmentResponse = ok(OpsAdjustmentValue);
export type OpsAdjustmentValue = z.infer<typeof OpsAdjustmentValue>;

/** GET /ops/audit — newest first; pass the last page's `nextBefore` as `before` for the next page. */
export const OPS_AUDIT_PAGE = 50;
export const OpsAuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(OPS_AUDIT_PAGE).default(OPS_AUDIT_PAGE),
  before: IdString.optional(),
  /** An action and every action under it: `deposit.approve`; `deposit` (or `deposit.`) for every deposit action; `deposit.online` for the online ones. */
  action: z
    .string()
    .max(120)
    .regex(/^[a-z_]{1,40}(\.[a-z_]{1,40})*\.?$/, { message: 'an action such as deposit.approve, or its start such as deposit' })
    .optional(),
  /** What was acted on: `member`, `deposit`, …, with `targetId` one of them. */
  targetType: z.string().regex(/^[a-z_]{1,40}$/, { message: 'a target type such as member' }).optional(),
  targetId: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, { message: 'a target id' }).optional(),
  operatorId: IdString.optional(),
  /** Operators' sign-ins are most of the log on a busy site: `hide` leaves them out. */
  signIns: z.enum(['show', 'hide']).default('show'),
});
export type OpsAuditQuery = z.infer<typeof OpsAuditQuery>;
export const OpsAuditEntry = z.object({
  id: z.string(),
  operatorId: z.string().nullable(),
  operatorUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** What the target is called, for a member or an operator of the site: their username (null for other kinds, or one no longer found). */
  targetName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type OpsAuditEntry = z.infer<typeof OpsAuditEntry>;
export const OpsAuditValue = z.object({ items: z.array(OpsAuditEntry), nextBefore: z.string().nullable() });
export const OpsAuditResponse = ok(OpsAuditValue);
export type OpsAuditValue = z.infer<typeof OpsAuditValue>;
