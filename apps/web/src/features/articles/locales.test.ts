import { describe, expect, it } from 'vitest';
import { ARTICLE_KINDS } from '@apsara/contracts';
import cn from '../../locales/cn/articles.json';
import en from '../../locales/en/articles.json';
import km from '../../locales/km/articles.json';
import { checkTranslations, flatTexts } from '../../i18n/locale-checks';

const EN = flatTexts(en);

describe('articles namespace in KM, EN and CN', () => {
  checkTranslations({ en: EN, km: flatTexts(km), cn: flatTexts(cn) });

  it('names every kind, with its lede, empty list, way back and neighbours', () => {
    for (const kind of ARTICLE_KINDS) {
      for (const key of ['kind', 'lede', 'empty', 'all', 'previous', 'next']) expect(EN[`${key}.${kind}`], `${key}.${kind}`).toBeTruthy();
    }
  });
});
