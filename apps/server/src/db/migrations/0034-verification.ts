import { type Kysely, sql } from 'kysely';

/**
 * Messages to members and the secrets they carry (docs/verification.md).
 *
 * - outbound_messages: every SMS or e-mail handed to the message gateway, with its delivery status.
 *   `body` is kept only by the simulator gateway (its "phone" is this table); a real gateway's
 *   messages keep no text, since the text carries a code or a reset link.
 * - verification_codes: SMS codes, stored as a salted hash, with expiry, wrong tries and single use.
 * - password_reset_tokens: e-mailed reset links, stored as a hash, with expiry and single use.
 * - members_mobile_key: SMS login and phone reset find a member by the digits of their number
 *   without leading zeros, within one merchant.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE outbound_messages (
      id bigserial PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      channel text NOT NULL CHECK (channel IN ('sms', 'email')),
      recipient text NOT NULL,
      purpose text NOT NULL,
      body text,
      gateway text NOT NULL,
      status text NOT NULL CHECK (status IN ('queued', 'delivered', 'sent', 'failed')),
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX outbound_messages_recipient ON outbound_messages (merchant_id, recipient, id DESC);
    CREATE INDEX outbound_messages_recent ON outbound_messages (merchant_id, id DESC);

    CREATE TABLE verification_codes (
      id bigserial PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      channel text NOT NULL CHECK (channel IN ('sms', 'email')),
      destination text NOT NULL,
      purpose text NOT NULL CHECK (purpose IN ('login', 'register', 'reset')),
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verification_codes_lookup ON verification_codes (merchant_id, channel, destination, purpose, id DESC);

    CREATE TABLE password_reset_tokens (
      id bigserial PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_reset_tokens_member ON password_reset_tokens (merchant_id, member_id);

    CREATE INDEX members_mobile_key ON members (merchant_id, (ltrim(regexp_replace(mobile_num, '[^0-9]', '', 'g'), '0')))
      WHERE mobile_num IS NOT NULL;
  `.execute(db);
};
