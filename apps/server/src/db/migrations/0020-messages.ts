import { type Kysely, sql } from 'kysely';

/**
 * The member inbox (spec §2 messageV2, "inbox"; §3 member info's unread messages). A message goes to
 * one member (member_id) or to every member of the merchant (member_id null: one row, not one per
 * member; it reaches members who joined before it was sent). What each member did with a message
 * (read, deleted) is a row of message_states, made the first time. Messages are never edited.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE messages (
      id          bigserial PRIMARY KEY,
      merchant_id bigint NOT NULL REFERENCES merchants(id),
      member_id   bigint REFERENCES members(id),
      title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
      body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
      sent_by     bigint REFERENCES operators(id),
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX messages_member ON messages (merchant_id, member_id, id DESC);
    CREATE TABLE message_states (
      member_id  bigint NOT NULL REFERENCES members(id),
      message_id bigint NOT NULL REFERENCES messages(id),
      read_at    timestamptz,
      deleted_at timestamptz,
      PRIMARY KEY (member_id, message_id)
    );
  `.execute(db);
};
