import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AffiliateQuery,
  AffiliateResponse,
  DownlineQuery,
  DownlineResponse,
  OpenAccountBody,
  OpenAccountResponse,
  TeamBetQuery,
  TeamBetResponse,
  TeamOverviewResponse,
  TeamProfitQuery,
  TeamProfitResponse,
  TeamRangeQuery,
  TeamTransQuery,
  TeamTransResponse,
} from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import { namesLang } from '../catalog/catalog.service.js';
import type { AgentService } from './agent.service.js';

export const agentRoutes = (app: FastifyInstance, agents: AgentService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['agent'];
  const security = [{ bearer: [] }];

  r.get(
    '/wps/agent/affiliate',
    {
      schema: { tags, summary: 'Checks an affiliate (invitation) code', querystring: AffiliateQuery, response: responses(AffiliateResponse) },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req) => okValue(await agents.checkAffiliate(req.merchant, req.query.code, req.query.domain)),
  );

  r.get('/wps/agent/team/overview', {
    schema: { tags, security, summary: 'agentTeamOverview: the size of the agent’s team, its wallets now, and its deposits, withdrawals and play over a range (at most 90 days, default the last 7); agents only', querystring: TeamRangeQuery, response: responses(TeamOverviewResponse) },
  }, async (req) => okValue(await agents.overview(await req.requireAuth(), req.query, req.lang)));

  r.get('/wps/agent/downlines', {
    schema: { tags, security, summary: 'downlineManagmentView: the agent’s downlines (direct, or the whole team), by part of a username and by kind, newest first, 20 a page; agents only', querystring: DownlineQuery, response: responses(DownlineResponse) },
  }, async (req) => okValue(await agents.downlines(await req.requireAuth(), req.query)));

  r.put('/wps/agent/accounts', {
    schema: { tags, security, summary: 'registerCenter: opens a member or agent account as the caller’s direct downline, under the site’s username and password rules; agents only', body: OpenAccountBody, response: responses(OpenAccountResponse) },
    config: { rateLimit: { max: 30, timeWindow: 3_600_000 } },
  }, async (req) => okValue(await agents.openAccount(req.merchant, await req.requireAuth(), req.body, clientOf(req), req.lang)));

  r.get('/wps/agent/team/transactions', {
    schema: { tags, security, summary: 'agentDownlineTransactionDetailsCopy: money movements of the agent’s team, or of one member of it, over a range (at most 90 days, default the last 7), newest first, 20 a page; agents only', querystring: TeamTransQuery, response: responses(TeamTransResponse) },
  }, async (req) => okValue(await agents.transactions(req.merchant, await req.requireAuth(), req.query, req.lang)));

  r.get('/wps/agent/team/bets', {
    schema: { tags, security, summary: 'The team’s betting record: rounds of the agent’s team, or of one member of it, over a range (at most 90 days), newest first, 20 a page, with totals; agents only', querystring: TeamBetQuery, response: responses(TeamBetResponse) },
  }, async (req) => okValue(await agents.bets(req.merchant, await req.requireAuth(), req.query, { lang: req.lang, namesLang: namesLang(req.query.language, req.lang) })));

  r.get('/wps/agent/team/profit', {
    schema: { tags, security, summary: 'palStatementsAgentCopy: profit and loss per direct downline (an agent’s row with their whole team) and for the whole team, over a range (at most 90 days); agents only', querystring: TeamProfitQuery, response: responses(TeamProfitResponse) },
  }, async (req) => okValue(await agents.profit(await req.requireAuth(), req.query, req.lang)));
};
