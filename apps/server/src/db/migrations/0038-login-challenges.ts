import { type Kysely, sql } from 'kysely';

/**
 * Two-factor login confirmation (docs/two-factor.md).
 *
 * - login_challenges: a sign-in whose password was right but whose address was new to the account,
 *   waiting for the code sent to the member. The challenge id and the code are stored only as hashes;
 *   the challenge is bound to the address it was made for, dies after its minutes, its wrong tries or
 *   its use, and remembers what the password sign-in decided (portal, flagged default password).
 * - login_history_member_ip: "has this member signed in from this address before" is one index probe.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE login_challenges (
      id bigserial PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id bigint NOT NULL REFERENCES members(id),
      id_hash text NOT NULL UNIQUE,
      ip text NOT NULL,
      user_agent text,
      portal text NOT NULL CHECK (portal IN ('member', 'agent')),
      flagged_password boolean NOT NULL DEFAULT false,
      channel text NOT NULL CHECK (channel IN ('sms', 'email')),
      destination text NOT NULL,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      sends integer NOT NULL DEFAULT 1,
      last_sent_at timestamptz NOT NULL DEFAULT now(),
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_challenges_member ON login_challenges (merchant_id, member_id, id DESC);
    CREATE INDEX login_history_member_ip ON login_history (member_id, ip) WHERE success;
  `.execute(db);
};
