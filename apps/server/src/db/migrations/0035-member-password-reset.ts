import { type Kysely, sql } from 'kysely';

/**
 * An operator can reset a member's password to a temporary one (docs/operators.md "Members"). Until
 * the member chooses their own, every session they open with it may only change the password
 * (`sessions.must_change_password`, as for the flagged default password). A constant default: no
 * rewrite of the table.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`ALTER TABLE members ADD COLUMN must_change_password boolean NOT NULL DEFAULT false`.execute(db);
};
