import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LeaderboardValue, MissionClaimValue, MissionSummaryValue, type MemberInfoValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS, useInvalidateMoney } from '../../../lib/member-keys';
import { withClaim, type BoardWhich } from '../logic/missions';

/*
 * Missions and the leaderboard (docs/missions.md). Both live under 'member': every bet and deposit is
 * a balance event, and the balance stream marks every ['member', …] query stale, so a mission's
 * progress moves while the page is open without a reload. The leaderboard is also read again every
 * 30 s while it is in front (the server's table of the running period is at most that old).
 */
export const LEADERBOARD_REFRESH_MS = 30_000;

/**
 * The menu's badge comes from member info, which a balance event does not read again (it writes the
 * balance into it directly). The missions answer carries the same count, fresher: it goes into member
 * info, so the badge follows what the page shows.
 */
const syncBadge = (queryClient: QueryClient, claimable: number) =>
  queryClient.setQueryData<MemberInfoValue>(MEMBER_KEYS.info, (old) => (old && old.claimableMissions !== claimable ? { ...old, claimableMissions: claimable } : old));

/** GET /wps/missions — the site's missions of this day and week, each with the member's progress. */
export const useMissionSummary = (enabled = true) => {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: MEMBER_KEYS.missions,
    queryFn: ({ signal }) => apiValue('/wps/missions', { value: MissionSummaryValue, signal }),
    enabled,
  });
  const claimable = query.data?.claimable;
  useEffect(() => {
    if (claimable !== undefined) syncBadge(queryClient, claimable);
  }, [claimable, queryClient]);
  return query;
};

/** GET /wps/missions/leaderboard?which= — the running period's table (read again every 30 s) or the last one's. */
export const useLeaderboard = (which: BoardWhich, enabled = true) =>
  useQuery({
    queryKey: [...MEMBER_KEYS.leaderboard, which],
    queryFn: ({ signal }) => apiValue('/wps/missions/leaderboard', { query: { which }, value: LeaderboardValue, signal }),
    enabled,
    // Switching between this period and the last keeps the table on screen (marked busy) until the other arrives.
    placeholderData: keepPreviousData,
    // The previous period changes once, when its prizes are paid; until then it is looked at as often.
    refetchInterval: (q) => (which === 'current' || !q.state.data?.settledAt ? LEADERBOARD_REFRESH_MS : false),
  });

/** POST /wps/missions/:id/claim — no body; a repeat answers the first claim (`replayed`). */
export const claimMission = (id: string) => apiValue(`/wps/missions/${encodeURIComponent(id)}/claim`, { method: 'POST', value: MissionClaimValue });

/**
 * Claims one mission's reward. The mission as the server now has it goes straight into the list (its
 * card turns to done at once), then the missions, the leaderboard and every balance on screen are read
 * again (the header's also arrives through the balance stream).
 */
export const useClaimMission = () => {
  const queryClient = useQueryClient();
  const invalidateMoney = useInvalidateMoney();
  return useMutation({
    mutationFn: claimMission,
    onSuccess: (result) => {
      const next = queryClient.setQueryData<MissionSummaryValue>(MEMBER_KEYS.missions, (old) => (old ? withClaim(old, result) : old));
      if (next) syncBadge(queryClient, next.claimable);
      return Promise.all([queryClient.invalidateQueries({ queryKey: MEMBER_KEYS.missions }), invalidateMoney()]);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: MEMBER_KEYS.missions }),
  });
};
