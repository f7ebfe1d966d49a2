import { ERRORS, LANGUAGES, fillPlaceholders, type ErrorCode, type Lang } from '@apsara/contracts';
import type { ApiError } from './api';

/** Error codes that concern one field even when the server names none. */
const CODE_FIELD: Record<string, string> = {
  PAYMENT_PASSWORD_WRONG: 'paymentPassword',
  PAYMENT_PASSWORD_SAME_AS_LOGIN: 'newPaymentPassword',
  LOGIN_PASSWORD_WRONG: 'loginPassword',
  CONFIRM_PASSWORD_MISMATCH: 'confirmPaymentPassword',
  PAYEE_NAME_MISMATCH: 'accountName',
  BANK_NOT_SUPPORTED: 'bankName',
  BANK_CARD_DUPLICATE: 'accountNumber',
  INSUFFICIENT_FUNDS: 'amount',
  DEPOSIT_AMOUNT_OUT_OF_RANGE: 'amount',
  WITHDRAW_AMOUNT_OUT_OF_RANGE: 'amount',
  WITHDRAW_FEE_TOO_HIGH: 'amount',
  RECEIVED_AMOUNT_TOO_HIGH: 'receivedAmount',
  RECEIPT_REQUIRED: 'receipt',
  RECEIPT_TOO_LARGE: 'receipt',
  RECEIPT_TYPE_INVALID: 'receipt',
  RECEIPT_ONE_FILE: 'receipt',
  PROOF_REQUIRED: 'proofs',
  PROOF_INVALID: 'proofs',
  TRANSFER_TARGET_NOT_ALLOWED: 'toUsername',
  TRANSFER_TARGET_UNAVAILABLE: 'toUsername',
  ACCOUNT_NOT_FOUND: 'toUsername',
  // Points mall: the quantity asks for what is not there (points, stock, the limit per member).
  POINTS_INSUFFICIENT: 'quantity',
  POINT_GOODS_SOLD_OUT: 'quantity',
  POINT_GOODS_LIMIT: 'quantity',
  POINT_ADDRESS_REQUIRED: 'address',
  POINT_CONVERT_OUT_OF_RANGE: 'amount',
  // Promotions: an application's images (WITHDRAW_TURNOVER_PENDING concerns no field: it stands above the button).
  PROMOTION_PROOF_REQUIRED: 'images',
  PROMOTION_IMAGES_INVALID: 'images',
};

export type PlacedErrors = { fields: Record<string, string>; form: string | null };

/**
 * Puts the server's answer (already in the member's language) on the form field it concerns, or
 * above the submit button when no shown field fits. Field entries with no message borrow the
 * envelope's, which names the field and the rule.
 */
export const placeServerError = (error: Pick<ApiError, 'code' | 'message' | 'fields'>, shown: readonly string[]): PlacedErrors => {
  const fields: Record<string, string> = {};
  const leftovers: string[] = [];
  const place = (field: string, message: string) => {
    if (shown.includes(field)) fields[field] ??= message;
    else if (!leftovers.includes(message)) leftovers.push(message);
  };
  error.fields.forEach((f) => place(f.field, f.message || error.message));
  if (!error.fields.length) {
    const field = CODE_FIELD[error.code];
    if (field) place(field, error.message);
    else leftovers.push(error.message);
  }
  return { fields, form: leftovers.length ? leftovers.join(' ') : null };
};

/** The server's word that this is a trial account (spec §8: demo accounts get a real one first). */
export const TRIAL_CODE = 'TRIAL_NEED_REAL_ACCOUNT';
export const isTrialError = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === TRIAL_CODE;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The values a catalogue message was filled with ("{0}", "{1}" …), read back from the text the
 * server sent; null when the text is not that message.
 */
const argsOf = (template: string, text: string): string[] | null => {
  const order: number[] = [];
  const pattern = template
    .split(/(\{\d+\})/)
    .map((part) => {
      const slot = /^\{(\d+)\}$/.exec(part);
      if (!slot) return escapeRegExp(part);
      order.push(Number(slot[1]));
      return '(.*?)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`, 's').exec(text);
  if (!match) return null;
  const args: string[] = [];
  order.forEach((slot, i) => {
    args[slot] = match[i + 1] ?? '';
  });
  return args;
};

const isLang = (v: string | undefined): v is Lang => (LANGUAGES as readonly string[]).includes(v ?? '');
const isCatalogued = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);

/**
 * A failed call's message in the language on screen. The server writes it in the call's language;
 * after a switch the same catalogue message (spec §8, filled with the same values) is given in the
 * new one. A message that is not the catalogue's, or of no known language, stays as the server said it.
 */
export const errorTextIn = (error: Pick<ApiError, 'code' | 'message' | 'lang'>, lang: Lang): string => {
  if (!isLang(error.lang) || error.lang === lang || !isCatalogued(error.code)) return error.message;
  const args = argsOf(ERRORS[error.code][error.lang], error.message);
  return args ? fillPlaceholders(ERRORS[error.code][lang], args) : error.message;
};
