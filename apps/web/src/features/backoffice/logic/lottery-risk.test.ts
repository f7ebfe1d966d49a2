import { describe, expect, it } from 'vitest';
import { closablePick, closingNumberProblem, exposureFilterOf, riskLevel } from './lottery-risk';

describe('riskLevel', () => {
  it('is full with no room left, near from 80 %, ok below', () => {
    expect(riskLevel(100, '0.00')).toBe('full');
    // A pick with a few cents of room under a huge limit rounds to 99 % and is near, not full.
    expect(riskLevel(99, '0.05')).toBe('near');
    expect(riskLevel(80, '2000.00')).toBe('near');
    expect(riskLevel(79, '2100.00')).toBe('ok');
    expect(riskLevel(0, '10000.00')).toBe('ok');
    // Room for less than the least bet at the pick's odds: members are refused, so it is full.
    expect(riskLevel(99, '0.16', true)).toBe('full');
  });
});

describe('exposureFilterOf', () => {
  const games = ['FAST5D', 'CLASSIC5D', 'VN2M'];
  it('reads a lottery the site has and 1–3 digits from the address, and drops anything else', () => {
    expect(exposureFilterOf(new URLSearchParams('game=VN2M&number=61'), games)).toEqual({ game: 'VN2M', number: '61' });
    expect(exposureFilterOf(new URLSearchParams('number= 7 '), games)).toEqual({ number: '7' });
    expect(exposureFilterOf(new URLSearchParams('game=NOPE&number=1234'), games)).toEqual({});
    expect(exposureFilterOf(new URLSearchParams('number=6a'), games)).toEqual({});
    expect(exposureFilterOf(new URLSearchParams(''), games)).toEqual({});
  });
});

describe('closing a number', () => {
  const games = ['VN2M', 'CLASSIC5D'];
  it('needs a lottery the site has and a number its picks can hold', () => {
    expect(closingNumberProblem('VN2M', ' 27 ', games)).toEqual({});
    expect(closingNumberProblem('VN2M', '127', games)).toEqual({});
    expect(closingNumberProblem('CLASSIC5D', '7', games)).toEqual({});
    expect(closingNumberProblem('VN2M', '7', games)).toEqual({ number: 'digits_vn' });
    expect(closingNumberProblem('CLASSIC5D', '27', games)).toEqual({ number: 'digits_5d' });
    expect(closingNumberProblem('', '27', games)).toEqual({ game: 'need_game' });
    expect(closingNumberProblem('NOPE', '', games)).toEqual({ game: 'need_game', number: 'need_number' });
    for (const bad of ['1234', '2a', '-1', '1.5', '١٢']) expect(closingNumberProblem('VN2M', bad, games), bad).toEqual({ number: 'number_format' });
  });
  it('offers a row its close button only for a number pick', () => {
    expect(['27', '7', '127'].every(closablePick)).toBe(true);
    expect(['11,27', 'big', 'odd', ''].some(closablePick)).toBe(false);
  });
});
