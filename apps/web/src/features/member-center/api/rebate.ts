import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RebateClaim, RebateClaimsValue, RebateSummaryValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/*
 * Manual rebate (docs/rebate.md). Under 'member': every bet moves the balance, and a balance event
 * marks these stale, so what may be collected follows the member's play without a reload.
 */

/** GET /wps/rebate — what may be collected now, per category. */
export const useRebateSummary = (enabled = true) =>
  useQuery({ queryKey: MEMBER_KEYS.rebate, queryFn: () => apiValue('/wps/rebate', { value: RebateSummaryValue }), enabled });

/** GET /wps/rebate/claims?page= — the member's collections, newest first, 20 a page. */
export const useRebateClaims = (page: number, enabled = true) =>
  useQuery({
    queryKey: [...MEMBER_KEYS.rebateClaims, page],
    queryFn: () => apiValue('/wps/rebate/claims', { query: { page }, value: RebateClaimsValue }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /wps/rebate/claim — collects everything collectable now; the same key answers the same collection. */
export const claimRebate = (idempotencyKey: string) => apiValue('/wps/rebate/claim', { method: 'POST', body: { idempotencyKey }, value: RebateClaim });
