import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/**
 * At the earliest of `deadlines` still ahead, the member's deposits are read again, so every view of
 * them re-renders and an order whose time ran out says so without a reload (the view shows an overdue
 * order as expired even before the server's job has recorded it).
 */
export const useDeadlineRefresh = (deadlines: readonly (string | null | undefined)[]) => {
  const queryClient = useQueryClient();
  const now = Date.now();
  const next = Math.min(...deadlines.map((d) => (d ? Date.parse(d) : Infinity)).filter((at) => at > now));
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    // setTimeout takes at most about 24.8 days; a later deadline is simply looked at again then.
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: MEMBER_KEYS.deposits }), Math.min(next - Date.now() + 250, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [next, queryClient]);
};
