import type { ContractSettlement } from '../modules/agent/contracts.settlement.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * Pays agent contracts' ended periods (modules/agent/contracts.settlement.ts), every minute: real-time
 * salary's 5-minute periods soon after they end, the others once their day, hour or period has passed.
 * Safe on several nodes: each period is one ledger posting keyed by contract and period, and one
 * settlement row unique per contract and period.
 */
export const scheduleContractSettlement = (settlement: ContractSettlement, log: JobLog, pattern = '20 * * * * *') =>
  schedule('agent contract settlement', pattern, async () => {
    const settled = await settlement.settleDue();
    if (settled > 0) log.info({ settled }, 'agent contract periods settled');
  }, log);
