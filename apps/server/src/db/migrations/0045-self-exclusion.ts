import { type Kysely, sql } from 'kysely';

/**
 * Taking a break (docs/responsible-play.md): until `excluded_until` the member cannot sign in. Set by
 * the member alone, only ever moved later; null when they never took one.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`ALTER TABLE members ADD COLUMN excluded_until timestamptz`.execute(db);
};
