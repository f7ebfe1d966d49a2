import { describe, expect, it } from 'vitest';
import { vipLabel, type VipLevel } from '@apsara/contracts';
import { formatAmount } from '../../../lib/format';
import { badgePaint, bonusState, bonusesPaid, ladderTotal, nextRankText, nextRankTracks, percentOf, rungState, standingOf, type VipMe } from './vip';

/** The demo site's first three ranks (db/seed.ts). */
const LEVELS: VipLevel[] = [
  { level: 1, label: 'VIP1', minBets: '1000.00', minDeposits: '100.00', upgradeBonus: '5.00' },
  { level: 2, label: 'VIP2', minBets: '5000.00', minDeposits: '500.00', upgradeBonus: '18.00' },
  { level: 3, label: 'VIP3', minBets: '20000.00', minDeposits: '2000.00', upgradeBonus: '58.00' },
];

const me = (over: Partial<VipMe> = {}): VipMe => ({ level: 0, label: null, bets: '0.00', deposits: '0.00', next: null, upgrades: [], ...over });
const next = (level: number, betsToGo: string, depositsToGo: string) => ({ level, label: vipLabel(level)!, betsToGo, depositsToGo, upgradeBonus: LEVELS[level - 1]!.upgradeBonus });
const usd = (cents: bigint) => formatAmount(cents, { symbol: '$', minorUnits: true });

describe('percentOf', () => {
  it('is a whole percent, rounded down, so only a threshold really met shows 100', () => {
    expect(percentOf(0n, 100_000n)).toBe(0);
    expect(percentOf(25_000n, 100_000n)).toBe(25);
    expect(percentOf(99_999n, 100_000n)).toBe(99);
    expect(percentOf(1n, 100_000n)).toBe(0);
    expect(percentOf(100_000n, 100_000n)).toBe(100);
    expect(percentOf(250_000n, 100_000n)).toBe(100);
  });

  it('counts a threshold of nothing as met', () => {
    expect(percentOf(0n, 0n)).toBe(100);
  });
});

describe('nextRankTracks', () => {
  it('measures bets and deposits from nothing up to the next rank’s thresholds', () => {
    const m = me({ level: 1, label: 'VIP1', bets: '1250.00', deposits: '500.00', next: next(2, '3750.00', '0.00') });
    const tracks = nextRankTracks(m, LEVELS)!;
    expect(tracks.bets).toEqual({ have: 125_000n, need: 500_000n, toGo: 375_000n, percent: 25, done: false });
    expect(tracks.deposits).toEqual({ have: 50_000n, need: 50_000n, toGo: 0n, percent: 100, done: true });
  });

  it('shows a met threshold full even when the member has more than it asks', () => {
    const tracks = nextRankTracks(me({ bets: '3000.00', deposits: '20.00', next: next(1, '0.00', '80.00') }), LEVELS)!;
    expect(tracks.bets).toMatchObject({ need: 100_000n, toGo: 0n, percent: 100, done: true });
    expect(tracks.deposits).toMatchObject({ have: 2_000n, need: 10_000n, toGo: 8_000n, percent: 20, done: false });
  });

  it('never shows a full bar while something is still missing', () => {
    const tracks = nextRankTracks(me({ bets: '999.99', next: next(1, '0.01', '100.00') }), LEVELS)!;
    expect(tracks.bets).toMatchObject({ percent: 99, done: false, toGo: 1n });
  });

  it('works from what is missing when the ranks list lacks the next rank', () => {
    const tracks = nextRankTracks(me({ bets: '10.00', deposits: '0.00', next: next(1, '30.00', '100.00') }), [])!;
    expect(tracks.bets).toMatchObject({ need: 4_000n, percent: 25 });
    expect(tracks.deposits).toMatchObject({ need: 10_000n, percent: 0 });
  });

  it('has no bars at the top rank', () => {
    expect(nextRankTracks(me({ level: 3, label: 'VIP3', next: null }), LEVELS)).toBeNull();
  });
});

describe('where the member stands and what the card says', () => {
  it('names what is still missing: both, bets only or deposits only', () => {
    expect(nextRankText(me({ next: next(1, '1000.00', '100.00') }), usd)).toEqual({
      key: 'rank.me.next_both',
      values: { label: 'VIP1', bets: '$1,000.00', deposits: '$100.00' },
    });
    expect(nextRankText(me({ level: 1, label: 'VIP1', next: next(2, '3750.50', '0.00') }), usd)).toEqual({ key: 'rank.me.next_bets', values: { label: 'VIP2', bets: '$3,750.50' } });
    expect(nextRankText(me({ level: 1, label: 'VIP1', next: next(2, '0.00', '400.00') }), usd)).toEqual({ key: 'rank.me.next_deposits', values: { label: 'VIP2', deposits: '$400.00' } });
  });

  it('says the rank is on its way when both thresholds are met before the job raises the member', () => {
    const m = me({ bets: '1000.00', deposits: '100.00', next: next(1, '0.00', '0.00') });
    expect(standingOf(m)).toBe('due');
    expect(nextRankText(m, usd)).toEqual({ key: 'rank.me.due', values: { label: 'VIP1' } });
  });

  it('says the top is reached when there is no next rank', () => {
    const m = me({ level: 3, label: 'VIP3' });
    expect(standingOf(m)).toBe('top');
    expect(nextRankText(m, usd)).toEqual({ key: 'rank.me.top' });
    expect(standingOf(me({ next: next(1, '1.00', '0.00') }))).toBe('climbing');
  });
});

describe('the ladder', () => {
  it('lights the member’s rank, marks those below reached and the one above next', () => {
    expect([1, 2, 3, 4].map((l) => rungState(l, 2))).toEqual(['reached', 'current', 'next', 'ahead']);
    expect([1, 2].map((l) => rungState(l, 0))).toEqual(['next', 'ahead']);
  });

  it('shows every rank as open to visitors and trial accounts', () => {
    expect([1, 2, 3].map((l) => rungState(l, null))).toEqual(['open', 'open', 'open']);
  });

  it('adds up what climbing to the top pays', () => {
    expect(ladderTotal(LEVELS)).toBe(8_100n);
    expect(ladderTotal([])).toBe(0n);
  });

  it('paints each rank differently, rank 0 plainly, and past the tenth like the tenth', () => {
    const paints = Array.from({ length: 11 }, (_, level) => badgePaint(level).mid);
    expect(new Set(paints).size).toBe(11);
    expect(badgePaint(12)).toEqual(badgePaint(10));
    expect(badgePaint(-1)).toEqual(badgePaint(0));
  });
});

describe('upgrades reached', () => {
  const paid = { bonus: '18.00', paidAt: '2026-01-02T03:04:05.000Z' };
  const pending = { bonus: '5.00', paidAt: null };
  const noBonus = { bonus: '0.00', paidAt: null };

  it('tells a paid bonus from one the job has yet to pay, and a rank without one', () => {
    expect([paid, pending, noBonus].map(bonusState)).toEqual(['paid', 'pending', 'none']);
  });

  it('adds up only the bonuses already paid', () => {
    expect(bonusesPaid([paid, pending, noBonus])).toBe(1_800n);
    expect(bonusesPaid([])).toBe(0n);
  });
});
