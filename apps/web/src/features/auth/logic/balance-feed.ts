/**
 * One balance stream per signed-in session for the whole browser, however many tabs show it.
 *
 * A stream is a long-lived HTTP request, and a browser opens at most six HTTP/1.1 connections to a
 * site: one stream per tab (or per page kept in the back/forward cache) would leave the site unable to
 * load anything once six are open. So the tabs of one session elect a reader: the tab holding the Web
 * Lock `apsara-balance:<key>` reads the stream and forwards every balance to the other tabs over a
 * BroadcastChannel of the same name; when it closes, navigates away or is hidden in the back/forward
 * cache, its lock is released and a waiting tab takes the stream over. Without Web Locks or
 * BroadcastChannel every tab reads its own stream: old browsers, and pages served over plain http from
 * another host than localhost (Web Locks need a secure context). Behind an HTTPS proxy that speaks
 * HTTP/2 to browsers, as a deployment has, streams share one connection and that limit does not apply.
 */

/**
 * The main wallet as the stream tells it: when it opens (so a reader that takes over or reconnects
 * catches up), after each movement, and when a deposit or withdrawal changed without moving money
 * (`change` names it, e.g. "deposit:12:rejected").
 */
export type BalanceEvent = { balance: string; held: string; change?: string };

/**
 * Whether an event's `change` touches member info beyond the balance: a message arrived (its unread
 * count) or a VIP rank was reached ("vip": its VIP flags), so member info is read again.
 */
export const memberInfoChanged = (change: string | undefined) => change !== undefined && (change.startsWith('message:') || change === 'vip');

/**
 * Member queries (['member', part, …]) that money moving does not touch: member info is written from
 * the event itself, the avatar and security settings hold no money, the wallet sync asks every game
 * provider (its wallets reach the page through 'funds', which a movement does mark stale), the
 * customer service chat changes only with its own events, and what contracts wait for an agent's
 * answer changes with contract actions (which read it again), not with money.
 */
const STEADY = new Set(['info', 'icon', 'security', 'wallet-sync', 'chat', 'contracts']);

/** Whether an event is the customer service chat's: a line or a close in a conversation ("chat:…"). */
const isChatChange = (change: string | undefined) => change !== undefined && change.startsWith('chat:');

/**
 * Which of the member's queries, by `part` of their key ['member', part, …], an event makes stale.
 * A chat line or close changes the conversation alone; any other event (money moved, a deposit or
 * withdrawal changed, a message arrived) changes the member's money views and lists, not the steady
 * ones above.
 */
export const staleAfter = (change: string | undefined) => (part: string) => (isChatChange(change) ? part === 'chat' : !STEADY.has(part));

/** What a page back from the back/forward cache reads again: everything of the member that may have changed, the chat too. */
export const staleOnReturn = (part: string) => part === 'chat' || !STEADY.has(part);

/**
 * Runs `fn` once, `ms` after the first of a burst of calls: every call is followed by a run no later
 * than `ms` after it, and runs are at least `ms` apart. Money moving changes member info's badges
 * too (a bet that completes a mission, a deposit that makes a promotion claimable), which the server
 * does not announce one by one; after a spin or a deposit member info is read once, not per event.
 */
export const trailingThrottle = (fn: () => void, ms: number) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = () => {
    if (timer !== undefined) return;
    // Called as a plain function: a browser's setTimeout throws when called as another object's method.
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
  };
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return { call, cancel };
};

/** Reads the stream until `signal` aborts (or the session ends), calling `onBalance` per event. */
export type StreamReader = (signal: AbortSignal, onBalance: (event: BalanceEvent) => void) => Promise<void>;

export type FeedEnv = {
  locks?: Pick<LockManager, 'request'>;
  channel?: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((e: MessageEvent) => void) | null };
};

/** A balance event, from this tab's stream or another tab's. */
export type OnBalance = (event: BalanceEvent) => void;

/** A short, stable name for a session; not a secret (same-origin scripts can read the token anyway). */
export const sessionKey = (token: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    h ^= token.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
};

const isEvent = (data: unknown): data is BalanceEvent =>
  typeof data === 'object' && data !== null && typeof (data as BalanceEvent).balance === 'string' && typeof (data as BalanceEvent).held === 'string';

/**
 * Starts following the balance; the returned function stops it (and gives the stream up to another
 * tab). The stream opens with the balance as it stands, and that event reaches every tab like any
 * other: after a takeover or a reconnect, nobody keeps a balance from before the gap.
 */
export const startBalanceFeed = (key: string, read: StreamReader, onBalance: OnBalance, env: FeedEnv = defaultEnv()): (() => void) => {
  const stop = new AbortController();
  const readHere = () =>
    read(stop.signal, (event) => {
      onBalance(event);
      try {
        channel?.postMessage({ balance: event.balance, held: event.held, ...(typeof event.change === 'string' ? { change: event.change } : {}) } satisfies BalanceEvent);
      } catch {
        // The channel is closed: this tab is stopping.
      }
    });

  const channel = env.locks ? env.channel?.(`apsara-balance:${key}`) : undefined;
  if (!env.locks || !channel) {
    void readHere();
    return () => stop.abort();
  }
  channel.onmessage = (e: MessageEvent) => {
    if (isEvent(e.data)) onBalance(e.data);
  };
  const name = `apsara-balance:${key}`;
  const locks = env.locks;
  // The stream is read while the lock is held; stopping ends the read, which lets the lock go.
  locks
    .request(name, { ifAvailable: true }, async (lock) => {
      if (lock) return readHere();
      // Another tab reads the stream: wait for our turn (an abort while waiting gives up the place).
      return locks.request(name, { signal: stop.signal }, readHere);
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
