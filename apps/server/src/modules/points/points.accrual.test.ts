import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { GAME_CATEGORIES } from '@apsara/contracts';
import { earnedFor, sourceOf } from './points.accrual.js';

describe('points for play and deposits', () => {
  it('files every game category under one of the spec sources, deposits apart', () => {
    expect(GAME_CATEGORIES.map(sourceOf)).toEqual(['rng', 'live', 'rng', 'sports', 'sports', 'pvp', 'lottery', 'lottery', 'sports', 'lottery', 'rng', 'rng']);
    expect(sourceOf('DEPOSIT')).toBe('deposit');
  });

  it('turns what is counted into whole points and carries the rest', () => {
    expect(earnedFor(1_400n, 1_000n, 1)).toEqual({ points: 1n, carry: 400n });
    expect(earnedFor(999n, 1_000n, 5)).toEqual({ points: 0n, carry: 999n });
    expect(earnedFor(350n, 100n, 2)).toEqual({ points: 6n, carry: 50n });
  });

  it('earns the same points however the bets are split between runs', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: 1_000_000n }), { minLength: 1, maxLength: 30 }), fc.bigInt({ min: 1n, max: 100_000n }), fc.integer({ min: 0, max: 50 }), (stakes, per, pts) => {
        let carry = 0n;
        let points = 0n;
        for (const s of stakes) {
          const r = earnedFor(carry + s, per, pts);
          points += r.points;
          carry = r.carry;
          expect(carry >= 0n && carry < per).toBe(true);
        }
        const all = stakes.reduce((a, b) => a + b, 0n);
        expect(points).toBe((all / per) * BigInt(pts));
        expect(carry).toBe(all % per);
      }),
    );
  });
});
