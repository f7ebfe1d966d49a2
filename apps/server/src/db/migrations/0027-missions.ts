import { type Kysely, sql } from 'kysely';

/**
 * Missions and the leaderboard (docs/missions.md).
 * - missions: a site's targets for a day or a week. The terms (metric, target, reward) never change
 *   once written; an operator retires a mission (active = false) and writes a new one.
 * - mission_claims: a reward paid, one per member, mission and period (the period's first day),
 *   naming its posting.
 * - leaderboard_settlements: a period of a site's leaderboard whose prizes were paid, with the table
 *   as it stood then (what members see for that period from then on).
 * - leaderboard_awards: one prize per rank and period, and per member and period.
 * - game_rounds_merchant_opened: the leaderboard sums a site's bets over a period; without this it
 *   would read every round of the site.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE missions (
      id          bigserial PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      code        text NOT NULL,
      period      text NOT NULL CHECK (period IN ('daily', 'weekly')),
      metric      text NOT NULL CHECK (metric IN ('bets', 'rounds', 'wins', 'deposits')),
      target      bigint NOT NULL CHECK (target > 0),
      reward      bigint NOT NULL CHECK (reward > 0),
      sort        int NOT NULL DEFAULT 0,
      active      boolean NOT NULL DEFAULT true,
      created_at  timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, code)
    );

    CREATE TABLE mission_claims (
      id                    bigserial PRIMARY KEY,
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      member_id             bigint NOT NULL REFERENCES members(id),
      mission_id            bigint NOT NULL REFERENCES missions(id),
      period                text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      amount                bigint NOT NULL CHECK (amount > 0),
      ledger_transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      created_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (mission_id, member_id, period)
    );
    CREATE INDEX mission_claims_member ON mission_claims (merchant_id, member_id, period DESC);

    CREATE TABLE leaderboard_settlements (
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      period      text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      kind        text NOT NULL CHECK (kind IN ('daily', 'weekly')),
      ranked      int NOT NULL,
      standings   jsonb NOT NULL,
      settled_at  timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_id, kind, period)
    );

    CREATE TABLE leaderboard_awards (
      id                    bigserial PRIMARY KEY,
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      kind                  text NOT NULL CHECK (kind IN ('daily', 'weekly')),
      period                text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      rank                  int NOT NULL CHECK (rank > 0),
      member_id             bigint NOT NULL REFERENCES members(id),
      bets                  bigint NOT NULL,
      amount                bigint NOT NULL CHECK (amount > 0),
      ledger_transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      created_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, kind, period, rank),
      UNIQUE (merchant_id, kind, period, member_id)
    );

    CREATE INDEX game_rounds_merchant_opened ON game_rounds (merchant_id, opened_at) INCLUDE (member_id, stake, status);
  `.execute(db);
};
