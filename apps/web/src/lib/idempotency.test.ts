import { describe, expect, it, vi } from 'vitest';
import { IdempotencyKey } from '@apsara/contracts';
import { createKeyKeeper, fingerprintOf, isAmbiguousFailure, newIdempotencyKey, sendWithKey } from './idempotency';

describe('idempotency keys', () => {
  it('makes keys the contract accepts, different every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey('wd')));
    expect(keys.size).toBe(50);
    for (const k of keys) {
      expect(IdempotencyKey.safeParse(k).success, k).toBe(true);
      expect(k.startsWith('wd-')).toBe(true);
    }
  });

  it('fingerprints fields whatever their order', () => {
    expect(fingerprintOf({ a: 1, b: '2' })).toBe(fingerprintOf({ b: '2', a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });
});

describe('one key per submission, the same key for its retries', () => {
  const counter = () => {
    let n = 0;
    return () => `k-${(n += 1)}`;
  };

  it('reuses the key while the same fields are retried, and moves on after success', () => {
    const keeper = createKeyKeeper('x', counter());
    const fields = { from: 'MAIN', to: 'AG', amount: '10.00' };
    expect(keeper.keyFor(fields)).toBe('k-1');
    expect(keeper.keyFor({ ...fields })).toBe('k-1');
    keeper.succeeded();
    // The same amount again after a success is a second transfer, not a retry.
    expect(keeper.keyFor(fields)).toBe('k-2');
  });

  it('gives changed fields a new key (the server would call the old one a conflict)', () => {
    const keeper = createKeyKeeper('x', counter());
    expect(keeper.keyFor({ amount: '10.00' })).toBe('k-1');
    expect(keeper.keyFor({ amount: '20.00' })).toBe('k-2');
    expect(keeper.keyFor({ amount: '10.00' })).toBe('k-3');
  });

  it('sendWithKey: a lost answer is retried with the same key; the next operation gets a fresh one', async () => {
    const keeper = createKeyKeeper('wd', counter());
    const sent: string[] = [];
    const call = vi.fn(async (key: string) => {
      sent.push(key);
      if (sent.length === 1) throw new TypeError('Failed to fetch');
      return { id: '7', replayed: sent.length === 2 };
    });
    const fields = { bankCardId: '3', amount: '200.00' };
    await expect(sendWithKey(keeper, fields, call)).rejects.toThrow('Failed to fetch');
    await expect(sendWithKey(keeper, fields, call)).resolves.toEqual({ id: '7', replayed: true });
    await sendWithKey(keeper, fields, call);
    expect(sent).toEqual(['k-1', 'k-1', 'k-2']);
  });

  it('sendWithKey: after a refusal that says nothing moved, the next attempt is a new request', async () => {
    for (const code of ['VENDOR_UNAVAILABLE', 'VENDOR_TRANSFER_REFUSED', 'VENDOR_TRANSFER_FAILED', 'INSUFFICIENT_FUNDS', 'TRANSFER_PENDING', 'PAYMENT_PASSWORD_WRONG']) {
      const keeper = createKeyKeeper('wt', counter());
      const refuse = async () => {
        throw Object.assign(new Error('refused'), { code, status: code === 'VENDOR_UNAVAILABLE' ? 503 : 409 });
      };
      const fields = { from: 'MAIN', to: 'AG', amount: '12.34' };
      await expect(sendWithKey(keeper, fields, refuse)).rejects.toMatchObject({ code });
      // The same fields again: a fresh key, so the server does not replay the stored refusal.
      expect(await sendWithKey(keeper, fields, async (k) => k), code).toBe('k-2');
    }
  });

  it('sendWithKey: an ambiguous failure (no answer, unreadable answer, a 5xx hiding its details) keeps the key', async () => {
    for (const failure of [new TypeError('Failed to fetch'), { code: 'NETWORK_ERROR', status: 0 }, { code: 'BAD_RESPONSE', status: 502 }, { code: 'SYSTEM_ERROR', status: 500 }]) {
      const keeper = createKeyKeeper('wt', counter());
      const fields = { from: 'MAIN', to: 'AG', amount: '12.34' };
      await expect(
        sendWithKey(keeper, fields, async () => {
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await sendWithKey(keeper, fields, async (k) => k), JSON.stringify(failure)).toBe('k-1');
    }
    expect(isAmbiguousFailure({ code: 'VENDOR_UNAVAILABLE' })).toBe(false);
    expect(isAmbiguousFailure(undefined)).toBe(true);
  });
});
