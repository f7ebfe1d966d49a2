import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { nameSaysCategory, vendorTileLabel } from './vendor-label';

describe("a vendor's name that already says its category", () => {
  it('is found by the category\'s first word, hyphens aside, in any case', () => {
    for (const [vendor, category] of [
      ['Sunrise Lottery', 'Lottery'],
      ['AE Slots', 'Slots'],
      ['BG Live', 'Live casino'],
      ['Nova Esports', 'E-sports'],
      ['DS88 Cockfight', 'Cockfight'],
      ['Star Bingo', 'Bingo'],
      ['IBC SPORTS', 'Sports'],
    ]) expect(nameSaysCategory(vendor!, category!), `${vendor} / ${category}`).toBe(true);
  });

  it('is not found in a name that only looks alike or says something else', () => {
    for (const [vendor, category] of [
      ['Mekong Lotto', 'Lottery'],
      ['Quick Lotto', 'E-lottery'],
      ['Asia Gaming', 'Live casino'],
      ['Playtech', 'Slots'],
      ['KX Cards', 'Card games'],
      ['Cardinal Games', 'Card games'],
      ['Pixel Arena', 'E-sports'],
      ['Sunrise Lottery', ''],
    ]) expect(nameSaysCategory(vendor!, category!), `${vendor} / ${category}`).toBe(false);
  });

  it('is found whole in names written without spaces', () => {
    expect(nameSaysCategory('海龙捕鱼游戏', '捕鱼游戏')).toBe(true);
    expect(nameSaysCategory('ឆ្នោតព្រះអាទិត្យ', 'ឆ្នោត')).toBe(true);
    expect(nameSaysCategory('Sunrise Lottery', '彩票')).toBe(false);
    expect(nameSaysCategory('Sunrise Lottery', 'ឆ្នោត')).toBe(false);
  });
});

describe('vendor tile labels', () => {
  const langs = ['en', 'km', 'cn'] as const;

  it('name a lottery vendor whose name says "Lottery" once, in every language', () => {
    const want = { en: 'Play Sunrise Lottery', km: 'លេង Sunrise Lottery', cn: '进入Sunrise Lottery' };
    for (const lang of langs) {
      const t = i18n.getFixedT(lang);
      expect(vendorTileLabel(t, 'gameUi.playVendor', 'Sunrise Lottery', 'LOTT'), lang).toBe(want[lang]);
      expect(vendorTileLabel(t, 'lobby.openVendor', 'Sunrise Lottery', 'LOTT'), lang).toBe('Sunrise Lottery');
      expect(vendorTileLabel(t, 'lobby.openVendor', 'IBC Sports', 'SPORTS'), lang).toBe('IBC Sports');
    }
  });

  it('keep the category where the name does not say it, so one vendor\'s tiles in several lanes differ', () => {
    for (const lang of langs) {
      const t = i18n.getFixedT(lang);
      expect(vendorTileLabel(t, 'gameUi.playVendor', 'Asia Gaming', 'LIVE'), lang).toBe(t('gameUi.playVendor', { vendor: 'Asia Gaming', category: t('category.LIVE') }));
      expect(vendorTileLabel(t, 'lobby.openVendor', 'Asia Gaming', 'FISH'), lang).toBe(t('lobby.openVendor', { vendor: 'Asia Gaming', category: t('category.FISH') }));
      expect(vendorTileLabel(t, 'lobby.openVendor', 'Asia Gaming', 'FISH')).not.toBe(vendorTileLabel(t, 'lobby.openVendor', 'Asia Gaming', 'LIVE'));
      expect(vendorTileLabel(t, 'gameUi.playVendor', 'Mekong Lotto', 'LOTT'), lang).toContain(t('category.LOTT'));
    }
    expect(vendorTileLabel(i18n.getFixedT('en'), 'gameUi.playVendor', 'Apsara Originals', 'LOTT')).toBe('Play Apsara Originals Lottery');
  });

  it('never repeat a word in English', () => {
    const t = i18n.getFixedT('en');
    const vendors = ['Sunrise Lottery', 'AE Slots', 'BG Live', 'Nova Esports', 'DS88 Cockfight', 'Bingo Hall', 'IBC Sports', 'Pocket Games'];
    const lanes = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT', 'BINGO', 'INHOUSE'];
    for (const key of ['gameUi.playVendor', 'lobby.openVendor'] as const)
      for (const vendor of vendors)
        for (const lane of lanes) expect(vendorTileLabel(t, key, vendor, lane), `${vendor} in ${lane}`).not.toMatch(/\b(\w+) \1\b/i);
  });
});
