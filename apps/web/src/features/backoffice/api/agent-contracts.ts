import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AgentContract, ContractListValue, ContractSettlementListValue, type ContractAction, type ContractKind, type ContractOfferBody, type ContractStatus } from '@apsara/contracts';
import { opsKey, opsValue } from './client';

/* Agent contracts (docs/agent-contracts.md): every contract of the site, the periods settled, and the site's own offers and answers. */

const ROOT = opsKey('agent-contracts');

const defined = (q: Record<string, unknown>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<string, string | number>;

/** GET /ops/agent-contracts?kind=&status=&page= — newest first, 20 a page; admin and finance. */
export const useOpsContracts = (query: { kind?: ContractKind; status?: ContractStatus; page: number }) =>
  useQuery({ queryKey: [...ROOT, 'list', query], queryFn: () => opsValue('/ops/agent-contracts', { query: defined(query), value: ContractListValue }), placeholderData: keepPreviousData });

/** GET /ops/agent-contracts/settlements?contractId=&page= — settled periods, newest first; admin and finance. */
export const useOpsContractSettlements = (query: { contractId?: string; page: number }) =>
  useQuery({
    queryKey: [...ROOT, 'settlements', query],
    queryFn: () => opsValue('/ops/agent-contracts/settlements', { query: defined(query), value: ContractSettlementListValue }),
    placeholderData: keepPreviousData,
  });

const useRefresh = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ROOT }), client.invalidateQueries({ queryKey: opsKey('audit') })]);
};

/** POST /ops/agent-contracts — an offer to a top agent (no upline); admin; audited. */
export const useOfferContract = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: ContractOfferBody) => opsValue('/ops/agent-contracts', { method: 'POST', body, value: AgentContract }), onSuccess: refresh });
};

/** POST /ops/agent-contracts/:id/:action — withdraw an offer, ask to end, agree or refuse; admin; audited. */
export const useContractAction = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ContractAction }) => opsValue(`/ops/agent-contracts/${encodeURIComponent(id)}/${action}`, { method: 'POST', value: AgentContract }),
    onSettled: refresh,
  });
};
