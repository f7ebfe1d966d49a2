import { describe, expect, it } from 'vitest';
import { ANGKOR_TREASURES, compileSlot, evaluateLine, PAYLINES, SLOT_SYMBOLS, type SlotSymbol } from './slot-math.js';
import { evaluateWindow, MAX_TOTAL_BET_MINOR } from './spin.js';

const game = compileSlot(ANGKOR_TREASURES);
const line = (...symbols: SlotSymbol[]) => {
  const hit = evaluateLine(game, symbols.map((s) => SLOT_SYMBOLS.indexOf(s)));
  return hit && { symbol: SLOT_SYMBOLS[hit.symbol], count: hit.count, pay: hit.pay };
};

/**
 * A window in which no line pays: reel 1 and reel 2 share no symbol and there is no wild, so no line gets
 * past two reels. Tests put symbols that appear nowhere in it (LOTUS, ELEPHANT, NAGA, APSARA, WILD,
 * SCATTER) on chosen cells, so every win comes from those cells alone.
 */
const DEAD: SlotSymbol[][] = [
  ['TEN', 'J', 'Q'],
  ['K', 'A', 'K'],
  ['J', 'Q', 'K'],
  ['A', 'TEN', 'J'],
  ['Q', 'K', 'A'],
];

/** DEAD with `cells` ([reel, row, symbol]) set. */
const windowWith = (...cells: [number, number, SlotSymbol][]) => {
  const w = DEAD.map((column) => [...column]);
  for (const [reel, row, symbol] of cells) w[reel][row] = symbol;
  return w;
};

describe('the definition', () => {
  it('is a 5×3 game with 25 distinct fixed lines and strips of 30–60 stops', () => {
    expect(game.reelCount).toBe(5);
    expect(game.rows).toBe(3);
    expect(PAYLINES).toHaveLength(25);
    expect(new Set(PAYLINES.map((l) => l.join(''))).size).toBe(25);
    for (const strip of ANGKOR_TREASURES.reels) {
      expect(strip.length).toBeGreaterThanOrEqual(30);
      expect(strip.length).toBeLessThanOrEqual(60);
    }
  });

  it('never shows two scatters on one reel, so the scatter count is the number of reels showing one', () => {
    for (const strip of ANGKOR_TREASURES.reels) {
      for (let stop = 0; stop < strip.length; stop++) {
        const shown = [0, 1, 2].filter((row) => strip[(stop + row) % strip.length] === 'SCATTER');
        expect(shown.length).toBeLessThanOrEqual(1);
      }
    }
  });

  it('has every symbol on every reel and pays only whole multiples', () => {
    for (const strip of ANGKOR_TREASURES.reels) expect(new Set(strip)).toEqual(new Set(SLOT_SYMBOLS));
    for (const pays of Object.values(ANGKOR_TREASURES.linePays)) for (const p of pays!) expect(Number.isInteger(p)).toBe(true);
    expect(ANGKOR_TREASURES.linePays.SCATTER).toBeUndefined();
  });

  it('rejects broken definitions', () => {
    const broken = (change: object) => () => compileSlot({ ...ANGKOR_TREASURES, ...change });
    expect(broken({ paylines: [[1, 1, 1, 1, 3]] })).toThrow(/payline 1/);
    expect(broken({ paylines: [[1, 1, 1, 1]] })).toThrow(/payline 1/);
    expect(broken({ paylines: [] })).toThrow(/at least one payline/);
    expect(broken({ linePays: { ...ANGKOR_TREASURES.linePays, A: [10, 30.5, 250] } })).toThrow(/A: line pays/);
    expect(broken({ linePays: { SCATTER: [1, 2, 3] } })).toThrow(/scatter pays anywhere/);
    expect(broken({ reels: [...ANGKOR_TREASURES.reels.slice(0, 4), ['A', 'K', 'MOON']] })).toThrow(/unknown symbol MOON/);
    expect(broken({ freeSpinMultiplier: 1.5 })).toThrow(/multiplier/);
    expect(broken({ scatterPays: { 3: -1 } })).toThrow(/scatter pays/);
  });
});

describe('a line', () => {
  it('pays 3, 4 or 5 of a kind from the first reel, as multiples of the line bet', () => {
    expect(line('A', 'A', 'A', 'K', 'J')).toEqual({ symbol: 'A', count: 3, pay: 25 });
    expect(line('A', 'A', 'A', 'A', 'J')).toEqual({ symbol: 'A', count: 4, pay: 60 });
    expect(line('APSARA', 'APSARA', 'APSARA', 'APSARA', 'APSARA')).toEqual({ symbol: 'APSARA', count: 5, pay: 1000 });
  });

  it('pays left to right only: a run that does not start on reel 1 pays nothing', () => {
    expect(line('J', 'K', 'K', 'K', 'K')).toBeNull();
    expect(line('K', 'K', 'J', 'K', 'K')).toBeNull();
    expect(line('TEN', 'TEN', 'Q', 'Q', 'Q')).toBeNull();
  });

  it('lets the wild stand in for any symbol but the scatter, wherever it is', () => {
    expect(line('A', 'WILD', 'A', 'K', 'J')).toEqual({ symbol: 'A', count: 3, pay: 25 });
    expect(line('WILD', 'NAGA', 'NAGA', 'Q', 'Q')).toEqual({ symbol: 'NAGA', count: 3, pay: 50 });
    expect(line('A', 'A', 'WILD', 'WILD', 'SCATTER')).toEqual({ symbol: 'A', count: 4, pay: 60 });
    expect(line('WILD', 'WILD', 'SCATTER', 'A', 'A')).toBeNull();
    expect(line('SCATTER', 'SCATTER', 'SCATTER', 'SCATTER', 'SCATTER')).toBeNull();
  });

  it('pays only the longest run, never 3 and 4 and 5 of a kind together', () => {
    expect(line('Q', 'Q', 'Q', 'Q', 'Q')).toEqual({ symbol: 'Q', count: 5, pay: 150 });
  });

  it('pays a line of wilds alone by the wild’s own entry, or the symbol win when that is higher', () => {
    expect(line('WILD', 'WILD', 'WILD', 'WILD', 'WILD')).toEqual({ symbol: 'WILD', count: 5, pay: 1250 });
    // 4 wilds (400) beat 5 × 10 (120).
    expect(line('WILD', 'WILD', 'WILD', 'WILD', 'TEN')).toEqual({ symbol: 'WILD', count: 4, pay: 400 });
    // 3 wilds (120) beat 4 × K (50).
    expect(line('WILD', 'WILD', 'WILD', 'K', 'J')).toEqual({ symbol: 'WILD', count: 3, pay: 120 });
    // 5 × A (250) beats 3 wilds (120).
    expect(line('WILD', 'WILD', 'WILD', 'A', 'A')).toEqual({ symbol: 'A', count: 5, pay: 250 });
    // A tie (3 wilds = 5 × 10 = 120) is reported as the symbol win.
    expect(line('WILD', 'WILD', 'WILD', 'TEN', 'TEN')).toEqual({ symbol: 'TEN', count: 5, pay: 120 });
    // Two wilds do not pay on their own, but with the Q after them they are 3 × Q.
    expect(line('WILD', 'WILD', 'Q', 'K', 'J')).toEqual({ symbol: 'Q', count: 3, pay: 15 });
  });
});

describe('a window', () => {
  const bet = 250; // line bet 10

  it('pays nothing on the reference dead window', () => {
    const result = evaluateWindow(DEAD, bet);
    expect(result).toMatchObject({ lineWins: [], scatterCount: 0, winMinor: 0, freeSpinsAwarded: 0 });
  });

  it('pays a line by its rows on each reel (line 4 is the V: top, middle, bottom, middle, top)', () => {
    const result = evaluateWindow(windowWith([0, 0, 'NAGA'], [1, 1, 'NAGA'], [2, 2, 'NAGA']), bet);
    expect(result.lineWins).toEqual([{ lineIndex: 3, symbol: 'NAGA', count: 3, pays: 50, winMinor: 500 }]);
    expect(result.winMinor).toBe(500);
  });

  it('pays every winning line, each once, and adds them up', () => {
    // Middle row 5 × LOTUS; the wild on reel 3's top row completes line 14 (middle, middle, top, middle, middle)
    // too. Line 15 (… bottom on reel 3) meets a K there and stops at 2.
    const result = evaluateWindow(
      windowWith([0, 1, 'LOTUS'], [1, 1, 'LOTUS'], [2, 1, 'LOTUS'], [3, 1, 'LOTUS'], [4, 1, 'LOTUS'], [2, 0, 'WILD']),
      bet,
    );
    expect(result.lineWins).toEqual([
      { lineIndex: 0, symbol: 'LOTUS', count: 5, pays: 350, winMinor: 3500 },
      { lineIndex: 13, symbol: 'LOTUS', count: 5, pays: 350, winMinor: 3500 },
    ]);
    expect(result).toMatchObject({ lineWinMinor: 7000, scatterWinMinor: 0, winMinor: 7000 });
  });

  it('pays scatters anywhere, as multiples of the total bet, and awards free spins', () => {
    const three = evaluateWindow(windowWith([0, 0, 'SCATTER'], [2, 2, 'SCATTER'], [4, 1, 'SCATTER']), bet);
    expect(three).toMatchObject({ lineWins: [], scatterCount: 3, scatterWinMinor: 2 * bet, freeSpinsAwarded: 10, winMinor: 500 });
    const four = evaluateWindow(windowWith([1, 2, 'SCATTER'], [2, 0, 'SCATTER'], [3, 1, 'SCATTER'], [4, 2, 'SCATTER']), bet);
    expect(four).toMatchObject({ scatterCount: 4, scatterWinMinor: 10 * bet, freeSpinsAwarded: 15 });
    const five = evaluateWindow(windowWith([0, 2, 'SCATTER'], [1, 0, 'SCATTER'], [2, 1, 'SCATTER'], [3, 2, 'SCATTER'], [4, 0, 'SCATTER']), bet);
    expect(five).toMatchObject({ scatterCount: 5, scatterWinMinor: 50 * bet, freeSpinsAwarded: 20 });
    const two = evaluateWindow(windowWith([0, 0, 'SCATTER'], [4, 2, 'SCATTER']), bet);
    expect(two).toMatchObject({ scatterCount: 2, scatterWinMinor: 0, freeSpinsAwarded: 0, winMinor: 0 });
  });

  it('multiplies every free-spin win by 2 and lets scatters retrigger during free spins', () => {
    const window = windowWith([0, 0, 'NAGA'], [1, 1, 'NAGA'], [2, 2, 'NAGA'], [1, 0, 'SCATTER'], [3, 0, 'SCATTER'], [4, 2, 'SCATTER']);
    const base = evaluateWindow(window, bet);
    const free = evaluateWindow(window, bet, { inFreeSpins: true });
    expect(base).toMatchObject({ multiplier: 1, lineWinMinor: 500, scatterWinMinor: 500, winMinor: 1000, freeSpinsAwarded: 10 });
    expect(free).toMatchObject({ multiplier: 2, lineWinMinor: 1000, scatterWinMinor: 1000, winMinor: 2000, freeSpinsAwarded: 10 });
    expect(free.lineWins[0]).toMatchObject({ pays: 50, winMinor: 1000 });
    const noRetrigger = evaluateWindow(window, bet, { inFreeSpins: true, def: { ...ANGKOR_TREASURES, freeSpinRetrigger: false } });
    expect(noRetrigger.freeSpinsAwarded).toBe(0);
  });

  it('works in whole minor units: the bet must split evenly over the 25 lines', () => {
    const window = windowWith([0, 0, 'NAGA'], [1, 1, 'NAGA'], [2, 2, 'NAGA']);
    expect(evaluateWindow(window, 25).winMinor).toBe(50); // line bet 1 minor unit
    expect(evaluateWindow(window, 75).winMinor).toBe(150);
    for (const bad of [0, -25, 26, 2.5, 12.5, MAX_TOTAL_BET_MINOR + 25, Number.NaN]) {
      expect(() => evaluateWindow(window, bad)).toThrow(RangeError);
    }
    expect(() => evaluateWindow(window.slice(0, 4), 25)).toThrow(/5 reels of 3 rows/);
  });
});
