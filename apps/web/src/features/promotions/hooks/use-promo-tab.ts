import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { tabOf, type PromoTab } from '../logic/tabs';

/**
 * The open tab lives in the address (`?tab=daily`), so every tab can be linked to and a reload keeps
 * it; so does the promotion whose rules are open (`&promo=12`). Replaces the history entry: tabs are
 * one page, not a trail to go back through.
 */
export const usePromoTab = () => {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const promo = params.get('promo') ?? undefined;
  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          for (const [k, v] of Object.entries(patch)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  // Another tab starts without the records' filter of the one before, and closes an open rules popup.
  const open = useCallback((next: PromoTab) => update({ tab: next === 'all' ? null : next, status: null, promo: null }), [update]);
  const showPromo = useCallback((id: string | null) => update({ promo: id }), [update]);
  return { tab, open, promo, showPromo, params, update };
};
