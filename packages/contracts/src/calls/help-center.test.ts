import { describe, expect, it } from 'vitest';
import { HELP_KEY, OpsHelpTopicBody, OpsHelpTopicPatch, hasLang, helpTextIn, isHelpPath } from './help-center.js';

describe('help center contract', () => {
  it('takes a page of this site only, never another site', () => {
    for (const ok of ['/', '/download', '/member/withdraw?tab=1', '/help#x']) expect(isHelpPath(ok), ok).toBe(true);
    for (const bad of ['', 'download', '//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/a//b', '/x y', '/x"y', '/<b>', `/${'a'.repeat(200)}`]) expect(isHelpPath(bad), bad).toBe(false);
  });

  it('checks keys, texts, icons and actions', () => {
    expect(HELP_KEY.test('account')).toBe(true);
    expect(HELP_KEY.test('a')).toBe(false);
    const body = { key: 'x-1', icon: 'help', title: 'Hi' };
    expect(OpsHelpTopicBody.parse(body)).toEqual({ ...body, body: null, action: { kind: 'none' }, enabled: true });
    expect(OpsHelpTopicBody.safeParse({ ...body, icon: 'skull' }).success).toBe(false);
    expect(OpsHelpTopicBody.safeParse({ ...body, title: 'x'.repeat(121) }).success).toBe(false);
    expect(OpsHelpTopicBody.safeParse({ ...body, body: 'x'.repeat(4001) }).success).toBe(false);
    expect(OpsHelpTopicBody.safeParse({ ...body, action: { kind: 'path', path: '//x' } }).success).toBe(false);
    expect(OpsHelpTopicBody.safeParse({ ...body, action: { kind: 'chat', path: '/x' } }).success).toBe(false);
    expect(OpsHelpTopicPatch.safeParse({}).success).toBe(false);
    expect(OpsHelpTopicPatch.safeParse({ enabled: false }).success).toBe(true);
  });

  it('reads a text in the language asked for, else the site language, else English', () => {
    const t = { en: 'Hello', km: 'សួស្ដី' };
    expect(helpTextIn(t, 'km', 'en')).toBe('សួស្ដី');
    expect(helpTextIn(t, 'cn', 'km')).toBe('សួស្ដី');
    expect(helpTextIn(t, 'cn', 'en')).toBe('Hello');
    expect(helpTextIn('One', 'cn', 'km')).toBe('One');
    expect(hasLang(t, 'km')).toBe(true);
    expect(hasLang(t, 'cn')).toBe(false);
    expect(hasLang('One', 'cn')).toBe(true);
  });
});
