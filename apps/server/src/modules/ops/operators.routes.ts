import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OpsMemberParams,
  OpsOperatorBody,
  OpsOperatorListResponse,
  OpsOperatorPasswordBody,
  OpsOperatorPatch,
  OpsOperatorResponse,
  OpsOwnPasswordBody,
  OpsPasswordChangedResponse,
} from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { OperatorsService } from './operators.service.js';

/** The site's operator accounts (docs/operators.md "Operator accounts"). */
export const operatorsRoutes = (app: FastifyInstance, operators: OperatorsService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ bearer: [] }];
  // Password changes cost an argon2id hash each; a burst is a script.
  const passwordLimit = { rateLimit: { max: 10, timeWindow: 60_000 } };

  r.get('/ops/operators', {
    schema: { tags, security, summary: "The site's operators with their role, status and last sign-in; admin", response: responses(OpsOperatorListResponse) },
  }, async (req) => okValue(await operators.list(await req.requireOperator())));

  r.post('/ops/operators', {
    schema: { tags, security, summary: 'Creates an operator of this site (password: 10+ characters with a letter and a digit); audited without the password; admin', body: OpsOperatorBody, response: responses(OpsOperatorResponse) },
    config: passwordLimit,
  }, async (req) => okValue(await operators.create(await req.requireOperator(), req.body, clientOf(req))));

  r.patch('/ops/operators/:id', {
    schema: { tags, security, summary: "Changes another operator's role or status (disabling ends their sessions); the site keeps one active admin; audited; admin", params: OpsMemberParams, body: OpsOperatorPatch, response: responses(OpsOperatorResponse) },
  }, async (req) => okValue(await operators.patch(await req.requireOperator(), req.params.id, req.body, clientOf(req))));

  r.post('/ops/operators/:id/password', {
    schema: { tags, security, summary: "Sets an operator's password and ends their sessions; audited without the password; admin", params: OpsMemberParams, body: OpsOperatorPasswordBody, response: responses(OpsPasswordChangedResponse) },
    config: passwordLimit,
  }, async (req) => okValue(await operators.resetPassword(await req.requireOperator(), req.params.id, req.body.password, clientOf(req))));

  r.post('/ops/me/password', {
    schema: { tags, security, summary: "Changes the signed-in operator's own password (the current one first); their other sessions end; audited", body: OpsOwnPasswordBody, response: responses(OpsPasswordChangedResponse) },
    config: passwordLimit,
  }, async (req) => okValue(await operators.changeOwnPassword(await req.requireOperator(), req.body, clientOf(req))));
};
