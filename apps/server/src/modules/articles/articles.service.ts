import {
  ARTICLE_PAGE_SIZE,
  ARTICLES_MAX,
  OPS_ARTICLE_PAGE_SIZE,
  helpTextIn,
  readMinutesOf,
  type ArticleKind,
  type ArticleLink,
  type ArticleListItem,
  type ArticleListQuery,
  type ArticleListValue,
  type ArticleValue,
  type Lang,
  type OpsArticle,
  type OpsArticleBody,
  type OpsArticleListQuery,
  type OpsArticleListValue,
  type OpsArticlePatch,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { requireSiteLanguage } from '../../lib/site-language.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import { articleFieldsOf, type ArticleFields, type ArticleRow, type ArticlesRepository } from './articles.repository.js';

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const EDIT_ROLES = ['admin'] as const;

export const opsArticleDto = (r: ArticleRow): OpsArticle => ({
  id: r.id.toString(),
  kind: r.kind,
  slug: r.slug,
  title: r.title,
  summary: r.summary,
  body: r.body,
  sort: r.sort,
  publishedAt: r.published_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/**
 * Articles (spec §2 "Beginner Guide, Blog, News"; docs/articles.md): written by a site's admins, read by
 * anyone on the portal in the reader's language (else the site's, else English). A draft or an article
 * whose time has not come is not there for the portal.
 */
export const articlesService = (deps: { repo: ArticlesRepository; audit: AuditRepository; now?: () => Date }) => {
  const { repo, audit } = deps;
  const now = deps.now ?? (() => new Date());

  const itemOf = (r: ArticleRow, lang: Lang, site: Lang): ArticleListItem => ({
    kind: r.kind,
    slug: r.slug,
    title: helpTextIn(r.title, lang, site),
    summary: r.summary === null ? '' : helpTextIn(r.summary, lang, site),
    publishedAt: r.published_at!.toISOString(),
    readMinutes: readMinutesOf(helpTextIn(r.body, lang, site)),
  });

  const list = async (merchant: Merchant, q: ArticleListQuery, lang: Lang): Promise<ArticleListValue> => {
    const { rows, total } = await repo.publishedPage(merchant.id, q.kind, now(), (q.page - 1) * ARTICLE_PAGE_SIZE, ARTICLE_PAGE_SIZE);
    return { lang, kind: q.kind, items: rows.map((r) => itemOf(r, lang, merchant.defaultLanguage)), page: q.page, pageSize: ARTICLE_PAGE_SIZE, total };
  };

  const one = async (merchant: Merchant, kind: ArticleKind, slug: string, lang: Lang): Promise<ArticleValue> => {
    const at = now();
    const row = await repo.publishedOne(merchant.id, kind, slug, at);
    if (!row) throw new AppError('ARTICLE_NOT_FOUND');
    const site = merchant.defaultLanguage;
    const order = await repo.publishedOrder(merchant.id, kind, at);
    const i = order.findIndex((o) => o.id === row.id);
    const link = (o: (typeof order)[number] | undefined): ArticleLink | null => (o ? { slug: o.slug, title: helpTextIn(o.title, lang, site) } : null);
    return {
      lang,
      article: { ...itemOf(row, lang, site), body: helpTextIn(row.body, lang, site), updatedAt: row.updated_at.toISOString() },
      previous: link(i > 0 ? order[i - 1] : undefined),
      next: link(i >= 0 ? order[i + 1] : undefined),
    };
  };

  // ---- operators ----

  const opsList = async (actor: OperatorContext, q: OpsArticleListQuery): Promise<OpsArticleListValue> => {
    allowRoles(actor, READ_ROLES);
    const { rows, total } = await repo.opsPage(actor.merchantId, q.kind, (q.page - 1) * OPS_ARTICLE_PAGE_SIZE, OPS_ARTICLE_PAGE_SIZE);
    return { items: rows.map(opsArticleDto), page: q.page, pageSize: OPS_ARTICLE_PAGE_SIZE, total };
  };

  /** Title and body need the site's own language (the optional summary falls back like any text). */
  const checkTexts = (body: Partial<Pick<OpsArticleBody, 'title' | 'body'>>, merchant: Merchant, lang: Lang) =>
    requireSiteLanguage(
      [
        { field: 'title', text: body.title },
        { field: 'body', text: body.body, part: 'body' },
      ],
      merchant.defaultLanguage,
      lang,
    );

  const slugTaken = () => new AppError('ARTICLE_SLUG_TAKEN');
  const dateOf = (v: string | null) => (v === null ? null : new Date(v));

  const create = async (actor: OperatorContext, merchant: Merchant, body: OpsArticleBody, client: Client, lang: Lang): Promise<OpsArticle> => {
    allowRoles(actor, EDIT_ROLES);
    checkTexts(body, merchant, lang);
    try {
      const row = await repo.db.transaction().execute(async (tx) => {
        await repo.lockSite(tx, actor.merchantId);
        if (await repo.slugTaken(tx, actor.merchantId, body.kind, body.slug, null)) throw slugTaken();
        if ((await repo.count(tx, actor.merchantId)) >= ARTICLES_MAX) throw new AppError('ARTICLES_FULL', [ARTICLES_MAX]);
        const fields: ArticleFields = { slug: body.slug, sort: body.sort, title: body.title, summary: body.summary, body: body.body, publishedAt: dateOf(body.publishedAt) };
        const made = await repo.create(tx, actor.merchantId, body.kind, fields, actor.operatorId);
        await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'article.create', targetType: 'article', targetId: made.id.toString(), after: opsArticleDto(made), ip: client.ip }, tx);
        return made;
      });
      return opsArticleDto(row);
    } catch (e) {
      throw isUniqueViolation(e) ? slugTaken() : e;
    }
  };

  const patch = async (actor: OperatorContext, merchant: Merchant, idText: string, body: OpsArticlePatch, client: Client, lang: Lang): Promise<OpsArticle> => {
    allowRoles(actor, EDIT_ROLES);
    checkTexts(body, merchant, lang);
    try {
      const row = await repo.db.transaction().execute(async (tx) => {
        await repo.lockSite(tx, actor.merchantId);
        const current = await repo.lock(tx, actor.merchantId, BigInt(idText));
        if (!current) throw new AppError('ARTICLE_NOT_FOUND');
        if (body.slug !== undefined && body.slug !== current.slug && (await repo.slugTaken(tx, actor.merchantId, current.kind, body.slug, current.id))) throw slugTaken();
        const before = articleFieldsOf(current);
        const next: ArticleFields = {
          slug: body.slug ?? before.slug,
          sort: body.sort ?? before.sort,
          title: body.title ?? before.title,
          summary: body.summary === undefined ? before.summary : body.summary,
          body: body.body ?? before.body,
          publishedAt: body.publishedAt === undefined ? before.publishedAt : dateOf(body.publishedAt),
        };
        const updated = await repo.update(tx, current.id, next);
        await audit.record(
          { merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'article.update', targetType: 'article', targetId: idText, before: opsArticleDto(current), after: opsArticleDto(updated), ip: client.ip },
          tx,
        );
        return updated;
      });
      return opsArticleDto(row);
    } catch (e) {
      throw isUniqueViolation(e) ? slugTaken() : e;
    }
  };

  const remove = async (actor: OperatorContext, idText: string, client: Client) => {
    allowRoles(actor, EDIT_ROLES);
    await repo.db.transaction().execute(async (tx) => {
      await repo.lockSite(tx, actor.merchantId);
      const current = await repo.lock(tx, actor.merchantId, BigInt(idText));
      if (!current) throw new AppError('ARTICLE_NOT_FOUND');
      await repo.remove(tx, current.id);
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'article.delete', targetType: 'article', targetId: idText, before: opsArticleDto(current), ip: client.ip }, tx);
    });
    return { id: idText, deleted: true as const };
  };

  return { list, one, opsList, create, patch, remove };
};
export type ArticlesService = ReturnType<typeof articlesService>;
