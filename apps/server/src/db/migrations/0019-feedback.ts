import { type Kysely, sql } from 'kysely';

/**
 * feedback: the feedback and complaints form (spec §3, §5). Sent by a member (member_id set, sender is
 * their account) or a visitor (member_id null, sender and an optional contact as typed). An operator
 * answers it once: status goes from open to resolved with the reply, who and when; nothing else changes.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE feedback (
      id           bigserial PRIMARY KEY,
      merchant_id  bigint NOT NULL REFERENCES merchants(id),
      member_id    bigint REFERENCES members(id),
      sender       text NOT NULL CHECK (length(sender) BETWEEN 1 AND 64),
      contact      text CHECK (length(contact) BETWEEN 1 AND 100),
      type         smallint NOT NULL CHECK (type IN (0, 1, 2, 3, 4, 6)),
      content      text NOT NULL CHECK (length(content) BETWEEN 20 AND 200),
      status       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
      reply        text CHECK (length(reply) BETWEEN 1 AND 500),
      resolved_by  bigint REFERENCES operators(id),
      resolved_at  timestamptz,
      ip           text,
      created_at   timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'open') = (reply IS NULL AND resolved_by IS NULL AND resolved_at IS NULL))
    );
    CREATE INDEX feedback_merchant_status ON feedback (merchant_id, status, id DESC);
    CREATE INDEX feedback_member ON feedback (merchant_id, member_id, id DESC) WHERE member_id IS NOT NULL;
  `.execute(db);
};
