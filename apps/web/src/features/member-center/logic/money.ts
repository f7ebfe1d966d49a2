import { MoneyAmount, fromMinor, toMinor, withdrawalFee } from '@apsara/contracts';

/*
 * Amounts typed by the member, checked and computed in integer minor units (bigint): no float ever
 * touches money (design §3.5). Validators return an error key of the member namespace (with values
 * for its placeholders) or null, so they are testable without i18n.
 */

export type FieldProblem = { key: string; values?: Record<string, string> };

/** The whole part of an amount: plain digits, or digits grouped in thousands by commas ("12,345"). */
const WHOLE = String.raw`(?:\d+|\d{1,3}(?:,\d{3})+)`;
/** An amount in form, whatever its size or sign: the whole part and at most two places after a point. */
const WELL_FORMED = new RegExp(`^-?${WHOLE}(?:\\.\\d{1,2})?$`);
/** In form but for having more than two places after the point. */
const TOO_MANY_PLACES = new RegExp(`^-?${WHOLE}\\.\\d{3,}$`);
/** A comma where a point was meant ("10,5", "10,50"): a mistake common enough to name. */
const DECIMAL_COMMA = /^\d+,\d{1,2}$/;

/**
 * What was typed, in the characters the rules read. A Chinese keyboard may give full-width digits,
 * comma and point ("１００．５０") or its own full stop ("100。50"); a Khmer one Khmer digits ("១០០").
 * Only these are turned into their plain forms: anything else that looks like a digit (a superscript,
 * a circled one) stays what it is, and so is refused.
 */
const plain = (raw: string) =>
  raw
    .replace(/[\uFF10-\uFF19]/g, (d) => String(d.charCodeAt(0) - 0xff10))
    .replace(/[\u17E0-\u17E9]/g, (d) => String(d.charCodeAt(0) - 0x17e0))
    .replace(/[\uFF0E\u3002]/g, '.')
    .replace(/\uFF0C/g, ',')
    .trim();

/**
 * "1,234.5" and " 1234.50 " are what people type; the wire wants "1234.50". Null when not an amount,
 * and so when a comma does not group thousands: dropping it would turn "10,5" into 105.00.
 */
export const parseAmount = (raw: string): bigint | null => {
  const v = plain(raw);
  if (!WELL_FORMED.test(v)) return null;
  const digits = v.replace(/,/g, '');
  return MoneyAmount.safeParse(digits).success ? toMinor(digits) : null;
};

/** The wire form of a typed amount ("100" → "100.00"); call only after validateAmount passed. */
export const wireAmount = (raw: string): string => {
  const minor = parseAmount(raw);
  if (minor === null) throw new RangeError('not an amount');
  return fromMinor(minor);
};

export type AmountLimits = {
  /** Decimal strings as the server sends them. */
  min?: string;
  max?: string;
  /** What the member can spend; above it the call would fail with INSUFFICIENT_FUNDS. */
  available?: string;
};

/** Required, a plain decimal with at most two places, above zero, within min/max and the balance. */
export const validateAmount = (raw: string, limits: AmountLimits = {}): FieldProblem | null => {
  if (!raw.trim()) return { key: 'errors.required' };
  const minor = parseAmount(raw);
  if (minor === null) {
    const v = plain(raw);
    if (DECIMAL_COMMA.test(v)) return { key: 'errors.amount_decimal_comma' };
    if (TOO_MANY_PLACES.test(v)) return { key: 'errors.amount_places' };
    // In form but beyond any amount the site takes: say the limits when there are some.
    if (WELL_FORMED.test(v)) return limits.min !== undefined && limits.max !== undefined ? { key: 'errors.amount_range', values: { min: limits.min, max: limits.max } } : { key: 'errors.amount_too_large' };
    return { key: 'errors.amount_format' };
  }
  if (minor <= 0n) return { key: 'errors.amount_positive' };
  const min = limits.min !== undefined ? toMinor(limits.min) : null;
  const max = limits.max !== undefined ? toMinor(limits.max) : null;
  if ((min !== null && minor < min) || (max !== null && minor > max)) {
    return { key: 'errors.amount_range', values: { min: limits.min ?? '', max: limits.max ?? '' } };
  }
  if (limits.available !== undefined && minor > toMinor(limits.available)) return { key: 'errors.amount_balance', values: { available: limits.available } };
  return null;
};

export type FeeRule = { feeFixed: string; feeBps: number };

/** Fee and payout of a withdrawal, by the contract's own rule; null while the amount is not valid. */
export const withdrawalQuote = (raw: string, rule: FeeRule): { fee: string; payout: string; feeTooHigh: boolean } | null => {
  const amount = parseAmount(raw);
  if (amount === null || amount <= 0n) return null;
  const fee = withdrawalFee(amount, toMinor(rule.feeFixed), rule.feeBps);
  const payout = amount - fee;
  return { fee: fromMinor(fee), payout: fromMinor(payout > 0n ? payout : 0n), feeTooHigh: payout <= 0n };
};

/** "1.5 %" style text of basis points (150 → "1.5"), exact: 1 bp = 0.01 %. */
export const bpsAsPercent = (bps: number): string => {
  const whole = Math.trunc(bps / 100);
  const rest = (bps % 100).toString().padStart(2, '0').replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
};

/** The remaining amount after a partial receipt: payout − received, never below zero. */
export const remainingAfter = (payout: string, receivedRaw: string): string | null => {
  const received = parseAmount(receivedRaw);
  if (received === null) return null;
  const rest = toMinor(payout) - received;
  return fromMinor(rest > 0n ? rest : 0n);
};

/** The spendable part of a wallet: balance minus what is on hold. */
export const spendable = (wallet: { balance: string; held: string }): string => {
  const rest = toMinor(wallet.balance) - toMinor(wallet.held);
  return fromMinor(rest > 0n ? rest : 0n);
};

/**
 * Suggested amounts within a channel's limits (round figures a member is likely to pick), at most
 * `count` of them, smallest first.
 */
export const quickAmounts = (min: string, max: string, count = 5): string[] => {
  const lo = toMinor(min);
  const hi = toMinor(max);
  const steps = [10n, 20n, 50n, 100n, 200n, 500n, 1_000n, 2_000n, 5_000n, 10_000n, 20_000n, 50_000n].map((v) => v * 100n);
  return steps
    .filter((v) => v >= lo && v <= hi)
    .slice(0, count)
    .map((v) => fromMinor(v));
};

/** "100.00" → "100" for a chip label; keeps cents when there are any. */
export const shortAmount = (amount: string) => amount.replace(/\.00$/, '');
