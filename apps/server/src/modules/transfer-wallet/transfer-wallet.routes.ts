import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import type { TransferWalletService } from './transfer-wallet.service.js';
import { CHECK_RESULTS, type GameWalletReconciler } from './reconcile.js';

export const OpsVendorTransfersQuery = z.object({
  status: z.enum(['pending', 'failed', 'refused']).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const OpsVendorTransfer = z.object({
  transactionId: z.string().describe('Our transaction id: the idempotency key at the vendor, and what `status` is asked about'),
  vendor: z.string(),
  direction: z.enum(['in', 'out']).describe('in: main wallet → vendor; out: vendor → main wallet'),
  username: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(['ok', 'refused', 'pending', 'failed']),
  attempts: z.number().int(),
  code: z.string().nullable().describe("The vendor's refusal code, or VENDOR_TIMEOUT when it was given up"),
  lastError: z.string().nullable().describe('Why the last attempt got no answer (timeout, HTTP 5xx …)'),
  nextRetryAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const OpsVendorTransfersResponse = ok(z.object({ items: z.array(OpsVendorTransfer), page: z.number().int(), pageSize: z.number().int() }));

export const OpsGameWalletChecksQuery = z.object({
  result: z.enum(CHECK_RESULTS).default('player_unknown'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const OpsGameWalletCheck = z.object({
  vendor: z.string(),
  memberId: z.string(),
  username: z.string(),
  balance: z.string().describe('The game wallet in our books now'),
  held: z.string().describe('Of it, held for a transfer not settled yet'),
  currency: z.string(),
  result: z
    .enum(CHECK_RESULTS)
    .describe(
      "synced: the wallet was brought to the vendor's balance; pending / raced: a transfer was unsettled or crossed the check, nothing was believed; unavailable: the vendor did not answer; player_unknown: the vendor has no record of a player whose wallet holds money (left for an operator); error: the check failed (logged)",
    ),
  checkedAt: z.string().describe("When the job's check started (a check still running is listed with its predecessor's result)"),
  finishedAt: z.string().nullable().describe('When it ended'),
});

export const OpsGameWalletChecksResponse = ok(z.object({ items: z.array(OpsGameWalletCheck), page: z.number().int(), pageSize: z.number().int() }));

const PAGE_SIZE = 50;

/**
 * GET /ops/vendor-transfers: the transfer wallet's error records; GET /ops/game-wallet-checks: how the
 * last reconciliation of each game wallet ended (admin, finance, support).
 */
export const transferWalletRoutes = (app: FastifyInstance, transfers: TransferWalletService, checks: GameWalletReconciler) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/ops/vendor-transfers', {
    schema: {
      tags: ['ops'],
      summary: 'Transfers to and from transfer-wallet vendors that are pending (being retried), failed (given up, money returned) or refused; newest first, 50 a page',
      security: [{ bearer: [] }],
      querystring: OpsVendorTransfersQuery,
      response: responses(OpsVendorTransfersResponse),
    },
  }, async (req) => {
    const actor = await req.requireOperator(['admin', 'finance', 'support']);
    const items = await transfers.list(actor.merchantId, req.query.status, req.query.page, PAGE_SIZE);
    return okValue({ items, page: req.query.page, pageSize: PAGE_SIZE });
  });
  r.get('/ops/game-wallet-checks', {
    schema: {
      tags: ['ops'],
      summary: "Game wallets whose last check by the reconciliation job (wallets holding money that nobody compared with their vendor for an hour) ended this way; newest first, 50 a page",
      security: [{ bearer: [] }],
      querystring: OpsGameWalletChecksQuery,
      response: responses(OpsGameWalletChecksResponse),
    },
  }, async (req) => {
    const actor = await req.requireOperator(['admin', 'finance', 'support']);
    const items = await checks.list(actor.merchantId, req.query.result, req.query.page, PAGE_SIZE);
    return okValue({ items, page: req.query.page, pageSize: PAGE_SIZE });
  });
};
