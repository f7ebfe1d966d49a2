import { type Kysely, sql } from 'kysely';

/**
 * An operator's message may carry the sender's idempotency key: a send repeated after a timeout or a
 * double click answers with the first message instead of delivering it twice (a broadcast reaches
 * every member). `request_hash` tells a true repeat from another message under the same key.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE messages ADD COLUMN idempotency_key text, ADD COLUMN request_hash text;
    ALTER TABLE messages ADD CONSTRAINT messages_key_with_hash CHECK ((idempotency_key IS NULL) = (request_hash IS NULL));
    CREATE UNIQUE INDEX messages_key ON messages (merchant_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
  `.execute(db);
};
