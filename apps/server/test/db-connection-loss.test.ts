import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { isConnectionLost } from '../src/lib/pg-errors.js';
import pg from 'pg';

/**
 * PostgreSQL ending connections on its side (an administrator's kill, a restart, a failover) fails the
 * queries on them and nothing else: the process goes on (an unheard 'error' event would end it, and
 * Vitest reports it as an uncaught error) and the next queries get new connections.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('losing database connections (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  const tag = `apsara-lost-${process.pid}-${Date.now()}`;
  const terminate = async (where: 'active' | 'idle') => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1 and state ${where === 'active' ? "= 'active'" : "= 'idle'"}`,
        [tag],
      );
      return rows[0].n;
    } finally {
      await admin.end();
    }
  };

  beforeAll(async () => {
    const tagged = new URL(url!);
    tagged.searchParams.set('application_name', tag);
    handle = await openDatabase({ url: tagged.toString(), poolSize: 3 });
  });
  afterAll(() => handle?.close());

  it('a query whose connection is killed fails alone; the pool goes on', async () => {
    const slow = sql`select pg_sleep(5)`.execute(handle.db).then(() => 'finished', (e: Error) => e.message);
    let killed = 0;
    for (let i = 0; i < 200 && killed === 0; i++) {
      killed = await terminate('active');
      if (killed === 0) await new Promise((r) => setTimeout(r, 10));
    }
    expect(killed).toBe(1);
    expect(await slow).toMatch(/terminat/i);
    // At once, before the closing socket is noticed: the pool must not hand the dead connection out.
    const answers = await Promise.all([1, 2, 3].map((n) => sql<{ n: number }>`select ${n}::int as n`.execute(handle.db)));
    expect(answers.map((a) => a.rows[0].n)).toEqual([1, 2, 3]);
  });

  it('a transaction whose connection is killed fails with that reason, not with its ROLLBACK’s', async () => {
    const work = handle.db
      .transaction()
      .execute(async (tx) => {
        await sql`select pg_sleep(5)`.execute(tx);
      })
      .then(() => undefined, (e: Error) => e);
    let killed = 0;
    for (let i = 0; i < 200 && killed === 0; i++) {
      killed = await terminate('active');
      if (killed === 0) await new Promise((r) => setTimeout(r, 10));
    }
    expect(killed).toBe(1);
    const err = await work;
    expect(isConnectionLost(err)).toBe(true);
    expect(err?.message).not.toMatch(/not queryable/);
    expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
  });

  it('idle connections killed under the pool are dropped; the next queries get new ones', async () => {
    await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(handle.db)));
    expect(await terminate('idle')).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 100));
    const answers = await Promise.all([1, 2, 3].map((n) => sql<{ n: number }>`select ${n}::int as n`.execute(handle.db)));
    expect(answers.map((a) => a.rows[0].n)).toEqual([1, 2, 3]);
  });
});
