import { type Kysely, sql } from 'kysely';

/**
 * What the in-memory game catalogue needs from the schema:
 * - `games.also_types`: further categories a game is listed under besides its own `game_type` (the
 *   in-house slot is an INHOUSE game that the RNG lobby lists too);
 * - `catalog_version`: one counter that every change to vendors, games or a merchant's offer raises
 *   (statement triggers), so each API node can tell with one tiny read whether its copy is stale.
 */
export const up = async (db: Kysely<unknown>) => {
  await sql`
    ALTER TABLE games ADD COLUMN also_types text[] NOT NULL DEFAULT '{}';

    CREATE TABLE catalog_version (
      id         boolean PRIMARY KEY DEFAULT true CHECK (id),
      version    bigint NOT NULL DEFAULT 1,
      changed_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO catalog_version DEFAULT VALUES;

    CREATE FUNCTION catalog_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE catalog_version SET version = version + 1, changed_at = now();
      RETURN NULL;
    END $$;

    CREATE TRIGGER game_vendors_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game_vendors
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
    CREATE TRIGGER games_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
    CREATE TRIGGER merchant_game_vendors_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merchant_game_vendors
      FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump();
  `.execute(db);
};
