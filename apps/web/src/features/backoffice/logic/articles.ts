import {
  ARTICLE_BODY_MAX,
  ARTICLE_SLUG,
  ARTICLE_SLUG_MAX,
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  ArticleBody,
  ArticleSummary,
  ArticleTitle,
  type ArticleKind,
  type Lang,
  type OpsArticle,
  type OpsArticleBody,
  type OpsArticlePatch,
} from '@apsara/contracts';
import { TEXT_LANGS, isoToWall, textOf, textsOf, wallToIso, type Texts } from './announcements';

/*
 * The articles' back office (GET/POST /ops/articles, PATCH/DELETE …/:id; docs/articles.md): the form
 * as plain data, the bodies it sends, and the server's checks made first so the form names a problem
 * before a round trip.
 */

export const ARTICLE_TEXT_MAX = { title: ARTICLE_TITLE_MAX, summary: ARTICLE_SUMMARY_MAX, body: ARTICLE_BODY_MAX } as const;
export type ArticleTextField = keyof typeof ARTICLE_TEXT_MAX;

/** How the article is published: kept as a draft, shown (from now, or from when it already was), or from a time to come. */
export type Publishing = 'draft' | 'now' | 'at';

export type ArticleForm = {
  kind: ArticleKind;
  slug: string;
  title: Texts;
  summary: Texts;
  body: Texts;
  /** The guide's reading order, as typed. */
  sort: string;
  publish: Publishing;
  /** The site's wall clock for `at` (a datetime-local value). */
  at: string;
};

export type ArticleRule = 'slug_format' | 'required' | 'site_lang' | 'en_required' | 'too_long' | 'invalid' | 'sort' | 'at_format' | 'at_past' | 'nothing';
export type ArticleProblems = Partial<Record<string, ArticleRule>>;

const noTexts = (): Texts => ({ en: '', km: '', cn: '' });

export const newArticleForm = (kind: ArticleKind): ArticleForm => ({ kind, slug: '', title: noTexts(), summary: noTexts(), body: noTexts(), sort: '0', publish: 'draft', at: '' });

export const articleForm = (a: OpsArticle, timeZone: string, now: number = Date.now()): ArticleForm => ({
  kind: a.kind,
  slug: a.slug,
  title: textsOf(a.title),
  summary: textsOf(a.summary),
  body: textsOf(a.body),
  sort: String(a.sort),
  publish: a.publishedAt === null ? 'draft' : Date.parse(a.publishedAt) > now ? 'at' : 'now',
  at: isoToWall(a.publishedAt, timeZone),
});

/**
 * An address from a title: lower-case Latin letters and digits, words joined by single hyphens, at
 * most 80 characters, cut at a word. Khmer or Chinese alone give nothing: the operator types one.
 */
export const slugFrom = (title: string): string => {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let out = '';
  for (const w of words) {
    const next = out ? `${out}-${w}` : w;
    if (next.length > ARTICLE_SLUG_MAX) break;
    out = next;
  }
  return out;
};

/** When the article shows: null for a draft; `keep` (when it is already shown) or now for "now"; the wall time for "at". */
const publishedAtOf = (f: ArticleForm, timeZone: string, keep: string | null, now: number): string | null => {
  if (f.publish === 'draft') return null;
  if (f.publish === 'now') return keep !== null && Date.parse(keep) <= now ? keep : new Date(now).toISOString();
  return wallToIso(f.at, timeZone);
};

/** The body of POST /ops/articles. */
export const articleBody = (f: ArticleForm, timeZone: string, now: number = Date.now()): OpsArticleBody => ({
  kind: f.kind,
  slug: f.slug.trim(),
  title: textOf(f.title) ?? '',
  summary: textOf(f.summary),
  body: textOf(f.body) ?? '',
  sort: Number(f.sort.trim() || '0'),
  publishedAt: publishedAtOf(f, timeZone, null, now),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The body of PATCH /ops/articles/:id: only what changed (the audit's before and after show the change alone). */
export const articlePatch = (a: OpsArticle, f: ArticleForm, timeZone: string, now: number = Date.now()): OpsArticlePatch => {
  const next = articleBody(f, timeZone, now);
  const publishedAt = publishedAtOf(f, timeZone, a.publishedAt, now);
  const patch: Record<string, unknown> = {};
  if (next.slug !== a.slug) patch.slug = next.slug;
  if (!same(next.title, a.title)) patch.title = next.title;
  if (!same(next.summary, a.summary)) patch.summary = next.summary;
  if (!same(next.body, a.body)) patch.body = next.body;
  if (next.sort !== a.sort) patch.sort = next.sort;
  // A time is compared as an instant: the same moment written with another offset is no change.
  const moved = publishedAt === null || a.publishedAt === null ? publishedAt !== a.publishedAt : Date.parse(publishedAt) !== Date.parse(a.publishedAt);
  if (moved) patch.publishedAt = publishedAt;
  return patch as OpsArticlePatch;
};

const SCHEMAS = { title: ArticleTitle, summary: ArticleSummary, body: ArticleBody } as const;

/** Each box of a text, checked as the contract and the server check them. */
const textProblems = (field: ArticleTextField, texts: Texts, siteLang: Lang, out: ArticleProblems) => {
  const written = TEXT_LANGS.filter((l) => texts[l].trim());
  if (written.length === 0) {
    if (field !== 'summary') out[`${field}.${siteLang}`] = 'required';
    return;
  }
  const oneForAll = written.length === 1 && written[0] === 'en';
  if (!texts.en.trim()) out[`${field}.en`] = 'en_required';
  // Title and body in the site's own language (English alone is one text for every language).
  if (field !== 'summary' && !oneForAll && !texts[siteLang].trim()) out[`${field}.${siteLang}`] = 'site_lang';
  for (const lang of TEXT_LANGS) {
    const v = texts[lang].trim();
    if (v && !SCHEMAS[field].safeParse(v).success) out[`${field}.${lang}`] = v.length > ARTICLE_TEXT_MAX[field] ? 'too_long' : 'invalid';
  }
};

/** What the server would refuse in an article, by form path (`slug`, `title.km`, `at` …). A time to come must be to come. */
export const articleProblems = (f: ArticleForm, siteLang: Lang, timeZone: string, now: number = Date.now()): ArticleProblems => {
  const out: ArticleProblems = {};
  const slug = f.slug.trim();
  if (slug.length < 2 || slug.length > ARTICLE_SLUG_MAX || !ARTICLE_SLUG.test(slug)) out.slug = 'slug_format';
  for (const field of ['title', 'summary', 'body'] as const) textProblems(field, f[field], siteLang, out);
  const sort = f.sort.trim();
  if (sort && !(/^\d{1,6}$/.test(sort) && Number(sort) <= 100_000)) out.sort = 'sort';
  if (f.publish === 'at') {
    const iso = wallToIso(f.at, timeZone);
    if (iso === null) out.at = 'at_format';
    else if (Date.parse(iso) <= now) out.at = 'at_past';
  }
  return out;
};

/** The words of a rule, with the bounds of its field. */
export const articleRuleVars = (path: string) => ({ max: ARTICLE_TEXT_MAX[(path.split('.')[0] as ArticleTextField) ?? 'title'] ?? ARTICLE_SLUG_MAX });

/** A server field (`title.km`, `publishedAt`) as the form's path. */
export const articleFormPath = (field: string) => (field === 'publishedAt' ? 'at' : field);
