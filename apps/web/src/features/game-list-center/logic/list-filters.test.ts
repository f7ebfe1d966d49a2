import { describe, expect, it } from 'vitest';
import { listGameType, readListFilters, writeListFilters } from './list-filters';

describe('list filters in the address', () => {
  it('reads /rng?vassalage=AG as the AG vendor and drops bad values', () => {
    expect(readListFilters(new URLSearchParams('vassalage=AG&page=3'))).toEqual({ vendor: 'AG', name: '', minBet: false, lines: false, page: 3 });
    expect(readListFilters(new URLSearchParams('vassalage=a%20b&page=-2&minBet=yes'))).toEqual({ vendor: '', name: '', minBet: false, lines: false, page: 1 });
  });

  it('round-trips and leaves defaults out', () => {
    const f = { vendor: 'PT', name: 'dragon', minBet: true, lines: true, page: 2 };
    expect(readListFilters(writeListFilters(f))).toEqual(f);
    expect(writeListFilters({ vendor: '', name: '', minBet: false, lines: false, page: 1 }).toString()).toBe('');
  });

  it('maps the /bgs route to mini games', () => {
    expect(listGameType('BGS')).toBe('MINI');
    expect(listGameType('LIVE')).toBe('LIVE');
    expect(listGameType('NOPE')).toBe('RNG');
  });
});
