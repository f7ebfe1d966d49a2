import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { InboxValue, MessageActionValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { MEMBER_KEYS } from '../../../lib/member-keys';

/** GET /wps/messages?page — the inbox, 20 a page, with the unread count. */
export const useInbox = (page: number) =>
  useQuery({
    queryKey: [...MEMBER_KEYS.messages, page],
    queryFn: ({ signal }) => apiValue('/wps/messages', { query: { page }, signal, value: InboxValue }),
    placeholderData: keepPreviousData,
  });

/** POST /wps/messages/:id/read */
export const markRead = (id: string) => apiValue(`/wps/messages/${encodeURIComponent(id)}/read`, { method: 'POST', value: MessageActionValue });

/** POST /wps/messages/read-all */
export const markAllRead = () => apiValue('/wps/messages/read-all', { method: 'POST', value: MessageActionValue });

/** DELETE /wps/messages/:id */
export const deleteMessage = (id: string) => apiValue(`/wps/messages/${encodeURIComponent(id)}`, { method: 'DELETE', value: MessageActionValue });
