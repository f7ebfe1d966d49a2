import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DownlineValue,
  OpenAccountValue,
  TeamBetValue,
  TeamOverviewValue,
  TeamProfitValue,
  TeamTransValue,
  type DownlineQuery,
  type GameCategoryCode,
  type OpenAccountBody,
  type TeamTransQuery,
} from '@apsara/contracts';
import { apiValue } from '../../../lib/api';

/*
 * The agent center's calls (packages/contracts calls/agent.ts). Their keys sit under ['member', 'agent']:
 * the signed-in account's data, so signing out (which drops every ['member', …] query) forgets the
 * team too, and the next person on the browser never sees it.
 */
export const AGENT_KEYS = {
  all: ['member', 'agent'] as const,
  overview: ['member', 'agent', 'overview'] as const,
  downlines: ['member', 'agent', 'downlines'] as const,
  transactions: ['member', 'agent', 'transactions'] as const,
  bets: ['member', 'agent', 'bets'] as const,
  profit: ['member', 'agent', 'profit'] as const,
};

export type TeamRange = { from: string; to: string };

/** GET /wps/agent/team/overview — the team's size, wallets and activity over the range. */
export const useTeamOverview = (range: TeamRange, enabled = true) =>
  useQuery({
    queryKey: [...AGENT_KEYS.overview, range],
    queryFn: () => apiValue('/wps/agent/team/overview', { query: range, value: TeamOverviewValue }),
    placeholderData: keepPreviousData,
    enabled,
  });

export type DownlineFilter = Pick<DownlineQuery, 'scope' | 'kind' | 'page'> & { username?: string };

/** GET /wps/agent/downlines — the team (direct or every level), newest first, 20 a page. */
export const useDownlines = (filter: DownlineFilter) =>
  useQuery({
    queryKey: [...AGENT_KEYS.downlines, filter],
    queryFn: () => apiValue('/wps/agent/downlines', { query: filter, value: DownlineValue }),
    placeholderData: keepPreviousData,
  });

export type TeamTransFilter = Omit<TeamTransQuery, 'page'> & { page: number };

/** GET /wps/agent/team/transactions — the team's money movements, or one member's, 20 a page. */
export const useTeamTransactions = (filter: TeamTransFilter, enabled = true) =>
  useQuery({
    queryKey: [...AGENT_KEYS.transactions, filter],
    queryFn: () => apiValue('/wps/agent/team/transactions', { query: filter, value: TeamTransValue }),
    placeholderData: keepPreviousData,
    enabled,
    // An unknown username will not become known by asking again.
    retry: false,
  });

export type TeamBetFilter = { username?: string; category?: GameCategoryCode; from: string; to: string; page: number };

/** GET /wps/agent/team/bets — the team's rounds, or one member's, with totals. Game names follow the page's language. */
export const useTeamBets = (filter: TeamBetFilter, enabled = true) => {
  const lang = useTranslation().i18n.language;
  return useQuery({
    queryKey: [...AGENT_KEYS.bets, lang, filter],
    queryFn: () => apiValue('/wps/agent/team/bets', { query: filter, value: TeamBetValue }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
};

/** GET /wps/agent/team/profit — one row per direct downline, with the team's totals. */
export const useTeamProfit = (filter: TeamRange & { page: number }, enabled = true) =>
  useQuery({
    queryKey: [...AGENT_KEYS.profit, filter],
    queryFn: () => apiValue('/wps/agent/team/profit', { query: filter, value: TeamProfitValue }),
    placeholderData: keepPreviousData,
    enabled,
  });

/**
 * PUT /wps/agent/accounts — opens a member or agent account under the caller. Afterwards every team
 * figure on screen is out of date (a new downline, a larger team): all agent queries are refreshed.
 */
export const useOpenAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenAccountBody) => apiValue('/wps/agent/accounts', { method: 'PUT', body, value: OpenAccountValue }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AGENT_KEYS.all }),
  });
};
