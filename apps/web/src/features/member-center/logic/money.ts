import { fromMinor, toMinor, withdrawalFee } from '@apsara/contracts';
import { parseAmount } from '../../../lib/field-rules';

/*
 * Money worked out for the member-center forms in integer minor units (bigint): no float ever touches
 * money (design §3.5). Typed amounts are read and checked by lib/field-rules.
 */

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
