import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isModalOpen, openModal, subscribeModals } from '../../components/ui/modal';
import { HomeBanners, NoticeMarquee } from '../../features/announcements';
import { AUTH_MODAL, openLogin, openRegister, resetTokenFromSearch } from '../../features/auth';
import { HELP_MODAL } from '../../features/help/help-modal';
import { LobbyPage } from '../../features/lobby/lobby-page';
import { getLoginState, useLoginState } from '../../lib/session';
import { currencySymbolOf, useSiteConfigValue } from '../../lib/site-config';
import type { PopupName } from '../routes';

const MODAL_OF: Record<PopupName, string> = { login: AUTH_MODAL.login, register: AUTH_MODAL.register, help: HELP_MODAL, resetPassword: AUTH_MODAL.resetPassword };

/**
 * Home lobby, also behind /login, /register and /help: those open their popup over the lobby, and
 * the address returns to / once the popup is closed (spec §2 "/login … redirects to /").
 */
export const HomeScreen = ({ popup }: { popup?: PopupName }) => {
  const { isLogin } = useLoginState();
  const config = useSiteConfigValue();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const topic = params.get('topic') ?? undefined;

  useEffect(() => {
    if (!popup) return;
    // A signed-in member has nothing to do on /login or /register (a reset link still works: it may be another account's).
    if ((popup === 'login' || popup === 'register') && getLoginState().isLogin) {
      navigate('/', { replace: true });
      return;
    }
    if (popup === 'login') openLogin();
    else if (popup === 'register') openRegister();
    else if (popup === 'resetPassword') openModal(AUTH_MODAL.resetPassword, { token: resetTokenFromSearch(window.location.search) });
    else openModal(HELP_MODAL, { topic });

    const name = MODAL_OF[popup];
    let wasOpen = isModalOpen(name);
    return subscribeModals(() => {
      const open = isModalOpen(name);
      if (wasOpen && !open) navigate('/', { replace: true });
      wasOpen = open;
    });
  }, [popup, topic, navigate]);

  return <LobbyPage isLoggedIn={isLogin} onLogin={openLogin} currencySymbol={currencySymbolOf(config)} banners={<HomeBanners />} notices={<NoticeMarquee />} />;
};
