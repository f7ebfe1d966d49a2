import { type Kysely, sql } from 'kysely';

/**
 * Back-office operators: accounts and sessions of their own (never members', never sharing tokens),
 * each belonging to one merchant, and an append-only audit log of what they do.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE operators (
      id             bigserial PRIMARY KEY,
      merchant_id    bigint NOT NULL REFERENCES merchants(id),
      username       text NOT NULL CHECK (username ~ '^[A-Za-z0-9_.@-]{3,64}$'),
      username_lower text GENERATED ALWAYS AS (lower(username)) STORED,
      password_hash  text NOT NULL,
      role           text NOT NULL CHECK (role IN ('admin', 'finance', 'support')),
      status         text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      created_at     timestamptz NOT NULL DEFAULT now(),
      last_login_at  timestamptz,
      last_login_ip  text
    );
    CREATE UNIQUE INDEX operators_username ON operators (merchant_id, username_lower);

    CREATE TABLE operator_sessions (
      id           bigserial PRIMARY KEY,
      token_hash   text NOT NULL UNIQUE,
      merchant_id  bigint NOT NULL REFERENCES merchants(id),
      operator_id  bigint NOT NULL REFERENCES operators(id),
      ip           text,
      user_agent   text,
      created_at   timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL,
      expires_at   timestamptz NOT NULL,
      revoked_at   timestamptz
    );
    CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id) WHERE revoked_at IS NULL;

    CREATE TABLE audit_log (
      id                    bigserial PRIMARY KEY,
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      operator_id           bigint REFERENCES operators(id),
      action                text NOT NULL,
      target_type           text,
      target_id             text,
      before                jsonb,
      after                 jsonb,
      reason                text,
      ip                    text,
      -- The posting an action made, if any: at most one audit row per posting, so a replayed
      -- idempotency key can never write a second one.
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      created_at            timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_merchant ON audit_log (merchant_id, id DESC);
    CREATE UNIQUE INDEX audit_log_ledger_transaction ON audit_log (ledger_transaction_id) WHERE ledger_transaction_id IS NOT NULL;

    -- The audit log is history, like the ledger: rows are added, never changed or removed.
    CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit log is append-only (% on %)', TG_OP, TG_TABLE_NAME;
    END $$;
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
  `.execute(db);
};
