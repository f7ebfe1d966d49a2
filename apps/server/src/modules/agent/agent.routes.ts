import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AffiliateQuery, AffiliateResponse } from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import type { AgentService } from './agent.service.js';

export const agentRoutes = (app: FastifyInstance, agents: AgentService) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/wps/agent/affiliate',
    {
      schema: { tags: ['agent'], summary: 'Checks an affiliate (invitation) code', querystring: AffiliateQuery, response: responses(AffiliateResponse) },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req) => okValue(await agents.checkAffiliate(req.merchant, req.query.code, req.query.domain)),
  );
};
