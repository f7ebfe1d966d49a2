import type { ReactNode } from 'react';
import { createBrowserRouter, redirect, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { AgentDashboard, AgentHomeGuard, AgentLoginPage } from '../features/agent';
import { AgentAnnouncements } from '../features/announcements';
import { AUTH_MODAL, BalanceStream, LoginForm } from '../features/auth';
import { openModal } from '../components/ui/modal';
import { getToken } from '../lib/session';
import { LazySection, type SectionLoader } from './lazy-section';
import { RootLayout, RouteErrorScreen } from './root-layout';
import { LanguageSelect } from './shell/language-select';
import { AGENT_CENTER_PATH, BACKOFFICE_PATH, MEMBER_CENTER_PATH, NOT_FOUND, ROUTES, guardRedirect, type LazySection as SectionName, type RouteMeta } from './routes';
import { HomeScreen } from './screens/home-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { AgentLayout } from './shell/agent-layout';
import { PlayerLayout } from './shell/player-layout';

/** Each on-demand section is its own chunk (spec §2 "Sections are loaded on demand"). */
export const SECTION_LOADERS: Record<SectionName, SectionLoader> = {
  Promotions: () => import('../features/promotions/promotions-page'),
  Seamless: () => import('../features/seamless/seamless-page'),
  Lottery: () => import('../features/lottery/lottery-page'),
  MemberCenter: () => import('../features/member-center/member-center-page'),
  PointMall: () => import('../features/point-mall/point-mall-page'),
  AccountGame: () => import('../features/account-game/account-game-page'),
  Download: () => import('../features/download/download-page'),
  GameListCenter: () => import('../features/game-list-center/game-list-center-page'),
  GameCenter: () => import('../features/game-center/game-center-page'),
};

/** The Beginner Guide, Blog and News: one chunk for the three lists and their articles. */
export const ARTICLES_LOADER: SectionLoader = () => import('../features/articles/articles-page');

/** The back office: its own chunk, with its own frame and sign-in (never the player shell). */
export const BACKOFFICE_LOADER: SectionLoader = () => import('../features/backoffice/backoffice-section');

const screenOf = (meta: RouteMeta): ReactNode => {
  switch (meta.screen) {
    case 'Home':
      return <HomeScreen popup={meta.popup} />;
    case 'AgentLogin':
      return <AgentLoginPage loginForm={<LoginForm portal="agent" showRemember={false} idPrefix="agent-login" />} />;
    case 'AgentCenter':
      return (
        <AgentHomeGuard>
          <BalanceStream />
          <AgentDashboard onLogout={() => openModal(AUTH_MODAL.logoutConfirm)} announcements={<AgentAnnouncements />} languageSelect={<LanguageSelect compact />} />
        </AgentHomeGuard>
      );
    case 'NotFound':
      return <NotFoundScreen />;
    case 'Backoffice':
      return <LazySection name="Backoffice" load={BACKOFFICE_LOADER} titleKey={meta.titleKey} />;
    case 'Articles':
      return <LazySection name="Articles" load={ARTICLES_LOADER} titleKey={meta.titleKey} />;
    default:
      return <LazySection name={meta.screen} load={SECTION_LOADERS[meta.screen]} titleKey={meta.titleKey} category={meta.category} />;
  }
};

/**
 * Navigation guard (spec §2): routes that need login go to /login without a session token. The
 * agent center is the exception: AgentHomeGuard (features/agent) sends visitors and non-agents to
 * the agent login page with the reason, which a loader redirect could not carry.
 */
const guardOf = (meta: RouteMeta): RouteObject['loader'] => {
  if (!meta.requiresLogin || meta.requiresAgent) return undefined;
  return ({ request }) => {
    const to = guardRedirect(meta, Boolean(getToken()), new URL(request.url).searchParams);
    if (to) throw redirect(to);
    return null;
  };
};

const toRoute = (meta: RouteMeta): NonIndexRouteObject => ({
  path: meta.path,
  // /vnLottery and /vnlottery are different screens, so matching is case-sensitive.
  caseSensitive: true,
  handle: meta,
  loader: guardOf(meta),
  element: screenOf(meta),
});

/**
 * /member is a layout (the member-center section, loaded on demand) and /member/<page> its pages.
 * The pages carry only their meta: the layout, already mounted, renders the page its deepest match
 * names, so moving between pages never reloads the section or its menu.
 */
const memberCenterRoute = (): RouteObject => {
  const layout = ROUTES.find((r) => r.path === MEMBER_CENTER_PATH);
  if (!layout) throw new Error('the route table has no member center');
  return {
    ...toRoute(layout),
    // `element: null` says so on purpose: the layout draws the page, not an <Outlet /> (an undefined
    // element makes React Router warn on every member page).
    children: ROUTES.filter((r) => r.memberPage).map((meta) => ({ path: meta.path, caseSensitive: true, handle: meta, loader: guardOf(meta), element: null })),
  };
};

/**
 * /agentHome is the agent center's frame (top bar, page menu, clock) and /agentHome/<page> its pages,
 * the same way: the frame, guarded once, draws the page the deepest match names.
 */
const agentCenterRoute = (): RouteObject => {
  const frame = ROUTES.find((r) => r.path === AGENT_CENTER_PATH);
  if (!frame) throw new Error('the route table has no agent center');
  return {
    ...toRoute(frame),
    children: ROUTES.filter((r) => r.agentPage).map((meta) => ({ path: meta.path, caseSensitive: true, handle: meta, loader: guardOf(meta), element: null })),
  };
};

/**
 * /backoffice is the back office's section (its dashboard) and /backoffice/<page> its other screens:
 * like the member center, the section stays mounted and draws the screen the deepest match names.
 * Outside the player and agent layouts: operators get no lobby header or side menu.
 */
const backofficeRoute = (): RouteObject => {
  const root = ROUTES.find((r) => r.path === BACKOFFICE_PATH);
  if (!root) throw new Error('the route table has no back office');
  return {
    ...toRoute(root),
    children: ROUTES.filter((r) => r.backofficePage && r.path !== BACKOFFICE_PATH).map((meta) => ({ path: meta.path, caseSensitive: true, handle: meta, element: null })),
  };
};

const agentRoutes = (): RouteObject[] => [
  ...ROUTES.filter((r) => r.layout === 'agent' && !r.agentPage && r.path !== AGENT_CENTER_PATH).map(toRoute),
  agentCenterRoute(),
];

const playerRoutes = (): RouteObject[] => [
  ...ROUTES.filter((r) => r.layout === 'player' && !r.memberPage && r.path !== MEMBER_CENTER_PATH).map(toRoute),
  memberCenterRoute(),
  { path: '*', handle: NOT_FOUND, element: screenOf(NOT_FOUND) },
];

export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: null,
    children: [
      { element: <AgentLayout />, children: agentRoutes() },
      backofficeRoute(),
      { element: <PlayerLayout />, children: playerRoutes() },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
