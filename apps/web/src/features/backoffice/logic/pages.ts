/**
 * The back office's pages (/backoffice and /backoffice/<page>) as plain data: the app's route table
 * reads them, the frame's menu groups them. Nothing here imports React.
 */
export const BACKOFFICE_PATH = '/backoffice';
export const BACKOFFICE_LOGIN_PATH = `${BACKOFFICE_PATH}/login`;

export const BO_PAGES = ['dashboard', 'deposits', 'withdrawals', 'promotionClaims', 'pointOrders', 'feedback', 'chats', 'members', 'missions', 'vip', 'rebates', 'announcements', 'settings', 'operators', 'audit', 'messages', 'pointGoods', 'agentContracts', 'promotions', 'games', 'helpCenter', 'articles', 'lotteryRisk'] as const;
export type BoPage = (typeof BO_PAGES)[number];
/** The sign-in screen is a route of the section too, drawn without the frame. */
export type BoScreen = BoPage | 'login';

const SLUGS: Record<BoPage, string> = {
  helpCenter: 'help-center',
  articles: 'articles',
  dashboard: '',
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  promotionClaims: 'promotion-claims',
  pointOrders: 'point-orders',
  feedback: 'feedback',
  chats: 'chats',
  members: 'members',
  missions: 'missions',
  vip: 'vip',
  rebates: 'rebates',
  announcements: 'announcements',
  settings: 'settings',
  operators: 'operators',
  audit: 'audit',
  messages: 'messages',
  pointGoods: 'point-goods',
  agentContracts: 'agent-contracts',
  promotions: 'promotions',
  games: 'games',
  lotteryRisk: 'lottery-risk',
};

export const boPagePath = (page: BoPage) => (SLUGS[page] ? `${BACKOFFICE_PATH}/${SLUGS[page]}` : BACKOFFICE_PATH);

/** Pages whose texts live in the `contentAdmin` section of ops.json (member messages, points goods, agent contracts). */
const CONTENT_ADMIN_PAGES: readonly BoScreen[] = ['messages', 'pointGoods', 'agentContracts'];

/** The ops.json key of a screen's name (menu, heading, document title). */
export const boPageTitleKey = (page: BoScreen): string => {
  if (CONTENT_ADMIN_PAGES.includes(page)) return `contentAdmin.page.${page}`;
  // The promotions page's texts live in the `promotionsAdmin` section.
  if (page === 'promotions') return 'promotionsAdmin.page.promotions';
  // The games page's texts live in the `gamesAdmin` section.
  if (page === 'games') return 'gamesAdmin.page.games';
  // The help center page's texts live in the `helpCenterAdmin` section.
  if (page === 'helpCenter') return 'helpCenterAdmin.page.helpCenter';
  // The articles page's texts live in the `articlesAdmin` section.
  if (page === 'articles') return 'articlesAdmin.page.articles';
  return `page.${page}`;
};

export const isBoScreen = (value: unknown): value is BoScreen => value === 'login' || (BO_PAGES as readonly unknown[]).includes(value);

/** Whether a location belongs to the back office (it is reachable while the player site is in maintenance). */
export const isBackofficePath = (pathname: string) => pathname === BACKOFFICE_PATH || pathname.startsWith(`${BACKOFFICE_PATH}/`);

/**
 * The menu: what waits for a decision or an answer first, then people, then the site (what it tells
 * players, its settings, its staff, its log).
 */
export const BO_MENU: readonly { key: 'overview' | 'queues' | 'players' | 'site'; pages: readonly BoPage[] }[] = [
  { key: 'overview', pages: ['dashboard'] },
  { key: 'queues', pages: ['deposits', 'withdrawals', 'promotionClaims', 'pointOrders', 'feedback', 'chats'] },
  { key: 'players', pages: ['members', 'missions', 'promotions', 'vip', 'rebates', 'pointGoods', 'agentContracts'] },
  { key: 'site', pages: ['announcements', 'helpCenter', 'articles', 'messages', 'games', 'lotteryRisk', 'settings', 'operators', 'audit'] },
];

/**
 * Where to go after signing in: the page the operator was sent away from, if it is a back-office
 * page (never another site, never the sign-in page itself), else the dashboard.
 */
export const afterLoginPath = (next: string | null | undefined) => {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return BACKOFFICE_PATH;
  const path = next.split(/[?#]/)[0];
  if (!isBackofficePath(path) || path === BACKOFFICE_LOGIN_PATH) return BACKOFFICE_PATH;
  return next;
};

/** The sign-in page's address that returns to `from` afterwards. */
export const loginPathFrom = (from: string) => (from === BACKOFFICE_PATH ? BACKOFFICE_LOGIN_PATH : `${BACKOFFICE_LOGIN_PATH}?next=${encodeURIComponent(from)}`);
