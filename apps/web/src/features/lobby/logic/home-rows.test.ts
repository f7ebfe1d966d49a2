import { describe, expect, it } from 'vitest';
import type { GameItem, VendorCard } from '@apsara/contracts';
import { HOME_ROW_CAP, homeGames, homeVendors, shownWinners } from './home-rows';

const card = (vendor: string, gameType: VendorCard['gameType']): VendorCard => ({
  vendor,
  vassalage: vendor,
  displayName: vendor,
  gameType,
  maintenance: false,
  walletType: 'SEAMLESS',
  iconUrl: `/static/games/vendors/${vendor}.svg`,
});
const vendors = (n: number, type: VendorCard['gameType']) => Array.from({ length: n }, (_, i) => card(`V${i}`, type));

describe('home rows', () => {
  const lanes = [
    { gameType: 'RNG' as const, vendors: vendors(15, 'RNG') },
    { gameType: 'LIVE' as const, vendors: vendors(9, 'LIVE') },
    { gameType: 'FISH' as const, vendors: vendors(6, 'FISH') },
    { gameType: 'SPORTS' as const, vendors: vendors(3, 'SPORTS') },
    { gameType: 'PVP' as const, vendors: vendors(20, 'PVP') },
  ];

  it('shows the first 3 RNG, 1 live and 1 fish vendors', () => {
    expect(homeVendors(lanes, 'RNG').map((v) => v.vendor)).toEqual(['V0', 'V1', 'V2']);
    expect(homeVendors(lanes, 'LIVE').map((v) => v.vendor)).toEqual(['V0']);
    expect(homeVendors(lanes, 'FISH')).toHaveLength(1);
  });

  it('caps other rows at 12 and keeps short ones whole', () => {
    expect(homeVendors(lanes, 'PVP')).toHaveLength(HOME_ROW_CAP);
    expect(homeVendors(lanes, 'SPORTS')).toHaveLength(3);
  });

  it('gives an empty row for a category without vendors or before the lanes load', () => {
    expect(homeVendors(lanes, 'COCKFIGHT')).toEqual([]);
    expect(homeVendors(undefined, 'RNG')).toEqual([]);
  });

  it('keeps each game once and at most the cap', () => {
    const g = (nodeId: number) => ({ nodeId }) as GameItem;
    expect(homeGames([g(1), g(2), g(1), g(3)], 2).map((x) => x.nodeId)).toEqual([1, 2]);
    expect(homeGames([g(1), g(1), g(3)], 5).map((x) => x.nodeId)).toEqual([1, 3]);
  });

  it('shows 9 of the 20 winners and nothing when nobody has won', () => {
    expect(shownWinners(Array.from({ length: 20 }, (_, i) => i))).toHaveLength(9);
    expect(shownWinners([])).toEqual([]);
  });
});
