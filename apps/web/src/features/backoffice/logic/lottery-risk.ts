import { LOTTERY_NEAR_LIMIT_PERCENT } from '@apsara/contracts';

/** The share of the limit from which a pick is counted near it (the server's `nearLimit` uses the same). */
export const NEAR_LIMIT_PERCENT = LOTTERY_NEAR_LIMIT_PERCENT;

export type RiskLevel = 'full' | 'near' | 'ok';

/** How a pick stands against the limit: full (no room), near it (80 % or more), or with room. */
export const riskLevel = (percent: number, room: string, full = false): RiskLevel => (full || room === '0.00' || percent >= 100 ? 'full' : percent >= NEAR_LIMIT_PERCENT ? 'near' : 'ok');
