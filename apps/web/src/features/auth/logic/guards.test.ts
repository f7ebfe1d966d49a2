import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../lib/memory-storage.test-helper';

vi.stubGlobal('sessionStorage', new MemoryStorage());

const { closeAllModals, getOpenModals } = await import('../../../components/ui/modal/modal-store');
const session = await import('../../../lib/session');
const { AUTH_MODAL, requireLogin } = await import('./guards');

describe('requireLogin (spec §5 Action guards)', () => {
  beforeEach(() => {
    session.clearSession();
    closeAllModals();
  });

  it('opens the login popup for visitors and does not run the action', () => {
    const action = vi.fn();
    expect(requireLogin(action)).toBe(false);
    expect(action).not.toHaveBeenCalled();
    expect(getOpenModals().map((m) => m.name)).toEqual([AUTH_MODAL.login]);
  });

  it('shows the real-account notice to trial users', () => {
    session.setToken('t');
    session.updateLoginState({ isTrial: true });
    const action = vi.fn();
    expect(requireLogin(action)).toBe(false);
    expect(action).not.toHaveBeenCalled();
    expect(getOpenModals().map((m) => m.name)).toEqual([AUTH_MODAL.trial]);
  });

  it('runs the action for members', () => {
    session.setToken('t');
    const action = vi.fn();
    expect(requireLogin(action)).toBe(true);
    expect(action).toHaveBeenCalledOnce();
    expect(getOpenModals()).toEqual([]);
  });
});
