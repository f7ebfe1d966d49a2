import { describe, expect, it } from 'vitest';
import { nextJackpotStep, tweenCents } from './jackpot';

const fixed = (value: number) => () => value;

describe('jackpot ticker maths', () => {
  it('rises by 100–500 after 3–5 seconds', () => {
    expect(nextJackpotStep(fixed(0))).toEqual({ incrementCents: 100_00, delayMs: 3000 });
    expect(nextJackpotStep(fixed(0.5))).toEqual({ incrementCents: 300_00, delayMs: 4000 });
    expect(nextJackpotStep(fixed(0.9999999999))).toEqual({ incrementCents: 500_00, delayMs: 5000 });
    for (let i = 0; i < 500; i += 1) {
      const step = nextJackpotStep();
      expect(step.incrementCents).toBeGreaterThanOrEqual(100_00);
      expect(step.incrementCents).toBeLessThanOrEqual(500_00);
      expect(step.delayMs).toBeGreaterThanOrEqual(3000);
      expect(step.delayMs).toBeLessThanOrEqual(5000);
    }
  });

  it('never leaves the range even with a misbehaving random source', () => {
    expect(nextJackpotStep(fixed(7)).incrementCents).toBe(500_00);
    expect(nextJackpotStep(fixed(-1)).delayMs).toBe(3000);
  });

  it('counts up monotonically from the old value to the new one', () => {
    expect(tweenCents(100, 200, 0)).toBe(100);
    expect(tweenCents(100, 200, 1)).toBe(200);
    expect(tweenCents(100, 200, 2)).toBe(200);
    let previous = 100;
    for (let t = 0; t <= 1; t += 0.05) {
      const value = tweenCents(100, 200, t);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
  });
});

describe('served jackpot', () => {
  it('reads the served decimal into exact cents', async () => {
    const { servedJackpotCents } = await import('./jackpot');
    expect(servedJackpotCents('45123456.78')).toBe(4_512_345_678);
    expect(servedJackpotCents('45000000.5')).toBe(4_500_000_050);
    expect(servedJackpotCents('98999999')).toBe(9_899_999_900);
    expect(servedJackpotCents('-1.00')).toBeNull();
    expect(servedJackpotCents('1e7')).toBeNull();
  });

  it('adds whole-cent steps to the served base and never goes back on a new reading', async () => {
    const { servedJackpotCents, nextJackpotStep, reconcileJackpot } = await import('./jackpot');
    let cents = servedJackpotCents('45000000.01') ?? 0;
    for (let i = 0; i < 1000; i += 1) cents += nextJackpotStep().incrementCents;
    expect(Number.isInteger(cents)).toBe(true);
    expect(cents).toBeGreaterThanOrEqual(4_500_000_001 + 1000 * 10_000);
    expect(reconcileJackpot(cents, cents - 5)).toBe(cents);
    expect(reconcileJackpot(cents, cents + 5)).toBe(cents + 5);
    expect(reconcileJackpot(cents, null)).toBe(cents);
  });
});
