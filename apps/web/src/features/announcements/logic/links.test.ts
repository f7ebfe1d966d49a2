import { describe, expect, it } from 'vitest';
import type { BannerItem } from '@apsara/contracts';
import { bannersOf, imageSource, linkTarget } from './links';

describe('announcement links', () => {
  it('opens a route of the portal for INTERNAL links', () => {
    expect(linkTarget('/promotions', 'INTERNAL')).toEqual({ kind: 'internal', to: '/promotions' });
    expect(linkTarget('/promotions?tab=rank', 'INTERNAL')).toEqual({ kind: 'internal', to: '/promotions?tab=rank' });
  });

  it('opens only https pages for EXTERNAL links', () => {
    expect(linkTarget('https://example.com/offer', 'EXTERNAL')).toEqual({ kind: 'external', href: 'https://example.com/offer' });
    expect(linkTarget('http://example.com/', 'EXTERNAL')).toBeNull();
    expect(linkTarget('javascript:alert(1)', 'EXTERNAL')).toBeNull();
    expect(linkTarget('https://', 'EXTERNAL')).toBeNull();
  });

  it('never turns a bad row into a link that leaves the site in the same tab', () => {
    expect(linkTarget('//evil.example/x', 'INTERNAL')).toBeNull();
    expect(linkTarget('/\\evil.example', 'INTERNAL')).toBeNull();
    expect(linkTarget('https://example.com', 'INTERNAL')).toBeNull();
    expect(linkTarget('javascript:alert(1)', 'INTERNAL')).toBeNull();
    expect(linkTarget('/a b', 'INTERNAL')).toBeNull();
    expect(linkTarget(null, 'INTERNAL')).toBeNull();
    expect(linkTarget('/promotions', null)).toBeNull();
  });

  it('shows pictures from this site or https addresses only', () => {
    expect(imageSource('/banners/a.jpg')).toBe('/banners/a.jpg');
    expect(imageSource('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(imageSource('http://cdn.example.com/a.png')).toBeNull();
    expect(imageSource('data:image/png;base64,AAAA')).toBeNull();
    expect(imageSource('//cdn.example.com/a.png')).toBeNull();
    expect(imageSource(null)).toBeNull();
    expect(imageSource('')).toBeNull();
  });

  it("picks one place's banners in the operators' order", () => {
    const banner = (id: string, groupName: BannerItem['groupName'], sequence: number): BannerItem => ({
      id,
      groupName,
      sequence,
      url: null,
      linkageType: null,
      imageUrl: null,
      art: 'welcome',
      title: id,
      subtitle: null,
      eyebrow: null,
      cta: null,
    });
    const all = [banner('a', 'w_home', 20), banner('b', 'w_login', 0), banner('c', 'w_home', 10), banner('d', 'w_home', 10), banner('e', 'w_leftmenu', 0)];
    expect(bannersOf(all, 'w_home').map((b) => b.id)).toEqual(['c', 'd', 'a']);
    expect(bannersOf(all, 'w_login').map((b) => b.id)).toEqual(['b']);
    expect(bannersOf(all, 'w_register')).toEqual([]);
  });
});
