import { describe, expect, it } from 'vitest';
import { FLAGGED_PAGES, MEMBER_PAGE_GROUPS, MEMBER_PAGES, MONEY_PAGES, TRIAL_BLOCKED_PAGES, UPCOMING_PAGES, badgeCounts, badgeText, isMemberPage, memberPagePath, pageTextKeys } from './pages';

describe('member-center pages', () => {
  it('has the spec names, each once, all in the menu groups in spec order', () => {
    expect(new Set(MEMBER_PAGES).size).toBe(15);
    // Every page but those a site flag adds (the manual rebate, beside the points mall).
    expect(MEMBER_PAGE_GROUPS.flatMap((g) => g.pages)).toEqual(MEMBER_PAGES.filter((p) => !(p in FLAGGED_PAGES)));
    expect(FLAGGED_PAGES).toEqual({ manualRebate: 'MANPLAYREB3' });
    expect(memberPagePath('depositv2')).toBe('/member/depositv2');
    expect(isMemberPage('withdraw')).toBe(true);
    expect(isMemberPage('Withdraw')).toBe(false);
  });

  it('money pages are the four that trial accounts may not use; none is upcoming', () => {
    expect([...MONEY_PAGES].sort()).toEqual(['depositv2', 'transferFund', 'transferUpline', 'withdraw']);
    // The security center only serves money (real name, payment password, bank cards): closed to trial accounts too,
    // as is the profile (a real player's details; the server refuses trial accounts), and the manual rebate (real money).
    expect([...TRIAL_BLOCKED_PAGES].sort()).toEqual(['depositv2', 'manualRebate', 'profile', 'securityCenter', 'transferFund', 'transferUpline', 'withdraw']);
    // The mission leaderboard was the last coming-soon page: every page of the menu is a real one now.
    expect([...UPCOMING_PAGES]).toEqual([]);
    // The betting record and the profit report are real pages, open to trial accounts too (they read, never move money).
    // The reward center, invite friends and the missions are real pages too; each tells a trial account itself that it needs a real one.
    for (const p of ['personalHistoryCopy', 'personalProfit', 'rewardCenter', 'referral', 'missionLeaderboard'] as const) {
      expect(UPCOMING_PAGES.has(p)).toBe(false);
      expect(MONEY_PAGES.has(p)).toBe(false);
      expect(TRIAL_BLOCKED_PAGES.has(p)).toBe(false);
    }
  });

  it('badges (spec §2): unread messages, promos ready and missions to claim, none for trial accounts', () => {
    const info = { unreadCount: 3, availablePromos: 1, claimableMissions: 2 };
    expect(badgeCounts(info, false)).toEqual({ messageV2: 3, rewardCenter: 1, missionLeaderboard: 2 });
    expect(badgeCounts(info, true)).toEqual({});
    expect(badgeCounts(undefined, false)).toEqual({});
    // Nothing to claim: no badge on the page's menu entry.
    expect(badgeText(badgeCounts({ ...info, claimableMissions: 0 }, false).missionLeaderboard)).toBeNull();
    expect(badgeText(badgeCounts({ ...info, claimableMissions: 4 }, false).missionLeaderboard)).toBe('4');
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
