import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMA_LOCK } from '../../test/test-schema.js';
import { statementName, usePreparedStatements } from './prepared-statements.js';

// Prepared statements are a PostgreSQL server feature: PGlite's driver is not a pg pool.
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('named prepared statements on a pg pool (PostgreSQL)', () => {
  const schema = `t_prep_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  const pools: pg.Pool[] = [];
  /** One connection, so what it prepared is visible in pg_prepared_statements from the same pool. */
  const onePool = (opts?: Parameters<typeof usePreparedStatements>[1]) => {
    const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
    usePreparedStatements(pool, opts);
    pools.push(pool);
    return pool;
  };
  const prepared = async (pool: pg.Pool) =>
    (await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(`create table ${schema}.things (id int primary key, label text not null)`);
    await admin.query(`insert into ${schema}.things values (1, 'one'), (2, 'two'), (3, 'three')`);
  });
  afterAll(async () => {
    for (const p of pools) await p.end();
    // Not while another suite's migrator lists every schema (see test/test-schema.ts).
    await admin.query('begin');
    await admin.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query('commit');
    await admin.end();
  });

  it('prepares a parameterised statement once per connection and reuses it with other values', async () => {
    const pool = onePool();
    const text = 'select label from things where id = $1';
    expect((await pool.query(text, [1])).rows).toEqual([{ label: 'one' }]);
    expect((await pool.query(text, [2])).rows).toEqual([{ label: 'two' }]);
    const rows = await prepared(pool);
    expect(rows).toEqual([{ name: statementName(text), statement: text }]);
  });

  it('leaves statements without parameters and bulk statements unnamed', async () => {
    const pool = onePool({ maxParams: 2 });
    await pool.query('select count(*) from things');
    await pool.query('select label from things where id in ($1, $2, $3)', [1, 2, 3]);
    expect(await prepared(pool)).toEqual([]);
    await pool.query('select label from things where id in ($1, $2)', [1, 2]);
    expect((await prepared(pool)).map((r) => r.name)).toEqual([statementName('select label from things where id in ($1, $2)')]);
  });

  it('names at most perConnection texts on a connection; the rest still run, unnamed', async () => {
    const pool = onePool({ perConnection: 2 });
    const texts = ['select $1::int + 1 as n', 'select $1::int + 2 as n', 'select $1::int + 3 as n'];
    for (const [i, t] of texts.entries()) expect((await pool.query(t, [10])).rows[0].n).toBe(11 + i);
    expect((await prepared(pool)).map((r) => r.statement).sort()).toEqual(texts.slice(0, 2).sort());
  });

  /** A checked-out client, as Kysely uses them (pg.Pool#query throws a connection away after an error). */
  const withClient = async (fn: (c: pg.PoolClient) => Promise<void>, opts?: Parameters<typeof usePreparedStatements>[1]) => {
    const client = await onePool(opts).connect();
    try {
      await fn(client);
    } finally {
      client.release();
    }
  };
  const names = async (c: pg.PoolClient) => (await c.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

  it('recovers at once when a table a prepared statement reads with * changed its columns', async () => {
    await admin.query(`create table ${schema}.widgets (id int primary key, label text not null)`);
    await admin.query(`insert into ${schema}.widgets values (3, 'three')`);
    await withClient(async (c) => {
      const text = 'select * from widgets where id = $1';
      expect((await c.query(text, [3])).rows).toEqual([{ id: 3, label: 'three' }]);
      await admin.query(`alter table ${schema}.widgets add column weight int not null default 7`);
      // Outside a transaction the refused statement did nothing: it is prepared afresh and sent again.
      expect((await c.query(text, [3])).rows).toEqual([{ id: 3, label: 'three', weight: 7 }]);
      expect(await names(c)).toEqual([statementName(text), statementName(text, 1)].sort());
      // Inside a transaction the caller sees the error (its transaction is aborted); the next try works.
      await admin.query(`alter table ${schema}.widgets add column colour text`);
      await c.query('begin');
      await expect(c.query(text, [3])).rejects.toMatchObject({ code: '0A000' });
      await c.query('rollback');
      expect((await c.query(text, [3])).rows).toEqual([{ id: 3, label: 'three', weight: 7, colour: null }]);
    });
  });

  it('stops naming on a connection whose prepared statements vanished (a pooler moved it), without failing the query', async () => {
    await withClient(async (c) => {
      const text = 'select label from things where id = $1';
      expect((await c.query(text, [1])).rows).toEqual([{ label: 'one' }]);
      // What a transaction-mode pooler does: the next server connection does not have the statement.
      await c.query(`deallocate "${statementName(text)}"`);
      expect((await c.query(text, [2])).rows).toEqual([{ label: 'two' }]);
      expect((await c.query('select label from things where id = $1 + 0', [3])).rows).toEqual([{ label: 'three' }]);
      expect(await names(c)).toEqual([]);
    });
  });

  it('forgets a statement pg could not bind, so the next call prepares it again', async () => {
    await withClient(async (c) => {
      const text = 'select label from things where id = $1';
      expect((await c.query(text, [1])).rows).toEqual([{ label: 'one' }]);
      const unsendable = {
        toPostgres: () => {
          throw new Error('cannot send this');
        },
      };
      await expect(c.query(text, [unsendable])).rejects.toThrow('cannot send this');
      expect((await c.query(text, [2])).rows).toEqual([{ label: 'two' }]);
      // Prepared again under a new name (not given up on: the connection still names statements).
      expect(await names(c)).toEqual([statementName(text, 1)]);
    });
  });

  it('a statement that fails to parse is not remembered as prepared', async () => {
    await withClient(async (c) => {
      await expect(c.query('select nope from things where id = $1', [1])).rejects.toThrow(/nope/);
      await admin.query(`alter table ${schema}.things add column nope text`);
      expect((await c.query('select nope from things where id = $1', [1])).rows).toEqual([{ nope: null }]);
    });
  });
});
