import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PromotionClaimListValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/** The bonus record's filter: every paid bonus, or those issued by the site (applications) or claimed by the member. */
export const BONUS_STATUSES = ['issued', 'claimed'] as const;
export type BonusStatus = (typeof BONUS_STATUSES)[number];
export type BonusFilter = { page: number; status?: BonusStatus };

/**
 * GET /wps/promotions/claims?status=paid|issued|claimed — the bonuses promotions paid the member, newest
 * first, 20 a page, with the turnover each still needs and the totals. Under 'member': the balance
 * stream marks it stale when money moves (a bet counts towards the turnover), so it follows play.
 */
export const useBonusRecords = (filter: BonusFilter, enabled = true) =>
  useQuery({
    queryKey: [...MEMBER_KEYS.bonus, filter],
    queryFn: () => apiValue('/wps/promotions/claims', { query: { page: filter.page, status: filter.status ?? 'paid' }, value: PromotionClaimListValue }),
    placeholderData: keepPreviousData,
    enabled,
  });
