import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InboxQuery, InboxResponse, MessageActionResponse, MessageParams, OpsMessageBody, OpsMessageListResponse, OpsMessageResponse, UnreadCountResponse } from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { MessagesService } from './messages.service.js';

/** The member inbox (messageV2, CSP_unreadCount) and the operators' sending side. */
export const messagesRoutes = (app: FastifyInstance, messages: MessagesService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['messages'];
  const writeLimit = { rateLimit: { max: 120, timeWindow: 60_000 } };

  r.get('/wps/messages', {
    schema: { tags, security, summary: "The member's inbox, newest first, 20 a page, with the unread count; empty for trial accounts", querystring: InboxQuery, response: responses(InboxResponse) },
  }, async (req) => okValue(await messages.inbox(await req.requireAuth(), req.query)));

  r.get('/wps/relay/CSP_unreadCount', {
    schema: { tags, security, summary: 'Unread messages of the member (0 for trial accounts)', response: responses(UnreadCountResponse) },
  }, async (req) => okValue({ count: await messages.unread(await req.requireAuth()) }));

  r.post('/wps/messages/:id/read', {
    schema: { tags, security, summary: 'Marks one of the member’s messages read; returns the unread count', params: MessageParams, response: responses(MessageActionResponse) },
    config: writeLimit,
  }, async (req) => okValue(await messages.read(await req.requireAuth(), req.params.id)));

  r.post('/wps/messages/read-all', {
    schema: { tags, security, summary: 'Marks every message of the member read', response: responses(MessageActionResponse) },
    config: writeLimit,
  }, async (req) => okValue(await messages.readAll(await req.requireAuth())));

  r.delete('/wps/messages/:id', {
    schema: { tags, security, summary: 'Deletes one message from the member’s inbox (for them only)', params: MessageParams, response: responses(MessageActionResponse) },
    config: writeLimit,
  }, async (req) => okValue(await messages.remove(await req.requireAuth(), req.params.id)));

  r.post('/ops/messages', {
    schema: { tags: ['ops'], security, summary: 'Sends a message to one member (toUsername) or to every member (toAll); audited; admin and support', body: OpsMessageBody, response: responses(OpsMessageResponse) },
  }, async (req) => okValue(await messages.send(await req.requireOperator(), req.body, clientOf(req))));

  r.get('/ops/messages', {
    schema: { tags: ['ops'], security, summary: 'Messages sent on this site, newest first, 20 a page; admin, finance and support', querystring: InboxQuery, response: responses(OpsMessageListResponse) },
  }, async (req) => okValue(await messages.sentList(await req.requireOperator(), req.query)));
};
