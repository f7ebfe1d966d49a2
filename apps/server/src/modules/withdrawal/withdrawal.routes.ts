import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OpsWithdrawalListResponse,
  OpsWithdrawalReviewBody,
  OpsWithdrawalReviewResponse,
  WithdrawalConfirmBody,
  WithdrawalListQuery,
  WithdrawalListResponse,
  WithdrawalParams,
  WithdrawalResponse,
  WithdrawBody,
  WithdrawCreateResponse,
  WithdrawSettingsResponse,
} from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { WithdrawalService } from './withdrawal.service.js';

/** Member and operator calls of withdrawals. Services check who may act; routes only translate. */
export const withdrawalRoutes = (app: FastifyInstance, withdrawals: WithdrawalService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['withdrawal'];

  r.get('/wps/v2/withdraw/settings', {
    schema: { tags, security, summary: 'Limits, fee, confirmation window, available balance and bound cards for the withdraw page', response: responses(WithdrawSettingsResponse) },
  }, async (req) => okValue(await withdrawals.settings(req.merchant, await req.requireAuth())));

  r.post('/wps/v2/withdraw', {
    schema: {
      tags,
      security,
      summary: 'Requests a withdrawal to a bound card: the amount is held (not spendable) until an operator pays or rejects it; a repeated idempotencyKey returns the first request',
      body: WithdrawBody,
      response: responses(WithdrawCreateResponse),
    },
    config: { rateLimit: { max: 20, timeWindow: 60_000 } },
  }, async (req) => okValue(await withdrawals.request(req.merchant, await req.requireAuth(), req.body)));

  r.get('/wps/v2/withdrawals', {
    schema: { tags, security, summary: "The member's withdrawals, newest first, 20 a page", querystring: WithdrawalListQuery, response: responses(WithdrawalListResponse) },
  }, async (req) => okValue(await withdrawals.listMine(req.merchant, await req.requireAuth(), req.query)));

  r.post('/wps/v2/withdrawals/:id/confirm', {
    schema: {
      tags,
      security,
      summary: 'After payment: received, partially received (amount that arrived) or not received, with up to 3 proof images uploaded first',
      params: WithdrawalParams,
      body: WithdrawalConfirmBody,
      response: responses(WithdrawalResponse),
    },
    config: { rateLimit: { max: 20, timeWindow: 60_000 } },
  }, async (req) => okValue(await withdrawals.confirm(req.merchant, await req.requireAuth(), req.params.id, req.body)));

  r.get('/ops/withdrawals', {
    schema: {
      tags: ['ops'],
      security,
      summary: 'Withdrawals of this merchant, newest first, 20 a page, by status and confirmation; admin, finance and support (support sees account numbers masked)',
      querystring: WithdrawalListQuery,
      response: responses(OpsWithdrawalListResponse),
    },
  }, async (req) => okValue(await withdrawals.listForOps(await req.requireOperator(), req.query)));

  const decisions = [
    ['approve', 'Approves a pending withdrawal (funds stay held until paid); audited; admin and finance'],
    ['paid', 'Marks an approved withdrawal paid: the held amount leaves the wallet (payout to cash clearing, fee to fee income) and the confirmation window opens; audited; admin and finance'],
    ['reject', 'Rejects a pending or approved withdrawal: the hold is released; audited; admin and finance'],
  ] as const;
  for (const [decision, summary] of decisions) {
    r.post(`/ops/withdrawals/:id/${decision}`, {
      schema: { tags: ['ops'], security, summary, params: WithdrawalParams, body: OpsWithdrawalReviewBody, response: responses(OpsWithdrawalReviewResponse) },
    }, async (req) => okValue(await withdrawals.decide(await req.requireOperator(), req.merchant, req.params.id, decision, req.body?.note, clientOf(req))));
  }
};
