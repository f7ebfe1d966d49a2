import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { ChatTopic } from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import type { ChatConversationsTable, ChatMessagesTable, DB, LocalizedName } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';

export type ConversationRow = Selectable<ChatConversationsTable>;
export type MessageRow = Selectable<ChatMessagesTable> & { operator_name: string | null };
export type ConversationView = ConversationRow & { username: string; assigned_name: string | null; last_body: LocalizedName | null; unread_member: number };

type Sender = 'member' | 'operator' | 'system';

/** Conversations and their lines. Every query is scoped to a merchant. */
export const chatRepository = (db: Database) => {
  const messages = (ex: Database | Tx = db) =>
    ex
      .selectFrom('chat_messages as m')
      .leftJoin('operators as o', (j) => j.onRef('o.id', '=', 'm.operator_id').onRef('o.merchant_id', '=', 'm.merchant_id'))
      .selectAll('m')
      .select('o.username as operator_name');

  /** A conversation with what the back office lists beside it: the member, the operator on it, its last line, member lines unread. */
  const summary = (q: SelectQueryBuilder<DB & { c: ChatConversationsTable }, 'c', object>) =>
    q
      .innerJoin('members as mb', (j) => j.onRef('mb.id', '=', 'c.member_id').onRef('mb.merchant_id', '=', 'c.merchant_id'))
      .leftJoin('operators as o', (j) => j.onRef('o.id', '=', 'c.assigned_to').onRef('o.merchant_id', '=', 'c.merchant_id'))
      .selectAll('c')
      .select(['mb.username', 'o.username as assigned_name'])
      .select((eb) => eb.selectFrom('chat_messages as m').select('m.body').whereRef('m.conversation_id', '=', 'c.id').orderBy('m.id', 'desc').limit(1).as('last_body'))
      .select((eb) =>
        eb
          .selectFrom('chat_messages as m')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.sender', '=', 'member')
          .whereRef('m.id', '>', 'c.operator_read_id')
          .as('unread_member'),
      );

  return {
    db,

    /** The member's open conversation, else their latest. */
    currentOf: (merchantId: bigint, memberId: bigint, ex: Database | Tx = db) =>
      ex
        .selectFrom('chat_conversations')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .orderBy(sql`status = 'open'`, 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** Opens a conversation unless the member has one open (then undefined: the caller reads it). */
    open: async (tx: Tx, c: { merchantId: bigint; memberId: bigint; topic: ChatTopic }) =>
      tx
        .insertInto('chat_conversations')
        .values({ merchant_id: c.merchantId, member_id: c.memberId, topic: c.topic })
        // The index's predicate written out, not a parameter: a generic plan could not match a `$1` to it.
        .onConflict((oc) => oc.column('member_id').where(sql<boolean>`status = 'open'`).doNothing())
        .returningAll()
        .executeTakeFirst(),

    lock: (tx: Tx, merchantId: bigint, id: bigint) =>
      tx.selectFrom('chat_conversations').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst(),

    lockOpenOf: (tx: Tx, merchantId: bigint, memberId: bigint) =>
      tx.selectFrom('chat_conversations').selectAll().where('merchant_id', '=', merchantId).where('member_id', '=', memberId).where('status', '=', 'open').forUpdate().executeTakeFirst(),

    /** A line sent under this key in one of the member's conversations (or this conversation, for operators). */
    byKey: (merchantId: bigint, where: { memberId?: bigint; conversationId?: bigint }, key: string, sender: Sender) =>
      messages()
        .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
        .where('m.merchant_id', '=', merchantId)
        .where('m.idempotency_key', '=', key)
        .where('m.sender', '=', sender)
        .$if(where.memberId !== undefined, (q) => q.where('c.member_id', '=', where.memberId!))
        .$if(where.conversationId !== undefined, (q) => q.where('m.conversation_id', '=', where.conversationId!))
        .executeTakeFirst() as Promise<MessageRow | undefined>,

    add: async (tx: Tx, m: { conversationId: bigint; merchantId: bigint; sender: Sender; operatorId?: bigint; body: LocalizedName; key?: string; hash?: string }) => {
      const row = await tx
        .insertInto('chat_messages')
        .values({
          conversation_id: m.conversationId,
          merchant_id: m.merchantId,
          sender: m.sender,
          operator_id: m.operatorId ?? null,
          body: JSON.stringify(m.body),
          idempotency_key: m.key ?? null,
          request_hash: m.hash ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const readMark = m.sender === 'member' ? { member_read_id: row.id } : m.sender === 'operator' ? { operator_read_id: row.id } : {};
      await tx
        .updateTable('chat_conversations')
        .set({ last_message_at: sql<Date>`now()`, last_sender: m.sender, ...readMark, ...(m.sender === 'operator' ? { assigned_to: sql<bigint>`coalesce(assigned_to, ${m.operatorId!})` } : {}) })
        .where('id', '=', m.conversationId)
        .execute();
      return (await messages(tx).where('m.id', '=', row.id).executeTakeFirstOrThrow()) as MessageRow;
    },

    close: (tx: Tx, id: bigint, by: Sender) =>
      tx.updateTable('chat_conversations').set({ status: 'closed', closed_at: sql<Date>`now()`, closed_by: by }).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

    /**
     * Marks one side's reading up to line `upTo` (at most the conversation's last line; without it, the
     * last line). The mark only moves forward. Returns the side's read mark after it.
     */
    markRead: async (merchantId: bigint, id: bigint, side: 'member' | 'operator', upTo?: bigint) => {
      const column = side === 'member' ? 'member_read_id' : 'operator_read_id';
      const latest = sql<bigint>`coalesce((select max(id) from chat_messages where conversation_id = ${id}), 0)`;
      const target = upTo === undefined ? latest : sql<bigint>`least(${upTo}::int8, ${latest})`;
      const row = await db
        .updateTable('chat_conversations')
        .set({ [column]: sql<bigint>`greatest(${sql.ref(column)}, ${target})` })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returning(column)
        .executeTakeFirst();
      return row ? (row as Record<typeof column, bigint>)[column] : 0n;
    },

    /** Lines of a conversation: after an id (oldest first), before an id, or the latest `limit`. */
    page: async (conversationId: bigint, limit: number, opts: { after?: bigint; before?: bigint }) => {
      let q = messages().where('m.conversation_id', '=', conversationId);
      if (opts.after !== undefined) {
        const rows = (await q.where('m.id', '>', opts.after).orderBy('m.id').limit(limit + 1).execute()) as MessageRow[];
        return { rows: rows.slice(0, limit), earlier: false };
      }
      if (opts.before !== undefined) q = q.where('m.id', '<', opts.before);
      const rows = (await q.orderBy('m.id', 'desc').limit(limit + 1).execute()) as MessageRow[];
      return { rows: rows.slice(0, limit).reverse(), earlier: rows.length > limit };
    },

    /** Lines from the other side the reader has not seen. */
    unread: async (conversationId: bigint, readId: bigint, from: Sender[]) =>
      Number(
        (
          await db
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('conversation_id', '=', conversationId)
            .where('id', '>', readId)
            .where('sender', 'in', from)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** The back office's list: newest activity first. `waiting` = open and the member wrote last; `assignedTo`: one operator's only. */
    list: async (merchantId: bigint, status: 'waiting' | 'open' | 'closed', page: number, size: number, assignedTo?: bigint) => {
      let q = db.selectFrom('chat_conversations as c').where('c.merchant_id', '=', merchantId);
      q = status === 'closed' ? q.where('c.status', '=', 'closed') : q.where('c.status', '=', 'open');
      if (status === 'waiting') q = q.where('c.last_sender', '=', 'member');
      if (assignedTo !== undefined) q = q.where('c.assigned_to', '=', assignedTo);
      const [items, total, waiting] = await Promise.all([
        summary(q)
          .orderBy('c.last_message_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        db
          .selectFrom('chat_conversations')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('merchant_id', '=', merchantId)
          .where('status', '=', 'open')
          .where('last_sender', '=', 'member')
          .executeTakeFirstOrThrow(),
      ]);
      return { items: items as unknown as ConversationView[], total: Number(total.n), waiting: Number(waiting.n) };
    },

    view: async (merchantId: bigint, id: bigint) =>
      (await summary(db.selectFrom('chat_conversations as c').where('c.merchant_id', '=', merchantId).where('c.id', '=', id)).executeTakeFirst()) as unknown as ConversationView | undefined,

    /** Open conversations of a site idle since `before`, for the idle close (skip those another node holds). */
    idle: (tx: Tx, merchantId: bigint, before: Date, limit: number) =>
      tx
        .selectFrom('chat_conversations')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'open')
        .where('last_message_at', '<', before)
        // A member waiting for an answer is never closed for quiet: that quiet is the site's.
        .where('last_sender', '<>', 'member')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute(),
  };
};
export type ChatRepository = ReturnType<typeof chatRepository>;
