import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHAT_PAGE, ChatReadValue, ChatSendValue, OpsChatDetail, OpsChatListValue, type ChatReadBody, type OpsChatReplyBody } from '@apsara/contracts';
import { opsKey, opsValue } from './client';
import { mergeDetail, newestLineId, oldestLineId, type ChatTab } from '../logic/chats';

/*
 * The customer service inbox (docs/chat.md "Operators"). The queue and the conversation on screen are
 * read again every 5 seconds while the page is visible (TanStack Query pauses intervals in a hidden
 * tab); a conversation is refreshed by asking only for the lines after the newest one shown, and
 * lines are merged in by id, so a refresh never drops what "load earlier" brought.
 */

/** How often the queue and the open conversation are read again. */
export const CHAT_REFRESH_MS = 5_000;

const ROOT = opsKey('chats');
const WAITING = opsKey('chats', 'waiting');
const oneKey = (id: string | null) => opsKey('chats', 'one', id);

const chatPath = (id: string) => `/ops/chats/${encodeURIComponent(id)}`;

/** GET /ops/chats?status=&assigned=&page= — 20 a page, latest activity first; every answer also says how many wait. */
export const useOpsChats = (filter: { status: ChatTab; page: number; assigned?: 'me' }) => {
  const client = useQueryClient();
  return useQuery({
    queryKey: opsKey('chats', 'list', filter),
    queryFn: async () => {
      const value = await opsValue('/ops/chats', { query: filter, value: OpsChatListValue });
      // The menu's badge and the dashboard read the same number: keep it as fresh as the list.
      client.setQueryData(WAITING, value.waiting);
      return value;
    },
    placeholderData: keepPreviousData,
    refetchInterval: CHAT_REFRESH_MS,
  });
};

/** How many conversations wait for an answer (the menu's badge, the dashboard's tile). */
export const useChatWaiting = () =>
  useQuery({
    queryKey: WAITING,
    queryFn: async () => (await opsValue('/ops/chats', { query: { status: 'waiting', page: 1 }, value: OpsChatListValue })).waiting,
    refetchInterval: 30_000,
  });

/**
 * GET /ops/chats/:id — the conversation, its newest lines first read, then every refresh asks only
 * for lines after the newest on screen (`after=`), page after page if many came at once.
 */
export const useOpsChat = (id: string | null) => {
  const client = useQueryClient();
  return useQuery<OpsChatDetail>({
    queryKey: oneKey(id),
    enabled: Boolean(id),
    // A closed conversation takes no more lines (the member starts a new one): nothing to refresh.
    refetchInterval: (query) => (query.state.data?.status === 'closed' ? false : CHAT_REFRESH_MS),
    queryFn: async ({ signal }) => {
      const key = oneKey(id);
      const path = chatPath(id ?? '');
      const seen = client.getQueryData<OpsChatDetail>(key);
      let after = newestLineId(seen);
      if (!seen || !after) {
        const latest = await opsValue(path, { value: OpsChatDetail, signal });
        return mergeDetail(client.getQueryData<OpsChatDetail>(key), latest, 'latest');
      }
      let merged: OpsChatDetail = seen;
      for (let round = 0; round < 20; round += 1) {
        const next = await opsValue(path, { query: { after }, value: OpsChatDetail, signal });
        // Merged into what is in the cache now: "load earlier" may have added lines meanwhile.
        merged = mergeDetail(client.getQueryData<OpsChatDetail>(key) ?? merged, next, 'after');
        if (next.messages.length < CHAT_PAGE) break;
        after = newestLineId(next);
      }
      return merged;
    },
  });
};

/** GET /ops/chats/:id?before= — the 50 lines before the oldest one shown. */
export const useLoadEarlier = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const before = oldestLineId(client.getQueryData<OpsChatDetail>(oneKey(id)));
      if (!before) return;
      const page = await opsValue(chatPath(id), { query: { before }, value: OpsChatDetail });
      client.setQueryData<OpsChatDetail>(oneKey(id), (cur) => mergeDetail(cur, page, 'before'));
    },
  });
};

const useRefreshQueue = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: opsKey('chats', 'list') }), client.invalidateQueries({ queryKey: WAITING })]);
};

/**
 * POST /ops/chats/:id/messages — an answer; the first operator to answer takes the conversation. The
 * answer settles once the conversation has been read again from the newest line shown: putting the
 * new line in by hand would move that cursor past a member's line written a moment before it.
 */
export const useReply = (id: string) => {
  const client = useQueryClient();
  const refreshQueue = useRefreshQueue();
  return useMutation({
    mutationFn: (body: OpsChatReplyBody) => opsValue(`${chatPath(id)}/messages`, { method: 'POST', body, value: ChatSendValue }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: oneKey(id) }), refreshQueue()]),
  });
};

/**
 * POST /ops/chats/:id/read — the member's lines are read up to `upTo`, the newest line on screen (one
 * that arrived since stays unread); the queue's unread counts follow.
 */
export const useMarkRead = (id: string) => {
  const client = useQueryClient();
  const refreshQueue = useRefreshQueue();
  return useMutation({
    mutationFn: (upTo: string | undefined) => opsValue(`${chatPath(id)}/read`, { method: 'POST', body: (upTo ? { upTo } : {}) satisfies ChatReadBody, value: ChatReadValue }),
    onSuccess: ({ unread }) => {
      client.setQueryData<OpsChatDetail>(oneKey(id), (cur) => (cur ? { ...cur, unread } : cur));
      void refreshQueue();
    },
  });
};

/** POST /ops/chats/:id/close — ends it with a line to the member; audited. The conversation is then read again like after an answer. */
export const useCloseChat = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => opsValue(`${chatPath(id)}/close`, { method: 'POST', value: OpsChatDetail }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ROOT }), client.invalidateQueries({ queryKey: opsKey('audit') })]),
  });
};
