import {
  CHAT_PAGE,
  LIST_PAGE_SIZE,
  isTrialType,
  localize,
  type Lang,
  type ChatConversation,
  type ChatLaunchBody,
  type ChatMessage,
  type ChatModelListValue,
  type ChatQuery,
  type ChatReadBody,
  type ChatReadValue,
  type ChatSendBody,
  type ChatSendValue,
  type OpsChatDetail,
  type OpsChatListValue,
  type OpsChatQuery,
  type OpsChatSummary,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/crypto.js';
import type { RecordNotice } from '../../lib/events.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { LocalizedName } from '../../db/schema.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { ChatRepository, ConversationRow, ConversationView, MessageRow } from './chat.repository.js';

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const ANSWER_ROLES = ['admin', 'support'] as const;

/** What the site writes into a conversation itself, in the portal's languages. */
const SYSTEM_LINES = {
  closedByMember: { en: 'You ended this conversation.', km: 'អ្នកបានបញ្ចប់ការសន្ទនានេះ។', cn: '您已结束本次会话。' },
  closedByOperator: { en: 'Customer service ended this conversation. Start a new one any time.', km: 'សេវាអតិថិជនបានបញ្ចប់ការសន្ទនានេះ។ អ្នកអាចចាប់ផ្ដើមការសន្ទនាថ្មីបានគ្រប់ពេល។', cn: '客服已结束本次会话，您可随时发起新的会话。' },
  closedIdle: { en: 'This conversation was closed after a long quiet. Start a new one any time.', km: 'ការសន្ទនានេះត្រូវបានបិទបន្ទាប់ពីស្ងាត់យូរ។ អ្នកអាចចាប់ផ្ដើមការសន្ទនាថ្មីបានគ្រប់ពេល។', cn: '本次会话长时间无新消息，已自动关闭。您可随时发起新的会话。' },
} as const;

const messageDto = (m: MessageRow): ChatMessage => ({
  id: m.id.toString(),
  sender: m.sender,
  operatorName: m.sender === 'operator' ? m.operator_name : null,
  body: m.body,
  createdAt: m.created_at.toISOString(),
});

/** The last line as the queue shows it: a system line in the operator's language. */
const lastText = (body: LocalizedName | null, lang: Lang) => (body === null ? null : localize(body, lang));

const summaryDto = (c: ConversationView, lang: Lang): OpsChatSummary => ({
  id: c.id.toString(),
  memberId: c.member_id.toString(),
  username: c.username,
  topic: c.topic,
  status: c.status,
  assignedTo: c.assigned_name,
  waiting: c.status === 'open' && c.last_sender === 'member',
  lastMessage: lastText(c.last_body, lang),
  lastMessageAt: c.last_message_at.toISOString(),
  createdAt: c.created_at.toISOString(),
  closedAt: c.closed_at?.toISOString() ?? null,
  closedBy: c.closed_by,
  unread: c.unread_member,
});

/** A member's line or an operator's: the same key with the same words answers the first; other words are a conflict. */
const hashOf = (body: string) => sha256(body);

/**
 * Customer service chat (spec §1, §7 CBS_modelList and CBS_launchChat; docs/chat.md). A member has at
 * most one open conversation; operators answer from the back office, and the member's pages hear it
 * through the live balance stream. Lines are never edited or removed.
 */
export const chatService = (deps: { repo: ChatRepository; audit: AuditRepository; notify?: RecordNotice; merchants?: () => Promise<Merchant[]> }) => {
  const { repo, audit, notify = () => {} } = deps;

  const requireChat = (merchant: Merchant, auth: AuthContext) => {
    if (!merchant.config.chat.enabled) throw new AppError('CHAT_DISABLED');
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
  };

  const models = (merchant: Merchant): ChatModelListValue => {
    const c = merchant.config.chat;
    return { enabled: c.enabled, topics: c.enabled ? c.topics : [], hours: c.hours ?? null };
  };

  const conversationDto = async (c: ConversationRow, query: ChatQuery = {}): Promise<ChatConversation> => {
    const { rows, earlier } = await repo.page(c.id, CHAT_PAGE, { after: query.after === undefined ? undefined : BigInt(query.after), before: query.before === undefined ? undefined : BigInt(query.before) });
    return {
      id: c.id.toString(),
      topic: c.topic,
      status: c.status,
      createdAt: c.created_at.toISOString(),
      closedAt: c.closed_at?.toISOString() ?? null,
      closedBy: c.closed_by,
      unread: await repo.unread(c.id, c.member_read_id, ['operator']),
      messages: rows.map(messageDto),
      earlier,
    };
  };

  const launch = async (merchant: Merchant, auth: AuthContext, body: ChatLaunchBody): Promise<ChatConversation> => {
    requireChat(merchant, auth);
    if (!merchant.config.chat.topics.includes(body.topic)) {
      throw new AppError('VALIDATION_FAILED', ['topic'], { fields: [{ field: 'topic', rule: 'offered', message: '' }] });
    }
    const row = await repo.db.transaction().execute(async (tx) => {
      const made = await repo.open(tx, { merchantId: merchant.id, memberId: auth.memberId, topic: body.topic });
      if (!made) return (await repo.currentOf(merchant.id, auth.memberId, tx))!;
      const greeting = merchant.config.chat.greeting;
      if (greeting) await repo.add(tx, { conversationId: made.id, merchantId: merchant.id, sender: 'system', body: greeting });
      return made;
    });
    return conversationDto(row);
  };

  const current = async (merchant: Merchant, auth: AuthContext, query: ChatQuery) => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const c = await repo.currentOf(merchant.id, auth.memberId);
    return { conversation: c ? await conversationDto(c, query) : null };
  };

  const send = async (merchant: Merchant, auth: AuthContext, body: ChatSendBody): Promise<ChatSendValue> => {
    requireChat(merchant, auth);
    const hash = hashOf(body.body);
    const replay = async () => {
      const found = await repo.byKey(merchant.id, { memberId: auth.memberId }, body.idempotencyKey, 'member');
      if (!found) return undefined;
      if (found.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { message: messageDto(found), replayed: true };
    };
    const earlier = await replay();
    if (earlier) return earlier;
    try {
      const message = await repo.db.transaction().execute(async (tx) => {
        const open = await repo.lockOpenOf(tx, merchant.id, auth.memberId);
        if (!open) throw new AppError('CHAT_NOT_OPEN');
        return repo.add(tx, { conversationId: open.id, merchantId: merchant.id, sender: 'member', body: body.body, key: body.idempotencyKey, hash });
      });
      return { message: messageDto(message), replayed: false };
    } catch (e) {
      // The same key sent twice at once: the second waits for the first and answers it.
      if (isUniqueViolation(e)) return (await replay())!;
      throw e;
    }
  };

  const upToOf = (body: ChatReadBody | null | undefined) => (body?.upTo === undefined ? undefined : BigInt(body.upTo));

  const read = async (merchant: Merchant, auth: AuthContext, body?: ChatReadBody | null): Promise<ChatReadValue> => {
    const c = await repo.currentOf(merchant.id, auth.memberId);
    if (!c) return { unread: 0 };
    const mark = await repo.markRead(merchant.id, c.id, 'member', upToOf(body));
    return { unread: await repo.unread(c.id, mark, ['operator']) };
  };

  const closeByMember = async (merchant: Merchant, auth: AuthContext): Promise<ChatConversation> => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const closed = await repo.db.transaction().execute(async (tx) => {
      const open = await repo.lockOpenOf(tx, merchant.id, auth.memberId);
      if (!open) throw new AppError('CHAT_NOT_OPEN');
      await repo.add(tx, { conversationId: open.id, merchantId: merchant.id, sender: 'system', body: SYSTEM_LINES.closedByMember });
      return repo.close(tx, open.id, 'member');
    });
    await repo.markRead(merchant.id, closed.id, 'member');
    return conversationDto((await repo.currentOf(merchant.id, auth.memberId)) ?? closed);
  };

  // ---- operators ----

  const opsList = async (actor: OperatorContext, query: OpsChatQuery, lang: Lang): Promise<OpsChatListValue> => {
    allowRoles(actor, READ_ROLES);
    const { items, total, waiting } = await repo.list(actor.merchantId, query.status, query.page, LIST_PAGE_SIZE, query.assigned === 'me' ? actor.operatorId : undefined);
    return { items: items.map((c) => summaryDto(c, lang)), page: query.page, pageSize: LIST_PAGE_SIZE, total, waiting };
  };

  const found = async (actor: OperatorContext, idText: string) => {
    const c = await repo.view(actor.merchantId, BigInt(idText));
    if (!c) throw new AppError('CHAT_NOT_FOUND');
    return c;
  };

  const opsDetail = async (actor: OperatorContext, idText: string, query: ChatQuery, lang: Lang): Promise<OpsChatDetail> => {
    allowRoles(actor, READ_ROLES);
    const c = await found(actor, idText);
    const { rows, earlier } = await repo.page(c.id, CHAT_PAGE, { after: query.after === undefined ? undefined : BigInt(query.after), before: query.before === undefined ? undefined : BigInt(query.before) });
    return { ...summaryDto(c, lang), messages: rows.map(messageDto), earlier };
  };

  const opsRead = async (actor: OperatorContext, idText: string, body?: ChatReadBody | null): Promise<ChatReadValue> => {
    allowRoles(actor, ANSWER_ROLES);
    const c = await found(actor, idText);
    const mark = await repo.markRead(actor.merchantId, c.id, 'operator', upToOf(body));
    return { unread: await repo.unread(c.id, mark, ['member']) };
  };

  const reply = async (actor: OperatorContext, idText: string, body: ChatSendBody): Promise<ChatSendValue> => {
    allowRoles(actor, ANSWER_ROLES);
    const id = BigInt(idText);
    const hash = hashOf(body.body);
    const replay = async () => {
      const found = await repo.byKey(actor.merchantId, { conversationId: id }, body.idempotencyKey, 'operator');
      if (!found) return undefined;
      if (found.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { message: messageDto(found), replayed: true };
    };
    const earlier = await replay();
    if (earlier) return earlier;
    let memberId: bigint;
    let message: MessageRow;
    try {
      ({ memberId, message } = await repo.db.transaction().execute(async (tx) => {
        const c = await repo.lock(tx, actor.merchantId, id);
        if (!c) throw new AppError('CHAT_NOT_FOUND');
        if (c.status !== 'open') throw new AppError('CHAT_NOT_OPEN');
        return { memberId: c.member_id, message: await repo.add(tx, { conversationId: c.id, merchantId: actor.merchantId, sender: 'operator', operatorId: actor.operatorId, body: body.body, key: body.idempotencyKey, hash }) };
      }));
    } catch (e) {
      if (isUniqueViolation(e)) return (await replay())!;
      throw e;
    }
    notify(actor.merchantId, memberId, `chat:${idText}:${message.id}`);
    return { message: messageDto(message), replayed: false };
  };

  const opsClose = async (actor: OperatorContext, idText: string, client: Client, lang: Lang): Promise<OpsChatDetail> => {
    allowRoles(actor, ANSWER_ROLES);
    const id = BigInt(idText);
    const memberId = await repo.db.transaction().execute(async (tx) => {
      const c = await repo.lock(tx, actor.merchantId, id);
      if (!c) throw new AppError('CHAT_NOT_FOUND');
      if (c.status !== 'open') throw new AppError('CHAT_NOT_OPEN');
      await repo.add(tx, { conversationId: c.id, merchantId: actor.merchantId, sender: 'system', body: SYSTEM_LINES.closedByOperator });
      await repo.close(tx, c.id, 'operator');
      await audit.record({ merchantId: actor.merchantId, operatorId: actor.operatorId, action: 'chat.close', targetType: 'chat', targetId: idText, before: { status: 'open' }, after: { status: 'closed' }, ip: client.ip }, tx);
      return c.member_id;
    });
    notify(actor.merchantId, memberId, `chat:${idText}:closed`);
    return opsDetail(actor, idText, {}, lang);
  };

  /**
   * Closes open conversations nobody wrote in for the site's `idleCloseHours`, a few at a time; rows
   * another node is closing are skipped, and so are members waiting for an answer (they stay in the
   * back office's waiting queue, however long). Returns how many it closed.
   */
  const closeIdle = async (now = new Date()) => {
    let closed = 0;
    for (const merchant of (await deps.merchants?.()) ?? []) {
      const before = new Date(now.getTime() - merchant.config.chat.idleCloseHours * 3_600_000);
      const done = await repo.db.transaction().execute(async (tx) => {
        const idle = await repo.idle(tx, merchant.id, before, 100);
        for (const c of idle) {
          await repo.add(tx, { conversationId: c.id, merchantId: merchant.id, sender: 'system', body: SYSTEM_LINES.closedIdle });
          await repo.close(tx, c.id, 'system');
        }
        return idle;
      });
      for (const c of done) notify(merchant.id, c.member_id, `chat:${c.id}:closed`);
      closed += done.length;
    }
    return closed;
  };

  return { models, launch, current, send, read, closeByMember, opsList, opsDetail, opsRead, reply, opsClose, closeIdle };
};
export type ChatService = ReturnType<typeof chatService>;
