import { fromMinor, minorOrNull } from '@apsara/contracts';

export type AdjustDirection = 'credit' | 'debit';

/** The signed amount a credit or debit of `amount` sends: "25.5" debit → "-25.50"; text that is no amount stays as typed. */
export const signedAmount = (direction: AdjustDirection, amount: string): string => {
  const minor = minorOrNull(amount.trim());
  if (minor === null) return amount.trim();
  return fromMinor(direction === 'debit' ? -minor : minor);
};

/** The balance after the change, for the confirmation (null when either is not an amount). */
export const balanceAfter = (balance: string, signed: string): string | null => {
  const before = minorOrNull(balance);
  const change = minorOrNull(signed);
  return before === null || change === null ? null : fromMinor(before + change);
};
