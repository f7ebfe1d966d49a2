import { sql } from 'kysely';
import type { Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

/**
 * Suites running side by side on one PostgreSQL database each work in a schema of their own. Kysely's
 * migrator lists the tables of *every* schema (checking each one's privileges), which fails with
 * "schema … does not exist" when another suite drops its schema in that instant. So migrations hold
 * this advisory lock shared and schema drops take it exclusively: no drop while any suite migrates.
 */
export const SCHEMA_LOCK = 72_400_017;

/** Migrates a test schema (or the embedded database, when there is no schema). */
export const migrateTestSchema = async (db: Database, schema: string | undefined) => {
  if (!schema) return migrateToLatest(db);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock_shared(${SCHEMA_LOCK})`.execute(conn);
    try {
      return await migrateToLatest(db, schema);
    } finally {
      await sql`select pg_advisory_unlock_shared(${SCHEMA_LOCK})`.execute(conn);
    }
  });
};

/** Drops a test schema, waiting for any suite's migration in progress. */
export const dropTestSchema = async (db: Database, schema: string) => {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SCHEMA_LOCK})`.execute(trx);
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx);
  });
};
