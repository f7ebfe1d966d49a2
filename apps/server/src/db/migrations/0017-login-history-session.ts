import { type Kysely, sql } from 'kysely';

/**
 * login_history.session_id: the session a successful sign-in opened. The security center shows a
 * member the latest sign-in other than the one they are using (the one to check for a stranger's);
 * sessions themselves are deleted a week after they end, so the link is kept here, without a foreign
 * key. Rows from before this column, and refusals, have none.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`ALTER TABLE login_history ADD COLUMN session_id bigint`.execute(db);
};
