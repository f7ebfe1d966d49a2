import { describe, expect, it } from 'vitest';
import { articleLinkOf, articleListPath, articlePath, articleRouteOf, dayInZone } from './paths';

describe('article paths', () => {
  it('reads a kind\'s list and one article from the path, and nothing else', () => {
    expect(articleRouteOf('/guide')).toEqual({ kind: 'guide', slug: null });
    expect(articleRouteOf('/news/')).toEqual({ kind: 'news', slug: null });
    expect(articleRouteOf('/blog/play-within-your-limits')).toEqual({ kind: 'blog', slug: 'play-within-your-limits' });
    for (const p of ['/', '/faq', '/faq/x1', '/news/Bad_Slug', '/news/a', '/news/a--b', '/news/x/y', `/news/${'a'.repeat(81)}`]) expect(articleRouteOf(p), p).toBeNull();
    expect(articlePath('news', 'mines-is-here')).toBe('/news/mines-is-here');
    expect(articleListPath('guide')).toBe('/guide');
  });

  it('gives the day an instant falls on in the site\'s zone', () => {
    // 23:30 UTC on the 30th is already the 1st in Phnom Penh (GMT+7).
    expect(dayInZone('2026-11-30T23:30:00Z', 'Asia/Phnom_Penh')).toBe('2026-12-01');
    expect(dayInZone('2026-11-30T23:30:00Z', 'UTC')).toBe('2026-11-30');
    expect(dayInZone('not a time', 'UTC')).toBeNull();
  });

  it('lets a link lead only to a page of this site or an https page', () => {
    expect(articleLinkOf('/member/depositv2')).toEqual({ internal: '/member/depositv2' });
    expect(articleLinkOf('https://example.org/a?b=1')).toEqual({ external: 'https://example.org/a?b=1' });
    for (const bad of [undefined, '', 'javascript:alert(1)', 'data:text/html,x', 'http://example.org', '//evil.example', '/\\evil.example', 'member/x']) expect(articleLinkOf(bad), String(bad)).toBeNull();
  });
});
