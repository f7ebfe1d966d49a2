import type { ReferralService } from '../modules/referral/referral.service.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * Pays invite-friends rewards (modules/referral) every 30 seconds for friends whose credited deposits
 * reached the site's minimum. Safe on several nodes: a friend's row is locked (others skip it) in the
 * transaction that pays and marks it, and the posting's key is the friend's, so a reward is paid once.
 */
export const scheduleReferralRewards = (referrals: ReferralService, log: JobLog, pattern = '*/30 * * * * *') =>
  schedule('referral rewards', pattern, async () => {
    const { paid, failed } = await referrals.payDue();
    if (paid > 0) log.info({ paid }, 'invite-friends rewards paid');
    if (failed > 0) log.error({ failed }, 'invite-friends rewards left for the next run: their payment failed');
  }, log);
