/**
 * npm run bench:wallet — wallet transfers per second over HTTP on PostgreSQL, with p50 and p99 latency,
 * at 16 and 64 concurrent clients, and in the same run pgbench's TPC-B-like workload with the same
 * number of clients against the same PostgreSQL server; prints transfers/s ÷ pgbench tps.
 *
 * Each HTTP client is one member signed in once, sending POST /wps/relay/GCS_walletTransfer one after
 * the other (MAIN→AG 1.00, then AG→MAIN 1.00, …, each with a fresh idempotency key), so the figure is
 * the throughput of independent transfers, not the queue on one member's row lock. The load generator
 * runs in a worker thread (its own event loop, like pgbench's own client process), one keep-alive
 * connection per client (undici); the API server runs in this process with the production pool size.
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
 *   BENCH_API_PROCESSES=1     1: the API in this process (its event loop measured). More: the real server
 *                             (`node --import tsx src/main.ts`) with API_PROCESSES=N on a database of its
 *                             own (created and dropped by the run) and Redis (BENCH_REDIS_URL, default
 *                             redis://127.0.0.1:6379), as a machine of that many cores would run it
 *
 * The run works in a schema (or, with several API processes, a database) of its own and in a pgbench
 * database of its own, and drops both afterwards.
 * It exits 1 when any transfer failed; goals that are not met are reported, not turned into a failure.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed.js';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/lib/password.js';
import { ledgerRepository } from '../src/modules/ledger/ledger.repository.js';
import { ledgerService } from '../src/modules/ledger/ledger.service.js';
import { adminQuery } from '../test/pg-admin.js';
import { batchStats } from '../src/lib/batcher.js';
import { startRealServer, type RealServer } from './real-server.js';

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
const API_PROCESSES = Math.max(1, int('BENCH_API_PROCESSES', 1));
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'Bench1234';
const FUNDS = 1_000_00n; // 1000.00 in every member's main wallet; the bench moves 1.00 back and forth
const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const percentile = (sorted: ArrayLike<number>, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

type Phase = { clients: number; count: number; perSecond: number; p50: number; p99: number; errors: number; statuses: Record<string, number>; sample?: string; apiBusy: number; clientBusy: number; cpu?: CpuShare };
type PgPhase = { clients: number; tps: number; avg: number; p50: number; p99: number; failed: number; count: number; cpu?: CpuShare };

/**
 * CPU time per transaction, split into the client side (this process: the API and its load generator,
 * or pgbench) and PostgreSQL (every server process, plus what finished backends left in the
 * postmaster's children's total). Unlike rates, these hardly move with other work on the machine, so
 * they compare code changes even on a busy machine. Linux only (read from /proc); undefined elsewhere.
 */
type CpuShare = { clientMs: number; postgresMs: number; machineMs: number; machineBusy: number };
const TICK_MS = 10; // USER_HZ is 100 on Linux
const statTicks = (text: string) => {
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15, cutime 16, cstime 17.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
};
const postgresTicks = async () => {
  let total = 0;
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const text = await readFile(`/proc/${pid}/stat`, 'utf8');
      if (!text.includes('(postgres)') && !text.includes('(postmaster)')) continue;
      const t = statTicks(text);
      total += t.own + t.children;
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
};
/** Busy and total ticks of the whole machine (/proc/stat: every CPU, every process, the kernel's own work). */
const machineTicks = async () => {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
};
/** `server`: the ticks of API processes outside this one, counted on the client side with this process's. */
const cpuMeter = async (server?: () => number) => {
  if (process.platform !== 'linux') return undefined;
  const self = async () => statTicks(await readFile('/proc/self/stat', 'utf8'));
  const [s0, p0, m0, a0] = [await self(), await postgresTicks(), await machineTicks(), server?.() ?? 0];
  return async (transactions: number, side: 'own' | 'children'): Promise<CpuShare> => {
    const [s1, p1, m1, a1] = [await self(), await postgresTicks(), await machineTicks(), server?.() ?? 0];
    return {
      clientMs: ((s1[side] - s0[side] + a1 - a0) * TICK_MS) / transactions,
      postgresMs: ((p1 - p0) * TICK_MS) / transactions,
      machineMs: ((m1.busy - m0.busy) * TICK_MS) / transactions,
      machineBusy: (m1.busy - m0.busy) / Math.max(1, m1.total - m0.total),
    };
  };
};

/**
 * The HTTP load generator, run in a worker thread. Plain JavaScript on purpose, so no TypeScript
 * loader has to follow it into the worker. Each client is one undici `Client`: one keep-alive
 * connection sending one request at a time, as each pgbench client has one connection and one
 * transaction at a time. undici rather than node:http because the generator shares the machine with
 * what it measures, and undici spends about half the CPU per request.
 */
const CLIENT_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { Client } = require(workerData.undici);
const { origin, tokens } = workerData;
parentPort.on('message', async ({ phase, clients, seconds }) => {
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let sample;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    const client = new Client(origin, { pipelining: 1 });
    const headers = { host: 'localhost', 'content-type': 'application/json', authorization: 'Bearer ' + tokens[c % tokens.length] };
    try {
      for (let i = 0; performance.now() < until; i++) {
        const toVendor = i % 2 === 0;
        const body = JSON.stringify({ from: toVendor ? 'MAIN' : 'AG', to: toVendor ? 'AG' : 'MAIN', amount: '1.00', idempotencyKey: phase + '-c' + c + '-' + i });
        const t = performance.now();
        let status;
        let text;
        try {
          const res = await client.request({ method: 'POST', path: '/wps/relay/GCS_walletTransfer', headers, body });
          status = res.statusCode;
          text = await res.body.text();
        } catch (e) {
          status = 'ERR';
          text = String(e);
        }
        latencies.push(performance.now() - t);
        statuses[status] = (statuses[status] || 0) + 1;
        if (status !== 200) {
          errors++;
          sample ??= status + ' ' + text.slice(0, 300);
        }
      }
    } finally {
      await client.close();
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
const pgArgs = ['-h', decodeURIComponent(target.hostname) || '127.0.0.1', '-p', target.port || '5432', '-U', decodeURIComponent(target.username || 'postgres')];
const pgEnv = { ...process.env, ...(target.password ? { PGPASSWORD: decodeURIComponent(target.password) } : {}) };
const suffix = randomBytes(4).toString('hex');
const pgbenchDb = `apsara_bench_pgbench_${suffix}`;
const schema = `bench_${suffix}`;


/** One pgbench run: tps and average from its summary, p50/p99 from its per-transaction log (µs, 3rd column). */
const pgbench = async (clients: number, seconds: number, logDir?: string, custom?: { database: string; args: string[]; env: NodeJS.ProcessEnv; tag: string }): Promise<PgPhase> => {
  const threads = Math.max(1, Math.min(PGBENCH_THREADS, clients));
  const tag = `${custom?.tag ?? 'tpcb'}${clients}`;
  const prefix = logDir ? join(logDir, tag) : undefined;
  const meter = await cpuMeter();
  const out = await run(
    PGBENCH,
    [...pgArgs, '-c', String(clients), '-j', String(threads), '-T', String(seconds), '-M', 'prepared', ...(prefix ? ['-l', '--log-prefix', prefix] : []), ...(custom?.args ?? []), custom?.database ?? pgbenchDb],
    custom?.env ?? pgEnv,
  );
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  const latencies: number[] = [];
  if (logDir) {
    for (const f of (await readdir(logDir)).filter((n) => n.startsWith(`${tag}.`))) {
      for (const line of (await readFile(join(logDir, f), 'utf8')).split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (line && Number.isFinite(us)) latencies.push(us / 1000);
      }
    }
  }
  const sorted = Float64Array.from(latencies).sort();
  const transactions = num(/number of transactions actually processed: (\d+)/);
  return {
    clients,
    cpu: meter && transactions > 0 ? await meter(transactions, 'children') : undefined,
    tps: num(/tps = ([\d.]+) \(without initial connection time\)/),
    avg: num(/latency average = ([\d.]+) ms/),
    failed: num(/number of failed transactions: (\d+)/) || 0,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    count: sorted.length,
  };
};

const cpuText = (cpu: CpuShare | undefined, client: string) =>
  cpu
    ? `  CPU per transaction: ${client} ${cpu.clientMs.toFixed(2)} ms, PostgreSQL ${cpu.postgresMs.toFixed(2)} ms, whole machine ${cpu.machineMs.toFixed(2)} ms (busy ${(cpu.machineBusy * 100).toFixed(0)} %)`
    : '';

// Several API processes: the real server on a database of its own, which it migrates and seeds itself;
// the bench then works in that database's public schema. One: the API in this process, in a schema.
const server: RealServer | undefined = API_PROCESSES > 1 ? await startRealServer({ url, processes: API_PROCESSES, redisUrl: REDIS_URL, name: 'wallet', quiet: true }) : undefined;
const database = server
  ? await openDatabase({ url: server.databaseUrl, poolSize: 4 }).catch(async (err) => {
      await server.close();
      throw err;
    })
  : await openDatabase({ url, schema, poolSize: POOL_SIZE });
let pgbenchCreated = false;
let logDir: string | undefined;
let worker: Worker | undefined;
let app: FastifyInstance | undefined;
try {
  // --- The API, its members and their money --------------------------------------------------
  if (!server) {
    await migrateToLatest(database.db, schema);
    await seedDemo(database.db);
  }
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
  const pairs: [bigint, bigint][] = [];
  for (const m of members) {
    const main = await ledger.memberAccount(merchant.id, m.id, 'MAIN', merchant.currency);
    pairs.push([main, await ledger.memberAccount(merchant.id, m.id, 'VENDOR:AG', merchant.currency)]);
    await ledger.post({ merchantId: merchant.id, type: 'DEPOSIT', idempotencyKey: `bench-fund-${m.id}`, legs: [{ accountId: cash, amount: -FUNDS }, { accountId: main, amount: FUNDS }] });
  }

  // The transfer route allows 60 a minute per client address; every bench client shares 127.0.0.1,
  // so the per-route limits are scaled out of the way (the limiter itself still runs on each request).
  let origin: string;
  if (server) origin = server.origin;
  else {
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1000000', CAPTCHA_PROVIDER: 'fixed', CAPTCHA_FIXED_ANSWER: 'BENCH', WEB_DIST: '/nonexistent', DATABASE_URL: url, REDIS_URL: '' });
    app = await buildApp({ config, database });
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  }

  const tokens: string[] = [];
  for (const m of members) {
    const res = await fetch(`${origin}/wps/session/login`, { method: 'POST', headers: { 'content-type': 'application/json', host: 'localhost' }, body: JSON.stringify({ username: m.username, password: PASSWORD }) });
    const body = (await res.json()) as { value?: { token?: string } };
    if (res.status !== 200 || !body.value?.token) throw new Error(`login of ${m.username} failed: ${res.status} ${JSON.stringify(body)}`);
    tokens.push(body.value.token);
  }

  // --- pgbench's database -----------------------------------------------------------------------
  await adminQuery(url, `CREATE DATABASE ${pgbenchDb}`);
  pgbenchCreated = true;
  const initStarted = performance.now();
  await run(PGBENCH, [...pgArgs, '-i', '-q', '-s', String(SCALE), pgbenchDb], pgEnv);
  const initSeconds = (performance.now() - initStarted) / 1000;
  logDir = await mkdtemp(join(tmpdir(), 'bench-wallet-'));

  // --- The posting alone: pgbench calling ledger_post on the same accounts ----------------------
  // What PostgreSQL does with the money part of a transfer when no API stands in front of it: each
  // pgbench transaction is one member's MAIN→AG 1.00 and AG→MAIN 1.00, two postings under fresh keys.
  // The accounts were created in pairs, so a client finds its member's pair by arithmetic.
  const contiguous = pairs.every(([main, ag], i) => main === pairs[0][0] + 2n * BigInt(i) && ag === main + 1n);
  let posting: ((clients: number, seconds: number, logs?: string) => Promise<PgPhase>) | undefined;
  if (contiguous) {
    const script = join(logDir, 'posting.sql');
    const leg = (id: string, amount: string) => `jsonb_build_array((${id})::text, '${amount}')`;
    const call = (suffix: string, from: string, to: string) =>
      `select status from ledger_post(:merchant, 'WALLET_TRANSFER', null, 'pgb-' || :client_id || '-' || :k || '${suffix}', 'bench', '{}'::jsonb, jsonb_build_array(${leg(from, '-100')}, ${leg(to, '100')}));`;
    const main = ':base + 2 * :client_id';
    const ag = ':base + 2 * :client_id + 1';
    await writeFile(script, ['\\set k random(1, 1000000000000)', call('a', main, ag), call('b', ag, main), ''].join('\n'));
    const database = server?.databaseName ?? (decodeURIComponent(target.pathname.slice(1)) || 'postgres');
    const env = server ? pgEnv : { ...pgEnv, PGOPTIONS: `-c search_path=${schema}` };
    posting = (clients, seconds, logs) =>
      pgbench(clients, seconds, logs, { database, env, tag: 'post', args: ['-n', '-f', script, '-D', `merchant=${merchant.id}`, '-D', `base=${pairs[0][0]}`] });
  }

  const serverVersion = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0].v;
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(
    `bench:wallet — PostgreSQL ${serverVersion} (${target.host}), Node ${process.version}, ${SECONDS} s per phase after ${WARMUP} s warm-up, ` +
      `${MEMBERS} members, ` +
      (server ? `API: ${API_PROCESSES} processes of the real server (API_PROCESSES, pool 20 each, Redis ${new URL(REDIS_URL).host}), started in ${(server.startMs / 1000).toFixed(1)} s` : `API: one event loop in this process, pool ${POOL_SIZE}`) +
      `, pgbench -s ${SCALE} (initialised in ${initSeconds.toFixed(0)} s) -j ${PGBENCH_THREADS} -M prepared, ${cpus().length} CPUs, load average ${load()}`,
  );

  worker = new Worker(CLIENT_SOURCE, { eval: true, workerData: { origin, tokens, undici: createRequire(import.meta.url).resolve('undici') } });
  worker.unref();
  // Event-loop utilisation of the API (this thread) and of the load generator during each phase:
  // near 100 % means that loop, not PostgreSQL, is what the clients are waiting for.
  type Report = { elapsed: number; sorted: Float64Array; statuses: Record<string, number>; errors: number; sample?: string };
  const http = async (phase: string, clients: number, seconds: number): Promise<Phase> => {
    const meter = await cpuMeter(server?.ticks);
    const t0 = performance.now();
    const ticks0 = server?.ticks() ?? 0;
    const api = performance.eventLoopUtilization();
    const client = worker!.performance.eventLoopUtilization();
    const m = await new Promise<Report>((resolve, reject) => {
      worker!.once('message', resolve);
      worker!.once('error', reject);
      worker!.postMessage({ phase: `${suffix}-${phase}`, clients, seconds });
    });
    // One process: how busy its event loop was. Several: their CPU time over the phase, in cores.
    const apiBusy = server ? ((server.ticks() - ticks0) * TICK_MS) / (performance.now() - t0) : performance.eventLoopUtilization(api).utilization;
    const clientBusy = worker!.performance.eventLoopUtilization(client).utilization;
    return {
      cpu: meter && m.sorted.length ? await meter(m.sorted.length, 'own') : undefined,
      clients,
      count: m.sorted.length,
      perSecond: m.sorted.length / m.elapsed,
      p50: percentile(m.sorted, 50),
      p99: percentile(m.sorted, 99),
      errors: m.errors,
      statuses: m.statuses,
      sample: m.sample,
      apiBusy,
      clientBusy,
    };
  };

  // Each client count: HTTP phase, then pgbench phase right after it, so the pair shares machine conditions.
  const results: { api: Phase; pgb: PgPhase; post?: PgPhase }[] = [];
  for (const clients of CLIENTS) {
    if (WARMUP) await http(`w${clients}`, clients, WARMUP);
    const before = batchStats();
    const api = await http(`m${clients}`, clients, SECONDS);
    const grouped = Object.entries(batchStats())
      .map(([name, c]) => [name, c.items - (before[name]?.items ?? 0), c.groups - (before[name]?.groups ?? 0)] as const)
      .filter(([, , groups]) => groups > 0)
      .map(([name, items, groups]) => {
        const now = batchStats()[name];
        const per = (total: number, earlier = 0) => ((total - earlier) / items).toFixed(2);
        return `${name} ${(items / groups).toFixed(1)} (waits ${per(now.waitMs, before[name]?.waitMs)} ms, out ${per(now.runMs, before[name]?.runMs)} ms)`;
      });
    console.log(
      `  HTTP    ${String(clients).padStart(3)} clients: ${api.perSecond.toFixed(0).padStart(6)} transfers/s  p50 ${api.p50.toFixed(1)} ms  p99 ${api.p99.toFixed(1)} ms  n=${api.count}  errors=${api.errors}  ` +
        (server ? `API processes ${api.apiBusy.toFixed(2)} cores of CPU, ` : `event loop busy: API ${(api.apiBusy * 100).toFixed(0)} %, `) +
        `load generator ${(api.clientBusy * 100).toFixed(0)} %` +
        cpuText(api.cpu, 'API + load generator') +
        (grouped.length ? `  per round trip: ${grouped.join(', ')}` : '') +
        (api.errors ? `  statuses=${JSON.stringify(api.statuses)}  first: ${api.sample}` : ''),
    );
    if (WARMUP) await pgbench(clients, WARMUP);
    const pgb = await pgbench(clients, SECONDS, logDir);
    console.log(`  pgbench ${String(clients).padStart(3)} clients: ${pgb.tps.toFixed(0).padStart(6)} tps          p50 ${pgb.p50.toFixed(1)} ms  p99 ${pgb.p99.toFixed(1)} ms  avg ${pgb.avg.toFixed(1)} ms  n=${pgb.count}  failed=${pgb.failed}` + cpuText(pgb.cpu, 'pgbench'));
    let post: PgPhase | undefined;
    if (posting) {
      if (WARMUP) await posting(clients, WARMUP);
      post = await posting(clients, SECONDS, logDir);
      // Two postings per pgbench transaction; its latency is that of the pair.
      console.log(
        `  posting ${String(clients).padStart(3)} clients: ${(post.tps * 2).toFixed(0).padStart(6)} postings/s   p50 ${post.p50.toFixed(1)} ms  p99 ${post.p99.toFixed(1)} ms (per pair)  failed=${post.failed}` +
          cpuText(post.cpu && { ...post.cpu, clientMs: post.cpu.clientMs / 2, postgresMs: post.cpu.postgresMs / 2, machineMs: post.cpu.machineMs / 2 }, 'pgbench'),
      );
    }
    results.push({ api, pgb, post });
  }
  await app?.close();
  app = undefined;

  // The books must still balance after the run: every transfer was a balanced posting.
  const total = await ledger.totalBalance(merchant.id);

  const header = '| clients | transfers/s | p50 ms | p99 ms | errors | pgbench tps | pgbench p50 ms | pgbench p99 ms | ratio | ledger_post alone /s |';
  console.log(`\n${header}\n|${header.slice(1, -1).split('|').map(() => '---').join('|')}|`);
  for (const { api, pgb, post } of results) {
    console.log(
      `| ${api.clients} | ${api.perSecond.toFixed(0)} | ${api.p50.toFixed(1)} | ${api.p99.toFixed(1)} | ${api.errors} | ${pgb.tps.toFixed(0)} | ${pgb.p50.toFixed(1)} | ${pgb.p99.toFixed(1)} | ${(api.perSecond / pgb.tps).toFixed(2)} | ${post ? (post.tps * 2).toFixed(0) : '–'} |`,
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
  if (results.some((r) => r.api.errors > 0 || r.pgb.failed > 0 || (r.post?.failed ?? 0) > 0) || total !== 0n) process.exitCode = 1;
} finally {
  await worker?.terminate();
  await app?.close();
  if (logDir) await rm(logDir, { recursive: true, force: true });
  if (pgbenchCreated) await adminQuery(url, `DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
  if (!server) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
  await database.close();
  await server?.close();
}
