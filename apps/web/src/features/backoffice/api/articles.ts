import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { OpsArticle, OpsArticleDeletedValue, OpsArticleListValue, type ArticleKind, type OpsArticleBody, type OpsArticlePatch } from '@apsara/contracts';
import { opsKey, opsValue, useRefreshAfterWrite } from './client';

/*
 * Articles (docs/articles.md): the site's Beginner Guide, blog and news, drafts included, and an
 * admin's writes. After a write the list, the audit log and this tab's portal copies are read again.
 */

const ROOT = opsKey('articles');

/** GET /ops/articles?kind&page — 20 a page, one kind or all; admin, finance and support. */
export const useOpsArticles = (kind: ArticleKind | undefined, page: number) =>
  useQuery({
    queryKey: [...ROOT, kind ?? 'all', page],
    queryFn: () => opsValue('/ops/articles', { value: OpsArticleListValue, query: { ...(kind ? { kind } : {}), page } }),
    placeholderData: keepPreviousData,
  });

// The portal's lists and articles too, if this tab has read them (features/articles).
const useRefresh = () => useRefreshAfterWrite(ROOT, ['articles'], ['article']);

/** POST /ops/articles — admin; audited. */
export const useCreateArticle = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: OpsArticleBody) => opsValue('/ops/articles', { method: 'POST', body, value: OpsArticle }), onSuccess: refresh });
};

/** PATCH /ops/articles/:id — any field but the kind; admin; audited with before and after. */
export const usePatchArticle = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: OpsArticlePatch }) => opsValue(`/ops/articles/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, value: OpsArticle }),
    onSettled: refresh,
  });
};

/** DELETE /ops/articles/:id — admin; audited with what it was. */
export const useDeleteArticle = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => opsValue(`/ops/articles/${encodeURIComponent(id)}`, { method: 'DELETE', value: OpsArticleDeletedValue }), onSettled: refresh });
};
