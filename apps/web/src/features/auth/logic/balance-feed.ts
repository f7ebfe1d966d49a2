/**
 * One balance stream per signed-in session for the whole browser, however many tabs show it.
 *
 * A stream is a long-lived HTTP request, and a browser opens at most six HTTP/1.1 connections to a
 * site: one stream per tab (or per page kept in the back/forward cache) would leave the site unable to
 * load anything once six are open. So the tabs of one session elect a reader: the tab holding the Web
 * Lock `apsara-balance:<key>` reads the stream and forwards every balance to the other tabs over a
 * BroadcastChannel of the same name; when it closes, navigates away or is hidden in the back/forward
 * cache, its lock is released and a waiting tab takes the stream over. Without Web Locks or
 * BroadcastChannel (old browsers), every tab reads its own stream.
 */

/** Reads the stream until `signal` aborts (or the session ends): calls `onOpen` each time it connects and `onBalance` per event. */
export type StreamReader = (signal: AbortSignal, handlers: { onOpen: () => void; onBalance: (balance: string) => void }) => Promise<void>;

export type FeedEnv = {
  locks?: Pick<LockManager, 'request'>;
  channel?: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((e: MessageEvent) => void) | null };
};

export type FeedHandlers = {
  /** A new balance, from this tab's stream or another tab's. */
  onBalance: (balance: string) => void;
  /** Events may have been missed (a reconnect, or this tab took the stream over): read the balance again. */
  onResync: () => void;
};

/** A short, stable name for a session; not a secret (same-origin scripts can read the token anyway). */
export const sessionKey = (token: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
};

type Message = { balance: string };

/** Starts following the balance; the returned function stops it (and gives the stream up to another tab). */
export const startBalanceFeed = (key: string, read: StreamReader, handlers: FeedHandlers, env: FeedEnv = defaultEnv()): (() => void) => {
  const stop = new AbortController();
  let opened = false;
  const readHere = () =>
    read(stop.signal, {
      onOpen: () => {
        // The first connection of this tab follows the page's own fresh read; any later one may have missed events.
        if (opened) handlers.onResync();
        opened = true;
      },
      onBalance: (balance) => {
        handlers.onBalance(balance);
        try {
          channel?.postMessage({ balance } satisfies Message);
        } catch {
          // The channel is closed: this tab is stopping.
        }
      },
    });

  const channel = env.locks ? env.channel?.(`apsara-balance:${key}`) : undefined;
  if (!env.locks || !channel) {
    void readHere();
    return () => stop.abort();
  }
  channel.onmessage = (e: MessageEvent) => {
    const data = e.data as Partial<Message> | null;
    if (data && typeof data.balance === 'string') handlers.onBalance(data.balance);
  };
  const name = `apsara-balance:${key}`;
  const locks = env.locks;
  // The stream is read while the lock is held; stopping ends the read, which lets the lock go.
  locks
    .request(name, { ifAvailable: true }, async (lock) => {
      if (lock) return readHere();
      // Another tab reads the stream: wait for our turn (an abort while waiting gives up the place).
      return locks.request(name, { signal: stop.signal }, () => {
        // It forwarded what came while it read, not what came as it left: read the balance again once connected.
        opened = true;
        return readHere();
      });
    })
    .catch(() => {
      // Aborted while waiting for the lock.
    });
  return () => {
    stop.abort();
    channel.onmessage = null;
    channel.close();
  };
};

const defaultEnv = (): FeedEnv => ({
  locks: typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined,
  channel: typeof BroadcastChannel === 'undefined' ? undefined : (name) => new BroadcastChannel(name),
});
