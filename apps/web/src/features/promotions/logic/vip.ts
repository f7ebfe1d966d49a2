import type { VipLevel, VipUpgrade, VipValue } from '@apsara/contracts';
import { toCents } from '../../../lib/format';

/*
 * The rank explanation's rules (docs/vip.md): where a member stands against the site's ranks, how far
 * they are toward the next one on each of its two thresholds, and the words for it. Amounts stay
 * integer cents here; the components format them.
 */

export type VipMe = NonNullable<VipValue['me']>;

const cents = (amount: string) => toCents(amount) ?? 0n;

/**
 * How far `have` is toward `need`, as a whole percent from 0 to 100. Rounded down, so a bar shows 100
 * only when the threshold is really met (99.99% of it is 99); a threshold of nothing is met at once.
 */
export const percentOf = (have: bigint, need: bigint): number => {
  if (need <= 0n || have >= need) return 100;
  if (have <= 0n) return 0;
  return Number((have * 100n) / need);
};

/** One of the two bars toward the next rank. */
export type Track = { have: bigint; need: bigint; toGo: bigint; percent: number; done: boolean };

const track = (have: bigint, toGo: bigint, threshold: bigint | undefined): Track => {
  // The rank's own threshold when the list has it; else what the member has plus what is missing.
  const need = threshold ?? have + toGo;
  const missing = toGo > 0n ? toGo : 0n;
  return { have, need, toGo: missing, percent: missing > 0n ? Math.min(percentOf(have, need), 99) : 100, done: missing === 0n };
};

/** The member's two bars toward the next rank (bets, deposits); null at the top rank. */
export const nextRankTracks = (me: VipMe, levels: readonly VipLevel[]): { bets: Track; deposits: Track } | null => {
  if (!me.next) return null;
  const target = levels.find((l) => l.level === me.next!.level);
  return {
    bets: track(cents(me.bets), cents(me.next.betsToGo), target ? cents(target.minBets) : undefined),
    deposits: track(cents(me.deposits), cents(me.next.depositsToGo), target ? cents(target.minDeposits) : undefined),
  };
};

/**
 * Where the member stands: at the top rank; past both thresholds of the next rank while the rank job
 * (every 15 seconds) has yet to raise them; or still climbing.
 */
export type Standing = 'top' | 'due' | 'climbing';
export const standingOf = (me: VipMe): Standing => {
  if (!me.next) return 'top';
  return cents(me.next.betsToGo) <= 0n && cents(me.next.depositsToGo) <= 0n ? 'due' : 'climbing';
};

/** A text of the promotions namespace with its values; amounts in them are already formatted. */
export type RankText = { key: string; values?: Record<string, string> };

/** What stands between the member and the next rank, in one sentence. `money` formats an amount of cents. */
export const nextRankText = (me: VipMe, money: (cents: bigint) => string): RankText => {
  const standing = standingOf(me);
  if (standing === 'top' || !me.next) return { key: 'rank.me.top' };
  const label = me.next.label;
  if (standing === 'due') return { key: 'rank.me.due', values: { label } };
  const bets = cents(me.next.betsToGo);
  const deposits = cents(me.next.depositsToGo);
  if (bets > 0n && deposits > 0n) return { key: 'rank.me.next_both', values: { label, bets: money(bets), deposits: money(deposits) } };
  if (bets > 0n) return { key: 'rank.me.next_bets', values: { label, bets: money(bets) } };
  return { key: 'rank.me.next_deposits', values: { label, deposits: money(deposits) } };
};

/**
 * A rank of the ladder as it stands for the member: reached (below theirs), theirs, the next one, or
 * further up. Visitors and trial accounts (no standing) see every rank as open.
 */
export type RungState = 'reached' | 'current' | 'next' | 'ahead' | 'open';
export const rungState = (level: number, myLevel: number | null): RungState => {
  if (myLevel === null) return 'open';
  if (level < myLevel) return 'reached';
  if (level === myLevel) return 'current';
  return level === myLevel + 1 ? 'next' : 'ahead';
};

/** An upgrade's bonus: paid, waiting for the job that pays it, or none (a rank without a bonus). */
export type BonusState = 'paid' | 'pending' | 'none';
export const bonusState = (u: Pick<VipUpgrade, 'bonus' | 'paidAt'>): BonusState => {
  if (cents(u.bonus) <= 0n) return 'none';
  return u.paidAt ? 'paid' : 'pending';
};

/** The upgrade bonuses paid so far, in cents. */
export const bonusesPaid = (upgrades: readonly Pick<VipUpgrade, 'bonus' | 'paidAt'>[]): bigint =>
  upgrades.reduce((sum, u) => (bonusState(u) === 'paid' ? sum + cents(u.bonus) : sum), 0n);

/** The bonuses of every rank together: what climbing to the top pays in all. */
export const ladderTotal = (levels: readonly Pick<VipLevel, 'upgradeBonus'>[]): bigint => levels.reduce((sum, l) => sum + cents(l.upgradeBonus), 0n);

/**
 * The colours of a rank's badge: bronze at the foot, then silver, gold, rose, emerald, sapphire,
 * amethyst, ruby, black and diamond, one per rank (at most ten). Rank 0 (none yet) is a plain slate.
 */
export type BadgePaint = { light: string; mid: string; deep: string; ink: string };
const PAINTS: readonly BadgePaint[] = [
  { light: '#c7cfdf', mid: '#7b86a1', deep: '#3a4258', ink: '#1b2030' },
  { light: '#ffd0a1', mid: '#c97a3d', deep: '#6e3a14', ink: '#2e1705' },
  { light: '#f4f7fb', mid: '#aab6c8', deep: '#5b6780', ink: '#1d2433' },
  { light: '#fff0b0', mid: '#f2b537', deep: '#8a5a00', ink: '#2b1b00' },
  { light: '#ffd2dc', mid: '#e8798f', deep: '#7a2438', ink: '#2e0a13' },
  { light: '#b8f5d4', mid: '#2fbf7a', deep: '#0b5a36', ink: '#03251a' },
  { light: '#bfe0ff', mid: '#3d8bff', deep: '#123c8f', ink: '#061735' },
  { light: '#e3ccff', mid: '#9b6bff', deep: '#43208f', ink: '#170838' },
  { light: '#ffc2c2', mid: '#e64545', deep: '#6e0f17', ink: '#2b0508' },
  { light: '#9aa3b8', mid: '#3a4258', deep: '#0d111c', ink: '#f5c451' },
  { light: '#ffffff', mid: '#b9f2ff', deep: '#4aa8c9', ink: '#0b2a3a' },
];
export const badgePaint = (level: number): BadgePaint => PAINTS[Math.max(0, Math.min(level, PAINTS.length - 1))]!;
