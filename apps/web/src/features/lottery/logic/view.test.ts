import { describe, expect, it } from 'vitest';
import { gameOf, viewOf } from './view';

const view = (q: string) => viewOf(new URLSearchParams(q));

describe('the address of a lottery view', () => {
  it('opens the lobby without a game', () => {
    expect(view('')).toEqual({ game: null, tab: 'bet' });
    expect(view('gameCode=NOPE')).toEqual({ game: null, tab: 'bet' });
  });

  it('opens a game from ?gameCode, in any case', () => {
    expect(view('gameCode=FAST5D')).toEqual({ game: 'FAST5D', tab: 'bet' });
    expect(view('gameCode=classic5d&tab=results')).toEqual({ game: 'CLASSIC5D', tab: 'results' });
    expect(gameOf(' fast5d ')).toBe('FAST5D');
  });

  it('opens the first lottery for a tab link without a game, and the bet board for an unknown tab', () => {
    expect(view('tab=results')).toEqual({ game: 'FAST5D', tab: 'results' });
    expect(view('tab=rules')).toEqual({ game: 'FAST5D', tab: 'rules' });
    expect(view('gameCode=FAST5D&tab=zzz')).toEqual({ game: 'FAST5D', tab: 'bet' });
  });
});
