import { describe, expect, it } from 'vitest';
import { GAME_CATEGORIES, GAME_VENDOR_STATUSES, OpsGameOffer } from '@apsara/contracts';
import cn from '../../locales/cn/ops.json';
import en from '../../locales/en/ops.json';
import km from '../../locales/km/ops.json';
import { flatTexts, type Tree } from '../../i18n/locale-checks';
import { BO_MENU, boPageTitleKey } from './logic/pages';
import { actionTextKey } from './logic/roles';

/** The games page's texts (the `gamesAdmin` section of ops.json) name everything the page can show, in KM, EN and CN. */
const LANGS = { en: flatTexts(en as Tree), km: flatTexts(km as Tree), cn: flatTexts(cn as Tree) };

describe('games page texts', () => {
  it('names the page, its action, every category, state, wallet and platform status in every language', () => {
    const keys = [
      boPageTitleKey('games'),
      actionTextKey('game.edit'),
      ...GAME_CATEGORIES.map((c) => `gamesAdmin.category.${c}`),
      ...OpsGameOffer.shape.shown.options.map((s) => `gamesAdmin.shown.${s}`),
      ...OpsGameOffer.shape.walletType.options.map((w) => `gamesAdmin.wallet.${w}`),
      ...GAME_VENDOR_STATUSES.filter((s) => s !== 'active').map((s) => `gamesAdmin.platform.${s}`),
      ...['off', 'maintenance'].flatMap((k) => [`gamesAdmin.confirm.${k}`, `gamesAdmin.confirm.${k}_title`, `gamesAdmin.confirm.${k}_consequence`]),
      ...['on', 'off', 'maintenance', 'lift', 'moved'].map((k) => `gamesAdmin.notice.${k}`),
      'audit.prefix.game_offer',
      'audit.target_type.game_offer',
      'audit.target_name.game_offer',
      'audit.actions.game_offer.update',
      'audit.field.maintenance',
    ];
    for (const [lang, texts] of Object.entries(LANGS)) for (const key of keys) expect(texts[key], `${lang} ${key}`).toBeTruthy();
  });

  it('lists the games page with the site pages', () => {
    expect(BO_MENU.find((g) => g.key === 'site')?.pages).toContain('games');
  });
});
