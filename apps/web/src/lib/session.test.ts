import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MERCHANT_STORAGE_KEYS, TOKEN_STORAGE_KEY } from '@apsara/contracts';
import { MemoryStorage } from './memory-storage.test-helper';

const storage = new MemoryStorage();
vi.stubGlobal('sessionStorage', storage);

const session = await import('./session');

describe('session', () => {
  beforeEach(() => {
    storage.clear();
    session.reloadSession();
  });

  it('is logged out without a token', () => {
    expect(session.getLoginState()).toMatchObject({ isLogin: false, isAgent: false, isTrial: false, firstTimeLogin: false });
    expect(session.getToken()).toBeNull();
  });

  it('stores the token in session storage under TOKEN_STORAGE_KEY and becomes logged in', () => {
    session.setToken('abc');
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(session.getLoginState().isLogin).toBe(true);
  });

  it('keeps role flags across a reload of the page', () => {
    session.setToken('abc');
    session.updateLoginState({ isAgent: true, firstTimeLogin: true });
    session.reloadSession();
    expect(session.getLoginState()).toMatchObject({ isLogin: true, isAgent: true, firstTimeLogin: true, isTrial: false });
  });

  it('clearSession empties session storage but keeps the merchant codes', () => {
    storage.setItem('merchantCode', 'APSARA');
    storage.setItem('merchantId', '7');
    storage.setItem('registerSetting', '{}');
    session.setToken('abc');
    session.updateLoginState({ isAgent: true, isTrial: true });

    session.clearSession();

    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(storage.getItem('registerSetting')).toBeNull();
    expect(storage.getItem('loginState')).toBeNull();
    for (const key of MERCHANT_STORAGE_KEYS) expect(storage.getItem(key)).not.toBeNull();
    expect(storage.getItem('merchantCode')).toBe('APSARA');
    expect(session.getLoginState()).toMatchObject({ isLogin: false, isAgent: false, isTrial: false, afterLoginModal: false });
  });

  it("clearSession leaves an operator's back-office token alone", () => {
    storage.setItem(session.OPS_TOKEN_STORAGE_KEY, 'ops-token');
    session.setToken('abc');
    session.clearSession();
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(storage.getItem(session.OPS_TOKEN_STORAGE_KEY)).toBe('ops-token');
  });

  it('clearSession does not invent merchant keys that were never stored', () => {
    session.setToken('abc');
    session.clearSession();
    expect(storage.length).toBe(0);
  });

  it('notifies subscribers on changes and not on no-op updates', () => {
    const listener = vi.fn();
    const unsubscribe = session.subscribeLoginState(listener);
    session.setToken('abc');
    session.updateLoginState({ isAgent: false });
    session.updateLoginState({ isAgent: true });
    session.clearSession();
    unsubscribe();
    session.setToken('def');
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
