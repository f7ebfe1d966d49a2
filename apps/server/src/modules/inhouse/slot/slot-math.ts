/**
 * "Angkor Treasures": the game definition of Apsara's in-house 5-reel, 3-row video slot, and the rules that
 * turn symbols on a payline into a pay. Pure data and pure functions: no I/O, no randomness, no floats.
 *
 * Every pay is an integer multiple of something: line pays of the line bet, scatter pays of the total bet,
 * free-spin wins of the spin's own win. The total bet must divide by the number of lines, so every
 * amount the game produces is a whole number of minor units and nothing is ever rounded.
 *
 * The figures of this definition (RTP, hit frequency, volatility) are computed exactly in `rtp.ts`; change
 * a reel, a line or a pay here and the declared RTP there must change with it (a test holds them together).
 * Rules as a player reads them: docs/inhouse-slot.md.
 */

export const SLOT_SYMBOLS = ['TEN', 'J', 'Q', 'K', 'A', 'LOTUS', 'ELEPHANT', 'NAGA', 'APSARA', 'WILD', 'SCATTER'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** What the artwork shows; the ids above are what the API and the logs carry. */
export const SYMBOL_NAMES: Record<SlotSymbol, string> = {
  TEN: '10',
  J: 'J',
  Q: 'Q',
  K: 'K',
  A: 'A',
  LOTUS: 'Lotus',
  ELEPHANT: 'Royal Elephant',
  NAGA: 'Naga',
  APSARA: 'Apsara Dancer',
  WILD: 'Angkor Wat (wild)',
  SCATTER: 'Golden Sun (scatter)',
};

/** Pays for 3, 4 and 5 of a kind, as integer multiples of the line bet. */
export type LinePays = readonly [three: number, four: number, five: number];

export type SlotDefinition = {
  id: string;
  name: string;
  rows: number;
  /** One strip per reel, read top to bottom and wrapping round; the stop is the symbol on the top row. */
  reels: readonly (readonly SlotSymbol[])[];
  /** Each line names the row (0 top, 1 middle, 2 bottom) it crosses on each reel. */
  paylines: readonly (readonly number[])[];
  /** Symbols without an entry (the scatter) pay nothing on a line. */
  linePays: Partial<Record<SlotSymbol, LinePays>>;
  wild: SlotSymbol;
  scatter: SlotSymbol;
  /** Scatters visible anywhere → pay as an integer multiple of the total bet; a count above the largest key uses that key. */
  scatterPays: Readonly<Record<number, number>>;
  /** Scatters visible anywhere → free spins awarded; same lookup as the scatter pays. */
  freeSpinAwards: Readonly<Record<number, number>>;
  /** Every win of a free spin (lines and scatters) is multiplied by this integer. */
  freeSpinMultiplier: number;
  /** Whether scatters during free spins award more free spins (added to those still to play). */
  freeSpinRetrigger: boolean;
};

/**
 * 25 fixed lines; rows per reel, 0 = top. Line 1 of the paytable screen is index 0 here.
 * All 25 are always played: the total bet is 25 line bets.
 */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 0, 0],
  [2, 2, 1, 2, 2],
  [1, 2, 2, 2, 1],
  [1, 0, 0, 0, 1],
  [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
];

/** Multiples of the line bet for 3, 4 and 5 of a kind, left to right from the first reel. */
export const LINE_PAYS: Partial<Record<SlotSymbol, LinePays>> = {
  TEN: [10, 30, 120],
  J: [10, 30, 120],
  Q: [15, 40, 150],
  K: [20, 50, 200],
  A: [25, 60, 250],
  LOTUS: [30, 90, 350],
  ELEPHANT: [40, 120, 500],
  NAGA: [50, 150, 600],
  APSARA: [60, 200, 1000],
  WILD: [120, 400, 1250],
};

// prettier-ignore
export const REELS: readonly (readonly SlotSymbol[])[] = [
  // reel 1: 49 stops
  [
    'TEN', 'TEN', 'K', 'ELEPHANT', 'J', 'J', 'A', 'NAGA', 'LOTUS', 'K', 'Q', 'Q',
    'TEN', 'TEN', 'A', 'ELEPHANT', 'APSARA', 'WILD', 'J', 'J', 'SCATTER', 'K', 'LOTUS', 'A',
    'TEN', 'TEN', 'NAGA', 'ELEPHANT', 'Q', 'Q', 'J', 'J', 'K', 'APSARA', 'A', 'LOTUS',
    'TEN', 'TEN', 'ELEPHANT', 'K', 'J', 'J', 'SCATTER', 'NAGA', 'A', 'Q', 'Q', 'LOTUS',
    'APSARA',
  ],
  // reel 2: 52 stops
  [
    'TEN', 'LOTUS', 'NAGA', 'WILD', 'J', 'K', 'K', 'TEN', 'ELEPHANT', 'Q', 'Q', 'APSARA',
    'LOTUS', 'A', 'A', 'J', 'NAGA', 'K', 'K', 'TEN', 'WILD', 'ELEPHANT', 'LOTUS', 'Q',
    'Q', 'J', 'NAGA', 'APSARA', 'TEN', 'K', 'K', 'A', 'A', 'LOTUS', 'J', 'SCATTER',
    'ELEPHANT', 'Q', 'Q', 'WILD', 'TEN', 'NAGA', 'K', 'K', 'LOTUS', 'J', 'APSARA', 'ELEPHANT',
    'A', 'A', 'Q', 'Q',
  ],
  // reel 3: 53 stops
  [
    'TEN', 'Q', 'WILD', 'A', 'A', 'J', 'ELEPHANT', 'ELEPHANT', 'K', 'TEN', 'APSARA', 'Q',
    'NAGA', 'J', 'LOTUS', 'LOTUS', 'A', 'A', 'TEN', 'K', 'SCATTER', 'Q', 'J', 'ELEPHANT',
    'ELEPHANT', 'NAGA', 'TEN', 'APSARA', 'K', 'WILD', 'A', 'A', 'J', 'LOTUS', 'LOTUS', 'Q',
    'TEN', 'K', 'NAGA', 'J', 'ELEPHANT', 'ELEPHANT', 'A', 'A', 'Q', 'TEN', 'SCATTER', 'APSARA',
    'J', 'K', 'LOTUS', 'LOTUS', 'NAGA',
  ],
  // reel 4: 57 stops
  [
    'TEN', 'TEN', 'K', 'K', 'ELEPHANT', 'WILD', 'Q', 'LOTUS', 'APSARA', 'J', 'A', 'ELEPHANT',
    'Q', 'NAGA', 'NAGA', 'TEN', 'TEN', 'K', 'K', 'LOTUS', 'J', 'A', 'APSARA', 'WILD',
    'Q', 'ELEPHANT', 'J', 'LOTUS', 'TEN', 'TEN', 'K', 'K', 'A', 'Q', 'NAGA', 'NAGA',
    'APSARA', 'ELEPHANT', 'J', 'LOTUS', 'WILD', 'SCATTER', 'Q', 'A', 'TEN', 'TEN', 'K', 'K',
    'J', 'ELEPHANT', 'APSARA', 'LOTUS', 'Q', 'NAGA', 'NAGA', 'A', 'J',
  ],
  // reel 5: 59 stops
  [
    'TEN', 'A', 'K', 'APSARA', 'APSARA', 'NAGA', 'ELEPHANT', 'Q', 'Q', 'TEN', 'LOTUS', 'A',
    'J', 'J', 'K', 'NAGA', 'ELEPHANT', 'TEN', 'A', 'SCATTER', 'LOTUS', 'Q', 'Q', 'K',
    'APSARA', 'APSARA', 'J', 'J', 'WILD', 'NAGA', 'TEN', 'A', 'ELEPHANT', 'K', 'LOTUS', 'Q',
    'Q', 'TEN', 'NAGA', 'A', 'J', 'J', 'K', 'APSARA', 'APSARA', 'ELEPHANT', 'LOTUS', 'TEN',
    'A', 'SCATTER', 'NAGA', 'Q', 'Q', 'K', 'ELEPHANT', 'J', 'J', 'WILD', 'LOTUS',
  ],
];

export const ANGKOR_TREASURES: SlotDefinition = {
  id: 'angkor-treasures',
  name: 'Angkor Treasures',
  rows: 3,
  reels: REELS,
  paylines: PAYLINES,
  linePays: LINE_PAYS,
  wild: 'WILD',
  scatter: 'SCATTER',
  scatterPays: { 3: 2, 4: 10, 5: 50 },
  freeSpinAwards: { 3: 10, 4: 15, 5: 20 },
  freeSpinMultiplier: 2,
  freeSpinRetrigger: true,
};

/**
 * The definition turned into flat integer tables (symbol indices instead of names) once, so that the
 * spin loop, the simulation and the exact enumeration all read the same numbers.
 */
export type CompiledSlot = {
  def: SlotDefinition;
  reelCount: number;
  rows: number;
  lineCount: number;
  symbolCount: number;
  wild: number;
  scatter: number;
  /** reels[r][stop] = symbol index. */
  reels: readonly Uint8Array[];
  /** paylines[l][r] = row. */
  paylines: readonly Uint8Array[];
  /** linePay[symbol * (reelCount + 1) + count] = multiple of the line bet (0 when it does not pay). */
  linePay: Int32Array;
  /** By the number of scatters in the window (0 … reelCount * rows). */
  scatterPay: Int32Array;
  freeSpinAward: Int32Array;
};

export type LineHit = { symbol: number; count: number; pay: number };

const isCount = (n: unknown, min: number) => typeof n === 'number' && Number.isSafeInteger(n) && n >= min;

const byCount = (table: Readonly<Record<number, number>>, size: number, what: string) => {
  const out = new Int32Array(size + 1);
  const keys = Object.keys(table).map(Number);
  for (const k of keys) {
    if (!isCount(k, 1) || !isCount(table[k], 0)) throw new RangeError(`${what}: ${k} → ${table[k]} is not a count → non-negative integer`);
  }
  for (let n = 0; n <= size; n++) {
    const best = keys.filter((k) => k <= n).sort((a, b) => b - a)[0];
    out[n] = best === undefined ? 0 : table[best];
  }
  return out;
};

const compileUncached = (def: SlotDefinition): CompiledSlot => {
  const reelCount = def.reels.length;
  const { rows } = def;
  if (reelCount < 3) throw new RangeError('a slot needs at least 3 reels');
  if (!isCount(rows, 1)) throw new RangeError('rows must be a positive integer');
  const index = new Map<SlotSymbol, number>(SLOT_SYMBOLS.map((s, i) => [s, i]));
  const symbolOf = (s: SlotSymbol) => {
    const i = index.get(s);
    if (i === undefined) throw new RangeError(`unknown symbol ${String(s)}`);
    return i;
  };
  const reels = def.reels.map((strip, r) => {
    if (strip.length < rows) throw new RangeError(`reel ${r + 1} is shorter than the window`);
    return Uint8Array.from(strip, symbolOf);
  });
  if (def.paylines.length === 0) throw new RangeError('a slot needs at least one payline');
  const paylines = def.paylines.map((line, l) => {
    if (line.length !== reelCount || line.some((row) => !Number.isInteger(row) || row < 0 || row >= rows)) {
      throw new RangeError(`payline ${l + 1} must name one row in 0…${rows - 1} per reel`);
    }
    return Uint8Array.from(line);
  });
  const linePay = new Int32Array(SLOT_SYMBOLS.length * (reelCount + 1));
  for (const [symbol, pays] of Object.entries(def.linePays) as [SlotSymbol, LinePays][]) {
    if (symbol === def.scatter) throw new RangeError('the scatter pays anywhere, not on lines');
    if (pays.length !== reelCount - 2 || pays.some((p) => !isCount(p, 0))) {
      throw new RangeError(`${symbol}: line pays are ${reelCount - 2} non-negative integers (3 of a kind and up)`);
    }
    pays.forEach((p, i) => (linePay[symbolOf(symbol) * (reelCount + 1) + 3 + i] = p));
  }
  if (!isCount(def.freeSpinMultiplier, 1)) throw new RangeError('the free-spin multiplier is a positive integer');
  const cells = reelCount * rows;
  return {
    def,
    reelCount,
    rows,
    lineCount: paylines.length,
    symbolCount: SLOT_SYMBOLS.length,
    wild: symbolOf(def.wild),
    scatter: symbolOf(def.scatter),
    reels,
    paylines,
    linePay,
    scatterPay: byCount(def.scatterPays, cells, 'scatter pays'),
    freeSpinAward: byCount(def.freeSpinAwards, cells, 'free-spin awards'),
  };
};

const compiled = new WeakMap<SlotDefinition, CompiledSlot>();

/** Validates the definition (throws RangeError on a broken one) and caches its tables. */
export const compileSlot = (def: SlotDefinition): CompiledSlot => {
  let c = compiled.get(def);
  if (!c) {
    c = compileUncached(def);
    compiled.set(def, c);
  }
  return c;
};

/**
 * The pay of one line, given the symbol indices it crosses from the first reel to the last.
 *
 * Lines pay left to right only, from the first reel, for 3 or more in a row. The wild stands in for any
 * symbol except the scatter. A line is counted two ways and pays only the higher one:
 *   - the leading wilds on their own, by the wild's own pays (WILD WILD WILD Q K pays 3 wilds);
 *   - the first symbol that is not a wild, with every wild before and after it standing in for it
 *     (WILD Q WILD Q K pays 4 Q).
 * On a tie the symbol win is reported (the amount is the same). Only that one win per line is paid:
 * a line never pays both 3 and 5 of a kind. Returns null when the line pays nothing.
 */
export const evaluateLine = (c: CompiledSlot, line: ArrayLike<number>): LineHit | null => {
  const n = c.reelCount;
  const stride = n + 1;
  let wilds = 0;
  while (wilds < n && line[wilds] === c.wild) wilds++;
  const wildPay = c.linePay[c.wild * stride + wilds];
  let symbol = -1;
  let count = 0;
  let symbolPay = 0;
  if (wilds < n && line[wilds] !== c.scatter) {
    symbol = line[wilds];
    count = wilds + 1;
    while (count < n && (line[count] === symbol || line[count] === c.wild)) count++;
    symbolPay = c.linePay[symbol * stride + count];
  }
  if (wildPay > symbolPay) return { symbol: c.wild, count: wilds, pay: wildPay };
  if (symbolPay > 0) return { symbol, count, pay: symbolPay };
  return null;
};
