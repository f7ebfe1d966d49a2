import { type Kysely, sql } from 'kysely';

/**
 * Red envelopes (docs/promotions.md "Red envelopes"): a fourth promotion mechanic.
 * - promotions.pool_total / envelope_count: what a day's envelopes hold together and how many there
 *   are; set exactly for the mechanic `envelope`, which is daily, and every envelope holds at least one
 *   minor unit.
 * - promotion_envelope_days: what is left of a promotion's pool on one of the site's days, made by the
 *   day's first opening and locked by each one, so two members never share a cent and the day never
 *   pays more than its pool: left amount and count only go down, and reach zero together.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE promotions DROP CONSTRAINT promotions_mechanic_check;
    ALTER TABLE promotions ADD CONSTRAINT promotions_mechanic_check CHECK (mechanic IN ('apply', 'deposit', 'raffle', 'envelope'));
    ALTER TABLE promotions ADD COLUMN pool_total bigint CHECK (pool_total > 0);
    ALTER TABLE promotions ADD COLUMN envelope_count integer CHECK (envelope_count > 0);
    ALTER TABLE promotions ADD CONSTRAINT promotions_envelope_terms CHECK (
      ((mechanic = 'envelope') = (pool_total IS NOT NULL AND envelope_count IS NOT NULL))
      AND (mechanic <> 'envelope' OR (repeat = 'daily' AND pool_total >= envelope_count))
    );

    CREATE TABLE promotion_envelope_days (
      promotion_id bigint NOT NULL REFERENCES promotions(id),
      period       text NOT NULL,
      left_amount  bigint NOT NULL CHECK (left_amount >= 0),
      left_count   integer NOT NULL CHECK (left_count >= 0),
      PRIMARY KEY (promotion_id, period),
      CHECK ((left_count = 0) = (left_amount = 0) AND left_amount >= left_count)
    );
  `.execute(db);
};
