import { z } from 'zod';

/** Money crosses the wire as a decimal string with at most two places; inside, it is integer minor units. */
export const MONEY_SCALE = 2;
const UNIT = 10n ** BigInt(MONEY_SCALE);
/** The largest amount accepted, in major units: anything above is a typo or an attack, not a payment. */
export const MONEY_MAX_MAJOR = 10n ** 12n;
const MAX_MINOR = MONEY_MAX_MAJOR * UNIT;

// Digits are capped before BigInt sees them, so a million-digit string costs nothing to refuse.
const MONEY_RE = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "1234.5" → 123450n. Throws RangeError for anything that is not a plain decimal within the limit. */
export const toMinor = (value: string): bigint => {
  const m = MONEY_RE.exec(value);
  if (!m) throw new RangeError('not a decimal amount with at most two places');
  const minor = BigInt(m[2]) * UNIT + BigInt((m[3] ?? '').padEnd(MONEY_SCALE, '0'));
  if (minor > MAX_MINOR) throw new RangeError('amount too large');
  return m[1] ? -minor : minor;
};

/**
 * `toMinor`, or null for anything it refuses. For refinements: zod runs a refinement even when the
 * field's own checks failed (that failure is already reported), so a refinement must not throw.
 */
export const minorOrNull = (value: unknown): bigint | null => {
  if (typeof value !== 'string') return null;
  try {
    return toMinor(value);
  } catch {
    return null;
  }
};

/** Whether `a` ≤ `b` as amounts; true when either is not an amount (its own check reports that). */
export const notAbove = (a: unknown, b: unknown) => {
  const x = minorOrNull(a);
  const y = minorOrNull(b);
  return x === null || y === null || x <= y;
};

/** 123450n → "1234.50"; the one formatter of wire amounts. */
export const fromMinor = (minor: bigint): string => {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  return `${negative ? '-' : ''}${abs / UNIT}.${(abs % UNIT).toString().padStart(MONEY_SCALE, '0')}`;
};

const withinLimit = (v: string) => {
  try {
    toMinor(v);
    return true;
  } catch {
    return false;
  }
};

/**
 * A signed decimal amount: optional leading '-', digits, optional '.' with one or two digits, at most
 * 10^12 in major units. No exponents, spaces, '+', thousands separators or bare '.5'.
 */
export const MoneyAmount = z
  .string()
  .regex(/^-?\d+(\.\d{1,2})?$/, { message: 'must be a decimal amount with at most two places, e.g. 150.00' })
  .refine(withinLimit, { message: `must be at most ${MONEY_MAX_MAJOR} in absolute value` });

/** A money amount that must be above zero (deposits, withdrawals, transfers). */
export const PositiveMoneyAmount = MoneyAmount.refine((v) => !withinLimit(v) || toMinor(v) > 0n, { message: 'must be greater than zero' });

/** A money amount that must not be zero (signed adjustments: credit above zero, debit below). */
export const NonZeroMoneyAmount = MoneyAmount.refine((v) => !withinLimit(v) || toMinor(v) !== 0n, { message: 'must not be zero' });
