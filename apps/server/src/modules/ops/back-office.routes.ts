import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CountryCodesResponse, OpsConfigResponse, OpsConfigSectionParams, OpsMemberDetailResponse, OpsMemberIdParams, OpsMemberKindBody, OpsMemberListResponse, OpsMemberPasswordResetBody, OpsMemberPasswordResetResponse, OpsMemberQuery, OpsMemberStatusBody } from '@apsara/contracts';
import { z } from 'zod';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { BackOfficeService } from './back-office.service.js';

/** The back office's member lookup and site settings (docs/operators.md). */
export const backOfficeRoutes = (app: FastifyInstance, bo: BackOfficeService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ bearer: [] }];

  r.get('/ops/members', {
    schema: { tags, security, summary: 'Members of this site, newest first, 20 a page: by part of a username or an id, status and kind; admin, finance and support', querystring: OpsMemberQuery, response: responses(OpsMemberListResponse) },
  }, async (req) => okValue(await bo.members(await req.requireOperator(), req.query)));

  r.get('/ops/members/:id', {
    schema: { tags, security, summary: 'One member of this site with their wallets, lifetime figures, points and VIP rank; admin, finance and support', params: OpsMemberIdParams, response: responses(OpsMemberDetailResponse) },
  }, async (req) => okValue(await bo.member(await req.requireOperator(), req.params.id)));

  r.post('/ops/members/:id/status', {
    schema: { tags, security, summary: 'Freezes a member (ending every session of theirs) or reopens them, with a reason; audited; admin', params: OpsMemberIdParams, body: OpsMemberStatusBody, response: responses(OpsMemberDetailResponse) },
  }, async (req) => okValue(await bo.setStatus(await req.requireOperator(), req.params.id, req.body, clientOf(req))));

  r.post('/ops/members/:id/kind', {
    schema: {
      tags,
      security,
      summary: 'Makes a player an agent (type 1, with an invitation code), or an agent opened as type 1 with no direct downline and no open contract a player again, with a reason; audited; admin',
      params: OpsMemberIdParams,
      body: OpsMemberKindBody,
      response: responses(OpsMemberDetailResponse),
    },
  }, async (req) => okValue(await bo.setKind(await req.requireOperator(), req.params.id, req.body, clientOf(req))));

  r.post('/ops/members/:id/password', {
    schema: {
      tags,
      security,
      summary: "Gives a member a temporary password, answered once, and signs them out everywhere; with it they may only choose their own password; with a reason; audited without the password; admin and support",
      params: OpsMemberIdParams,
      body: OpsMemberPasswordResetBody,
      response: responses(OpsMemberPasswordResetResponse),
    },
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req, reply) => {
    const value = await bo.resetPassword(await req.requireOperator(), req.merchant, req.params.id, req.body, clientOf(req));
    // The answer holds a password: nothing on the way keeps it.
    reply.header('cache-control', 'no-store');
    return okValue(value);
  });

  r.get('/ops/config', {
    schema: { tags, security, summary: "This site's editable settings (invite friends, missions, VIP, withdrawals, points, chat, maintenance, flags, registration, sign-in security, two-factor sign-in, sign-up bonus, SMS codes, blocked ranges, agent contract kinds, country dialing codes) with defaults filled in; admin, finance and support", response: responses(OpsConfigResponse) },
  }, async (req) => okValue(bo.config(await req.requireOperator(), req.merchant)));

  r.get('/ops/dialing-codes', {
    schema: { tags, security, summary: 'Every country with its dialing code and its name in the caller\'s language, to choose the countries a site takes numbers from (settings section dialingCodes); admin, finance and support', response: responses(CountryCodesResponse) },
  }, async (req) => okValue(bo.dialingCatalogue(await req.requireOperator(), req.lang)));

  r.patch('/ops/config/:section', {
    schema: {
      tags,
      security,
      summary: 'Replaces one settings section whole, checked by the schema the server reads it with; audited with before and after; admin',
      params: OpsConfigSectionParams,
      // A section may be an object, a list (blockedCidrs) or null (signupBonus): its own schema decides.
      body: z.unknown(),
      response: responses(OpsConfigResponse),
    },
  }, async (req) => okValue(await bo.setConfig(await req.requireOperator(), req.params.section, req.body, clientOf(req))));
};
