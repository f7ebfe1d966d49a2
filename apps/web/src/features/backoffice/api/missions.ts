import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsLeaderboardAward, OpsMission, OpsVipUpgrade, type OpsMissionBody, type OpsMissionPatch } from '@apsara/contracts';
import { z } from 'zod';
import { opsKey, opsValue } from './client';

/** GET /ops/missions — running ones first, with the rewards each paid. */
export const useOpsMissions = () => useQuery({ queryKey: opsKey('missions'), queryFn: () => opsValue('/ops/missions', { value: z.object({ items: z.array(OpsMission) }) }) });

/** GET /ops/leaderboard/awards — prizes paid, newest period first (200 at most). */
export const useLeaderboardAwards = () =>
  useQuery({ queryKey: opsKey('leaderboard-awards'), queryFn: () => opsValue('/ops/leaderboard/awards', { value: z.object({ items: z.array(OpsLeaderboardAward) }) }) });

/** GET /ops/vip/upgrades — ranks reached, newest first (200 at most). */
export const useVipUpgrades = () => useQuery({ queryKey: opsKey('vip-upgrades'), queryFn: () => opsValue('/ops/vip/upgrades', { value: z.object({ items: z.array(OpsVipUpgrade) }) }) });

const useRefresh = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: opsKey('missions') }), client.invalidateQueries({ queryKey: opsKey('audit') })]);
};

/** POST /ops/missions — its terms are fixed once created. */
export const useCreateMission = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: OpsMissionBody) => opsValue('/ops/missions', { method: 'POST', body, value: OpsMission }), onSuccess: refresh });
};

/** PATCH /ops/missions/:id — order, or retire / restore. */
export const usePatchMission = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: OpsMissionPatch }) => opsValue(`/ops/missions/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, value: OpsMission }),
    onSettled: refresh,
  });
};
