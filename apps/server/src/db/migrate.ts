import { Migrator, type MigrationProvider } from 'kysely';
import type { Database } from './database.js';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; safe to run from several nodes at once (Kysely takes a lock). */
export const migrateToLatest = async (db: Database, schema?: string) => {
  // With a schema, the bookkeeping tables live in it too (Kysely otherwise looks across all schemas).
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
};
