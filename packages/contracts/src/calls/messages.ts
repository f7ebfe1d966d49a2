import { z } from 'zod';
import { ok } from '../envelope.js';
import { LIST_PAGE_SIZE } from '../constants.js';
import { IdempotencyKey, IdString } from './ops.js';
import { trimmedText } from './text.js';

/** The member inbox (spec §2 messageV2; §3 member info's unread messages; CSP_unreadCount). */
export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_BODY_MAX = 2000;

export const InboxMessage = z.object({
  id: IdString,
  title: z.string(),
  body: z.string(),
  /** To every member of the site, or to this member alone. */
  broadcast: z.boolean(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

export const InboxQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export type InboxQuery = z.infer<typeof InboxQuery>;
export const InboxValue = z.object({ items: z.array(InboxMessage), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number(), unread: z.number().int() });
export const InboxResponse = ok(InboxValue);
export type InboxValue = z.infer<typeof InboxValue>;

/** GET /wps/relay/CSP_unreadCount */
export const UnreadCountValue = z.object({ count: z.number().int() });
export const UnreadCountResponse = ok(UnreadCountValue);

export const MessageParams = z.object({ id: IdString });
/** POST /wps/messages/:id/read, /wps/messages/read-all, DELETE /wps/messages/:id — the unread count after. */
export const MessageActionValue = z.object({ unread: z.number().int() });
export const MessageActionResponse = ok(MessageActionValue);

/** POST /ops/messages — to one member by username, or to every member (`toAll`), never both. */
export const OpsMessageBody = z
  .strictObject({
    title: trimmedText(1, MESSAGE_TITLE_MAX).refine((v) => !/[\r\n]/.test(v), { message: 'one line only' }),
    body: trimmedText(1, MESSAGE_BODY_MAX),
    toUsername: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9_]+$/, { message: 'a username' }).optional(),
    toAll: z.literal(true).optional(),
    /** With a key, sending again (a timeout, a double click) answers with the first message: nothing is delivered twice. */
    idempotencyKey: IdempotencyKey.optional(),
  })
  .refine((v) => (v.toUsername === undefined) !== (v.toAll === undefined), { message: 'give either toUsername or toAll', path: ['toUsername'] });
export type OpsMessageBody = z.infer<typeof OpsMessageBody>;

export const OpsMessage = z.object({
  id: IdString,
  title: z.string(),
  body: z.string(),
  /** null: every member. */
  toUsername: z.string().nullable(),
  sentBy: z.string().nullable(),
  createdAt: z.string(),
});
export type OpsMessage = z.infer<typeof OpsMessage>;
/** The message sent; `replayed` when its key had been used and this is the first send again. */
export const OpsMessageSentValue = OpsMessage.extend({ replayed: z.boolean() });
export type OpsMessageSentValue = z.infer<typeof OpsMessageSentValue>;
export const OpsMessageResponse = ok(OpsMessageSentValue);
export const OpsMessageListValue = z.object({ items: z.array(OpsMessage), page: z.number(), pageSize: z.literal(LIST_PAGE_SIZE), total: z.number() });
export const OpsMessageListResponse = ok(OpsMessageListValue);
export type OpsMessageListValue = z.infer<typeof OpsMessageListValue>;
