import { OPS_ADJUSTMENT_MAX, fromMinor, minorOrNull, toMinor } from '@apsara/contracts';
import { parseAmount } from '../../../lib/field-rules';

export type AdjustDirection = 'credit' | 'debit';

/** The signed amount a credit or debit of `amount` sends: "25.5" debit → "-25.50"; text that is no amount stays as typed. */
export const signedAmount = (direction: AdjustDirection, amount: string): string => {
  const minor = parseAmount(amount);
  if (minor === null || minor < 0n) return amount.trim();
  return fromMinor(direction === 'debit' ? -minor : minor);
};

/** The balance after the change, for the confirmation (null when either is not an amount). */
export const balanceAfter = (balance: string, signed: string): string | null => {
  const before = minorOrNull(balance);
  const change = minorOrNull(signed);
  return before === null || change === null ? null : fromMinor(before + change);
};

export type AdjustAmountProblem = 'required' | 'signed' | 'format' | 'zero' | 'above_max' | 'below_zero' | null;

/** The most one adjustment moves (the server's OpsAdjustmentBody refuses more), as the message shows it. */
export const ADJUSTMENT_MAX = OPS_ADJUSTMENT_MAX;
const MAX_MINOR = toMinor(OPS_ADJUSTMENT_MAX);

/** An amount in form, whatever its size: digits (or thousands grouped by commas), at most two places. */
const WELL_FORMED = /^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d{1,2})?$/;

/**
 * What is wrong with the amount of an adjustment, typed without a sign (the Credit/Debit choice gives
 * the direction): required; any sign is refused as such, whatever the balance; an amount as the money
 * forms read it (lib/field-rules: "1,250.50" too); above zero; at most OPS_ADJUSTMENT_MAX, as the
 * server checks; and a debit may not take the main wallet below zero (the server refuses it too;
 * checked here against the balance on screen, which may be a little old).
 */
export const adjustAmountProblem = (direction: AdjustDirection, text: string, balance: string | null): AdjustAmountProblem => {
  const v = text.trim();
  if (!v) return 'required';
  // Minus, plus, and their typographic and full-width forms.
  if (/^[-+\u2212\uFE63\uFF0B\uFF0D]/.test(v)) return 'signed';
  const minor = parseAmount(v);
  // In form but beyond what an amount can be: too large, not malformed.
  if (minor === null) return WELL_FORMED.test(v) ? 'above_max' : 'format';
  if (minor === 0n) return 'zero';
  if (minor > MAX_MINOR) return 'above_max';
  const have = balance === null ? null : minorOrNull(balance);
  return direction === 'debit' && have !== null && minor > have ? 'below_zero' : null;
};
