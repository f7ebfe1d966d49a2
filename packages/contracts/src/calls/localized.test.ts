import { describe, expect, it } from 'vitest';
import { LocalizedText, localize } from './localized.js';

describe('operator-written words in several languages', () => {
  it('picks the language asked for, English when that one is missing, and a plain string for every language', () => {
    const name = { en: 'Bank transfer', km: 'ផ្ទេរប្រាក់តាមធនាគារ' };
    expect(localize(name, 'km')).toBe('ផ្ទេរប្រាក់តាមធនាគារ');
    expect(localize(name, 'cn')).toBe('Bank transfer');
    expect(localize('24/7', 'cn')).toBe('24/7');
  });

  it('needs English, knows only the portal languages, and no empty words', () => {
    expect(LocalizedText.safeParse({ en: 'x', cn: '银行' }).success).toBe(true);
    for (const bad of [{ km: 'x' }, { en: 'x', fr: 'y' }, { en: '' }, '', { en: 'x', km: '' }, 'x'.repeat(121)]) {
      expect(LocalizedText.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
