import { LOTTERY_BET_KINDS, LOTTERY_DIGITS, LOTTERY_RESULT_DIGITS, lotteryBetWins, toMinor, type LotteryBetKind, type LotterySlip } from '@apsara/contracts';

/** What a drawn result says for the sum bets: the sum of its five digits, big or small, odd or even. */
export type ResultFacts = { sum: number; size: 'big' | 'small'; parity: 'odd' | 'even' };

/** Judged by the contract's own rule, so the results list can never disagree with the settlement. */
export const resultFacts = (digits: readonly number[]): ResultFacts => ({
  sum: digits.reduce((a, b) => a + b, 0),
  size: lotteryBetWins({ kind: 'sumBigSmall', position: null, pick: 'big' }, digits) ? 'big' : 'small',
  parity: lotteryBetWins({ kind: 'sumOddEven', position: null, pick: 'odd' }, digits) ? 'odd' : 'even',
});

/** A result as the contract describes one: whole digits 0–9, five of them (5D) or 107 (a Vietnam draw). */
export const isResult = (digits: readonly number[] | null | undefined): digits is number[] =>
  Array.isArray(digits) && (digits.length === LOTTERY_DIGITS || digits.length === LOTTERY_RESULT_DIGITS.vn) && digits.every((d) => Number.isInteger(d) && d >= 0 && d <= 9);

/**
 * How many hits a bet of this kind makes on average: one over its picks for a 5D kind (every pick of a
 * kind is equally likely: ten digits; five big and five small digits; sums 0–22 and 23–45 mirror each
 * other); for the Vietnam kinds, from the 27 numbers' endings, each uniform over 00–99 and independent.
 */
export const expectedHits = (kind: LotteryBetKind): number => {
  switch (kind) {
    case 'lo2':
      return 27 / 100;
    case 'de2':
      return 1 / 100;
    case 'cang3':
      return 1 / 1000;
    case 'xien2':
      return 1 - 2 * 0.99 ** 27 + 0.98 ** 27;
    default:
      return 1 / LOTTERY_BET_KINDS[kind].picks.length;
  }
};

/** What a kind returns on average, in percent with one place (rounded): its odds times its expected hits. 9.80 × 1/10 = 98 %; 3.60 × 0.27 = 97.2 %; 17.80 × 0.05488 = 97.7 %. */
export const returnPercent = (oddsHundredths: bigint, kind: LotteryBetKind) => {
  const tenths = Math.round(Number(oddsHundredths) * expectedHits(kind) * 10);
  return `${Math.floor(tenths / 10)}${tenths % 10 === 0 ? '' : `.${tenths % 10}`}`;
};

/** How a slip came out for its member: a win that paid back less than the slip staked is told apart. */
export type SlipOutcome = 'pending' | 'won' | 'part' | 'lost';

/** A slip's outcome from the server's status and the money: "won" only when the payout covers the stake. */
export const slipOutcome = (slip: Pick<LotterySlip, 'status' | 'stake' | 'payout'>): SlipOutcome =>
  slip.status === 'won' && toMinor(slip.payout) < toMinor(slip.stake) ? 'part' : slip.status;
