import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DepositBankForm,
  DepositChannelsResponse,
  DepositCreateResponse,
  DepositListQuery,
  DepositListResponse,
  DepositOnlineBody,
  DepositOnlineResponse,
  OpsDepositListResponse,
  OpsDepositParams,
  OpsDepositReviewBody,
  OpsDepositReviewResponse,
  UploadParams,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { DepositService } from './deposit.service.js';
import { readDepositForm } from './deposit-form.js';
import type { OnlineDepositService } from './online.service.js';

const Binary = z.string().meta({ format: 'binary' });

/** Member and operator calls of manual deposits. Services check who may act; routes only translate. */
export const depositRoutes = (app: FastifyInstance, deposits: DepositService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  r.get('/wps/v2/deposit/channels', {
    schema: { tags: ['deposit'], security, summary: 'The enabled payment channels (bank details for transfers, limits)', response: responses(DepositChannelsResponse) },
  }, async (req) => {
    await req.requireAuth();
    return okValue(deposits.channels(req.merchant));
  });

  r.post('/wps/v2/deposit/bank', {
    schema: {
      tags: ['deposit'],
      security,
      summary: 'Reports a bank transfer with its receipt: a pending deposit, no money moves until an operator approves',
      description: 'multipart/form-data: the text fields channelId, amount, reference, idempotencyKey and exactly one file `receipt` (png or jpg by content, at most 5242880 bytes). A repeated idempotencyKey returns the first deposit.',
      consumes: ['multipart/form-data'],
      body: DepositBankForm,
      response: responses(DepositCreateResponse),
    },
    // The schema documents the form; the parts are read and checked by the handler (readDepositForm).
    validatorCompiler: (route) => (route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0])),
    config: { rateLimit: { max: 20, timeWindow: 60_000 } },
  }, async (req) => {
    const auth = await req.requireAuth();
    deposits.mayDeposit(auth);
    const form = await readDepositForm(req);
    return okValue(await deposits.requestBank(req.merchant, auth, form.fields, { bytes: form.receipt }));
  });

  r.get('/wps/v2/deposits', {
    schema: { tags: ['deposit'], security, summary: "The member's own deposits, newest first, 20 a page", querystring: DepositListQuery, response: responses(DepositListResponse) },
  }, async (req) => okValue(await deposits.listMine(req.merchant, await req.requireAuth(), req.query)));

  r.get('/wps/v2/uploads/:id', {
    schema: {
      tags: ['deposit'],
      security,
      summary: 'A receipt image: for the member who uploaded it and for operators of the merchant; 404 for anyone else',
      params: UploadParams,
      response: { ...responses(Binary), 200: { description: 'The image', content: { 'image/png': { schema: Binary }, 'image/jpeg': { schema: Binary } } } },
    },
  }, async (req, reply) => {
    const file = await deposits.upload(req.merchant.id, req.params.id, await viewerOf(req));
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, no-store')
      // Bytes go out as they are: Fastify never runs a serializer on a Buffer.
      .send(file.bytes as unknown as string);
  });

  r.get('/ops/deposits', {
    schema: { tags: ['ops'], security, summary: 'Deposits of this merchant, newest first, 20 a page; admin, finance and support', querystring: DepositListQuery, response: responses(OpsDepositListResponse) },
  }, async (req) => okValue(await deposits.listForOps(await req.requireOperator(), req.query)));

  r.post('/ops/deposits/:id/approve', {
    schema: {
      tags: ['ops'],
      security,
      summary: "Approves a pending deposit: credits the member's main wallet once, audited; approving again returns it unchanged; admin and finance",
      params: OpsDepositParams,
      body: OpsDepositReviewBody,
      response: responses(OpsDepositReviewResponse),
    },
  }, async (req) => okValue(await deposits.approve(await req.requireOperator(), req.merchant, req.params.id, req.body?.note, clientOf(req))));

  r.post('/ops/deposits/:id/reject', {
    schema: {
      tags: ['ops'],
      security,
      summary: 'Rejects a pending deposit (no money moves), audited; admin and finance',
      params: OpsDepositParams,
      body: OpsDepositReviewBody,
      response: responses(OpsDepositReviewResponse),
    },
  }, async (req) => okValue(await deposits.reject(await req.requireOperator(), req.params.id, req.body?.note, clientOf(req))));
};

/** A receipt may be read by a member or an operator: whichever the token belongs to. */
const viewerOf = async (req: FastifyRequest) => {
  try {
    return { memberId: (await req.requireAuth()).memberId };
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'NOT_LOGGED_IN') throw e;
  }
  try {
    return { operator: await req.requireOperator() };
  } catch (e) {
    if (e instanceof AppError && e.code === 'OPERATOR_NOT_LOGGED_IN') throw new AppError('NOT_LOGGED_IN');
    throw e;
  }
};

/** POST /wps/v2/deposit/online — opens an order and answers with the provider's payment page. */
export const onlineDepositRoutes = (app: FastifyInstance, online: OnlineDepositService) => {
  app.withTypeProvider<ZodTypeProvider>().post('/wps/v2/deposit/online', {
    schema: {
      tags: ['deposit'],
      security: [{ bearer: [] }],
      summary: "Opens an online payment order (pending) and returns payUrl, the provider's checkout; the provider's signed callback settles it",
      body: DepositOnlineBody,
      response: responses(DepositOnlineResponse),
    },
    config: { rateLimit: { max: 20, timeWindow: 60_000 } },
  }, async (req) => okValue(await online.request(req.merchant, await req.requireAuth(), req.body)));
};
