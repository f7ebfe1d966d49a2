import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChatConversationResponse,
  ChatCurrentResponse,
  ChatLaunchBody,
  ChatModelListResponse,
  ChatQuery,
  ChatReadBody,
  ChatReadResponse,
  ChatSendBody,
  ChatSendResponse,
  IdString,
  OpsChatDetailResponse,
  OpsChatListResponse,
  OpsChatQuery,
  OpsChatReplyBody,
} from '@apsara/contracts';
import { z } from 'zod';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { ChatService } from './chat.service.js';

const IdParams = z.object({ id: IdString });

/** Customer service chat (spec §7 CBS_modelList, CBS_launchChat) and its back office. */
export const chatRoutes = (app: FastifyInstance, chat: ChatService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['chat'];
  // A person types a line every few seconds at most; faster is a script.
  const writeLimit = { rateLimit: { max: 20, timeWindow: 60_000 } };

  const models = { schema: { tags, summary: "What the site's chat offers: on or off, its topics and hours; public", response: responses(ChatModelListResponse) } };
  r.get('/wps/relay/CBS_modelList', models, async (req) => okValue(chat.models(req.merchant)));
  r.get('/wps/chat/models', models, async (req) => okValue(chat.models(req.merchant)));

  const launch = {
    schema: { tags, security, summary: 'Opens a conversation on a topic, or answers the member\'s open one', body: ChatLaunchBody, response: responses(ChatConversationResponse) },
    config: writeLimit,
  };
  r.post('/wps/relay/CBS_launchChat', launch, async (req) => okValue(await chat.launch(req.merchant, await req.requireAuth(), req.body)));
  r.post('/wps/chat/launch', launch, async (req) => okValue(await chat.launch(req.merchant, await req.requireAuth(), req.body)));

  r.get('/wps/chat', {
    schema: { tags, security, summary: "The member's open conversation (else their latest) with its lines: the latest 50, those after `after`, or 50 before `before`", querystring: ChatQuery, response: responses(ChatCurrentResponse) },
  }, async (req) => okValue(await chat.current(req.merchant, await req.requireAuth(), req.query)));

  r.post('/wps/chat/messages', {
    schema: { tags, security, summary: 'Writes a line (1–1000 characters) in the open conversation; idempotent per key', body: ChatSendBody, response: responses(ChatSendResponse) },
    config: writeLimit,
  }, async (req) => okValue(await chat.send(req.merchant, await req.requireAuth(), req.body)));

  r.post('/wps/chat/read', {
    schema: { tags, security, summary: "Marks the site's lines read up to the newest line on the member's screen", body: ChatReadBody.nullish(), response: responses(ChatReadResponse) },
  }, async (req) => okValue(await chat.read(req.merchant, await req.requireAuth(), req.body)));

  r.post('/wps/chat/close', {
    schema: { tags, security, summary: 'Ends the open conversation', response: responses(ChatConversationResponse) },
  }, async (req) => okValue(await chat.closeByMember(req.merchant, await req.requireAuth())));

  const ops = ['ops'];
  r.get('/ops/chats', {
    schema: { tags: ops, security, summary: 'Conversations, latest activity first, 20 a page: waiting (the member wrote last), open or closed, optionally only those the operator took (`assigned=me`); a system line in the request language; admin, finance and support', querystring: OpsChatQuery, response: responses(OpsChatListResponse) },
  }, async (req) => okValue(await chat.opsList(await req.requireOperator(), req.query, req.lang)));

  r.get('/ops/chats/:id', {
    schema: { tags: ops, security, summary: 'One conversation with its lines (as GET /wps/chat pages them); admin, finance and support', params: IdParams, querystring: ChatQuery, response: responses(OpsChatDetailResponse) },
  }, async (req) => okValue(await chat.opsDetail(await req.requireOperator(), req.params.id, req.query, req.lang)));

  r.post('/ops/chats/:id/messages', {
    schema: { tags: ops, security, summary: 'Answers the member (the first to answer takes the conversation); idempotent per key; admin and support', params: IdParams, body: OpsChatReplyBody, response: responses(ChatSendResponse) },
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
  }, async (req) => okValue(await chat.reply(await req.requireOperator(), req.params.id, req.body)));

  r.post('/ops/chats/:id/read', {
    schema: { tags: ops, security, summary: "Marks the member's lines read up to the newest line on the operator's screen; admin and support", params: IdParams, body: ChatReadBody.nullish(), response: responses(ChatReadResponse) },
  }, async (req) => okValue(await chat.opsRead(await req.requireOperator(), req.params.id, req.body)));

  r.post('/ops/chats/:id/close', {
    schema: { tags: ops, security, summary: 'Ends a conversation; audited; admin and support', params: IdParams, response: responses(OpsChatDetailResponse) },
  }, async (req) => okValue(await chat.opsClose(await req.requireOperator(), req.params.id, clientOf(req), req.lang)));
};
