import { ARTICLE_KINDS, ARTICLE_SLUG, ARTICLE_SLUG_MAX, type ArticleKind } from '@apsara/contracts';
import { zoneParts } from '../../../lib/date-range';

/** Where a kind's list lives: /guide, /blog, /news. */
export const articleListPath = (kind: ArticleKind) => `/${kind}`;
/** Where one article lives: /news/<slug>. */
export const articlePath = (kind: ArticleKind, slug: string) => `/${kind}/${slug}`;

/**
 * What a portal path asks for: a kind's list (`slug: null`) or one article; null for anything else
 * (another page, a kind we do not have, an address no article could have).
 */
export const articleRouteOf = (pathname: string): { kind: ArticleKind; slug: string | null } | null => {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length < 1 || parts.length > 2) return null;
  const kind = parts[0] as ArticleKind;
  if (!ARTICLE_KINDS.includes(kind)) return null;
  if (parts.length === 1) return { kind, slug: null };
  const slug = parts[1]!;
  return slug.length >= 2 && slug.length <= ARTICLE_SLUG_MAX && ARTICLE_SLUG.test(slug) ? { kind, slug } : null;
};

/** The calendar day an instant falls on in the site's zone ("2026-11-30"), for the reader's date words. */
export const dayInZone = (iso: string, timeZone: string): string | null => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const p = zoneParts(timeZone, at);
  return `${p.year}-${p.month}-${p.day}`;
};

/**
 * What a link in an article may lead to: a page of this site (kept in the app, `internal`) or an
 * https page (a new tab, `external`); anything else (javascript:, data:, http:, //host) is no link.
 */
export const articleLinkOf = (href: string | undefined): { internal: string } | { external: string } | null => {
  if (!href) return null;
  if (href.startsWith('/') && !href.startsWith('//') && !href.includes('\\')) return { internal: href };
  try {
    const u = new URL(href);
    return u.protocol === 'https:' ? { external: u.toString() } : null;
  } catch {
    return null;
  }
};
