import { type Kysely, sql } from 'kysely';

/**
 * VIP raises read only the members whose progress changed since they were last checked
 * (docs/vip.md "Raise"), not every progress row of a site every 15 seconds.
 * - `changes` counts the updates of a row (the job's count adds one each time it adds to it);
 *   `checked` is the count the raise step last looked at. A row is due while `changes > checked`.
 * - Existing rows arrive due (1 > 0), so the first run checks everyone once. Constant defaults: no
 *   rewrite of the table.
 * - The partial index holds the due rows only, so a run finds them without reading the others.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE vip_progress ADD COLUMN changes bigint NOT NULL DEFAULT 1;
    ALTER TABLE vip_progress ADD COLUMN checked bigint NOT NULL DEFAULT 0;
    CREATE INDEX vip_progress_due ON vip_progress (merchant_id, member_id) WHERE changes > checked;
  `.execute(db);
};
