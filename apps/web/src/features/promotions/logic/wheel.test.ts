import { describe, expect, it } from 'vitest';
import { segmentOf, stopAngle, wheelSegments } from './wheel';

const prizes = [{ amount: '1.88' }, { amount: '5.88' }, { amount: '18.88' }, { amount: '88.00' }];

describe('the prize wheel', () => {
  it('repeats the prizes in whole rounds until there are at least eight segments', () => {
    expect(wheelSegments(prizes)).toEqual(['1.88', '5.88', '18.88', '88.00', '1.88', '5.88', '18.88', '88.00']);
    expect(wheelSegments([{ amount: '1.00' }, { amount: '2.00' }, { amount: '3.00' }])).toHaveLength(9);
    expect(wheelSegments(Array.from({ length: 10 }, (_, i) => ({ amount: `${i + 1}.00` })))).toHaveLength(10);
    expect(wheelSegments([])).toEqual([]);
  });

  it('finds the segment of the prize drawn, comparing amounts as money', () => {
    const segments = wheelSegments(prizes);
    expect(segmentOf(segments, '18.88')).toBe(2);
    expect(segmentOf(segments, '88')).toBe(3);
    expect(segmentOf(segments, '7.00')).toBe(0);
  });

  it('turns the wheel forward, whole turns and more, to stop the segment under the pointer', () => {
    for (const [index, count] of [[0, 8], [3, 8], [7, 8], [2, 9]]) {
      const angle = stopAngle(index, count);
      const size = 360 / count;
      // Where the middle of the segment ends up after the turn: at the top (0°, mod 360).
      const landed = (((index * size + size / 2 + angle) % 360) + 360) % 360;
      expect(Math.min(landed, 360 - landed)).toBeLessThan(1e-9);
      expect(angle).toBeGreaterThanOrEqual(5 * 360);
    }
    const first = stopAngle(3, 8);
    const second = stopAngle(1, 8, first);
    expect(second).toBeGreaterThan(first + 5 * 360 - 1);
  });
});
