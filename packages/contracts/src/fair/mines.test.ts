import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFloatSource } from './hmac-floats.js';
import {
  MINES_CELLS,
  MINES_HOUSE_EDGE_BP,
  MINES_MAX,
  MINES_MIN,
  MinesRevealInput,
  MinesStartInput,
  MinesVerifyInput,
  generateMines,
  minesFromFloats,
  minesMultiplierScaled,
  minesMultiplierTable,
  settleMines,
  shuffleCells,
  verifyMinesGame,
} from './mines.js';
import { formatMultiplier } from './multiplier.js';
import { S1, S1_HASH, S2 } from './test-vectors.js';

const EDGE_NUM = BigInt(10_000 - MINES_HOUSE_EDGE_BP);

/** Independent reference: node:crypto floats, then strike out the idx-th unstruck cell of 0 … 24 by counting. */
const refShuffle = (serverSeed: string, clientSeed: string, nonce: number, count: number): number[] => {
  const fs: number[] = [];
  for (let round = 0; fs.length < count; round++) {
    const mac = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32 && fs.length < count; i += 4) fs.push(mac.readUInt32BE(i) / 2 ** 32);
  }
  const struck = new Array<boolean>(25).fill(false);
  return fs.map((f, i) => {
    let idx = Math.floor(f * (25 - i));
    for (let cell = 0; ; cell++) {
      if (struck[cell]) continue;
      if (idx-- === 0) {
        struck[cell] = true;
        return cell;
      }
    }
  });
};

/** Exact C(25, k) / C(25 − m, k) as ∏ (25 − i) / (25 − m − i), an independent closed form. */
const exactRatio = (m: number, k: number): [bigint, bigint] => {
  let num = 1n;
  let den = 1n;
  for (let i = 0; i < k; i++) {
    num *= BigInt(25 - i);
    den *= BigInt(25 - m - i);
  }
  return [num, den];
};

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

describe('mines — known answers', () => {
  it('fixed vectors give these exact mine cells (3 mines) and this exact full shuffle', async () => {
    expect(await generateMines({ serverSeed: S1, clientSeed: 'lucky-player_7', nonce: 0 }, 3)).toEqual([11, 21, 23]);
    expect(await generateMines({ serverSeed: S1, clientSeed: 'lucky-player_7', nonce: 1 }, 3)).toEqual([4, 15, 20]);
    expect(await generateMines({ serverSeed: S2, clientSeed: 'f00dcafe', nonce: 42 }, 3)).toEqual([0, 2, 5]);
    const src = await createFloatSource(S1);
    expect(shuffleCells(await src('lucky-player_7', 0, 25))).toEqual([
      23, 11, 21, 3, 1, 18, 19, 22, 17, 10, 20, 9, 7, 6, 2, 24, 16, 14, 12, 15, 5, 13, 4, 0, 8,
    ]);
    // with 24 mines exactly one cell is safe: the last of the shuffle
    expect(await generateMines({ serverSeed: S1, clientSeed: 'lucky-player_7', nonce: 0 }, 24)).toEqual(range(0, 24).filter((c) => c !== 8));
    expect(await generateMines({ serverSeed: S2, clientSeed: 'f00dcafe', nonce: 42 }, 24)).toEqual(range(0, 24).filter((c) => c !== 11));
  });

  it('the first pick by hand: float 0 = 0.92420… → floor(0.9242 × 25) = 23; float 1 = 0.47388… → index 11 of the rest = cell 11', () => {
    expect(shuffleCells([0.9242057066876441, 0.4738889788277447, 0.8938895899336785])).toEqual([23, 11, 21]);
  });

  it('matches an independent node:crypto strike-out implementation for many games and every mine count', async () => {
    const src = await createFloatSource(S2);
    for (let nonce = 0; nonce < 60; nonce++) {
      const mines = (nonce % MINES_MAX) + 1;
      const expected = refShuffle(S2, 'ref', nonce, mines);
      expect(minesFromFloats(await src('ref', nonce, mines), mines), `nonce ${nonce}`).toEqual(expected);
      expect(shuffleCells(await src('ref', nonce, 25))).toEqual(refShuffle(S2, 'ref', nonce, 25));
    }
  });

  it('multipliers: table for 1 mine, corners and middle', () => {
    expect(minesMultiplierTable(1).map(formatMultiplier)).toEqual([
      '1.0312', '1.0760', '1.1250', '1.1785', '1.2375', '1.3026', '1.3750', '1.4558', '1.5468', '1.6500', '1.7678', '1.9038',
      '2.0625', '2.2500', '2.4750', '2.7500', '3.0937', '3.5357', '4.1250', '4.9500', '6.1875', '8.2500', '12.3750', '24.7500',
    ]);
    expect(formatMultiplier(minesMultiplierScaled(24, 1))).toBe('24.7500');
    expect(formatMultiplier(minesMultiplierScaled(3, 3))).toBe('1.4785');
    expect(formatMultiplier(minesMultiplierScaled(3, 22))).toBe('2277.0000');
    expect(formatMultiplier(minesMultiplierScaled(12, 13))).toBe('5148297.0000');
    expect(formatMultiplier(minesMultiplierScaled(5, 1, 0))).toBe('1.2500');
  });
});

describe('mines — shuffle rules', () => {
  it('a full shuffle is a permutation of the 25 cells', async () => {
    const src = await createFloatSource(S1);
    for (let nonce = 0; nonce < 50; nonce++) {
      expect([...shuffleCells(await src('perm', nonce, 25))].sort((a, b) => a - b)).toEqual(range(0, 24));
    }
  });

  it('the extreme floats pick the first and last remaining cell', () => {
    expect(shuffleCells([0, 0, 0])).toEqual([0, 1, 2]);
    expect(shuffleCells([1 - 2 ** -32, 1 - 2 ** -32])).toEqual([24, 23]);
  });

  it('refuses bad mine counts and floats', async () => {
    for (const m of [0, 25, 2.5]) await expect(generateMines({ serverSeed: S1, clientSeed: 'a', nonce: 0 }, m)).rejects.toThrow(RangeError);
    expect(() => shuffleCells([1])).toThrow(RangeError);
    expect(() => shuffleCells(new Array(26).fill(0))).toThrow(RangeError);
    expect(() => minesFromFloats([0.1], 2)).toThrow(RangeError);
  });
});

describe('mines — multipliers, house edge, rounding', () => {
  it('every (mines, k) equals the closed form floored to 4 decimals, and is strictly monotone in k and in mines', () => {
    for (let m = MINES_MIN; m <= MINES_MAX; m++) {
      const table = minesMultiplierTable(m);
      expect(table.length).toBe(25 - m);
      table.forEach((mult, i) => {
        const [num, den] = exactRatio(m, i + 1);
        expect(mult).toBe((EDGE_NUM * num) / den);
        expect(mult * den <= EDGE_NUM * num && (mult + 1n) * den > EDGE_NUM * num).toBe(true);
        if (i > 0) expect(mult).toBeGreaterThan(table[i - 1]);
        if (m > MINES_MIN) expect(mult).toBeGreaterThan(minesMultiplierScaled(m - 1, i + 1));
      });
      expect(table[0]).toBeGreaterThan(10_000n); // the first safe cell already pays more than the stake
    }
  });

  it('cashing out after any k returns 1 − edge to the player, less under 0.0001', () => {
    for (let m = MINES_MIN; m <= MINES_MAX; m++) {
      for (let k = 1; k <= 25 - m; k++) {
        const [num, den] = exactRatio(m, k); // P(k safe) = den / num
        const mult = minesMultiplierScaled(m, k);
        // RTP = den / num × mult / 10000 ∈ (0.99 − 0.0001, 0.99]
        expect(den * mult <= EDGE_NUM * num).toBe(true);
        expect(den * (mult + 1n) > EDGE_NUM * num).toBe(true);
      }
    }
  });

  it('a payout never exceeds stake × exact multiplier', () => {
    const stakes = [1n, 3n, 99n, 12_345n, 100_000_000_000_000n];
    for (const stake of stakes) {
      for (const [m, k] of [[1, 1], [3, 5], [7, 9], [12, 13], [24, 1]]) {
        const mines = range(0, m - 1);
        const { payoutMinor } = settleMines(mines, range(m, m + k - 1), stake);
        const [num, den] = exactRatio(m, k);
        expect(payoutMinor * den * 10_000n <= stake * EDGE_NUM * num).toBe(true);
        expect((payoutMinor + 1n) * den * 10_000n + stake * den > stake * EDGE_NUM * num).toBe(true);
      }
    }
  });

  it('refuses k = 0 and k beyond the safe cells', () => {
    expect(() => minesMultiplierScaled(3, 0)).toThrow(RangeError);
    expect(() => minesMultiplierScaled(3, 23)).toThrow(RangeError);
    expect(() => minesMultiplierScaled(0, 1)).toThrow(RangeError);
  });
});

describe('mines — distribution', () => {
  // Per game exactly m of 25 cells are mines, so the counts have covariance p(1−p)·25/24·(I − J/25):
  // Σ (o − e)² · 24 / (G · 25 · p(1 − p)) is χ² with 24 degrees of freedom (p = m / 25).
  const chiSquare = (counts: number[], games: number, m: number) => {
    const p = m / 25;
    const e = games * p;
    return (counts.reduce((s, o) => s + (o - e) ** 2, 0) * 24) / (games * 25 * p * (1 - p));
  };

  for (const [m, games] of [[1, 10_000], [5, 10_000], [20, 4_000]] as const) {
    it(`${m} mine(s) over ${games} games: every cell equally likely (χ², 24 df, within p = 0.001 tails)`, async () => {
      const src = await createFloatSource(S1);
      const counts = new Array<number>(MINES_CELLS).fill(0);
      const all = await Promise.all(Array.from({ length: games }, (_, nonce) => src(`cells-${m}`, nonce, m)));
      for (const fs of all) for (const c of minesFromFloats(fs, m)) counts[c]++;
      const chi = chiSquare(counts, games, m);
      expect(chi).toBeLessThan(51.18);
      expect(chi).toBeGreaterThan(8.08);
    }, 30_000);
  }
});

describe('mines — settling and verifying a finished game', () => {
  const mines = [11, 21, 23];

  it('a cash-out after three safe reveals pays stake × 1.4785; hitting a mine pays nothing', () => {
    expect(settleMines(mines, [0, 12, 24], 1000n)).toEqual({
      reveals: [{ cell: 0, safe: true }, { cell: 12, safe: true }, { cell: 24, safe: true }],
      busted: false,
      safeReveals: 3,
      multiplierScaled: 14785n,
      payoutMinor: 1478n,
    });
    expect(settleMines(mines, [0, 21], 1000n)).toMatchObject({ busted: true, safeReveals: 1, multiplierScaled: 0n, payoutMinor: 0n });
    expect(settleMines(mines, [23], 1000n)).toMatchObject({ busted: true, safeReveals: 0, payoutMinor: 0n });
  });

  it('clearing every safe cell cashes out at the top multiplier', () => {
    const safe = range(0, 24).filter((c) => !mines.includes(c));
    expect(settleMines(mines, safe, 100n)).toMatchObject({ busted: false, safeReveals: 22, multiplierScaled: 22_770_000n, payoutMinor: 227_700n });
  });

  it('refuses what cannot be a finished game', () => {
    expect(() => settleMines(mines, [], 100n)).toThrow(/at least one safe reveal/);
    expect(() => settleMines(mines, [0, 0], 100n)).toThrow(/twice/);
    expect(() => settleMines(mines, [11, 0], 100n)).toThrow(/first mine/);
    expect(() => settleMines(mines, [25], 100n)).toThrow(RangeError);
    expect(() => settleMines([1, 1], [0], 100n)).toThrow(/distinct/);
    expect(() => settleMines([], [0], 100n)).toThrow(RangeError);
  });

  it('verifyMinesGame recomputes a game of the known-answer vector from the revealed seeds', async () => {
    const base = { serverSeed: S1, clientSeed: 'lucky-player_7', nonce: 0, mines: 3 };
    const won = await verifyMinesGame({ ...base, serverSeedHash: S1_HASH, revealed: [0, 12, 24], stakeMinor: 1000n });
    expect(won).toMatchObject({ mineCells: [11, 21, 23], busted: false, safeReveals: 3, multiplierScaled: 14785n, payoutMinor: 1478n, commitmentOk: true });
    const lost = await verifyMinesGame({ ...base, serverSeedHash: '0'.repeat(64), revealed: [7, 23] });
    expect(lost).toMatchObject({ busted: true, reveals: [{ cell: 7, safe: true }, { cell: 23, safe: false }], commitmentOk: false });
    expect((await verifyMinesGame({ ...base, revealed: [0] })).commitmentOk).toBeNull();
  });
});

describe('mines — schemas', () => {
  it('MinesStartInput takes 1–24 mines and a positive amount; MinesRevealInput a cell 0–24', () => {
    for (const mines of [1, 3, 24]) expect(MinesStartInput.safeParse({ amount: '5.00', mines }).success).toBe(true);
    for (const mines of [0, 25, 2.5, '3']) expect(MinesStartInput.safeParse({ amount: '5.00', mines }).success).toBe(false);
    expect(MinesStartInput.safeParse({ amount: '0', mines: 3 }).success).toBe(false);
    for (const cell of [0, 24]) expect(MinesRevealInput.safeParse({ cell }).success).toBe(true);
    for (const cell of [-1, 25, 1.5, '1']) expect(MinesRevealInput.safeParse({ cell }).success).toBe(false);
  });

  it('MinesVerifyInput', () => {
    const ok = { serverSeed: S1, clientSeed: 'lucky-player_7', nonce: 0, mines: 3, revealed: [0, 12, 24] };
    expect(MinesVerifyInput.safeParse(ok).success).toBe(true);
    expect(MinesVerifyInput.safeParse({ ...ok, revealed: new Array(26).fill(0) }).success).toBe(false);
    expect(MinesVerifyInput.safeParse({ ...ok, serverSeedHash: 'nothex' }).success).toBe(false);
  });
});
