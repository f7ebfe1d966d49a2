import { type Kysely, sql } from 'kysely';

/** Housekeeping deletes game launches long past their expiry; this index finds them without a scan. */
export const up = async (db: Kysely<unknown>) => {
  await sql`CREATE INDEX game_sessions_expiry ON game_sessions (expires_at)`.execute(db);
};
