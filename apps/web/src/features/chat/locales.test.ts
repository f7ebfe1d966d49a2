import { describe, expect, it } from 'vitest';
import { CHAT_TOPICS } from '@apsara/contracts';
import cn from '../../locales/cn/chat.json';
import en from '../../locales/en/chat.json';
import km from '../../locales/km/chat.json';
import { checkTranslations, flatTexts } from '../../i18n/locale-checks';

const EN = flatTexts(en);

describe('chat namespace in KM, EN and CN', () => {
  checkTranslations({ en: EN, km: flatTexts(km), cn: flatTexts(cn) });

  it('names every topic a site can offer', () => {
    for (const topic of CHAT_TOPICS) expect(EN[`topics.${topic}`], topic).toBeTruthy();
  });
});
