/**
 * The real server (`node --import tsx src/main.ts`) with API_PROCESSES=N on a database of its own, for a
 * bench that measures several API processes instead of one event loop in its own process. The database
 * is created here and dropped by `close()`; the server migrates and seeds it as `npm start` would.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { freePort } from '../test/free-port.js';
import { adminQuery } from '../test/pg-admin.js';

/** CPU ticks (1/100 s) of a process and its direct children: the cluster's primary and its API processes. */
const treeTicks = (root: number) => {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) === root || Number(f[1]) === root) total += Number(f[11]) + Number(f[12]);
    } catch {
      // ended meanwhile
    }
  }
  return total;
};

export type RealServer = {
  origin: string;
  /** The server's own database (same host and credentials as the bench's URL). */
  databaseUrl: string;
  databaseName: string;
  startMs: number;
  /** CPU ticks (1/100 s) used so far by the server's processes. */
  ticks: () => number;
  close: () => Promise<void>;
};

const QUIET_START_PAUSE_MS = 5_000;

/**
 * Starts the server and resolves when every one of its processes listens. `quiet`: the server logs
 * warnings and errors only, so no request is logged (as in a bench's own process); it cannot then say
 * when each process listens, so readiness is its first answer plus a pause.
 */
export const startRealServer = async (opts: { url: string; processes: number; redisUrl: string; name: string; quiet?: boolean }): Promise<RealServer> => {
  const databaseName = `apsara_bench_${opts.name}_${randomBytes(4).toString('hex')}`;
  await adminQuery(opts.url, `CREATE DATABASE ${databaseName}`);
  const dbUrl = new URL(opts.url);
  dbUrl.pathname = `/${databaseName}`;
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      API_PROCESSES: String(opts.processes),
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: opts.redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: opts.quiet ? 'warn' : 'info',
      SEED_DEMO: '1',
      WEB_DIST: '/nonexistent',
      RATE_LIMIT_SCALE: '1000000',
      VENDOR_TRANSFER_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready when every process has said it listens; warnings and errors are passed on.
  let listening = 0;
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('"msg":"Server listening')) listening++;
      else if (/"level":(4|5|6)0/.test(line)) console.error(line.slice(0, 500));
    }
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await adminQuery(opts.url, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  };
  const startedYet = () => {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the server exited while starting');
    if (performance.now() - started > 120_000) throw new Error('the server did not start within 120 s');
  };
  try {
    if (opts.quiet) {
      // No "listening" lines to count: ready when it first answers, plus a pause in which the other
      // processes start too (one needs about a second; the bench's warm-up follows).
      while (!(await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false))) {
        startedYet();
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, QUIET_START_PAUSE_MS));
    } else {
      while (listening < opts.processes) {
        startedYet();
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (err) {
    await close();
    throw err;
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    databaseUrl: dbUrl.toString(),
    databaseName,
    startMs: performance.now() - started,
    ticks: () => treeTicks(child.pid!),
    close,
  };
};
