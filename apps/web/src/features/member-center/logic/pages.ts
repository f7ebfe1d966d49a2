/**
 * The member-center pages of spec §2, by their spec names (which are also their paths:
 * /member/<name>). Plain data: the route table and the page menu both read it.
 */
export const MEMBER_PAGES = [
  'profile',
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  // Spec §2 "manual rebate (when enabled)": listed with the points mall, on sites with MANPLAYREB3.
  'manualRebate',
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];

export const isMemberPage = (value: unknown): value is MemberPage => typeof value === 'string' && (MEMBER_PAGES as readonly string[]).includes(value);

/** The spec's three lines of pages, as the menu groups them. */
export const MEMBER_PAGE_GROUPS: readonly { key: 'funds' | 'records' | 'rewards'; pages: readonly MemberPage[] }[] = [
  { key: 'funds', pages: ['profile', 'securityCenter', 'transferFund', 'depositv2', 'withdraw', 'transferUpline'] },
  { key: 'records', pages: ['personalHistoryCopy', 'transactionHistory', 'personalProfit', 'bonusDetails'] },
  { key: 'rewards', pages: ['rewardCenter', 'referral', 'missionLeaderboard', 'messageV2'] },
];

/** Pages outside the three lines: listed with the points mall when the site's flag is on. */
export const FLAGGED_PAGES = { manualRebate: 'MANPLAYREB3' } as const satisfies Partial<Record<MemberPage, string>>;

/** Pages whose content arrives with a later issue: they show a coming-soon panel (none at the moment). */
export const UPCOMING_PAGES: ReadonlySet<MemberPage> = new Set<MemberPage>();

/** Pages that move money: trial accounts see 'in_need_true_account' there instead of the forms (spec §5, §6). */
export const MONEY_PAGES: ReadonlySet<MemberPage> = new Set(['depositv2', 'withdraw', 'transferFund', 'transferUpline']);

/**
 * Pages a trial account gets the notice on: the money pages, the security center, whose real
 * name, payment password and bank cards exist only to move money, and the profile, which belongs to
 * a real player, and the manual rebate, which pays real money (the server refuses every one).
 */
export const TRIAL_BLOCKED_PAGES: ReadonlySet<MemberPage> = new Set([...MONEY_PAGES, 'securityCenter', 'profile', 'manualRebate']);

/** Spec §2: badge counts show on these pages. */
export type BadgeCounts = Partial<Record<MemberPage, number>>;
export type BadgeSource = { unreadCount: number; availablePromos: number; claimableMissions: number };
export const badgeCounts = (info: BadgeSource | undefined, isTrial: boolean): BadgeCounts => {
  // Trial users do not get unread messages (spec §4), and can take no rewards.
  if (!info || isTrial) return {};
  return { messageV2: info.unreadCount, rewardCenter: info.availablePromos, missionLeaderboard: info.claimableMissions };
};

/** "99+" past two digits; nothing for zero. */
export const badgeText = (count: number | undefined): string | null => {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
};

export const memberPagePath = (page: MemberPage) => `/member/${page}`;

/**
 * The page's name and lede keys in the member namespace. An agent's "transfer to agent" page also
 * sends to the downline, so it is named for both directions.
 */
export const pageTextKeys = (page: MemberPage | null, isAgent: boolean) => {
  const base = page ?? 'overview';
  const key = base === 'transferUpline' && isAgent ? 'transferUpline_agent' : base;
  return { title: `page.${key}`, lede: `lede.${key}` };
};
