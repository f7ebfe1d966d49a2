/**
 * npm run bench:auth — logins per second and latency at 32 concurrent clients over HTTP on PostgreSQL,
 * printed beside the raw argon2id verification rate of this machine in the same run, so the ratio
 * shows what the API adds on top of the hash.
 *
 * BENCH_DATABASE_URL (or DATABASE_URL) picks the server; default postgres://postgres@127.0.0.1:5432/test.
 * The run works in a schema of its own and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed.js';
import { buildApp } from '../src/app.js';
import { hashPassword, verifyPassword } from '../src/lib/password.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 64;
const PASSWORD = 'Bench1234';
const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Runs `task` from `CONCURRENCY` loops for `SECONDS`; returns ops/s and latency percentiles in ms. */
const load = async (task: (i: number) => Promise<boolean>) => {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = worker; performance.now() < until; i += CONCURRENCY) {
        const t = performance.now();
        const ok = await task(i);
        latencies.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { ops: latencies.length, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
};

const schema = `bench_${randomBytes(4).toString('hex')}`;
const database = await openDatabase({ url, schema, poolSize: 20 });
try {
  await migrateToLatest(database.db, schema);
  await seedDemo(database.db);
  const merchant = await database.db.selectFrom('merchants').select('id').where('is_default', '=', true).executeTakeFirstOrThrow();
  const hash = await hashPassword(PASSWORD);
  await database.db
    .insertInto('members')
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        merchant_id: merchant.id,
        username: `bench${i}`,
        password_hash: hash,
        register_method: 'BENCH',
      })),
    )
    .execute();

  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '100000', WEB_DIST: '/nonexistent', DATABASE_URL: url });
  const app = await buildApp({ config, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  console.log(`bench:auth — ${CONCURRENCY} concurrent clients, ${SECONDS} s per phase, PostgreSQL (${new URL(url).host}), Node ${process.version}`);

  // Warm-up so JIT and connection pool are settled before measuring.
  await Promise.all(Array.from({ length: 8 }, (_, i) => verifyPassword(hash, PASSWORD).then(() => i)));

  const raw = await load(async () => verifyPassword(hash, PASSWORD));
  const login = await load(async (i) => {
    const res = await fetch(`${address}/wps/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'localhost' },
      body: JSON.stringify({ username: `bench${i % USERS}`, password: PASSWORD }),
    });
    await res.arrayBuffer();
    return res.status === 200;
  });
  await app.close();

  const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
    `${name.padEnd(34)} ${r.perSecond.toFixed(1).padStart(8)} /s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   n=${r.ops}${r.errors ? `  errors=${r.errors}` : ''}`;
  console.log(row('argon2id verify (raw, in-process)', raw));
  console.log(row('POST /wps/session/login (HTTP)', login));
  console.log(`login rate / raw hash rate: ${((login.perSecond / raw.perSecond) * 100).toFixed(1)}%`);
  if (login.errors) process.exitCode = 1;
} finally {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
  await database.close();
}
