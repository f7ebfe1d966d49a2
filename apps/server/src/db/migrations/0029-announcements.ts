import { type Kysely, sql } from 'kysely';

/**
 * Announcements (docs/announcements.md): what a site's operators tell its players and agents.
 * One table for every kind; the checks keep each row whole for its kind (a banner has its group and
 * a picture, a popup how often it shows, notices no link), so a row the portal reads is never half
 * a banner. Texts are jsonb: one string for every language or one per language.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE announcements (
      id           bigserial PRIMARY KEY,
      merchant_id  bigint NOT NULL REFERENCES merchants(id),
      kind         text NOT NULL CHECK (kind IN ('banner', 'player', 'popup', 'promotion', 'agent')),
      title        jsonb NOT NULL,
      content      jsonb,
      subtitle     jsonb,
      eyebrow      jsonb,
      cta          jsonb,
      group_name   text CHECK (group_name IN ('w_home', 'w_login', 'w_register', 'w_leftmenu')),
      art          text CHECK (art IN ('welcome', 'live', 'slots', 'sports')),
      image_url    text,
      url          text,
      linkage_type text CHECK (linkage_type IN ('INTERNAL', 'EXTERNAL')),
      execution    text CHECK (execution IN ('once', 'session', 'daily')),
      audience     text NOT NULL DEFAULT 'all' CHECK (audience IN ('all', 'members', 'visitors')),
      pinned       boolean NOT NULL DEFAULT false,
      sort         int NOT NULL DEFAULT 0,
      starts_at    timestamptz NOT NULL,
      ends_at      timestamptz,
      active       boolean NOT NULL DEFAULT true,
      created_by   bigint REFERENCES operators(id),
      created_at   timestamptz NOT NULL DEFAULT now(),
      updated_at   timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at IS NULL OR ends_at > starts_at),
      CHECK ((kind = 'banner') = (group_name IS NOT NULL)),
      CHECK (kind <> 'banner' OR art IS NOT NULL OR image_url IS NOT NULL),
      CHECK (kind = 'banner' OR (art IS NULL AND subtitle IS NULL AND eyebrow IS NULL AND cta IS NULL AND content IS NOT NULL)),
      CHECK ((kind = 'popup') = (execution IS NOT NULL)),
      CHECK (kind NOT IN ('player', 'agent') OR (url IS NULL AND image_url IS NULL)),
      CHECK (kind <> 'agent' OR audience = 'all'),
      CHECK ((url IS NULL) = (linkage_type IS NULL))
    );
    -- The portal's read: a site's active rows of some kinds, in order.
    CREATE INDEX announcements_shown ON announcements (merchant_id, kind, sort, id) WHERE active;
  `.execute(db);
};
