import { LOTTERY_NEAR_LIMIT_PERCENT, type LotteryGameCode } from '@apsara/contracts';

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

export type ClosingProblems = { game?: 'need_game'; number?: 'need_number' | 'number_format' };

/** What is wrong with a number to close before it is sent (the server checks the same): a lottery, and 1–3 digits. */
export const closingNumberProblem = (game: string, number: string, games: readonly string[]): ClosingProblems => {
  const n = number.trim();
  return {
    ...(games.includes(game) ? {} : { game: 'need_game' as const }),
    ...(!n ? { number: 'need_number' as const } : /^\d{1,3}$/.test(n) ? {} : { number: 'number_format' as const }),
  };
};

/** A pick a row of the risk view can close from: a number (1–3 digits), not a Xiên pair or big/small. */
export const closablePick = (pick: string) => /^\d{1,3}$/.test(pick);
