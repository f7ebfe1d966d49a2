import { type Kysely, sql } from 'kysely';

/**
 * Lottery limits (docs/lottery.md "Limits"): what one pick of one draw could cost a site.
 * - lottery_exposure: per site, draw, bet kind, position (-1 for kinds without one) and pick, the sum
 *   of stake × odds of the slips placed on it; a slip adds its bets in the transaction that writes it,
 *   only while the sum stays within the site's limit, and a voided slip takes them off again.
 * - lottery_slips.exposure_counted: whether the slip's bets are in that sum (slips placed before this
 *   migration are not), so a void takes off exactly what was added, once.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE lottery_exposure (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      draw_id     bigint NOT NULL REFERENCES lottery_draws(id),
      kind        text NOT NULL,
      position    smallint NOT NULL,
      pick        text NOT NULL,
      liability   bigint NOT NULL CHECK (liability >= 0),
      PRIMARY KEY (merchant_id, draw_id, kind, position, pick)
    );
    CREATE INDEX lottery_exposure_draw ON lottery_exposure (draw_id);

    -- A constant default: no table rewrite.
    ALTER TABLE lottery_slips ADD COLUMN exposure_counted boolean NOT NULL DEFAULT false;
  `.execute(db);
};
