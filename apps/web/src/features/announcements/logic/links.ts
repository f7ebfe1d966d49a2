import type { BannerGroup, BannerItem, LinkageType } from '@apsara/contracts';

/**
 * Where a banner, popup or promotion notice leads (spec §3 url + linkageType): a route of the portal,
 * or an https page in a new tab. The server checks both when an operator saves; the portal checks
 * again, so a bad row can never become a `javascript:` link or a link to another site in this tab.
 */
export type LinkTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/** A path of this site: one leading slash (not "//host", which leaves the site), no spaces or markup. */
const SITE_PATH = /^\/(?![/\\])[^\s<>"\\]*$/;

const httpsUrl = (value: string): string | null => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
};

export const linkTarget = (url: string | null, linkageType: LinkageType | null): LinkTarget | null => {
  if (!url || !linkageType) return null;
  if (linkageType === 'INTERNAL') return SITE_PATH.test(url) ? { kind: 'internal', to: url } : null;
  const href = httpsUrl(url);
  return href ? { kind: 'external', href } : null;
};

/** A picture's address, if it is one the portal shows: a path of this site or an https address. */
export const imageSource = (url: string | null | undefined): string | null => {
  if (!url) return null;
  if (SITE_PATH.test(url)) return url;
  return httpsUrl(url);
};

/** The banners of one place (spec §3 groupName), in the operators' order. */
export const bannersOf = (banners: readonly BannerItem[], group: BannerGroup): BannerItem[] =>
  banners
    .map((banner, index) => ({ banner, index }))
    .filter(({ banner }) => banner.groupName === group)
    .sort((a, b) => a.banner.sequence - b.banner.sequence || a.index - b.index)
    .map(({ banner }) => banner);
