import { type Kysely, sql } from 'kysely';

/**
 * Deposits a member asks for (manual bank transfer with a receipt; online channels later) and the
 * files members upload. Files live in PostgreSQL, not on a node's disk, so every API node serves them.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE uploads (
      id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      merchant_id  bigint NOT NULL REFERENCES merchants(id),
      member_id    bigint NOT NULL REFERENCES members(id),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      size         integer NOT NULL CHECK (size > 0 AND size <= 5242880),
      sha256       text NOT NULL,
      bytes        bytea NOT NULL,
      created_at   timestamptz NOT NULL DEFAULT now(),
      CHECK (octet_length(bytes) = size)
    );
    CREATE INDEX uploads_member ON uploads (merchant_id, member_id);

    CREATE TABLE deposits (
      id                    bigserial PRIMARY KEY,
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      member_id             bigint NOT NULL REFERENCES members(id),
      channel_id            text NOT NULL,
      type                  text NOT NULL CHECK (type IN ('BANK_TRANSFER', 'ONLINE')),
      amount                bigint NOT NULL CHECK (amount > 0),
      currency              text NOT NULL,
      reference             text NOT NULL,
      status                text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      receipt_id            uuid REFERENCES uploads(id),
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      idempotency_key       text NOT NULL,
      reviewed_by           bigint REFERENCES operators(id),
      review_note           text,
      created_at            timestamptz NOT NULL DEFAULT now(),
      reviewed_at           timestamptz,
      -- A decided deposit names when it was decided; only an approved one can carry a posting.
      CHECK ((status = 'pending') = (reviewed_at IS NULL)),
      CHECK (ledger_transaction_id IS NULL OR status = 'approved')
    );
    CREATE UNIQUE INDEX deposits_idempotency ON deposits (merchant_id, member_id, idempotency_key);
    CREATE UNIQUE INDEX deposits_ledger_transaction ON deposits (ledger_transaction_id) WHERE ledger_transaction_id IS NOT NULL;
    CREATE INDEX deposits_member ON deposits (merchant_id, member_id, id DESC);
    CREATE INDEX deposits_status ON deposits (merchant_id, status, id DESC);
  `.execute(db);
};
