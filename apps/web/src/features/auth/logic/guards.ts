import { openModal } from '../../../components/ui/modal';
import { getLoginState } from '../../../lib/session';

/** Names of the popups this feature mounts in <AuthModals/>. Other code opens them by name. */
export const AUTH_MODAL = {
  login: 'login',
  register: 'register',
  changePassword: 'changePassword',
  forgotPassword: 'forgotPassword',
  resetPassword: 'resetPassword',
  logoutConfirm: 'logoutConfirm',
  message: 'authMessage',
  trial: 'trialNotice',
  registerBonus: 'registerBonus',
} as const;

export type MessageTone = 'info' | 'warning' | 'success' | 'error';
export type MessageDialogProps = {
  tone: MessageTone;
  /** Already translated text (server messages arrive translated). */
  message?: string;
  /** Or the key of a text, translated at each render so it follows a language switch. */
  messageKey?: string;
  /**
   * A failed call whose answer is the message, put in the language on screen at each render
   * (lib/use-error-text); `messageKey` or `message` when the call gave none.
   */
  error?: unknown;
  title?: string;
  /** Runs after the person presses the confirm button. */
  onConfirm?: () => void;
};

export const openLogin = () => openModal(AUTH_MODAL.login);
export const openRegister = () => openModal(AUTH_MODAL.register);
export const showMessage = (props: MessageDialogProps) => openModal(AUTH_MODAL.message, props);

/**
 * Spec §5 "Action guards": visitors get the login popup, trial accounts get the
 * 'in_need_true_account' notice; everyone else runs the action. Returns whether it ran.
 */
export const requireLogin = (action?: () => void): boolean => {
  const { isLogin, isTrial } = getLoginState();
  if (!isLogin) {
    openLogin();
    return false;
  }
  if (isTrial) {
    openModal(AUTH_MODAL.trial);
    return false;
  }
  action?.();
  return true;
};
