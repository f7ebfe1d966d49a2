import type { TransferWalletService } from '../modules/transfer-wallet/transfer-wallet.service.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * Retries pending transfers with transfer-wallet vendors (docs/vendor-protocol.md "Transfer wallet"):
 * every 5 seconds, the due ones (exponential backoff per row) are asked about and settled. Each
 * attempt is claimed in the database, so every API node may run this timer.
 */
export const scheduleVendorTransferRetry = (transfers: Pick<TransferWalletService, 'retryDue'>, log: JobLog, pattern = '*/5 * * * * *') =>
  schedule('vendor transfer retry', pattern, async () => {
    const n = await transfers.retryDue();
    if (n > 0) log.info({ settled: n }, 'pending vendor transfers settled');
  }, log);
