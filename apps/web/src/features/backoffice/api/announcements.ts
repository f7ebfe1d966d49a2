import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsAnnouncement, OpsAnnouncementListValue, type AnnouncementKind, type OpsAnnouncementBody, type OpsAnnouncementPatch } from '@apsara/contracts';
import { opsKey, opsValue } from './client';

/*
 * Announcements (docs/announcements.md): the site's list with where each stands, and an admin's
 * writes. After a write every list and the audit log are read again.
 */

const ROOT = opsKey('announcements');

/** GET /ops/announcements?kind= — every announcement of the site (one kind, or all), with its phase. */
export const useOpsAnnouncements = (kind?: AnnouncementKind) =>
  useQuery({
    queryKey: [...ROOT, kind ?? 'all'],
    queryFn: () => opsValue('/ops/announcements', { query: kind ? { kind } : {}, value: OpsAnnouncementListValue }),
    placeholderData: keepPreviousData,
  });

const useRefresh = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ROOT }), client.invalidateQueries({ queryKey: opsKey('audit') })]);
};

/** POST /ops/announcements — answers with the new announcement as the list shows it. */
export const useCreateAnnouncement = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: OpsAnnouncementBody) => opsValue('/ops/announcements', { method: 'POST', body, value: OpsAnnouncement }), onSuccess: refresh });
};

/** PATCH /ops/announcements/:id — any field but the kind; `{ active: false }` takes it down. */
export const usePatchAnnouncement = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: OpsAnnouncementPatch }) =>
      opsValue(`/ops/announcements/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, value: OpsAnnouncement }),
    onSettled: refresh,
  });
};
