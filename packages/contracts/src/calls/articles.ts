import { z } from 'zod';
import { LANGUAGES, LIST_PAGE_SIZE } from '../constants.js';
import { ok } from '../envelope.js';
import { Instant } from './announcements.js';
import { localizedTextOf } from './localized.js';
import { IdString } from './ops.js';
import { text } from './text.js';

/*
 * Articles (spec §2 member center "Beginner Guide, Blog, News"; docs/articles.md): pages a site's
 * operators write and players read in their language. The guide is a course read in order; blog posts
 * and news are read newest first.
 */

export const ARTICLE_KINDS = ['guide', 'blog', 'news'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

/** An article's address within its kind: lower-case words joined by single hyphens (`/news/<slug>`). */
export const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ARTICLE_SLUG_MAX = 80;
export const ARTICLE_TITLE_MAX = 160;
export const ARTICLE_SUMMARY_MAX = 400;
export const ARTICLE_BODY_MAX = 20_000;
/** At most this many articles per site, every kind together. */
export const ARTICLES_MAX = 1000;
/** The portal's list page size and the operators'. */
export const ARTICLE_PAGE_SIZE = 10;
export const OPS_ARTICLE_PAGE_SIZE = LIST_PAGE_SIZE;

export const ArticleTitle = localizedTextOf(ARTICLE_TITLE_MAX);
export const ArticleSummary = localizedTextOf(ARTICLE_SUMMARY_MAX);
export const ArticleBody = localizedTextOf(ARTICLE_BODY_MAX);

export const ArticleSlug = z
  .string()
  .min(2)
  .max(ARTICLE_SLUG_MAX)
  .regex(ARTICLE_SLUG, { message: 'lower-case letters and digits, words joined by single hyphens' });

// ---- the portal's calls (public: a visitor may read a site's articles) ----

/** GET /wps/system/articles — one kind's published articles, a page at a time. */
export const ArticleListQuery = z.object({
  kind: z.enum(ARTICLE_KINDS),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  lang: text(16).optional(),
});
export type ArticleListQuery = z.infer<typeof ArticleListQuery>;

export const ArticleListItem = z.object({
  kind: z.enum(ARTICLE_KINDS),
  slug: z.string(),
  title: z.string(),
  /** The summary in the reader's language; "" when the article has none. */
  summary: z.string(),
  publishedAt: z.string(),
  /** About how long the body takes to read, in whole minutes (at least 1). */
  readMinutes: z.number().int().min(1),
});
export type ArticleListItem = z.infer<typeof ArticleListItem>;

export const ArticleListValue = z.object({
  lang: z.enum(LANGUAGES),
  kind: z.enum(ARTICLE_KINDS),
  items: z.array(ArticleListItem),
  page: z.number().int(),
  pageSize: z.literal(ARTICLE_PAGE_SIZE),
  total: z.number().int(),
});
export type ArticleListValue = z.infer<typeof ArticleListValue>;
export const ArticleListResponse = ok(ArticleListValue);

/** GET /wps/system/articles/:kind/:slug — one published article with its body. */
export const ArticleParams = z.object({ kind: z.enum(ARTICLE_KINDS), slug: ArticleSlug });
export const ArticleQuery = z.object({ lang: text(16).optional() });

/** A neighbour in the kind's reading order: the guide's previous and next step, the older and newer post. */
export const ArticleLink = z.object({ slug: z.string(), title: z.string() });
export type ArticleLink = z.infer<typeof ArticleLink>;

export const ArticleValue = z.object({
  lang: z.enum(LANGUAGES),
  article: ArticleListItem.extend({ body: z.string(), updatedAt: z.string() }),
  /** The one read before this (the guide's previous step; the next newer post), if any. */
  previous: ArticleLink.nullable(),
  /** The one read after this (the guide's next step; the next older post), if any. */
  next: ArticleLink.nullable(),
});
export type ArticleValue = z.infer<typeof ArticleValue>;
export const ArticleResponse = ok(ArticleValue);

// ---- operators ----

export const OpsArticle = z.object({
  id: IdString,
  kind: z.enum(ARTICLE_KINDS),
  slug: z.string(),
  title: ArticleTitle,
  summary: ArticleSummary.nullable(),
  body: ArticleBody,
  /** The guide's reading order, smallest first (blog and news go by publishing time). */
  sort: z.number().int(),
  /** Shown to players from this time on; null is a draft, a time to come is a scheduled article. */
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OpsArticle = z.infer<typeof OpsArticle>;
export const OpsArticleResponse = ok(OpsArticle);

export const ARTICLE_STATES = ['draft', 'scheduled', 'published'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

/** Where an article stands at `now`: a draft (no time), scheduled (a time to come) or published. */
export const articleStateOf = (publishedAt: string | null, now: number = Date.now()): ArticleState =>
  publishedAt === null ? 'draft' : Date.parse(publishedAt) > now ? 'scheduled' : 'published';

/** GET /ops/articles — the site's articles of one kind (every kind without it), 20 a page. */
export const OpsArticleListQuery = z.object({
  kind: z.enum(ARTICLE_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type OpsArticleListQuery = z.infer<typeof OpsArticleListQuery>;
export const OpsArticleListValue = z.object({ items: z.array(OpsArticle), page: z.number().int(), pageSize: z.literal(OPS_ARTICLE_PAGE_SIZE), total: z.number().int() });
export type OpsArticleListValue = z.infer<typeof OpsArticleListValue>;
export const OpsArticleListResponse = ok(OpsArticleListValue);

const Sort = z.number().int().min(0).max(100_000);
const PublishTime = Instant;

/** POST /ops/articles — a new article (a draft unless `publishedAt` is given). */
export const OpsArticleBody = z.strictObject({
  kind: z.enum(ARTICLE_KINDS),
  slug: ArticleSlug,
  title: ArticleTitle,
  summary: ArticleSummary.nullable().default(null),
  body: ArticleBody,
  sort: Sort.default(0),
  publishedAt: PublishTime.nullable().default(null),
});
export type OpsArticleBody = z.infer<typeof OpsArticleBody>;

/** PATCH /ops/articles/:id — any field but the kind; `publishedAt: null` takes it back to a draft. */
export const OpsArticlePatch = z
  .strictObject({
    slug: ArticleSlug.optional(),
    title: ArticleTitle.optional(),
    summary: ArticleSummary.nullable().optional(),
    body: ArticleBody.optional(),
    sort: Sort.optional(),
    publishedAt: PublishTime.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change', path: ['slug'] });
export type OpsArticlePatch = z.infer<typeof OpsArticlePatch>;

export const OpsArticleDeletedValue = z.object({ id: IdString, deleted: z.literal(true) });
export const OpsArticleDeletedResponse = ok(OpsArticleDeletedValue);

/** Words a minute the read-time estimate assumes; Khmer and Chinese are counted by characters instead. */
const WORDS_PER_MINUTE = 220;
const CHARS_PER_MINUTE = 500;

/** About how many minutes a text takes to read (at least 1): words for spaced scripts, characters for the rest. */
export const readMinutesOf = (body: string): number => {
  const words = body.split(/\s+/).filter(Boolean).length;
  // Khmer and Chinese write no spaces between words: count their characters.
  const unspaced = (body.match(/[\u1780-\u17FF\u3400-\u9FFF]/g) ?? []).length;
  const minutes = words / WORDS_PER_MINUTE + unspaced / CHARS_PER_MINUTE;
  return Math.max(1, Math.round(minutes));
};
