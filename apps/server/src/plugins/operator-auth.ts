import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperatorRole } from '@apsara/contracts';
import { AppError } from '../lib/app-error.js';
import { tokenOf } from './auth.js';
import { allowRoles, type OperatorContext, type OpsService } from '../modules/ops/ops.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in operator of this request's merchant, or throws OPERATOR_NOT_LOGGED_IN; with
     * `roles`, also OPERATOR_FORBIDDEN for any other role. Member tokens never pass: operators have
     * their own session table.
     */
    requireOperator: (roles?: readonly OperatorRole[]) => Promise<OperatorContext>;
  }
}

/** Adds `request.requireOperator()`; the token is looked up once per request. */
export const registerOperatorAuth = (app: FastifyInstance, ops: Pick<OpsService, 'authenticate'>) => {
  app.decorateRequest('requireOperator', function (this: FastifyRequest) {
    return Promise.reject(new AppError('OPERATOR_NOT_LOGGED_IN'));
  });
  app.addHook('onRequest', async (request) => {
    let memo: Promise<OperatorContext> | undefined;
    request.requireOperator = async (roles) => {
      memo ??= (async () => {
        const token = tokenOf(request);
        if (!token) throw new AppError('OPERATOR_NOT_LOGGED_IN');
        const ctx = await ops.authenticate(token, request.merchant.id);
        if (!ctx) throw new AppError('OPERATOR_NOT_LOGGED_IN');
        return ctx;
      })();
      const ctx = await memo;
      if (roles) allowRoles(ctx, roles);
      return ctx;
    };
  });
};
