import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@apsara/contracts';
import { MemoryStorage } from '../../../lib/memory-storage.test-helper';

const storage = new MemoryStorage();
vi.stubGlobal('sessionStorage', storage);

const ops = await import('./ops-session');
const { OPS_TOKEN_STORAGE_KEY } = await import('../../../lib/session');

describe('operator session', () => {
  beforeEach(() => {
    storage.clear();
    ops.reloadOpsSession();
  });

  it("keeps the operator's token under its own key, apart from the member's", () => {
    storage.setItem(TOKEN_STORAGE_KEY, 'member');
    ops.setOpsToken('operator');
    expect(storage.getItem(OPS_TOKEN_STORAGE_KEY)).toBe('operator');
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe('member');
    expect(ops.OPS_AUTH.token()).toBe('operator');
  });

  it('survives a reload of the page', () => {
    ops.setOpsToken('operator');
    ops.reloadOpsSession();
    expect(ops.getOpsToken()).toBe('operator');
  });

  it('forgets the token when the server says it is dead, and remembers why', () => {
    storage.setItem(TOKEN_STORAGE_KEY, 'member');
    ops.setOpsToken('operator');
    expect(ops.OPS_AUTH.expiredCode).toBe('OPERATOR_NOT_LOGGED_IN');
    ops.OPS_AUTH.onExpired();
    expect(ops.getOpsSession()).toEqual({ token: null, ended: 'expired' });
    expect(storage.getItem(OPS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBe('member');
  });

  it('starts afresh on the next sign-in', () => {
    ops.clearOpsToken('signedOut');
    ops.setOpsToken('again');
    expect(ops.getOpsSession()).toEqual({ token: 'again', ended: null });
  });
});
