import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { pageFromSearch, tabFromSearch, type Queue, type QueueTab } from '../../logic/queues';

/**
 * A queue's tab and page live in the address (?status=&page=), so a dashboard card can open a queue
 * on its tab, and a reload or a shared link shows the same list. Changing the tab goes back to page 1.
 */
export const useQueueSearch = <Q extends Queue>(queue: Q) => {
  const [params, setParams] = useSearchParams();
  const tab = tabFromSearch(queue, params.get('status'));
  const page = pageFromSearch(params.get('page'));
  const set = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    tab,
    page,
    params,
    set,
    setTab: (next: QueueTab<Q>) => set({ status: next, page: null }),
    setPage: (next: number) => set({ page: next > 1 ? String(next) : null }),
  };
};
