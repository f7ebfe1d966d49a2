import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReferralFriendsValue, ReferralSummaryValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/*
 * Invite friends (docs/referral.md). Under 'member': a reward paid is a balance event, which marks both
 * stale, so the figures and the friends' list follow the reward job without a reload. A friend who
 * registers moves no money of the member's, so while the page is in front they are also read again
 * now and then (only while shown: react-query does not poll a hidden tab).
 */
const REFRESH_MS = 30_000;

/** GET /wps/referral — the member's code (made on the first call), the site's terms and the member's figures. */
export const useReferralSummary = (enabled = true) =>
  useQuery({
    queryKey: MEMBER_KEYS.referral,
    queryFn: () => apiValue('/wps/referral', { value: ReferralSummaryValue }),
    enabled,
    refetchInterval: REFRESH_MS,
  });

/** GET /wps/referral/friends?page= — the friends who registered with the code, newest first, 20 a page. */
export const useReferralFriends = (page: number, enabled = true) =>
  useQuery({
    queryKey: [...MEMBER_KEYS.referralFriends, page],
    queryFn: () => apiValue('/wps/referral/friends', { query: { page }, value: ReferralFriendsValue }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: REFRESH_MS,
  });
