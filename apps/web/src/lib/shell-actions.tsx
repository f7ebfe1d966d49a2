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
};

const noop = () => undefined;

export const ShellActionsContext = createContext<ShellActions>({ openChangePassword: noop, logout: noop });

export const useShellActions = () => useContext(ShellActionsContext);
