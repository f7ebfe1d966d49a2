import { type Kysely, sql } from 'kysely';

/**
 * Where the bet-log pull of each transfer-wallet vendor stands (docs/vendor-protocol.md "Bet log").
 * One row per vendor, not per merchant: a vendor's log covers our whole platform, and each round
 * pulled is written to game_rounds under the merchant of its player.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE vendor_bet_cursors (
      vendor_code text PRIMARY KEY REFERENCES game_vendors(code),
      -- The vendor's opaque cursor: the log is read from here next time ('' = from its beginning).
      cursor      text NOT NULL DEFAULT '',
      -- Rounds written and skipped (unknown player or game, malformed) since the row was created.
      written     bigint NOT NULL DEFAULT 0,
      skipped     bigint NOT NULL DEFAULT 0,
      updated_at  timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
};
