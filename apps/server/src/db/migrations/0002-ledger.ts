import { type Kysely, sql } from 'kysely';

/**
 * The double-entry ledger: accounts gain a held amount and a code (house accounts), transactions carry
 * an idempotency key, entries are immutable and record the balance after them, and holds reserve funds.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE accounts ADD COLUMN held bigint NOT NULL DEFAULT 0;
    ALTER TABLE accounts ADD COLUMN code text;
    ALTER TABLE accounts ADD CONSTRAINT accounts_held_non_negative CHECK (held >= 0);
    -- Held funds are not spendable: a member account's balance never drops below what it holds.
    ALTER TABLE accounts ADD CONSTRAINT accounts_held_covered CHECK (allow_negative OR balance >= held);
    CREATE UNIQUE INDEX accounts_house_code ON accounts (merchant_id, code) WHERE member_id IS NULL;

    CREATE TABLE ledger_transactions (
      id              bigserial PRIMARY KEY,
      merchant_id     bigint NOT NULL REFERENCES merchants(id),
      type            text NOT NULL,
      reference       text,
      idempotency_key text NOT NULL,
      request_hash    text NOT NULL,
      metadata        jsonb NOT NULL DEFAULT '{}',
      created_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX ledger_transactions_key ON ledger_transactions (merchant_id, idempotency_key);
    CREATE INDEX ledger_transactions_reference ON ledger_transactions (merchant_id, reference);

    CREATE TABLE ledger_entries (
      id             bigserial PRIMARY KEY,
      transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      account_id     bigint NOT NULL REFERENCES accounts(id),
      amount         bigint NOT NULL CHECK (amount <> 0),
      balance_after  bigint NOT NULL,
      created_at     timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id);
    CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);

    CREATE TABLE ledger_holds (
      id              bigserial PRIMARY KEY,
      merchant_id     bigint NOT NULL REFERENCES merchants(id),
      account_id      bigint NOT NULL REFERENCES accounts(id),
      amount          bigint NOT NULL CHECK (amount > 0),
      status          text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'captured', 'released')),
      idempotency_key text NOT NULL,
      request_hash    text NOT NULL,
      transaction_id  bigint REFERENCES ledger_transactions(id),
      reference       text,
      created_at      timestamptz NOT NULL DEFAULT now(),
      resolved_at     timestamptz
    );
    CREATE UNIQUE INDEX ledger_holds_key ON ledger_holds (merchant_id, idempotency_key);
    CREATE INDEX ledger_holds_account ON ledger_holds (account_id) WHERE status = 'held';

    -- Entries and transactions are history: corrections are new postings, never edits.
    CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger history is append-only (% on %)', TG_OP, TG_TABLE_NAME;
    END $$;
    CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
      FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
    CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
      FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
  `.execute(db);
};
