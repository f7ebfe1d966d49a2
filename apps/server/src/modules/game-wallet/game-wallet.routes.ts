import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { VENDOR_ACTIONS, VENDOR_CALLS, VENDOR_ERRORS, VendorErrorResponse, type VendorErrorCode } from '@apsara/contracts';
import { vendorError, type SeamlessApi } from './seamless-api.js';

const SUMMARIES: Record<(typeof VENDOR_ACTIONS)[number], string> = {
  authenticate: 'The game opens: checks the launch token is live and the player may play; answers the player, currency and balance',
  balance: "The player's balance (an expired token may still ask)",
  bet: 'Debits a stake in a round; a repeated transactionId replays the first answer and moves nothing',
  win: 'Credits a win (0.00 records a loss) in an open round; accepted with an expired token',
  rollback: 'Undoes a bet (referenceTransactionId): its stake comes back; a rollback that finds no bet refuses that bet if it arrives later',
  endRound: 'Closes a round: no bet, win or rollback is accepted in it afterwards',
};

/** Vendors are servers carrying many players each: the limit stops a runaway loop, not play. */
const VENDOR_RATE_LIMIT = { max: 20_000, timeWindow: 60_000 };

const errorReplies = Object.fromEntries([...new Set(Object.values(VENDOR_ERRORS).map((e) => e.status))].map((s) => [s, VendorErrorResponse]));

/**
 * POST /vendor-api/:vendorCode/{authenticate,balance,bet,win,rollback,endRound} — called by game
 * vendors' servers, signed over the raw body (docs/vendor-protocol.md). Not member calls: no portal
 * envelope, every answer and every failure in the vendor format.
 */
export const gameWalletRoutes = async (app: FastifyInstance, api: SeamlessApi) => {
  await app.register(
    async (scope) => {
      // The signature covers the bytes as sent: keep them, parse only after the check.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));

      scope.setErrorHandler((err: FastifyError, request, reply) => {
        const code: VendorErrorCode =
          err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'PAYLOAD_TOO_LARGE'
          : err.statusCode === 429 ? 'RATE_LIMITED'
          : err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? 'BAD_REQUEST'
          : 'INTERNAL_ERROR';
        if (code === 'INTERNAL_ERROR') request.log.error({ err }, 'vendor wallet call failed');
        const status = code === 'BAD_REQUEST' ? err.statusCode! : VENDOR_ERRORS[code].status;
        return reply.status(status).send(vendorError(code));
      });
      scope.setNotFoundHandler((_request, reply) => reply.status(404).send(vendorError('NOT_FOUND')));

      for (const action of VENDOR_ACTIONS) {
        scope.post(`/:vendorCode/${action}`, {
          schema: {
            tags: ['vendor'],
            summary: SUMMARIES[action],
            description: 'Server to server. Header X-Signature: hex HMAC-SHA256 of the raw body with the vendor secret. Answers {status:"OK",…} or {status:"ERROR",code,message,balance?}.',
            params: z.object({ vendorCode: z.string().max(12) }),
            headers: z.object({ 'x-signature': z.string().describe('hex HMAC-SHA256 of the raw body') }),
            body: VENDOR_CALLS[action].body,
            response: { 200: VENDOR_CALLS[action].response, ...errorReplies },
          },
          // The body is checked after its signature, in seamless-api.ts.
          validatorCompiler: () => (data: unknown) => ({ value: data }),
          // A copy per route: the app scales each route's limit in place.
          config: { rateLimit: { ...VENDOR_RATE_LIMIT } },
        }, async (req, reply) => {
          const { vendorCode } = req.params as { vendorCode: string };
          const signature = req.headers['x-signature'];
          const out = await api.handle(vendorCode, action, typeof req.body === 'string' ? req.body : '', typeof signature === 'string' ? signature : undefined);
          // Each answer carries its own status (one per code); the schemas above hold for each.
          return (reply as FastifyReply).status(out.httpStatus).send(out.body);
        });
      }
    },
    { prefix: '/vendor-api' },
  );
};
