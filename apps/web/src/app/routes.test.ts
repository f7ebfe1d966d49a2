import { describe, expect, it } from 'vitest';
import { AGENT_CENTER_PATH, ARTICLES_SECTION, BACKOFFICE_SECTION, LAZY_SECTIONS, MEMBER_CENTER_PATH, NOT_FOUND, ROUTES, guardRedirect, isBackofficePath } from './routes';

/** Spec §2 "Member center pages", each at /member/<spec name>, and the profile (spec §3 "Profile fields"). */
const MEMBER_PAGE_NAMES = [
  'profile', 'securityCenter', 'transferFund', 'depositv2', 'withdraw', 'transferUpline', 'personalHistoryCopy', 'transactionHistory',
  'personalProfit', 'bonusDetails', 'rewardCenter', 'referral', 'missionLeaderboard', 'messageV2',
  // "manual rebate (when enabled)": the spec names no path; ours follows the others.
  'manualRebate',
];

/** Spec §2 "Agent center pages", with its messages and account change details, each at /agentHome/<name>. */
const AGENT_PAGE_NAMES = [
  'agentAnnouncement', 'agentTeamOverview', 'registerCenter', 'downlineManagmentView', 'personalHistoryCopy', 'palStatementsAgentCopy', 'agentDownlineTransactionDetailsCopy',
  'agentRevenueReport', 'contractDividend', 'contractDailySalary', 'contractHourSalary', 'contractRealtimeSalary', 'messages', 'accountChange',
];

/** Every path of the route table in spec §2, plus the game pages it names. */
const SPEC_PATHS = [
  '/', '/index', '/index.html', '/home', '/login', '/register', '/agent', '/agentHome', '/member', '/help',
  '/sports', '/esports', '/lott', '/elott', '/cockfight', '/live', '/fish', '/rng', '/pvp', '/bgs', '/bingo',
  '/favorite', '/recent', '/lottery', '/seaLottery', '/vnLottery', '/promotions', '/download', '/pointMall',
  '/seamless', '/lottert', '/vnlottery', '/sealottery',
];

const byPath = (path: string) => ROUTES.find((r) => r.path === path);

describe('route table', () => {
  it('has every route of the spec, each once', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const path of SPEC_PATHS) expect(paths, path).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(NOT_FOUND.path).toBe('*');
  });

  it('maps each path to the screen the spec names', () => {
    for (const path of ['/', '/index', '/index.html', '/home', '/login', '/register', '/help']) expect(byPath(path)?.screen).toBe('Home');
    for (const path of ['/sports', '/esports', '/lott', '/elott', '/cockfight']) expect(byPath(path)?.screen).toBe('GameCenter');
    for (const path of ['/live', '/fish', '/rng', '/pvp', '/bgs', '/bingo']) expect(byPath(path)?.screen).toBe('GameListCenter');
    for (const path of ['/favorite', '/recent']) expect(byPath(path)?.screen).toBe('AccountGame');
    for (const path of ['/lottery', '/seaLottery', '/vnLottery']) expect(byPath(path)?.screen).toBe('Lottery');
    expect(byPath('/member')?.screen).toBe('MemberCenter');
    expect(byPath('/promotions')?.screen).toBe('Promotions');
    expect(byPath('/download')?.screen).toBe('Download');
    expect(byPath('/pointMall')?.screen).toBe('PointMall');
    expect(byPath('/seamless')?.screen).toBe('Seamless');
  });

  it('loads exactly the nine on-demand sections lazily', () => {
    expect([...LAZY_SECTIONS].sort()).toEqual(
      ['AccountGame', 'Download', 'GameCenter', 'GameListCenter', 'Lottery', 'MemberCenter', 'PointMall', 'Promotions', 'Seamless'].sort(),
    );
    const lazyScreens = new Set(ROUTES.map((r) => r.screen).filter((s) => (LAZY_SECTIONS as readonly string[]).includes(s)));
    expect(lazyScreens.size).toBe(LAZY_SECTIONS.length);
  });

  it('opens the popups over the lobby', () => {
    expect(byPath('/login')?.popup).toBe('login');
    expect(byPath('/register')?.popup).toBe('register');
    expect(byPath('/help')?.popup).toBe('help');
  });

  it('uses the agent layout only for /agent, /agentHome and the agent-center pages', () => {
    expect(ROUTES.filter((r) => r.layout === 'agent').map((r) => r.path).sort()).toEqual(['/agent', '/agentHome', ...AGENT_PAGE_NAMES.map((p) => `/agentHome/${p}`)].sort());
  });

  it('nests the agent-center pages under /agentHome, by their exact spec names, for agents only', () => {
    expect(AGENT_CENTER_PATH).toBe('/agentHome');
    const pages = ROUTES.filter((r) => r.agentPage);
    expect(pages.map((r) => r.path)).toEqual(AGENT_PAGE_NAMES.map((p) => `/agentHome/${p}`));
    for (const r of pages) {
      expect(r.agentPage, r.path).toBe(r.path.slice('/agentHome/'.length));
      // The agent center's frame draws them: same screen, same guard as /agentHome.
      expect(r.screen, r.path).toBe('AgentCenter');
      expect(r.requiresLogin, r.path).toBe(true);
      expect(r.requiresAgent, r.path).toBe(true);
      expect(r.titleKey, r.path).toBe(`auth:agent.page.${r.agentPage}`);
    }
    expect(byPath('/agentHome')?.agentPage).toBeUndefined();
    expect(ROUTES.filter((r) => r.path.startsWith('/agentHome/')).every((r) => r.agentPage)).toBe(true);
  });

  it('hides the side menu on the game pages of the spec only', () => {
    expect(ROUTES.filter((r) => r.hideSideMenu).map((r) => r.path).sort()).toEqual(['/lottert', '/seamless', '/sealottery', '/vnlottery'].sort());
  });

  it('guards the member, account-game, lottery, points and agent pages', () => {
    for (const path of ['/member', '/favorite', '/recent', '/lottery', '/seaLottery', '/vnLottery', '/pointMall', '/agentHome', '/seamless']) {
      expect(byPath(path)?.requiresLogin, path).toBe(true);
    }
    for (const path of ['/', '/login', '/register', '/help', '/agent', '/promotions', '/download', '/rng', '/sports']) {
      expect(byPath(path)?.requiresLogin, path).toBeFalsy();
    }
  });

  it('nests every member-center page of the spec under /member, by its exact name', () => {
    expect(MEMBER_CENTER_PATH).toBe('/member');
    const pages = ROUTES.filter((r) => r.memberPage);
    expect(pages.map((r) => r.path)).toEqual(MEMBER_PAGE_NAMES.map((p) => `/member/${p}`));
    for (const r of pages) {
      expect(r.memberPage, r.path).toBe(r.path.slice('/member/'.length));
      // The member-center section (loaded on demand) renders them inside its layout.
      expect(r.screen, r.path).toBe('MemberCenter');
      expect(r.layout, r.path).toBe('player');
      expect(r.requiresLogin, r.path).toBe(true);
      expect(r.titleKey, r.path).toBe(`member:page.${r.memberPage}`);
    }
    // Only the member center nests pages; /member itself is the layout, not a page.
    expect(byPath('/member')?.memberPage).toBeUndefined();
    expect(ROUTES.filter((r) => r.path.startsWith('/member/')).every((r) => r.memberPage)).toBe(true);
  });

  it('sends a guarded route to /login without a token and lets it through with one', () => {
    expect(guardRedirect({ requiresLogin: true }, false)).toBe('/login');
    expect(guardRedirect({ requiresLogin: true }, true)).toBeNull();
    expect(guardRedirect({ requiresLogin: false }, false)).toBeNull();
  });

  it('opens the provably-fair verifier to visitors while the games of the same page stay guarded', () => {
    const seamless = byPath('/seamless')!;
    const query = (q: string) => new URLSearchParams(q);
    expect(guardRedirect(seamless, false, query('game=APSARA:VERIFY&hash=ab'))).toBeNull();
    expect(guardRedirect(seamless, false, query('game=apsara:verify'))).toBeNull();
    for (const q of ['game=APSARA:SLOT', 'game=APSARA:DICE', 'game=APSARA:MINES', '', 'verify=APSARA:VERIFY']) {
      expect(guardRedirect(seamless, false, query(q)), q).toBe('/login');
    }
  });

  it('opens the lottery draw results to visitors while the lobby, the board and my bets stay guarded', () => {
    const query = (q: string) => new URLSearchParams(q);
    for (const path of ['/lottery', '/seaLottery', '/vnLottery', '/lottert']) {
      const meta = byPath(path)!;
      expect(guardRedirect(meta, false, query('gameCode=FAST5D&tab=results')), path).toBeNull();
      expect(guardRedirect(meta, false, query('tab=results')), path).toBeNull();
      for (const q of ['', 'gameCode=FAST5D', 'gameCode=FAST5D&tab=mine', 'tab=rules']) expect(guardRedirect(meta, false, query(q)), `${path}?${q}`).toBe('/login');
    }
  });

  it('scrolls only when the route name changes: the lobby aliases share one name', () => {
    expect(new Set(['/', '/index', '/index.html', '/home'].map((p) => byPath(p)?.name))).toEqual(new Set(['home']));
    const names = ROUTES.filter((r) => r.name !== 'home').map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('puts the back office under /backoffice, in its own layout, loaded on demand apart from the player sections', () => {
    const screens = ROUTES.filter((r) => r.layout === 'backoffice');
    expect(screens.map((r) => r.path).sort()).toEqual(
      ['/backoffice', '/backoffice/login', '/backoffice/deposits', '/backoffice/withdrawals', '/backoffice/promotion-claims', '/backoffice/point-orders', '/backoffice/feedback', '/backoffice/chats', '/backoffice/members', '/backoffice/missions', '/backoffice/vip', '/backoffice/rebates', '/backoffice/announcements', '/backoffice/settings', '/backoffice/operators', '/backoffice/audit', '/backoffice/messages', '/backoffice/point-goods', '/backoffice/agent-contracts', '/backoffice/promotions', '/backoffice/games', '/backoffice/help-center', '/backoffice/articles', '/backoffice/lottery-risk'].sort(),
    );
    for (const r of screens) {
      expect(r.screen, r.path).toBe(BACKOFFICE_SECTION);
      expect(r.backofficePage, r.path).toBeTruthy();
      expect(r.titleKey, r.path).toMatch(/^ops:(contentAdmin\.|promotionsAdmin\.|gamesAdmin\.|helpCenterAdmin\.|articlesAdmin\.)?page\./);
      // Operators are not members: the player guard never sends them to the member login.
      expect(r.requiresLogin, r.path).toBeFalsy();
      expect(isBackofficePath(r.path), r.path).toBe(true);
    }
    expect(LAZY_SECTIONS as readonly string[]).not.toContain(BACKOFFICE_SECTION);
    expect(ROUTES.filter((r) => r.backofficePage).every((r) => r.layout === 'backoffice')).toBe(true);
  });

  it('opens the Beginner Guide, Blog and News to visitors: each list and its articles, in the articles section', () => {
    const paths = ROUTES.filter((r) => r.screen === ARTICLES_SECTION).map((r) => r.path);
    expect(paths.sort()).toEqual(['/blog', '/blog/:slug', '/guide', '/guide/:slug', '/news', '/news/:slug']);
    for (const path of paths) {
      const r = byPath(path)!;
      expect(r.layout, path).toBe('player');
      expect(r.requiresLogin, path).toBeFalsy();
      expect(r.titleKey, path).toMatch(/^articles:kind\.(guide|blog|news)$/);
    }
    expect(LAZY_SECTIONS as readonly string[]).not.toContain(ARTICLES_SECTION);
  });
});
