import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForgotByEmailBody, ForgotByPhoneBody, ForgotPasswordResponse, SmsCodeBody, SmsCodeResponse } from '@apsara/contracts';
import { responses } from '../../plugins/http.js';
import type { VerificationService } from './verification.service.js';

export const verificationRoutes = (app: FastifyInstance, verification: VerificationService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = { rateLimit: { max: 10, timeWindow: 60_000 } };

  for (const purpose of ['noLogin', 'register'] as const) {
    r.post(`/wps/verification/sms/${purpose}`, {
      schema: { tags: ['verification'], summary: `Sends an SMS code (${purpose === 'noLogin' ? 'login' : 'registration'}); needs an SMS gateway`, body: SmsCodeBody, response: responses(SmsCodeResponse) },
      config: limit,
    }, async (req) => verification.sendSmsCode(req.merchant, purpose, req.body, req.ip, req.lang));
  }

  r.post('/wps/member/password/email', {
    schema: { tags: ['member'], summary: 'Forgot password by e-mail; needs a mail gateway', body: ForgotByEmailBody, response: responses(ForgotPasswordResponse) },
    config: limit,
  }, async (req) => verification.forgotByEmail(req.merchant, req.body, req.lang));

  r.post('/wps/member/password/verification', {
    schema: { tags: ['member'], summary: 'Forgot password by phone and SMS code; needs an SMS gateway', body: ForgotByPhoneBody, response: responses(ForgotPasswordResponse) },
    config: limit,
  }, async (req) => verification.forgotByPhone(req.merchant, req.body, req.lang));
};
