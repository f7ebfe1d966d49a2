import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.js';
import { adminQuery } from './pg-admin.js';

/**
 * API_PROCESSES=2: the real server (`node --import tsx src/main.ts`) as a primary with two API
 * processes on one port, on a database of its own (CREATE DATABASE apsara_cluster_<random>, dropped
 * afterwards) and Redis. Needs DATABASE_URL (PostgreSQL) and TEST_REDIS_URL.
 */
const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


/** The API processes the primary runs: its children whose command line is the server's. */
const apiProcesses = (primary: number) =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === primary && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('src/main.ts');
      } catch {
        return false;
      }
    })
    .map(Number)
    .sort((a, b) => a - b);

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
};

describe.skipIf(!adminUrl || !redisUrl || process.platform !== 'linux')('several API processes on one port (API_PROCESSES=2)', () => {
  const dbName = `apsara_cluster_${randomBytes(5).toString('hex')}`;
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let base = '';
  let log = '';

  /** One request on a connection of its own, so the kernel hands it to either process. */
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: await res.text() };
  };

  beforeAll(async () => {
    await adminQuery(adminUrl!, `CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        API_PROCESSES: '2',
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        WEB_DIST: '/nonexistent',
        SEED_DEMO: '1',
        VENDOR_TRANSFER_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const c = child;
    exited = new Promise((resolve) => c.once('exit', (code) => resolve(code)));
    c.stdout!.on('data', (d) => (log += d));
    c.stderr!.on('data', (d) => (log += d));
    await until('the cluster to answer', async () => {
      if (c.exitCode !== null || c.signalCode !== null) throw new Error(`the server exited while starting:\n${log}`);
      return (await get('/readyz').catch(() => ({ status: 0 }))).status === 200;
    }, 90_000);
    await until('two API processes', () => apiProcesses(c.pid!).length === 2);
    await until('both to listen', () => log.split('\n').filter((l) => l.includes('Server listening')).length === 2);
    // Each process says it is ready (slot, jobs) just after it listens: wait for both lines too.
    await until('both to be ready', () => log.split('\n').filter((l) => l.includes('"API process ready"')).length === 2);
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      // The API processes first: once the primary is gone they are no longer its children.
      for (const pid of apiProcesses(child.pid!)) process.kill(pid, 'SIGKILL');
      child.kill('SIGKILL');
    }
    await adminQuery(adminUrl!, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('prepares the database once, then serves from both processes; a process that dies is replaced', async () => {
    const lines = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; pid: number; role?: string; slot?: number; jobs?: boolean });
    // Migrations and the seed ran once, in the primary; each API process listened on the shared port.
    expect(lines.filter((l) => l.msg === 'database ready').map((l) => l.role)).toEqual(['primary']);
    const listening = lines.filter((l) => l.msg.startsWith('Server listening'));
    expect(new Set(listening.map((l) => l.pid))).toEqual(new Set(apiProcesses(child!.pid!)));
    // Exactly one of them runs the scheduled jobs.
    const ready = lines.filter((l) => l.msg === 'API process ready');
    expect(ready.map((l) => [l.slot, l.jobs]).sort()).toEqual([[0, true], [1, false]]);

    // The game catalogue, from whichever process takes the connection.
    for (let i = 0; i < 6; i++) {
      const res = await get('/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=1');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body).value.total).toBeGreaterThan(1000);
    }

    const [victim, survivor] = apiProcesses(child!.pid!);
    process.kill(victim, 'SIGKILL');
    // Once the primary has seen it go (a connection handed over in that instant is lost with it, as
    // with any node that dies), the other process answers everything until the replacement is up.
    await until('the primary to notice', () => log.includes('an API process ended; starting another in its place'));
    for (let i = 0; i < 10; i++) expect((await get('/healthz')).status).toBe(200);
    await until('a replacement process', () => {
      const now = apiProcesses(child!.pid!);
      return now.length === 2 && now.includes(survivor) && !now.includes(victim);
    });
    await until('the replacement to listen', () => log.split('\n').filter((l) => l.includes('Server listening')).length >= 3);
    expect((await get('/readyz')).status).toBe(200);
  }, 60_000);

  it('stops every process on SIGTERM (each closes gracefully, once), then the primary with code 0', async () => {
    const pids = apiProcesses(child!.pid!);
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(pids.every((pid) => apiProcesses(child!.pid!).length === 0 && !readdirSync('/proc').includes(String(pid)))).toBe(true);
    expect(log.split('\n').filter((l) => l.includes('"shutting down"')).length).toBe(2);
  }, 30_000);

  it('stops with exit code 1 when its processes keep failing to start (here: the port is taken)', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    let out = '';
    const c = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, API_PROCESSES: '2', DATABASE_URL: url.toString(), REDIS_URL: redisUrl, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', SEED_DEMO: '1', VENDOR_TRANSFER_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    c.stdout!.on('data', (d) => (out += d));
    c.stderr!.on('data', (d) => (out += d));
    try {
      const code = await new Promise<number | null>((resolve) => c.once('exit', (n) => resolve(n)));
      expect(code, out.slice(-2000)).toBe(1);
      expect(out).toContain('an API process keeps failing to start; stopping the server');
      expect(out).not.toContain('Server listening');
    } finally {
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      blocker.close();
    }
  }, 120_000);
});
