import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  Promotion,
  PromotionActionValue,
  PromotionClaimListValue,
  PromotionListValue,
  type PromotionApplyBody,
  type PromotionClaimStatus,
  type RaffleClaimBody,
  WhitelabelValue,
} from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { useInvalidateMoney } from '../../../lib/member-keys';
import { useLoginState } from '../../../lib/session';

/*
 * Query keys of the promotions. The hall is public, but a member's copy carries their own place in
 * each promotion (`mine`): it lives under 'member', so logging out drops it and the live balance
 * stream marks it stale with the member's other money views (a deposit approved makes a deposit bonus
 * or the day's raffle ready without a reload). A visitor's copy has its own key.
 */
export const PROMO_KEYS = {
  visitorList: ['promotions', 'list'] as const,
  memberAll: ['member', 'promotions'] as const,
  memberList: ['member', 'promotions', 'list'] as const,
  claims: ['member', 'promotions', 'claims'] as const,
  one: (id: string, member: boolean) => (member ? (['member', 'promotions', 'one', id] as const) : (['promotions', 'one', id] as const)),
};

/** While an application waits for review, the member's records are read again this often (only while shown). */
export const APPLYING_POLL_MS = 15_000;

const listKey = (member: boolean) => (member ? PROMO_KEYS.memberList : PROMO_KEYS.visitorList);

/**
 * GET /wps/promotions — every visible promotion, running first, then those ended in the last 7 days;
 * with a token each carries the member's place in it, and `claimable` counts what they can claim now.
 * The hall asks once for all and shows a category by filtering, so changing tabs costs no call.
 */
export const usePromotions = (enabled = true) => {
  const { isLogin } = useLoginState();
  return useQuery({
    queryKey: listKey(isLogin),
    queryFn: () => apiValue('/wps/promotions', { value: PromotionListValue }),
    staleTime: 30_000,
    enabled,
  });
};

/** GET /wps/promotions/:id — one promotion, for a link to one not on the list (ended over a week ago). */
export const usePromotion = (id: string | undefined, enabled = true) => {
  const { isLogin } = useLoginState();
  return useQuery({
    queryKey: PROMO_KEYS.one(id ?? '', isLogin),
    queryFn: () => apiValue(`/wps/promotions/${encodeURIComponent(id ?? '')}`, { value: Promotion }),
    enabled: enabled && id !== undefined,
    retry: false,
  });
};

export type ClaimStatusFilter = PromotionClaimStatus | 'paid';
export type ClaimFilter = { page: number; status?: ClaimStatusFilter };

/** GET /wps/promotions/claims?page=&status= — the member's records, newest first, 20 a page. */
export const usePromotionClaims = (filter: ClaimFilter, enabled = true) =>
  useQuery({
    queryKey: [...PROMO_KEYS.claims, filter],
    queryFn: () => apiValue('/wps/promotions/claims', { query: filter, value: PromotionClaimListValue }),
    placeholderData: keepPreviousData,
    enabled,
    // An operator's decision on an application moves money only when it approves: a rejection sends no
    // balance event, so while one waits the list is read again now and then.
    refetchInterval: (q) => (q.state.data?.items.some((c) => c.status === 'applying') ? APPLYING_POLL_MS : false),
  });

const action = (id: string, verb: 'join' | 'claim' | 'apply') => `/wps/promotions/${encodeURIComponent(id)}/${verb}`;

/** POST /wps/promotions/:id/join — a deposit promotion's sign-up, before the deposit. */
export const joinPromotion = (id: string, idempotencyKey: string) => apiValue(action(id, 'join'), { method: 'POST', body: { idempotencyKey }, value: PromotionActionValue });

/** POST /wps/promotions/:id/claim — a deposit bonus once the deposit is in. */
export const claimPromotion = (id: string, idempotencyKey: string) => apiValue(action(id, 'claim'), { method: 'POST', body: { idempotencyKey }, value: PromotionActionValue });

/** POST /wps/promotions/:id/apply — an application: remark and the ids of images uploaded first. */
export const applyPromotion = (id: string, body: PromotionApplyBody) => apiValue(action(id, 'apply'), { method: 'POST', body, value: PromotionActionValue });

/** POST /wps/relay/MCS2_claimRafflePromotion — the day's draw of a raffle (spec §7); answers the prize. */
export const claimRaffle = (body: RaffleClaimBody) => apiValue('/wps/relay/MCS2_claimRafflePromotion', { method: 'POST', body, value: PromotionActionValue });

/**
 * After an action: the promotion as the server now has it goes straight into the list (its card and
 * popup change at once), then the list (its claimable count), the records and, when money moved, every
 * balance on screen are read again.
 */
export const useAfterAction = () => {
  const queryClient = useQueryClient();
  const invalidateMoney = useInvalidateMoney();
  return useCallback(
    (result: PromotionActionValue) => {
      const { promotion } = result;
      queryClient.setQueryData<PromotionListValue>(PROMO_KEYS.memberList, (old) =>
        old ? { ...old, items: old.items.map((p) => (p.id === promotion.id ? promotion : p)) } : old,
      );
      queryClient.setQueryData(PROMO_KEYS.one(promotion.id, true), promotion);
      const paid = result.claim.status === 'issued' || result.claim.status === 'claimed';
      return Promise.all([queryClient.invalidateQueries({ queryKey: PROMO_KEYS.memberAll }), paid ? invalidateMoney() : undefined]);
    },
    [queryClient, invalidateMoney],
  );
};

/** Reads the member's promotions again (a refusal that says the page is out of date). */
export const useRefreshPromotions = () => {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: PROMO_KEYS.memberAll }), [queryClient]);
};

/** GET /wps/system/whitelabel — the site's flags (same key as the shell's): PTSYS3 puts the points mall beside the tabs. */
export const useSiteFlags = () =>
  useQuery({ queryKey: ['system', 'whitelabel'], queryFn: () => apiValue('/wps/system/whitelabel', { value: WhitelabelValue }), staleTime: 5 * 60 * 1000 });

/**
 * How many promotions a signed-in member can claim now (the side menu's badge): the list's own count.
 * Nothing for visitors and trial accounts, who are not asked.
 */
export const useClaimableCount = () => {
  const { isLogin, isTrial } = useLoginState();
  const list = usePromotions(isLogin && !isTrial);
  return isLogin && !isTrial ? (list.data?.claimable ?? 0) : 0;
};
