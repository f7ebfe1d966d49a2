import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SelfExclusionBody, SelfExclusionResponse } from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { ResponsibleService } from './responsible.service.js';

/** Responsible play (docs/responsible-play.md). */
export const responsibleRoutes = (app: FastifyInstance, responsible: ResponsibleService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/wps/member/self-exclusion', {
    schema: {
      tags: ['member'],
      security: [{ bearer: [] }],
      summary: 'Takes a break from the site (1, 7, 30, 90, 180 or 365 days), confirmed with the login password: every session of the member ends, and signing in is refused until the break ends; a longer break replaces a shorter one, nothing shortens it',
      body: SelfExclusionBody,
      response: responses(SelfExclusionResponse),
    },
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
  }, async (req) => okValue(await responsible.takeBreak(req.merchant, await req.requireAuth(), req.body, clientOf(req))));
};
