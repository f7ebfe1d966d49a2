import { z } from 'zod';
import { ok } from '../envelope.js';
import { localizedTextOf } from './localized.js';
import { IdempotencyKey, IdString } from './ops.js';
import { trimmedText } from './text.js';

/*
 * Customer service chat (spec §1 "Customer service chat", §2 "chat room", §7 relay calls
 * CBS_modelList and CBS_launchChat). docs/chat.md.
 *
 * A signed-in member talks with the site's support operators in one conversation at a time, about a
 * topic the site offers. Operators answer from the back office; the member's open pages hear each
 * answer through their live balance stream (a record change `chat:<conversation>:<message>`).
 */

export const CHAT_TOPICS = ['deposit', 'withdrawal', 'account', 'games', 'promotions', 'other'] as const;
export type ChatTopic = (typeof CHAT_TOPICS)[number];
export const CHAT_STATUSES = ['open', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];
export const CHAT_SENDERS = ['member', 'operator', 'system'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];
/** A message is at most this many characters. */
export const CHAT_MESSAGE_MAX = 1000;
/** Messages a page of a conversation holds. */
export const CHAT_PAGE = 50;

/** No markup in a chat line: it is shown as text, and operators read it in a back office. */
const noAngles = (v: string) => !/[<>]/.test(v);

/** The site's chat settings (merchant config `chat`). */
export const ChatConfig = z
  .object({
    enabled: z.boolean().default(false),
    /** Topics the member picks from, in this order. */
    topics: z.array(z.enum(CHAT_TOPICS)).min(1).max(CHAT_TOPICS.length).default([...CHAT_TOPICS]),
    /** Shown beside the chat: when people answer ("24/7", "09:00–21:00 GMT+7"). */
    hours: localizedTextOf(80).optional(),
    /** The first line a new conversation gets from the site. */
    greeting: localizedTextOf(300).optional(),
    /** An open conversation nobody wrote in for this long is closed by the site. */
    idleCloseHours: z.number().int().min(1).max(168).default(24),
  })
  .default(() => ({ enabled: false, topics: [...CHAT_TOPICS], idleCloseHours: 24 }));
export type ChatConfig = z.infer<typeof ChatConfig>;

/** CBS_modelList — what the chat offers this site's members (public). */
export const ChatModelListValue = z.object({
  enabled: z.boolean(),
  topics: z.array(z.enum(CHAT_TOPICS)),
  hours: localizedTextOf(80).nullable(),
});
export type ChatModelListValue = z.infer<typeof ChatModelListValue>;
export const ChatModelListResponse = ok(ChatModelListValue);

export const ChatMessage = z.object({
  id: IdString,
  sender: z.enum(CHAT_SENDERS),
  /** The operator's username for operator lines (members see the site's name instead when null). */
  operatorName: z.string().nullable(),
  /** The text; a system line is a LocalizedText the portal picks its language from. */
  body: z.union([z.string(), localizedTextOf(300)]),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatConversation = z.object({
  id: IdString,
  topic: z.enum(CHAT_TOPICS),
  status: z.enum(CHAT_STATUSES),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.enum(CHAT_SENDERS).nullable(),
  /** Operator lines the member has not read. */
  unread: z.number().int(),
  /** Messages after `after` (or the latest CHAT_PAGE), oldest first. */
  messages: z.array(ChatMessage),
  /** More messages before the first one shown. */
  earlier: z.boolean(),
});
export type ChatConversation = z.infer<typeof ChatConversation>;

/** CBS_launchChat — opens a conversation on a topic, or returns the member's open one. */
export const ChatLaunchBody = z.strictObject({ topic: z.enum(CHAT_TOPICS) });
export type ChatLaunchBody = z.infer<typeof ChatLaunchBody>;
export const ChatConversationResponse = ok(ChatConversation);

/** GET /wps/chat — the member's open conversation (or their latest), messages after `after`. */
export const ChatQuery = z.object({ after: IdString.optional(), before: IdString.optional() });
export type ChatQuery = z.infer<typeof ChatQuery>;
export const ChatCurrentResponse = ok(z.object({ conversation: ChatConversation.nullable() }));

export const ChatSendBody = z.strictObject({
  body: trimmedText(1, CHAT_MESSAGE_MAX).refine(noAngles, { message: 'must not contain < or >' }),
  idempotencyKey: IdempotencyKey,
});
export type ChatSendBody = z.infer<typeof ChatSendBody>;
export const ChatSendValue = z.object({ message: ChatMessage, replayed: z.boolean() });
export type ChatSendValue = z.infer<typeof ChatSendValue>;
export const ChatSendResponse = ok(ChatSendValue);

/**
 * POST /wps/chat/read and POST /ops/chats/:id/read — the reader has read up to line `upTo`, the newest
 * line on their screen (without it, up to the conversation's latest line). A line that arrived after
 * the reader's last refresh stays unread, and the mark never moves back.
 */
export const ChatReadBody = z.strictObject({ upTo: IdString.optional() });
export type ChatReadBody = z.infer<typeof ChatReadBody>;
/** The other side's lines still unread after the mark. */
export const ChatReadValue = z.object({ unread: z.number().int().min(0) });
export type ChatReadValue = z.infer<typeof ChatReadValue>;
export const ChatReadResponse = ok(ChatReadValue);

// ---- Operators ----

export const OpsChatQuery = z.object({
  /** `waiting`: open, and the member wrote last (someone should answer). */
  status: z.enum(['waiting', 'open', 'closed']).default('open'),
  /** `me`: only conversations the signed-in operator has taken (answered first). */
  assigned: z.enum(['me']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type OpsChatQuery = z.infer<typeof OpsChatQuery>;

export const OpsChatSummary = z.object({
  id: IdString,
  memberId: IdString,
  username: z.string(),
  topic: z.enum(CHAT_TOPICS),
  status: z.enum(CHAT_STATUSES),
  assignedTo: z.string().nullable(),
  /** The member wrote last and nobody answered yet. */
  waiting: z.boolean(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Who ended it: the member, an operator, or the site (`system`: idle past the site's hours). */
  closedBy: z.enum(CHAT_SENDERS).nullable(),
  /** Member lines operators have not read. */
  unread: z.number().int(),
});
export type OpsChatSummary = z.infer<typeof OpsChatSummary>;
export const OpsChatListValue = z.object({ items: z.array(OpsChatSummary), page: z.number(), pageSize: z.number(), total: z.number(), waiting: z.number().int() });
export type OpsChatListValue = z.infer<typeof OpsChatListValue>;
export const OpsChatListResponse = ok(OpsChatListValue);

export const OpsChatDetail = OpsChatSummary.extend({ messages: z.array(ChatMessage), earlier: z.boolean() });
export type OpsChatDetail = z.infer<typeof OpsChatDetail>;
export const OpsChatDetailResponse = ok(OpsChatDetail);

export const OpsChatReplyBody = ChatSendBody;
export type OpsChatReplyBody = z.infer<typeof OpsChatReplyBody>;
