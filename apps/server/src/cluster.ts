import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { bootstrapOperator } from './modules/ops/ops.bootstrap.js';
import { prepareDatabase } from './server-node.js';

/** A worker that dies sooner than this after its start is restarted only after a pause (a crash loop). */
const QUICK_DEATH_MS = 5_000;
const RESTART_PAUSE_MS = 2_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * API_PROCESSES > 1: this process prepares the database once (migrations, demo seed, bootstrap
 * operator) and then runs that many API processes (node:cluster), which share the port. API nodes keep
 * nothing in memory that another needs (sessions and money are in PostgreSQL; balance events and request
 * limits go through Redis, required for this mode), so a request may land on any of them. The first
 * process also runs the scheduled jobs; a process that dies is started again in its place, jobs included.
 */
export const runCluster = async (config: Config) => {
  const log = pino({ level: config.logLevel, base: { role: 'primary', pid: process.pid } });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, preparedStatements: config.preparedStatements });
  try {
    const prepared = await prepareDatabase(config, database);
    log.info({ database: database.kind, ...prepared }, 'database ready');
    await bootstrapOperator(database.db, config.opsBootstrap, log);
  } finally {
    await database.close();
  }

  let stopping = false;
  const slots = new Map<number, { jobs: boolean; startedAt: number }>();
  const fork = (slot: number) => {
    const jobs = slot === 0;
    const worker = cluster.fork({ APSARA_PROCESS_SLOT: String(slot), APSARA_JOBS: jobs ? '1' : '0' });
    slots.set(worker.id, { jobs, startedAt: Date.now() });
    worker.once('exit', (code, signal) => {
      const started = slots.get(worker.id)?.startedAt ?? 0;
      slots.delete(worker.id);
      if (stopping) return;
      const quick = Date.now() - started < QUICK_DEATH_MS;
      log.error({ slot, code, signal, jobs }, 'an API process ended; starting another in its place');
      setTimeout(() => fork(slot), quick ? RESTART_PAUSE_MS : 0);
    });
    return worker;
  };
  for (let slot = 0; slot < config.apiProcesses; slot++) fork(slot);
  log.info({ processes: config.apiProcesses, port: config.port }, 'API processes started');

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the API processes');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    // Each finishes its requests and releases its connections (server-node's graceful close).
    for (const w of workers) w.process.kill('SIGTERM');
    const force = setTimeout(() => {
      for (const w of workers) w.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
    if (workers.length === 0) process.exit(0);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
};
