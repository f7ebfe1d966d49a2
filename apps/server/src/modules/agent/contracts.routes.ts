import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentContractResponse,
  CONTRACT_ACTIONS,
  CONTRACT_KINDS,
  CONTRACT_RELAY_CALLS,
  CONTRACT_STATUSES,
  ConsolidatedContractResponse,
  ContractActionBody,
  ContractListQuery,
  ContractListResponse,
  ContractOfferBody,
  ContractSettlementListResponse,
  ContractSettlementQuery,
  IdString,
  IncomeQuery,
  IncomeResponse,
  OpsContractOfferBody,
} from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { ContractsService } from './contracts.service.js';

/** Agent contracts: the agents' calls, the four relay calls of spec §7, and the site's (operators'). */
export const contractsRoutes = (app: FastifyInstance, contracts: ContractsService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['agent'];
  const writeLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

  r.get('/wps/member/contracts/consolidated', {
    schema: { tags, security, summary: 'Consolidated contract info: per kind, an offer waiting (new), a termination asked by the upline (termination), a signed contract (success) or null; nulls for members and trial accounts', response: responses(ConsolidatedContractResponse) },
  }, async (req) => okValue(await contracts.consolidated(await req.requireAuth(), req.merchant.config.contractKinds)));

  r.get('/wps/agent/contracts', {
    schema: { tags, security, summary: 'The agent’s contracts, held (received) and given, newest first, 20 a page; an offer they may sign lists the contracts signing would end (conflicts)', querystring: ContractListQuery, response: responses(ContractListResponse) },
  }, async (req) => okValue(await contracts.list({ agent: await req.requireAuth() }, req.query)));

  r.post('/wps/agent/contracts', {
    schema: { tags, security, summary: 'Offers a contract to a direct downline agent, at rates no higher than the caller’s own contract of the kind', body: ContractOfferBody, response: responses(AgentContractResponse) },
    config: writeLimit,
  }, async (req) => okValue(await contracts.offer({ agent: await req.requireAuth() }, req.body, req.merchant.config.contractKinds)));

  r.get('/wps/agent/contracts/settlements', {
    schema: { tags, security, summary: 'Periods settled under the contracts the agent holds or gave, newest first, 20 a page', querystring: ContractSettlementQuery, response: responses(ContractSettlementListResponse) },
  }, async (req) => okValue(await contracts.settlements({ agent: await req.requireAuth() }, req.query)));

  r.get('/wps/agent/income', {
    schema: { tags, security, summary: 'agentRevenueReport (my income): per contract kind, what the agent was paid, what they paid their downline agents, the net and what was left unpaid, for periods ending in a range (at most 90 days, default the last 7)', querystring: IncomeQuery, response: responses(IncomeResponse) },
  }, async (req) => okValue(await contracts.income(await req.requireAuth(), req.query, req.lang)));

  for (const kind of CONTRACT_KINDS) {
    r.post(`/wps/relay/${CONTRACT_RELAY_CALLS[kind]}`, {
      schema: { tags, security, summary: `Signs, rejects or asks to end (terminate) a ${kind} contract; the holder signs or rejects an offer, the upline withdraws it; on a signed contract the other side agrees (sign) or refuses (reject)`, body: ContractActionBody, response: responses(AgentContractResponse) },
      config: writeLimit,
    }, async (req) => okValue(await contracts.act({ agent: await req.requireAuth() }, kind, req.body.contractId, req.body.action, req.merchant.config.contractKinds)));
  }

  r.post('/ops/agent-contracts', {
    schema: { tags: ['ops'], security, summary: 'The site offers a contract to one of its top agents (no upline); admin; audited', body: OpsContractOfferBody, response: responses(AgentContractResponse) },
  }, async (req) => okValue(await contracts.offer({ site: await req.requireOperator(), client: clientOf(req) }, req.body, req.merchant.config.contractKinds)));

  r.get('/ops/agent-contracts', {
    schema: { tags: ['ops'], security, summary: 'Every contract of the site, newest first, 20 a page; admin and finance', querystring: ContractListQuery.extend({ status: z.enum(CONTRACT_STATUSES).optional() }), response: responses(ContractListResponse) },
  }, async (req) => okValue(await contracts.list({ site: await req.requireOperator(), client: clientOf(req) }, req.query)));

  r.post('/ops/agent-contracts/:id/:action', {
    schema: { tags: ['ops'], security, summary: 'The site acts on a contract it offered: withdraw an offer (terminate), ask to end, agree or refuse; admin; audited', params: z.object({ id: IdString, action: z.enum(CONTRACT_ACTIONS) }), response: responses(AgentContractResponse) },
  }, async (req) => okValue(await contracts.act({ site: await req.requireOperator(), client: clientOf(req) }, undefined, req.params.id, req.params.action, req.merchant.config.contractKinds)));

  r.get('/ops/agent-contracts/settlements', {
    schema: { tags: ['ops'], security, summary: 'Settled periods of every contract of the site, newest first; admin and finance', querystring: ContractSettlementQuery, response: responses(ContractSettlementListResponse) },
  }, async (req) => okValue(await contracts.settlements({ site: await req.requireOperator(), client: clientOf(req) }, req.query)));
};
