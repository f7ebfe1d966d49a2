import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/**
 * Deletes what has served its purpose: used or expired captchas, throttle counters nobody touched for
 * a day, member and operator sessions that ended over a week ago, and game launches whose token expired
 * over 30 days ago (a vendor may still settle a round with an expired token, so launches are kept well
 * past their expiry; rounds and wallet calls never point at a launch, so nothing else goes with them).
 * Every statement is idempotent, so it is safe for every API node to run it on its own timer.
 */
export const housekeeping = async (db: Database) => {
  const captchas = await db.deleteFrom('captchas').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).executeTakeFirst();
  const throttles = await db
    .deleteFrom('auth_throttles')
    .where('updated_at', '<', sql<Date>`now() - interval '1 day'`)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', sql<Date>`now()`)]))
    .executeTakeFirst();
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', sql<Date>`now() - interval '7 days'`), eb('revoked_at', '<', sql<Date>`now() - interval '7 days'`)]))
    .executeTakeFirst();
  const operatorSessions = await db
    .deleteFrom('operator_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', sql<Date>`now() - interval '7 days'`), eb('revoked_at', '<', sql<Date>`now() - interval '7 days'`)]))
    .executeTakeFirst();
  const gameSessions = await db.deleteFrom('game_sessions').where('expires_at', '<', sql<Date>`now() - interval '30 days'`).executeTakeFirst();
  return {
    captchas: Number(captchas.numDeletedRows),
    throttles: Number(throttles.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    operatorSessions: Number(operatorSessions.numDeletedRows),
    gameSessions: Number(gameSessions.numDeletedRows),
  };
};

/** Runs `housekeeping` every `everyMs`; the timer never keeps the process alive on its own. */
export const scheduleHousekeeping = (db: Database, log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void }, everyMs = 10 * 60_000) => {
  const timer = setInterval(() => {
    housekeeping(db)
      .then((deleted) => log.info({ deleted }, 'housekeeping'))
      .catch((err) => log.error({ err }, 'housekeeping failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
