import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import pg from 'pg';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromMinor } from '@apsara/contracts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { hashPassword } from '../src/lib/password.js';
import { prng } from '../src/modules/catalog/catalog-data.js';
import { freePort } from './free-port.js';

/**
 * Crash test of the money ledger: the real server process (`node --import tsx src/main.ts`) on a
 * database of its own, 64 clients doing mixed money operations over HTTP on 20 members (operator
 * adjustments, bank deposits approved or rejected, main ↔ vendor transfers, recover-all, and
 * withdrawals — hold, release, capture — when the server has them), and the server killed with
 * SIGKILL at random moments at least 10 times. Every client resends a request with the
 * same idempotency key until it gets a definitive answer (connection lost, server down, 429 and 5xx
 * are retried), and sometimes sends a duplicate on purpose (racing, or after the answer). While the
 * server is down the books are checked directly in the database; after the last restart the clients
 * settle and everything is checked once more:
 *  - every merchant's accounts sum to zero; no member account is negative or below what it holds;
 *  - every account's balance equals the sum of its entries (and its last entry's balance_after), its
 *    held amount the sum of its active holds; every transaction has ≥ 2 entries summing to zero;
 *  - no idempotency key has two transactions (or two holds);
 *  - deposits and their postings agree (approved ⇔ one posting keyed deposit:<id>, for its amount);
 *    withdrawals and their holds agree (pending/approved ⇔ held, rejected ⇔ released, paid ⇔
 *    captured by the posting that takes exactly its amount), and no hold is without its withdrawal;
 *    every money posting and every review decision has exactly one audit row;
 *  - every operation acknowledged to a client is there, as acknowledged; a key refused on every
 *    attempt left nothing behind.
 *
 * PostgreSQL only (skipped unless DATABASE_URL is set): the run creates a database next to the one
 * DATABASE_URL names (CREATE DATABASE apsara_crash_<random>) and drops it afterwards.
 * Knobs: CRASH_KILLS (default 10), CRASH_CLIENTS (64), CRASH_SEED (random, printed: repeats the
 * choices, not the timing), CRASH_STRICT=1 (fail on the KNOWN_ISSUES below too), and CRASH_SERVER_DIR
 * (default: this app), to aim the test at another copy of the server, e.g. one broken on purpose to
 * see the test fail.
 */
const adminUrl = process.env.DATABASE_URL;

const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 64);
const MEMBERS = 20;
const SEED = Number(process.env.CRASH_SEED ?? randomBytes(4).readUInt32BE());
const VENDORS = ['AG', 'BBIN', 'PT'];
const OPS_USER = { username: 'crashops', password: 'Crash-Ops-Pass-1' };
const PASSWORD = 'Crash1234';
const PAYMENT_PASSWORD = '2468';
const REAL_NAME = 'Crash Tester';
const serverDir = process.env.CRASH_SERVER_DIR ?? fileURLToPath(new URL('..', import.meta.url));

// A seeded generator (mulberry32), so the choices of a failing run can be repeated with CRASH_SEED.
const random = prng(SEED);
const rand = (n: number) => Math.floor(random() * n);
const chance = (p: number) => random() < p;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** PostgreSQL refused a connection because it is full (53300) or is still starting (57P03): worth waiting for. */
const transientPg = (e: unknown) => ['53300', '57P03'].includes((e as { code?: string })?.code ?? '');
const patiently = async <T>(work: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      if (!transientPg(e) || attempt >= 60) throw e;
      await sleep(500);
    }
  }
};


/** The smallest real PNG start (signature + IHDR with its CRC): a receipt the server accepts. */
const png = (() => {
  const ihdr = Buffer.concat([Buffer.from('IHDR'), Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(ihdr));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0, 0, 0, 13]), ihdr, crc]);
})();

const multipart = (fields: Record<string, string>, file: { name: string; filename: string; type: string; data: Buffer }) => {
  const boundary = `----crash${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

/** The real server as a child process: node itself (no npm wrapper), so SIGKILL hits the process holding the connections. */
const serverProcess = (env: Record<string, string>) => {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let log: string[] = [];
  /** Error lines (pino level ≥ 50) of every incarnation, for the summary. */
  const errors: string[] = [];
  const starts: number[] = [];
  const keep = (chunk: Buffer) => {
    const lines = chunk.toString().split('\n').filter(Boolean);
    log.push(...lines);
    if (log.length > 200) log = log.slice(-200);
    for (const l of lines) if (/"level":(5|6)0/.test(l) && errors.length < 10) errors.push(l.slice(0, 600));
  };
  const alive = () => !!child && child.exitCode === null && child.signalCode === null;
  // Should the test process itself go away, the server goes with it.
  process.once('exit', () => {
    if (alive()) child!.kill('SIGKILL');
  });

  /** Starts the server; a start that dies because PostgreSQL is full (other suites) is tried again. */
  const start = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await startOnce();
      } catch (e) {
        if (attempt >= 10 || !/too many clients/.test((e as Error).message)) throw e;
        await sleep(1000);
      }
    }
  };

  const startOnce = async () => {
    const t0 = performance.now();
    log = [];
    const c = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    exited = new Promise((resolve) => c.once('exit', () => resolve()));
    c.stdout!.on('data', keep);
    c.stderr!.on('data', keep);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (c.exitCode !== null || c.signalCode !== null) throw new Error(`server exited while starting (${c.exitCode ?? c.signalCode}):\n${log.join('\n')}`);
      if (Date.now() > deadline) throw new Error(`server not ready in 60 s:\n${log.join('\n')}`);
      try {
        const res = await fetch(`http://127.0.0.1:${env.PORT}/readyz`, { signal: AbortSignal.timeout(1000) });
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      await sleep(40);
    }
    starts.push(performance.now() - t0);
  };

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (!alive()) return;
    child!.kill(signal);
    await exited;
  };

  return { start, kill, alive, pid: () => child?.pid, log: () => log.join('\n'), errors, starts };
};

type Answer = { status: number; body: any };
type Member = { id: bigint; username: string; token: string; cardId?: string };

/** What the clients were told: the acknowledged effects the database must keep. */
type Ledgerkey = string;
const acked = {
  /** ledger idempotency key → the transaction id the client was given (undefined when the answer carries none) */
  postings: new Map<Ledgerkey, { kind: string; transactionId?: string }>(),
  /** deposit id → what the member and the operator were told */
  deposits: new Map<string, { key: string; memberId: bigint; amount: string; decided?: 'approved' | 'rejected'; transactionId?: string }>(),
  /** withdrawal id → the request and the last state an operator was told */
  withdrawals: new Map<string, { key: string; memberId: bigint; amount: string; status: string; next?: string }>(),
};
/** Withdrawal requests refused on every attempt: neither a withdrawal nor a hold may exist for them. */
const refusedWithdrawals: { memberId: bigint; key: string }[] = [];
/** Withdrawal requests refused only with a KNOWN_ISSUES code: such an answer may be wrong, so they are reported, not checked. */
const unreliablyRefusedWithdrawals: { memberId: bigint; key: string }[] = [];
let withdrawalsServed = false;
/** Ledger keys whose every answer was a refusal: nothing may exist under them. */
const refusedKeys = new Set<Ledgerkey>();

const stats = {
  ops: {} as Record<string, { acked: number; refused: number }>,
  refusals: {} as Record<string, number>,
  requests: 0,
  retries: 0,
  networkErrors: 0,
  serverErrors: {} as Record<string, number>,
  /** Ops that were retried after a lost answer and then got the original result back (replayed): the crash fell between commit and reply. */
  replayedAfterLoss: 0,
  duplicatesRacing: 0,
  duplicatesLate: 0,
  recoverAllRefused: [] as string[],
  knownIssues: {} as Record<string, number>,
};
const problems: string[] = [];
let inFlight = 0;
/** Operations acknowledged so far (a kill waits for the restarted server to have acknowledged some). */
let acksTotal = 0;
let opsInProgress = 0;
let stopping = false;
let aborted = false;
let base = '';

const tally = (kind: string, ok: boolean, code?: string) => {
  const s = (stats.ops[kind] ??= { acked: 0, refused: 0 });
  if (ok) s.acked++;
  else {
    s.refused++;
    stats.refusals[`${kind}:${code}`] = (stats.refusals[`${kind}:${code}`] ?? 0) + 1;
  }
};

class Aborted extends Error {}

type Request = { method: 'GET' | 'POST'; path: string; token?: string; json?: unknown; form?: { body: Buffer; contentType: string } };

const send = async (r: Request): Promise<Answer> => {
  inFlight++;
  stats.requests++;
  try {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (r.token) headers.authorization = `Bearer ${r.token}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (r.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(r.json);
    } else if (r.form) {
      headers['content-type'] = r.form.contentType;
      body = new Uint8Array(r.form.body);
    }
    const res = await fetch(`${base}${r.path}`, { method: r.method, headers, body, signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the report
    }
    return { status: res.status, body: parsed };
  } finally {
    inFlight--;
  }
};

/**
 * Sends `r` until a definitive answer: a lost connection, a server that is down, 429 and 5xx are
 * retried with the very same request (same idempotency key). `lost` tells whether an attempt's
 * answer was lost on the way (the request may have taken effect). A server that keeps answering 5xx
 * is a failure; a server that is down is waited for (the kill loop restarts it; the settle phase has
 * its own deadline).
 */
const untilAnswered = async (r: Request): Promise<Answer & { lost: boolean }> => {
  let lost = false;
  let last = 'nothing';
  let serverErrors = 0;
  for (;;) {
    if (aborted) throw new Aborted();
    let a: Answer | undefined;
    try {
      a = await send(r);
    } catch (e) {
      if (aborted) throw new Aborted();
      stats.networkErrors++;
      lost = true;
      last = String((e as Error).cause ?? e);
    }
    if (a) {
      last = describeAnswer(a);
      // 429 RATE_LIMITED is "later"; 429 TOO_MANY_REQUESTS and PAYMENT_PASSWORD_LOCKED are lockouts, definitive answers.
      if (a.status < 500 && (a.status !== 429 || codeOf(a) === 'TOO_MANY_REQUESTS' || codeOf(a) === 'PAYMENT_PASSWORD_LOCKED')) return { ...a, lost };
      const code = `${a.status}${typeof a.body === 'object' && a.body?.code ? ` ${a.body.code}` : ''} ${r.method} ${r.path.replace(/\d+/g, ':id')}`;
      stats.serverErrors[code] = (stats.serverErrors[code] ?? 0) + 1;
      if (a.status >= 500) lost = true;
      if (++serverErrors > 50) throw new Error(`${r.method} ${r.path} ${JSON.stringify(r.json ?? '(form)')}: 50 server errors in a row; last: ${last}`);
    }
    stats.retries++;
    await sleep(50 + rand(250));
  }
};

/** The operation, possibly raced by a duplicate with the same key (a client that resent too early). */
const withRacingDuplicate = async (r: Request) => {
  if (!chance(0.25)) return [await untilAnswered(r)];
  stats.duplicatesRacing++;
  return Promise.all([untilAnswered(r), untilAnswered(r)]);
};

const problem = (text: string) => {
  if (problems.length < 50) problems.push(text);
};
const codeOf = (a: Answer) => (typeof a.body === 'object' && a.body ? String(a.body.code) : `HTTP ${a.status}`);
const describeAnswer = (a: Answer) => `${a.status} ${typeof a.body === 'string' ? a.body.slice(0, 200) : JSON.stringify(a.body).slice(0, 300)}`;

/** A refusal that is a legitimate business answer for this kind of operation. */
const EXPECTED_REFUSALS: Record<string, string[]> = {
  adjustment: ['INSUFFICIENT_FUNDS'],
  transfer: ['INSUFFICIENT_FUNDS'],
  // A sweep is one posting; when a wallet is drained by a racing transfer three times running it is refused whole.
  recoverAll: ['INSUFFICIENT_FUNDS'],
  deposit: [],
  depositReview: [],
  withdraw: ['INSUFFICIENT_FUNDS'],
  withdrawalReview: [],
};

/**
 * Wrong answers this test has found in the server that break no money invariant. They are counted
 * and printed with the summary; CRASH_STRICT=1 fails the run on them. Remove an entry once fixed.
 */
const KNOWN_ISSUES: Record<string, Record<string, string>> = {
  // Found by this test and fixed since: recover-all swept wallet by wallet under per-wallet keys (now
  // one posting under one key, replayed as it was); the payment-password check counted right answers
  // and ran before a known withdrawal key was replayed (now only wrong answers count, one check per
  // member at a time, and a known key is answered first).
};
const STRICT = process.env.CRASH_STRICT === '1';

const settle = (kind: string, answers: (Answer & { lost: boolean })[]) => {
  for (const a of answers) {
    if (a.status === 200) continue;
    if (a.status === 401) problem(`${kind}: session lost (401): tokens must survive a restart: ${describeAnswer(a)}`);
    else if (EXPECTED_REFUSALS[kind]?.includes(codeOf(a))) continue;
    else if (KNOWN_ISSUES[kind]?.[codeOf(a)] && !STRICT) {
      const issue = `${kind} ${codeOf(a)}: ${KNOWN_ISSUES[kind][codeOf(a)]}`;
      stats.knownIssues[issue] = (stats.knownIssues[issue] ?? 0) + 1;
    } else problem(`${kind}: unexpected answer ${describeAnswer(a)}${a.lost ? ' (after a lost answer)' : ''}`);
  }
  const ok = answers.find((a) => a.status === 200);
  if (ok) acksTotal++;
  tally(kind, !!ok, ok ? undefined : codeOf(answers[0]));
  // A refusal only with the codes of a known issue is not trusted to mean "nothing happened".
  if (!ok && !answers.every((a) => EXPECTED_REFUSALS[kind]?.includes(codeOf(a)))) return { ok, reliable: false };
  if (ok && answers.some((a) => a.status === 200 && a.lost && a.body.value?.replayed === true)) stats.replayedAfterLoss++;
  return { ok, reliable: true };
};

type Ctx = { member: Member; ops: string; key: (tag: string) => string };
type Operation = { name: string; weight: number; run: (ctx: Ctx) => Promise<void> };

/** Credit (or debit) of a member's main wallet by an operator. */
const adjustment: Operation = {
  name: 'adjustment',
  weight: 3,
  run: async ({ member, ops, key }) => {
    const k = key('adj');
    const amount = chance(0.6) ? BigInt(1_000 + rand(50_000)) : -BigInt(100 + rand(30_000));
    const r: Request = { method: 'POST', path: `/ops/members/${member.id}/adjustments`, token: ops, json: { amount: fromMinor(amount), reason: 'crash test adjustment', idempotencyKey: k } };
    const answers = await withRacingDuplicate(r);
    const ledgerKey = `ops-adjustment:${k}`;
    const { ok, reliable } = settle('adjustment', answers);
    if (!ok) return void (reliable && refusedKeys.add(ledgerKey));
    const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.value.transactionId));
    if (ids.size !== 1) problem(`adjustment ${k}: one key, several transactions ${[...ids]}`);
    acked.postings.set(ledgerKey, { kind: 'adjustment', transactionId: ok.body.value.transactionId });
    if (chance(0.15)) {
      stats.duplicatesLate++;
      const again = await untilAnswered(r);
      if (again.status !== 200 || again.body.value.transactionId !== ok.body.value.transactionId || again.body.value.replayed !== true) problem(`adjustment ${k}: late duplicate answered ${describeAnswer(again)}`);
    }
  },
};

/** A member moves money between the main wallet and a vendor wallet. */
const transfer: Operation = {
  name: 'transfer',
  weight: 4,
  run: async ({ member, key }) => {
    const k = key('wt');
    const vendor = VENDORS[rand(VENDORS.length)];
    const [from, to] = chance(0.6) ? ['MAIN', vendor] : [vendor, 'MAIN'];
    const r: Request = { method: 'POST', path: '/wps/relay/GCS_walletTransfer', token: member.token, json: { from, to, amount: fromMinor(BigInt(100 + rand(40_000))), idempotencyKey: k } };
    const answers = await withRacingDuplicate(r);
    const ledgerKey = `wt:${member.id}:${k}`;
    const { ok, reliable } = settle('transfer', answers);
    if (!ok) return void (reliable && refusedKeys.add(ledgerKey));
    acked.postings.set(ledgerKey, { kind: 'transfer' });
    if (chance(0.15)) {
      stats.duplicatesLate++;
      const again = await untilAnswered(r);
      if (again.status !== 200 || again.body.value.replayed !== true) problem(`transfer ${k}: late duplicate answered ${describeAnswer(again)}`);
    }
  },
};

/** "Recover all": every vendor wallet swept back to main, one posting per wallet. */
const recoverAll: Operation = {
  name: 'recoverAll',
  weight: 1,
  run: async ({ member, key }) => {
    const k = key('rc');
    const answers = await withRacingDuplicate({ method: 'POST', path: '/wps/relay/GCS_walletTransfer', token: member.token, json: { recoverAll: true, idempotencyKey: k } });
    settle('recoverAll', answers);
    for (const a of answers) {
      if (a.status !== 200) {
        // Kept for the summary (a refused sweep moved nothing: it is one posting).
        if (stats.recoverAllRefused.length < 5) stats.recoverAllRefused.push(`${k} ${codeOf(a)}${a.lost ? ' after a lost answer' : ''}${answers.length > 1 ? ' (raced by a duplicate)' : ''}`);
        continue;
      }
      // One posting per sweep, under the member's key; a sweep that found nothing moves nothing.
      if ((a.body.value.moved as unknown[]).length > 0) acked.postings.set(`wr:${member.id}:${k}`, { kind: 'recoverAll' });
    }
  },
};

/** A bank deposit with its receipt, then an operator's decision (mostly approve, sometimes reject). */
const deposit: Operation = {
  name: 'deposit',
  weight: 3,
  run: async ({ member, ops, key }) => {
    const k = key('dep');
    const amount = fromMinor(BigInt(1_000 + rand(100_000)));
    const form = multipart({ channelId: 'bank-transfer', amount, reference: `CRASH ${k}`, idempotencyKey: k }, { name: 'receipt', filename: 'receipt.png', type: 'image/png', data: png });
    const r: Request = { method: 'POST', path: '/wps/v2/deposit/bank', token: member.token, form };
    const answers = await withRacingDuplicate(r);
    const { ok } = settle('deposit', answers);
    if (!ok) return;
    const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.value.id));
    if (ids.size !== 1) problem(`deposit ${k}: one key, several deposits ${[...ids]}`);
    const id: string = ok.body.value.id;
    const record: { key: string; memberId: bigint; amount: string; decided?: 'approved' | 'rejected'; transactionId?: string } = { key: k, memberId: member.id, amount };
    acked.deposits.set(id, record);
    if (chance(0.1)) {
      stats.duplicatesLate++;
      const again = await untilAnswered(r);
      if (again.status !== 200 || again.body.value.id !== id || again.body.value.replayed !== true) problem(`deposit ${k}: late duplicate answered ${describeAnswer(again)}`);
    }
    if (stopping && chance(0.5)) return; // some stay pending
    const verdict = chance(0.85) ? 'approve' : 'reject';
    const review: Request = { method: 'POST', path: `/ops/deposits/${id}/${verdict}`, token: ops, json: {} };
    const decisions = await withRacingDuplicate(review);
    const { ok: done } = settle('depositReview', decisions);
    if (!done) return;
    const status = verdict === 'approve' ? 'approved' : 'rejected';
    for (const d of decisions.filter((a) => a.status === 200)) {
      if (d.body.value.status !== status) problem(`deposit ${id}: ${verdict} answered status ${d.body.value.status}`);
    }
    record.decided = status;
    if (status === 'approved') {
      const txs = new Set(decisions.filter((a) => a.status === 200).map((a) => a.body.value.ledgerTransactionId));
      if (txs.size !== 1 || [...txs][0] == null) problem(`deposit ${id}: approvals name transactions ${[...txs]}`);
      record.transactionId = done.body.value.ledgerTransactionId;
      acked.postings.set(`deposit:${id}`, { kind: 'deposit', transactionId: record.transactionId });
      if (chance(0.1)) {
        stats.duplicatesLate++;
        const again = await untilAnswered(review);
        if (again.status !== 200 || again.body.value.ledgerTransactionId !== record.transactionId || again.body.value.replayed !== true) problem(`deposit ${id}: approving again answered ${describeAnswer(again)}`);
      }
    }
  },
};

/**
 * A withdrawal to the member's bound card: the amount is held on request; an operator then leaves it
 * pending, rejects it (hold released), or approves it and marks it paid (hold captured) or rejects it.
 */
const withdrawal: Operation = {
  name: 'withdraw',
  weight: 2,
  run: async ({ member, ops, key }) => {
    const k = key('wd');
    const amount = fromMinor(BigInt(5_000 + rand(40_000)));
    const r: Request = { method: 'POST', path: '/wps/v2/withdraw', token: member.token, json: { bankCardId: member.cardId, amount, paymentPassword: PAYMENT_PASSWORD, idempotencyKey: k } };
    const answers = await withRacingDuplicate(r);
    const { ok, reliable } = settle('withdraw', answers);
    if (!ok) return void (reliable ? refusedWithdrawals : unreliablyRefusedWithdrawals).push({ memberId: member.id, key: k });
    const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.value.id));
    if (ids.size !== 1) problem(`withdrawal ${k}: one key, several withdrawals ${[...ids]}`);
    const id: string = ok.body.value.id;
    const record: { key: string; memberId: bigint; amount: string; status: string; next?: string } = { key: k, memberId: member.id, amount, status: 'pending' };
    acked.withdrawals.set(id, record);
    if (chance(0.1)) {
      stats.duplicatesLate++;
      const again = await untilAnswered(r);
      if (again.status !== 200 || again.body.value.id !== id || again.body.value.replayed !== true) problem(`withdrawal ${k}: late duplicate answered ${describeAnswer(again)}`);
    }
    const x = rand(100);
    const steps = x < 20 ? [] : x < 35 ? ['reject'] : x < 85 ? ['approve', 'paid'] : ['approve', 'reject'];
    for (const step of steps) {
      if (stopping && chance(0.5)) return;
      const status = { approve: 'approved', paid: 'paid', reject: 'rejected' }[step]!;
      // While the decision is on its way the books may already show it.
      record.next = status;
      const decisions = await withRacingDuplicate({ method: 'POST', path: `/ops/withdrawals/${id}/${step}`, token: ops, json: {} });
      const { ok: done } = settle('withdrawalReview', decisions);
      if (!done) return;
      for (const d of decisions.filter((a) => a.status === 200)) {
        if (d.body.value.status !== status) problem(`withdrawal ${id}: ${step} answered status ${d.body.value.status}`);
      }
      record.status = status;
      record.next = undefined;
    }
  },
};

/**
 * The operation mix. Withdrawals (a hold on request, released on reject, captured when paid) plug in
 * here as one more entry once their module is served; the checks below already cover holds.
 */
const OPERATIONS: Operation[] = [adjustment, transfer, recoverAll, deposit];
const WITHDRAWALS = withdrawal;

const pickOperation = () => {
  const mix = withdrawalsServed ? [...OPERATIONS, WITHDRAWALS] : OPERATIONS;
  const total = mix.reduce((s, o) => s + o.weight, 0);
  let x = rand(total);
  for (const o of mix) {
    if (x < o.weight) return o;
    x -= o.weight;
  }
  return mix[0];
};

type Db = DatabaseHandle['db'];
const rowsOf = async <T = Record<string, unknown>>(db: Db, q: RawBuilder<unknown>) => (await q.execute(db)).rows as T[];
const show = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));

/** Every invariant of the books, read straight from the database; returns the violations found. */
const checkBooks = (db: Db, phase: string, final = false) => patiently(() => checkBooksOnce(db, phase, final));
const checkBooksOnce = async (db: Db, phase: string, final: boolean): Promise<string[]> => {
  const out: string[] = [];
  const expectNone = (what: string, rows: unknown[]) => {
    if (rows.length) out.push(`${phase}: ${what}: ${show(rows.slice(0, 5))}${rows.length > 5 ? ` (+${rows.length - 5} more)` : ''}`);
  };

  expectNone('a merchant’s accounts do not sum to zero', await rowsOf(db, sql`select merchant_id, sum(balance)::int8 as total from accounts group by merchant_id having sum(balance) <> 0`));
  expectNone('an account is negative or below what it holds', await rowsOf(db, sql`select id, balance, held from accounts where not allow_negative and (balance < 0 or held < 0 or balance < held)`));
  expectNone(
    'a transaction without two entries summing to zero',
    await rowsOf(db, sql`select t.id, t.idempotency_key, count(e.id)::int8 as entries, coalesce(sum(e.amount), 0)::int8 as total from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id group by t.id having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0`),
  );
  expectNone(
    'a balance differs from the sum of its entries',
    await rowsOf(db, sql`select a.id, a.balance, coalesce(sum(e.amount), 0)::int8 as entries from accounts a left join ledger_entries e on e.account_id = a.id group by a.id having a.balance <> coalesce(sum(e.amount), 0)`),
  );
  expectNone(
    'a balance differs from its last entry’s balance_after',
    await rowsOf(db, sql`select a.id, a.balance, l.balance_after from accounts a join lateral (select balance_after from ledger_entries e where e.account_id = a.id order by e.id desc limit 1) l on true where l.balance_after <> a.balance`),
  );
  expectNone(
    'held differs from the sum of active holds',
    await rowsOf(db, sql`select a.id, a.held, coalesce(sum(h.amount), 0)::int8 as holds from accounts a left join ledger_holds h on h.account_id = a.id and h.status = 'held' group by a.id having a.held <> coalesce(sum(h.amount), 0)`),
  );
  expectNone('a captured hold without its posting (or a posting on an uncaptured one)', await rowsOf(db, sql`select id, status, transaction_id from ledger_holds where (status = 'captured') <> (transaction_id is not null)`));
  expectNone('an idempotency key with two transactions', await rowsOf(db, sql`select merchant_id, idempotency_key, count(*)::int8 as n from ledger_transactions group by 1, 2 having count(*) > 1`));
  expectNone('a hold key used twice', await rowsOf(db, sql`select merchant_id, idempotency_key, count(*)::int8 as n from ledger_holds group by 1, 2 having count(*) > 1`));
  expectNone(
    'a deposit and its posting disagree',
    await rowsOf(
      db,
      sql`select d.id, d.status, d.ledger_transaction_id, t.id as posting from deposits d
          left join ledger_transactions t on t.merchant_id = d.merchant_id and t.idempotency_key = 'deposit:' || d.id
          where (d.status = 'approved') <> (t.id is not null) or (d.status = 'approved' and d.ledger_transaction_id is distinct from t.id)`,
    ),
  );
  expectNone(
    'a deposit credited with another amount',
    await rowsOf(
      db,
      sql`select d.id, d.amount, sum(e.amount)::int8 as credited from deposits d
          join ledger_entries e on e.transaction_id = d.ledger_transaction_id
          join accounts a on a.id = e.account_id and a.member_id = d.member_id and a.kind = 'MAIN'
          group by d.id, d.amount having sum(e.amount) <> d.amount`,
    ),
  );
  expectNone(
    'an adjustment or deposit posting without exactly one audit row',
    await rowsOf(db, sql`select t.id, t.type, count(l.id)::int8 as audits from ledger_transactions t left join audit_log l on l.ledger_transaction_id = t.id where t.type in ('ADJUSTMENT', 'DEPOSIT', 'WITHDRAWAL') group by t.id, t.type having count(l.id) <> 1`),
  );
  expectNone(
    'a deposit decision without exactly one audit row',
    await rowsOf(
      db,
      sql`select d.id, d.status, count(l.id)::int8 as audits from deposits d
          left join audit_log l on l.target_type = 'deposit' and l.target_id = d.id::text and l.action in ('deposit.approve', 'deposit.reject')
          group by d.id, d.status having count(l.id) <> (case when d.status = 'pending' then 0 else 1 end)`,
    ),
  );

  if (withdrawalsServed) {
    expectNone(
      'a withdrawal and its hold disagree (amount, account, state or posting)',
      await rowsOf(
        db,
        sql`select w.id, w.status, w.amount, h.status as hold, h.amount as held, w.ledger_transaction_id, h.transaction_id from withdrawals w
            join ledger_holds h on h.id = w.hold_id
            join accounts a on a.id = h.account_id
            where h.amount <> w.amount or a.member_id is distinct from w.member_id or a.kind <> 'MAIN'
               or h.status <> (case w.status when 'rejected' then 'released' when 'paid' then 'captured' else 'held' end)
               or w.ledger_transaction_id is distinct from h.transaction_id`,
      ),
    );
    expectNone('a hold that belongs to no withdrawal', await rowsOf(db, sql`select h.id, h.idempotency_key from ledger_holds h left join withdrawals w on w.hold_id = h.id where w.id is null`));
    expectNone(
      'a paid withdrawal whose posting takes another amount from the member',
      await rowsOf(
        db,
        sql`select w.id, w.amount, sum(e.amount)::int8 as taken from withdrawals w
            join ledger_entries e on e.transaction_id = w.ledger_transaction_id
            join accounts a on a.id = e.account_id and a.member_id = w.member_id
            group by w.id, w.amount having sum(e.amount) <> -w.amount`,
      ),
    );
    expectNone(
      'a withdrawal decision without exactly one audit row',
      await rowsOf(
        db,
        sql`select w.id, w.status,
              count(*) filter (where l.action = 'withdrawal.approve')::int8 as approves,
              count(*) filter (where l.action = 'withdrawal.reject')::int8 as rejects,
              count(*) filter (where l.action = 'withdrawal.paid')::int8 as paids
            from withdrawals w left join audit_log l on l.target_type = 'withdrawal' and l.target_id = w.id::text
            group by w.id, w.status, w.approved_at
            having count(*) filter (where l.action = 'withdrawal.approve') <> (case when w.approved_at is null then 0 else 1 end)
                or count(*) filter (where l.action = 'withdrawal.reject') <> (case when w.status = 'rejected' then 1 else 0 end)
                or count(*) filter (where l.action = 'withdrawal.paid') <> (case when w.status = 'paid' then 1 else 0 end)`,
      ),
    );
  }

  // What clients were told is in the books, exactly as told.
  const keys = [...acked.postings.keys()];
  const found = new Map(
    (await rowsOf<{ idempotency_key: string; ids: string[] }>(db, sql`select idempotency_key, array_agg(id::text) as ids from ledger_transactions where idempotency_key = any(${keys}::text[]) group by idempotency_key`)).map((r) => [r.idempotency_key, r.ids]),
  );
  const missing: unknown[] = [];
  for (const [key, a] of acked.postings) {
    const ids = found.get(key);
    if (!ids || ids.length !== 1 || (a.transactionId !== undefined && ids[0] !== a.transactionId)) missing.push({ key, kind: a.kind, told: a.transactionId, found: ids ?? null });
  }
  expectNone('an acknowledged posting is missing, doubled or another', missing);

  const depositIds = [...acked.deposits.keys()];
  const rows = new Map(
    (await rowsOf<{ id: string; idempotency_key: string; member_id: bigint; amount: bigint; status: string; tx: string | null }>(
      db,
      sql`select id::text as id, idempotency_key, member_id, amount, status, ledger_transaction_id::text as tx from deposits where id = any(${depositIds}::int8[])`,
    )).map((r) => [r.id, r]),
  );
  const wrong: unknown[] = [];
  for (const [id, d] of acked.deposits) {
    const r = rows.get(id);
    if (!r || r.idempotency_key !== d.key || r.member_id !== d.memberId || fromMinor(r.amount) !== d.amount) wrong.push({ id, told: d, found: r ?? null });
    else if (d.decided && (r.status !== d.decided || (d.decided === 'approved' && r.tx !== d.transactionId))) wrong.push({ id, told: d, found: r });
  }
  expectNone('an acknowledged deposit is missing or differs', wrong);

  if (withdrawalsServed) {
    const ids = [...acked.withdrawals.keys()];
    const found = new Map(
      (await rowsOf<{ id: string; idempotency_key: string; member_id: bigint; amount: bigint; status: string }>(
        db,
        sql`select id::text as id, idempotency_key, member_id, amount, status from withdrawals where id = any(${ids}::int8[])`,
      )).map((r) => [r.id, r]),
    );
    const wrongW: unknown[] = [];
    for (const [id, w] of acked.withdrawals) {
      const r = found.get(id);
      if (!r || r.idempotency_key !== w.key || r.member_id !== w.memberId || fromMinor(r.amount) !== w.amount || (r.status !== w.status && r.status !== w.next)) wrongW.push({ id, told: w, found: r ?? null });
    }
    expectNone('an acknowledged withdrawal is missing or differs', wrongW);
    const refusedHoldKeys = refusedWithdrawals.map((w) => `withdrawal:${w.memberId}:${w.key}`);
    expectNone('a withdrawal refused on every attempt left a hold', await rowsOf(db, sql`select idempotency_key from ledger_holds where idempotency_key = any(${refusedHoldKeys}::text[])`));
    expectNone(
      'a withdrawal refused on every attempt left a withdrawal',
      await rowsOf(db, sql`select id from withdrawals where member_id::text || ':' || idempotency_key = any(${refusedWithdrawals.map((w) => `${w.memberId}:${w.key}`)}::text[])`),
    );
  }

  const refused = [...refusedKeys].filter((k) => !acked.postings.has(k));
  expectNone('a key refused on every attempt left a transaction', await rowsOf(db, sql`select idempotency_key from ledger_transactions where idempotency_key = any(${refused}::text[])`));

  if (final) {
    // Every deposit request of the run is one row per key (retries and duplicates never made a second).
    expectNone('a deposit key with two deposits', await rowsOf(db, sql`select member_id, idempotency_key, count(*)::int8 as n from deposits group by 1, 2 having count(*) > 1`));
  }
  return out;
};

describe.skipIf(!adminUrl)('crash: kill -9 the server under load (PostgreSQL)', () => {
  const dbName = `apsara_crash_${randomBytes(5).toString('hex')}`;
  let crashUrl = '';
  let checker: DatabaseHandle | undefined;
  let server: ReturnType<typeof serverProcess> | undefined;
  let created = false;
  const members: Member[] = [];
  let opsToken = '';

  const admin = <T>(work: (c: pg.Client) => Promise<T>) =>
    patiently(async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        return await work(c);
      } finally {
        await c.end();
      }
    });

  /** Server backends still connected to the crash database (the checker's own connections carry its name). */
  const serverBackends = () =>
    patiently(async () => Number((await checker!.db.executeQuery<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name <> 'crash-checker'`.compile(checker!.db))).rows[0].n));

  beforeAll(async () => {
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    crashUrl = u.toString();
    await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
    created = true;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = serverProcess({
      DATABASE_URL: crashUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CAPTCHA_PROVIDER: 'fixed',
      CAPTCHA_FIXED_ANSWER: 'T3ST',
      RATE_LIMIT_SCALE: '100000',
      WEB_DIST: '/nonexistent',
      SEED_DEMO: '1',
      REDIS_URL: '',
      TRUST_PROXY: '',
      OPS_BOOTSTRAP_USER: OPS_USER.username,
      OPS_BOOTSTRAP_PASSWORD: OPS_USER.password,
    });
    await server.start(); // migrates, seeds the demo merchants, creates the operator

    const cu = new URL(crashUrl);
    cu.searchParams.set('application_name', 'crash-checker');
    checker = await openDatabase({ url: cu.toString(), poolSize: 2 });
    const db = checker.db;
    const merchant = await patiently(() => db.selectFrom('merchants').select('id').where('is_default', '=', true).executeTakeFirstOrThrow());
    // One hash for all: registration (captcha, argon2 per member) is not what this test is about.
    const hash = await hashPassword(PASSWORD);
    const rows = await patiently(() =>
      db
        .insertInto('members')
        .values(Array.from({ length: MEMBERS }, (_, i) => ({ merchant_id: merchant.id, username: `crash${String(i).padStart(2, '0')}`, password_hash: hash, register_method: 'TEST' })))
        .returning(['id', 'username'])
        .execute(),
    );

    const ops = await untilAnswered({ method: 'POST', path: '/ops/session/login', json: OPS_USER });
    expect(ops.status, describeAnswer(ops)).toBe(200);
    opsToken = ops.body.value.token;
    for (const r of rows) {
      const login = await untilAnswered({ method: 'POST', path: '/wps/session/login', json: { username: r.username, password: PASSWORD } });
      expect(login.status, describeAnswer(login)).toBe(200);
      members.push({ id: r.id, username: r.username, token: login.body.value.token });
    }
    // Everyone starts with 2000.00 in the main wallet.
    await Promise.all(
      members.map(async (m) => {
        const k = `crash-fund-${m.id}`;
        const a = await untilAnswered({ method: 'POST', path: `/ops/members/${m.id}/adjustments`, token: opsToken, json: { amount: '2000.00', reason: 'crash test funding', idempotencyKey: k } });
        expect(a.status, describeAnswer(a)).toBe(200);
        acked.postings.set(`ops-adjustment:${k}`, { kind: 'funding', transactionId: a.body.value.transactionId });
      }),
    );
    // Withdrawals join the mix when the server has them: each member gets a real name, a payment password and a card.
    const probe = await untilAnswered({ method: 'GET', path: '/wps/v2/withdraw/settings', token: members[0].token });
    withdrawalsServed = probe.status === 200;
    if (withdrawalsServed) {
      await Promise.all(
        members.map(async (m, i) => {
          const steps: Request[] = [
            { method: 'POST', path: '/wps/member/security/real-name', token: m.token, json: { realName: REAL_NAME } },
            { method: 'POST', path: '/wps/member/security/payment-password', token: m.token, json: { loginPassword: PASSWORD, newPaymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD } },
            { method: 'POST', path: '/wps/member/bank-cards', token: m.token, json: { bankName: 'ABA Bank', accountName: REAL_NAME, accountNumber: `7000${String(i).padStart(6, '0')}`, paymentPassword: PAYMENT_PASSWORD } },
          ];
          for (const step of steps) {
            const a = await untilAnswered(step);
            expect(a.status, `${step.path}: ${describeAnswer(a)}`).toBe(200);
            if (step.path === '/wps/member/bank-cards') m.cardId = a.body.value.id;
          }
        }),
      );
    } else expect(probe.status, describeAnswer(probe)).toBe(404);
  }, 120_000);

  afterAll(async () => {
    aborted = true;
    await server?.kill();
    await checker?.close();
    if (created) {
      // The checker's connections may still be on their way out: terminated by the FORCE below, one of
      // them answers its closing client with FATAL 57P01, an error with no one left to hear it.
      for (let i = 0; i < 50; i++) {
        const left = await admin((c) => c.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'crash-checker'`, [dbName]));
        if (left.rows[0].n === 0) break;
        await sleep(100);
      }
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    }
  }, 60_000);

  it(`keeps the books through ${KILLS} kills under ${CLIENTS} clients`, async () => {
    const t0 = performance.now();
    const db = checker!.db;
    const srv = server!;
    let seq = 0;

    const client = async (c: number) => {
      while (!stopping && !aborted) {
        const member = members[rand(members.length)];
        const op = pickOperation();
        const tag = `${SEED.toString(36)}-${c}-${++seq}`;
        opsInProgress++;
        try {
          await op.run({ member, ops: opsToken, key: (t) => `${t}-${tag}` });
        } catch (e) {
          if (e instanceof Aborted) return;
          problem(`client ${c} ${op.name}: ${(e as Error).stack ?? e}`);
          aborted = true;
          return;
        } finally {
          opsInProgress--;
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));

    const kills: { uptimeMs: number; inFlight: number; opsInProgress: number; backendsBefore: number; downMs: number }[] = [];
    let settleMs = 0;
    const summary = async () => {
      const counts = await patiently(() => rowsOf<{ type: string; n: bigint }>(db, sql`select type, count(*)::int8 as n from ledger_transactions group by type order by type`))
        .then((rows) => rows.map((r) => `${r.type}=${r.n}`).join(' '))
        .catch((e) => `(unreadable: ${e})`);
      const madeAnyway = withdrawalsServed
        ? await patiently(() =>
            rowsOf<{ id: string }>(db, sql`select id::text as id from withdrawals where member_id::text || ':' || idempotency_key = any(${unreliablyRefusedWithdrawals.map((w) => `${w.memberId}:${w.key}`)}::text[])`),
          ).catch(() => [])
        : [];
      const byStatus = [...acked.withdrawals.values()].reduce<Record<string, number>>((o, w) => ((o[w.status] = (o[w.status] ?? 0) + 1), o), {});
      console.log(
        [
          `crash test (seed ${SEED}): withdrawals ${withdrawalsServed ? 'in the mix' : 'not served by this server: left out'}; ${kills.length} kills in ${((performance.now() - t0) / 1000).toFixed(1)} s, ${CLIENTS} clients on ${MEMBERS} members; settle ${Math.round(settleMs)} ms`,
          `  kills after (ms up): ${kills.map((k) => k.uptimeMs).join(',')}; in flight at kill ${kills.map((k) => k.inFlight).join(',')}; ops in progress ${kills.map((k) => k.opsInProgress).join(',')}; server db sessions ${kills.map((k) => k.backendsBefore).join(',')}`,
          `  restart to ready (ms): ${srv.starts.map((s) => Math.round(s)).join(',')}; down (kill → ready, ms): ${kills.map((k) => k.downMs).join(',')}`,
          `  operations: ${Object.entries(stats.ops).map(([k, v]) => `${k} ${v.acked} acked/${v.refused} refused`).join(', ')}`,
          `  refusals: ${show(stats.refusals)}${stats.recoverAllRefused.length ? `; recoverAll refused: ${stats.recoverAllRefused.join('; ')}` : ''}`,
          `  requests ${stats.requests}, retries ${stats.retries} (network errors ${stats.networkErrors}, server answers ${show(stats.serverErrors)}), replayed after a lost answer ${stats.replayedAfterLoss}, duplicates racing ${stats.duplicatesRacing} / late ${stats.duplicatesLate}`,
          ...Object.entries(stats.knownIssues).map(([issue, n]) => `  KNOWN ISSUE seen ${n}×: ${issue}`),
          ...(madeAnyway.length
            ? [`  KNOWN ISSUE consequence: ${madeAnyway.length} of ${unreliablyRefusedWithdrawals.length} withdrawals answered TOO_MANY_REQUESTS on every attempt exist (funds held): ids ${madeAnyway.map((r) => r.id).join(',')}`]
            : []),
          ...srv.errors.map((e) => `  server error logged: ${e}`),
          `  ledger: ${counts}; acknowledged postings ${acked.postings.size}, deposits ${acked.deposits.size}, withdrawals ${acked.withdrawals.size} ${show(byStatus)}`,
        ].join('\n'),
      );
    };
    try {
      for (let i = 1; i <= KILLS && !aborted; i++) {
        const acksBefore = acksTotal;
        const upSince = performance.now();
        const uptime = 300 + rand(1200);
        await sleep(uptime);
        // On a busy machine a freshly started server may not have finished anything yet: wait until it
        // has acknowledged some work, so the load makes progress and the kill lands on a working server.
        for (let t = 0; acksTotal - acksBefore < 5 && t < 300 && !aborted; t++) await sleep(50);
        if (!srv.alive()) throw new Error(`the server died on its own:\n${srv.log()}`);
        const backendsBefore = await serverBackends();
        const snapshot = { inFlight, opsInProgress };
        const down = performance.now();
        await srv.kill('SIGKILL');
        // The killed process held the connections: PostgreSQL drops them (and rolls back what they had open).
        for (let t = 0; (await serverBackends()) > 0; t++) {
          if (t > 100) throw new Error('the killed server’s database sessions did not go away');
          await sleep(50);
        }
        const violations = await checkBooks(db, `after kill ${i}`);
        expect(violations).toEqual([]);
        if (i === 1) {
          // Sessions live in the database: a token from before the crash still works after it.
          await srv.start();
          const me = await untilAnswered({ method: 'GET', path: '/wps/member/info', token: members[0].token });
          expect(me.status, describeAnswer(me)).toBe(200);
        } else await srv.start();
        kills.push({ uptimeMs: Math.round(down - upSince), ...snapshot, backendsBefore, downMs: Math.round(performance.now() - down) });
        expect(problems).toEqual([]);
      }

      // Let the load run a little on the last incarnation, then let every client finish its operation.
      await sleep(1000);
      stopping = true;
      const settleStart = performance.now();
      let settleTimer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(clients), new Promise<void>((resolve) => (settleTimer = setTimeout(() => (problem('clients did not settle in 90 s'), resolve()), 90_000)))]);
      clearTimeout(settleTimer);
      settleMs = performance.now() - settleStart;
      expect(problems).toEqual([]);
      expect(await checkBooks(db, 'settled, server up', true)).toEqual([]);
      await srv.kill('SIGTERM');
      expect(await checkBooks(db, 'after a graceful stop', true)).toEqual([]);

      expect(kills.length).toBe(KILLS);
      // The kills really happened under load: most of them cut requests in flight.
      expect(kills.filter((k) => k.inFlight > 0).length).toBeGreaterThanOrEqual(Math.ceil(KILLS * 0.8));
      expect(kills.every((k) => k.backendsBefore > 0)).toBe(true);
      // And the load did real work across the kills.
      expect(stats.ops.adjustment?.acked ?? 0).toBeGreaterThan(0);
      expect(stats.ops.transfer?.acked ?? 0).toBeGreaterThan(0);
      expect(stats.ops.deposit?.acked ?? 0).toBeGreaterThan(0);
      expect(stats.ops.depositReview?.acked ?? 0).toBeGreaterThan(0);
      if (withdrawalsServed) {
        expect(stats.ops.withdraw?.acked ?? 0).toBeGreaterThan(0);
        expect(stats.ops.withdrawalReview?.acked ?? 0).toBeGreaterThan(0);
      }
      expect(stats.networkErrors).toBeGreaterThan(0);
    } finally {
      if (!stopping || problems.length) {
        aborted = true;
        await Promise.allSettled(clients);
      }
      await summary();
      if (problems.length) console.log(`problems:\n${problems.join('\n')}\nserver log (last incarnation):\n${srv.log()}`);
    }
  }, 420_000);
});
