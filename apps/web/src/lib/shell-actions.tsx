import { createContext, useContext } from 'react';

/**
 * Popups and flows that belong to one feature but are started from another (features never import
 * each other): the app shell wires them to the owning feature and hands them down through context.
 */
export type ShellActions = {
  /** The change-password popup (auth feature). */
  openChangePassword: () => void;
  /** Sign-out, asking 'in_sure_logout' first (auth feature). */
  logout: () => void;
  /**
   * Spec §5 action guards: visitors get the login popup, trial accounts the 'in_need_true_account'
   * notice; otherwise the action runs. Returns whether it ran.
   */
  guard: (action?: () => void) => boolean;
  /** The register popup (auth feature), for a visitor's "open an account" call to action. */
  openRegister: () => void;
  /** The trial notice alone, for a server answer of TRIAL_NEED_REAL_ACCOUNT. */
  showTrialNotice: () => void;
  /** The one-button message dialog (already translated text). */
  showMessage: (message: string, tone?: 'info' | 'warning' | 'success' | 'error') => void;
  /**
   * The same dialog with a failed call's answer, worded at each render so it follows a language
   * switch; the text of `fallbackKey` ("ns:key") when the failure is not the server's.
   */
  showError: (error: unknown, fallbackKey: string, tone?: 'info' | 'warning' | 'success' | 'error') => void;
  /** The feedback and complaints popup (feedback feature). */
  openFeedback: () => void;
  /** The announcement popup (announcements feature), on the notice `id` when given. */
  openAnnouncements: (id?: string) => void;
  /**
   * The customer service chat panel (chat feature); absent where there is none: the site's chat is
   * off, or the page is not in the player layout (agent center, back office).
   */
  openChat?: () => void;
};

const noop = () => undefined;

export const ShellActionsContext = createContext<ShellActions>({
  openChangePassword: noop,
  logout: noop,
  guard: () => false,
  openRegister: noop,
  showTrialNotice: noop,
  showMessage: noop,
  showError: noop,
  openFeedback: noop,
  openAnnouncements: noop,
});

export const useShellActions = () => useContext(ShellActionsContext);
