import { describe } from 'vitest';
import cn from '../../locales/cn/games.json';
import en from '../../locales/en/games.json';
import km from '../../locales/km/games.json';
import { checkTranslations, flatTexts, type Tree } from '../../i18n/locale-checks';

describe('in-house game texts in KM, EN and CN', () => {
  checkTranslations({ en: flatTexts(en.common as Tree), km: flatTexts(km.common as Tree), cn: flatTexts(cn.common as Tree) });
});
