import { describe, expect, it } from 'vitest';
import { GAME_CATEGORIES, type GameMenusValue } from '@apsara/contracts';
import common from '../../../locales/en/common.json';
import { categoryKey, signOf, toneClass, vendorOptions, winLossTone, verifyRoundHref } from './bet-record';

const vendor = (code: string, displayName: string, gameType: string) => ({
  vendor: code,
  vassalage: code,
  displayName,
  gameType,
  maintenance: false,
  walletType: 'SEAMLESS',
  iconUrl: `/static/games/vendors/${code}.svg`,
});
const menus = {
  menus: [
    { gameType: 'RNG', iconUrl: '', vendors: [vendor('PT', 'Playtech', 'RNG'), vendor('APSARA', 'Apsara Originals', 'RNG')] },
    { gameType: 'LIVE', iconUrl: '', vendors: [vendor('BG', 'BG Live', 'LIVE'), vendor('PT', 'Playtech', 'LIVE')] },
    { gameType: 'INHOUSE', iconUrl: '', vendors: [vendor('APSARA', 'Apsara Originals', 'INHOUSE')] },
  ],
} as GameMenusValue;

describe('betting record helpers', () => {
  it('names every category from the common texts (mini games under BGS)', () => {
    expect(categoryKey('MINI')).toBe('category.BGS');
    expect(categoryKey('LIVE')).toBe('category.LIVE');
    const names = (common as { category: Record<string, string> }).category;
    for (const c of GAME_CATEGORIES) expect(names[categoryKey(c).slice('category.'.length)], c).toBeTruthy();
  });

  it('tones and signs a win/loss by its sign, exactly', () => {
    expect(winLossTone('15.00')).toBe('win');
    expect(winLossTone('0.01')).toBe('win');
    expect(winLossTone('-0.01')).toBe('loss');
    expect(winLossTone('0.00')).toBe('even');
    expect(toneClass('win')).toBe('mc-amount--in');
    expect(toneClass('loss')).toBe('mc-amount--out');
    expect(toneClass('even')).toBe('');
    expect(signOf('15.00')).toBe('+');
    expect(signOf('-20.00')).toBe('');
    expect(signOf('0.00')).toBe('');
  });

  it('offers the chosen category’s providers in menu order, or every provider once by name', () => {
    expect(vendorOptions(menus, 'LIVE').map((v) => v.vendor)).toEqual(['BG', 'PT']);
    expect(vendorOptions(menus, 'FISH')).toEqual([]);
    expect(vendorOptions(menus, undefined)).toEqual([
      { vendor: 'APSARA', displayName: 'Apsara Originals' },
      { vendor: 'BG', displayName: 'BG Live' },
      { vendor: 'PT', displayName: 'Playtech' },
    ]);
    expect(vendorOptions(undefined, 'LIVE')).toEqual([]);
  });
});

describe('verifyRoundHref', () => {
  const hash = 'ab'.repeat(32);
  it('fills the verifier with the round and comes back to the betting record', () => {
    const url = new URL(verifyRoundHref({ game: 'MINES', serverSeedHash: hash, clientSeed: 'my seed?&', nonce: 7, mines: 5 }), 'http://x');
    expect(url.pathname).toBe('/seamless');
    expect(Object.fromEntries(url.searchParams)).toEqual({ game: 'APSARA:VERIFY', kind: 'mines', hash, clientSeed: 'my seed?&', nonce: '7', mines: '5', back: '/member/personalHistoryCopy' });
  });
  it('a Dice round has no mine count', () => {
    const url = new URL(verifyRoundHref({ game: 'DICE', serverSeedHash: hash, clientSeed: 's', nonce: 0 }), 'http://x');
    expect(url.searchParams.get('kind')).toBe('dice');
    expect(url.searchParams.has('mines')).toBe(false);
  });
});
