import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ArticleListQuery,
  ArticleListResponse,
  ArticleParams,
  ArticleQuery,
  ArticleResponse,
  IdString,
  OpsArticleBody,
  OpsArticleDeletedResponse,
  OpsArticleListQuery,
  OpsArticleListResponse,
  OpsArticlePatch,
  OpsArticleResponse,
} from '@apsara/contracts';
import { z } from 'zod';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { ArticlesService } from './articles.service.js';

const IdParams = z.object({ id: IdString });

/** Articles: the Beginner Guide, Blog and News (spec §2 member center) and their back office. */
export const articlesRoutes = (app: FastifyInstance, articles: ArticlesService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const lang = "in the request's language (`lang`, else Accept-Language, else the site's; a text missing in it falls back to the site's language, then English)";

  r.get('/wps/system/articles', {
    schema: {
      tags: ['system'],
      summary: `One kind's published articles of this site (guide in its order, blog and news newest first), 10 a page, ${lang}; public`,
      querystring: ArticleListQuery,
      response: responses(ArticleListResponse),
    },
  }, async (req) => okValue(await articles.list(req.merchant, req.query, req.lang)));

  r.get('/wps/system/articles/:kind/:slug', {
    schema: {
      tags: ['system'],
      summary: `One published article with its body and its neighbours in reading order, ${lang}; a draft, a scheduled one or another site's is ARTICLE_NOT_FOUND; public`,
      params: ArticleParams,
      querystring: ArticleQuery,
      response: responses(ArticleResponse),
    },
  }, async (req) => okValue(await articles.one(req.merchant, req.params.kind, req.params.slug, req.lang)));

  const tags = ['ops'];
  r.get('/ops/articles', {
    schema: { tags, security, summary: 'The site\'s articles, drafts and scheduled ones too, of one kind or all, 20 a page; admin, finance and support', querystring: OpsArticleListQuery, response: responses(OpsArticleListResponse) },
  }, async (req) => okValue(await articles.opsList(await req.requireOperator(), req.query)));

  r.post('/ops/articles', {
    schema: { tags, security, summary: 'Writes an article (its address unique within its kind; title and body in the site\'s language; a draft without `publishedAt`); audited; admin', body: OpsArticleBody, response: responses(OpsArticleResponse) },
  }, async (req) => okValue(await articles.create(await req.requireOperator(), req.merchant, req.body, clientOf(req), req.lang)));

  r.patch('/ops/articles/:id', {
    schema: { tags, security, summary: 'Changes an article (any field but its kind; `publishedAt: null` takes it back to a draft); audited with before and after; admin', params: IdParams, body: OpsArticlePatch, response: responses(OpsArticleResponse) },
  }, async (req) => okValue(await articles.patch(await req.requireOperator(), req.merchant, req.params.id, req.body, clientOf(req), req.lang)));

  r.delete('/ops/articles/:id', {
    schema: { tags, security, summary: 'Deletes an article; audited with what it was; admin', params: IdParams, response: responses(OpsArticleDeletedResponse) },
  }, async (req) => okValue(await articles.remove(await req.requireOperator(), req.params.id, clientOf(req))));
};
