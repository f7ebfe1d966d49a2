import { describe, expect, it } from 'vitest';
import { MAIN, isLegalPair, movedSide, pickSide, swap, type Pair } from './wallet-pair';

describe('wallet transfer pair: exactly one side is MAIN', () => {
  const start = { from: 'MAIN', to: 'AG' };

  it('keeps main on the other side when a game wallet is picked', () => {
    expect(pickSide(start, 'to', 'BBIN', 'AG')).toEqual({ from: 'MAIN', to: 'BBIN' });
    expect(pickSide({ from: 'AG', to: 'MAIN' }, 'to', 'BBIN', 'AG')).toEqual({ from: 'MAIN', to: 'BBIN' });
    expect(pickSide(start, 'from', 'PT', 'AG')).toEqual({ from: 'PT', to: 'MAIN' });
  });

  it('swaps when a side is set to what the other side holds', () => {
    expect(pickSide(start, 'from', 'AG', 'AG')).toEqual({ from: 'AG', to: 'MAIN' });
    expect(pickSide(start, 'to', 'MAIN', 'AG')).toEqual({ from: 'AG', to: 'MAIN' });
  });

  it('every result is legal', () => {
    const codes = ['MAIN', 'AG', 'BBIN', 'PT'];
    const pairs = [start, { from: 'PT', to: 'MAIN' }];
    for (const p of pairs) for (const side of ['from', 'to'] as const) for (const c of codes) expect(isLegalPair(pickSide(p, side, c, 'AG')), `${JSON.stringify(p)} ${side}=${c}`).toBe(true);
    expect(swap(start)).toEqual({ from: 'AG', to: 'MAIN' });
    expect(isLegalPair({ from: 'AG', to: 'BBIN' })).toBe(false);
    expect(isLegalPair({ from: 'MAIN', to: 'MAIN' })).toBe(false);
  });
});

describe('movedSide', () => {
  const pickAndSay = (before: Pair, side: 'from' | 'to', code: string) => movedSide(before, side, code, pickSide(before, side, code, 'AG'));
  it('names the side the form moved to keep the pair legal', () => {
    // From AG to main, then To BBIN: From has to become the main wallet.
    expect(pickAndSay({ from: 'AG', to: MAIN }, 'to', 'BBIN')).toBe('from');
    // Main to AG, then From BG: To has to become the main wallet.
    expect(pickAndSay({ from: MAIN, to: 'AG' }, 'from', 'BG')).toBe('to');
  });
  it('says nothing for a swap or a pick that leaves the other side alone', () => {
    expect(pickAndSay({ from: MAIN, to: 'AG' }, 'from', 'AG')).toBeNull();
    expect(pickAndSay({ from: MAIN, to: 'AG' }, 'to', 'BG')).toBeNull();
    expect(pickAndSay({ from: 'AG', to: MAIN }, 'to', 'AG')).toBeNull();
  });
});
