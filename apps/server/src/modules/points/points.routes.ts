import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdString,
  OpsMemberParams,
  OpsPointAdjustBody,
  OpsPointAdjustResponse,
  OpsPointGoodsBody,
  OpsPointGoodsListResponse,
  OpsPointGoodsPatch,
  OpsPointGoodsResponse,
  OpsPointOrderDecisionBody,
  OpsPointOrderDecisionResponse,
  OpsPointOrderListResponse,
  OpsPointOrderQuery,
  PointBalanceResponse,
  PointConfigResponse,
  PointConvertBody,
  PointEntryListResponse,
  PointEntryQuery,
  PointGoodsListResponse,
  PointOrderListQuery,
  PointOrderListResponse,
  PointOrderResultResponse,
  PointRedeemBody,
} from '@apsara/contracts';
import { z } from 'zod';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { PointsService } from './points.service.js';

const IdParams = z.object({ id: IdString });

/** The points mall (spec §7 MCS2_* relay calls) and its back office. */
export const pointsRoutes = (app: FastifyInstance, points: PointsService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['points'];
  // Each try costs a payment-password check; the check has its own lockout besides.
  const spendLimit = { rateLimit: { max: 20, timeWindow: 60_000 } };

  r.get('/wps/relay/MCS2_getPointConfig', {
    schema: { tags, summary: 'Points rules of the site: what bets and deposits earn, the cash-to-points ratio and limits (public)', response: responses(PointConfigResponse) },
  }, async (req) => okValue(points.config(req.merchant)));

  r.get('/wps/relay/MCS2_getPointReward', {
    schema: { tags, summary: 'Goods on sale in the points mall (public); 403 POINTS_DISABLED when the site has no points mall', response: responses(PointGoodsListResponse) },
  }, async (req) => okValue(await points.goods(req.merchant)));

  r.get('/wps/relay/MCS2_getPointBalance', {
    schema: { tags, security, summary: "The member's points, points earned in all, redemptions waiting, and the main wallet money a redemption may use", response: responses(PointBalanceResponse) },
  }, async (req) => okValue(await points.balance(req.merchant, await req.requireAuth())));

  r.post('/wps/relay/passwordCheck/MCS2_redeemPointReward', {
    schema: {
      tags,
      security,
      summary: 'Redeems goods: points leave at once, a cash part is held until the site decides; payment password; idempotent per key',
      body: PointRedeemBody,
      response: responses(PointOrderResultResponse),
    },
    config: spendLimit,
  }, async (req) => okValue(await points.redeem(req.merchant, await req.requireAuth(), req.body)));

  r.post('/wps/relay/passwordCheck/MCS2_convertPoint', {
    schema: { tags, security, summary: 'Converts whole units of main wallet cash into points at the site ratio, at once; payment password; idempotent per key', body: PointConvertBody, response: responses(PointOrderResultResponse) },
    config: spendLimit,
  }, async (req) => okValue(await points.convert(req.merchant, await req.requireAuth(), req.body)));

  r.get('/wps/relay/MCS2_getRedeemPointList', {
    schema: { tags, security, summary: "The member's redemption records (goods and conversions), newest first, 20 a page", querystring: PointOrderListQuery, response: responses(PointOrderListResponse) },
  }, async (req) => okValue(await points.orders(req.merchant, await req.requireAuth(), req.query)));

  r.get('/wps/points/details', {
    schema: { tags, security, summary: "The member's points details: every change with the balance after it, newest first, 20 a page", querystring: PointEntryQuery, response: responses(PointEntryListResponse) },
  }, async (req) => okValue(await points.details(req.merchant, await req.requireAuth(), req.query)));

  const ops = ['ops'];
  r.get('/ops/point-goods', {
    schema: { tags: ops, security, summary: 'Every good of the points mall, on sale or not; admin, finance and support', response: responses(OpsPointGoodsListResponse) },
  }, async (req) => okValue(await points.opsGoods(await req.requireOperator())));

  r.post('/ops/point-goods', {
    schema: { tags: ops, security, summary: 'Puts a good in the points mall; audited; admin', body: OpsPointGoodsBody, response: responses(OpsPointGoodsResponse) },
  }, async (req) => okValue(await points.createGoods(await req.requireOperator(), req.body, clientOf(req))));

  r.patch('/ops/point-goods/:id', {
    schema: { tags: ops, security, summary: 'Changes a good: on sale or not, price, limit, order, more stock; audited; admin', params: IdParams, body: OpsPointGoodsPatch, response: responses(OpsPointGoodsResponse) },
  }, async (req) => okValue(await points.patchGoods(await req.requireOperator(), req.params.id, req.body, clientOf(req))));

  r.get('/ops/point-orders', {
    schema: { tags: ops, security, summary: 'Redemption records of this site, newest first, 20 a page, by status; admin, finance and support', querystring: OpsPointOrderQuery, response: responses(OpsPointOrderListResponse) },
  }, async (req) => okValue(await points.opsOrders(await req.requireOperator(), req.query)));

  const decisions = [
    ['approve', 'Approves a goods redemption: its held cash goes to points sales; audited; admin and finance'],
    ['reject', 'Rejects a goods redemption with a remark the member reads: cash released, points and stock returned; audited; admin and finance'],
  ] as const;
  for (const [decision, summary] of decisions) {
    r.post(`/ops/point-orders/:id/${decision}`, {
      schema: { tags: ops, security, summary, params: IdParams, body: OpsPointOrderDecisionBody, response: responses(OpsPointOrderDecisionResponse) },
    }, async (req) => okValue(await points.decide(await req.requireOperator(), req.merchant, req.params.id, decision, req.body?.remark, clientOf(req))));
  }

  r.post('/ops/members/:id/points', {
    schema: { tags: ops, security, summary: "Adjusts a member's points (signed) with a reason; once per key; audited; admin and finance", params: OpsMemberParams, body: OpsPointAdjustBody, response: responses(OpsPointAdjustResponse) },
  }, async (req) => okValue(await points.adjust(await req.requireOperator(), req.params.id, req.body, clientOf(req))));
};
