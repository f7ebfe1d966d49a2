import { z } from 'zod';
import { ok } from '../envelope.js';
import { DEFAULT_REGISTER_RULES, testPattern } from '../validation/patterns.js';
import { IdString } from './ops.js';
import { text } from './text.js';

// Every control character (C0, DEL, C1): names and numbers are one line of printable text.
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const line = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !ANY_CONTROL.test(v), { message: 'control characters are not allowed' });

/** A payment password: the register catalogue's rule (4–6 digits). */
const paymentRule = DEFAULT_REGISTER_RULES.paymentPassword;
export const PaymentPassword = z
  .string()
  .min(paymentRule.minLength)
  .max(paymentRule.maxLength)
  .regex(/^\d+$/, { message: `${paymentRule.minLength}–${paymentRule.maxLength} digits` });

/** The real name a member's bank cards must carry (the register catalogue's payeeName rule). */
const payeeRule = DEFAULT_REGISTER_RULES.payeeName;
export const RealName = line(payeeRule.minLength, payeeRule.maxLength).refine((v) => testPattern(payeeRule.acceptedPattern, payeeRule.patternId, v), {
  message: 'letters and single spaces only',
});

/** Bank account numbers: digits, optionally grouped by spaces or dashes as printed on a card; stored as digits. */
export const BankAccountNumber = z
  .string()
  .trim()
  .regex(/^\d[\d -]{4,38}\d$/, { message: '6–30 digits' })
  .transform((v) => v.replace(/[ -]/g, ''))
  .refine((v) => v.length >= 6 && v.length <= 30, { message: '6–30 digits' });

export const BankCard = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** The last four digits only, e.g. "•••• 3456". */
  accountNumberMasked: z.string(),
  createdAt: z.string(),
});
export type BankCard = z.infer<typeof BankCard>;

/** GET /wps/member/security — what the security center shows. */
export const SecurityOverviewValue = z.object({
  username: z.string(),
  realName: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  bankCards: z.array(BankCard),
  maxBankCards: z.number().int(),
  /** Bank names a card may be bound to; empty means any. */
  banks: z.array(z.string()),
  emailMasked: z.string().nullable(),
  mobileMasked: z.string().nullable(),
  passwordChangedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /**
   * The sign-in before the latest one, with its address: what a member checks for a sign-in that was
   * not theirs (the latest is usually the one they are using). Null before a second sign-in.
   */
  previousLogin: z.object({ at: z.string(), ip: z.string().nullable() }).nullable(),
});
export type SecurityOverviewValue = z.infer<typeof SecurityOverviewValue>;
export const SecurityOverviewResponse = ok(SecurityOverviewValue);

/** POST /wps/member/security/real-name — once: the name cannot be changed by the member afterwards. */
export const RealNameBody = z.strictObject({ realName: RealName });
export type RealNameBody = z.infer<typeof RealNameBody>;
export const RealNameResponse = ok(z.object({ realName: z.string() }));

/**
 * POST /wps/member/security/payment-password — sets the payment password (proved by the login
 * password) or changes it (proved by the current payment password).
 */
export const PaymentPasswordBody = z.strictObject({
  /** Required when no payment password is set yet. */
  loginPassword: text(128).min(1).optional(),
  /** Required when a payment password is set. */
  oldPaymentPassword: text(32).min(1).optional(),
  newPaymentPassword: PaymentPassword,
  confirmPaymentPassword: text(32),
});
export type PaymentPasswordBody = z.infer<typeof PaymentPasswordBody>;
export const PaymentPasswordResponse = ok(z.object({ hasPaymentPassword: z.literal(true) }));

/** POST /wps/member/bank-cards — binds a card in the member's real name. */
export const BindBankCardBody = z.strictObject({
  bankName: line(2, 64),
  accountName: line(payeeRule.minLength, payeeRule.maxLength),
  accountNumber: BankAccountNumber,
  paymentPassword: text(32).min(1),
});
export type BindBankCardBody = z.infer<typeof BindBankCardBody>;
export const BankCardResponse = ok(BankCard);
export const BankCardListResponse = ok(z.object({ items: z.array(BankCard), max: z.number().int() }));

/** DELETE /wps/member/bank-cards/:id */
export const BankCardParams = z.object({ id: IdString });
export const UnbindBankCardBody = z.strictObject({ paymentPassword: text(32).min(1) });
export type UnbindBankCardBody = z.infer<typeof UnbindBankCardBody>;
export const UnbindBankCardResponse = ok(z.object({ removed: z.literal(true) }));

/** "•••• 3456" */
export const maskAccountNumber = (digits: string) => `•••• ${digits.slice(-4)}`;
