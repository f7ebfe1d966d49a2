import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OpsRebateClaimsValue } from '@apsara/contracts';
import { opsKey, opsValue } from './client';

/** GET /ops/rebate-claims — the site's manual-rebate collections, newest first, 20 a page, optionally one member's and a time range's. */
export const useOpsRebateClaims = (query: { username?: string; from?: string; to?: string; page: number }) =>
  useQuery({
    queryKey: opsKey('rebate-claims', query),
    queryFn: () => opsValue('/ops/rebate-claims', { query, value: OpsRebateClaimsValue }),
    placeholderData: keepPreviousData,
  });
