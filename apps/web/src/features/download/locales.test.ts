import { describe, expect, it } from 'vitest';
import cn from '../../locales/cn/common.json';
import en from '../../locales/en/common.json';
import km from '../../locales/km/common.json';

describe('download page lead in KM, EN and CN', () => {
  it('has a lead for one offered app and for none, so the page never promises an app the site lacks', () => {
    for (const texts of [en, km, cn]) {
      expect(texts.download.lead_one).toContain('{{platform}}');
      expect(texts.download.lead_none).toBeTruthy();
      expect(texts.download.lead_none).not.toMatch(/iOS|Android/);
    }
  });

  it('is written in Khmer and simplified Chinese', () => {
    for (const key of ['lead_one', 'lead_none'] as const) {
      expect(km.download[key]).toMatch(/[\u1780-\u17FF]/);
      expect(cn.download[key]).toMatch(/[\u4E00-\u9FFF]/);
    }
  });
});
