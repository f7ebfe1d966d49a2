import { describe, expect, it } from 'vitest';
import { LISTED_LANGUAGES } from '@apsara/contracts';
import { NATIVE_NAMES, contentLanguage, deviceTagToCode, htmlLangOf, pickDeviceLanguage, pickInitialLanguage } from './languages';

describe('language from the device', () => {
  it('takes the first supported device language, in the device order', () => {
    expect(pickDeviceLanguage(['km-KH', 'en-US'])).toBe('km');
    expect(pickDeviceLanguage(['en-GB', 'km'])).toBe('en');
    expect(pickDeviceLanguage(['th-TH', 'zh-CN', 'en'])).toBe('cn');
    expect(pickDeviceLanguage(['fr-FR', 'de', 'en-US'])).toBe('en');
  });

  it('maps every Chinese tag to cn', () => {
    expect(deviceTagToCode('zh-Hans-CN')).toBe('cn');
    expect(deviceTagToCode('zh_TW')).toBe('cn');
    expect(pickDeviceLanguage(['zh'])).toBe('cn');
  });

  it('falls back to KM when nothing matches or nothing is known', () => {
    expect(pickDeviceLanguage(['th-TH', 'vi-VN'])).toBe('km');
    expect(pickDeviceLanguage([])).toBe('km');
    expect(pickDeviceLanguage(undefined)).toBe('km');
  });

  it('prefers a saved listed language over the device', () => {
    expect(pickInitialLanguage('en', ['km-KH'])).toBe('en');
    expect(pickInitialLanguage('th', ['km-KH'])).toBe('th');
    expect(pickInitialLanguage('xx', ['zh-CN'])).toBe('cn');
    expect(pickInitialLanguage(null, ['en-US'])).toBe('en');
  });

  it('shows English texts for listed languages without locale files', () => {
    expect(contentLanguage('km')).toBe('km');
    expect(contentLanguage('cn')).toBe('cn');
    expect(contentLanguage('th')).toBe('en');
    expect(htmlLangOf('cn')).toBe('zh-CN');
    expect(htmlLangOf('ja')).toBe('en');
  });

  it('has a native name for every listed language', () => {
    expect(LISTED_LANGUAGES.length).toBeGreaterThanOrEqual(40);
    for (const code of LISTED_LANGUAGES) expect(NATIVE_NAMES[code]).toBeTruthy();
  });
});
