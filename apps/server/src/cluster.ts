import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { bootstrapOperator } from './modules/ops/ops.bootstrap.js';
import { prepareDatabase } from './server-node.js';

/** A process that died before it listened is started again only after a pause (a crash loop). */
const RESTART_PAUSE_MS = 2_000;
/** This many failed starts in a row in one slot: the processes cannot start, so the whole server stops. */
const FAILED_STARTS_MAX = 3;
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
  /** Live processes by cluster id, with their slot; slot 0 runs the jobs. */
  const live = new Map<number, { slot: number }>();
  const failedStarts = new Map<number, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let exitCode = 0;

  const fork = (slot: number) => {
    if (stopping) return;
    const jobs = slot === 0;
    const worker = cluster.fork({ APSARA_PROCESS_SLOT: String(slot), APSARA_JOBS: jobs ? '1' : '0' });
    let listened = false;
    live.set(worker.id, { slot });
    worker.once('listening', () => {
      listened = true;
      failedStarts.set(slot, 0);
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker.id);
      if (stopping) {
        if (live.size === 0) process.exit(exitCode);
        return;
      }
      const failed = listened ? 0 : (failedStarts.get(slot) ?? 0) + 1;
      failedStarts.set(slot, failed);
      if (failed >= FAILED_STARTS_MAX) {
        log.fatal({ slot, code, signal, failed }, 'an API process keeps failing to start; stopping the server');
        exitCode = 1;
        stop('SIGTERM');
        return;
      }
      log.error({ slot, code, signal, jobs, listened }, 'an API process ended; starting another in its place');
      const timer = setTimeout(() => {
        restarts.delete(timer);
        fork(slot);
      }, listened ? 0 : RESTART_PAUSE_MS);
      restarts.add(timer);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    log.info({ signal }, 'stopping the API processes');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    if (live.size === 0) process.exit(exitCode);
    // Each finishes its requests and releases its connections (server-node's graceful close).
    for (const w of workers) w.process.kill('SIGTERM');
    const force = setTimeout(() => {
      for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => stop('SIGHUP'));

  for (let slot = 0; slot < config.apiProcesses; slot++) fork(slot);
  log.info({ processes: config.apiProcesses, port: config.port }, 'API processes started');
};
