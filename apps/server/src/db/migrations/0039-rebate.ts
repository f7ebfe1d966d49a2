import { type Kysely, sql } from 'kysely';

/**
 * Manual rebate (docs/rebate.md): a member collects a share of their bets when they choose.
 * - rebate_claims: one row per collection, with what it counted per category and its ledger posting;
 *   a member's idempotency key answers the same collection again.
 * - game_rounds.rebate_claim_id: the collection a round was counted in (null: not yet), so a round
 *   counts once however often the member collects (only rounds of the site's window count at all).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE rebate_claims (
      id              bigserial PRIMARY KEY,
      merchant_id     bigint NOT NULL REFERENCES merchants(id),
      member_id       bigint NOT NULL REFERENCES members(id),
      amount          bigint NOT NULL CHECK (amount > 0),
      bets            bigint NOT NULL CHECK (bets > 0),
      rounds          integer NOT NULL CHECK (rounds > 0),
      lines           jsonb NOT NULL,
      idempotency_key text NOT NULL,
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      created_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, member_id, idempotency_key)
    );
    CREATE INDEX rebate_claims_member ON rebate_claims (merchant_id, member_id, id DESC);

    -- Nullable with no default: no table rewrite.
    ALTER TABLE game_rounds ADD COLUMN rebate_claim_id bigint REFERENCES rebate_claims(id);
  `.execute(db);
};
