import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Withdrawal,
  WithdrawalListValue,
  WithdrawCreateValue,
  WithdrawSettingsValue,
  type WithdrawalStatus,
  type WithdrawBody,
} from '@apsara/contracts';
import { z } from 'zod';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/** GET /wps/v2/withdraw/settings — balance, limits, fee rule, cards and what is still missing. */
export const useWithdrawSettings = (enabled = true) =>
  useQuery({
    queryKey: MEMBER_KEYS.withdrawSettings,
    queryFn: () => apiValue('/wps/v2/withdraw/settings', { value: WithdrawSettingsValue }),
    enabled,
  });

/** POST /wps/v2/withdraw */
export const createWithdrawal = (body: WithdrawBody) => apiValue('/wps/v2/withdraw', { method: 'POST', body, value: WithdrawCreateValue });

export type WithdrawalListFilter = { status?: WithdrawalStatus; page: number };

/** GET /wps/v2/withdrawals?status=&page= */
/** How often the list is read again while a withdrawal on it waits for the operator. */
export const WITHDRAWALS_POLL_MS = 15_000;

export const useWithdrawals = (filter: WithdrawalListFilter, enabled = true) =>
  useQuery({
    queryKey: [...MEMBER_KEYS.withdrawals, filter],
    queryFn: () => apiValue('/wps/v2/withdrawals', { query: { status: filter.status, page: filter.page }, value: WithdrawalListValue }),
    placeholderData: keepPreviousData,
    enabled,
    // An operator's approval moves no money, so no balance event tells the page: while a withdrawal
    // waits for review or payment, the list is read again now and then (only while the page is shown).
    refetchInterval: (q) => (q.state.data?.items.some((w) => w.status === 'pending' || w.status === 'approved') ? WITHDRAWALS_POLL_MS : false),
  });

/** POST /wps/v2/uploads — one proof image; the id goes with the confirmation (lib/upload.ts, shared with the promotions). */
export { uploadImage } from '../../../lib/upload';

export type ConfirmReceiptBody = { outcome: 'received' | 'partial' | 'not_received'; receivedAmount?: string; proofIds: string[] };

/** POST /wps/v2/withdrawals/:id/confirm (spec §4 Withdrawal confirmation). */
export const confirmWithdrawal = (id: string, body: ConfirmReceiptBody) =>
  apiValue(`/wps/v2/withdrawals/${encodeURIComponent(id)}/confirm`, { method: 'POST', body, value: Withdrawal });

export type WithdrawalItem = z.infer<typeof Withdrawal>;
