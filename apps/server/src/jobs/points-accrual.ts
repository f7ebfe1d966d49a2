import type { PointsAccrual } from '../modules/points/points.accrual.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * Counts closed rounds and credited deposits into points (modules/points/points.accrual.ts) every 15
 * seconds, so points follow play closely. Safe on several nodes: each queued item is taken by one
 * transaction (the others skip it) and leaves the queue in the transaction that writes its points.
 */
export const schedulePointsAccrual = (accrual: PointsAccrual, log: JobLog, pattern = '*/15 * * * * *') =>
  schedule('points accrual', pattern, async () => {
    const { items, lines } = await accrual.accrueDue();
    if (lines > 0) log.info({ items, lines }, 'points credited for play and deposits');
  }, log);
