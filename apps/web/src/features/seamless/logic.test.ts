import { describe, expect, it } from 'vitest';
import { cashoutAmount, isFairStake, isPositive, winningCells } from './logic';
import { verifyHref } from './api/inhouse';

const LINES = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [0, 1, 2, 1, 0],
];
const window = [
  ['K', 'SCATTER', 'A'],
  ['K', 'J', 'SCATTER'],
  ['Q', 'J', 'K'],
  ['A', 'Q', 'SCATTER'],
  ['TEN', 'TEN', 'TEN'],
] as const;

describe('winningCells', () => {
  it('lights the first `count` reels of each winning line, and scatters when they pay', () => {
    const spin = {
      window: window.map((c) => [...c]),
      lineWins: [{ line: 2, symbol: 'K' as const, count: 2, win: '0.10' }, { line: 3, symbol: 'J' as const, count: 3, win: '0.20' }],
      scatterCount: 3,
      scatterWin: '2.00',
      freeSpinsAwarded: 10,
      multiplier: 1,
      win: '2.30',
    };
    expect([...winningCells(spin, LINES)].sort()).toEqual(['0:0', '0:1', '1:0', '1:1', '1:2', '2:2', '3:2'].sort());
    expect(winningCells({ ...spin, lineWins: [], scatterCount: 2 }, LINES).size).toBe(0);
  });
});

describe('cashoutAmount', () => {
  it('floors stake × multiplier to cents like the server', () => {
    expect(cashoutAmount({ amount: '10.00', multiplier: '1.2857' })).toBe('12.85');
    expect(cashoutAmount({ amount: '1.00', multiplier: '24.7500' })).toBe('24.75');
    expect(cashoutAmount({ amount: '0.10', multiplier: '1.0312' })).toBe('0.10');
  });
  it('tells a win from nothing', () => {
    expect(isPositive('0.00')).toBe(false);
    expect(isPositive('0.01')).toBe(true);
  });
});

describe('verifyHref', () => {
  it('pre-fills the verifier with what the round showed', () => {
    const href = verifyHref({ serverSeedHash: 'ab'.repeat(32), clientSeed: 'lucky-player_7', nonce: 4 }, 'mines', 3);
    const q = new URLSearchParams(href.split('?')[1]);
    expect(href.startsWith('/seamless?')).toBe(true);
    expect(Object.fromEntries(q)).toEqual({ game: 'APSARA:VERIFY', kind: 'mines', hash: 'ab'.repeat(32), clientSeed: 'lucky-player_7', nonce: '4', mines: '3' });
  });
});

describe('isFairStake', () => {
  it('takes stakes of at most two places within the Dice and Mines limits', () => {
    for (const ok of ['0.10', '1', '1.5', '1.00', '5000', '5000.00']) expect(isFairStake(ok), ok).toBe(true);
  });
  it('refuses stakes the server would answer with a bare "invalid amount"', () => {
    for (const bad of ['', '0', '0.05', '0.09', '5000.01', '99999', '1.005', '-5', 'abc', ' 1']) expect(isFairStake(bad), bad).toBe(false);
  });
});
