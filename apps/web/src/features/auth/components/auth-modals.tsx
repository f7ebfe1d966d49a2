import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { isModalOpen, openModal } from '../../../components/ui/modal';
import { useLoginState } from '../../../lib/session';
import { AUTH_MODAL } from '../logic/guards';
import { ChangePasswordModal } from './change-password-modal';
import { LogoutConfirmDialog, MessageDialog, RegisterBonusDialog, TrialDialog } from './dialogs';
import { ForgotPasswordModal } from './forgot-password-modal';
import { LoginModal } from './login-modal';
import { RegisterModal } from './register-modal';
import { ResetPasswordModal } from './reset-password-modal';
import '../auth.css';
import { forgetMemberData } from '../../../lib/member-data';

export type AuthModalsProps = {
  /** What the site shows above the login and register forms (its banners), passed in by the app shell. */
  banners?: { login?: ReactNode; register?: ReactNode };
};

/**
 * Mounts every popup of the auth feature once, near the app root (inside the router and the query
 * client). Each renders nothing until opened by name.
 */
export const AuthModals = ({ banners }: AuthModalsProps = {}) => {
  const { isLogin, passwordChangeRequired } = useLoginState();
  const queryClient = useQueryClient();

  // A reload during a forced password change brings the popup straight back.
  useEffect(() => {
    if (isLogin && passwordChangeRequired && !isModalOpen(AUTH_MODAL.changePassword)) {
      openModal(AUTH_MODAL.changePassword, { forced: true, reason: passwordChangeRequired });
    }
  }, [isLogin, passwordChangeRequired]);

  // When the session ends (logout, or the server said NOT_LOGGED_IN) the member's data goes too.
  useEffect(() => {
    if (!isLogin) forgetMemberData(queryClient);
  }, [isLogin, queryClient]);

  return (
    <>
      <LoginModal banner={banners?.login} />
      <RegisterModal banner={banners?.register} />
      <ForgotPasswordModal />
      <ResetPasswordModal />
      <ChangePasswordModal />
      <LogoutConfirmDialog />
      <TrialDialog />
      <RegisterBonusDialog />
      <MessageDialog />
    </>
  );
};
