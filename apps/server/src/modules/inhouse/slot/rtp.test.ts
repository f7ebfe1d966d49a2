import { beforeAll, describe, expect, it } from 'vitest';
import { ANGKOR_TREASURES, PAYLINES, type SlotDefinition } from './slot-math.js';
import {
  add,
  analyseSlot,
  computeRtp,
  DECLARED_RTP,
  DECLARED_RTP_EXACT,
  div,
  fraction,
  mul,
  sub,
  toDecimal,
  toNumber,
  type SlotAnalysis,
} from './rtp.js';
import { evaluateStops, seededRng, spin } from './spin.js';

/**
 * A small game with the same rules (wilds, scatters that may show twice on one reel, free spins at ×3 with
 * retriggers) whose 36,288 stop combinations can be played one by one through `evaluateStops`.
 */
const TOY: SlotDefinition = {
  id: 'toy',
  name: 'Toy',
  rows: 3,
  reels: [
    ['A', 'K', 'WILD', 'A', 'K', 'SCATTER', 'K', 'A'],
    ['K', 'A', 'A', 'WILD', 'SCATTER', 'SCATTER', 'K', 'A', 'K'],
    ['A', 'WILD', 'K', 'K', 'SCATTER', 'A', 'K'],
    ['K', 'A', 'SCATTER', 'WILD', 'A', 'K', 'A', 'K'],
    ['A', 'K', 'K', 'SCATTER', 'WILD', 'A', 'A', 'K', 'SCATTER'],
  ],
  paylines: PAYLINES.slice(0, 5),
  linePays: { A: [2, 5, 20], K: [1, 4, 10], WILD: [5, 20, 100] },
  wild: 'WILD',
  scatter: 'SCATTER',
  scatterPays: { 3: 1, 5: 4 },
  freeSpinAwards: { 3: 1, 5: 2 },
  freeSpinMultiplier: 3,
  freeSpinRetrigger: true,
};

/** Plays every stop combination of a definition: Σ win, Σ win², hits and awards, in line bets. */
const bruteForce = (def: SlotDefinition) => {
  const lines = def.paylines.length;
  const lengths = def.reels.map((r) => r.length);
  let combos = 0n;
  let sumW = 0n;
  let sumW2 = 0n;
  let hits = 0n;
  let triggers = 0n;
  let sumA = 0n;
  const stops = [0, 0, 0, 0, 0];
  const walk = (reel: number) => {
    if (reel === 5) {
      const s = evaluateStops(stops, lines, { def }); // total bet = lines: amounts are in line bets
      const w = BigInt(s.winMinor);
      combos++;
      sumW += w;
      sumW2 += w * w;
      if (s.winMinor > 0 || s.freeSpinsAwarded > 0) hits++;
      if (s.freeSpinsAwarded > 0) triggers++;
      sumA += BigInt(s.freeSpinsAwarded);
      return;
    }
    for (let i = 0; i < lengths[reel]; i++) {
      stops[reel] = i;
      walk(reel + 1);
    }
  };
  walk(0);
  const L = BigInt(lines);
  return {
    combos,
    mean: fraction(sumW, combos * L),
    secondMoment: fraction(sumW2, combos * L * L),
    hitFrequency: fraction(hits, combos),
    triggerFrequency: fraction(triggers, combos),
    awards: fraction(sumA, combos),
  };
};

/** Mean and sample standard deviation of win ÷ bet over `rounds` seeded rounds, with hit and trigger rates. */
const simulate = (def: SlotDefinition, rounds: number, seed: number) => {
  const rng = seededRng(seed);
  const bet = def.paylines.length * 4;
  let sum = 0;
  let sum2 = 0;
  let hits = 0;
  let triggers = 0;
  for (let i = 0; i < rounds; i++) {
    const round = spin(rng, bet, def);
    const x = round.totalWinMinor / bet;
    sum += x;
    sum2 += x * x;
    if (round.totalWinMinor > 0) hits++;
    if (round.base.freeSpinsAwarded > 0) triggers++;
  }
  const mean = sum / rounds;
  return { mean, sd: Math.sqrt((sum2 - rounds * mean * mean) / (rounds - 1)), hitRate: hits / rounds, triggerRate: triggers / rounds };
};

describe('exact RTP', () => {
  it('equals the declared figure, which lies between 95 % and 97 %', () => {
    const { rtp } = computeRtp();
    expect(rtp).toEqual(DECLARED_RTP_EXACT);
    expect(toNumber(rtp)).toBe(DECLARED_RTP);
    expect(toDecimal(rtp, 6)).toBe('0.964997');
    expect(DECLARED_RTP).toBeGreaterThan(0.95);
    expect(DECLARED_RTP).toBeLessThan(0.97);
  });

  it('is the sum of base lines, base scatters and free spins', () => {
    const r = computeRtp();
    expect(add(add(r.baseLines, r.baseScatters), r.freeSpins)).toEqual(r.rtp);
    expect(r.combinations).toBe(49n * 52n * 53n * 57n * 59n);
  });

  it('moves when the game changes, so the declared figure cannot silently go stale', () => {
    const cheaperAce = { ...ANGKOR_TREASURES, linePays: { ...ANGKOR_TREASURES.linePays, A: [20, 60, 250] as const } };
    expect(computeRtp(cheaperAce).rtp).not.toEqual(DECLARED_RTP_EXACT);
    const fewerFreeSpins = { ...ANGKOR_TREASURES, freeSpinAwards: { 3: 8, 4: 15, 5: 20 } };
    expect(toNumber(computeRtp(fewerFreeSpins).rtp)).toBeLessThan(DECLARED_RTP);
  });

  it('refuses a game whose free spins would retrigger for ever on average', () => {
    expect(() => computeRtp({ ...TOY, freeSpinAwards: { 3: 10 } })).toThrow(/without end/);
  });
});

describe('counting against playing every combination (toy game)', () => {
  let brute: ReturnType<typeof bruteForce>;
  let analysis: SlotAnalysis;
  beforeAll(() => {
    brute = bruteForce(TOY);
    analysis = analyseSlot(TOY);
  });

  it('agrees exactly on the spin mean, second moment, hit and trigger frequency', () => {
    expect(brute.combos).toBe(analysis.combinations);
    expect(analysis.spinMean).toEqual(brute.mean);
    expect(analysis.spinSecondMoment).toEqual(brute.secondMoment);
    expect(analysis.hitFrequency).toEqual(brute.hitFrequency);
    expect(analysis.freeSpinTriggerFrequency).toEqual(brute.triggerFrequency);
  });

  it('agrees exactly on the RTP with the free-spin series V = m·E[W] / (1 − E[A])', () => {
    const m = fraction(TOY.freeSpinMultiplier);
    const perFreeSpin = div(mul(m, brute.mean), sub(fraction(1), brute.awards));
    expect(computeRtp(TOY).rtp).toEqual(add(brute.mean, mul(brute.awards, perFreeSpin)));
    expect(analysis.rtp).toEqual(computeRtp(TOY).rtp);
  });

  it('matches 100,000 simulated rounds in mean and standard deviation (free spins included)', () => {
    const sim = simulate(TOY, 100_000, 5);
    const rtp = toNumber(analysis.rtp);
    const se = analysis.standardDeviation / Math.sqrt(100_000);
    expect(Math.abs(sim.mean - rtp)).toBeLessThan(4 * se);
    expect(Math.abs(sim.sd / analysis.standardDeviation - 1)).toBeLessThan(0.1);
  });
});

describe('Angkor Treasures figures', () => {
  let analysis: SlotAnalysis;
  beforeAll(() => {
    analysis = analyseSlot();
  });

  it('are the published ones: hit frequency 32.0 %, free spins 1 in 171.8, std dev 3.13', () => {
    expect(analysis.rtp).toEqual(DECLARED_RTP_EXACT);
    expect(analysis.hitFrequency).toEqual(fraction(914035n, 2856308n));
    expect(analysis.freeSpinTriggerFrequency).toEqual(fraction(23193n, 3983798n));
    expect(analysis.standardDeviation.toFixed(4)).toBe('3.1324');
    expect(toNumber(analysis.freeSpinsPerTrigger).toFixed(3)).toBe('10.868');
    expect(analysis.maxSpinWin).toEqual(fraction(862n, 5n));
  });

  it('are met by 200,000 played rounds within 4 standard errors', () => {
    const n = 200_000;
    const sim = simulate(ANGKOR_TREASURES, n, 20261121);
    const hit = toNumber(analysis.hitFrequency);
    const trigger = toNumber(analysis.freeSpinTriggerFrequency);
    // ±4 SE: about ±2.8 pp on the RTP, ±0.4 pp on the hit frequency.
    expect(Math.abs(sim.mean - DECLARED_RTP)).toBeLessThan((4 * analysis.standardDeviation) / Math.sqrt(n));
    expect(Math.abs(sim.hitRate - hit)).toBeLessThan(4 * Math.sqrt((hit * (1 - hit)) / n));
    expect(Math.abs(sim.triggerRate - trigger)).toBeLessThan(4 * Math.sqrt((trigger * (1 - trigger)) / n));
  });
});
