import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { SessionService, AuthContext } from '../modules/session/session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, or throws NOT_LOGGED_IN. */
    requireAuth: () => Promise<AuthContext>;
  }
}

const bearer = (request: FastifyRequest) => {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(h.trim());
  return m?.[1];
};

/** Adds `request.requireAuth()`; the token is looked up once per request and scoped to the request's merchant. */
export const registerAuth = (app: FastifyInstance, sessions: SessionService) => {
  app.decorateRequest('requireAuth', function (this: FastifyRequest) {
    return Promise.reject(new AppError('NOT_LOGGED_IN'));
  });
  app.addHook('onRequest', async (request) => {
    let memo: Promise<AuthContext> | undefined;
    request.requireAuth = () => {
      memo ??= (async () => {
        const token = bearer(request);
        if (!token) throw new AppError('NOT_LOGGED_IN');
        const ctx = await sessions.authenticate(token, request.merchant.id);
        if (!ctx) throw new AppError('NOT_LOGGED_IN');
        return ctx;
      })();
      return memo;
    };
  });
};

export const tokenOf = bearer;
