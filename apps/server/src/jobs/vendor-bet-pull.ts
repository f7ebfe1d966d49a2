import type { Database } from '../db/database.js';
import { httpVendorBetsClient } from '../modules/vendor-bets/vendor-bets.client.js';
import { vendorBetsRepository } from '../modules/vendor-bets/vendor-bets.repository.js';
import { vendorBetsService, type VendorBetsService } from '../modules/vendor-bets/vendor-bets.service.js';
import { schedule } from './schedule.js';

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * The bet-log pull of the transfer-wallet vendors (docs/vendor-protocol.md "Bet log"), built on the
 * transfer wallet's connection: same base URL (VENDOR_TRANSFER_URL), timeout and signing secrets.
 */
export const vendorBetPull = (
  db: Database,
  conn: { baseUrl: string; timeoutMs: number; secretOf: (vendorCode: string) => string | undefined },
  log: Log,
  fetchImpl?: typeof fetch,
) => vendorBetsService({ repo: vendorBetsRepository(db), client: httpVendorBetsClient({ ...conn, fetchImpl }), log });

/**
 * Runs the pull every 30 seconds on every node. Nodes need no coordination: a page is written together
 * with the move of the cursor it was read from, so a node that read the same page writes nothing.
 */
export const scheduleVendorBetPull = (pull: Pick<VendorBetsService, 'pullAll'>, log: Log, pattern = '*/30 * * * * *') =>
  schedule('vendor bet pull', pattern, () => pull.pullAll(), log);
