import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ReferralFriendsQuery, ReferralFriendsResponse, ReferralSummaryResponse } from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import type { ReferralService } from './referral.service.js';

/** Invite friends (member center "referral"). */
export const referralRoutes = (app: FastifyInstance, referral: ReferralService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['referral'];

  r.get('/wps/referral', {
    schema: { tags, security, summary: "The member's invitation code (made on first call), the site's reward terms, and how many friends registered and qualified", response: responses(ReferralSummaryResponse) },
  }, async (req) => okValue(await referral.summary(req.merchant, await req.requireAuth())));

  r.get('/wps/referral/friends', {
    schema: { tags, security, summary: 'Friends who registered with the member\'s code, newest first, 20 a page: masked names, joined, rewarded', querystring: ReferralFriendsQuery, response: responses(ReferralFriendsResponse) },
  }, async (req) => okValue(await referral.friends(req.merchant, await req.requireAuth(), req.query)));
};
