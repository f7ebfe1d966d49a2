import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  UPLOAD_FIELD,
  UploadValue,
  Withdrawal,
  WithdrawalListValue,
  WithdrawCreateValue,
  WithdrawSettingsValue,
  type WithdrawalStatus,
  type WithdrawBody,
} from '@apsara/contracts';
import { z } from 'zod';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from './keys';

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
export const useWithdrawals = (filter: WithdrawalListFilter, enabled = true) =>
  useQuery({
    queryKey: [...MEMBER_KEYS.withdrawals, filter],
    queryFn: () => apiValue('/wps/v2/withdrawals', { query: { status: filter.status, page: filter.page }, value: WithdrawalListValue }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /wps/v2/uploads — one proof image (field `file`); the id goes with the confirmation. */
export const uploadImage = (file: File) => {
  const form = new FormData();
  form.append(UPLOAD_FIELD, file, file.name);
  return apiValue('/wps/v2/uploads', { method: 'POST', body: form, value: UploadValue });
};

export type ConfirmReceiptBody = { outcome: 'received' | 'partial' | 'not_received'; receivedAmount?: string; proofIds: string[] };

/** POST /wps/v2/withdrawals/:id/confirm (spec §4 Withdrawal confirmation). */
export const confirmWithdrawal = (id: string, body: ConfirmReceiptBody) =>
  apiValue(`/wps/v2/withdrawals/${encodeURIComponent(id)}/confirm`, { method: 'POST', body, value: Withdrawal });

export type WithdrawalItem = z.infer<typeof Withdrawal>;
