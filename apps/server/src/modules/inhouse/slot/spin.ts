/**
 * One round of Angkor Treasures: one bet, the base spin, and every free spin it leads to, played out
 * at once so that a round is exactly one debit and one credit for the wallet.
 *
 * Randomness comes in through `SlotRng` only, so the server can pass a cryptographic source
 * (`{ int: (n) => randomInt(n) }` from node:crypto) and tests and the RTP bench a seeded one
 * (`seededRng` below). Amounts are integer minor units throughout; nothing is ever rounded, because the
 * total bet divides by the line count and every pay is an integer multiple.
 */
import { ANGKOR_TREASURES, compileSlot, evaluateLine, SLOT_SYMBOLS } from './slot-math.js';
import type { CompiledSlot, SlotDefinition, SlotSymbol } from './slot-math.js';

/** A source of uniform integers: `int(n)` returns an integer in [0, n), each with probability 1/n. */
export type SlotRng = { int: (n: number) => number };

/** Largest total bet accepted: keeps every win (even a 1,000-free-spin round at the top pay) a safe integer. */
export const MAX_TOTAL_BET_MINOR = 100_000_000;

/**
 * A round stops with an error rather than play more free spins than this. With retriggers the number of
 * free spins is unbounded in principle, but 1,000 of them need at least 49 retriggers (20 spins at most
 * each) within 1,000 spins that trigger with p ≈ 0.0058 each: a Poisson(5.8) reaching 49, below 1e-25
 * (docs/inhouse-slot.md). So the cap changes no published figure; it is there so that a broken random
 * source cannot loop for ever.
 */
export const MAX_FREE_SPINS_PER_ROUND = 1000;

export type LineWin = {
  /** Index into PAYLINES (the paytable screen numbers lines from 1: line = lineIndex + 1). */
  lineIndex: number;
  symbol: SlotSymbol;
  count: number;
  /** The line pay as a multiple of the line bet, before the free-spin multiplier. */
  pays: number;
  winMinor: number;
};

export type SpinResult = {
  /** Stop of each reel: the strip position shown on the top row. */
  stops: number[];
  /** window[reel][row], row 0 at the top. */
  window: SlotSymbol[][];
  lineWins: LineWin[];
  lineWinMinor: number;
  scatterCount: number;
  scatterWinMinor: number;
  freeSpinsAwarded: number;
  /** 1 on the base spin, the free-spin multiplier on a free spin; already applied to the amounts above. */
  multiplier: number;
  winMinor: number;
};

export type SlotRound = {
  gameId: string;
  totalBetMinor: number;
  lineBetMinor: number;
  base: SpinResult;
  /** In the order played; retriggered spins are appended after those already awarded. */
  freeSpins: SpinResult[];
  freeSpinsWinMinor: number;
  totalWinMinor: number;
};

const checkBet = (c: CompiledSlot, totalBetMinor: number) => {
  if (!Number.isSafeInteger(totalBetMinor) || totalBetMinor <= 0 || totalBetMinor > MAX_TOTAL_BET_MINOR) {
    throw new RangeError(`totalBetMinor must be an integer in 1…${MAX_TOTAL_BET_MINOR}`);
  }
  if (totalBetMinor % c.lineCount !== 0) {
    throw new RangeError(`totalBetMinor must be a multiple of the ${c.lineCount} lines`);
  }
  return totalBetMinor / c.lineCount;
};

/**
 * Pays a window given as symbol indices, cell = reel * rows + row. `inFreeSpins` applies the multiplier
 * and, without retriggers, awards no further spins.
 */
const evaluateCells = (
  c: CompiledSlot,
  cells: Uint8Array,
  stops: number[],
  lineBetMinor: number,
  totalBetMinor: number,
  inFreeSpins: boolean,
): SpinResult => {
  const multiplier = inFreeSpins ? c.def.freeSpinMultiplier : 1;
  const { reelCount, rows } = c;
  const lineSymbols = new Uint8Array(reelCount);
  const lineWins: LineWin[] = [];
  let lineWinMinor = 0;
  for (let l = 0; l < c.lineCount; l++) {
    const line = c.paylines[l];
    for (let r = 0; r < reelCount; r++) lineSymbols[r] = cells[r * rows + line[r]];
    const hit = evaluateLine(c, lineSymbols);
    if (!hit) continue;
    const winMinor = hit.pay * lineBetMinor * multiplier;
    lineWins.push({ lineIndex: l, symbol: SLOT_SYMBOLS[hit.symbol], count: hit.count, pays: hit.pay, winMinor });
    lineWinMinor += winMinor;
  }
  let scatterCount = 0;
  for (let i = 0; i < cells.length; i++) if (cells[i] === c.scatter) scatterCount++;
  const scatterWinMinor = c.scatterPay[scatterCount] * totalBetMinor * multiplier;
  const freeSpinsAwarded = inFreeSpins && !c.def.freeSpinRetrigger ? 0 : c.freeSpinAward[scatterCount];
  const window: SlotSymbol[][] = [];
  for (let r = 0; r < reelCount; r++) {
    const column: SlotSymbol[] = [];
    for (let row = 0; row < rows; row++) column.push(SLOT_SYMBOLS[cells[r * rows + row]]);
    window.push(column);
  }
  return {
    stops,
    window,
    lineWins,
    lineWinMinor,
    scatterCount,
    scatterWinMinor,
    freeSpinsAwarded,
    multiplier,
    winMinor: lineWinMinor + scatterWinMinor,
  };
};

/** The cells shown when the reels stop at `stops` (each strip wraps round). */
export const windowCells = (c: CompiledSlot, stops: readonly number[]) => {
  const cells = new Uint8Array(c.reelCount * c.rows);
  for (let r = 0; r < c.reelCount; r++) {
    const strip = c.reels[r];
    for (let row = 0; row < c.rows; row++) cells[r * c.rows + row] = strip[(stops[r] + row) % strip.length];
  }
  return cells;
};

const drawStops = (c: CompiledSlot, rng: SlotRng) => {
  const stops: number[] = [];
  for (let r = 0; r < c.reelCount; r++) {
    const n = c.reels[r].length;
    const stop = rng.int(n);
    // A faulty source must not show a symbol that is not on the strip.
    if (!Number.isInteger(stop) || stop < 0 || stop >= n) throw new RangeError(`rng.int(${n}) returned ${stop}, outside [0, ${n})`);
    stops.push(stop);
  }
  return stops;
};

/**
 * Pays a hand-built window (window[reel][row]) as a base spin, or as a free spin with `inFreeSpins`.
 * Used by tests and by anyone checking a replayed round.
 */
export const evaluateWindow = (
  window: readonly (readonly SlotSymbol[])[],
  totalBetMinor: number,
  options: { inFreeSpins?: boolean; def?: SlotDefinition } = {},
): SpinResult => {
  const c = compileSlot(options.def ?? ANGKOR_TREASURES);
  const lineBetMinor = checkBet(c, totalBetMinor);
  if (window.length !== c.reelCount || window.some((column) => column.length !== c.rows)) {
    throw new RangeError(`a window is ${c.reelCount} reels of ${c.rows} rows`);
  }
  const cells = Uint8Array.from(window.flat(), (s) => {
    const i = SLOT_SYMBOLS.indexOf(s);
    if (i < 0) throw new RangeError(`unknown symbol ${String(s)}`);
    return i;
  });
  return evaluateCells(c, cells, [], lineBetMinor, totalBetMinor, options.inFreeSpins ?? false);
};

/** Pays the window at the given stops (for replaying a recorded round). */
export const evaluateStops = (stops: readonly number[], totalBetMinor: number, options: { inFreeSpins?: boolean; def?: SlotDefinition } = {}) => {
  const c = compileSlot(options.def ?? ANGKOR_TREASURES);
  const lineBetMinor = checkBet(c, totalBetMinor);
  if (stops.length !== c.reelCount || stops.some((s, r) => !Number.isInteger(s) || s < 0 || s >= c.reels[r].length)) {
    throw new RangeError(`stops are ${c.reelCount} strip positions`);
  }
  return evaluateCells(c, windowCells(c, stops), [...stops], lineBetMinor, totalBetMinor, options.inFreeSpins ?? false);
};

/**
 * Plays one round for `totalBetMinor` (a multiple of the line count): the base spin and, if it awards
 * free spins, all of them, retriggers included. `totalWinMinor` is what the round pays back.
 */
export const spin = (rng: SlotRng, totalBetMinor: number, def: SlotDefinition = ANGKOR_TREASURES): SlotRound => {
  const c = compileSlot(def);
  const lineBetMinor = checkBet(c, totalBetMinor);
  const play = (inFreeSpins: boolean) => {
    const stops = drawStops(c, rng);
    return evaluateCells(c, windowCells(c, stops), stops, lineBetMinor, totalBetMinor, inFreeSpins);
  };
  const base = play(false);
  const freeSpins: SpinResult[] = [];
  let freeSpinsWinMinor = 0;
  let toPlay = base.freeSpinsAwarded;
  while (toPlay > 0) {
    if (freeSpins.length >= MAX_FREE_SPINS_PER_ROUND) throw new Error(`round exceeded ${MAX_FREE_SPINS_PER_ROUND} free spins`);
    const free = play(true);
    freeSpins.push(free);
    freeSpinsWinMinor += free.winMinor;
    toPlay += free.freeSpinsAwarded - 1;
  }
  return {
    gameId: def.id,
    totalBetMinor,
    lineBetMinor,
    base,
    freeSpins,
    freeSpinsWinMinor,
    totalWinMinor: base.winMinor + freeSpinsWinMinor,
  };
};

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

/** xoshiro128** 1.1 jump polynomial: one jump = 2^64 outputs, so streams never overlap in practice. */
const JUMP = [0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b];

export type SeededRng = SlotRng & {
  nextUint32: () => number;
  /** Advances the state by 2^64 outputs: a fresh, non-overlapping stream. */
  jump: () => void;
  state: () => [number, number, number, number];
};

/**
 * Deterministic xoshiro128** (Blackman and Vigna) for tests and the RTP bench; never for real money.
 * A number seed (any uint32) is spread over the 128-bit state with splitmix32; `stream` k jumps k times,
 * giving each worker of a simulation its own stretch of the same sequence.
 */
export const seededRng = (seed: number | readonly [number, number, number, number], stream = 0): SeededRng => {
  let s0: number;
  let s1: number;
  let s2: number;
  let s3: number;
  if (typeof seed === 'number') {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new RangeError('seed must be a uint32');
    let x = seed;
    const splitmix32 = () => {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    [s0, s1, s2, s3] = [splitmix32(), splitmix32(), splitmix32(), splitmix32()];
  } else {
    [s0, s1, s2, s3] = seed.map((w) => w >>> 0);
  }
  if ((s0 | s1 | s2 | s3) === 0) throw new RangeError('the xoshiro state must not be all zero');

  const nextUint32 = () => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };

  const jump = () => {
    let j0 = 0;
    let j1 = 0;
    let j2 = 0;
    let j3 = 0;
    for (const word of JUMP) {
      for (let b = 0; b < 32; b++) {
        if (word & (1 << b)) {
          j0 ^= s0;
          j1 ^= s1;
          j2 ^= s2;
          j3 ^= s3;
        }
        nextUint32();
      }
    }
    [s0, s1, s2, s3] = [j0, j1, j2, j3];
  };

  /** Rejection sampling: draws at or above the largest multiple of n are redrawn, so there is no modulo bias. */
  const int = (n: number) => {
    if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`int(n) needs an integer n in 1…2^32, got ${n}`);
    const limit = 0x100000000 - (0x100000000 % n);
    let x = nextUint32();
    while (x >= limit) x = nextUint32();
    return x % n;
  };

  for (let k = 0; k < stream; k++) jump();
  return { int, nextUint32, jump, state: () => [s0 >>> 0, s1 >>> 0, s2 >>> 0, s3 >>> 0] };
};
