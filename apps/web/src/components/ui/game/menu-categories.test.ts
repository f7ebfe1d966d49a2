import { describe, expect, it } from 'vitest';
import type { VendorCard } from '@apsara/contracts';
import { isLargeMenu, menuCategories, menuVendors } from './menu-categories';

const v = (vendor: string, gameType: VendorCard['gameType']): VendorCard => ({
  vendor, vassalage: vendor, displayName: vendor, gameType, maintenance: false, walletType: 'SEAMLESS', iconUrl: `/static/games/vendors/${vendor}.svg`,
});

describe('menu categories', () => {
  it('lists only categories with vendors, in order, with their routes', () => {
    const cats = menuCategories({
      menus: [
        { gameType: 'RNG', iconUrl: '', vendors: Array.from({ length: 11 }, (_, i) => v(`S${i}`, 'RNG')) },
        { gameType: 'LIVE', iconUrl: '', vendors: [] },
        { gameType: 'MINI', iconUrl: '', vendors: [v('POCKET', 'MINI')] },
        { gameType: 'INHOUSE', iconUrl: '', vendors: [v('APSARA', 'INHOUSE')] },
      ],
    });
    expect(cats.map((c) => [c.code, c.path])).toEqual([
      ['RNG', '/rng'],
      ['BGS', '/bgs'],
    ]);
    expect(isLargeMenu(cats[0])).toBe(true);
    expect(isLargeMenu(cats[1])).toBe(false);
    expect(menuCategories(undefined)).toEqual([]);
  });

  it('names every offered vendor once, in menu order, for the footer', () => {
    const cats = menuCategories({
      menus: [
        { gameType: 'RNG', iconUrl: '', vendors: [v('PT', 'RNG'), v('AG', 'RNG')] },
        { gameType: 'LIVE', iconUrl: '', vendors: [{ ...v('AG', 'LIVE'), displayName: 'Asia Gaming' }, v('DG', 'LIVE')] },
        { gameType: 'INHOUSE', iconUrl: '', vendors: [v('APSARA', 'INHOUSE')] },
      ],
    });
    expect(menuVendors(cats)).toEqual([
      { vendor: 'PT', displayName: 'PT' },
      { vendor: 'AG', displayName: 'AG' },
      { vendor: 'DG', displayName: 'DG' },
    ]);
    expect(menuVendors([])).toEqual([]);
  });
});
