import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ForgotByEmailBody,
  ForgotByPhoneBody,
  ForgotPasswordResponse,
  ResetByPhoneResponse,
  ResetPasswordBody,
  ResetPasswordResponse,
  SmsCodeBody,
  SmsCodeResponse,
} from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import type { VerificationService } from './verification.service.js';

export const verificationRoutes = (app: FastifyInstance, verification: VerificationService, publicBaseUrl: string) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: 10, timeWindow: 60_000 } };
  // A reset link points at the site the member asked from, but only when that host is one of the
  // merchant's own domains: a forged Host header must not put someone else's address in the e-mail.
  const originOf = (req: FastifyRequest) => (req.domainMatched ? `${req.protocol}://${req.host}` : publicBaseUrl.replace(/\/+$/, ''));

  for (const route of ['noLogin', 'register'] as const) {
    r.post(`/wps/verification/sms/${route}`, {
      schema: {
        tags: ['verification'],
        summary: route === 'noLogin' ? 'Sends an SMS code for signing in, or for the phone password reset (purpose "reset")' : 'Sends an SMS code for registration',
        body: SmsCodeBody,
        response: responses(SmsCodeResponse),
      },
      config: limit,
    }, async (req) => okValue(await verification.sendSmsCode(req.merchant, route, req.body, req.ip, req.lang)));
  }

  r.post('/wps/member/password/email', {
    schema: { tags: ['member'], summary: 'Forgot password by e-mail: mails a one-time reset link when username and e-mail match (same answer either way)', body: ForgotByEmailBody, response: responses(ForgotPasswordResponse) },
    config: limit,
  }, async (req) => okValue(await verification.forgotByEmail(req.merchant, req.body, req.lang, { ip: req.ip, origin: originOf(req) })));

  r.post('/wps/member/password/verification', {
    schema: { tags: ['member'], summary: 'Forgot password by phone: a reset SMS code and the new password; ends every session', body: ForgotByPhoneBody, response: responses(ResetByPhoneResponse) },
    config: limit,
  }, async (req) => okValue(await verification.forgotByPhone(req.merchant, req.body, req.lang, req.ip)));

  r.post('/wps/member/password/reset', {
    schema: { tags: ['member'], summary: 'Sets a new password with the token of an e-mailed reset link; ends every session', body: ResetPasswordBody, response: responses(ResetPasswordResponse) },
    config: limit,
  }, async (req) => okValue(await verification.resetWithToken(req.merchant, req.body, req.lang, req.ip)));
};
