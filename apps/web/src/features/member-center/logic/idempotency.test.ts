import { describe, expect, it, vi } from 'vitest';
import { IdempotencyKey } from '@apsara/contracts';
import { createKeyKeeper, fingerprintOf, newIdempotencyKey, sendWithKey } from './idempotency';

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

  it('sendWithKey: a refusal keeps the key for a corrected retry of the same fields only', async () => {
    const keeper = createKeyKeeper('mt', counter());
    const refuse = async () => {
      throw Object.assign(new Error('The payment password is wrong'), { code: 'PAYMENT_PASSWORD_WRONG' });
    };
    const fields = { toUsername: 'agent01', amount: '12.34' };
    await expect(sendWithKey(keeper, fields, refuse)).rejects.toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG' });
    expect(await sendWithKey(keeper, fields, async (k) => k)).toBe('k-1');
    expect(await sendWithKey(keeper, { ...fields, amount: '1.00' }, async (k) => k)).toBe('k-2');
  });
});
