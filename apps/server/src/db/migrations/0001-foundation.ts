import { type Kysely, sql } from 'kysely';

/** Merchants, members, sessions, captchas and auth throttling: the foundation every module builds on. */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE merchants (
      id              bigserial PRIMARY KEY,
      code            text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9_-]{2,32}$'),
      name            text NOT NULL,
      currency        text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      currency_symbol text NOT NULL,
      timezone        text NOT NULL,
      default_language text NOT NULL DEFAULT 'km',
      languages       jsonb NOT NULL DEFAULT '["km","en","cn"]',
      config          jsonb NOT NULL DEFAULT '{}',
      is_default      boolean NOT NULL DEFAULT false,
      created_at      timestamptz NOT NULL DEFAULT now(),
      updated_at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX merchants_one_default ON merchants (is_default) WHERE is_default;

    CREATE TABLE merchant_domains (
      domain      text PRIMARY KEY CHECK (domain = lower(domain)),
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      is_main     boolean NOT NULL DEFAULT false
    );
    CREATE INDEX merchant_domains_merchant ON merchant_domains (merchant_id);

    CREATE TABLE members (
      id                    bigserial PRIMARY KEY,
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      username              text NOT NULL,
      username_lower        text GENERATED ALWAYS AS (lower(username)) STORED,
      type                  smallint NOT NULL DEFAULT 0 CHECK (type IN (0, 1, 2, 4, 41, 42)),
      status                text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen', 'closed')),
      password_hash         text NOT NULL,
      payment_password_hash text,
      nickname              text,
      payee_name            text,
      email                 text,
      mobile_num            text,
      country_dialing_code  text,
      id_number             text,
      contacts              jsonb NOT NULL DEFAULT '{}',
      parent_id             bigint REFERENCES members(id),
      affiliate_code        text,
      referral_code         text,
      recommender_id        text,
      language              text,
      register_ip           text,
      register_url          text,
      register_method       text,
      password_changed_at   timestamptz NOT NULL DEFAULT now(),
      first_login_at        timestamptz,
      last_login_at         timestamptz,
      last_login_ip         text,
      created_at            timestamptz NOT NULL DEFAULT now(),
      updated_at            timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX members_username ON members (merchant_id, username_lower);
    CREATE UNIQUE INDEX members_affiliate_code ON members (merchant_id, lower(affiliate_code)) WHERE affiliate_code IS NOT NULL;
    CREATE INDEX members_parent ON members (parent_id);

    -- Member money accounts: the ledger issue adds entries and transactions on top of this table.
    CREATE TABLE accounts (
      id          bigserial PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id   bigint REFERENCES members(id),
      kind        text NOT NULL,
      currency    text NOT NULL,
      balance     bigint NOT NULL DEFAULT 0,
      allow_negative boolean NOT NULL DEFAULT false,
      created_at  timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT accounts_no_negative CHECK (allow_negative OR balance >= 0)
    );
    CREATE UNIQUE INDEX accounts_member_kind ON accounts (member_id, kind) WHERE member_id IS NOT NULL;

    CREATE TABLE sessions (
      id                   bigserial PRIMARY KEY,
      token_hash           text NOT NULL UNIQUE,
      merchant_id          bigint NOT NULL REFERENCES merchants(id),
      member_id            bigint NOT NULL REFERENCES members(id),
      login_type           text NOT NULL DEFAULT 'username',
      must_change_password boolean NOT NULL DEFAULT false,
      first_time_login     boolean NOT NULL DEFAULT false,
      ip                   text,
      user_agent           text,
      created_at           timestamptz NOT NULL DEFAULT now(),
      last_seen_at         timestamptz NOT NULL DEFAULT now(),
      expires_at           timestamptz NOT NULL,
      revoked_at           timestamptz
    );
    CREATE INDEX sessions_member ON sessions (member_id);

    CREATE TABLE login_history (
      id          bigserial PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id   bigint REFERENCES members(id),
      username    text,
      ip          text,
      user_agent  text,
      success     boolean NOT NULL,
      reason      text,
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_history_member ON login_history (member_id, created_at);

    CREATE TABLE captchas (
      id          uuid PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      answer_hash text NOT NULL,
      client_key  text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL,
      used_at     timestamptz
    );
    CREATE INDEX captchas_expiry ON captchas (expires_at);

    -- Counters for login failures, lockouts and request throttles, shared by every API node.
    CREATE TABLE auth_throttles (
      key          text PRIMARY KEY,
      count        integer NOT NULL DEFAULT 0,
      window_start timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      updated_at   timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
};
