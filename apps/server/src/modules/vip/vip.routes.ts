import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OpsVipUpgradesResponse, VipResponse } from '@apsara/contracts';
import { maybeAuth } from '../../plugins/auth.js';
import { okValue, responses } from '../../plugins/http.js';
import type { VipService } from './vip.service.js';

/** VIP ranks (spec §2 promotions "VIP" and "rank explanation"; §3 member info's VIP flags). */
export const vipRoutes = (app: FastifyInstance, vip: VipService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/wps/vip', {
    schema: { tags: ['vip'], summary: "The site's VIP ranks with what each asks and pays (public); with a token, the member's rank, progress to the next and upgrades", response: responses(VipResponse) },
  }, async (req) => okValue(await vip.view(req.merchant, await maybeAuth(req))));

  r.get('/ops/vip/upgrades', {
    schema: { tags: ['ops'], security: [{ bearer: [] }], summary: 'Ranks members reached, newest first (200 at most), with their bonus and when it was paid; admin, finance and support', response: responses(OpsVipUpgradesResponse) },
  }, async (req) => okValue(await vip.opsUpgrades(await req.requireOperator())));
};
