import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsHelpTopic, OpsHelpTopicDeletedValue, OpsHelpTopicListValue, type OpsHelpTopicBody, type OpsHelpTopicPatch } from '@apsara/contracts';
import { opsKey, opsValue, useRefreshAfterWrite } from './client';

/*
 * The help center (docs/help-center.md): every topic of the site, on or off, and an admin's writes.
 * After a write the list, the audit log and the portal's own copy of the topics are read again.
 */

const ROOT = opsKey('help-topics');

/** GET /ops/help-topics — every topic in the popup's order; admin, finance and support. */
export const useOpsHelpTopics = () => useQuery({ queryKey: ROOT, queryFn: () => opsValue('/ops/help-topics', { value: OpsHelpTopicListValue }) });

// This tab's portal popup too, if it has read the topics (features/help keys them 'help-center').
const useRefresh = () => useRefreshAfterWrite(ROOT, ['help-center']);

/** POST /ops/help-topics — admin; audited. */
export const useCreateHelpTopic = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: OpsHelpTopicBody) => opsValue('/ops/help-topics', { method: 'POST', body, value: OpsHelpTopic }), onSuccess: refresh });
};

/** PATCH /ops/help-topics/:id — any field; `{ enabled }` switches it on or off; admin; audited with before and after. */
export const usePatchHelpTopic = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: OpsHelpTopicPatch }) => opsValue(`/ops/help-topics/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, value: OpsHelpTopic }),
    onSettled: refresh,
  });
};

/** POST /ops/help-topics/:id/move — one place up or down; answers the list in its new order. */
export const useMoveHelpTopic = () => {
  const refresh = useRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: string; direction: 'up' | 'down' }) =>
      opsValue(`/ops/help-topics/${encodeURIComponent(id)}/move`, { method: 'POST', body: { direction }, value: OpsHelpTopicListValue }),
    onSuccess: (list) => client.setQueryData(ROOT, list),
    onSettled: refresh,
  });
};

/** DELETE /ops/help-topics/:id — admin; audited with what it was. */
export const useDeleteHelpTopic = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => opsValue(`/ops/help-topics/${encodeURIComponent(id)}`, { method: 'DELETE', value: OpsHelpTopicDeletedValue }),
    onSettled: refresh,
  });
};
