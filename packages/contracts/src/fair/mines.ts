import { z } from 'zod';
import { PositiveMoneyAmount } from '../money.js';
import { floats } from './hmac-floats.js';
import { BP_SCALE, assertHouseEdgeBp, payoutMinor } from './multiplier.js';
import { FairClientSeed, FairNonce, FairServerSeed, FairServerSeedHash, verifyCommitment } from './seeds.js';

/**
 * Mines on a 5 × 5 grid. Cells are numbered 0 … 24 row by row (cell = row × 5 + column, top-left 0).
 *
 * Placement is the original (pencil-and-paper) Fisher–Yates shuffle: start from the cells in order
 * 0 … 24; float i (i = 0, 1, …) picks position floor(float × (25 − i)) in the list of cells not yet
 * picked, and that cell is struck out and appended to the shuffle. The first `mines` cells of the
 * shuffle are the mines, so a game needs exactly `mines` floats. Every arrangement is equally likely.
 *
 * Multiplier after k safe reveals: (1 − edge) × C(25, k) / C(25 − mines, k) — the inverse of the
 * chance that k distinct cells are all safe, less the edge — floored to four decimals.
 */
export const MINES_GRID_SIZE = 5;
export const MINES_CELLS = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
/** Declared house edge of Mines: 1.00 % (return to player 99 % at every cash-out point). */
export const MINES_HOUSE_EDGE_BP = 100;

const assertMines = (mines: number): void => {
  if (!Number.isInteger(mines) || mines < MINES_MIN || mines > MINES_MAX) throw new RangeError(`mines must be an integer in ${MINES_MIN}..${MINES_MAX}`);
};

const assertCell = (cell: number): void => {
  if (!Number.isInteger(cell) || cell < 0 || cell >= MINES_CELLS) throw new RangeError('cell must be an integer in 0..24');
};

/** The shuffle prefix the floats determine: one cell per float, at most 25. */
export const shuffleCells = (fs: readonly number[]): number[] => {
  if (fs.length > MINES_CELLS) throw new RangeError('at most 25 floats');
  const pool = Array.from({ length: MINES_CELLS }, (_, i) => i);
  return fs.map((f, i) => {
    if (!(f >= 0 && f < 1)) throw new RangeError('floats must be in [0, 1)');
    return pool.splice(Math.floor(f * (MINES_CELLS - i)), 1)[0];
  });
};

/** Mine cells in the order they were picked (the shuffle prefix). */
export const minesFromFloats = (fs: readonly number[], mines: number): number[] => {
  assertMines(mines);
  if (fs.length < mines) throw new RangeError('one float per mine is needed');
  return shuffleCells(fs.slice(0, mines));
};

/** The mines of one game, ascending: floats 0 … mines − 1 of HMAC(serverSeed, `clientSeed:nonce:round`). */
export const generateMines = async (seeds: { serverSeed: string; clientSeed: string; nonce: number }, mines: number): Promise<number[]> => {
  assertMines(mines);
  const fs = await floats(seeds.serverSeed, seeds.clientSeed, seeds.nonce, mines);
  return minesFromFloats(fs, mines).sort((a, b) => a - b);
};

const binomial = (n: number, k: number): bigint => {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};

/** Safe reveals a game can hold: 1 … 25 − mines (a cash-out needs at least one). */
export const minesMaxSafeReveals = (mines: number): number => {
  assertMines(mines);
  return MINES_CELLS - mines;
};

/** floor((1 − edge) × C(25, k) / C(25 − mines, k)) scaled by 10 000, for k = 1 … 25 − mines. */
export const minesMultiplierScaled = (mines: number, safeReveals: number, edgeBp = MINES_HOUSE_EDGE_BP): bigint => {
  assertHouseEdgeBp(edgeBp);
  const max = minesMaxSafeReveals(mines);
  if (!Number.isInteger(safeReveals) || safeReveals < 1 || safeReveals > max) throw new RangeError(`safe reveals must be an integer in 1..${max}`);
  return (BigInt(BP_SCALE - edgeBp) * binomial(MINES_CELLS, safeReveals)) / binomial(MINES_CELLS - mines, safeReveals);
};

/** The cash-out multipliers after 1, 2, … 25 − mines safe reveals (index 0 = one reveal). */
export const minesMultiplierTable = (mines: number, edgeBp = MINES_HOUSE_EDGE_BP): bigint[] =>
  Array.from({ length: minesMaxSafeReveals(mines) }, (_, i) => minesMultiplierScaled(mines, i + 1, edgeBp));

export type MinesReveal = { cell: number; safe: boolean };
export type MinesOutcome = {
  reveals: MinesReveal[];
  /** True when the last reveal hit a mine: the stake is lost. */
  busted: boolean;
  safeReveals: number;
  /** 0n when busted. */
  multiplierScaled: bigint;
  payoutMinor: bigint;
};

/**
 * Settles a finished game from its mine cells and the cells the player opened, in order. A game ends
 * on the first mine or with a cash-out after at least one safe reveal; when all safe cells are open
 * it cashes out by itself. Anything else is not a finished game and throws RangeError.
 */
export const settleMines = (
  mineCells: readonly number[],
  revealed: readonly number[],
  stakeMinor: bigint,
  edgeBp = MINES_HOUSE_EDGE_BP,
): MinesOutcome => {
  const mines = new Set(mineCells);
  if (mines.size !== mineCells.length) throw new RangeError('mine cells must be distinct');
  mineCells.forEach(assertCell);
  assertMines(mines.size);
  const seen = new Set<number>();
  const reveals = revealed.map((cell, i) => {
    assertCell(cell);
    if (seen.has(cell)) throw new RangeError(`cell ${cell} was revealed twice`);
    seen.add(cell);
    const safe = !mines.has(cell);
    if (!safe && i !== revealed.length - 1) throw new RangeError('the game ends at the first mine');
    return { cell, safe };
  });
  const busted = reveals.length > 0 && !reveals[reveals.length - 1].safe;
  const safeReveals = busted ? reveals.length - 1 : reveals.length;
  if (busted) return { reveals, busted, safeReveals, multiplierScaled: 0n, payoutMinor: 0n };
  if (safeReveals === 0) throw new RangeError('a game ends with a mine or a cash-out after at least one safe reveal');
  const multiplierScaled = minesMultiplierScaled(mines.size, safeReveals, edgeBp);
  return { reveals, busted, safeReveals, multiplierScaled, payoutMinor: payoutMinor(stakeMinor, multiplierScaled) };
};

/**
 * The verifier: recomputes a finished game from the revealed seeds — the mine cells (ascending),
 * whether each reveal was safe, the multiplier and payout — and checks the seed against the hash
 * shown before play when it is given (`commitmentOk` is null otherwise).
 */
export const verifyMinesGame = async (input: {
  serverSeed: string;
  serverSeedHash?: string;
  clientSeed: string;
  nonce: number;
  mines: number;
  revealed: readonly number[];
  stakeMinor?: bigint;
  edgeBp?: number;
}): Promise<MinesOutcome & { mineCells: number[]; commitmentOk: boolean | null }> => {
  const mineCells = await generateMines(input, input.mines);
  return {
    mineCells,
    ...settleMines(mineCells, input.revealed, input.stakeMinor ?? 0n, input.edgeBp),
    commitmentOk: input.serverSeedHash === undefined ? null : await verifyCommitment(input.serverSeed, input.serverSeedHash),
  };
};

// ---- wire schemas -------------------------------------------------------------------------------

export const MinesCount = z.number().int().min(MINES_MIN).max(MINES_MAX);
export const MinesCell = z.number().int().min(0).max(MINES_CELLS - 1).describe('row × 5 + column, 0 = top-left');

/** Start a game; the route adds its idempotency key. */
export const MinesStartInput = z.strictObject({ amount: PositiveMoneyAmount, mines: MinesCount });
export type MinesStartInput = z.infer<typeof MinesStartInput>;
/** Open one cell of the running game. */
export const MinesRevealInput = z.strictObject({ cell: MinesCell });
export type MinesRevealInput = z.infer<typeof MinesRevealInput>;

/** The verifier page's form. */
export const MinesVerifyInput = z.strictObject({
  serverSeed: FairServerSeed,
  serverSeedHash: FairServerSeedHash.optional(),
  clientSeed: FairClientSeed,
  nonce: FairNonce,
  mines: MinesCount,
  revealed: z.array(MinesCell).max(MINES_CELLS),
});
export type MinesVerifyInput = z.infer<typeof MinesVerifyInput>;
