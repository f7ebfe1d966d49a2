import { type Kysely, sql } from 'kysely';

/**
 * The help center (docs/help-center.md): each site's help topics, written by its operators and read
 * by the portal's help popup (`GET /wps/system/helpCenter`). Title and body are LocalizedText jsonb
 * (one string, or one per language). The action is what the topic offers under its text: nothing,
 * the feedback form, the live chat, or a page of the site (`action_path`, a same-site path only).
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE help_topics (
      id           bigserial PRIMARY KEY,
      merchant_id  bigint NOT NULL REFERENCES merchants(id),
      key          text NOT NULL CHECK (key ~ '^[a-z0-9-]{2,40}$'),
      sort         int NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 100000),
      icon         text NOT NULL CHECK (length(icon) BETWEEN 1 AND 40),
      title        jsonb NOT NULL,
      body         jsonb,
      action       text NOT NULL DEFAULT 'none' CHECK (action IN ('none', 'feedback', 'chat', 'path')),
      action_path  text CHECK (action_path IS NULL OR (left(action_path, 1) = '/' AND position('//' in action_path) = 0 AND position(E'\\\\' in action_path) = 0 AND length(action_path) <= 200)),
      enabled      boolean NOT NULL DEFAULT true,
      created_by   bigint REFERENCES operators(id),
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now(),
      CHECK ((action = 'path') = (action_path IS NOT NULL)),
      UNIQUE (merchant_id, key)
    );
    -- The portal's read and the operators' list: a site's topics in order.
    CREATE INDEX help_topics_order ON help_topics (merchant_id, sort, id);
  `.execute(db);
};
