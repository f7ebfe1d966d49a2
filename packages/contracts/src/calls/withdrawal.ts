import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { MoneyAmount, notAbove, PositiveMoneyAmount } from '../money.js';
import { IdempotencyKey, IdString } from './ops.js';
import { BankCard } from './security.js';
import { OpsDepositReviewBody } from './deposit.js';
import { text } from './text.js';

const Money = z.string().describe('a decimal string with two places, e.g. "1234.50"');

/**
 * A withdrawal's life: pending (funds held) → approved (still held) → paid (posted out of the
 * wallet), or rejected from pending or approved (hold released). After payment the member confirms.
 */
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export const WithdrawalStatus = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatus>;

/** The member's answer after payment (spec §4); `auto_received` when none came within the configured minutes. */
export const WITHDRAWAL_CONFIRMATIONS = ['received', 'partial', 'not_received', 'auto_received'] as const;
export const WithdrawalConfirmation = z.enum(WITHDRAWAL_CONFIRMATIONS);
export type WithdrawalConfirmation = z.infer<typeof WithdrawalConfirmation>;

/** Proof images attached to a confirmation: png or jpg, each under 5 MB, at most 3. */
export const PROOF_MAX_IMAGES = 3;

/** Withdrawal rules as merchant config stores them. */
export const WithdrawalConfig = z
  .object({
    min: PositiveMoneyAmount.default('50.00'),
    max: PositiveMoneyAmount.default('20000.00'),
    /** A fixed fee per withdrawal plus a share of the amount in basis points (100 = 1 %). */
    feeFixed: MoneyAmount.refine((v) => notAbove('0.00', v), { message: 'must not be negative' }).default('0.00'),
    feeBps: z.number().int().min(0).max(5000).default(0),
    /** Minutes a member has to confirm a paid withdrawal before it counts as received. */
    confirmMinutes: z.number().int().min(1).max(7 * 24 * 60).default(30),
    maxBankCards: z.number().int().min(1).max(10).default(5),
    /** Bank names members may bind cards to; empty allows any. */
    banks: z.array(z.string().min(1).max(64)).default(['ABA Bank', 'ACLEDA Bank', 'Wing Bank', 'Canadia Bank', 'Prince Bank', 'Sathapana Bank']),
  })
  .refine((c) => notAbove(c.min, c.max), { message: 'min must not exceed max' });
export type WithdrawalConfig = z.infer<typeof WithdrawalConfig>;

/** The fee of a withdrawal of `amount` minor units: fixed part plus basis points, rounded up to the cent. */
export const withdrawalFee = (amount: bigint, feeFixedMinor: bigint, feeBps: number): bigint =>
  feeFixedMinor + (amount * BigInt(feeBps) + 9_999n) / 10_000n;

/** GET /wps/v2/withdraw/settings — what the withdraw page needs. */
export const WithdrawSettingsValue = z.object({
  min: Money,
  max: Money,
  feeFixed: Money,
  feeBps: z.number().int(),
  confirmMinutes: z.number().int(),
  /** Main wallet balance not on hold. */
  available: Money,
  currency: z.string(),
  currencySymbol: z.string(),
  hasPaymentPassword: z.boolean(),
  realName: z.string().nullable(),
  bankCards: z.array(BankCard),
  /** Bets still owed to promotion bonuses' turnover; a withdrawal is refused until it is "0.00". */
  turnoverPending: Money,
});
export type WithdrawSettingsValue = z.infer<typeof WithdrawSettingsValue>;
export const WithdrawSettingsResponse = ok(WithdrawSettingsValue);

/** POST /wps/v2/withdraw */
export const WithdrawBody = z.strictObject({
  bankCardId: IdString,
  amount: PositiveMoneyAmount,
  paymentPassword: text(32).min(1),
  idempotencyKey: IdempotencyKey,
});
export type WithdrawBody = z.infer<typeof WithdrawBody>;

export const Withdrawal = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumberMasked: z.string(),
  amount: Money,
  fee: Money,
  /** What reaches the bank account: amount − fee. */
  payout: Money,
  currency: z.string(),
  status: WithdrawalStatus,
  confirmation: WithdrawalConfirmation.nullable(),
  receivedAmount: Money.nullable(),
  /** When a paid withdrawal counts as received if the member has not answered. */
  confirmDeadline: z.string().nullable(),
  proofIds: z.array(z.string()),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawCreateValue = Withdrawal.extend({ replayed: z.boolean() });
export type WithdrawCreateValue = z.infer<typeof WithdrawCreateValue>;
export const WithdrawCreateResponse = ok(WithdrawCreateValue);

/** GET /wps/v2/withdrawals and GET /ops/withdrawals */
export const WithdrawalListQuery = z.strictObject({
  status: WithdrawalStatus.optional(),
  confirmation: WithdrawalConfirmation.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type WithdrawalListQuery = z.infer<typeof WithdrawalListQuery>;
export const WithdrawalListValue = z.object({ items: z.array(Withdrawal), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type WithdrawalListValue = z.infer<typeof WithdrawalListValue>;
export const WithdrawalListResponse = ok(WithdrawalListValue);

export const WithdrawalParams = z.object({ id: IdString });

/**
 * POST /wps/v2/withdrawals/:id/confirm — after payment: received; partial with the amount that
 * arrived; or not received. Partial and not received need at least one proof image (uploaded first
 * with POST /wps/v2/uploads).
 */
export const WithdrawalConfirmBody = z
  .strictObject({
    outcome: z.enum(['received', 'partial', 'not_received']),
    receivedAmount: PositiveMoneyAmount.optional(),
    proofIds: z.array(z.uuid()).max(PROOF_MAX_IMAGES).default([]),
  })
  .refine((b) => new Set(b.proofIds).size === b.proofIds.length, { message: 'the same image twice', path: ['proofIds'] })
  .refine((b) => (b.outcome === 'partial') === (b.receivedAmount !== undefined), { message: 'the amount received goes with partial, and only there', path: ['receivedAmount'] });
export type WithdrawalConfirmBody = z.infer<typeof WithdrawalConfirmBody>;
export const WithdrawalResponse = ok(Withdrawal);

/** The operator's view: whose it is and the full account number to pay. */
export const OpsWithdrawal = Withdrawal.extend({
  memberId: z.string(),
  username: z.string(),
  accountNumber: z.string(),
  reviewedBy: z.string().nullable(),
  /** The username of the operator who decided it. */
  reviewedByName: z.string().nullable(),
});
export type OpsWithdrawal = z.infer<typeof OpsWithdrawal>;
export const OpsWithdrawalListValue = z.object({ items: z.array(OpsWithdrawal), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export type OpsWithdrawalListValue = z.infer<typeof OpsWithdrawalListValue>;
export const OpsWithdrawalListResponse = ok(OpsWithdrawalListValue);

/** POST /ops/withdrawals/:id/approve | paid | reject — the body may be left out. */
export const OpsWithdrawalReviewBody = OpsDepositReviewBody;
export type OpsWithdrawalReviewBody = z.infer<typeof OpsWithdrawalReviewBody>;
export const OpsWithdrawalReviewValue = OpsWithdrawal.extend({
  /** True when the withdrawal was already in the asked state and nothing new was written. */
  replayed: z.boolean(),
});
export type OpsWithdrawalReviewValue = z.infer<typeof OpsWithdrawalReviewValue>;
export const OpsWithdrawalReviewResponse = ok(OpsWithdrawalReviewValue);

/** POST /wps/v2/uploads — one image (field `file`), png or jpg by content, under 5 MB. */
export const UPLOAD_FIELD = 'file';
export const UploadValue = z.object({ id: z.string(), contentType: z.string(), size: z.number().int() });
export const UploadResponse = ok(UploadValue);
