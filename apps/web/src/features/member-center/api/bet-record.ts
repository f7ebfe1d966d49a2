import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MemBetValue, MemProfitValue, type GameCategoryCode } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

export type BetRecordFilter = { category?: GameCategoryCode; vendor?: string; from: string; to: string; page: number };
export type BetRecord = MemBetValue;
export type BetRecordItem = MemBetValue['items'][number];
export type ProfitReport = MemProfitValue;

/*
 * Both keys sit under ['member', …]: a balance event (a bet, a win) marks them stale, so a round just
 * played shows without a reload. Game names come in the page's language, so it is part of the key.
 */

/** GET /wps/relay/ODSFE2_MemBetDet — the betting record, newest first, 20 a page. */
export const useBetRecord = (filter: BetRecordFilter, enabled = true) => {
  const lang = useTranslation().i18n.language;
  return useQuery({
    queryKey: [...MEMBER_KEYS.bets, lang, filter],
    queryFn: () => apiValue('/wps/relay/ODSFE2_MemBetDet', { query: filter, value: MemBetValue }),
    placeholderData: keepPreviousData,
    enabled,
  });
};

/** GET /wps/relay/ODSFE2_MemProfit — settled play by category over a range. */
export const useProfitReport = (range: { from: string; to: string }, enabled = true) =>
  useQuery({
    queryKey: [...MEMBER_KEYS.profit, range],
    queryFn: () => apiValue('/wps/relay/ODSFE2_MemProfit', { query: range, value: MemProfitValue }),
    placeholderData: keepPreviousData,
    enabled,
  });
