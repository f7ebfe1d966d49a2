import { LIST_PAGE_SIZE } from '@apsara/contracts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';

/** The member a query reads for. */
export type Reader = { merchantId: bigint; memberId: bigint };

/**
 * Messages and what each member did with them. Every inbox query is scoped to the merchant and to the
 * member's own messages (theirs, or to everyone since they joined), without those they deleted.
 */
export const messagesRepository = (db: Database) => {
  const visible = (ex: Database | Tx, r: Reader) =>
    ex
      .selectFrom('messages as m')
      .leftJoin('message_states as s', (j) => j.onRef('s.message_id', '=', 'm.id').on('s.member_id', '=', r.memberId))
      .where('m.merchant_id', '=', r.merchantId)
      // A message to everyone reaches members who had joined when it was sent (read in the same query).
      .where((eb) =>
        eb.or([
          eb('m.member_id', '=', r.memberId),
          eb.and([eb('m.member_id', 'is', null), eb('m.created_at', '>=', eb.selectFrom('members').select('created_at').where('id', '=', r.memberId))]),
        ]),
      )
      .where('s.deleted_at', 'is', null);

  const inbox = async (r: Reader, page: number) => {
    const [items, total, unread] = await Promise.all([
      visible(db, r)
        .select(['m.id', 'm.title', 'm.body', 'm.member_id', 'm.created_at', 's.read_at'])
        .orderBy('m.id', 'desc')
        .limit(LIST_PAGE_SIZE)
        .offset((page - 1) * LIST_PAGE_SIZE)
        .execute(),
      visible(db, r).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      unreadCount(r),
    ]);
    return { items, total: Number(total.n), unread };
  };

  const unreadCount = async (r: Reader, ex: Database | Tx = db) =>
    Number((await visible(ex, r).where('s.read_at', 'is', null).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  /** Marks messages the member can see (one, or all unread) read or deleted; returns how many it touched. */
  const mark = async (r: Reader, what: { id?: bigint; deleted: boolean }) =>
    db.transaction().execute(async (tx) => {
      let ids = visible(tx, r).select('m.id');
      if (what.id !== undefined) ids = ids.where('m.id', '=', what.id);
      else ids = ids.where('s.read_at', 'is', null);
      const now = sql<Date>`now()`;
      const { rows } = await sql<{ message_id: bigint }>`
        INSERT INTO message_states (member_id, message_id, read_at, deleted_at)
        SELECT ${r.memberId}, v.id, ${now}, ${what.deleted ? now : null} FROM (${ids}) v
        ON CONFLICT (member_id, message_id) DO UPDATE SET
          read_at = coalesce(message_states.read_at, excluded.read_at),
          deleted_at = coalesce(message_states.deleted_at, excluded.deleted_at)
        RETURNING message_id`.execute(tx);
      return { touched: rows.length, unread: await unreadCount(r, tx) };
    });

  const send = (m: { merchantId: bigint; memberId: bigint | null; title: string; body: string; sentBy: bigint | null; key?: string | null; hash?: string | null }, ex: Database | Tx = db) =>
    ex
      .insertInto('messages')
      .values({ merchant_id: m.merchantId, member_id: m.memberId, title: m.title, body: m.body, sent_by: m.sentBy, idempotency_key: m.key ?? null, request_hash: m.hash ?? null })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();

  const sentQuery = (merchantId: bigint) =>
    db
      .selectFrom('messages as m')
      .where('m.merchant_id', '=', merchantId)
      .leftJoin('members as to', 'to.id', 'm.member_id')
      .leftJoin('operators as o', 'o.id', 'm.sent_by');
  const SENT_COLUMNS = ['m.id', 'm.title', 'm.body', 'm.created_at', 'm.request_hash', 'to.username as to_username', 'o.username as sent_by_name'] as const;

  /** The message an operator sent under `key` on this site, if any. */
  const findByKey = (merchantId: bigint, key: string) => sentQuery(merchantId).select(SENT_COLUMNS).where('m.idempotency_key', '=', key).executeTakeFirst();

  const sentPage = async (merchantId: bigint, page: number) => {
    const q = sentQuery(merchantId);
    const [items, total] = await Promise.all([
      q
        .select(SENT_COLUMNS)
        .orderBy('m.id', 'desc')
        .limit(LIST_PAGE_SIZE)
        .offset((page - 1) * LIST_PAGE_SIZE)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  };

  return { db, inbox, unreadCount, mark, send, findByKey, sentPage };
};
export type MessagesRepository = ReturnType<typeof messagesRepository>;
