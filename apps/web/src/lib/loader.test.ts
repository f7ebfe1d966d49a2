import { describe, expect, it, vi } from 'vitest';

// The loader element of index.html, as much of it as the module touches.
const attributes = new Map<string, string>([['aria-label', 'កំពុងផ្ទុក… Loading…']]);
const classes = new Set<string>();
const loaderElement = {
  setAttribute: (k: string, v: string) => attributes.set(k, v),
  classList: { add: (c: string) => classes.add(c), remove: (c: string) => classes.delete(c) },
};
vi.stubGlobal('document', { getElementById: (id: string) => (id === 'app-loader' ? loaderElement : null), documentElement: {} });

const { i18n } = await import('../i18n');
const { hideLoader, showLoader } = await import('./loader');

describe('the global loader', () => {
  it('is named in the language on screen, and follows a change of language', async () => {
    await i18n.changeLanguage('en');
    expect(attributes.get('aria-label')).toBe('Loading…');
    await i18n.changeLanguage('cn');
    expect(attributes.get('aria-label')).toBe('加载中…');
    await i18n.changeLanguage('km');
    expect(attributes.get('aria-label')).toBe('កំពុងផ្ទុក…');
  });

  it('shows and hides, saying whether it is busy', () => {
    hideLoader();
    expect([classes.has('is-hidden'), attributes.get('aria-busy')]).toEqual([true, 'false']);
    showLoader();
    expect([classes.has('is-hidden'), attributes.get('aria-busy')]).toEqual([false, 'true']);
  });
});
