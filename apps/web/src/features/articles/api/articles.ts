import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArticleListValue, ArticleValue, type ArticleKind } from '@apsara/contracts';
import { currentContentLanguage } from '../../../i18n';
import { apiValue, isApiError } from '../../../lib/api';

/** GET /wps/system/articles — one kind's published articles, 10 a page, in the portal's language; public. */
export const getArticles = (kind: ArticleKind, page: number, signal?: AbortSignal) => apiValue('/wps/system/articles', { value: ArticleListValue, query: { kind, page }, signal });

/** GET /wps/system/articles/:kind/:slug — one published article with its neighbours; public. */
export const getArticle = (kind: ArticleKind, slug: string, signal?: AbortSignal) =>
  apiValue(`/wps/system/articles/${kind}/${encodeURIComponent(slug)}`, { value: ArticleValue, signal });

/** A page of a kind's list; the page on screen stays while the next one loads. A language switch reads it again. */
export const useArticles = (kind: ArticleKind, page: number) => {
  const lang = currentContentLanguage();
  return useQuery({ queryKey: ['articles', kind, page, lang], queryFn: ({ signal }) => getArticles(kind, page, signal), placeholderData: keepPreviousData, staleTime: 60_000 });
};

/** One article; a 404 (unpublished, moved, never there) is final, not retried. */
export const useArticle = (kind: ArticleKind, slug: string) => {
  const lang = currentContentLanguage();
  return useQuery({ queryKey: ['article', kind, slug, lang], queryFn: ({ signal }) => getArticle(kind, slug, signal), staleTime: 60_000, retry: (n, e) => n < 2 && !(isApiError(e) && e.status === 404) });
};
