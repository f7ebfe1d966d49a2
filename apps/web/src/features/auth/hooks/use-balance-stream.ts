import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberInfoValue } from '@apsara/contracts';
import { getToken, useLoginState } from '../../../lib/session';
import { MEMBER_INFO_KEY } from '../api/member';
import { parseSse } from '../logic/sse';
import { memberInfoChanged, sessionKey, staleAfter, staleOnReturn, startBalanceFeed, trailingThrottle, type BalanceEvent, type StreamReader } from '../logic/balance-feed';

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** After money moves, member info (its badges) is read again within this, once per burst of movements. */
const BADGE_REFRESH_MS = 3_000;
/**
 * GET /wps/v2/wallets/events (server-sent events, read with fetch so the token travels in the
 * Authorization header, never in a URL), reconnecting with a growing pause until aborted or the
 * session ends (401).
 */
const readStream =
  (token: string): StreamReader =>
  async (signal, onBalance) => {
    let attempt = 0;
    while (!signal.aborted) {
      try {
        const res = await fetch('/wps/v2/wallets/events', { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal });
        if (res.status === 401) return;
        if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
        attempt = 0;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseSse(buffer + decoder.decode(value, { stream: true }));
          buffer = parsed.rest;
          for (const e of parsed.events) {
            if (e.event !== 'balance') continue;
            // An event this page cannot take is reported and passed over: the stream itself is fine, and
            // reconnecting for it would only miss the events behind it.
            try {
              onBalance(JSON.parse(e.data) as BalanceEvent);
            } catch (err) {
              console.error('A balance event was not applied', err);
            }
          }
        }
      } catch {
        if (signal.aborted) return;
      }
      // The pause ends early on abort: a tab that stops must give the stream (its lock) up at once.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
        signal.addEventListener('abort', done);
      });
    }
  };

/**
 * Keeps the member's balance live: writes each new balance into the member-info cache, so the header
 * and every page showing it update at once, and marks the member's other money views stale (a
 * deposit's status, a withdrawal paid, a wallet list). The tabs of one session share one stream
 * (logic/balance-feed.ts); a page leaving for the back/forward cache gives its stream up and takes
 * its place again if it comes back. Stops on logout.
 */
export const useBalanceStream = () => {
  const queryClient = useQueryClient();
  const { isLogin } = useLoginState();

  useEffect(() => {
    if (!isLogin) return;
    const token = getToken();
    if (!token) return;
    const stale = (which: (part: string) => boolean) => void queryClient.invalidateQueries({ queryKey: ['member'], predicate: (q) => which(String(q.queryKey[1])) });
    // Member info's badges (missions reached, promotions claimable) follow the money: read once after a burst.
    const badges = trailingThrottle(() => void queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY, exact: true }), BADGE_REFRESH_MS);
    // The last event this tab acted on: the event a stream opens with repeats it when nothing moved.
    // A record change (a deposit rejected) keeps the balance but is news: it counts as different.
    let last: string | undefined;
    const onBalance = (event: BalanceEvent) => {
      const seen = `${event.balance}|${event.held}|${event.change ?? ''}`;
      if (seen === last) return;
      const first = last === undefined;
      // Remembered without the change once acted on: the next plain event with this balance (a
      // reconnect's opening one) is then nothing new.
      last = `${event.balance}|${event.held}|`;
      const shown = queryClient.getQueryData<MemberInfoValue>(MEMBER_INFO_KEY)?.balance;
      if (shown === undefined) {
        // Member info is not here yet (its first read may still be on the way, and older than this
        // event): read it again from now. Cancelling that first read instead would leave nothing.
        void queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY, exact: true });
      } else {
        // A read of member info still on the way is older than this event: it must not write over it.
        // Exact keys: nothing else is to be cancelled with it (the avatar's key once shared its prefix, and
        // cancelling the avatar's first read left it unread).
        const reading = queryClient.isFetching({ queryKey: MEMBER_INFO_KEY, exact: true }) > 0;
        void queryClient.cancelQueries({ queryKey: MEMBER_INFO_KEY, exact: true });
        queryClient.setQueryData<MemberInfoValue>(MEMBER_INFO_KEY, (old) => (old ? { ...old, balance: event.balance, held: event.held } : old));
        // That read was asked for something besides the balance (a rank reached, then its bonus paid a
        // moment later: the VIP flags): a new one, no older than this event, brings it.
        if (reading) void queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY, exact: true });
      }
      // Every other view of money (member-center lists, wallets, records: all keyed ['member', …]) is
      // stale now too, and only those on screen refetch; not for the stream's opening event when the
      // page already shows that balance (it has just read its views).
      if (!(first && shown === event.balance)) stale(staleAfter(event.change));
      // Money moved (an event with no record change, not a stream's opening one): the badges may have changed with it.
      if (!first && event.change === undefined) badges.call();
      // Member info carries more than the balance: a new message changes its unread count (the header's
      // and the menu's badge), a rank reached its VIP flags (the header's badge).
      if (memberInfoChanged(event.change)) void queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY, exact: true });
    };
    const start = () => startBalanceFeed(sessionKey(token), readStream(token), onBalance);
    let stop: (() => void) | undefined = start();
    const hide = () => {
      stop?.();
      stop = undefined;
    };
    const show = (e: PageTransitionEvent) => {
      if (!e.persisted || stop) return;
      // Back from the back/forward cache: nothing was heard while away.
      last = undefined;
      void queryClient.invalidateQueries({ queryKey: MEMBER_INFO_KEY, exact: true });
      stale(staleOnReturn);
      stop = start();
    };
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
      badges.cancel();
      hide();
    };
  }, [isLogin, queryClient]);
};
