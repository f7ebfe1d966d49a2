import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorEnvelope } from '@apsara/contracts';

/** Response map for a route: the success schema plus the error envelope for every failure status. */
export const responses = <T extends z.ZodTypeAny>(success: T) => ({
  200: success,
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  413: ErrorEnvelope,
  429: ErrorEnvelope,
  500: ErrorEnvelope,
  503: ErrorEnvelope,
});

export const okValue = <T>(value: T) => ({ success: true as const, value });

/** Who is calling, as services record it. */
export const clientOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 256) ?? null });
