import { afterAll, describe, expect, it } from 'vitest';
import type { BetInhousePlay } from '@apsara/contracts';
import { i18n } from '../../../i18n';
import { playWords } from './play-lines';

const start = i18n.language;
afterAll(() => i18n.changeLanguage(start));

const words = (play: BetInhousePlay) => playWords(play, i18n.getFixedT(i18n.language, 'games'));

describe("an in-house round's play in the betting record", () => {
  it('words a dice roll, a mines game and a spin in English', async () => {
    await i18n.changeLanguage('en');
    expect(words({ game: 'DICE', direction: 'under', target: '50.00', roll: '37.21' })).toBe('Roll under 50.00 · rolled 37.21');
    expect(words({ game: 'MINES', mines: 5, safe: 3, outcome: 'cashed' })).toBe('Mines: 5 · safe tiles: 3 · cashed out');
    expect(words({ game: 'MINES', mines: 3, safe: 0, outcome: 'lost' })).toBe('Mines: 3 · safe tiles: 0 · hit a mine');
    expect(words({ game: 'MINES', mines: 3, safe: 2, outcome: 'open' })).toBe('Mines: 3 · safe tiles: 2 · in play');
    expect(words({ game: 'SLOT', lineWins: 2, scatterCount: 1, freeSpins: 0 })).toBe('Winning lines: 2');
    // Suns are named once they pay (three or more), free spins once there are some.
    expect(words({ game: 'SLOT', lineWins: 0, scatterCount: 3, freeSpins: 10 })).toBe('No winning line · Suns: 3 · Free spins: 10');
  });

  it('words them in Khmer and Chinese too, never falling back to English', async () => {
    const en = ['DICE', 'MINES', 'SLOT'].map(() => '');
    const plays: BetInhousePlay[] = [
      { game: 'DICE', direction: 'over', target: '75.50', roll: '80.02' },
      { game: 'MINES', mines: 24, safe: 1, outcome: 'cashed' },
      { game: 'SLOT', lineWins: 1, scatterCount: 4, freeSpins: 12 },
    ];
    await i18n.changeLanguage('en');
    plays.forEach((p, i) => (en[i] = words(p)));
    await i18n.changeLanguage('km');
    for (const [i, p] of plays.entries()) {
      expect(words(p)).toMatch(/[\u1780-\u17FF]/);
      expect(words(p)).not.toBe(en[i]);
    }
    expect(words(plays[0]!)).toContain('75.50');
    await i18n.changeLanguage('cn');
    for (const [i, p] of plays.entries()) {
      expect(words(p)).toMatch(/[\u4E00-\u9FFF]/);
      expect(words(p)).not.toBe(en[i]);
    }
    expect(words(plays[2]!)).toContain('12');
  });
});
