import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CHAT_PAGE,
  ChatConversation,
  ChatModelListValue,
  ChatReadValue,
  ChatSendValue,
  type ChatLaunchBody,
  type ChatReadBody,
  type ChatTopic,
} from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { lastMessageId, mergeConversation, withMessage } from '../logic/messages';

/*
 * The customer service chat's calls (packages/contracts/src/calls/chat.ts, docs/chat.md).
 *
 * The member's conversation lives under ['member', 'chat']: signing out drops it with the other
 * member data, and the live balance stream marks it stale when it hears an operator's answer
 * (`chat:<conversation>:<message>`) or a close (`chat:<conversation>:closed`), so the conversation is
 * read again at once; money moving leaves it alone (features/auth/logic/balance-feed.ts, staleAfter).
 */

export const CHAT_MODELS_KEY = ['chat', 'models'] as const;
export const CHAT_KEY = ['member', 'chat'] as const;

/** Rereads while the panel shows an open conversation and the page is in view, in case the stream is down. */
export const CHAT_POLL_MS = 15_000;

const CurrentValue = z.object({ conversation: ChatConversation.nullable() });

/** CBS_modelList — whether the site's chat is on, its topics and its hours (public). */
export const useChatModels = (enabled = true) =>
  useQuery({
    queryKey: CHAT_MODELS_KEY,
    queryFn: ({ signal }) => apiValue('/wps/relay/CBS_modelList', { signal, value: ChatModelListValue }),
    enabled,
    staleTime: 5 * 60_000,
  });

const current = (query: { after?: string; before?: string }, signal?: AbortSignal) =>
  apiValue('/wps/chat', { query, signal, value: CurrentValue }).then((v) => v.conversation);

/** Lines after one id, however many arrived (the server answers a page at a time). */
const linesAfter = async (after: string, signal?: AbortSignal): Promise<ChatConversation | null> => {
  let heard = await current({ after }, signal);
  // A full page may have more behind it; a few passes catch up after a long time away.
  let page = heard?.messages.length ?? 0;
  for (let pass = 0; heard && page >= CHAT_PAGE && pass < 10; pass += 1) {
    const more = await current({ after: lastMessageId(heard)! }, signal);
    if (!more || more.id !== heard.id) return more;
    page = more.messages.length;
    heard = { ...more, messages: [...heard.messages, ...more.messages] };
  }
  return heard;
};

/**
 * Where the next read starts: the last line the server listed, per conversation. Not the last line
 * held: the member's own line, added when its send is answered, may be newer than an operator's
 * answer written a moment before it and not read yet, which a read after it would skip.
 */
const readTo = new WeakMap<QueryClient, { conversation: string; id: string }>();

const heardUpTo = (queryClient: QueryClient, heard: ChatConversation | null) => {
  const last = lastMessageId(heard);
  if (heard && last) readTo.set(queryClient, { conversation: heard.id, id: last });
};

/**
 * Reads the conversation: the latest page the first time (and for a closed one), then only the lines
 * after the last one read, merged into what is already on screen (and any older page loaded meanwhile).
 */
export const readConversation = async (queryClient: QueryClient, signal?: AbortSignal): Promise<ChatConversation | null> => {
  const held = queryClient.getQueryData<ChatConversation | null>(CHAT_KEY);
  const cursor = readTo.get(queryClient);
  const after = held?.status === 'open' ? (cursor?.conversation === held.id ? cursor.id : lastMessageId(held)) : undefined;
  let heard = after ? await linesAfter(after, signal) : await current({}, signal);
  // Another conversation than the one held (opened in another tab): its latest page, not a slice.
  if (after && heard && heard.id !== held?.id) heard = await current({}, signal);
  heardUpTo(queryClient, heard);
  return mergeConversation(queryClient.getQueryData<ChatConversation | null>(CHAT_KEY), heard);
};

/** GET /wps/chat — the member's open conversation, else their latest, kept fresh by the stream and a gentle poll. */
export const useConversation = (queryClient: QueryClient, opts: { enabled: boolean; poll: boolean }) =>
  useQuery({
    queryKey: CHAT_KEY,
    queryFn: ({ signal }) => readConversation(queryClient, signal),
    enabled: opts.enabled,
    // Only while the tab is in view (TanStack pauses intervals in the background).
    refetchInterval: (q) => (opts.poll && q.state.data?.status === 'open' ? CHAT_POLL_MS : false),
    staleTime: 10_000,
  });

/** GET /wps/chat?before= — the page before the oldest line shown, merged in. */
export const loadEarlier = async (queryClient: QueryClient, before: string) => {
  const page = await current({ before });
  // Merged only into the same conversation: a new one opened meanwhile has its own lines.
  queryClient.setQueryData<ChatConversation | null>(CHAT_KEY, (held) => (held && page && held.id === page.id ? mergeConversation(held, page) : held));
};

const keep = (queryClient: QueryClient, heard: ChatConversation) => {
  heardUpTo(queryClient, heard);
  queryClient.setQueryData<ChatConversation | null>(CHAT_KEY, (held) => mergeConversation(held, heard));
  return heard;
};

/** CBS_launchChat — opens a conversation on the topic, or answers the member's open one. */
export const launchChat = async (queryClient: QueryClient, topic: ChatTopic) =>
  keep(queryClient, await apiValue('/wps/relay/CBS_launchChat', { method: 'POST', body: { topic } satisfies ChatLaunchBody, value: ChatConversation }));

/** POST /wps/chat/messages — one line under its idempotency key (a resend answers the stored line). */
export const sendChatLine = (body: string, idempotencyKey: string) =>
  apiValue('/wps/chat/messages', { method: 'POST', body: { body, idempotencyKey }, value: ChatSendValue });

/** The confirmed line, into the conversation on screen (where the next read starts stays put). */
export const keepSentLine = (queryClient: QueryClient, sent: ChatSendValue) =>
  queryClient.setQueryData<ChatConversation | null>(CHAT_KEY, (held) => withMessage(held, sent.message));

/**
 * POST /wps/chat/read — the member has read the site's lines up to `upTo`, the newest line on screen
 * (a line that arrived since stays unread). Answers how many are still unread.
 */
export const markChatRead = (upTo: string | undefined) =>
  apiValue('/wps/chat/read', { method: 'POST', body: (upTo ? { upTo } : {}) satisfies ChatReadBody, value: ChatReadValue });

/** POST /wps/chat/close — the member ends the conversation. */
export const endChat = async (queryClient: QueryClient) => keep(queryClient, await apiValue('/wps/chat/close', { method: 'POST', value: ChatConversation }));
