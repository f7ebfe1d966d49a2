import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation, useRouteError } from 'react-router';
import { openModal } from '../components/ui/modal';
import { ContractNotice } from '../features/agent';
import { AnnouncementModal, GroupBanners, openAnnouncements } from '../features/announcements';
import { AUTH_MODAL, AuthModals, requireLogin, showMessage } from '../features/auth';
import { openChatPanel, useChatModels } from '../features/chat';
import { FEEDBACK_MODAL, FeedbackModal } from '../features/feedback';
import { HelpModal } from '../features/help/help-modal';
import { hideLoader } from '../lib/loader';
import { ShellActionsContext, type ShellActions } from '../lib/shell-actions';
import { brandOf, useSiteConfigValue } from '../lib/site-config';
import { SectionErrorScreen } from './lazy-section';
import { useRouteMeta } from './route-meta';

/** What other features may start of the auth feature's flows (see lib/shell-actions). */
const SHELL_ACTIONS: ShellActions = {
  openChangePassword: () => openModal(AUTH_MODAL.changePassword),
  logout: () => openModal(AUTH_MODAL.logoutConfirm),
  guard: requireLogin,
  openRegister: () => openModal(AUTH_MODAL.register),
  showTrialNotice: () => openModal(AUTH_MODAL.trial),
  showMessage: (message, tone = 'warning') => showMessage({ message, tone }),
  showError: (error, fallbackKey, tone = 'warning') => showMessage({ error, messageKey: fallbackKey, tone }),
  openFeedback: () => openModal(FEEDBACK_MODAL),
  openAnnouncements: (id) => openAnnouncements({ id }),
};

/** The site's small banners above the login and register forms (groups w_login and w_register). */
const AUTH_BANNERS = {
  login: <GroupBanners group="w_login" closes={AUTH_MODAL.login} className="au-banners" />,
  register: <GroupBanners group="w_register" closes={AUTH_MODAL.register} className="au-banners" />,
};

/**
 * Wraps every route: hides the global loader after each navigation, scrolls to the top when the
 * route name changes (not on a query change), names the page, and mounts the popups once.
 */
export const RootLayout = () => {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const meta = useRouteMeta();
  const config = useSiteConfigValue();
  const name = meta?.name;
  // The chat panel lives in the player layout and the agent center: in the back office nothing opens it.
  const chatPage = meta?.layout === 'player' || meta?.screen === 'AgentCenter';
  const chatOn = useChatModels(chatPage).data?.enabled === true && chatPage;
  const actions = useMemo<ShellActions>(() => (chatOn ? { ...SHELL_ACTIONS, openChat: openChatPanel } : SHELL_ACTIONS), [chatOn]);

  useEffect(() => {
    hideLoader();
  }, [location.key]);

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [name]);

  useEffect(() => {
    const brand = brandOf(config);
    document.title = meta && meta.name !== 'home' ? `${t(meta.titleKey)} · ${brand}` : brand;
  }, [meta, config, t, i18n.language]);

  return (
    <ShellActionsContext.Provider value={actions}>
      {navigation.state !== 'idle' && <div className="nav-progress" role="progressbar" aria-label={t('loading')} />}
      <Outlet />
      <AuthModals banners={AUTH_BANNERS} />
      <HelpModal />
      <FeedbackModal />
      <AnnouncementModal />
      <ContractNotice place={meta} />
    </ShellActionsContext.Provider>
  );
};

/** Last-resort screen when a route itself throws; the portal stays usable from here. */
export const RouteErrorScreen = () => {
  const error = useRouteError();
  useEffect(() => {
    hideLoader();
    console.error('Route failed', error);
  }, [error]);
  return (
    <main id="main">
      <SectionErrorScreen error={error} onRetry={() => window.location.reload()} />
    </main>
  );
};
