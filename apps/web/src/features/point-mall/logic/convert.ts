import { fromMinor, pointsForCash, toMinor } from '@apsara/contracts';
import { parseAmount, validateAmount, type AmountLimits, type FieldProblem } from '../../../lib/field-rules';

/*
 * Cash to points (spec §3 "ratio, exchange amount, obtainable points"): whole units of the currency
 * only, each worth the site's `pointsPerUnit`, by the contract's own rule (pointsForCash).
 */

/** The points a typed amount gives, worked out as it is typed; null while it is not a whole amount above zero. */
export const obtainablePoints = (raw: string, pointsPerUnit: number): bigint | null => {
  const minor = parseAmount(raw);
  if (minor === null || minor <= 0n || minor % 100n !== 0n) return null;
  return pointsForCash(minor, pointsPerUnit);
};

/**
 * A typed amount checked as every money field is (format, range, balance), then for whole units. A
 * malformed amount is told the whole-units form, not the general "100 or 100.50" example.
 */
export const validateConvertAmount = (raw: string, limits: Required<AmountLimits>): FieldProblem | null => {
  const problem = validateAmount(raw, limits);
  if (problem) return problem.key === 'errors.amount_format' ? { key: 'points:errors.whole_units' } : problem;
  return (parseAmount(raw) ?? 0n) % 100n === 0n ? null : { key: 'points:errors.whole_units' };
};

/** The points to show beside the box: only for an amount that could be converted as it stands. */
export const previewPoints = (raw: string, limits: Required<AmountLimits>, pointsPerUnit: number): bigint | null =>
  validateConvertAmount(raw, limits) ? null : obtainablePoints(raw, pointsPerUnit);

/**
 * What "All" puts in the box: the most that can be converted now, the available money capped at the
 * maximum, down to whole units; null when that is below the minimum.
 */
export const convertAll = (limits: Required<AmountLimits>): string | null => {
  const available = toMinor(limits.available);
  const max = toMinor(limits.max);
  const most = ((available < max ? available : max) / 100n) * 100n;
  return most >= toMinor(limits.min) ? fromMinor(most) : null;
};
