import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordBody,
  ChangePasswordResponse,
  LanguageUpdateBody,
  MemberIconResponse,
  MemberInfoResponse,
  ok,
  RegisterBody,
  RegisterResponse,
} from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { MemberService } from './member.service.js';

export const memberRoutes = (app: FastifyInstance, members: MemberService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];
  const security = [{ bearer: [] }];

  r.put('/wps/member/register', {
    schema: { tags, summary: 'Registers a member by username; success signs in', body: RegisterBody, response: responses(RegisterResponse) },
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
  }, async (req) => okValue(await members.register(req.merchant, req.body, clientOf(req), req.lang)));

  r.put('/wps/member/register/mobile', {
    schema: { tags, summary: 'Registers a member by mobile number (username = the number without leading zeros)', body: RegisterBody, response: responses(RegisterResponse) },
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
  }, async (req) => okValue(await members.register(req.merchant, req.body, clientOf(req), req.lang, 'mobile')));

  r.get('/wps/member/info', { schema: { tags, security, summary: 'The signed-in member', response: responses(MemberInfoResponse) } },
    async (req) => okValue(await members.info(req.merchant, await req.requireAuth())));

  r.get('/wps/member/info/icon', { schema: { tags, security, summary: "The member's avatar", response: responses(MemberIconResponse) } },
    async (req) => okValue(await members.icon(req.merchant, await req.requireAuth())));

  r.post('/wps/member/password', {
    schema: { tags, security, summary: 'Changes the password; every session ends', body: ChangePasswordBody, response: responses(ChangePasswordResponse) },
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
  }, async (req) => okValue(await members.changePassword(req.merchant, await req.requireAuth(), req.body, req.lang)));

  r.put('/wps/member/language', {
    schema: { tags, security, summary: 'Remembers the language the member reads', body: LanguageUpdateBody, response: responses(ok(z.object({ language: z.string() }))) },
  }, async (req) => {
    await members.setLanguage(req.merchant, await req.requireAuth(), req.body.language);
    return okValue({ language: req.body.language });
  });
};
