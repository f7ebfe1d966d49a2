import { LOTTERY_NEAR_LIMIT_PERCENT, lotteryClosableNumber, lotteryFamilyOf, type LotteryGameCode } from '@apsara/contracts';

/** The share of the limit from which a pick is counted near it (the server's `nearLimit` uses the same). */
export const NEAR_LIMIT_PERCENT = LOTTERY_NEAR_LIMIT_PERCENT;

export type RiskLevel = 'full' | 'near' | 'ok';

/** How a pick stands against the limit: full (no room), near it (80 % or more), or with room. */
export const riskLevel = (percent: number, room: string, full = false): RiskLevel => (full || room === '0.00' || percent >= 100 ? 'full' : percent >= NEAR_LIMIT_PERCENT ? 'near' : 'ok');

/** The risk view's filter as the address holds it (?game=&number=): a lottery the site has, and 1–3 digits; anything else is no filter. */
export const exposureFilterOf = (params: URLSearchParams, games: readonly string[]): { game?: LotteryGameCode; number?: string } => {
  const game = params.get('game') ?? '';
  const number = (params.get('number') ?? '').trim();
  return { ...(games.includes(game) ? { game: game as LotteryGameCode } : {}), ...(/^\d{1,3}$/.test(number) ? { number } : {}) };
};

export type ClosingProblems = { game?: 'need_game'; number?: 'need_number' | 'number_format' | 'digits_5d' | 'digits_vn' };

/**
 * What is wrong with a number to close before it is sent (the server checks the same): a lottery, and a
 * number its picks can hold (one digit for 5D, two or three for a Vietnam lottery).
 */
export const closingNumberProblem = (game: string, number: string, games: readonly string[]): ClosingProblems => {
  const n = number.trim();
  const known = games.includes(game);
  const digits = (): ClosingProblems['number'] => {
    if (!n) return 'need_number';
    if (!/^\d{1,3}$/.test(n)) return 'number_format';
    if (known && !lotteryClosableNumber(game as LotteryGameCode, n)) return lotteryFamilyOf(game as LotteryGameCode) === '5d' ? 'digits_5d' : 'digits_vn';
    return undefined;
  };
  const numberProblem = digits();
  return { ...(known ? {} : { game: 'need_game' as const }), ...(numberProblem ? { number: numberProblem } : {}) };
};

/** A pick a row of the risk view can close from: a number (1–3 digits), not a Xiên pair or big/small. */
export const closablePick = (pick: string) => /^\d{1,3}$/.test(pick);
