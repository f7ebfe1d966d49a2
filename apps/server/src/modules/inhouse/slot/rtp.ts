/**
 * The exact figures of a slot definition, by counting rather than by simulating.
 *
 * RTP (`computeRtp`, milliseconds). A reel's stop is uniform over its strip, so the symbol a payline
 * crosses on that reel is uniform over the strip too, whatever the row, and the reels are independent.
 * Every payline therefore has the same pay distribution, and the lines' expected total is one line's
 * expectation in line bets = its expectation per total bet. That expectation is a sum over symbol
 * 5-tuples weighted by how often each symbol sits on each strip, paid by the same `evaluateLine` the game
 * uses. Scatters: each reel's count of scatters in its 3-row window is counted over its stops, and the
 * reels' counts are convolved. Free spins use the same reels, so one free spin is worth the multiplier
 * times a base spin's line and scatter win, plus the free spins it awards, each worth the same again:
 *   V = m·E[W] + E[A]·V   ⇒   V = m·E[W] / (1 − E[A])          (a geometric series; E[A] < 1)
 * and RTP = E[W] + E[A]·V, where W is a spin's win per total bet and A the free spins it awards.
 *
 * Hit frequency and volatility (`analyseSlot`, about a second). Lines share cells, so these need the joint
 * distribution of every stop combination (≈ 1e8). The first three reels are enumerated; for each, a line
 * whose first three symbols cannot start a win is dead whatever the last two reels show (most are), the
 * others look their pay up in a table keyed by their first three symbols and indexed by the last two. Only
 * combinations with a live line walk the last two reels; the rest take the last two reels' scatter
 * distribution whole. That gives E[W], E[W²], E[W·A], E[A], E[A²] and P(W > 0) exactly; the round's
 * variance follows from the free-spin recursion by the same reasoning as V (second moments below).
 *
 * All of it in exact rational arithmetic (bigint), so the declared figure is a fraction, not an estimate.
 */
import { ANGKOR_TREASURES, compileSlot, evaluateLine } from './slot-math.js';
import type { CompiledSlot, SlotDefinition } from './slot-math.js';

export type Fraction = { num: bigint; den: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
};

export const fraction = (num: bigint | number, den: bigint | number = 1n): Fraction => {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
};

export const add = (a: Fraction, b: Fraction) => fraction(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: Fraction, b: Fraction) => fraction(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: Fraction, b: Fraction) => fraction(a.num * b.num, a.den * b.den);
export const div = (a: Fraction, b: Fraction) => fraction(a.num * b.den, a.den * b.num);
export const equals = (a: Fraction, b: Fraction) => a.num === b.num && a.den === b.den;

/** Decimal expansion truncated to `digits` places (exact: integer division). */
export const toDecimal = (f: Fraction, digits = 20) => {
  const negative = f.num < 0n;
  const n = negative ? -f.num : f.num;
  const scaled = (n * 10n ** BigInt(digits)) / f.den;
  const text = scaled.toString().padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
};

/** The nearest double, through a 40-digit decimal (Number(num) / Number(den) would round twice). */
export const toNumber = (f: Fraction) => Number(toDecimal(f, 40));

const ONE = fraction(1);

/** counts[r][k] = stops of reel r showing k scatters in its window. */
const scatterCountsPerReel = (c: CompiledSlot) =>
  c.reels.map((strip) => {
    const counts = new Array<number>(c.rows + 1).fill(0);
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < c.rows; row++) if (strip[(stop + row) % strip.length] === c.scatter) k++;
      counts[k]++;
    }
    return counts;
  });

const convolve = (a: readonly bigint[], b: readonly number[]) => {
  const out = new Array<bigint>(a.length + b.length - 1).fill(0n);
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j] += x * BigInt(y))));
  return out;
};

/** dist[k] = stop combinations showing k scatters in the whole window. */
const scatterDistribution = (c: CompiledSlot) => scatterCountsPerReel(c).reduce<bigint[]>(convolve, [1n]);

const combinations = (c: CompiledSlot) => c.reels.reduce((p, strip) => p * BigInt(strip.length), 1n);

/** E[pay of one line] in line bets: the symbol tuples weighted by how often each symbol is on each strip. */
const oneLineExpectation = (c: CompiledSlot): Fraction => {
  const counts = c.reels.map((strip) => {
    const k = new Array<number>(c.symbolCount).fill(0);
    for (const s of strip) k[s]++;
    return k;
  });
  const line = new Uint8Array(c.reelCount);
  let total = 0n;
  const walk = (reel: number, weight: bigint) => {
    if (reel === c.reelCount) {
      const hit = evaluateLine(c, line);
      if (hit) total += weight * BigInt(hit.pay);
      return;
    }
    for (let s = 0; s < c.symbolCount; s++) {
      if (counts[reel][s] === 0) continue;
      line[reel] = s;
      walk(reel + 1, weight * BigInt(counts[reel][s]));
    }
  };
  walk(0, 1n);
  return fraction(total, combinations(c));
};

export type RtpBreakdown = {
  /** Return to player per unit bet: base lines + base scatters + free spins. */
  rtp: Fraction;
  baseLines: Fraction;
  baseScatters: Fraction;
  freeSpins: Fraction;
  /** P(a base spin awards free spins). */
  freeSpinTriggerFrequency: Fraction;
  /** Free spins a trigger leads to on average, retriggers included. */
  freeSpinsPerTrigger: Fraction;
  combinations: bigint;
};

/** Exact RTP of a definition (see the file comment). */
export const computeRtp = (def: SlotDefinition = ANGKOR_TREASURES): RtpBreakdown => {
  const c = compileSlot(def);
  const total = combinations(c);
  const dist = scatterDistribution(c);
  let scatterPart = fraction(0);
  let awards = fraction(0);
  let triggers = 0n;
  dist.forEach((n, k) => {
    scatterPart = add(scatterPart, fraction(n * BigInt(c.scatterPay[k]), total));
    awards = add(awards, fraction(n * BigInt(c.freeSpinAward[k]), total));
    if (c.freeSpinAward[k] > 0) triggers += n;
  });
  const baseLines = oneLineExpectation(c);
  const spinWin = add(baseLines, scatterPart);
  const awardsInFree = def.freeSpinRetrigger ? awards : fraction(0);
  if (awardsInFree.num >= awardsInFree.den) throw new RangeError('free spins would retrigger without end (E[awards] ≥ 1)');
  const perFreeSpin = div(mul(fraction(def.freeSpinMultiplier), spinWin), sub(ONE, awardsInFree));
  const freeSpins = mul(awards, perFreeSpin);
  const triggerFrequency = fraction(triggers, total);
  return {
    rtp: add(spinWin, freeSpins),
    baseLines,
    baseScatters: scatterPart,
    freeSpins,
    freeSpinTriggerFrequency: triggerFrequency,
    freeSpinsPerTrigger: triggers === 0n ? fraction(0) : div(div(awards, triggerFrequency), sub(ONE, awardsInFree)),
    combinations: total,
  };
};

export type SlotAnalysis = RtpBreakdown & {
  /** P(the base spin pays anything). Every free-spin trigger also pays a scatter win, so this is P(round pays > 0). */
  hitFrequency: Fraction;
  /** E[W], E[W²] of a single spin's line + scatter win, per total bet. */
  spinMean: Fraction;
  spinSecondMoment: Fraction;
  /** Variance of a whole round's win (free spins included) per total bet, and its square root. */
  variance: Fraction;
  standardDeviation: number;
  /** Largest line + scatter win a single spin can show, per total bet (before the free-spin multiplier). */
  maxSpinWin: Fraction;
};

/** Exact distribution moments of a 5-reel definition by enumeration (see the file comment). */
export const analyseSlot = (def: SlotDefinition = ANGKOR_TREASURES): SlotAnalysis => {
  const c = compileSlot(def);
  if (c.reelCount !== 5) throw new RangeError('analyseSlot enumerates 5-reel games');
  const S = c.symbolCount;
  const { rows } = c;
  const [R0, R1, R2, R3, R4] = c.reels;

  // The pay of a line by its last two symbols, for each first three; null when it pays nothing in any case.
  const suffixPays: (Int32Array | null)[] = [];
  const line = new Uint8Array(5);
  for (let p = 0; p < S * S * S; p++) {
    line[0] = Math.floor(p / (S * S));
    line[1] = Math.floor(p / S) % S;
    line[2] = p % S;
    const table = new Int32Array(S * S);
    let any = false;
    for (let q = 0; q < S * S; q++) {
      line[3] = Math.floor(q / S);
      line[4] = q % S;
      const hit = evaluateLine(c, line);
      if (hit) {
        table[q] = hit.pay;
        any = true;
      }
    }
    suffixPays.push(any ? table : null);
  }

  // symbolAt[r][row][stop]: what reel r shows on `row` when stopped at `stop`.
  const symbolAt = c.reels.map((strip) =>
    Array.from({ length: rows }, (_, row) => Uint8Array.from(strip, (_, stop) => strip[(stop + row) % strip.length])),
  );
  const scattersAt = c.reels.map((strip) =>
    Uint8Array.from(strip, (_, stop) => {
      let k = 0;
      for (let row = 0; row < rows; row++) if (strip[(stop + row) % strip.length] === c.scatter) k++;
      return k;
    }),
  );
  // Scatter distribution of the last two reels: each prefix adds it to the combination counts.
  const lastTwo = new Array<number>(2 * rows + 1).fill(0);
  for (let a = 0; a < R3.length; a++) for (let b = 0; b < R4.length; b++) lastTwo[scattersAt[3][a] + scattersAt[4][b]]++;

  const K = 5 * rows + 1;
  // Per total scatter count k: combinations, Σ line win, Σ line win², combinations with a line win (in line
  // bets); the underscored ones collect one prefix in floats before moving to the bigints.
  const n = new Array<bigint>(K).fill(0n);
  const s1 = new Array<bigint>(K).fill(0n);
  const s2 = new Array<bigint>(K).fill(0n);
  const hits = new Array<bigint>(K).fill(0n);
  const s1_ = new Float64Array(K);
  const s2_ = new Float64Array(K);
  const hits_ = new Float64Array(K);

  const L = c.lineCount;
  const E = R3.length;
  const F = R4.length;
  // Scatters on the last reel: how many of its stops show j of them.
  const lastReelScatters = new Array<number>(rows + 1).fill(0);
  for (let f = 0; f < F; f++) lastReelScatters[scattersAt[4][f]]++;
  // For each live table and fourth symbol x: does the pay still depend on the fifth symbol? When it does
  // not (the run stopped at three), the line's win is known from the first four reels alone.
  const dependsOnFifth = suffixPays.map((table) => {
    if (!table) return null;
    const depends = new Uint8Array(S);
    for (let x = 0; x < S; x++) for (let y = 1; y < S; y++) if (table[x * S + y] !== table[x * S]) depends[x] = 1;
    return depends;
  });
  // For the current prefix: the win fixed by reel 4's stop e, and the extra win of pairs (e, f) whose
  // line still runs into the last reel (only rows marked open are used, and they are cleared after use).
  const fixed = new Float64Array(E);
  const extra = new Int32Array(E * F);
  const isOpen = new Uint8Array(E);
  // Largest line win seen with k scatters in view (the scatter pay depends on k, so the max is per k).
  const maxLineWin = new Float64Array(K);

  const count = (k: number, w: number, times: number) => {
    s1_[k] += w * times;
    s2_[k] += w * w * times;
    hits_[k] += times;
    if (w > maxLineWin[k]) maxLineWin[k] = w;
  };

  for (let a = 0; a < R0.length; a++) {
    for (let b = 0; b < R1.length; b++) {
      for (let d = 0; d < R2.length; d++) {
        const k3 = scattersAt[0][a] + scattersAt[1][b] + scattersAt[2][d];
        for (let k = 0; k < lastTwo.length; k++) n[k3 + k] += BigInt(lastTwo[k]);
        let live = 0;
        for (let l = 0; l < L; l++) {
          const rowsOf = c.paylines[l];
          const p = (symbolAt[0][rowsOf[0]][a] * S + symbolAt[1][rowsOf[1]][b]) * S + symbolAt[2][rowsOf[2]][d];
          const table = suffixPays[p];
          if (!table) continue;
          if (live++ === 0) fixed.fill(0);
          const depends = dependsOnFifth[p]!;
          const fourth = symbolAt[3][rowsOf[3]];
          const fifth = symbolAt[4][rowsOf[4]];
          for (let e = 0; e < E; e++) {
            const row = fourth[e] * S;
            if (!depends[fourth[e]]) {
              fixed[e] += table[row];
              continue;
            }
            isOpen[e] = 1;
            const at = e * F;
            for (let f = 0; f < F; f++) extra[at + f] += table[row + fifth[f]];
          }
        }
        if (live === 0) continue;
        s1_.fill(0);
        s2_.fill(0);
        hits_.fill(0);
        for (let e = 0; e < E; e++) {
          const k4 = k3 + scattersAt[3][e];
          if (isOpen[e]) {
            const at = e * F;
            for (let f = 0; f < F; f++) {
              const w = fixed[e] + extra[at + f];
              if (w > 0) count(k4 + scattersAt[4][f], w, 1);
              extra[at + f] = 0;
            }
            isOpen[e] = 0;
          } else if (fixed[e] > 0) {
            for (let j = 0; j <= rows; j++) if (lastReelScatters[j]) count(k4 + j, fixed[e], lastReelScatters[j]);
          }
        }
        // Per prefix the float sums stay far below 2^53 (≤ 3,600 pairs × (25 × 1,250)²), so they are exact.
        for (let k = 0; k < K; k++) {
          if (hits_[k] === 0) continue;
          s1[k] += BigInt(s1_[k]);
          s2[k] += BigInt(s2_[k]);
          hits[k] += BigInt(hits_[k]);
        }
      }
    }
  }

  const total = combinations(c);
  const lines = BigInt(L);
  // W in line bets = line win + L × scatter pay; per total bet divide by L.
  let sumW = 0n;
  let sumW2 = 0n;
  let sumWA = 0n;
  let sumWAf = 0n;
  let sumA = 0n;
  let sumA2 = 0n;
  let sumAf = 0n;
  let sumAf2 = 0n;
  let hitCount = 0n;
  let triggers = 0n;
  let maxWin = 0n;
  for (let k = 0; k < K; k++) {
    if (n[k] === 0n) continue;
    const scatter = lines * BigInt(c.scatterPay[k]);
    const award = BigInt(c.freeSpinAward[k]);
    const awardFree = def.freeSpinRetrigger ? award : 0n;
    const w = s1[k] + n[k] * scatter;
    sumW += w;
    sumW2 += s2[k] + 2n * scatter * s1[k] + n[k] * scatter * scatter;
    sumWA += award * w;
    sumWAf += awardFree * w;
    sumA += award * n[k];
    sumA2 += award * award * n[k];
    sumAf += awardFree * n[k];
    sumAf2 += awardFree * awardFree * n[k];
    hitCount += scatter > 0n || award > 0n ? n[k] : hits[k];
    if (award > 0n) triggers += n[k];
    if (BigInt(maxLineWin[k]) + scatter > maxWin) maxWin = BigInt(maxLineWin[k]) + scatter;
  }
  if (n.reduce((x, y) => x + y, 0n) !== total) throw new Error('enumeration lost combinations');

  const perBet = (x: bigint, power: 1 | 2) => fraction(x, total * (power === 1 ? lines : lines * lines));
  const EW = perBet(sumW, 1);
  const EW2 = perBet(sumW2, 2);
  const EWA = perBet(sumWA, 1);
  const EWAf = perBet(sumWAf, 1);
  const EA = fraction(sumA, total);
  const EAA1 = fraction(sumA2 - sumA, total);
  const EAf = fraction(sumAf, total);
  const EAfAf1 = fraction(sumAf2 - sumAf, total);
  const m = fraction(def.freeSpinMultiplier);

  // Y = one free spin with everything it retriggers: Y = m·W + (sum of A_f independent Y's).
  const keep = sub(ONE, EAf);
  const EY = div(mul(m, EW), keep);
  const EY2 = div(add(add(mul(mul(m, m), EW2), mul(mul(fraction(2), m), mul(EY, EWAf))), mul(EAfAf1, mul(EY, EY))), keep);
  // Round R = W + (sum of A independent Y's).
  const ER = add(EW, mul(EA, EY));
  const ER2 = add(add(add(EW2, mul(fraction(2), mul(EY, EWA))), mul(EA, EY2)), mul(EAA1, mul(EY, EY)));
  const variance = sub(ER2, mul(ER, ER));

  const rtp = computeRtp(def);
  if (!equals(ER, rtp.rtp)) throw new Error(`enumeration (${toDecimal(ER)}) and per-line counting (${toDecimal(rtp.rtp)}) disagree`);
  return {
    ...rtp,
    hitFrequency: fraction(hitCount, total),
    spinMean: EW,
    spinSecondMoment: EW2,
    variance,
    standardDeviation: Math.sqrt(toNumber(variance)),
    freeSpinTriggerFrequency: fraction(triggers, total),
    maxSpinWin: fraction(maxWin, lines),
  };
};

/**
 * The declared RTP of Angkor Treasures: exactly `computeRtp().rtp`. A test recomputes it, so changing a
 * reel strip, a line or a pay without updating these two constants fails the build.
 */
export const DECLARED_RTP_EXACT: Fraction = { num: 410508191217613n, den: 425398049501334n };
/** 96.4997821919551826…%, the double nearest to DECLARED_RTP_EXACT; shown to players as 96.50%. */
export const DECLARED_RTP = 0.9649978219195519;
