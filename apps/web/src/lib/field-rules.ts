import { MoneyAmount, fromMinor, toMinor } from '@apsara/contracts';

/*
 * What the member types into the money forms (the member center, the points mall), checked in integer
 * minor units (bigint): no float ever touches money (design §3.5). Validators return an error key of
 * the member namespace (with values for its placeholders) or null, so they are testable without i18n.
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

/** A password that only has to be present (the server checks it). */
export const validatePresent = (v: string): FieldProblem | null => (v ? null : { key: 'errors.required' });
