import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BankCardListResponse,
  BankCardParams,
  BankCardResponse,
  BindBankCardBody,
  PaymentPasswordBody,
  PaymentPasswordResponse,
  RealNameBody,
  RealNameResponse,
  SecurityOverviewResponse,
  UnbindBankCardBody,
  UnbindBankCardResponse,
} from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import type { SecurityService } from './security.service.js';

/** Security center calls: every one acts on the signed-in member; the service checks who may act. */
export const securityRoutes = (app: FastifyInstance, security: SecurityService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['security'];
  const sec = [{ bearer: [] }];
  // Guessing a payment password is also counted per member in the service; this bounds the HTTP side.
  const writeLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

  r.get('/wps/member/security', {
    schema: { tags, security: sec, summary: 'The security center: real name, payment password set or not, bound bank cards', response: responses(SecurityOverviewResponse) },
  }, async (req) => okValue(await security.overview(req.merchant, await req.requireAuth())));

  r.post('/wps/member/security/real-name', {
    schema: { tags, security: sec, summary: 'Sets the real name bank cards must carry; once only', body: RealNameBody, response: responses(RealNameResponse) },
    config: writeLimit,
  }, async (req) => okValue(await security.setRealName(req.merchant, await req.requireAuth(), req.body)));

  r.post('/wps/member/security/payment-password', {
    schema: {
      tags,
      security: sec,
      summary: 'Sets the payment password (with the login password) or changes it (with the current payment password)',
      body: PaymentPasswordBody,
      response: responses(PaymentPasswordResponse),
    },
    config: writeLimit,
  }, async (req) => okValue(await security.setPaymentPassword(req.merchant, await req.requireAuth(), req.body)));

  r.get('/wps/member/bank-cards', {
    schema: { tags, security: sec, summary: 'Bound bank cards, account numbers masked', response: responses(BankCardListResponse) },
  }, async (req) => okValue(await security.listCards(req.merchant, await req.requireAuth())));

  r.post('/wps/member/bank-cards', {
    schema: {
      tags,
      security: sec,
      summary: 'Binds a bank card: the holder name must equal the real name; payment password required',
      body: BindBankCardBody,
      response: responses(BankCardResponse),
    },
    config: writeLimit,
  }, async (req) => okValue(await security.bindCard(req.merchant, await req.requireAuth(), req.body)));

  r.delete('/wps/member/bank-cards/:id', {
    schema: {
      tags,
      security: sec,
      summary: 'Removes a bank card (not while a withdrawal to it is open); payment password required',
      params: BankCardParams,
      body: UnbindBankCardBody,
      response: responses(UnbindBankCardResponse),
    },
    config: writeLimit,
  }, async (req) => okValue(await security.unbindCard(req.merchant, await req.requireAuth(), req.params.id, req.body.paymentPassword)));
};
