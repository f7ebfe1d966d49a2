import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsMessageListValue, OpsMessageSentValue, type OpsMessageBody } from '@apsara/contracts';
import { opsKey, opsValue } from './client';

/* Member messages (docs/messages.md): what the site sent, and a new one. */

const ROOT = opsKey('messages');

/** GET /ops/messages?page= — newest first, 20 a page; admin, finance and support. */
export const useOpsMessages = (page: number) =>
  useQuery({ queryKey: [...ROOT, page], queryFn: () => opsValue('/ops/messages', { query: { page }, value: OpsMessageListValue }), placeholderData: keepPreviousData });

/** POST /ops/messages — admin and support; with a key a resend answers the first message (`replayed`). */
export const useSendMessage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsMessageBody) => opsValue('/ops/messages', { method: 'POST', body, value: OpsMessageSentValue }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ROOT }), client.invalidateQueries({ queryKey: opsKey('audit') })]),
  });
};
