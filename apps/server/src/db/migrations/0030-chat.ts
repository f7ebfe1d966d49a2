import { type Kysely, sql } from 'kysely';

/**
 * Customer service chat (docs/chat.md).
 * - chat_conversations: a member's talk with the site about a topic; at most one open per member
 *   (a unique partial index, so two tabs launching at once share one). `last_sender` says who wrote
 *   last (the back office's "waiting" queue is the open ones where the member did); each side's read
 *   mark is the id of the last message it has seen.
 * - chat_messages: append-only lines; a member's or operator's line carries the client's key, unique
 *   in its conversation, so a resend answers the first.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE chat_conversations (
      id               bigserial PRIMARY KEY,
      merchant_id      bigint NOT NULL REFERENCES merchants(id),
      member_id        bigint NOT NULL REFERENCES members(id),
      topic            text NOT NULL CHECK (topic IN ('deposit', 'withdrawal', 'account', 'games', 'promotions', 'other')),
      status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
      assigned_to      bigint REFERENCES operators(id),
      last_message_at  timestamptz NOT NULL DEFAULT now(),
      last_sender      text NOT NULL DEFAULT 'system' CHECK (last_sender IN ('member', 'operator', 'system')),
      member_read_id   bigint NOT NULL DEFAULT 0,
      operator_read_id bigint NOT NULL DEFAULT 0,
      created_at       timestamptz NOT NULL DEFAULT now(),
      closed_at        timestamptz,
      closed_by        text CHECK (closed_by IN ('member', 'operator', 'system')),
      CHECK ((status = 'closed') = (closed_at IS NOT NULL AND closed_by IS NOT NULL))
    );
    CREATE UNIQUE INDEX chat_conversations_one_open ON chat_conversations (member_id) WHERE status = 'open';
    CREATE INDEX chat_conversations_queue ON chat_conversations (merchant_id, status, last_message_at DESC);
    CREATE INDEX chat_conversations_member ON chat_conversations (merchant_id, member_id, id DESC);

    CREATE TABLE chat_messages (
      id              bigserial PRIMARY KEY,
      conversation_id bigint NOT NULL REFERENCES chat_conversations(id),
      merchant_id     bigint NOT NULL REFERENCES merchants(id),
      sender          text NOT NULL CHECK (sender IN ('member', 'operator', 'system')),
      operator_id     bigint REFERENCES operators(id),
      body            jsonb NOT NULL,
      idempotency_key text,
      request_hash    text,
      created_at      timestamptz NOT NULL DEFAULT now(),
      CHECK ((sender = 'operator') = (operator_id IS NOT NULL)),
      CHECK ((idempotency_key IS NULL) = (request_hash IS NULL)),
      UNIQUE (conversation_id, idempotency_key)
    );
    CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
  `.execute(db);
};
