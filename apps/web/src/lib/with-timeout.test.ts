import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SectionLoadError, withTimeout } from './with-timeout';

describe('withTimeout (lazy section loads)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the module when it arrives in time', async () => {
    const load = withTimeout(() => Promise.resolve({ default: 'ok' }), 120_000);
    await expect(load).resolves.toEqual({ default: 'ok' });
  });

  it('fails with a timed-out SectionLoadError after the deadline', async () => {
    const load = withTimeout(() => new Promise(() => undefined), 120_000, 'Promotions');
    const outcome = expect(load).rejects.toMatchObject({ name: 'SectionLoadError', timedOut: true });
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('turns a failed import into a SectionLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await withTimeout(() => Promise.reject(cause), 120_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SectionLoadError);
    expect((error as SectionLoadError).timedOut).toBe(false);
    expect((error as SectionLoadError).cause).toBe(cause);
    expect(vi.getTimerCount()).toBe(0);
  });
});
