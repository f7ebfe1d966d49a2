import { describe, expect, it } from 'vitest';
import { isMemberSelect, listGameType, readListFilters, writeListFilters, type ListFilters } from './list-filters';

const plain: ListFilters = { select: 'ALL', vendor: '', name: '', minBet: false, lines: false, page: 1 };

describe('list filters in the address', () => {
  it('reads /rng?vassalage=AG as the AG vendor and drops bad values', () => {
    expect(readListFilters(new URLSearchParams('vassalage=AG&page=3'))).toEqual({ ...plain, vendor: 'AG', page: 3 });
    expect(readListFilters(new URLSearchParams('vassalage=a%20b&page=-2&minBet=yes&select=mine'))).toEqual(plain);
  });

  it('reads every game-select view, in any case, and nothing else', () => {
    for (const [raw, want] of [['hot', 'HOT'], ['NEW', 'NEW'], ['Fav', 'FAV'], ['recent', 'RECENT'], ['all', 'ALL'], ['', 'ALL'], ['popular', 'ALL']] as const) {
      expect(readListFilters(new URLSearchParams({ select: raw })).select, raw).toBe(want);
    }
  });

  it('round-trips and leaves defaults out', () => {
    const f: ListFilters = { select: 'NEW', vendor: 'PT', name: 'dragon', minBet: true, lines: true, page: 2 };
    expect(readListFilters(writeListFilters(f))).toEqual(f);
    expect(writeListFilters(f).get('select')).toBe('new');
    expect(writeListFilters(plain).toString()).toBe('');
  });

  it('maps the /bgs route to mini games', () => {
    expect(listGameType('BGS')).toBe('MINI');
    expect(listGameType('LIVE')).toBe('LIVE');
    expect(listGameType('NOPE')).toBe('RNG');
  });

  it('knows which views are the member’s own', () => {
    expect(['ALL', 'HOT', 'NEW', 'FAV', 'RECENT'].filter((s) => isMemberSelect(s as ListFilters['select']))).toEqual(['FAV', 'RECENT']);
  });
});
