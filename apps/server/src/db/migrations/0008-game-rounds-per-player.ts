import { type Kysely, sql } from 'kysely';

/**
 * A vendor's roundId names a round per player, not across players: at a live table every player's
 * hand carries the table's round number. 0006 made round_ref unique per vendor, which would refuse
 * the second player's bet on a shared round; the key becomes vendor, player, round.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE game_rounds DROP CONSTRAINT game_rounds_vendor_code_round_ref_key;
    ALTER TABLE game_rounds ADD CONSTRAINT game_rounds_vendor_member_round UNIQUE (vendor_code, member_id, round_ref);
  `.execute(db);
};
