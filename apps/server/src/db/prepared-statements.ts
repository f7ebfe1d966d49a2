import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named prepared statements for every parameterised query on a pg pool.
 *
 * Kysely sends each query unnamed, so PostgreSQL parses and plans it on every execution. For the short
 * statements of the hot paths (the session lookup, an account list) planning costs far more than
 * running: measured with pgbench on this project's session and account queries, about 0.4 ms of
 * server CPU per statement unnamed against 0.04 ms prepared. Here each connection prepares a statement
 * the first time it sees its text (named by a hash of the text) and afterwards only binds and
 * executes it; pg remembers per connection which names it has parsed.
 *
 * Bounds:
 * - only statements with parameters are named (multi-statement texts such as migrations cannot be
 *   prepared, and have none);
 * - statements with more than `maxParams` parameters (bulk inserts, long IN lists) stay unnamed: their
 *   text varies with the row count, so naming them would only fill the connection's cache;
 * - at most `perConnection` names per connection; later new texts run unnamed.
 *
 * Recovery, so a prepared statement never fails a query twice on a connection:
 * - a statement whose result type changed under it (another node's migration added a column to a
 *   table it reads with `*`: PostgreSQL refuses the old plan) gets a new name on that connection;
 * - "prepared statement does not exist" / "already exists" means something between us and PostgreSQL
 *   (a pooler in transaction mode without prepared-statement support) moved the connection: that
 *   connection stops naming statements;
 * - a statement pg could not bind (a value it cannot send) is closed by pg: its name is forgotten.
 * Outside a transaction such a query is sent again at once (it did nothing: the failed statement was
 * its own transaction); inside one the error goes to the caller, whose transaction is aborted anyway.
 *
 * Switch it off (`PG_PREPARED_STATEMENTS=off`) behind a pooler in transaction mode that does not keep
 * prepared statements (PgBouncer before 1.21, or later without `max_prepared_statements`).
 */
export type PreparedOptions = { perConnection?: number; maxParams?: number };

type Callback = (err: Error | null, result?: pg.QueryResult) => void;
type QueryFn = (text: unknown, values?: unknown, callback?: Callback) => unknown;
type Client = pg.PoolClient & { connection?: { parsedStatements?: Record<string, string> } };
const STATE = Symbol('apsara.prepared');
type State = { names: Map<string, string>; generation: Map<string, number>; off: boolean };

export const statementName = (text: string, generation = 0) =>
  `a${createHash('sha1').update(text).digest('base64url').slice(0, 22)}${generation ? `_${generation}` : ''}`;

/** PostgreSQL's codes (not its messages, which follow the server's language). */
const resultTypeChanged = (err: { code?: string; routine?: string }) => err.code === '0A000' && err.routine === 'RevalidateCachedQuery';
const MOVED = new Set(['26000', '42P05']);

export const usePreparedStatements = (pool: pg.Pool, { perConnection = 400, maxParams = 64 }: PreparedOptions = {}) => {
  pool.on('connect', (client) => {
    const c = client as Client & { [STATE]?: State };
    if (c[STATE]) return;
    const state: State = { names: new Map(), generation: new Map(), off: false };
    c[STATE] = state;
    const query = c.query.bind(c) as QueryFn;
    const forget = (name: string) => {
      if (c.connection?.parsedStatements) delete c.connection.parsedStatements[name];
    };

    /** Runs a parameterised text under its name; on a failure of the statement itself, recovers as above. */
    const named = async (text: string, values: unknown[], retried = false): Promise<pg.QueryResult> => {
      let name = state.off ? undefined : state.names.get(text);
      if (!name && !state.off && state.names.size < perConnection) {
        name = statementName(text, state.generation.get(text));
        state.names.set(text, name);
      }
      if (!name) return query(text, values) as Promise<pg.QueryResult>;
      try {
        return await (query({ name, text, values }) as Promise<pg.QueryResult>);
      } catch (e) {
        const err = e as Error & { code?: string; routine?: string };
        const moved = MOVED.has(err.code ?? '');
        if (moved) {
          state.off = true;
          for (const n of state.names.values()) forget(n);
          state.names.clear();
        } else if (resultTypeChanged(err) || err.code === undefined) {
          // A new name: the old statement is either refused by the server or closed by pg.
          forget(name);
          state.generation.set(text, (state.generation.get(text) ?? 0) + 1);
          state.names.delete(text);
        }
        const recoverable = moved || resultTypeChanged(err);
        if (recoverable && !retried && c.getTransactionStatus() === 'I') return named(text, values, true);
        throw err;
      }
    };

    (c as unknown as { query: QueryFn }).query = (text: unknown, values?: unknown, callback?: Callback) => {
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || values.length > maxParams) return query(text, values, callback);
      const result = named(text, values);
      // pg.Pool#query passes a callback; Kysely uses the promise.
      if (!callback) return result;
      result.then(
        (r) => callback(null, r),
        (err: Error) => callback(err),
      );
      return undefined;
    };
  });
};
