import { describe, expect, it } from 'vitest';
import { MEMBER_PAGE_GROUPS, MEMBER_PAGES, MONEY_PAGES, TRIAL_BLOCKED_PAGES, UPCOMING_PAGES, badgeCounts, badgeText, isMemberPage, memberPagePath, pageTextKeys } from './pages';

describe('member-center pages', () => {
  it('has the spec names, each once, all in the menu groups in spec order', () => {
    expect(new Set(MEMBER_PAGES).size).toBe(13);
    expect(MEMBER_PAGE_GROUPS.flatMap((g) => g.pages)).toEqual([...MEMBER_PAGES]);
    expect(memberPagePath('depositv2')).toBe('/member/depositv2');
    expect(isMemberPage('withdraw')).toBe(true);
    expect(isMemberPage('Withdraw')).toBe(false);
  });

  it('money pages are the four that trial accounts may not use; none is upcoming', () => {
    expect([...MONEY_PAGES].sort()).toEqual(['depositv2', 'transferFund', 'transferUpline', 'withdraw']);
    // The security center only serves money (real name, payment password, bank cards): closed to trial accounts too.
    expect([...TRIAL_BLOCKED_PAGES].sort()).toEqual(['depositv2', 'securityCenter', 'transferFund', 'transferUpline', 'withdraw']);
    for (const p of MONEY_PAGES) expect(UPCOMING_PAGES.has(p)).toBe(false);
    expect([...UPCOMING_PAGES]).toEqual(['missionLeaderboard']);
    // The betting record and the profit report are real pages now, open to trial accounts too (they read, never move money).
    // The reward center and invite friends are real pages too; each tells a trial account itself that it needs a real one.
    for (const p of ['personalHistoryCopy', 'personalProfit', 'rewardCenter', 'referral'] as const) {
      expect(UPCOMING_PAGES.has(p)).toBe(false);
      expect(MONEY_PAGES.has(p)).toBe(false);
    }
  });

  it('badges: unread messages and promos, none for trial accounts', () => {
    expect(badgeCounts({ unreadCount: 3, availablePromos: 1 }, false)).toEqual({ messageV2: 3, rewardCenter: 1 });
    expect(badgeCounts({ unreadCount: 3, availablePromos: 1 }, true)).toEqual({});
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});

describe('pageTextKeys', () => {
  it("names an agent's transfer page for both directions, every other page as it is", () => {
    expect(pageTextKeys('transferUpline', true)).toEqual({ title: 'page.transferUpline_agent', lede: 'lede.transferUpline_agent' });
    expect(pageTextKeys('transferUpline', false)).toEqual({ title: 'page.transferUpline', lede: 'lede.transferUpline' });
    expect(pageTextKeys('withdraw', true)).toEqual({ title: 'page.withdraw', lede: 'lede.withdraw' });
    expect(pageTextKeys(null, false)).toEqual({ title: 'page.overview', lede: 'lede.overview' });
  });
});
