import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CaptchaResponse } from '@apsara/contracts';
import { responses } from '../../plugins/http.js';
import type { CaptchaService } from './captcha.service.js';

export const captchaRoutes = (app: FastifyInstance, captchas: CaptchaService) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/wps/captcha',
    {
      schema: {
        tags: ['system'],
        summary: 'A new single-use image captcha (base64 PNG); at most one per second per client',
        response: responses(CaptchaResponse),
      },
      // Beyond the 1-per-second refresh rule: each captcha costs a PNG render and a row.
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const c = await captchas.issue(request.merchant.id, request.ip);
      reply.header('cache-control', 'no-store');
      return { success: true as const, value: c.image, captchaId: c.captchaId, expiresInSeconds: c.expiresInSeconds };
    },
  );
};
