import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FreePlayBody, FreePlayResponse, LoginBody, LoginConfirmBody, LoginConfirmResponse, LoginResendBody, LoginResendResponse, LoginResponse, LogoutResponse } from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import { tokenOf } from '../../plugins/auth.js';
import type { SessionService } from './session.service.js';

export const sessionRoutes = (app: FastifyInstance, sessions: SessionService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];

  r.post('/wps/session/login', {
    schema: { tags, summary: 'Sign in with username and password', body: LoginBody, response: responses(LoginResponse) },
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => okValue(await sessions.login(req.merchant, req.body, clientOf(req), req.lang)));

  r.post('/wps/session/login/confirm', {
    schema: {
      tags,
      summary: 'Two-factor login confirmation: the code sent after a sign-in from a new address (403 LOGIN_CONFIRMATION_REQUIRED, data = challengeId, channel, masked to, expiresIn, resendIn) opens the session',
      body: LoginConfirmBody,
      response: responses(LoginConfirmResponse),
    },
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
  }, async (req) => okValue(await sessions.confirmLogin(req.merchant, req.body, clientOf(req), req.lang)));

  r.post('/wps/session/login/confirm/resend', {
    schema: { tags, summary: 'Sends a new code for a pending login confirmation (the previous code dies)', body: LoginResendBody, response: responses(LoginResendResponse) },
    config: { rateLimit: { max: 10, timeWindow: 60_000 } },
  }, async (req) => okValue(await sessions.resendLoginCode(req.merchant, req.body, clientOf(req), req.lang)));

  r.post('/wps/session/login/freeplay', {
    schema: { tags, summary: 'Free play: a trial account (type 4), signed in', body: FreePlayBody.optional(), response: responses(FreePlayResponse) },
    config: { rateLimit: { max: 5, timeWindow: 60_000 } },
  }, async (req) => okValue(await sessions.freePlay(req.merchant, clientOf(req))));

  r.delete('/wps/session/logout', {
    schema: { tags, summary: 'Ends this session on the server', security: [{ bearer: [] }], response: responses(LogoutResponse) },
  }, async (req) => {
    await req.requireAuth();
    await sessions.logout(tokenOf(req)!, req.merchant.id);
    return okValue({ loggedOut: true as const });
  });
};
