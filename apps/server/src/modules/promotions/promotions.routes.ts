import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdString,
  OpsPromotionBody,
  OpsPromotionClaimListResponse,
  OpsPromotionClaimQuery,
  OpsPromotionDecisionBody,
  OpsPromotionDecisionResponse,
  OpsPromotionListResponse,
  OpsPromotionPatch,
  OpsPromotionResponse,
  PromotionActionResponse,
  PromotionApplyBody,
  PromotionClaimListResponse,
  PromotionClaimQuery,
  PromotionKeyBody,
  PromotionListQuery,
  PromotionListResponse,
  PromotionResponse,
  RaffleClaimBody,
} from '@apsara/contracts';
import { z } from 'zod';
import { maybeAuth } from '../../plugins/auth.js';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { PromotionsService } from './promotions.service.js';

const IdParams = z.object({ id: IdString });

/** Promotions (spec §2 "Promotions", §7 MCS2_claimRafflePromotion) and their back office. */
export const promotionsRoutes = (app: FastifyInstance, promotions: PromotionsService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['promotions'];
  // Taking part is a few clicks a day; anything faster is a script.
  const actionLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

  r.get('/wps/promotions', {
    schema: { tags, summary: "The promotion hall: visible promotions, running first, closed ones for 7 days; public, and with a token each says where the member stands", querystring: PromotionListQuery, response: responses(PromotionListResponse) },
  }, async (req) => okValue(await promotions.list(req.merchant, await maybeAuth(req), req.query)));

  r.get('/wps/promotions/claims', {
    schema: { tags, security, summary: "The member's promotion records (applications, sign-ups, bonuses with their turnover), newest first, 20 a page; status=paid for bonusDetails", querystring: PromotionClaimQuery, response: responses(PromotionClaimListResponse) },
  }, async (req) => okValue(await promotions.claims(req.merchant, await req.requireAuth(), req.query)));

  r.get('/wps/promotions/:id', {
    schema: { tags, summary: 'One promotion with its full rules; public, with the member\'s state when signed in', params: IdParams, response: responses(PromotionResponse) },
  }, async (req) => okValue(await promotions.detail(req.merchant, await maybeAuth(req), req.params.id)));

  r.post('/wps/promotions/:id/join', {
    schema: { tags, security, summary: 'Signs up for a deposit promotion (before the deposit it pays on); idempotent per key', params: IdParams, body: PromotionKeyBody, response: responses(PromotionActionResponse) },
    config: actionLimit,
  }, async (req) => okValue(await promotions.join(req.merchant, await req.requireAuth(), req.params.id, req.body.idempotencyKey)));

  r.post('/wps/promotions/:id/apply', {
    schema: { tags, security, summary: 'Applies for a promotion the site reviews: a remark (≤ 140) and up to 3 uploaded png/jpg images; idempotent per key', params: IdParams, body: PromotionApplyBody, response: responses(PromotionActionResponse) },
    config: actionLimit,
  }, async (req) => okValue(await promotions.apply(req.merchant, await req.requireAuth(), req.params.id, req.body)));

  r.post('/wps/promotions/:id/claim', {
    schema: { tags, security, summary: "Claims a deposit bonus the member qualified for, a raffle prize, or opens one of the day's red envelopes (a random share of what is left of the day's pool); paid into the main wallet at once; idempotent per key", params: IdParams, body: PromotionKeyBody, response: responses(PromotionActionResponse) },
    config: actionLimit,
  }, async (req) => okValue(await promotions.claim(req.merchant, await req.requireAuth(), req.params.id, req.body.idempotencyKey)));

  r.post('/wps/relay/MCS2_claimRafflePromotion', {
    schema: { tags, security, summary: "Draws today's raffle prize (once a day, after the day's minimum deposit); paid at once; idempotent per key", body: RaffleClaimBody, response: responses(PromotionActionResponse) },
    config: actionLimit,
  }, async (req) => okValue(await promotions.claim(req.merchant, await req.requireAuth(), req.body.promotionId, req.body.idempotencyKey, 'raffle')));

  const ops = ['ops'];
  r.get('/ops/promotions', {
    schema: { tags: ops, security, summary: 'Every promotion of this site, shown or not, with applications waiting; admin, finance and support', response: responses(OpsPromotionListResponse) },
  }, async (req) => okValue(await promotions.opsList(await req.requireOperator(), req.merchant)));

  r.post('/ops/promotions', {
    schema: { tags: ops, security, summary: 'Creates a promotion with its money terms (fixed once created); audited; admin', body: OpsPromotionBody, response: responses(OpsPromotionResponse) },
  }, async (req) => okValue(await promotions.create(await req.requireOperator(), req.merchant, req.body, clientOf(req))));

  r.patch('/ops/promotions/:id', {
    schema: { tags: ops, security, summary: 'Changes a promotion\'s words, picture, schedule, order or visibility; audited; admin', params: IdParams, body: OpsPromotionPatch, response: responses(OpsPromotionResponse) },
  }, async (req) => okValue(await promotions.patch(await req.requireOperator(), req.merchant, req.params.id, req.body, clientOf(req))));

  r.get('/ops/promotion-claims', {
    schema: { tags: ops, security, summary: 'Promotion records of this site, newest first, 20 a page, by status and promotion; admin, finance and support', querystring: OpsPromotionClaimQuery, response: responses(OpsPromotionClaimListResponse) },
  }, async (req) => okValue(await promotions.opsClaims(await req.requireOperator(), req.query)));

  const decisions = [
    ['approve', 'Approves an application and pays its bonus (fixed, or `amount` up to the maximum) with its turnover; audited; admin and finance'],
    ['reject', 'Rejects an application with a remark the member reads; audited; admin and finance'],
  ] as const;
  for (const [decision, summary] of decisions) {
    r.post(`/ops/promotion-claims/:id/${decision}`, {
      schema: { tags: ops, security, summary, params: IdParams, body: OpsPromotionDecisionBody, response: responses(OpsPromotionDecisionResponse) },
    }, async (req) => okValue(await promotions.decide(await req.requireOperator(), req.merchant, req.params.id, decision, req.body, clientOf(req))));
  }
};
