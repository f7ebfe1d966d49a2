import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberInfoValue } from '@apsara/contracts';
import { getToken, useLoginState } from '../../../lib/session';
import { MEMBER_INFO_KEY } from '../api/member';
import { parseSse } from '../logic/sse';

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** Member queries a balance change does not touch: member info is written directly, the rest hold no money. */
const STEADY = new Set(['info', 'security']);

/**
 * Keeps the member's balance live: listens to GET /wps/v2/wallets/events (server-sent events, read
 * with fetch so the token travels in the Authorization header, never in a URL) and writes each new
 * balance into the member-info cache, so the header and every page showing it update at once, and
 * marks the member's other money views stale (a deposit's status, a withdrawal paid, a wallet list).
 * Reconnects with a growing pause; stops on logout.
 */
export const useBalanceStream = () => {
  const queryClient = useQueryClient();
  const { isLogin } = useLoginState();

  useEffect(() => {
    if (!isLogin) return;
    const abort = new AbortController();
    let attempt = 0;

    const run = async () => {
      while (!abort.signal.aborted) {
        const token = getToken();
        if (!token) return;
        try {
          const res = await fetch('/wps/v2/wallets/events', { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' }, signal: abort.signal });
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
              const { balance } = JSON.parse(e.data) as { balance: string };
              queryClient.setQueryData<MemberInfoValue>(MEMBER_INFO_KEY, (old) => (old ? { ...old, balance } : old));
              // Every other view of money (member-center lists, wallets, records: all keyed ['member', …])
              // is stale now too; only those on screen refetch.
              void queryClient.invalidateQueries({ queryKey: ['member'], predicate: (q) => !STEADY.has(String(q.queryKey[1])) });
            }
          }
        } catch {
          if (abort.signal.aborted) return;
        }
        await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]));
      }
    };
    void run();
    return () => abort.abort();
  }, [isLogin, queryClient]);
};
