import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsAnnouncement, OpsAnnouncementListValue, type AnnouncementKind, type AnnouncementPhase, type OpsAnnouncementBody, type OpsAnnouncementPatch } from '@apsara/contracts';
import { isApiError } from '../../../lib/api';
import { opsKey, opsValue } from './client';

/*
 * Announcements (docs/announcements.md): the site's list with where each stands, one announcement,
 * and an admin's writes. After a write every list, every one read and the audit log are read again.
 */

const ROOT = opsKey('announcements');

export type AnnouncementListQuery = { kind?: AnnouncementKind; phase?: AnnouncementPhase; page: number; around?: string };

/**
 * GET /ops/announcements?kind=&phase=&page=&around= — 20 a page, kind by kind in the portal's order.
 * With `around` the answer is the page holding that announcement (its `page` says which).
 */
export const useOpsAnnouncements = (query: AnnouncementListQuery) =>
  useQuery({
    queryKey: [...ROOT, 'list', query],
    queryFn: () => opsValue('/ops/announcements', { query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)), value: OpsAnnouncementListValue }),
    placeholderData: keepPreviousData,
  });

/** GET /ops/announcements/:id — one announcement as it stands now (ANNOUNCEMENT_NOT_FOUND for none of this site). */
export const useOpsAnnouncement = (id: string | null) =>
  useQuery({
    queryKey: [...ROOT, 'one', id],
    queryFn: () => opsValue(`/ops/announcements/${encodeURIComponent(id ?? '')}`, { value: OpsAnnouncement }),
    enabled: id !== null,
    // The form starts from the announcement as it stands now, not from a copy read before a change.
    refetchOnMount: 'always',
    // Not found stays not found: a 4xx is not tried again.
    retry: (count, error) => count < 1 && !(isApiError(error) && error.status < 500),
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
