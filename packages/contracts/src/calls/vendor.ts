import { z } from 'zod';
import { MONEY_MAX_MAJOR, toMinor } from '../money.js';

/**
 * The seamless wallet as game vendors call it: `POST /vendor-api/:vendorCode/<action>`, a JSON body
 * signed with the vendor's secret (hex HMAC-SHA256 of the raw body in `X-Signature`). These calls are
 * server to server: they have their own response format (`status: "OK" | "ERROR"`), not the portal's
 * envelope. docs/vendor-protocol.md is the integrator's guide.
 */
export const VENDOR_ACTIONS = ['authenticate', 'balance', 'bet', 'win', 'rollback', 'endRound'] as const;
export type VendorAction = (typeof VENDOR_ACTIONS)[number];

/** Every refusal a vendor can receive, with its HTTP status and the English message it carries. */
export const VENDOR_ERRORS = {
  BAD_REQUEST: { status: 400, message: 'The body is not JSON of the expected shape' },
  AMOUNT_INVALID: { status: 400, message: 'amount must be a decimal string with at most two places, within the limits of the call' },
  CURRENCY_MISMATCH: { status: 400, message: "currency is not the player's currency" },
  SIGNATURE_INVALID: { status: 401, message: 'X-Signature is missing or is not the HMAC-SHA256 of the body with this vendor\'s secret' },
  TOKEN_INVALID: { status: 401, message: 'The token is unknown for this vendor' },
  TOKEN_EXPIRED: { status: 401, message: 'The token has expired; the player must launch the game again' },
  INSUFFICIENT_FUNDS: { status: 402, message: 'The player cannot cover this bet' },
  VENDOR_DISABLED: { status: 403, message: 'This vendor is disabled or under maintenance: no new play' },
  VENDOR_NOT_SEAMLESS: { status: 403, message: 'This vendor uses the transfer wallet, not the seamless wallet' },
  PLAYER_DISABLED: { status: 403, message: 'The player account is frozen or closed' },
  TRIAL_ACCOUNT: { status: 403, message: 'Trial accounts cannot play for money' },
  VENDOR_UNKNOWN: { status: 404, message: 'No such vendor is configured for the seamless wallet' },
  GAME_NOT_FOUND: { status: 404, message: 'gameCode is not a game of this vendor' },
  ROUND_NOT_FOUND: { status: 404, message: 'The player has no round with this roundId' },
  BET_NOT_FOUND: { status: 404, message: 'No bet with this referenceTransactionId exists; a bet sent with it later will be refused' },
  NOT_FOUND: { status: 404, message: 'No such call' },
  TRANSACTION_CONFLICT: { status: 409, message: 'This transactionId was already used for a different request' },
  ROUND_CLOSED: { status: 409, message: 'The round is closed: no more bets, wins or rollbacks in it' },
  ROUND_MISMATCH: { status: 409, message: 'roundId is not the round of the referenced bet' },
  BET_ROLLED_BACK: { status: 409, message: 'This bet was rolled back before it arrived and cannot be placed' },
  ALREADY_ROLLED_BACK: { status: 409, message: 'The referenced bet was already rolled back by another transaction' },
  ROLLBACK_NOT_SUPPORTED: { status: 409, message: 'Only bets can be rolled back' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The body is too large' },
  RATE_LIMITED: { status: 429, message: 'Too many requests; slow down' },
  INTERNAL_ERROR: { status: 500, message: 'Internal error; retry with the same transactionId' },
} as const satisfies Record<string, { status: number; message: string }>;
export type VendorErrorCode = keyof typeof VENDOR_ERRORS;
export const VENDOR_ERROR_CODES = Object.keys(VENDOR_ERRORS) as [VendorErrorCode, ...VendorErrorCode[]];

const Money = z.string().describe('a decimal string with two places, e.g. "1234.50"');
const Token = z.string().min(1).max(256).describe('the launch token the game was opened with');
/** A vendor's own identifier of a transaction or a round. */
export const VendorRef = z.string().regex(/^[A-Za-z0-9:_.-]{1,64}$/, { message: '1–64 letters, digits or : _ . -' });
const Currency = z.string().min(1).max(16).describe("ISO 4217 code; must be the player's currency");

const VENDOR_AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
const withinLimit = (v: string) => {
  try {
    toMinor(v);
    return true;
  } catch {
    return false;
  }
};
/** A vendor amount: an unsigned decimal string with at most two places, at most 10^12. */
export const VendorAmount = z
  .string()
  .regex(VENDOR_AMOUNT, { message: 'must be an unsigned decimal string with at most two places, e.g. "10.50"' })
  .refine(withinLimit, { message: `must be at most ${MONEY_MAX_MAJOR}` });
/** A stake must be above zero. */
export const VendorStake = VendorAmount.refine((v) => !withinLimit(v) || toMinor(v) > 0n, { message: 'must be greater than zero' });

/**
 * One line of a vendor's words for a round: plain text. Refused: control characters, lone surrogates,
 * direction marks and overrides, invisible tags and annotations (text that could read as something other
 * than it is), and runs of more than six combining marks (text stacked over its neighbours). Khmer's
 * zero-width space and its stacked consonants are fine.
 */
const LINE = /^[^\p{Cc}\p{Cs}\u00AD\u061C\u180E\u200E\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\u206A-\u206F\u3164\uFEFF\uFFF9-\uFFFB\u{E0000}-\u{E007F}]+$/u;
const MARK_RUN = /\p{M}{7}/u;
const isLine = (line: string) => LINE.test(line) && !MARK_RUN.test(line) && line.trim() === line;
/** Characters as people count them (code points), not UTF-16 units. */
const chars = (v: string) => [...v].length;
/** The most lines one bet may be described with (an accumulator: a heading and a line per selection). */
export const BET_DESCRIPTION_MAX_LINES = 12;
/** The most characters one bet's description may hold. */
export const BET_DESCRIPTION_MAX = 1000;
/**
 * What a bet is on, for the player's betting record: one line per pick, separated by "\n"
 * ("Mekong FC v Angkor United · Mekong FC to win @ 2.15"). Each line is trimmed plain text. Null is
 * taken as absent.
 */
export const VendorBetDescription = z
  .string()
  .refine((v) => chars(v) >= 1 && chars(v) <= BET_DESCRIPTION_MAX, { message: `1 to ${BET_DESCRIPTION_MAX} characters` })
  .refine((v) => v.split('\n').length <= BET_DESCRIPTION_MAX_LINES && v.split('\n').every(isLine), {
    message: `at most ${BET_DESCRIPTION_MAX_LINES} lines of plain text separated by "\\n", none empty, none with leading or trailing spaces, control or invisible characters`,
  });
/** How the round ended ("Full time 2–1 · won"): one line of trimmed plain text, 1–200 characters. */
export const VendorRoundResult = z
  .string()
  .refine((v) => chars(v) >= 1 && chars(v) <= 200, { message: '1 to 200 characters' })
  .refine(isLine, { message: 'one line of plain text, without leading or trailing spaces, control or invisible characters' });

export const VendorAuthenticateBody = z.object({ token: Token });
export const VendorBalanceBody = z.object({ token: Token });
export const VendorBetBody = z.object({
  token: Token,
  transactionId: VendorRef,
  roundId: VendorRef,
  amount: VendorStake,
  currency: Currency,
  /** Optional: the game of a lobby launch; the launched game otherwise. */
  gameCode: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/).optional(),
  /** Optional: what the bet is on, for the player's betting record. */
  description: VendorBetDescription.nullish(),
});
export const VendorWinBody = z.object({
  token: Token,
  transactionId: VendorRef,
  roundId: VendorRef,
  /** 0.00 records a lost round's outcome without moving money. */
  amount: VendorAmount,
  currency: Currency,
  /** True closes the round with this win (as endRound would). */
  endRound: z.boolean().optional(),
  /** Optional: how the round ended, for the player's betting record (kept once the round closes). */
  result: VendorRoundResult.nullish(),
});
export const VendorRollbackBody = z.object({
  token: Token,
  transactionId: VendorRef,
  roundId: VendorRef,
  /** The transactionId of the bet to undo. */
  referenceTransactionId: VendorRef,
});
export const VendorEndRoundBody = z.object({ token: Token, roundId: VendorRef, result: VendorRoundResult.nullish() });

export type VendorAuthenticateBody = z.infer<typeof VendorAuthenticateBody>;
export type VendorBalanceBody = z.infer<typeof VendorBalanceBody>;
export type VendorBetBody = z.infer<typeof VendorBetBody>;
export type VendorWinBody = z.infer<typeof VendorWinBody>;
export type VendorRollbackBody = z.infer<typeof VendorRollbackBody>;
export type VendorEndRoundBody = z.infer<typeof VendorEndRoundBody>;

export const VendorErrorResponse = z.object({
  status: z.literal('ERROR'),
  code: z.enum(VENDOR_ERROR_CODES),
  message: z.string(),
  /** Present once the player is known: what they can stake (at the time of the original answer, for a replay). */
  balance: Money.optional(),
  currency: z.string().optional(),
});
export type VendorErrorResponse = z.infer<typeof VendorErrorResponse>;

export const VendorPlayerResponse = z.object({
  status: z.literal('OK'),
  playerId: z.string(),
  displayName: z.string(),
  currency: z.string(),
  balance: Money,
});
export const VendorBalanceResponse = z.object({ status: z.literal('OK'), playerId: z.string(), currency: z.string(), balance: Money });
export const VendorTransactionResponse = z.object({
  status: z.literal('OK'),
  /** The vendor's transactionId, echoed. */
  transactionId: z.string(),
  /** Our reference of this transaction, for reconciliation. */
  walletTransactionId: z.string(),
  currency: z.string(),
  /** What the player can stake after this transaction (at the time of the original answer, for a replay). */
  balance: Money,
});
export const VendorEndRoundResponse = z.object({ status: z.literal('OK'), roundId: z.string(), currency: z.string(), balance: Money });
export type VendorPlayerResponse = z.infer<typeof VendorPlayerResponse>;
export type VendorBalanceResponse = z.infer<typeof VendorBalanceResponse>;
export type VendorTransactionResponse = z.infer<typeof VendorTransactionResponse>;
export type VendorEndRoundResponse = z.infer<typeof VendorEndRoundResponse>;

/** Request and success schema of each action. */
export const VENDOR_CALLS = {
  authenticate: { body: VendorAuthenticateBody, response: VendorPlayerResponse },
  balance: { body: VendorBalanceBody, response: VendorBalanceResponse },
  bet: { body: VendorBetBody, response: VendorTransactionResponse },
  win: { body: VendorWinBody, response: VendorTransactionResponse },
  rollback: { body: VendorRollbackBody, response: VendorTransactionResponse },
  endRound: { body: VendorEndRoundBody, response: VendorEndRoundResponse },
} as const satisfies Record<VendorAction, { body: z.ZodTypeAny; response: z.ZodTypeAny }>;

/** The HTTP status a vendor answer is sent with. */
export const vendorHttpStatus = (body: { status: 'OK' } | { status: 'ERROR'; code: VendorErrorCode }) =>
  body.status === 'OK' ? 200 : VENDOR_ERRORS[body.code].status;
