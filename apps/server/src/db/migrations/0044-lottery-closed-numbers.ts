import { type Kysely, sql } from 'kysely';

/**
 * Closed lottery numbers (docs/lottery.md "Closing a number"): a site's operator stops new bets on one
 * number of one lottery until it is opened again, whatever the bet's kind (the number as a pick, or in
 * a Xiên pair). One row per site, lottery and number; opening it again deletes the row (the audit log
 * keeps who closed and opened what, and when).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE lottery_closed_numbers (
      id          bigserial PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      game_code   text NOT NULL,
      number      text NOT NULL CHECK (number ~ '^[0-9]{1,3}$'),
      reason      text CHECK (char_length(reason) <= 200),
      operator_id bigint REFERENCES operators(id),
      created_at  timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, game_code, number)
    );
  `.execute(db);
};
