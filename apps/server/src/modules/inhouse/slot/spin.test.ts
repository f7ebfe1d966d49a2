import { describe, expect, it } from 'vitest';
import { ANGKOR_TREASURES, LINE_PAYS, REELS } from './slot-math.js';
import { evaluateStops, MAX_FREE_SPINS_PER_ROUND, seededRng, spin, type SlotRng } from './spin.js';

/** The stop that puts `symbol` on the middle row of reel r, and one whose window shows no scatter. */
const stopShowing = (r: number, symbol: string) => {
  const strip = REELS[r];
  return (strip.indexOf(symbol as never) - 1 + strip.length) % strip.length;
};
const stopWithoutScatter = (r: number) => {
  const strip = REELS[r];
  return strip.findIndex((_, stop) => [0, 1, 2].every((row) => strip[(stop + row) % strip.length] !== 'SCATTER'));
};

/** Hands out the given stops first (checking each is asked for the right reel), then defers to `then`. */
const scripted = (draws: number[], then: SlotRng = seededRng(7)): SlotRng & { used: () => number } => {
  let used = 0;
  return {
    int: (n) => {
      if (used >= draws.length) return then.int(n);
      const stop = draws[used];
      expect(n).toBe(REELS[used % 5].length);
      used++;
      return stop;
    },
    used: () => used,
  };
};

const threeScatters = [stopShowing(0, 'SCATTER'), stopShowing(1, 'SCATTER'), stopShowing(2, 'SCATTER'), stopWithoutScatter(3), stopWithoutScatter(4)];

describe('seededRng (xoshiro128**)', () => {
  it('matches the reference sequence of xoshiro128** 1.1 from state {1, 2, 3, 4}', () => {
    const rng = seededRng([1, 2, 3, 4]);
    expect(Array.from({ length: 10 }, rng.nextUint32)).toEqual([
      11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849, 3729100597, 4258142804,
    ]);
  });

  it('repeats a seed exactly, and gives different streams and seeds different sequences', () => {
    const draw = (rng: SlotRng) => Array.from({ length: 20 }, () => rng.int(1000));
    expect(draw(seededRng(42))).toEqual(draw(seededRng(42)));
    expect(draw(seededRng(42))).not.toEqual(draw(seededRng(43)));
    expect(draw(seededRng(42, 1))).not.toEqual(draw(seededRng(42)));
    const jumped = seededRng(42);
    jumped.jump();
    expect(jumped.state()).toEqual(seededRng(42, 1).state());
  });

  it('returns integers in [0, n) for every n from 1 to 2^32, and refuses anything else', () => {
    const rng = seededRng(1);
    for (const n of [1, 2, 3, 49, 59, 1000, 2 ** 31 + 1, 2 ** 32]) {
      const outside = Array.from({ length: 2000 }, () => rng.int(n)).filter((x) => !Number.isInteger(x) || x < 0 || x >= n);
      expect(outside).toEqual([]);
    }
    expect(rng.int(1)).toBe(0);
    for (const bad of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => rng.int(bad)).toThrow(RangeError);
    expect(() => seededRng(-1)).toThrow(RangeError);
    expect(() => seededRng([0, 0, 0, 0])).toThrow(RangeError);
  });

  it('is uniform: chi-square over a reel length, and no modulo bias for n near 2^32', () => {
    const rng = seededRng(2024);
    const n = 59;
    const draws = 59_000;
    const counts = new Array<number>(n).fill(0);
    for (let i = 0; i < draws; i++) counts[rng.int(n)]++;
    const expected = draws / n;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 58 degrees of freedom: mean 58, sd 10.8; 110 is beyond p = 1e-4.
    expect(chi2).toBeLessThan(110);
    // With n = 3·2^30, plain `x % n` would put half of all draws below 2^30 instead of a third.
    const big = 3 * 2 ** 30;
    let low = 0;
    for (let i = 0; i < 30_000; i++) if (rng.int(big) < 2 ** 30) low++;
    expect(Math.abs(low / 30_000 - 1 / 3)).toBeLessThan(0.015);
  });
});

describe('spin', () => {
  it('shows the strips at the drawn stops, and a recorded round replays to the same result', () => {
    const rng = seededRng(11);
    for (let i = 0; i < 300; i++) {
      const round = spin(rng, 100);
      round.base.stops.forEach((stop, r) => {
        expect(round.base.window[r]).toEqual([0, 1, 2].map((row) => REELS[r][(stop + row) % REELS[r].length]));
      });
      expect(evaluateStops(round.base.stops, 100)).toEqual(round.base);
      for (const free of round.freeSpins) expect(evaluateStops(free.stops, 100, { inFreeSpins: true })).toEqual(free);
    }
  });

  it('works in whole minor units: every amount is an integer and the parts add up to the total', () => {
    const rng = seededRng(12);
    const faults: string[] = [];
    const check = (ok: boolean, what: string) => ok || faults.push(what);
    let rounds = 0;
    let withFreeSpins = 0;
    while (withFreeSpins < 20) {
      rounds++;
      const round = spin(rng, 25); // line bet 1 minor unit: the smallest bet
      check(round.lineBetMinor === 1, 'line bet');
      for (const s of [round.base, ...round.freeSpins]) {
        for (const w of s.lineWins) {
          check(w.winMinor === w.pays * round.lineBetMinor * s.multiplier, `line win ${JSON.stringify(w)}`);
          check(w.pays === LINE_PAYS[w.symbol]![w.count - 3], `line pay ${JSON.stringify(w)}`);
        }
        check(s.lineWinMinor === s.lineWins.reduce((t, w) => t + w.winMinor, 0), 'line total');
        check(s.scatterWinMinor % (25 * s.multiplier) === 0, 'scatter win');
        check(s.winMinor === s.lineWinMinor + s.scatterWinMinor && Number.isSafeInteger(s.winMinor), 'spin win');
      }
      check(round.freeSpinsWinMinor === round.freeSpins.reduce((t, s) => t + s.winMinor, 0), 'free-spin total');
      check(round.totalWinMinor === round.base.winMinor + round.freeSpinsWinMinor, 'round total');
      if (round.freeSpins.length > 0) withFreeSpins++;
    }
    expect(faults).toEqual([]);
    expect(rounds).toBeGreaterThan(1000);
    expect(() => spin(rng, 110)).toThrow(/multiple of the 25 lines/);
  });

  it('plays the free spins it awards inside the same round, at the free-spin multiplier', () => {
    const rng = scripted(threeScatters);
    const round = spin(rng, 100);
    expect(round.base).toMatchObject({ scatterCount: 3, scatterWinMinor: 200, freeSpinsAwarded: 10, multiplier: 1 });
    const retriggered = round.freeSpins.reduce((t, s) => t + s.freeSpinsAwarded, 0);
    expect(round.freeSpins).toHaveLength(10 + retriggered);
    expect(rng.used()).toBe(5);
    for (const free of round.freeSpins) expect(free.multiplier).toBe(2);
  });

  it('adds retriggered free spins to those still to play', () => {
    // Base spin: 3 scatters; the first free spin: 3 scatters again.
    const round = spin(scripted([...threeScatters, ...threeScatters]), 100);
    expect(round.freeSpins[0]).toMatchObject({ scatterCount: 3, freeSpinsAwarded: 10, scatterWinMinor: 400 });
    expect(round.freeSpins.length).toBe(10 + round.freeSpins.reduce((t, s) => t + s.freeSpinsAwarded, 0));
    expect(round.freeSpins.length).toBeGreaterThanOrEqual(20);
    const noRetrigger = spin(scripted([...threeScatters, ...threeScatters]), 100, { ...ANGKOR_TREASURES, freeSpinRetrigger: false });
    expect(noRetrigger.freeSpins).toHaveLength(10);
    expect(noRetrigger.freeSpins[0]).toMatchObject({ scatterCount: 3, freeSpinsAwarded: 0, scatterWinMinor: 400 });
  });

  it('refuses a random source that strays outside [0, n), and stops a round that never ends', () => {
    expect(() => spin({ int: (n) => n }, 100)).toThrow(/outside \[0, 49\)/);
    expect(() => spin({ int: () => -1 }, 100)).toThrow(RangeError);
    expect(() => spin({ int: () => 0.5 }, 100)).toThrow(RangeError);
    // Five scatters on every spin retrigger for ever.
    const always = { int: (n: number) => stopShowing(REELS.findIndex((strip) => strip.length === n), 'SCATTER') };
    expect(() => spin(always, 100)).toThrow(`round exceeded ${MAX_FREE_SPINS_PER_ROUND} free spins`);
  });
});
