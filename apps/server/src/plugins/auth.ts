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

/**
 * What a session signed in with the default password 123456 may still do until it is changed (spec §4
 * step 3): read, change the password, set its language, sign out. Any other write is refused here, so
 * the forced change is the server's rule and not only the web app's popup.
 */
const WHILE_PASSWORD_CHANGE = new Set(['POST /wps/member/password', 'PUT /wps/member/language', 'DELETE /wps/session/logout']);
const READS = new Set(['GET', 'HEAD']);

const MEMO = Symbol('apsara.auth');
type WithMemo = FastifyRequest & { [MEMO]?: Promise<AuthContext> };

/** Adds `request.requireAuth()`; the token is looked up once per request and scoped to the request's merchant. */
export const registerAuth = (app: FastifyInstance, sessions: SessionService) => {
  // A method on every request rather than a hook: requests that never ask who is calling pay nothing.
  app.decorateRequest('requireAuth', function (this: WithMemo) {
    this[MEMO] ??= (async () => {
      const token = bearer(this);
      if (!token) throw new AppError('NOT_LOGGED_IN');
      const ctx = await sessions.authenticate(token, this.merchant.id);
      if (!ctx) throw new AppError('NOT_LOGGED_IN');
      if (ctx.mustChangePassword && !READS.has(this.method) && !WHILE_PASSWORD_CHANGE.has(`${this.method} ${this.routeOptions.url}`)) throw new AppError('PASSWORD_CHANGE_REQUIRED');
      return ctx;
    })();
    return this[MEMO];
  });
};

export const tokenOf = bearer;

/** The signed-in member when the request carries a live token; a visitor (null) otherwise: for calls open to visitors that say more to members. */
export const maybeAuth = async (req: FastifyRequest) => {
  if (!req.headers.authorization) return null;
  try {
    return await req.requireAuth();
  } catch (e) {
    if (e instanceof AppError && e.code === 'NOT_LOGGED_IN') return null;
    throw e;
  }
};
