/** Public surface of the auth feature: the shell imports only from here. */
export { HeaderAuthArea } from './components/header-auth-area';
export { BalanceStream } from './components/balance-stream';
export { AuthModals } from './components/auth-modals';
export { LoginForm } from './components/login-form';
export type { LoginFormProps } from './components/login-form';
export type { ChangePasswordModalProps } from './components/change-password-modal';
export { useAuth } from './hooks/use-auth';
export { useMemberInfo } from './hooks/use-member-info';
export { requireLogin, openLogin, openRegister, showMessage, AUTH_MODAL } from './logic/guards';
export type { MessageDialogProps, MessageTone } from './logic/guards';
export { resetTokenFromSearch } from './logic/reset-link';
export { decideAfterLogin } from './logic/decide-after-login';
export type { AfterLoginAction, AfterLoginContext, LoginType, LoginPortal } from './logic/decide-after-login';
