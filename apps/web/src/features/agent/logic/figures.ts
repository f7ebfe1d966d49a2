import { fromMinor, type GameCategoryCode, type MemTransDetail } from '@apsara/contracts';
import { formatAmount, toCents } from '../../../lib/format';
import { movementText as text } from '../../../lib/movement-text';

/*
 * How the agent center shows its figures: amounts by the one formatter (2 places, thousands
 * separators), a players' win/loss by its sign, and a team member's money movement in words, told
 * about that member (the agent is reading about someone else's account).
 */

export type Tone = 'win' | 'loss' | 'even';

/** "-12.50" → loss, "30.00" → win: the colour of a players' result. An unreadable amount is even. */
export const toneOf = (amount: string): Tone => {
  const cents = toCents(amount);
  if (cents === null || cents === 0n) return 'even';
  return cents > 0n ? 'win' : 'loss';
};

/** A signed amount: "+1,234.50" for a gain, "-12.50" for a loss, "0.00" for nothing. */
export const signedAmount = (amount: string, symbol = ''): string => `${toneOf(amount) === 'win' ? '+' : ''}${formatAmount(amount, { symbol })}`;

/** a − b of two decimal strings, exactly, as a decimal string (net deposits: deposits − withdrawals); null when either is unreadable. */
export const subtractAmounts = (a: string, b: string): string | null => {
  const x = toCents(a);
  const y = toCents(b);
  return x === null || y === null ? null : fromMinor(x - y);
};

/** The common-namespace key of a category's name (mini games are named under the portal's BGS code). */
export const categoryKey = (category: GameCategoryCode): string => `category.${category === 'MINI' ? 'BGS' : category}`;

/** Account statuses the server knows; any other is shown as it comes. */
export const DOWNLINE_STATUSES = ['active', 'frozen', 'closed'] as const;
export const statusKey = (status: string): string | null => ((DOWNLINE_STATUSES as readonly string[]).includes(status) ? `agent.downlines.status_${status}` : null);

/** The main wallet's code in movements. */
export const MAIN_WALLET = 'MAIN';

type Translate = (key: string, vars?: Record<string, string>) => string;

/** A movement of a team member's account in words (lib/movement-text.ts), with the agent center's words. */
export const movementText = (detail: MemTransDetail, reference: string | null, t: Translate): string =>
  text(detail, reference, t, { detail: 'agent.trans.detail', mainWallet: 'agent.trans.main_wallet', contractKind: 'agent.contractKind' });

export { movementTitle, shortId } from '../../../lib/movement-text';
