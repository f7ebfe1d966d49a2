import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberInfoChanged, sessionKey, staleAfter, staleOnReturn, startBalanceFeed, trailingThrottle, type BalanceEvent, type FeedEnv, type StreamReader } from './balance-feed';

/** Web Locks as the browser grants them: exclusive, first come first served; `ifAvailable` answers null when held; an abort drops a waiter. */
const fakeLocks = () => {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const release = (name: string) => {
    held.delete(name);
    waiting.get(name)?.shift()?.();
  };
  const request = (async (name: string, options: LockOptions, callback: (lock: Lock | null) => Promise<unknown>) => {
    if (options.ifAvailable && held.has(name)) return callback(null);
    if (held.has(name)) {
      await new Promise<void>((resolve, reject) => {
        const queue = waiting.get(name) ?? [];
        queue.push(resolve);
        waiting.set(name, queue);
        options.signal?.addEventListener('abort', () => {
          waiting.set(name, (waiting.get(name) ?? []).filter((w) => w !== resolve));
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    }
    held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' } as Lock);
    } finally {
      release(name);
    }
  }) as LockManager['request'];
  return { request };
};

/** BroadcastChannel: a message reaches every other open channel of the same name, later. */
const fakeChannels = () => {
  const open = new Map<string, Set<{ onmessage: ((e: MessageEvent) => void) | null }>>();
  return (name: string) => {
    const self = {
      onmessage: null as ((e: MessageEvent) => void) | null,
      postMessage: (data: unknown) => {
        for (const other of open.get(name) ?? []) if (other !== self) queueMicrotask(() => other.onmessage?.({ data } as MessageEvent));
      },
      close: () => open.get(name)?.delete(self),
    };
    open.set(name, (open.get(name) ?? new Set()).add(self));
    return self;
  };
};

/**
 * The server's side of the stream, per session: each reader gets the balance as it stands when it
 * connects, then every change while it stays connected.
 */
const fakeServer = () => {
  let current = { balance: '0.00', held: '0.00' };
  const readers: { tab: string; send: (e: BalanceEvent) => void; aborted: () => boolean }[] = [];
  const reader =
    (tab: string): StreamReader =>
    (signal, onBalance) =>
      new Promise<void>((resolve) => {
        readers.push({ tab, send: onBalance, aborted: () => signal.aborted });
        onBalance(current);
        signal.addEventListener('abort', () => resolve());
      });
  const live = () => readers.filter((r) => !r.aborted());
  return {
    reader,
    readers,
    live,
    /** Money moves: the stream tells whoever reads it now. */
    set: (balance: string, held = '0.00') => {
      current = { balance, held };
      for (const r of live()) r.send(current);
    },
  };
};

const tick = () => new Promise((r) => setTimeout(r, 0));

/** What one tab heard: the balances, in order. */
const tab = () => {
  const heard: string[] = [];
  return { heard, onBalance: (e: BalanceEvent) => heard.push(e.balance) };
};

describe('startBalanceFeed', () => {
  it('reads one stream for all tabs of a session and forwards each balance to the others', async () => {
    const env: FeedEnv = { locks: fakeLocks(), channel: fakeChannels() };
    const server = fakeServer();
    const [a, b, c] = [tab(), tab(), tab()];
    startBalanceFeed('k1', server.reader('a'), a.onBalance, env);
    startBalanceFeed('k1', server.reader('b'), b.onBalance, env);
    startBalanceFeed('k1', server.reader('c'), c.onBalance, env);
    await tick();
    expect(server.live().map((r) => r.tab)).toEqual(['a']);
    server.set('10.00');
    await tick();
    expect([a.heard, b.heard, c.heard]).toEqual([['0.00', '10.00'], ['10.00'], ['10.00']]);
  });

  it('forwards a record change with its balance, so other tabs refresh their lists too', async () => {
    const env: FeedEnv = { locks: fakeLocks(), channel: fakeChannels() };
    const server = fakeServer();
    const heard: BalanceEvent[][] = [[], []];
    startBalanceFeed('k1', server.reader('a'), (e) => heard[0].push(e), env);
    startBalanceFeed('k1', server.reader('b'), (e) => heard[1].push(e), env);
    await tick();
    server.readers[0].send({ balance: '0.00', held: '0.00', change: 'deposit:7:rejected' });
    await tick();
    expect(heard[1]).toEqual([{ balance: '0.00', held: '0.00', change: 'deposit:7:rejected' }]);
  });

  it('hands the stream to a waiting tab when the reader stops; a change made in between reaches every tab left', async () => {
    const env: FeedEnv = { locks: fakeLocks(), channel: fakeChannels() };
    const server = fakeServer();
    const [a, b, c] = [tab(), tab(), tab()];
    const stopA = startBalanceFeed('k1', server.reader('a'), a.onBalance, env);
    startBalanceFeed('k1', server.reader('b'), b.onBalance, env);
    startBalanceFeed('k1', server.reader('c'), c.onBalance, env);
    await tick();
    stopA();
    // Nobody reads the stream while the lock changes hands.
    server.set('7.50');
    await tick();
    expect(server.live().map((r) => r.tab)).toEqual(['b']);
    expect(b.heard.at(-1)).toBe('7.50');
    expect(c.heard.at(-1)).toBe('7.50');
    expect(a.heard).toEqual(['0.00']);
  });

  it('keeps sessions apart: another token has its own stream and its own messages', async () => {
    const env: FeedEnv = { locks: fakeLocks(), channel: fakeChannels() };
    const [one, two] = [fakeServer(), fakeServer()];
    const [a, b] = [tab(), tab()];
    startBalanceFeed(sessionKey('token-of-member-one'), one.reader('a'), a.onBalance, env);
    startBalanceFeed(sessionKey('token-of-member-two'), two.reader('b'), b.onBalance, env);
    await tick();
    expect([one.live().length, two.live().length]).toEqual([1, 1]);
    one.set('1.00');
    await tick();
    expect(a.heard).toEqual(['0.00', '1.00']);
    expect(b.heard).toEqual(['0.00']);
  });

  it('without Web Locks every tab reads its own stream', async () => {
    const server = fakeServer();
    const [a, b] = [tab(), tab()];
    const stopA = startBalanceFeed('k1', server.reader('a'), a.onBalance, {});
    startBalanceFeed('k1', server.reader('b'), b.onBalance, {});
    await tick();
    expect(server.live().map((r) => r.tab)).toEqual(['a', 'b']);
    stopA();
    expect(server.live().map((r) => r.tab)).toEqual(['b']);
  });

  it('a tab stopped while waiting for the stream never reads it', async () => {
    const env: FeedEnv = { locks: fakeLocks(), channel: fakeChannels() };
    const server = fakeServer();
    const [a, b] = [tab(), tab()];
    const stopA = startBalanceFeed('k1', server.reader('a'), a.onBalance, env);
    const stopB = startBalanceFeed('k1', server.reader('b'), b.onBalance, env);
    await tick();
    stopB();
    stopA();
    await tick();
    expect(server.live()).toEqual([]);
    expect(server.readers.map((r) => r.tab)).toEqual(['a']);
  });

  it('ignores messages on the channel that are not balance events', async () => {
    const channels = fakeChannels();
    const env: FeedEnv = { locks: fakeLocks(), channel: channels };
    const server = fakeServer();
    const [a, b] = [tab(), tab()];
    startBalanceFeed('k1', server.reader('a'), a.onBalance, env);
    startBalanceFeed('k1', server.reader('b'), b.onBalance, env);
    channels('apsara-balance:k1').postMessage({ balance: 5 });
    channels('apsara-balance:k1').postMessage('9.99');
    await tick();
    expect(b.heard).toEqual([]);
  });
});

describe('sessionKey', () => {
  it('is stable for a token and differs between tokens', () => {
    expect(sessionKey('abc')).toBe(sessionKey('abc'));
    expect(sessionKey('abc')).not.toBe(sessionKey('abd'));
  });
});

describe('memberInfoChanged', () => {
  it('reads member info again for a message or a VIP rank reached, not for a plain movement or a deposit record', () => {
    expect(memberInfoChanged('message:12')).toBe(true);
    expect(memberInfoChanged('vip')).toBe(true);
    expect(memberInfoChanged(undefined)).toBe(false);
    expect(memberInfoChanged('deposit:12:rejected')).toBe(false);
    expect(memberInfoChanged('vipish')).toBe(false);
  });
});

describe('trailingThrottle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once after a burst, no later than the wait after its first call, and again for a later burst', () => {
    vi.useFakeTimers();
    let runs = 0;
    const t = trailingThrottle(() => runs++, 3000);
    t.call();
    vi.advanceTimersByTime(1000);
    t.call();
    t.call();
    expect(runs).toBe(0);
    vi.advanceTimersByTime(2000);
    expect(runs).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(runs).toBe(1);
    t.call();
    vi.advanceTimersByTime(3000);
    expect(runs).toBe(2);
  });

  it('runs nothing once cancelled', () => {
    vi.useFakeTimers();
    let runs = 0;
    const t = trailingThrottle(() => runs++, 3000);
    t.call();
    t.cancel();
    vi.advanceTimersByTime(5000);
    expect(runs).toBe(0);
    t.call();
    vi.advanceTimersByTime(3000);
    expect(runs).toBe(1);
  });
});

describe('staleAfter', () => {
  const parts = ['funds', 'records', 'deposits', 'messages', 'chat', 'info', 'icon', 'security', 'wallet-sync', 'contracts'];
  const stale = (change: string | undefined) => parts.filter(staleAfter(change));

  it('marks the money views stale when money moves or a record changes, never the chat or the contracts waiting', () => {
    const money = ['funds', 'records', 'deposits', 'messages'];
    expect(stale(undefined)).toEqual(money);
    expect(stale('deposit:12:rejected')).toEqual(money);
    expect(stale('message:7')).toEqual(money);
  });

  it('marks only the conversation stale for a chat line or close', () => {
    expect(stale('chat:3:41')).toEqual(['chat']);
    expect(stale('chat:3:closed')).toEqual(['chat']);
  });

  it('reads the chat again with the money views on a return from the back/forward cache', () => {
    expect(parts.filter(staleOnReturn)).toEqual(['funds', 'records', 'deposits', 'messages', 'chat']);
  });
});
