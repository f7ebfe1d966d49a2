import { LIST_PAGE_SIZE, type FeedbackStatus } from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';

export type NewFeedback = { merchantId: bigint; memberId: bigint | null; sender: string; contact: string | null; type: number; content: string; ip: string | null };

/** Feedback rows, always within one merchant; the operator's name comes with a resolved one. */
export const feedbackRepository = (db: Database) => {
  const withNames = (ex: Database | Tx) =>
    ex
      .selectFrom('feedback as f')
      .leftJoin('members as m', 'm.id', 'f.member_id')
      .leftJoin('operators as o', 'o.id', 'f.resolved_by')
      .selectAll('f')
      .select(['m.username as username', 'm.language as member_language', 'm.type as member_type', 'o.username as resolver']);
  type Row = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

  const create = (f: NewFeedback) =>
    db
      .insertInto('feedback')
      .values({ merchant_id: f.merchantId, member_id: f.memberId, sender: f.sender, contact: f.contact, type: f.type, content: f.content, ip: f.ip })
      .returning(['id', 'status', 'created_at'])
      .executeTakeFirstOrThrow();

  const page = async (merchantId: bigint, filter: { memberId?: bigint; status?: FeedbackStatus; type?: number }, pageNo: number) => {
    let q = db.selectFrom('feedback as f').where('f.merchant_id', '=', merchantId);
    if (filter.memberId !== undefined) q = q.where('f.member_id', '=', filter.memberId);
    if (filter.status) q = q.where('f.status', '=', filter.status);
    if (filter.type !== undefined) q = q.where('f.type', '=', filter.type);
    const ids = q.select('f.id').orderBy('f.id', 'desc').limit(LIST_PAGE_SIZE).offset((pageNo - 1) * LIST_PAGE_SIZE);
    const [items, total] = await Promise.all([
      withNames(db).where('f.id', 'in', ids).orderBy('f.id', 'desc').execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: items as Row[], total: Number(total.n) };
  };

  /** Locks one feedback of the merchant until the transaction ends: two operators cannot both answer it. */
  const lock = (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.selectFrom('feedback').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst();

  const resolve = (tx: Tx, id: bigint, reply: string, operatorId: bigint) =>
    tx.updateTable('feedback').set({ status: 'resolved', reply, resolved_by: operatorId, resolved_at: new Date() }).where('id', '=', id).where('status', '=', 'open').execute();

  const find = (merchantId: bigint, id: bigint, ex: Database | Tx = db) => withNames(ex).where('f.merchant_id', '=', merchantId).where('f.id', '=', id).executeTakeFirst();

  return { db, create, page, lock, resolve, find };
};
export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
export type FeedbackRow = NonNullable<Awaited<ReturnType<FeedbackRepository['find']>>>;
