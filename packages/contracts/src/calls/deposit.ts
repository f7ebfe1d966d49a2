import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { notAbove, PositiveMoneyAmount } from '../money.js';
import { IdempotencyKey, IdString } from './ops.js';
import { text } from './text.js';
import { LocalizedText } from './localized.js';

const Money = z.string().describe('a decimal string with two places, e.g. "1234.50"');

/** Payment channels a merchant offers (merchant config `payment.channels`). */
export const PAYMENT_CHANNEL_TYPES = ['BANK_TRANSFER', 'ONLINE'] as const;
export const PaymentChannelType = z.enum(PAYMENT_CHANNEL_TYPES);
/** Online payment providers the server can talk to. `paysim` is the bundled simulator (demo and tests). */
export const PAYMENT_PROVIDERS = ['paysim'] as const;
export type PaymentChannelType = z.infer<typeof PaymentChannelType>;
export const ChannelId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, { message: '1–32 letters, digits, _ or -' });

export const BankDetails = z.object({ bankName: z.string(), accountName: z.string(), accountNumber: z.string() });

/** GET /wps/v2/deposit/channels — the enabled channels, as a member may see them. */
export const DepositChannel = z.object({
  id: ChannelId,
  type: PaymentChannelType,
  name: LocalizedText,
  min: Money,
  max: Money,
  /** Where to send a bank transfer; null for online channels. */
  bank: BankDetails.nullable(),
  /** Minutes an online order may wait for its payment; null for bank transfers. */
  expiresMinutes: z.number().int().nullable(),
});
export type DepositChannel = z.infer<typeof DepositChannel>;
export const DepositChannelsValue = z.object({ channels: z.array(DepositChannel), currency: z.string(), currencySymbol: z.string() });
export const DepositChannelsResponse = ok(DepositChannelsValue);
export type DepositChannelsValue = z.infer<typeof DepositChannelsValue>;

/** Receipts: png or jpg (decided by the file's own bytes), under 5 MB, one per deposit. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export const RECEIPT_FIELD = 'receipt';

// Every control character (C0, DEL, C1), tab and line breaks included: a reference is one line.
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** The member's transfer reference, as written on the bank transfer. */
export const DepositReference = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((v) => !ANY_CONTROL.test(v), { message: 'control characters are not allowed' });

/**
 * POST /wps/v2/deposit/bank — multipart/form-data. These are the text fields; the form also carries
 * exactly one file field named `receipt`. Each field is checked with this schema on the server.
 */
export const DepositBankFields = z.strictObject({
  channelId: ChannelId,
  amount: PositiveMoneyAmount,
  reference: DepositReference,
  /** The member's key for this deposit: resending the form with it returns the first deposit. */
  idempotencyKey: IdempotencyKey,
});
export type DepositBankFields = z.infer<typeof DepositBankFields>;

/** The multipart form as OpenAPI shows it (the server parses the parts itself). */
export const DepositBankForm = DepositBankFields.extend({
  receipt: z.string().meta({ format: 'binary', description: 'png or jpg image, under 5 MB (5242880 bytes), exactly one' }),
});

/** `expired`: an online order nobody paid within its channel's time (a late payment still credits it). */
export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export const DepositStatus = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof DepositStatus>;

export const Deposit = z.object({
  id: z.string(),
  channelId: z.string(),
  type: PaymentChannelType,
  amount: Money,
  currency: z.string(),
  reference: z.string(),
  status: DepositStatus,
  /** GET /wps/v2/uploads/:id */
  receiptId: z.string().nullable(),
  ledgerTransactionId: z.string().nullable(),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** An online order must be paid before this time; null for bank transfers. */
  expiresAt: z.string().nullable(),
  /**
   * Who decided: an operator; the payment provider (an online order's callback); the system (an online
   * order's deadline passed). Null while pending.
   */
  decidedBy: z.enum(['operator', 'provider', 'system']).nullable(),
});
export type Deposit = z.infer<typeof Deposit>;

export const DepositCreateValue = Deposit.extend({
  /** True when this idempotency key had been used and this is the first deposit again. */
  replayed: z.boolean(),
});
export const DepositCreateResponse = ok(DepositCreateValue);
export type DepositCreateValue = z.infer<typeof DepositCreateValue>;

/** GET /wps/v2/deposits and GET /ops/deposits */
export const DepositListQuery = z.object({
  status: DepositStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type DepositListQuery = z.infer<typeof DepositListQuery>;
/** A member's own deposit: with the payment page of an online order that can still be paid. */
export const MemberDeposit = Deposit.extend({ payUrl: z.string().nullable() });
export type MemberDeposit = z.infer<typeof MemberDeposit>;
export const DepositListValue = z.object({ items: z.array(MemberDeposit), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export const DepositListResponse = ok(DepositListValue);
export type DepositListValue = z.infer<typeof DepositListValue>;

/** GET /wps/v2/uploads/:id */
export const UploadParams = z.object({ id: z.uuid() });

/** The operator's view of a deposit: whose it is, too. */
export const OpsDeposit = Deposit.extend({ memberId: z.string(), username: z.string(), reviewedBy: z.string().nullable(), reviewedByName: z.string().nullable() });
export type OpsDeposit = z.infer<typeof OpsDeposit>;
export const OpsDepositListValue = z.object({ items: z.array(OpsDeposit), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export const OpsDepositListResponse = ok(OpsDepositListValue);
export type OpsDepositListValue = z.infer<typeof OpsDepositListValue>;

/** POST /ops/deposits/:id/approve and /reject — the body may be left out. */
export const OpsDepositParams = z.object({ id: IdString });
export const OpsDepositReviewBody = z
  .strictObject({
    note: text(200)
      .trim()
      .max(200)
      .refine((v) => !/[<>]/.test(v), { message: 'must not contain < or >' })
      .optional(),
  })
  // Fastify hands a bodiless POST over as null.
  .nullish();
export type OpsDepositReviewBody = z.infer<typeof OpsDepositReviewBody>;
export const OpsDepositReviewValue = OpsDeposit.extend({
  /** True when the deposit had already been decided this way and nothing new was written. */
  replayed: z.boolean(),
  /** The member's main balance after the credit (approve only). */
  balanceAfter: Money.nullable(),
});
export const OpsDepositReviewResponse = ok(OpsDepositReviewValue);
export type OpsDepositReviewValue = z.infer<typeof OpsDepositReviewValue>;

/** A channel as merchant config stores it. */
export const PaymentChannelConfig = z
  .object({
    id: ChannelId,
    type: PaymentChannelType,
    name: LocalizedText,
    min: PositiveMoneyAmount,
    max: PositiveMoneyAmount,
    enabled: z.boolean().default(true),
    bank: z.object({ bankName: z.string().min(1), accountName: z.string().min(1), accountNumber: z.string().min(1) }).optional(),
    /** The payment provider behind an online channel; its secret comes from the environment, never from here. */
    provider: z.enum(PAYMENT_PROVIDERS).optional(),
    /** How long an online order may wait for its payment (default ONLINE_ORDER_MINUTES); online channels only. */
    expiresMinutes: z.number().int().min(5).max(24 * 60).optional(),
  })
  .refine((c) => notAbove(c.min, c.max), { message: 'min must not exceed max' })
  .refine((c) => (c.type === 'ONLINE') === (c.provider !== undefined), { message: 'an online channel names its provider, and only an online channel does' })
  .refine((c) => c.type === 'ONLINE' || c.expiresMinutes === undefined, { message: 'only an online channel has expiresMinutes' });
export type PaymentChannelConfig = z.infer<typeof PaymentChannelConfig>;

/** POST /wps/v2/deposit/online — opens an order with an online channel; the member pays on `payUrl`. */
export const DepositOnlineBody = z.strictObject({
  channelId: ChannelId,
  amount: PositiveMoneyAmount,
  idempotencyKey: IdempotencyKey,
});
export type DepositOnlineBody = z.infer<typeof DepositOnlineBody>;
export const DepositOnlineValue = DepositCreateValue.extend({
  /** The payment page to send the member to (the provider's checkout). */
  payUrl: z.string(),
});
export type DepositOnlineValue = z.infer<typeof DepositOnlineValue>;
export const DepositOnlineResponse = ok(DepositOnlineValue);

/**
 * POST /pay/callback/:provider — the provider's server tells us an order's outcome. The raw body is
 * signed: header `X-Signature` = hex HMAC-SHA256(provider secret, raw body). `nonce` is single-use
 * and `timestamp` (unix seconds) must be within 5 minutes of our clock.
 */
export const PaymentCallbackBody = z.strictObject({
  orderId: IdString,
  providerReference: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  amount: PositiveMoneyAmount,
  currency: z.string().regex(/^[A-Z]{3}$/),
  status: z.enum(['PAID', 'FAILED']),
  timestamp: z.number().int().positive(),
  nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});
export type PaymentCallbackBody = z.infer<typeof PaymentCallbackBody>;
export const PaymentCallbackValue = z.object({ orderId: z.string(), status: DepositStatus });
export const PaymentCallbackResponse = ok(PaymentCallbackValue);
/** How long an online order waits for its payment when its channel does not say. */
export const ONLINE_ORDER_MINUTES = 30;
/** How far a callback's timestamp may be from our clock. */
export const CALLBACK_MAX_SKEW_SECONDS = 300;
