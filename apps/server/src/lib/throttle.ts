import { sql } from 'kysely';
import type { Database } from '../db/database.js';

/** `windowStart`: when the current window began (null when there is none). */
export type ThrottleState = { count: number; lockedUntil: Date | null; windowStart: Date | null };

/**
 * Counters with a sliding-start window and an optional lock, kept in PostgreSQL so every API node
 * sees the same numbers (a node's memory is never the only copy of a lockout).
 */
export const throttleStore = (db: Database) => ({
  /** Adds one to `key`, starting a new window when the old one has passed; returns the new state. */
  hit: async (key: string, windowMs: number): Promise<ThrottleState> => {
    const seconds = windowMs / 1000;
    const { rows } = await sql<{ count: number; locked_until: Date | null; window_start: Date }>`
      INSERT INTO auth_throttles (key, count, window_start, updated_at) VALUES (${key}, 1, now(), now())
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN auth_throttles.window_start < now() - make_interval(secs => ${seconds}) THEN 1 ELSE auth_throttles.count + 1 END,
        window_start = CASE WHEN auth_throttles.window_start < now() - make_interval(secs => ${seconds}) THEN now() ELSE auth_throttles.window_start END,
        updated_at = now()
      RETURNING count, locked_until, window_start`.execute(db);
    return { count: rows[0].count, lockedUntil: rows[0].locked_until, windowStart: rows[0].window_start };
  },
  /** Current count within the window (0 when the window has passed) and any lock still in force. */
  peek: async (key: string, windowMs: number): Promise<ThrottleState> => {
    const row = await db.selectFrom('auth_throttles').select(['count', 'window_start', 'locked_until']).where('key', '=', key).executeTakeFirst();
    if (!row) return { count: 0, lockedUntil: null, windowStart: null };
    const live = Date.now() - row.window_start.getTime() < windowMs;
    const locked = row.locked_until && row.locked_until.getTime() > Date.now() ? row.locked_until : null;
    return { count: live ? row.count : 0, lockedUntil: locked, windowStart: live ? row.window_start : null };
  },
  /** Locks `key` until `until`; counting starts afresh, so the lock's end is a clean slate. */
  lock: async (key: string, until: Date) => {
    await db.updateTable('auth_throttles').set({ locked_until: until, count: 0, window_start: new Date(), updated_at: new Date() }).where('key', '=', key).execute();
  },
  reset: async (...keys: string[]) => {
    if (keys.length) await db.deleteFrom('auth_throttles').where('key', 'in', keys).execute();
  },
});
export type ThrottleStore = ReturnType<typeof throttleStore>;
