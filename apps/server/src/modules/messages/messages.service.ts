import { LIST_PAGE_SIZE, isTrialType, type InboxQuery, type InboxValue, type OpsMessageBody, type OpsMessageListValue, type OpsMessageSentValue } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { RecordNotice, SiteNotice } from '../../lib/events.js';
import type { MemberRepository } from '../member/member.repository.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import type { AuthContext } from '../session/session.service.js';
import type { MessagesRepository, Reader } from './messages.repository.js';

const READ_ROLES = ['admin', 'finance', 'support'] as const;
const SEND_ROLES = ['admin', 'support'] as const;

/**
 * The member inbox: a member reads, marks read and deletes their own messages (to them, or to every
 * member since they joined); trial accounts have none (spec §4). Operators send to one member or to
 * all, each send audited.
 */
export const messagesService = (deps: { repo: MessagesRepository; members: MemberRepository; audit: AuditRepository; notify?: RecordNotice; notifyAll?: SiteNotice }) => {
  const { repo, members, audit, notify = () => {}, notifyAll = () => {} } = deps;

  /** Who reads; null for a trial account, which has no inbox. */
  const readerOf = (auth: AuthContext): Reader | null => (isTrialType(auth.type) ? null : { merchantId: auth.merchantId, memberId: auth.memberId });

  const inbox = async (auth: AuthContext, query: InboxQuery): Promise<InboxValue> => {
    const reader = readerOf(auth);
    if (!reader) return { items: [], page: query.page, pageSize: LIST_PAGE_SIZE, total: 0, unread: 0 };
    const { items, total, unread } = await repo.inbox(reader, query.page);
    return {
      items: items.map((m) => ({ id: m.id.toString(), title: m.title, body: m.body, broadcast: m.member_id === null, read: m.read_at !== null, createdAt: m.created_at.toISOString() })),
      page: query.page,
      pageSize: LIST_PAGE_SIZE,
      total,
      unread,
    };
  };

  const unread = async (auth: AuthContext) => {
    const reader = readerOf(auth);
    return reader ? repo.unreadCount(reader) : 0;
  };

  const act = async (auth: AuthContext, what: { id?: string; deleted: boolean }) => {
    const reader = readerOf(auth);
    if (!reader) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
    const done = await repo.mark(reader, { id: what.id === undefined ? undefined : BigInt(what.id), deleted: what.deleted });
    // One message that is not theirs, already deleted, or of another site: the same answer for each.
    if (what.id !== undefined && done.touched === 0) throw new AppError('NOT_FOUND');
    return { unread: done.unread };
  };

  const send = async (actor: OperatorContext, body: OpsMessageBody, client: Client): Promise<OpsMessageSentValue> => {
    allowRoles(actor, SEND_ROLES);
    const key = body.idempotencyKey ?? null;
    const hash = key === null ? null : sha256(JSON.stringify({ title: body.title, body: body.body, to: body.toUsername ?? null }));
    /** The first send under this key, answered again; another message under the same key is refused. */
    const replay = async (): Promise<OpsMessageSentValue | undefined> => {
      const found = key === null ? undefined : await repo.findByKey(actor.merchantId, key);
      if (!found) return undefined;
      if (found.request_hash !== hash) throw new AppError('IDEMPOTENCY_CONFLICT');
      return { id: found.id.toString(), title: found.title, body: found.body, toUsername: found.to_username ?? null, sentBy: found.sent_by_name ?? null, createdAt: found.created_at.toISOString(), replayed: true };
    };
    const earlier = await replay();
    if (earlier) return earlier;
    let to: { id: bigint; username: string } | null = null;
    if (body.toUsername !== undefined) {
      const member = await members.findByUsername(actor.merchantId, body.toUsername);
      if (!member) throw new AppError('MESSAGE_RECIPIENT_UNKNOWN');
      if (isTrialType(member.type)) throw new AppError('MESSAGE_RECIPIENT_TRIAL');
      to = { id: member.id, username: member.username };
    }
    let row: { id: bigint; created_at: Date };
    try {
      row = await repo.db.transaction().execute(async (tx) => {
        const sent = await repo.send({ merchantId: actor.merchantId, memberId: to?.id ?? null, title: body.title, body: body.body, sentBy: actor.operatorId, key, hash }, tx);
        await audit.record(
          {
            merchantId: actor.merchantId,
            operatorId: actor.operatorId,
            action: 'message.send',
            targetType: to ? 'member' : 'merchant',
            targetId: to ? to.id.toString() : actor.merchantId.toString(),
            after: { messageId: sent.id.toString(), title: body.title, to: to?.username ?? 'all' },
            ip: client.ip,
          },
          tx,
        );
        return sent;
      });
    } catch (e) {
      // The same key sent twice at once: the other send went through.
      const other = isUniqueViolation(e) ? await replay() : undefined;
      if (other) return other;
      throw e;
    }
    // The open pages of the member (or of every member) read their inbox and its count again.
    if (to) notify(actor.merchantId, to.id, `message:${row.id}`);
    else notifyAll(actor.merchantId, `message:${row.id}`);
    return { id: row.id.toString(), title: body.title, body: body.body, toUsername: to?.username ?? null, sentBy: actor.username, createdAt: row.created_at.toISOString(), replayed: false };
  };

  const sentList = async (actor: OperatorContext, query: InboxQuery): Promise<OpsMessageListValue> => {
    allowRoles(actor, READ_ROLES);
    const { items, total } = await repo.sentPage(actor.merchantId, query.page);
    return {
      items: items.map((m) => ({ id: m.id.toString(), title: m.title, body: m.body, toUsername: m.to_username ?? null, sentBy: m.sent_by_name ?? null, createdAt: m.created_at.toISOString() })),
      page: query.page,
      pageSize: LIST_PAGE_SIZE,
      total,
    };
  };

  return { inbox, unread, read: (auth: AuthContext, id: string) => act(auth, { id, deleted: false }), readAll: (auth: AuthContext) => act(auth, { deleted: false }), remove: (auth: AuthContext, id: string) => act(auth, { id, deleted: true }), send, sentList };
};
export type MessagesService = ReturnType<typeof messagesService>;
