import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DepositChannelsValue,
  DepositCreateValue,
  DepositListValue,
  DepositOnlineValue,
  RECEIPT_FIELD,
  type DepositBankFields,
  type DepositOnlineBody,
  type DepositStatus,
} from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/** GET /wps/v2/deposit/channels */
export const useDepositChannels = (enabled = true) =>
  useQuery({
    queryKey: MEMBER_KEYS.depositChannels,
    queryFn: () => apiValue('/wps/v2/deposit/channels', { value: DepositChannelsValue }),
    staleTime: 60_000,
    enabled,
  });

/** POST /wps/v2/deposit/bank — multipart: the text fields plus one `receipt` image. */
export const createBankDeposit = (fields: DepositBankFields, receipt: File) => {
  const form = new FormData();
  form.append('channelId', fields.channelId);
  form.append('amount', fields.amount);
  form.append('reference', fields.reference);
  form.append('idempotencyKey', fields.idempotencyKey);
  // The file goes last: the server reads the text fields first.
  form.append(RECEIPT_FIELD, receipt, receipt.name);
  return apiValue('/wps/v2/deposit/bank', { method: 'POST', body: form, value: DepositCreateValue });
};

/** POST /wps/v2/deposit/online — opens an order; the member pays on value.payUrl. */
export const createOnlineDeposit = (body: DepositOnlineBody) =>
  apiValue('/wps/v2/deposit/online', { method: 'POST', body, value: DepositOnlineValue });

export type DepositListFilter = { status?: DepositStatus; page: number };

/** GET /wps/v2/deposits?status=&page= — newest first, 20 a page. */
export const getDeposits = (filter: DepositListFilter) =>
  apiValue('/wps/v2/deposits', { query: { status: filter.status, page: filter.page }, value: DepositListValue });

export const useDeposits = (filter: DepositListFilter, enabled = true) =>
  useQuery({
    queryKey: [...MEMBER_KEYS.deposits, filter],
    queryFn: () => getDeposits(filter),
    placeholderData: keepPreviousData,
    enabled,
  });
