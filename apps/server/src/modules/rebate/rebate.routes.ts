import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OpsRebateClaimsQuery, OpsRebateClaimsResponse, RebateClaimBody, RebateClaimResponse, RebateClaimsQuery, RebateClaimsResponse, RebateSummaryResponse } from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import type { RebateService } from './rebate.service.js';

/** Manual rebate (member center, when the site's MANPLAYREB3 flag is on; docs/rebate.md). */
export const rebateRoutes = (app: FastifyInstance, rebate: RebateService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['rebate'];

  r.get('/wps/rebate', {
    schema: { tags, security, summary: "What the member may collect now: the bets of closed rounds not yet collected, of the site's window, per category at the member's rate (their VIP rank's where the site sets one, vipLevel), the minimum; trial accounts 403 TRIAL_NEED_REAL_ACCOUNT; the flag off 403 FUNCTION_NOT_ENABLED", response: responses(RebateSummaryResponse) },
  }, async (req) => okValue(await rebate.summary(req.merchant, await req.requireAuth())));

  r.post('/wps/rebate/claim', {
    schema: { tags, security, summary: 'Collects everything collectable now into the main wallet (ledger type REBATE); the same key answers the same collection; below the minimum 409 REBATE_BELOW_MINIMUM, nothing written', body: RebateClaimBody, response: responses(RebateClaimResponse) },
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
  }, async (req) => okValue(await rebate.claim(req.merchant, await req.requireAuth(), req.body.idempotencyKey)));

  r.get('/wps/rebate/claims', {
    schema: { tags, security, summary: "The member's collections, newest first, 20 a page, each with its categories", querystring: RebateClaimsQuery, response: responses(RebateClaimsResponse) },
  }, async (req) => okValue(await rebate.claims(req.merchant, await req.requireAuth(), req.query)));

  r.get('/ops/rebate-claims', {
    schema: { tags: ['ops'], security, summary: "The site's manual-rebate collections, newest first, 20 a page, optionally one member's (username, any case) and a time range (from included, to excluded), with what the whole list paid; admin, finance and support", querystring: OpsRebateClaimsQuery, response: responses(OpsRebateClaimsResponse) },
  }, async (req) => okValue(await rebate.opsClaims(await req.requireOperator(), req.query)));
};
