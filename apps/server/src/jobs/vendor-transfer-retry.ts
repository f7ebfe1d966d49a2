import type { TransferWalletService } from '../modules/transfer-wallet/transfer-wallet.service.js';

/**
 * Retries pending transfers with transfer-wallet vendors (docs/vendor-protocol.md "Transfer wallet"):
 * every `everyMs`, the due ones (exponential backoff per row) are asked about and settled. Each
 * attempt is claimed in the database, so every API node may run this timer.
 */
export const scheduleVendorTransferRetry = (
  transfers: Pick<TransferWalletService, 'retryDue'>,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  everyMs = 5_000,
) => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    transfers
      .retryDue()
      .then((n) => {
        if (n > 0) log.info({ settled: n }, 'pending vendor transfers settled');
      })
      .catch((err) => log.error({ err }, 'vendor transfer retry failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
