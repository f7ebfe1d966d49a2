import type { Database } from '../db/database.js';
import { withdrawalRepository } from '../modules/withdrawal/withdrawal.repository.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * Paid withdrawals whose member has not answered by the deadline count as received (spec §4). The
 * update is one idempotent statement, so every API node may run it, every minute.
 */
export const scheduleWithdrawalAutoConfirm = (db: Database, log: JobLog, pattern = '30 * * * * *') => {
  const repo = withdrawalRepository(db);
  return schedule('withdrawal auto-confirmation', pattern, async () => {
    const n = await repo.autoConfirmDue();
    if (n > 0) log.info({ confirmed: n }, 'withdrawals counted as received');
  }, log);
};
