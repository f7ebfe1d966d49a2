import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OpsAdjustmentBody,
  OpsAdjustmentResponse,
  OpsAuditQuery,
  OpsAuditResponse,
  OpsLoginBody,
  OpsLoginResponse,
  OpsLogoutResponse,
  OpsMeResponse,
  OpsMemberParams,
} from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { OpsService } from './ops.service.js';

/** The operator (back-office) API. Services check roles; routes only authenticate and translate. */
export const opsRoutes = (app: FastifyInstance, ops: OpsService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ bearer: [] }];

  r.post('/ops/session/login', {
    schema: { tags, summary: 'Operator sign-in; the token works on /ops only', body: OpsLoginBody, response: responses(OpsLoginResponse) },
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => okValue(await ops.login(req.merchant, req.body, clientOf(req), req.lang)));

  r.delete('/ops/session/logout', {
    schema: { tags, summary: 'Ends this operator session on the server', security, response: responses(OpsLogoutResponse) },
  }, async (req) => {
    await ops.logout(await req.requireOperator());
    return okValue({ loggedOut: true as const });
  });

  r.get('/ops/me', {
    schema: { tags, summary: 'The signed-in operator', security, response: responses(OpsMeResponse) },
  }, async (req) => okValue(await ops.me(await req.requireOperator(), req.merchant)));

  r.post('/ops/members/:id/adjustments', {
    schema: {
      tags,
      summary: "Credit (amount > 0) or debit (amount < 0) a member's main wallet; audited; admin and finance",
      security,
      params: OpsMemberParams,
      body: OpsAdjustmentBody,
      response: responses(OpsAdjustmentResponse),
    },
  }, async (req) => okValue(await ops.adjust(await req.requireOperator(), req.merchant, req.params.id, req.body, clientOf(req))));

  r.get('/ops/audit', {
    schema: { tags, summary: 'The audit log, newest first, 50 a page; admin only', security, querystring: OpsAuditQuery, response: responses(OpsAuditResponse) },
  }, async (req) => okValue(await ops.auditPage(await req.requireOperator(), req.query)));
};
