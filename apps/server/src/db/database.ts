import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGlite, types } from '@electric-sql/pglite';
import { pglitePool } from './pglite-pool.js';
import { usePreparedStatements } from './prepared-statements.js';
import { isConnectionLost } from '../lib/pg-errors.js';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;
export type DatabaseHandle = { db: Database; kind: 'pglite' | 'postgres'; schema?: string; close: () => Promise<void> };

export type DatabaseOptions = {
  url?: string;
  /** Folder for the embedded database; `memory` keeps it in memory (tests). */
  dataDir?: string;
  /** PostgreSQL only: isolate this handle in its own schema (used for test runs). */
  schema?: string;
  poolSize?: number;
  /** PostgreSQL only: run parameterised queries as named prepared statements (default on). */
  preparedStatements?: boolean;
};

// int8 arrives as bigint on both engines, numeric as string: money never passes through a float.
const INT8 = 20;
const NUMERIC = 1700;

type QueryFn = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * PostgreSQL's "terminating connection" reaches the query before the socket closes, so a connection
 * released right after it would go back to the pool still looking alive, and fail the next query
 * given to it. A statement that failed that way ends its connection at once, and the pool drops it.
 */
const endWhenLost = (client: pg.PoolClient) => {
  const query = client.query.bind(client) as QueryFn;
  // The error that ended the connection: every later statement on it (a transaction's ROLLBACK) fails
  // with it, so the caller learns why, not that the client was closed.
  let lost: unknown;
  const check = (err: unknown) => {
    if (lost === undefined && isConnectionLost(err)) {
      lost = err;
      client.end().catch(() => {});
    }
  };
  (client as unknown as { query: QueryFn }).query = (text, values, callback) => {
    const cb = typeof values === 'function' ? values : callback;
    if (lost !== undefined) {
      if (typeof cb !== 'function') return Promise.reject(lost);
      process.nextTick(() => (cb as (e: unknown) => void)(lost));
      return undefined;
    }
    if (typeof cb === 'function') {
      const wrapped = (err: unknown, res: unknown) => {
        check(err);
        (cb as (e: unknown, r: unknown) => void)(err, res);
      };
      return typeof values === 'function' ? query(text, wrapped) : query(text, values, wrapped);
    }
    const result = query(text, values);
    if (result instanceof Promise) return result.catch((err: unknown) => { check(err); throw err; });
    return result;
  };
};

const openPostgres = async (opts: DatabaseOptions): Promise<DatabaseHandle> => {
  if (opts.schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(opts.schema)) throw new Error('invalid schema name');
  if (opts.schema) {
    const admin = new pg.Client({ connectionString: opts.url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? 20,
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return (v: string) => BigInt(v);
        if (oid === NUMERIC) return (v: string) => v;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // A connection PostgreSQL ends on its side (an administrator's kill, a restart, a failover, an idle
  // timeout) makes pg emit 'error': on the pool for an idle connection (the pool has dropped it), and
  // on the client itself for one that is checked out (its query fails with the error, and the pool
  // drops it when it is released). Unheard, either event would be thrown and end the process; heard,
  // only the requests on that connection fail and the next ones get a new connection.
  pool.on('error', (err) => process.emitWarning(`an idle database connection was lost: ${err.message}`, 'DatabaseConnectionLost'));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    endWhenLost(client);
  });
  if (opts.preparedStatements !== false) usePreparedStatements(pool);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', schema: opts.schema, close: () => db.destroy() };
};

const openPglite = async (opts: DatabaseOptions): Promise<DatabaseHandle> => {
  const dir = opts.dataDir ?? './.data';
  let dataDir: string | undefined;
  if (dir !== 'memory') {
    // A relative DATA_DIR is relative to where the command was typed (npm runs workspace scripts
    // from the workspace folder, and INIT_CWD keeps the original directory).
    dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), dir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const lite = await PGlite.create({
    dataDir,
    parsers: { [types.INT8]: (v: string) => BigInt(v), [types.NUMERIC]: (v: string) => v },
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pglitePool(lite) as unknown as pg.Pool }) });
  return { db, kind: 'pglite', close: () => db.destroy() };
};

export const openDatabase = (opts: DatabaseOptions): Promise<DatabaseHandle> =>
  opts.url ? openPostgres(opts) : openPglite(opts);

export const pingDatabase = async (db: Database) => {
  await sql`select 1`.execute(db);
};
