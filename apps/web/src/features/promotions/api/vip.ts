import { useQuery } from '@tanstack/react-query';
import { VipValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { useLoginState } from '../../../lib/session';

/*
 * Query keys of the VIP ranks. The ranks are public; a member's copy also carries where they stand,
 * so it lives under 'member': logging out drops it, and the live balance stream marks it stale with
 * the member's other money views (a deposit credited, a bonus paid, a rank reached).
 */
export const VIP_KEYS = {
  visitor: ['vip'] as const,
  member: ['member', 'vip'] as const,
};

/**
 * While a member looks at their rank it is read again this often: bets and deposits are counted into
 * it by a job every 15 seconds, after the balance event of the bet itself, so no event says "counted".
 */
export const VIP_LIVE_MS = 20_000;

/**
 * GET /wps/vip — the site's ranks (none, and `enabled` false, on a site without them) and, with a
 * real member's token, where the member stands. `live` reads it again now and then while shown.
 */
export const useVipRanks = ({ enabled = true, live = false }: { enabled?: boolean; live?: boolean } = {}) => {
  const { isLogin, isTrial } = useLoginState();
  return useQuery({
    queryKey: isLogin ? VIP_KEYS.member : VIP_KEYS.visitor,
    queryFn: () => apiValue('/wps/vip', { value: VipValue }),
    // A visitor's copy is the ranks alone, site config that seldom changes (the side menu asks on every page).
    staleTime: isLogin ? 60_000 : 5 * 60_000,
    enabled,
    refetchInterval: live && isLogin && !isTrial ? VIP_LIVE_MS : false,
  });
};

/** Whether the site runs VIP ranks and has some to show. */
export const hasRanks = (value: Pick<VipValue, 'enabled' | 'levels'>) => value.enabled && value.levels.length > 0;

/** Whether the site has VIP ranks (undefined until known): the side menu leads visitors to them. */
export const useHasVipRanks = (enabled = true) => {
  const { data } = useVipRanks({ enabled });
  return data ? hasRanks(data) : undefined;
};
