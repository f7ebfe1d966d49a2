/**
 * npm run bench:wallet — wallet transfers per second over HTTP on PostgreSQL, with p50 and p99 latency,
 * at 16 and 64 concurrent clients, and in the same run pgbench's TPC-B-like workload with the same
 * number of clients against the same PostgreSQL server; prints transfers/s ÷ pgbench tps.
 *
 * Each HTTP client is one member signed in once, sending POST /wps/relay/GCS_walletTransfer one after
 * the other (MAIN→AG 1.00, then AG→MAIN 1.00, …, each with a fresh idempotency key), so the figure is
 * the throughput of independent transfers, not the queue on one member's row lock. The load generator
 * runs in a worker thread (its own event loop, like pgbench's own client process) with keep-alive
 * connections; the API server runs in this process with the production pool size.
 *
 * Knobs (environment):
 *   BENCH_DATABASE_URL (or DATABASE_URL)  PostgreSQL server; default postgres://postgres@127.0.0.1:5432/test
 *   BENCH_CLIENTS=16,64       client counts, one HTTP phase and one pgbench phase each
 *   BENCH_SECONDS=15          measured seconds per phase
 *   BENCH_WARMUP_SECONDS=3    unmeasured warm-up before each phase
 *   BENCH_MEMBERS             members signed in (default: the largest client count; fewer makes
 *                             clients share members, i.e. queue on the same account rows)
 *   BENCH_POOL_SIZE=20        the API's connection pool (20 is what `npm start` uses)
 *   BENCH_PGBENCH_SCALE=64    pgbench -s (at least the largest client count, so TPC-B's branch rows
 *                             are not a lock queue of their own)
 *   BENCH_PGBENCH_THREADS=2   pgbench -j
 *   PGBENCH=pgbench           the pgbench binary
 *
 * The run works in a schema of its own and in a pgbench database of its own, and drops both afterwards.
 * It exits 1 when any transfer failed; goals that are not met are reported, not turned into a failure.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed.js';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/lib/password.js';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.js';
import { ledgerService } from '../src/modules/ledger/ledger.service.js';

const int = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 0) throw new Error(`${name} must be a whole number`);
  return v;
};
const CLIENTS = (process.env.BENCH_CLIENTS ?? '16,64').split(',').map((s) => Number(s.trim()));
if (CLIENTS.some((c) => !Number.isInteger(c) || c < 1)) throw new Error('BENCH_CLIENTS must be a comma-separated list of client counts');
const SECONDS = int('BENCH_SECONDS', 15);
const WARMUP = int('BENCH_WARMUP_SECONDS', 3);
const MEMBERS = int('BENCH_MEMBERS', Math.max(...CLIENTS));
const POOL_SIZE = int('BENCH_POOL_SIZE', 20);
const SCALE = int('BENCH_PGBENCH_SCALE', Math.max(64, ...CLIENTS));
const PGBENCH_THREADS = int('BENCH_PGBENCH_THREADS', 2);
const PGBENCH = process.env.PGBENCH ?? 'pgbench';
const PASSWORD = 'Bench1234';
const FUNDS = 1_000_00n; // 1000.00 in every member's main wallet; the bench moves 1.00 back and forth
const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (sorted: ArrayLike<number>, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

type Phase = { clients: number; count: number; perSecond: number; p50: number; p99: number; errors: number; statuses: Record<string, number>; sample?: string; apiBusy: number; clientBusy: number };
type PgPhase = { clients: number; tps: number; avg: number; p50: number; p99: number; failed: number; count: number };

/**
 * The HTTP load generator, run in a worker thread. Plain JavaScript on purpose: it needs nothing but
 * node:http, and this way no TypeScript loader has to follow it into the worker.
 */
const CLIENT_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { origin, tokens } = workerData;
const target = new URL(origin);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const send = (token, body) => new Promise((resolve) => {
  const payload = JSON.stringify(body);
  const req = http.request({
    agent, host: target.hostname, port: target.port, method: 'POST', path: '/wps/relay/GCS_walletTransfer',
    headers: { host: 'localhost', 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: 'Bearer ' + token },
  }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
    res.on('error', (e) => resolve({ status: 'ERR', body: String(e) }));
  });
  req.on('error', (e) => resolve({ status: 'ERR', body: String(e) }));
  req.end(payload);
});
parentPort.on('message', async ({ phase, clients, seconds }) => {
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let sample;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    const token = tokens[c % tokens.length];
    for (let i = 0; performance.now() < until; i++) {
      const toVendor = i % 2 === 0;
      const body = { from: toVendor ? 'MAIN' : 'AG', to: toVendor ? 'AG' : 'MAIN', amount: '1.00', idempotencyKey: phase + '-c' + c + '-' + i };
      const t = performance.now();
      const res = await send(token, body);
      latencies.push(performance.now() - t);
      statuses[res.status] = (statuses[res.status] || 0) + 1;
      if (res.status !== 200) {
        errors++;
        sample ??= res.status + ' ' + res.body.slice(0, 300);
      }
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  parentPort.postMessage({ elapsed, sorted, statuses, errors, sample }, [sorted.buffer]);
});
`;

/** Runs a command, resolving with its output; rejects on a non-zero exit. */
const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`))));
  });

const target = new URL(url);
const pgArgs = ['-h', target.hostname || '127.0.0.1', '-p', target.port || '5432', '-U', decodeURIComponent(target.username || 'postgres')];
const pgEnv = { ...process.env, ...(target.password ? { PGPASSWORD: decodeURIComponent(target.password) } : {}) };
const suffix = randomBytes(4).toString('hex');
const pgbenchDb = `apsara_bench_pgbench_${suffix}`;
const schema = `bench_${suffix}`;

const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/** One pgbench run: tps and average from its summary, p50/p99 from its per-transaction log (µs, 3rd column). */
const pgbench = async (clients: number, seconds: number, logDir?: string): Promise<PgPhase> => {
  const threads = Math.max(1, Math.min(PGBENCH_THREADS, clients));
  const prefix = logDir ? join(logDir, `c${clients}`) : undefined;
  const out = await run(PGBENCH, [...pgArgs, '-c', String(clients), '-j', String(threads), '-T', String(seconds), '-M', 'prepared', ...(prefix ? ['-l', '--log-prefix', prefix] : []), pgbenchDb], pgEnv);
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  const latencies: number[] = [];
  if (logDir) {
    for (const f of (await readdir(logDir)).filter((n) => n.startsWith(`c${clients}.`))) {
      for (const line of (await readFile(join(logDir, f), 'utf8')).split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (line && Number.isFinite(us)) latencies.push(us / 1000);
      }
    }
  }
  const sorted = Float64Array.from(latencies).sort();
  return {
    clients,
    tps: num(/tps = ([\d.]+) \(without initial connection time\)/),
    avg: num(/latency average = ([\d.]+) ms/),
    failed: num(/number of failed transactions: (\d+)/) || 0,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    count: sorted.length,
  };
};

const database = await openDatabase({ url, schema, poolSize: POOL_SIZE });
let pgbenchCreated = false;
let logDir: string | undefined;
let worker: Worker | undefined;
let app: FastifyInstance | undefined;
try {
  // --- The API, its members and their money --------------------------------------------------
  await migrateToLatest(database.db, schema);
  await seedDemo(database.db);
  const db = database.db;
  const merchant = await db.selectFrom('merchants').select(['id', 'currency']).where('is_default', '=', true).executeTakeFirstOrThrow();
  const hash = await hashPassword(PASSWORD);
  const members = await db
    .insertInto('members')
    .values(Array.from({ length: MEMBERS }, (_, i) => ({ merchant_id: merchant.id, username: `wbench${i}`, password_hash: hash, register_method: 'BENCH' })))
    .returning(['id', 'username'])
    .execute();
  const ledger = ledgerService(ledgerRepository(db));
  const cash = await ledger.houseAccount(merchant.id, 'CASH_CLEARING', merchant.currency);
  for (const m of members) {
    const main = await ledger.memberAccount(merchant.id, m.id, 'MAIN', merchant.currency);
    await ledger.post({ merchantId: merchant.id, type: 'DEPOSIT', idempotencyKey: `bench-fund-${m.id}`, legs: [{ accountId: cash, amount: -FUNDS }, { accountId: main, amount: FUNDS }] });
  }

  // The transfer route allows 60 a minute per client address; every bench client shares 127.0.0.1,
  // so the per-route limits are scaled out of the way (the limiter itself still runs on each request).
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1000000', CAPTCHA_PROVIDER: 'fixed', CAPTCHA_FIXED_ANSWER: 'BENCH', WEB_DIST: '/nonexistent', DATABASE_URL: url, REDIS_URL: '' });
  app = await buildApp({ config, database });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });

  const tokens: string[] = [];
  for (const m of members) {
    const res = await fetch(`${origin}/wps/session/login`, { method: 'POST', headers: { 'content-type': 'application/json', host: 'localhost' }, body: JSON.stringify({ username: m.username, password: PASSWORD }) });
    const body = (await res.json()) as { value?: { token?: string } };
    if (res.status !== 200 || !body.value?.token) throw new Error(`login of ${m.username} failed: ${res.status} ${JSON.stringify(body)}`);
    tokens.push(body.value.token);
  }

  // --- pgbench's database -----------------------------------------------------------------------
  await admin(`CREATE DATABASE ${pgbenchDb}`);
  pgbenchCreated = true;
  const initStarted = performance.now();
  await run(PGBENCH, [...pgArgs, '-i', '-q', '-s', String(SCALE), pgbenchDb], pgEnv);
  const initSeconds = (performance.now() - initStarted) / 1000;
  logDir = await mkdtemp(join(tmpdir(), 'bench-wallet-'));

  const serverVersion = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0].v;
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(
    `bench:wallet — PostgreSQL ${serverVersion} (${target.host}), Node ${process.version}, ${SECONDS} s per phase after ${WARMUP} s warm-up, ` +
      `${MEMBERS} members, API pool ${POOL_SIZE}, pgbench -s ${SCALE} (initialised in ${initSeconds.toFixed(0)} s) -j ${PGBENCH_THREADS} -M prepared, ${cpus().length} CPUs, load average ${load()}`,
  );

  worker = new Worker(CLIENT_SOURCE, { eval: true, workerData: { origin, tokens } });
  worker.unref();
  // Event-loop utilisation of the API (this thread) and of the load generator during each phase:
  // near 100 % means that loop, not PostgreSQL, is what the clients are waiting for.
  const http = (phase: string, clients: number, seconds: number) =>
    new Promise<Phase>((resolve, reject) => {
      const api = performance.eventLoopUtilization();
      const client = worker!.performance.eventLoopUtilization();
      worker!.once('message', (m: { elapsed: number; sorted: Float64Array; statuses: Record<string, number>; errors: number; sample?: string }) =>
        resolve({
          clients,
          count: m.sorted.length,
          perSecond: m.sorted.length / m.elapsed,
          p50: percentile(m.sorted, 50),
          p99: percentile(m.sorted, 99),
          errors: m.errors,
          statuses: m.statuses,
          sample: m.sample,
          apiBusy: performance.eventLoopUtilization(api).utilization,
          clientBusy: worker!.performance.eventLoopUtilization(client).utilization,
        }),
      );
      worker!.once('error', reject);
      worker!.postMessage({ phase: `${suffix}-${phase}`, clients, seconds });
    });

  // Each client count: HTTP phase, then pgbench phase right after it, so the pair shares machine conditions.
  const results: { api: Phase; pgb: PgPhase }[] = [];
  for (const clients of CLIENTS) {
    if (WARMUP) await http(`w${clients}`, clients, WARMUP);
    const api = await http(`m${clients}`, clients, SECONDS);
    console.log(
      `  HTTP    ${String(clients).padStart(3)} clients: ${api.perSecond.toFixed(0).padStart(6)} transfers/s  p50 ${api.p50.toFixed(1)} ms  p99 ${api.p99.toFixed(1)} ms  n=${api.count}  errors=${api.errors}  ` +
        `event loop busy: API ${(api.apiBusy * 100).toFixed(0)} %, load generator ${(api.clientBusy * 100).toFixed(0)} %` +
        (api.errors ? `  statuses=${JSON.stringify(api.statuses)}  first: ${api.sample}` : ''),
    );
    if (WARMUP) await pgbench(clients, WARMUP);
    const pgb = await pgbench(clients, SECONDS, logDir);
    console.log(`  pgbench ${String(clients).padStart(3)} clients: ${pgb.tps.toFixed(0).padStart(6)} tps          p50 ${pgb.p50.toFixed(1)} ms  p99 ${pgb.p99.toFixed(1)} ms  avg ${pgb.avg.toFixed(1)} ms  n=${pgb.count}  failed=${pgb.failed}`);
    results.push({ api, pgb });
  }
  await app.close();
  app = undefined;

  // The books must still balance after the run: every transfer was a balanced posting.
  const total = await ledger.totalBalance(merchant.id);

  const header = '| clients | transfers/s | p50 ms | p99 ms | errors | pgbench tps | pgbench p50 ms | pgbench p99 ms | ratio |';
  console.log(`\n${header}\n|${header.slice(1, -1).split('|').map(() => '---').join('|')}|`);
  for (const { api, pgb } of results) {
    console.log(
      `| ${api.clients} | ${api.perSecond.toFixed(0)} | ${api.p50.toFixed(1)} | ${api.p99.toFixed(1)} | ${api.errors} | ${pgb.tps.toFixed(0)} | ${pgb.p50.toFixed(1)} | ${pgb.p99.toFixed(1)} | ${(api.perSecond / pgb.tps).toFixed(2)} |`,
    );
  }
  console.log(`\nload average at the end: ${load()} (other work on the machine lowers the figures)`);
  console.log(`books balance after the run: ${total === 0n ? 'yes' : `NO (sum ${total})`}`);
  const at16 = results.find((r) => r.api.clients === 16);
  for (const { api, pgb } of results) {
    const ratio = api.perSecond / pgb.tps;
    console.log(`goal ≥ 0.60 of pgbench at ${api.clients} clients: ${ratio.toFixed(2)} — ${ratio >= 0.6 ? 'met' : 'NOT met'}`);
  }
  if (at16) console.log(`goal p99 < 30 ms at 16 clients: ${at16.api.p99.toFixed(1)} ms — ${at16.api.p99 < 30 ? 'met' : 'NOT met'}`);
  if (results.some((r) => r.api.errors > 0 || r.pgb.failed > 0) || total !== 0n) process.exitCode = 1;
} finally {
  await worker?.terminate();
  await app?.close();
  if (logDir) await rm(logDir, { recursive: true, force: true });
  if (pgbenchCreated) await admin(`DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
  await database.close();
}
