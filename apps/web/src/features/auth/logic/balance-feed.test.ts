import { describe, expect, it } from 'vitest';
import { sessionKey, startBalanceFeed, type FeedEnv, type StreamReader } from './balance-feed';

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

/** A stream under test control: each tab's reader connects, receives balances, and ends when aborted. */
const fakeStreams = () => {
  const readers: { tab: string; push: (balance: string) => void; reconnect: () => void; aborted: () => boolean }[] = [];
  const reader =
    (tab: string): StreamReader =>
    (signal, { onOpen, onBalance }) =>
      new Promise<void>((resolve) => {
        onOpen();
        readers.push({ tab, push: onBalance, reconnect: onOpen, aborted: () => signal.aborted });
        signal.addEventListener('abort', () => resolve());
      });
  return { reader, readers, live: () => readers.filter((r) => !r.aborted()) };
};

const tick = () => new Promise((r) => setTimeout(r, 0));

const tab = () => {
  const balances: string[] = [];
  let resyncs = 0;
  return { balances, resyncs: () => resyncs, handlers: { onBalance: (b: string) => balances.push(b), onResync: () => resyncs++ } };
};

describe('startBalanceFeed', () => {
  it('reads one stream for all tabs of a session and forwards each balance to the others', async () => {
    const env: FeedEnv = { locks: fakeLocks(), channel: fakeChannels() };
    const streams = fakeStreams();
    const [a, b, c] = [tab(), tab(), tab()];
    startBalanceFeed('k1', streams.reader('a'), a.handlers, env);
    startBalanceFeed('k1', streams.reader('b'), b.handlers, env);
    startBalanceFeed('k1', streams.reader('c'), c.handlers, env);
    await tick();
    expect(streams.live().map((r) => r.tab)).toEqual(['a']);
    streams.live()[0].push('10.00');
    await tick();
    expect([a.balances, b.balances, c.balances]).toEqual([['10.00'], ['10.00'], ['10.00']]);
    // Neither the first connection nor the followers read the balance again.
    expect([a.resyncs(), b.resyncs(), c.resyncs()]).toEqual([0, 0, 0]);
  });

  it('hands the stream to a waiting tab when the reader stops, which then reads the balance again', async () => {
    const env: FeedEnv = { locks: fakeLocks(), channel: fakeChannels() };
    const streams = fakeStreams();
    const [a, b] = [tab(), tab()];
    const stopA = startBalanceFeed('k1', streams.reader('a'), a.handlers, env);
    startBalanceFeed('k1', streams.reader('b'), b.handlers, env);
    await tick();
    stopA();
    await tick();
    expect(streams.live().map((r) => r.tab)).toEqual(['b']);
    expect(b.resyncs()).toBe(1);
    streams.live()[0].push('7.50');
    await tick();
    expect(b.balances).toEqual(['7.50']);
    expect(a.balances).toEqual([]);
  });

  it('reads the balance again after a reconnect, not after the first connection', async () => {
    const streams = fakeStreams();
    const a = tab();
    startBalanceFeed('k1', streams.reader('a'), a.handlers, { locks: fakeLocks(), channel: fakeChannels() });
    await tick();
    expect(a.resyncs()).toBe(0);
    streams.live()[0].reconnect();
    expect(a.resyncs()).toBe(1);
  });

  it('keeps sessions apart: another token has its own stream and its own messages', async () => {
    const env: FeedEnv = { locks: fakeLocks(), channel: fakeChannels() };
    const streams = fakeStreams();
    const [a, b] = [tab(), tab()];
    startBalanceFeed(sessionKey('token-of-member-one'), streams.reader('a'), a.handlers, env);
    startBalanceFeed(sessionKey('token-of-member-two'), streams.reader('b'), b.handlers, env);
    await tick();
    expect(streams.live().map((r) => r.tab)).toEqual(['a', 'b']);
    streams.live()[0].push('1.00');
    await tick();
    expect(a.balances).toEqual(['1.00']);
    expect(b.balances).toEqual([]);
  });

  it('without Web Locks every tab reads its own stream', async () => {
    const streams = fakeStreams();
    const [a, b] = [tab(), tab()];
    const stopA = startBalanceFeed('k1', streams.reader('a'), a.handlers, {});
    startBalanceFeed('k1', streams.reader('b'), b.handlers, {});
    await tick();
    expect(streams.live().map((r) => r.tab)).toEqual(['a', 'b']);
    stopA();
    expect(streams.live().map((r) => r.tab)).toEqual(['b']);
  });

  it('a tab stopped while waiting for the stream never reads it', async () => {
    const env: FeedEnv = { locks: fakeLocks(), channel: fakeChannels() };
    const streams = fakeStreams();
    const [a, b] = [tab(), tab()];
    const stopA = startBalanceFeed('k1', streams.reader('a'), a.handlers, env);
    const stopB = startBalanceFeed('k1', streams.reader('b'), b.handlers, env);
    await tick();
    stopB();
    stopA();
    await tick();
    expect(streams.live()).toEqual([]);
    expect(streams.readers.map((r) => r.tab)).toEqual(['a']);
  });
});

describe('sessionKey', () => {
  it('is stable for a token and differs between tokens', () => {
    expect(sessionKey('abc')).toBe(sessionKey('abc'));
    expect(sessionKey('abc')).not.toBe(sessionKey('abd'));
  });
});
