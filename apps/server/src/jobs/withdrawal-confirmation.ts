import type { Database } from '../db/database.js';
import { withdrawalRepository } from '../modules/withdrawal/withdrawal.repository.js';

/**
 * Paid withdrawals whose member has not answered by the deadline count as received (spec §4). The
 * update is one idempotent statement, so every API node may run it on its own timer.
 */
export const scheduleWithdrawalAutoConfirm = (
  db: Database,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  everyMs = 60_000,
) => {
  const repo = withdrawalRepository(db);
  const timer = setInterval(() => {
    repo
      .autoConfirmDue()
      .then((n) => {
        if (n > 0) log.info({ confirmed: n }, 'withdrawals counted as received');
      })
      .catch((err) => log.error({ err }, 'withdrawal auto-confirmation failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
