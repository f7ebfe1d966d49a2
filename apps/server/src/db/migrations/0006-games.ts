import { type Kysely, sql } from 'kysely';

/**
 * The game catalog (vendors, games, what each merchant offers), what members do with it (favorites,
 * recent games, launch sessions) and what games do with money: rounds and the vendor transactions of
 * the wallet protocols, each keyed by the vendor's own transaction id.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE game_vendors (
      code        text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{2,12}$'),
      name        text NOT NULL,
      -- SEAMLESS: the vendor calls our wallet for every bet and win. TRANSFER: money moves to the vendor before play.
      wallet_type text NOT NULL CHECK (wallet_type IN ('SEAMLESS', 'TRANSFER')),
      -- INHOUSE: our own games; SIM: played by apps/vendor-sim.
      origin      text NOT NULL CHECK (origin IN ('INHOUSE', 'SIM')),
      status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'maintenance', 'disabled')),
      created_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE games (
      id          bigserial PRIMARY KEY,
      node_id     bigint NOT NULL UNIQUE,
      vendor_code text NOT NULL REFERENCES game_vendors(code),
      game_code   text NOT NULL CHECK (game_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
      -- Category: LIVE, RNG, FISH, PVP, SPORTS, ESPORTS, LOTT, ELOTT, COCKFIGHT, BINGO, MINI, INHOUSE.
      game_type   text NOT NULL,
      -- GAME launches a game; VASSALAGE opens a sub-list of the games whose vassalage is this game's code.
      is_game     text NOT NULL DEFAULT 'GAME' CHECK (is_game IN ('GAME', 'VASSALAGE')),
      vassalage   text,
      names       jsonb NOT NULL,
      icon_path   text NOT NULL,
      is_hot      boolean NOT NULL DEFAULT false,
      min_bet     bigint NOT NULL CHECK (min_bet > 0),
      lines       integer NOT NULL DEFAULT 0 CHECK (lines >= 0),
      sort        integer NOT NULL DEFAULT 0,
      status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'maintenance', 'disabled')),
      created_at  timestamptz NOT NULL DEFAULT now(),
      UNIQUE (vendor_code, game_code)
    );
    CREATE INDEX games_type_vendor ON games (game_type, vendor_code, sort, id);
    CREATE INDEX games_hot ON games (game_type, sort, id) WHERE is_hot;

    -- What a merchant offers: vendor by category, in its order, switched on or under maintenance.
    CREATE TABLE merchant_game_vendors (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      game_type   text NOT NULL,
      vendor_code text NOT NULL REFERENCES game_vendors(code),
      sort        integer NOT NULL DEFAULT 0,
      enabled     boolean NOT NULL DEFAULT true,
      maintenance boolean NOT NULL DEFAULT false,
      PRIMARY KEY (merchant_id, game_type, vendor_code)
    );

    CREATE TABLE favorite_games (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id   bigint NOT NULL REFERENCES members(id),
      game_id     bigint NOT NULL REFERENCES games(id),
      created_at  timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, game_id)
    );

    CREATE TABLE recent_games (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id   bigint NOT NULL REFERENCES members(id),
      game_id     bigint NOT NULL REFERENCES games(id),
      played_at   timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, game_id)
    );
    CREATE INDEX recent_games_member ON recent_games (member_id, played_at DESC);

    -- A launch: the token the vendor presents back to us (only its hash is kept).
    CREATE TABLE game_sessions (
      id          bigserial PRIMARY KEY,
      token_hash  text NOT NULL UNIQUE,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id   bigint NOT NULL REFERENCES members(id),
      vendor_code text NOT NULL REFERENCES game_vendors(code),
      game_id     bigint NOT NULL REFERENCES games(id),
      created_at  timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL
    );
    CREATE INDEX game_sessions_member ON game_sessions (member_id, created_at DESC);

    -- One round of a game: everything staked and paid in it, for the betting record.
    CREATE TABLE game_rounds (
      id          bigserial PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id   bigint NOT NULL REFERENCES members(id),
      vendor_code text NOT NULL REFERENCES game_vendors(code),
      game_id     bigint NOT NULL REFERENCES games(id),
      round_ref   text NOT NULL,
      stake       bigint NOT NULL DEFAULT 0 CHECK (stake >= 0),
      payout      bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
      status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
      detail      jsonb,
      opened_at   timestamptz NOT NULL DEFAULT now(),
      closed_at   timestamptz,
      UNIQUE (vendor_code, round_ref),
      CHECK ((status = 'closed') = (closed_at IS NOT NULL))
    );
    CREATE INDEX game_rounds_member ON game_rounds (merchant_id, member_id, opened_at DESC);
    CREATE INDEX game_rounds_wins ON game_rounds (merchant_id, closed_at DESC) WHERE payout > 0;

    -- Every wallet call a vendor makes with money in it, keyed by the vendor's transaction id: a
    -- repeat is answered with the stored response and moves nothing.
    CREATE TABLE vendor_transactions (
      id                    bigserial PRIMARY KEY,
      vendor_code           text NOT NULL REFERENCES game_vendors(code),
      txn_ref               text NOT NULL,
      kind                  text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback', 'transfer_in', 'transfer_out')),
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      member_id             bigint NOT NULL REFERENCES members(id),
      round_id              bigint REFERENCES game_rounds(id),
      amount                bigint NOT NULL CHECK (amount >= 0),
      -- For a rollback: the vendor transaction it undoes.
      target_ref            text,
      request_hash          text NOT NULL,
      status                text NOT NULL CHECK (status IN ('ok', 'refused', 'pending', 'failed')),
      response              jsonb NOT NULL DEFAULT '{}',
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      attempts              integer NOT NULL DEFAULT 0,
      created_at            timestamptz NOT NULL DEFAULT now(),
      updated_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (vendor_code, txn_ref)
    );
    CREATE INDEX vendor_transactions_round ON vendor_transactions (round_id);
    CREATE INDEX vendor_transactions_pending ON vendor_transactions (updated_at) WHERE status = 'pending';
    CREATE UNIQUE INDEX vendor_transactions_one_rollback ON vendor_transactions (vendor_code, target_ref) WHERE kind = 'rollback' AND status = 'ok';
  `.execute(db);
};
