import type { ChatService } from '../modules/chat/chat.service.js';
import { schedule, type JobLog } from './schedule.js';

/**
 * Closes chat conversations nobody wrote in for the site's idle hours, every five minutes. Safe on
 * several nodes: each takes the idle rows with skip locked, so a row is closed once.
 */
export const scheduleChatIdle = (chat: ChatService, log: JobLog, pattern = '0 */5 * * * *') =>
  schedule('chat idle close', pattern, async () => {
    const closed = await chat.closeIdle();
    if (closed > 0) log.info({ closed }, 'idle chat conversations closed');
  }, log);
