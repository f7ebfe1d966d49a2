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
