import { LOTTERY_BET_KINDS, LOTTERY_DIGITS, lotteryBetWins, type LotteryBetKind } from '@apsara/contracts';

/** What a drawn result says for the sum bets: the sum of its five digits, big or small, odd or even. */
export type ResultFacts = { sum: number; size: 'big' | 'small'; parity: 'odd' | 'even' };

/** Judged by the contract's own rule, so the results list can never disagree with the settlement. */
export const resultFacts = (digits: readonly number[]): ResultFacts => ({
  sum: digits.reduce((a, b) => a + b, 0),
  size: lotteryBetWins({ kind: 'sumBigSmall', position: null, pick: 'big' }, digits) ? 'big' : 'small',
  parity: lotteryBetWins({ kind: 'sumOddEven', position: null, pick: 'odd' }, digits) ? 'odd' : 'even',
});

/** A result as the contract describes one: exactly five whole digits 0–9. */
export const isResult = (digits: readonly number[] | null | undefined): digits is number[] =>
  Array.isArray(digits) && digits.length === LOTTERY_DIGITS && digits.every((d) => Number.isInteger(d) && d >= 0 && d <= 9);

/**
 * What a kind returns on average, in percent: its odds times the chance of its pick. Every pick of a
 * kind is equally likely (ten digits; five big and five small digits; sums 0–22 and 23–45 mirror each
 * other), so the chance is one over the number of picks. 9.80 × 1/10 = 1.96 × 1/2 = 98 %.
 */
export const returnPercent = (oddsHundredths: bigint, kind: LotteryBetKind) => {
  const picks = BigInt(LOTTERY_BET_KINDS[kind].picks.length);
  // Tenths of a percent, rounded down: 980 / 10 = 98.0 %.
  const tenths = (oddsHundredths * 10n) / picks;
  return `${tenths / 10n}${tenths % 10n === 0n ? '' : `.${tenths % 10n}`}`;
};
