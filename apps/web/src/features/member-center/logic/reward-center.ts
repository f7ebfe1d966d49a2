import { toMinor, type Promotion, type PromotionClaim } from '@apsara/contracts';

/** A text of the member namespace with its values; wire amounts ("188.00") are formatted where shown. */
export type RewardText = { key: string; values?: Record<string, string> };

/**
 * "Ready to claim": the running promotions the member can claim this moment (a deposit bonus whose
 * deposit is in, the day's draw once the day's deposit is made). The same rule as member info's
 * `availablePromos`, so the page lists what the menu's badge counts.
 */
export const readyToClaim = <P extends Pick<Promotion, 'phase' | 'mine'>>(items: readonly P[]): P[] =>
  items.filter((p) => p.phase === 'in_progress' && p.mine?.state === 'claim' && p.mine.ready);

const largest = (amounts: readonly string[]) => amounts.reduce<string | null>((max, a) => (max === null || toMinor(a) > toMinor(max) ? a : max), null);

/**
 * What claiming pays, in a few words: the amount itself when the server has worked it out (a deposit
 * bonus on the deposit made), else the promotion's terms (a draw's best prize, a share of the
 * deposit, a fixed bonus, a cap). Null when the terms say nothing about money.
 */
export const whatItPays = ({ mechanic, terms, mine }: Pick<Promotion, 'mechanic' | 'terms' | 'mine'>): RewardText | null => {
  if (mine?.bonus) return { key: 'rewards.pays', values: { amount: mine.bonus } };
  if (mechanic === 'envelope') return { key: 'rewards.pays_envelope' };
  if (mechanic === 'raffle') {
    const max = largest((terms.prizes ?? []).map((p) => p.amount));
    return max ? { key: 'rewards.pays_prizes', values: { max } } : null;
  }
  if (mechanic === 'deposit' && terms.percent !== null) {
    const percent = String(terms.percent);
    return terms.maxBonus ? { key: 'rewards.pays_percent_up_to', values: { percent, max: terms.maxBonus } } : { key: 'rewards.pays_percent', values: { percent } };
  }
  if (terms.bonus) return { key: 'rewards.pays', values: { amount: terms.bonus } };
  if (terms.maxBonus) return { key: 'rewards.pays_up_to', values: { max: terms.maxBonus } };
  return null;
};

/** "Recently paid" shows this many of the newest bonuses; the bonus record has them all. */
export const RECENT_PAID = 5;
export const recentlyPaid = <C extends Pick<PromotionClaim, 'status'>>(items: readonly C[]): C[] =>
  items.filter((c) => c.status === 'issued' || c.status === 'claimed').slice(0, RECENT_PAID);
