/**
 * The route table of spec §2 as plain data: paths, names and meta. `router.tsx` turns it into React
 * Router objects; tests read it directly. Nothing here imports React.
 */
import { ARTICLE_KINDS, type ArticleKind } from '@apsara/contracts';
import { AGENT_CENTER_PATH, AGENT_PAGES, agentPagePath, type AgentPage } from '../features/agent/logic/pages';
import { MEMBER_PAGES, memberPagePath, type MemberPage } from '../features/member-center/logic/pages';
import { BACKOFFICE_LOGIN_PATH, BACKOFFICE_PATH, BO_PAGES, boPagePath, boPageTitleKey, isBackofficePath, type BoPage, type BoScreen } from '../features/backoffice/logic/pages';

/** Sections loaded on demand (spec §2 "Sections are loaded on demand"). */
export const LAZY_SECTIONS = [
  'Promotions',
  'Seamless',
  'Lottery',
  'MemberCenter',
  'PointMall',
  'AccountGame',
  'Download',
  'GameListCenter',
  'GameCenter',
] as const;
export type LazySection = (typeof LAZY_SECTIONS)[number];

/**
 * The operators' back office: loaded on demand like the sections above, but not a player section of
 * spec §2, so it is kept apart from their list (players never download it).
 */
export const BACKOFFICE_SECTION = 'Backoffice' as const;
/**
 * The Beginner Guide, Blog and News (spec §2 member center, "further labelled areas"): loaded on
 * demand too, and likewise kept apart from the spec's list of sections, which does not name it.
 */
export const ARTICLES_SECTION = 'Articles' as const;
/** Everything LazySection loads: the player sections, the articles and the back office. */
export type LoadableSection = LazySection | typeof ARTICLES_SECTION | typeof BACKOFFICE_SECTION;

/** Screens rendered eagerly (part of the main bundle). */
export type EagerScreen = 'Home' | 'AgentLogin' | 'AgentCenter' | 'NotFound';
export type Screen = LoadableSection | EagerScreen;

export type PopupName = 'login' | 'register' | 'help' | 'resetPassword';

export type RouteMeta = {
  path: string;
  /** Scroll resets only when this changes, so aliases (/, /home) share one name. */
  name: string;
  screen: Screen;
  layout: 'player' | 'agent' | 'backoffice';
  /** Locale key (common namespace) of the page title. */
  titleKey: string;
  requiresLogin?: boolean;
  /** A login-only route that is open to everyone when its query has this value (e.g. one public tool of a game page). */
  publicWhen?: { param: string; value: string };
  /** The agent center also needs an agent account; others are sent to /agent. */
  requiresAgent?: boolean;
  /** Full-width game pages without the side menu. */
  hideSideMenu?: boolean;
  /** Popup opened over the screen when the route is entered. */
  popup?: PopupName;
  /** Game category the screen shows (GameCenter / GameListCenter / AccountGame / Lottery). */
  category?: string;
  /** A page nested in the member-center layout (/member/<page>); the layout stays mounted between them. */
  memberPage?: MemberPage;
  /** A page nested in the agent center (/agentHome/<page>); the center's frame stays mounted between them. */
  agentPage?: AgentPage;
  /** A screen of the back office (/backoffice/<page>, or its sign-in page), drawn by its own frame. */
  backofficePage?: BoScreen;
};

const home = (path: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({
  path,
  name: 'home',
  screen: 'Home',
  layout: 'player',
  titleKey: 'page.home',
  ...extra,
});

const gameCenter = (path: string, category: string): RouteMeta => ({
  path,
  name: path.slice(1),
  screen: 'GameCenter',
  layout: 'player',
  titleKey: `category.${category}`,
  category,
});

/** A kind's list of articles (/guide) and each article of it (/guide/<slug>), open to visitors. */
const articleRoutes = (kind: ArticleKind): RouteMeta[] => [
  { path: `/${kind}`, name: `articles/${kind}`, screen: ARTICLES_SECTION, layout: 'player', titleKey: `articles:kind.${kind}` },
  // One name for every article of a kind: the page itself scrolls to the top when the article changes.
  { path: `/${kind}/:slug`, name: `articles/${kind}/article`, screen: ARTICLES_SECTION, layout: 'player', titleKey: `articles:kind.${kind}` },
];

const gameList = (path: string, category: string): RouteMeta => ({
  path,
  name: path.slice(1),
  screen: 'GameListCenter',
  layout: 'player',
  titleKey: `category.${category}`,
  category,
});

const lottery = (path: string, category: string, hideSideMenu = false): RouteMeta => ({
  path,
  name: path.slice(1),
  screen: 'Lottery',
  layout: 'player',
  titleKey: `category.${category}`,
  category,
  requiresLogin: true,
  // The draw results and their in-browser verification work from published data alone: anyone may check a draw.
  publicWhen: { param: 'tab', value: 'RESULTS' },
  hideSideMenu,
});

/** Spec §2 member-center pages, each at /member/<spec name>, inside the /member layout. */
const memberPage = (page: MemberPage): RouteMeta => ({
  path: memberPagePath(page),
  name: `member/${page}`,
  screen: 'MemberCenter',
  layout: 'player',
  titleKey: `member:page.${page}`,
  requiresLogin: true,
  memberPage: page,
});

/** Spec §2 agent-center pages, each at /agentHome/<spec name>, inside the agent center's frame. */
const agentPage = (page: AgentPage): RouteMeta => ({
  path: agentPagePath(page),
  name: `agentHome/${page}`,
  screen: 'AgentCenter',
  layout: 'agent',
  titleKey: `auth:agent.page.${page}`,
  requiresLogin: true,
  requiresAgent: true,
  agentPage: page,
});

/** The back office's screens, each at /backoffice/<page>; its own guard sends visitors to its sign-in page. */
const backofficePage = (page: BoPage): RouteMeta => ({
  path: boPagePath(page),
  name: `backoffice/${page}`,
  screen: BACKOFFICE_SECTION,
  layout: 'backoffice',
  titleKey: `ops:${boPageTitleKey(page)}`,
  backofficePage: page,
});

export const ROUTES: readonly RouteMeta[] = [
  home('/'),
  home('/index'),
  home('/index.html'),
  home('/home'),
  home('/login', { name: 'login', popup: 'login', titleKey: 'page.login' }),
  home('/register', { name: 'register', popup: 'register', titleKey: 'page.register' }),
  home('/help', { name: 'help', popup: 'help', titleKey: 'page.help' }),
  // Where an e-mailed reset link lands (docs/verification.md): the new-password popup over the lobby.
  home('/resetPassword', { name: 'resetPassword', popup: 'resetPassword', titleKey: 'page.resetPassword' }),

  { path: '/agent', name: 'agent', screen: 'AgentLogin', layout: 'agent', titleKey: 'page.agentLogin' },
  {
    path: AGENT_CENTER_PATH,
    name: 'agentHome',
    screen: 'AgentCenter',
    layout: 'agent',
    titleKey: 'page.agentHome',
    requiresLogin: true,
    requiresAgent: true,
  },
  ...AGENT_PAGES.map(agentPage),

  { path: '/member', name: 'member', screen: 'MemberCenter', layout: 'player', titleKey: 'page.member', requiresLogin: true },
  ...MEMBER_PAGES.map(memberPage),

  gameCenter('/sports', 'SPORTS'),
  gameCenter('/esports', 'ESPORTS'),
  gameCenter('/lott', 'LOTT'),
  gameCenter('/elott', 'ELOTT'),
  gameCenter('/cockfight', 'COCKFIGHT'),

  gameList('/live', 'LIVE'),
  gameList('/fish', 'FISH'),
  gameList('/rng', 'RNG'),
  gameList('/pvp', 'PVP'),
  gameList('/bgs', 'BGS'),
  gameList('/bingo', 'BINGO'),

  { path: '/favorite', name: 'favorite', screen: 'AccountGame', layout: 'player', titleKey: 'page.favorite', category: 'FAV', requiresLogin: true },
  { path: '/recent', name: 'recent', screen: 'AccountGame', layout: 'player', titleKey: 'page.recent', category: 'RECENT', requiresLogin: true },

  lottery('/lottery', 'LOTTERY'),
  lottery('/seaLottery', 'SEA_LOTTERY'),
  lottery('/vnLottery', 'VN_LOTTERY'),
  // Full-screen game pages of the same lottery family, without the side menu (spec §2).
  lottery('/lottert', 'LOTTERY', true),
  lottery('/vnlottery', 'VN_LOTTERY', true),
  lottery('/sealottery', 'SEA_LOTTERY', true),

  { path: '/promotions', name: 'promotions', screen: 'Promotions', layout: 'player', titleKey: 'page.promotions' },
  ...ARTICLE_KINDS.flatMap(articleRoutes),
  { path: '/download', name: 'download', screen: 'Download', layout: 'player', titleKey: 'page.download' },
  { path: '/pointMall', name: 'pointMall', screen: 'PointMall', layout: 'player', titleKey: 'page.pointMall', requiresLogin: true },
  {
    path: '/seamless',
    name: 'seamless',
    screen: 'Seamless',
    layout: 'player',
    titleKey: 'page.seamless',
    requiresLogin: true,
    // The provably-fair verifier works from revealed seeds alone: anyone may check a round.
    publicWhen: { param: 'game', value: 'APSARA:VERIFY' },
    hideSideMenu: true,
  },

  ...BO_PAGES.map(backofficePage),
  { path: BACKOFFICE_LOGIN_PATH, name: 'backoffice/login', screen: BACKOFFICE_SECTION, layout: 'backoffice', titleKey: 'ops:page.login', backofficePage: 'login' },
];

/** The agent-center frame's route; its pages render inside it. */
export { AGENT_CENTER_PATH };

/** The back office's root route (its dashboard); its other screens render inside its section. */
export { BACKOFFICE_PATH, isBackofficePath };

/** The member-center layout route; its pages render inside it. */
export const MEMBER_CENTER_PATH = '/member';

export const NOT_FOUND: RouteMeta = { path: '*', name: 'notFound', screen: 'NotFound', layout: 'player', titleKey: 'page.notFound' };

export const LOGIN_PATH = '/login';

/** Where a guarded route sends the visitor, or null when they may enter. */
export const guardRedirect = (meta: Pick<RouteMeta, 'requiresLogin' | 'publicWhen'>, hasToken: boolean, search?: URLSearchParams): string | null => {
  if (!meta.requiresLogin || hasToken) return null;
  if (meta.publicWhen && search?.get(meta.publicWhen.param)?.toUpperCase() === meta.publicWhen.value) return null;
  return LOGIN_PATH;
};
