import { describe } from 'vitest';
import cn from '../../../locales/cn/auth.json';
import en from '../../../locales/en/auth.json';
import km from '../../../locales/km/auth.json';
import { checkTranslations, flatTexts, type Tree } from '../../../i18n/locale-checks';

const confirmTexts = (file: unknown) => flatTexts((file as { confirm: Tree }).confirm);

describe('two-factor login confirmation texts in KM, EN and CN', () => {
  checkTranslations({ en: confirmTexts(en), km: confirmTexts(km), cn: confirmTexts(cn) });
});
