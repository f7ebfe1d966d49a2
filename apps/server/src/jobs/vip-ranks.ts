import type { VipService } from '../modules/vip/vip.service.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * VIP ranks (modules/vip) every 15 seconds: counts settled rounds and credited deposits from the
 * database's outbox into members' progress, raises members who reached a higher rank, and pays each
 * rank's bonus once. Safe on several nodes: queue items are taken with skip locked, a raise locks the
 * member's progress row, and a bonus's row is locked (others skip it) in the transaction that pays it.
 */
export const scheduleVipRanks = (vip: VipService, log: JobLog, pattern = '*/15 * * * * *') =>
  schedule('vip ranks', pattern, async () => {
    const { ranks, paid, failed } = await vip.runDue((err, merchant) => log.error({ err, merchant }, 'vip ranks failed for a site'));
    if (ranks > 0 || paid > 0) log.info({ ranks, paid }, 'vip ranks reached and bonuses paid');
    if (failed > 0) log.error({ failed }, 'vip bonuses left for the next run: their payment failed');
  }, log);
