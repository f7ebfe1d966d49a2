import { type Kysely, sql } from 'kysely';

/**
 * inhouse_revealed_seeds: every retired provably-fair seed pair a member bet with, kept after rotation
 * so a round can still be verified later ("verify this round" finds its server seed by the hash the
 * round showed). A pair with no bets is not kept: there is nothing to verify, and rotations are cheap
 * to ask for. Rows are never updated or deleted.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE inhouse_revealed_seeds (
      id               bigserial PRIMARY KEY,
      merchant_id      bigint NOT NULL REFERENCES merchants(id),
      member_id        bigint NOT NULL REFERENCES members(id),
      server_seed      text NOT NULL,
      server_seed_hash text NOT NULL,
      client_seed      text NOT NULL,
      nonce            integer NOT NULL CHECK (nonce > 0),
      revealed_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX inhouse_revealed_seeds_hash ON inhouse_revealed_seeds (merchant_id, member_id, server_seed_hash);
    CREATE INDEX inhouse_revealed_seeds_member ON inhouse_revealed_seeds (merchant_id, member_id, id DESC);
  `.execute(db);
};
