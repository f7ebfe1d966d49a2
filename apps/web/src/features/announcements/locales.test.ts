import { describe, expect, it } from 'vitest';
import { BANNER_GROUPS } from '@apsara/contracts';
import cn from '../../locales/cn/announcements.json';
import en from '../../locales/en/announcements.json';
import km from '../../locales/km/announcements.json';
import { checkTranslations, flatTexts } from '../../i18n/locale-checks';
import { ANNOUNCEMENT_TABS } from './logic/modals';

const EN = flatTexts(en);

describe('announcements namespace in KM, EN and CN', () => {
  checkTranslations({ en: EN, km: flatTexts(km), cn: flatTexts(cn) });

  it('names every tab and list, and every small banner carousel', () => {
    for (const tab of ANNOUNCEMENT_TABS) {
      expect(EN[`tab.${tab}`], tab).toBeTruthy();
      expect(EN[`list.${tab}`], tab).toBeTruthy();
    }
    for (const group of BANNER_GROUPS.filter((g) => g !== 'w_home')) expect(EN[`group.${group}`], group).toBeTruthy();
  });
});
