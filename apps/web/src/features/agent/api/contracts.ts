import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AgentContract,
  CONTRACT_RELAY_CALLS,
  ConsolidatedContractValue,
  ContractListValue,
  ContractSettlementListValue,
  IncomeValue,
  type ContractAction,
  type ContractKind,
  type ContractOfferBody,
} from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { AGENT_KEYS, type TeamRange } from './team';

/*
 * The agent's contracts and income (packages/contracts calls/agent-contracts.ts), under the agent keys
 * so signing out forgets them. After any change every agent query is refreshed (income, lists,
 * settlements) and the portal's own contract notices (['member', 'contracts', …]).
 */
export const CONTRACT_KEYS = {
  income: [...AGENT_KEYS.all, 'income'] as const,
  contracts: [...AGENT_KEYS.all, 'contracts'] as const,
  settlements: [...AGENT_KEYS.all, 'settlements'] as const,
};

/** GET /wps/agent/income — per kind, what the agent's contracts paid them and what they paid. */
export const useIncome = (range: TeamRange, enabled = true) =>
  useQuery({
    queryKey: [...CONTRACT_KEYS.income, range],
    queryFn: () => apiValue('/wps/agent/income', { query: range, value: IncomeValue }),
    placeholderData: keepPreviousData,
    enabled,
  });

export type ContractRole = 'received' | 'given';

/** The portal's own contract notices: under 'member' (any signed-in page), refreshed by every contract action. */
export const CONSOLIDATED_CONTRACTS_KEY = ['member', 'contracts', 'consolidated'] as const;

/**
 * GET /wps/member/contracts/consolidated — per kind, what waits for the agent (spec §3). Read again
 * when the agent comes back to the tab, so an offer made meanwhile is told on return.
 */
export const useConsolidatedContracts = (enabled: boolean) =>
  useQuery({
    queryKey: CONSOLIDATED_CONTRACTS_KEY,
    queryFn: () => apiValue('/wps/member/contracts/consolidated', { value: ConsolidatedContractValue }),
    enabled,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });

/** GET /wps/agent/contracts — the contracts of one kind the agent holds (received) or gave, 20 a page. */
export const useContracts = (kind: ContractKind, role: ContractRole, page: number) =>
  useQuery({
    queryKey: [...CONTRACT_KEYS.contracts, kind, role, page],
    queryFn: () => apiValue('/wps/agent/contracts', { query: { kind, role, page }, value: ContractListValue }),
    placeholderData: keepPreviousData,
  });

/** GET /wps/agent/contracts/settlements — the periods settled under one contract, newest first, 20 a page. */
export const useSettlements = (contractId: string | null, page: number) =>
  useQuery({
    queryKey: [...CONTRACT_KEYS.settlements, contractId, page],
    queryFn: () => apiValue('/wps/agent/contracts/settlements', { query: { contractId: contractId ?? undefined, page }, value: ContractSettlementListValue }),
    placeholderData: keepPreviousData,
    enabled: contractId !== null,
  });

const useRefreshContracts = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: AGENT_KEYS.all }), queryClient.invalidateQueries({ queryKey: ['member', 'contracts'] }), queryClient.invalidateQueries({ queryKey: ['member', 'info'] })]);
};

/** POST /wps/relay/<kind's call> — sign, reject or ask to end / withdraw a contract. */
export const useContractAction = () => {
  const refresh = useRefreshContracts();
  return useMutation({
    mutationFn: ({ kind, contractId, action }: { kind: ContractKind; contractId: string; action: ContractAction }) =>
      apiValue(`/wps/relay/${CONTRACT_RELAY_CALLS[kind]}`, { method: 'POST', body: { contractId, action }, value: z.unknown() }),
    onSettled: refresh,
  });
};

/** POST /wps/agent/contracts — offers a contract to a direct downline agent. */
export const useOfferContract = () => {
  const refresh = useRefreshContracts();
  return useMutation({
    mutationFn: (body: ContractOfferBody) => apiValue('/wps/agent/contracts', { method: 'POST', body, value: AgentContract }),
    onSuccess: refresh,
  });
};
