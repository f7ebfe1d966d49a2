import { useSyncExternalStore } from 'react';
import type { RequestAuth } from '../../../lib/api';
import { OPS_TOKEN_STORAGE_KEY } from '../../../lib/session';

/**
 * The operator's session in this tab: its own token under its own sessionStorage key, never the
 * member's. Why it ended (signed out, or the server refused the token) is kept in memory so the
 * sign-in page can say so.
 */
export type OpsSessionEnd = 'signedOut' | 'expired' | null;
type State = { token: string | null; ended: OpsSessionEnd };

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

const read = (): State => ({ token: storage()?.getItem(OPS_TOKEN_STORAGE_KEY) ?? null, ended: null });

let state: State = read();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const getOpsToken = () => state.token;
export const getOpsSession = (): State => state;

export const setOpsToken = (token: string) => {
  storage()?.setItem(OPS_TOKEN_STORAGE_KEY, token);
  state = { token, ended: null };
  emit();
};

export const clearOpsToken = (ended: Exclude<OpsSessionEnd, null>) => {
  storage()?.removeItem(OPS_TOKEN_STORAGE_KEY);
  if (state.token === null && state.ended === ended) return;
  state = { token: null, ended };
  emit();
};

/** Re-reads storage (tests, another script changed it). */
export const reloadOpsSession = () => {
  state = read();
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useOpsSession = () => useSyncExternalStore(subscribe, getOpsSession, getOpsSession);

/** What lib/api sends for operator calls: this token, and the server's word for a dead one. */
export const OPS_AUTH: RequestAuth = {
  token: getOpsToken,
  expiredCode: 'OPERATOR_NOT_LOGGED_IN',
  onExpired: () => clearOpsToken('expired'),
};
