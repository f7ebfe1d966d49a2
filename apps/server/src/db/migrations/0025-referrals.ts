import { type Kysely, sql } from 'kysely';

/**
 * Invite friends (docs/referral.md).
 * - members.invite_code: the member's own invitation code, made when first asked for, unique per site.
 * - members.referred_by: the member whose code the friend registered with (same site, never changes).
 * - members.referral_settled_at: when the friend's reward was paid; the job looks only at referred
 *   members without it (a partial index), so its work shrinks as friends qualify.
 * - referral_rewards: one row per friend (unique), naming the posting that paid the inviting member.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE members ADD COLUMN invite_code text;
    ALTER TABLE members ADD COLUMN referred_by bigint REFERENCES members(id);
    ALTER TABLE members ADD COLUMN referral_settled_at timestamptz;
    ALTER TABLE members ADD CONSTRAINT members_not_own_referral CHECK (referred_by <> id);
    CREATE UNIQUE INDEX members_invite_code ON members (merchant_id, invite_code) WHERE invite_code IS NOT NULL;
    CREATE INDEX members_referred_by ON members (merchant_id, referred_by, id DESC) WHERE referred_by IS NOT NULL;
    CREATE INDEX members_referral_due ON members (merchant_id, id) WHERE referred_by IS NOT NULL AND referral_settled_at IS NULL;

    CREATE TABLE referral_rewards (
      id                    bigserial PRIMARY KEY,
      merchant_id           bigint NOT NULL REFERENCES merchants(id),
      referrer_id           bigint NOT NULL REFERENCES members(id),
      friend_id             bigint NOT NULL UNIQUE REFERENCES members(id),
      amount                bigint NOT NULL CHECK (amount > 0),
      ledger_transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      created_at            timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX referral_rewards_referrer ON referral_rewards (merchant_id, referrer_id);
  `.execute(db);
};
