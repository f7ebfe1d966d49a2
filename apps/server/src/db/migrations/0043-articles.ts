import { type Kysely, sql } from 'kysely';

/**
 * Articles (docs/articles.md): the Beginner Guide, Blog and News pages each site's operators write.
 * Title, summary and body are LocalizedText jsonb (one string, or one per language). `published_at`
 * null is a draft; a time to come is scheduled; the portal shows an article once its time has come.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    CREATE TABLE articles (
      id            bigserial PRIMARY KEY,
      merchant_id   bigint NOT NULL REFERENCES merchants(id),
      kind          text NOT NULL CHECK (kind IN ('guide', 'blog', 'news')),
      slug          text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) BETWEEN 2 AND 80),
      sort          int NOT NULL DEFAULT 0 CHECK (sort BETWEEN 0 AND 100000),
      title         jsonb NOT NULL,
      summary       jsonb,
      body          jsonb NOT NULL,
      published_at  timestamptz,
      created_by    bigint REFERENCES operators(id),
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, kind, slug)
    );
    -- The portal's lists: a kind's published articles, the guide by its order, the others newest first.
    CREATE INDEX articles_guide_order ON articles (merchant_id, kind, sort, published_at, id);
    CREATE INDEX articles_newest ON articles (merchant_id, kind, published_at DESC, id DESC);
  `.execute(db);
};
