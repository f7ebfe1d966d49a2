import { type Kysely, sql } from 'kysely';

/**
 * In-house games (docs/inhouse-games.md):
 * - `inhouse_seeds`: each member's provably-fair seed state. The active server seed is secret until
 *   rotation; the nonce is taken with one UPDATE … RETURNING per bet.
 * - `inhouse_plays`: one row per play request (member + idempotency key), holding the outcome decided
 *   when the request was first claimed, so a resent request re-drives the same wallet calls and returns
 *   the same round.
 * - `inhouse_mines`: Mines games. At most one pending/open game per member (partial unique index).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE inhouse_seeds (
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      member_id             bigint NOT NULL REFERENCES members(id),
      server_seed           text NOT NULL,
      server_seed_hash      text NOT NULL,
      client_seed           text NOT NULL,
      nonce                 integer NOT NULL DEFAULT 0 CHECK (nonce >= 0),
      next_server_seed      text NOT NULL,
      next_server_seed_hash text NOT NULL,
      updated_at            timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_id, member_id)
    );

    CREATE TABLE inhouse_plays (
      id              bigserial PRIMARY KEY,
      merchant_id     bigint NOT NULL REFERENCES merchants(id),
      member_id       bigint NOT NULL REFERENCES members(id),
      idempotency_key text NOT NULL,
      game            text NOT NULL,
      request_hash    text NOT NULL,
      outcome         jsonb NOT NULL,
      created_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, member_id, idempotency_key)
    );

    CREATE TABLE inhouse_mines (
      id               bigserial PRIMARY KEY,
      merchant_id      bigint NOT NULL REFERENCES merchants(id),
      member_id        bigint NOT NULL REFERENCES members(id),
      stake            bigint NOT NULL CHECK (stake > 0),
      mines            integer NOT NULL CHECK (mines BETWEEN 1 AND 24),
      mine_cells       jsonb NOT NULL,
      revealed         jsonb NOT NULL DEFAULT '[]',
      server_seed_hash text NOT NULL,
      client_seed      text NOT NULL,
      nonce            integer NOT NULL,
      status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'open', 'lost', 'cashed', 'void')),
      payout           bigint NOT NULL DEFAULT 0,
      created_at       timestamptz NOT NULL DEFAULT now(),
      ended_at         timestamptz
    );
    CREATE UNIQUE INDEX inhouse_mines_one_open ON inhouse_mines (merchant_id, member_id) WHERE status IN ('pending', 'open');
  `.execute(db);
};
