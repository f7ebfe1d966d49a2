import { useQuery } from '@tanstack/react-query';
import { PromotionClaimListValue, PromotionListValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';

/*
 * The reward center reads the promotions the member is in and their applications. Features never
 * import each other, so these are the member center's own calls; they use the same paths, schemas
 * and query keys as the promotion hall (and the side menu's badge), so each is fetched once and an
 * action taken in the hall shows here too.
 */
const PROMOTION_LIST_KEY = ['member', 'promotions', 'list'] as const;
const PROMOTION_CLAIMS_KEY = ['member', 'promotions', 'claims'] as const;

/** While an application waits for review, it is read again this often (a rejection moves no money, so no balance event says so). */
const IN_REVIEW_POLL_MS = 15_000;

/** GET /wps/promotions — every visible promotion, each with the member's place in it (`mine`). */
export const usePromotionList = (enabled = true) =>
  useQuery({
    queryKey: PROMOTION_LIST_KEY,
    queryFn: () => apiValue('/wps/promotions', { value: PromotionListValue }),
    enabled,
  });

/** GET /wps/promotions/claims?status=applying — the member's applications waiting for the site's review (first page, newest first). */
export const useApplicationsInReview = (enabled = true) =>
  useQuery({
    queryKey: [...PROMOTION_CLAIMS_KEY, { page: 1, status: 'applying' }],
    queryFn: () => apiValue('/wps/promotions/claims', { query: { page: 1, status: 'applying' }, value: PromotionClaimListValue }),
    enabled,
    refetchInterval: (q) => ((q.state.data?.items.length ?? 0) > 0 ? IN_REVIEW_POLL_MS : false),
  });
