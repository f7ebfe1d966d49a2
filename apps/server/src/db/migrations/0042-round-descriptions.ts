import { type Kysely, sql } from 'kysely';

/**
 * What a round was, in the vendor's words (docs/vendor-protocol.md "Describing a round"): a seamless
 * vendor may describe each bet ("Mekong FC v Angkor United · Mekong FC to win @ 2.15") and the
 * outcome it settles with ("Full time 2–1 · won"), and the betting record shows both.
 * - description: the lines of the round's bets, one per line ("\n"), a line an earlier bet gave not repeated;
 * - result: one line, the last one sent.
 * Plain text, nullable, bounded here as well as by the calls' schemas.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE game_rounds
      ADD COLUMN description text CHECK (char_length(description) <= 2000),
      ADD COLUMN result text CHECK (char_length(result) <= 200);
  `.execute(db);
};
