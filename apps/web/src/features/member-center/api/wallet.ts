import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ConsolidatedFundsValue, MemTransValue, WalletSyncValue, WalletTransferValue, type MemTransQuery, type WalletTransferBody } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

export type ConsolidatedFunds = z.infer<typeof ConsolidatedFundsValue>;

/** GET /wps/member/info/funds/consolidated — main first, then every game wallet. */
export const useConsolidatedFunds = (enabled = true) =>
  useQuery({
    queryKey: MEMBER_KEYS.funds,
    queryFn: () => apiValue('/wps/member/info/funds/consolidated', { value: ConsolidatedFundsValue }),
    enabled,
  });

/**
 * POST /wps/v2/wallets/sync — asks each game provider the member has played with for its balance, so
 * play there since the last transfer shows. Run when the wallets page opens and by its refresh button;
 * the wallets it answers replace the funds on screen. Not retried and not refetched on focus: every
 * call asks the providers, and the server allows 12 a minute.
 */
export const useWalletSync = (enabled = true) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: MEMBER_KEYS.walletSync,
    queryFn: async () => {
      const { unsynced, ...funds } = await apiValue('/wps/v2/wallets/sync', { method: 'POST', value: WalletSyncValue });
      // A plain read still on its way was made before the providers were asked: it must not win.
      await queryClient.cancelQueries({ queryKey: MEMBER_KEYS.funds });
      queryClient.setQueryData(MEMBER_KEYS.funds, funds);
      return { unsynced };
    },
    enabled,
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
};

/** POST /wps/relay/GCS_walletTransfer — main ↔ one game wallet, or everything back to main. */
export const transferWallet = (body: WalletTransferBody) =>
  apiValue('/wps/relay/GCS_walletTransfer', { method: 'POST', body, value: WalletTransferValue });

export type TransactionFilter = Omit<MemTransQuery, 'page'> & { page: number };
export type TransactionItem = z.infer<typeof MemTransValue>['items'][number];

/** GET /wps/relay/ODSFE2_MemTransDet — the account record, newest first, 20 a page. */
export const useTransactions = (filter: TransactionFilter, enabled = true) =>
  useQuery({
    queryKey: [...MEMBER_KEYS.transactions, filter],
    queryFn: () => apiValue('/wps/relay/ODSFE2_MemTransDet', { query: filter, value: MemTransValue }),
    placeholderData: keepPreviousData,
    enabled,
  });
