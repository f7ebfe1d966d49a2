import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OpsMemberIdParams, OpsMemberProfileResponse, OpsProfileCorrectionBody, ProfileBody, ProfileResponse } from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { ProfileService } from './profile.service.js';

/** The member's profile (docs/profile.md): no id in the member's path, the token decides whose. */
export const profileRoutes = (app: FastifyInstance, profiles: ProfileService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  r.get('/wps/member/profile', {
    schema: { tags: ['member'], security, summary: "The signed-in member's profile: full name (the real name) and birthday, locked once set, and the other profile fields", response: responses(ProfileResponse) },
  }, async (req) => okValue(await profiles.get(req.merchant, await req.requireAuth())));

  r.put('/wps/member/profile', {
    schema: {
      tags: ['member'],
      security,
      summary: 'Saves the whole profile form; the full name and birthday only while unset (age at least register.minAge); bad input writes nothing',
      body: ProfileBody,
      response: responses(ProfileResponse),
    },
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => okValue(await profiles.save(req.merchant, await req.requireAuth(), req.body, req.lang)));

  r.get('/ops/members/:id/profile', {
    schema: { tags: ['ops'], security, summary: "One member's profile; admin, finance and support", params: OpsMemberIdParams, response: responses(OpsMemberProfileResponse) },
  }, async (req) => okValue(await profiles.opsGet(await req.requireOperator(), req.merchant, req.params.id)));

  r.patch('/ops/members/:id/profile', {
    schema: {
      tags: ['ops'],
      security,
      summary: "Corrects a member's full name (real name) or birthday, with a reason; audited with before and after; admin and support",
      params: OpsMemberIdParams,
      body: OpsProfileCorrectionBody,
      response: responses(OpsMemberProfileResponse),
    },
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => okValue(await profiles.correct(await req.requireOperator(), req.merchant, req.params.id, req.body, clientOf(req), req.lang)));
};
