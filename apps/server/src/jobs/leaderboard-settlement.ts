import type { MissionsService } from '../modules/missions/missions.service.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * Settles ended leaderboard periods (modules/missions) every minute: a period is settled once its
 * site's delay after its end has passed, freezing its table and paying its prizes in one transaction
 * that first claims the period, so several nodes pay a prize once.
 */
export const scheduleLeaderboardSettlement = (missions: MissionsService, log: JobLog, pattern = '0 * * * * *') =>
  schedule('leaderboard settlement', pattern, async () => {
    const { settled, paid, failed } = await missions.settleDue((err, merchant) => log.error({ err, merchant }, 'leaderboard settlement failed'));
    if (settled > 0) log.info({ settled, paid }, 'leaderboard periods settled');
    if (failed > 0) log.error({ failed }, 'leaderboard settlement left for the next run: it failed');
  }, log);
