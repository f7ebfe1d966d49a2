import type { LotteryService } from '../modules/lottery/lottery.service.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * The lotteries' clock (modules/lottery), every 2 seconds: the coming draws made with their seeds
 * committed, due draws drawn, and their slips settled. Safe on several nodes: a draw is one row per game
 * and number, its result is written once (open → drawn) and is the same whoever writes it, and a slip's
 * payout is a wallet call under the slip's own transaction id, which the wallet answers once.
 */
export const scheduleLotteryDraws = (lottery: LotteryService, log: JobLog, pattern = '*/2 * * * * *') =>
  schedule('lottery draws', pattern, async () => {
    const { drawn, settled, failed } = await lottery.tick();
    if (drawn > 0 || settled > 0) log.info({ drawn, settled }, 'lottery draws drawn and slips settled');
    // A slip the wallet would not settle or give up stays for the next run; say so every time it happens.
    if (failed > 0) log.error({ failed }, 'lottery slips left for the next run: the wallet refused to settle or give them up');
  }, log);
