import { type Kysely, sql } from 'kysely';

/**
 * Promotions (spec §2 "Promotions", §4 activity states; docs/promotions.md).
 * - promotions: what a site offers, with its money terms fixed at creation (members take part on them).
 * - promotion_claims: one record per member, promotion and period ('once', or the local day 'YYYY-MM-DD'
 *   of a daily promotion), unique, so taking part twice in a period cannot happen however requests race.
 *   A paid record names its ledger posting; a deposit pays at most one deposit bonus (unique). Its
 *   turnover is counted from the member's rounds until met, then marked met and never counted again.
 * - promotion_actions: each member action's idempotency key, its request's hash and its result (the
 *   record it made or moved, the prize drawn), so a resent action is answered as it was the first time.
 * - promotion_claim_images: the uploads an application shows; an upload serves one form only.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE promotions (
      id                 bigserial PRIMARY KEY,
      merchant_id        bigint NOT NULL REFERENCES merchants(id),
      code               text NOT NULL,
      category           text NOT NULL CHECK (category IN ('NEWBIE', 'LIMITED', 'SPECIAL', 'DAILY', 'REBATE', 'VIP', 'DEPOSIT', 'APP')),
      mechanic           text NOT NULL CHECK (mechanic IN ('apply', 'deposit', 'raffle')),
      repeat             text NOT NULL CHECK (repeat IN ('once', 'daily')),
      art                text NOT NULL,
      title              jsonb NOT NULL,
      summary            jsonb NOT NULL,
      body               jsonb NOT NULL,
      starts_at          timestamptz NOT NULL,
      ends_at            timestamptz CHECK (ends_at > starts_at),
      visible            boolean NOT NULL DEFAULT true,
      sort               integer NOT NULL DEFAULT 0,
      bonus              bigint CHECK (bonus > 0),
      percent            integer CHECK (percent > 0),
      max_bonus          bigint CHECK (max_bonus > 0),
      min_deposit        bigint CHECK (min_deposit > 0),
      first_deposit_only boolean NOT NULL DEFAULT false,
      turnover_multiple  integer NOT NULL DEFAULT 0 CHECK (turnover_multiple >= 0),
      prizes             jsonb,
      proof              text NOT NULL DEFAULT 'none' CHECK (proof IN ('none', 'optional', 'required')),
      created_at         timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, code),
      CHECK ((mechanic = 'deposit') = (percent IS NOT NULL)),
      CHECK ((mechanic = 'raffle') = (prizes IS NOT NULL)),
      CHECK (mechanic <> 'raffle' OR repeat = 'daily'),
      CHECK (mechanic <> 'apply' OR bonus IS NOT NULL OR max_bonus IS NOT NULL)
    );
    CREATE INDEX promotions_merchant ON promotions (merchant_id, visible, sort, id);

    CREATE TABLE promotion_claims (
      id                    bigserial PRIMARY KEY,
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      member_id             bigint NOT NULL REFERENCES members(id),
      promotion_id          bigint NOT NULL REFERENCES promotions(id),
      period                text NOT NULL,
      status                text NOT NULL CHECK (status IN ('signed_up', 'applying', 'rejected', 'issued', 'claimed')),
      remark                text,
      review_remark         text,
      bonus                 bigint CHECK (bonus > 0),
      deposit_id            bigint UNIQUE REFERENCES deposits(id),
      deposit_amount        bigint,
      turnover_required     bigint NOT NULL DEFAULT 0 CHECK (turnover_required >= 0),
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      decided_by            bigint REFERENCES operators(id),
      created_at            timestamptz NOT NULL DEFAULT now(),
      decided_at            timestamptz,
      paid_at               timestamptz,
      -- Set once the bets since payment reached the turnover: such a record is never counted again.
      turnover_met_at       timestamptz,
      UNIQUE (promotion_id, member_id, period),
      -- Paid exactly when a posting paid it, with the bonus it paid.
      CHECK ((status IN ('issued', 'claimed')) = (ledger_transaction_id IS NOT NULL)),
      CHECK ((status IN ('issued', 'claimed')) = (paid_at IS NOT NULL AND bonus IS NOT NULL))
    );
    CREATE INDEX promotion_claims_member ON promotion_claims (merchant_id, member_id, id DESC);
    CREATE INDEX promotion_claims_status ON promotion_claims (merchant_id, status, id DESC);
    CREATE INDEX promotion_claims_unmet ON promotion_claims (merchant_id, member_id) WHERE turnover_required > 0 AND turnover_met_at IS NULL;

    CREATE TABLE promotion_actions (
      member_id       bigint NOT NULL REFERENCES members(id),
      idempotency_key text NOT NULL,
      action          text NOT NULL CHECK (action IN ('join', 'apply', 'claim')),
      promotion_id    bigint NOT NULL REFERENCES promotions(id),
      claim_id        bigint REFERENCES promotion_claims(id),
      request_hash    text NOT NULL,
      prize           bigint,
      created_at      timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, idempotency_key)
    );

    CREATE TABLE promotion_claim_images (
      claim_id  bigint NOT NULL REFERENCES promotion_claims(id),
      upload_id uuid NOT NULL UNIQUE REFERENCES uploads(id),
      position  smallint NOT NULL,
      PRIMARY KEY (claim_id, position)
    );
  `.execute(db);
};
