import { type Kysely, sql } from 'kysely';

/**
 * Bank cards and withdrawals (funds held on request, posted when paid), the member's confirmation
 * with proof images, and online deposits: a provider reference per order and the single-use nonces
 * of signed payment callbacks.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE bank_cards (
      id             bigserial PRIMARY KEY,
      merchant_id    bigint NOT NULL REFERENCES merchants(id),
      member_id      bigint NOT NULL REFERENCES members(id),
      bank_name      text NOT NULL,
      account_name   text NOT NULL,
      account_number text NOT NULL CHECK (account_number ~ '^[0-9]{6,30}$'),
      created_at     timestamptz NOT NULL DEFAULT now(),
      removed_at     timestamptz
    );
    -- A bank account is bound once per member while bound; removed cards stay for old withdrawals.
    CREATE UNIQUE INDEX bank_cards_unique ON bank_cards (merchant_id, member_id, bank_name, account_number) WHERE removed_at IS NULL;
    CREATE INDEX bank_cards_member ON bank_cards (merchant_id, member_id) WHERE removed_at IS NULL;

    CREATE TABLE withdrawals (
      id                    bigserial PRIMARY KEY,
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      member_id             bigint NOT NULL REFERENCES members(id),
      bank_card_id          bigint NOT NULL REFERENCES bank_cards(id),
      amount                bigint NOT NULL CHECK (amount > 0),
      fee                   bigint NOT NULL CHECK (fee >= 0 AND fee < amount),
      currency              text NOT NULL,
      status                text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'paid', 'rejected')),
      hold_id               bigint NOT NULL UNIQUE REFERENCES ledger_holds(id),
      ledger_transaction_id bigint UNIQUE REFERENCES ledger_transactions(id),
      idempotency_key       text NOT NULL,
      request_hash          text NOT NULL,
      reviewed_by           bigint REFERENCES operators(id),
      review_note           text,
      confirmation          text CHECK (confirmation IN ('received', 'partial', 'not_received', 'auto_received')),
      received_amount       bigint CHECK (received_amount >= 0),
      confirm_deadline      timestamptz,
      created_at            timestamptz NOT NULL DEFAULT now(),
      approved_at           timestamptz,
      paid_at               timestamptz,
      rejected_at           timestamptz,
      confirmed_at          timestamptz,
      -- A paid withdrawal has its posting and its deadline; only a paid one is confirmed.
      CHECK ((status = 'paid') = (ledger_transaction_id IS NOT NULL)),
      CHECK ((status = 'paid') = (paid_at IS NOT NULL AND confirm_deadline IS NOT NULL)),
      CHECK (confirmation IS NULL OR status = 'paid'),
      CHECK ((confirmation IS NULL) = (confirmed_at IS NULL)),
      CHECK ((status = 'rejected') = (rejected_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX withdrawals_idempotency ON withdrawals (merchant_id, member_id, idempotency_key);
    CREATE INDEX withdrawals_member ON withdrawals (merchant_id, member_id, id DESC);
    CREATE INDEX withdrawals_status ON withdrawals (merchant_id, status, id DESC);
    CREATE INDEX withdrawals_unconfirmed ON withdrawals (confirm_deadline) WHERE status = 'paid' AND confirmation IS NULL;

    -- Each uploaded image proves one confirmation at most.
    CREATE TABLE withdrawal_proofs (
      withdrawal_id bigint NOT NULL REFERENCES withdrawals(id),
      upload_id     uuid NOT NULL UNIQUE REFERENCES uploads(id),
      PRIMARY KEY (withdrawal_id, upload_id)
    );

    ALTER TABLE deposits ADD COLUMN provider text;
    ALTER TABLE deposits ADD COLUMN provider_reference text;
    ALTER TABLE deposits ADD CONSTRAINT deposits_online_provider CHECK ((type = 'ONLINE') = (provider IS NOT NULL));
    CREATE UNIQUE INDEX deposits_provider_reference ON deposits (provider, provider_reference) WHERE provider_reference IS NOT NULL;

    -- A signed callback's nonce is accepted once: a captured callback sent again is refused.
    CREATE TABLE payment_callback_nonces (
      provider    text NOT NULL,
      nonce       text NOT NULL,
      deposit_id  bigint REFERENCES deposits(id),
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, nonce)
    );
  `.execute(db);
};
