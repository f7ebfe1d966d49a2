/**
 * npm run bench:rtp — plays Angkor Treasures (the in-house slot) for millions of rounds with the real
 * `spin()` and a seeded xoshiro128**, and prints the measured RTP beside the declared (exact) one, with
 * hit frequency, free-spin trigger frequency, standard deviation of round win ÷ bet, the largest win and
 * the 95 % confidence interval of the RTP estimate, so the reader can see whether a ±0.3 pp gap is noise.
 *
 * Knobs (environment):
 *   BENCH_SPINS=10000000   rounds (one bet each; free spins are part of their round)
 *   BENCH_SEED             uint32 seed; random when unset. Printed, so a run can be replayed exactly
 *   BENCH_WORKERS          worker threads (default: available cores); worker i plays stream i of the seed
 *                          (i jumps of 2^64 draws), so a replay needs the same seed, spins and workers
 *   BENCH_BET_MINOR=100    total bet per round in minor units (a multiple of the 25 lines)
 *
 * Exits 1 when the measured RTP is more than 0.3 percentage points from the declared figure.
 */
import { randomInt } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { PAYLINES } from '../src/modules/inhouse/slot/slot-math.js';
import { analyseSlot, DECLARED_RTP, toNumber } from '../src/modules/inhouse/slot/rtp.js';
import { seededRng, spin } from '../src/modules/inhouse/slot/spin.js';

type Job = { seed: number; stream: number; spins: number; betMinor: number };
type Tally = {
  spins: number;
  totalBet: number;
  totalWin: number;
  /** The part of totalWin paid by the base spins; the rest came from free spins. */
  baseWin: number;
  hits: number;
  triggers: number;
  freeSpins: number;
  /** Σ u and Σ u² with u = round win in line bets (an integer), for the standard deviation. */
  sumU: number;
  sumU2: string;
  maxWin: number;
  seconds: number;
};

const LINES = PAYLINES.length;

const play = ({ seed, stream, spins, betMinor }: Job): Tally => {
  const rng = seededRng(seed, stream);
  const lineBet = betMinor / LINES;
  let totalWin = 0;
  let baseWin = 0;
  let hits = 0;
  let triggers = 0;
  let freeSpins = 0;
  let sumU = 0;
  let sumU2 = 0n;
  let chunkU2 = 0;
  let maxWin = 0;
  const started = performance.now();
  for (let i = 0; i < spins; i++) {
    const round = spin(rng, betMinor);
    const win = round.totalWinMinor;
    totalWin += win;
    baseWin += round.base.winMinor;
    if (win > 0) hits++;
    if (round.base.freeSpinsAwarded > 0) triggers++;
    freeSpins += round.freeSpins.length;
    if (win > maxWin) maxWin = win;
    const u = win / lineBet;
    sumU += u;
    chunkU2 += u * u;
    // Move the squares to a bigint before a float sum could lose a unit (u² of a top win is ~1e10).
    if (chunkU2 > 2 ** 50) {
      sumU2 += BigInt(chunkU2);
      chunkU2 = 0;
    }
  }
  sumU2 += BigInt(chunkU2);
  if (!Number.isSafeInteger(totalWin) || !Number.isSafeInteger(sumU)) throw new Error('sums left the safe-integer range');
  return {
    spins,
    totalBet: spins * betMinor,
    totalWin,
    baseWin,
    hits,
    triggers,
    freeSpins,
    sumU,
    sumU2: sumU2.toString(),
    maxWin,
    seconds: (performance.now() - started) / 1000,
  };
};

const envInt = (name: string, fallback: number, min: number, max: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer in ${min}…${max}, got ${raw}`);
  return n;
};

// Worker threads do not inherit the TypeScript loader of `node --import tsx` on Node 20, so each one
// registers it first and then loads this very file, which sees it is not the main thread and plays.
const WORKER_BOOT = `
const { workerData } = require('node:worker_threads');
import(workerData.loader).then(({ register }) => { register(); return import(workerData.entry); });
`;

const runWorker = (job: Job) =>
  new Promise<Tally>((resolve, reject) => {
    const workerData = { ...job, loader: import.meta.resolve('tsx/esm/api'), entry: import.meta.url };
    const worker = new Worker(WORKER_BOOT, { eval: true, workerData });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`worker ${job.stream} exited with ${code}`)));
  });

const main = async () => {
  const spins = envInt('BENCH_SPINS', 10_000_000, 1, 1e10);
  const seed = envInt('BENCH_SEED', randomInt(2 ** 32), 0, 2 ** 32 - 1);
  const workers = Math.min(spins, envInt('BENCH_WORKERS', availableParallelism(), 1, 64));
  const betMinor = envInt('BENCH_BET_MINOR', 100, LINES, 100_000_000);
  if (betMinor % LINES !== 0) throw new Error(`BENCH_BET_MINOR must be a multiple of the ${LINES} lines`);

  console.log(`bench:rtp — Angkor Treasures, ${spins.toLocaleString('en')} rounds at ${betMinor} minor units, seed ${seed}, ${workers} worker(s), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const exactStarted = performance.now();
  const exact = analyseSlot();
  const exactSeconds = (performance.now() - exactStarted) / 1000;

  const started = performance.now();
  const share = (i: number) => Math.floor((spins * (i + 1)) / workers) - Math.floor((spins * i) / workers);
  const tallies = await Promise.all(Array.from({ length: workers }, (_, i) => runWorker({ seed, stream: i, spins: share(i), betMinor })));
  const elapsed = (performance.now() - started) / 1000;

  const sum = (pick: (t: Tally) => number) => tallies.reduce((s, t) => s + pick(t), 0);
  const n = sum((t) => t.spins);
  const totalBet = sum((t) => t.totalBet);
  const totalWin = sum((t) => t.totalWin);
  const baseWin = sum((t) => t.baseWin);
  const hits = sum((t) => t.hits);
  const triggers = sum((t) => t.triggers);
  const freeSpins = sum((t) => t.freeSpins);
  const sumU = BigInt(sum((t) => t.sumU));
  const sumU2 = tallies.reduce((s, t) => s + BigInt(t.sumU2), 0n);
  const maxWin = Math.max(...tallies.map((t) => t.maxWin));

  const rtp = totalWin / totalBet;
  // Sample variance of u, exact in bigint up to the final division; x = u / LINES is the win ÷ bet.
  const N = BigInt(n);
  const varianceU = n > 1 ? Number(N * sumU2 - sumU * sumU) / Number(N * (N - 1n)) : 0;
  const sd = Math.sqrt(varianceU) / LINES;
  const halfWidth = (1.96 * sd) / Math.sqrt(n);
  const diffPp = (rtp - DECLARED_RTP) * 100;
  const within = Math.abs(diffPp) <= 0.3;
  const pct = (x: number, digits = 4) => `${(x * 100).toFixed(digits)} %`;
  const money = (minor: number) => (minor / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const exactHit = toNumber(exact.hitFrequency);
  const exactTrigger = toNumber(exact.freeSpinTriggerFrequency);

  const rows: [string, string, string][] = [
    ['rounds (spins)', n.toLocaleString('en'), ''],
    ['total bet', money(totalBet), ''],
    ['total win', money(totalWin), ''],
    ['RTP', pct(rtp), `declared ${pct(DECLARED_RTP)}`],
    ['  from base spins', pct(baseWin / totalBet), `exact ${pct(toNumber(exact.baseLines) + toNumber(exact.baseScatters))}`],
    ['  from free spins', pct((totalWin - baseWin) / totalBet), `exact ${pct(toNumber(exact.freeSpins))}`],
    ['difference', `${diffPp >= 0 ? '+' : ''}${diffPp.toFixed(4)} pp`, `within ±0.3 pp: ${within ? 'yes' : 'NO'}`],
    ['95 % CI of the RTP', `${pct(rtp - halfWidth)} … ${pct(rtp + halfWidth)}`, `±${(halfWidth * 100).toFixed(4)} pp (1.96 × sd ÷ √n); declared inside: ${Math.abs(rtp - DECLARED_RTP) <= halfWidth ? 'yes' : 'no'}`],
    ['hit frequency', pct(hits / n, 3), `exact ${pct(exactHit, 3)}`],
    ['free-spin triggers', `${pct(triggers / n, 4)} (1 in ${(n / triggers).toFixed(1)})`, `exact ${pct(exactTrigger, 4)} (1 in ${(1 / exactTrigger).toFixed(1)})`],
    ['free spins per trigger', (freeSpins / triggers).toFixed(3), `exact ${toNumber(exact.freeSpinsPerTrigger).toFixed(3)}`],
    ['std dev of win ÷ bet', sd.toFixed(4), `exact ${exact.standardDeviation.toFixed(4)}`],
    ['max win', `${(maxWin / betMinor).toFixed(2)} × bet`, ''],
    ['speed', `${Math.round(n / elapsed).toLocaleString('en')} rounds/s`, `${elapsed.toFixed(1)} s wall on ${workers} worker(s); exact figures computed in ${exactSeconds.toFixed(1)} s`],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [label, value, note] of rows) console.log(`  ${label.padEnd(width)}  ${value}${note ? `   (${note})` : ''}`);
  console.log(`replay: BENCH_SEED=${seed} BENCH_SPINS=${spins} BENCH_WORKERS=${workers} BENCH_BET_MINOR=${betMinor} npm run bench:rtp`);
  if (!within) process.exitCode = 1;
};

if (isMainThread) {
  await main();
} else {
  parentPort!.postMessage(play(workerData as Job));
}
