import { useMemo } from 'react';
import { openModal } from '../../../components/ui/modal';
import { useLoginState } from '../../../lib/session';
import { AUTH_MODAL, openLogin, openRegister, requireLogin } from '../logic/guards';

/** Login state plus the entry points other screens need (popups, guarded actions, logout). */
export const useAuth = () => {
  const state = useLoginState();
  return useMemo(
    () => ({
      ...state,
      openLogin,
      openRegister,
      openForgotPassword: () => openModal(AUTH_MODAL.forgotPassword),
      openChangePassword: () => openModal(AUTH_MODAL.changePassword),
      /** Asks 'in_sure_logout' first (spec §5), then logs out. */
      logout: () => openModal(AUTH_MODAL.logoutConfirm),
      requireLogin,
    }),
    [state],
  );
};
