import { useSyncExternalStore } from 'react';
import { MERCHANT_STORAGE_KEYS, TOKEN_STORAGE_KEY } from '@apsara/contracts';

/** Login state of spec §3 plus the after-login popup flag of spec §4 step 4. */
export type LoginState = {
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  firstTimeLogin: boolean;
  afterLoginModal: boolean;
  /**
   * A forced password change (spec §4 step 3) is pending, and why: the change-password popup must
   * stay up until it is done. False when none is pending.
   */
  passwordChangeRequired: false | PasswordChangeReason;
};

/**
 * Why a password change is forced: the flagged default password, an expired one (with forced change
 * on), or a temporary one customer service set.
 */
export type PasswordChangeReason = 'defaultPassword' | 'expired' | 'reset';

/** Flags survive a reload in sessionStorage, like the token, so a refresh keeps the member's role. */
const STATE_STORAGE_KEY = 'loginState';

/**
 * The back office's operator token (features/backoffice). It lives beside the member's but is not
 * the member's: a member signing out in the same tab must not sign the operator out too.
 */
export const OPS_TOKEN_STORAGE_KEY = 'opsToken';
const KEPT_ON_LOGOUT = [...MERCHANT_STORAGE_KEYS, OPS_TOKEN_STORAGE_KEY] as const;

const LOGGED_OUT: LoginState = {
  isLogin: false,
  isAgent: false,
  isTrial: false,
  firstTimeLogin: false,
  afterLoginModal: false,
  passwordChangeRequired: false,
};

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    // Storage access throws in some sandboxed iframes; the portal then works without persistence.
    return undefined;
  }
};

export const getToken = (): string | null => storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;

const readState = (): LoginState => {
  const s = storage();
  if (!s?.getItem(TOKEN_STORAGE_KEY)) return LOGGED_OUT;
  try {
    const saved = JSON.parse(s.getItem(STATE_STORAGE_KEY) ?? '{}') as Partial<LoginState>;
    return { ...LOGGED_OUT, ...saved, isLogin: true };
  } catch {
    return { ...LOGGED_OUT, isLogin: true };
  }
};

let state: LoginState = readState();
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((l) => l());

const persist = () => {
  const s = storage();
  if (!s || !state.isLogin) return;
  const { isLogin: _ignored, ...flags } = state;
  s.setItem(STATE_STORAGE_KEY, JSON.stringify(flags));
};

export const getLoginState = (): LoginState => state;

export const subscribeLoginState = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Spec §4 step 1: the token lives in session storage; holding one means logged in. */
export const setToken = (token: string) => {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
  state = { ...state, isLogin: true };
  persist();
  emit();
};

export const updateLoginState = (patch: Partial<Omit<LoginState, 'isLogin'>>) => {
  const next = { ...state, ...patch };
  const changed = (Object.keys(next) as (keyof LoginState)[]).some((k) => next[k] !== state[k]);
  if (!changed) return;
  state = next;
  persist();
  emit();
};

/**
 * Spec §4 Logout: clears session storage but keeps the merchant codes (and an operator's back-office
 * token, which is not the member's session), and resets the login and agent flags.
 */
export const clearSession = () => {
  const s = storage();
  if (s) {
    const kept = KEPT_ON_LOGOUT.map((k) => [k, s.getItem(k)] as const).filter(([, v]) => v !== null);
    s.clear();
    kept.forEach(([k, v]) => s.setItem(k, v as string));
  }
  state = LOGGED_OUT;
  emit();
};

/** Re-reads storage, e.g. after another tab or a test changed it. */
export const reloadSession = () => {
  state = readState();
  emit();
};

export const useLoginState = (): LoginState =>
  useSyncExternalStore(subscribeLoginState, getLoginState, getLoginState);
