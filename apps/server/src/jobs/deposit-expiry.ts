import type { OnlineDepositService } from '../modules/deposit/online.service.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * Online deposit orders unpaid at their deadline become `expired` (docs/payments.md). Each run is
 * one transaction that moves an order only from pending, so every API node may run it; a backlog
 * drains 500 orders a run.
 */
export const scheduleDepositExpiry = (online: Pick<OnlineDepositService, 'expireDue'>, log: JobLog, pattern = '0 * * * * *') =>
  schedule('online deposit expiry', pattern, async () => {
    const n = await online.expireDue();
    if (n > 0) log.info({ expired: n }, 'online deposit orders expired');
  }, log);
