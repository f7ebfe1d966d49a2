import { describe, expect, it } from 'vitest';
import type { GameItem } from '@apsara/contracts';
import { COUNTER_STEP_CENTS, counterCentsAt, counterStartCents, createThrottle, isInAppUrl, renameGames } from './game-logic';

describe('game card counter', () => {
  it('steps by exactly 165.11 every full 3000 ms, in whole cents', () => {
    expect(COUNTER_STEP_CENTS).toBe(16511);
    expect(counterCentsAt(100, 0)).toBe(100);
    expect(counterCentsAt(100, 2999)).toBe(100);
    expect(counterCentsAt(100, 3000)).toBe(100 + 16511);
    expect(counterCentsAt(100, 30_000)).toBe(100 + 165110);
    // A thousand steps stay exact (a float sum of 165.11 would drift).
    expect(counterCentsAt(0, 3_000_000)).toBe(16_511_000);
    expect(counterCentsAt(100, -5)).toBe(100);
  });

  it('starts at a stable figure per game within 100,000.00–9,999,999.99', () => {
    const ids = [1, 2, 100001, 3_510_042, 987_654_321];
    for (const id of ids) {
      const start = counterStartCents(id);
      expect(start).toBe(counterStartCents(id));
      expect(Number.isInteger(start)).toBe(true);
      expect(start).toBeGreaterThanOrEqual(10_000_000);
      expect(start).toBeLessThan(1_000_000_000);
    }
    expect(counterStartCents(1)).not.toBe(counterStartCents(2));
  });
});

describe('favorite throttle', () => {
  it('lets one call through per 1000 ms window', () => {
    let clock = 5_000;
    const allow = createThrottle(1000, () => clock);
    expect(allow()).toBe(true);
    clock += 10;
    expect(allow()).toBe(false);
    clock += 989;
    expect(allow()).toBe(false);
    clock += 1;
    expect(allow()).toBe(true);
    clock += 2000;
    expect(allow()).toBe(true);
  });
});

describe('launch URLs', () => {
  it('keeps portal routes in the app and sends vendor pages to the browser', () => {
    expect(isInAppUrl('/seamless?game=APSARA:SLOT&token=x')).toBe(true);
    expect(isInAppUrl('http://localhost:8400/launch/AG/X?token=y')).toBe(false);
    expect(isInAppUrl('//evil.example/x')).toBe(false);
  });
});

describe('games named again in another language', () => {
  const game = (nodeId: number, gameName: string) =>
    ({ nodeId, gameName, nodeName: gameName, vendor: 'AG', gameType: 'LIVE', gameCode: `G${nodeId}`, isGame: 'GAME' }) as unknown as GameItem;

  it('takes each game\'s new name from the search, matched by node id, in the same order', async () => {
    const km = [game(1, 'បាការ៉ាត់'), game(2, 'រ៉ូឡែត')];
    const asked: string[] = [];
    const renamed = await renameGames(km, async (g) => {
      asked.push(g.gameName);
      // The search may find other games whose name holds the same words.
      return g.nodeId === 1 ? [game(7, 'Baccarat Squeeze'), game(1, 'Baccarat')] : [game(2, 'Roulette')];
    });
    expect(renamed.map((g) => [g.nodeId, g.gameName])).toEqual([[1, 'Baccarat'], [2, 'Roulette']]);
    expect(asked).toEqual(['បាការ៉ាត់', 'រ៉ូឡែត']);
  });

  it('keeps a game as it was when it is not found or its search fails', async () => {
    const km = [game(1, 'បាការ៉ាត់'), game(2, 'រ៉ូឡែត')];
    const renamed = await renameGames(km, async (g) => {
      if (g.nodeId === 2) throw new Error('offline');
      return [];
    });
    expect(renamed).toEqual(km);
  });
});
