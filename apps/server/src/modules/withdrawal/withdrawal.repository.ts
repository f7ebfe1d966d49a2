import { sql, type Updateable } from 'kysely';
import { LIST_PAGE_SIZE, type WithdrawalConfirmation, type WithdrawalStatus } from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import type { WithdrawalRow, WithdrawalsTable } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { freeUploads } from '../upload/free-uploads.js';

export type WithdrawalView = WithdrawalRow & {
  username: string;
  /** The operator who decided it, once one did. */
  reviewed_by_name: string | null;
  bank_name: string;
  account_name: string;
  account_number: string;
  proof_ids: string[];
};

export type NewWithdrawal = {
  merchantId: bigint;
  memberId: bigint;
  bankCardId: bigint;
  amount: bigint;
  fee: bigint;
  currency: string;
  holdId: bigint;
  idempotencyKey: string;
  requestHash: string;
};

/** Withdrawals with their card and proofs. Every query is scoped to a merchant. */
export const withdrawalRepository = (db: Database) => {
  const view = (ex: Database | Tx) =>
    ex
      .selectFrom('withdrawals as w')
      .innerJoin('members as m', 'm.id', 'w.member_id')
      .innerJoin('bank_cards as c', 'c.id', 'w.bank_card_id')
      .leftJoin('operators as op', (j) => j.onRef('op.id', '=', 'w.reviewed_by').onRef('op.merchant_id', '=', 'w.merchant_id'))
      .selectAll('w')
      .select(['m.username', 'c.bank_name', 'c.account_name', 'c.account_number', 'op.username as reviewed_by_name'])
      .select(
        sql<string[]>`coalesce((select array_agg(p.upload_id::text order by p.upload_id) from withdrawal_proofs p where p.withdrawal_id = w.id), '{}')`.as('proof_ids'),
      );

  const find = (merchantId: bigint, id: bigint, ex: Database | Tx = db) =>
    view(ex).where('w.merchant_id', '=', merchantId).where('w.id', '=', id).executeTakeFirst() as Promise<WithdrawalView | undefined>;

  const findByKey = (merchantId: bigint, memberId: bigint, key: string, ex: Database | Tx = db) =>
    view(ex).where('w.merchant_id', '=', merchantId).where('w.member_id', '=', memberId).where('w.idempotency_key', '=', key).executeTakeFirst() as Promise<
      WithdrawalView | undefined
    >;

  const insert = (tx: Tx, w: NewWithdrawal) =>
    tx
      .insertInto('withdrawals')
      .values({
        merchant_id: w.merchantId,
        member_id: w.memberId,
        bank_card_id: w.bankCardId,
        amount: w.amount,
        fee: w.fee,
        currency: w.currency,
        hold_id: w.holdId,
        idempotency_key: w.idempotencyKey,
        request_hash: w.requestHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  const listPage = async (merchantId: bigint, filter: { memberId?: bigint; status?: WithdrawalStatus; confirmation?: WithdrawalConfirmation }, page: number) => {
    let q = view(db).where('w.merchant_id', '=', merchantId);
    let c = db.selectFrom('withdrawals as w').where('w.merchant_id', '=', merchantId);
    if (filter.memberId !== undefined) {
      q = q.where('w.member_id', '=', filter.memberId);
      c = c.where('w.member_id', '=', filter.memberId);
    }
    if (filter.status) {
      q = q.where('w.status', '=', filter.status);
      c = c.where('w.status', '=', filter.status);
    }
    if (filter.confirmation) {
      q = q.where('w.confirmation', '=', filter.confirmation);
      c = c.where('w.confirmation', '=', filter.confirmation);
    }
    const [items, total] = await Promise.all([
      q.orderBy('w.id', 'desc').limit(LIST_PAGE_SIZE).offset((page - 1) * LIST_PAGE_SIZE).execute() as Promise<WithdrawalView[]>,
      c.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  };

  /** Locks one withdrawal of the merchant until the transaction ends: decisions on it run one at a time. */
  const lock = (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.selectFrom('withdrawals').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();

  const update = (tx: Tx, id: bigint, set: Updateable<WithdrawalsTable>) =>
    tx.updateTable('withdrawals').set(set).where('id', '=', id).executeTakeFirstOrThrow();

  const addProofs = (tx: Tx, withdrawalId: bigint, ids: string[]) =>
    ids.length === 0 ? Promise.resolve() : tx.insertInto('withdrawal_proofs').values(ids.map((upload_id) => ({ withdrawal_id: withdrawalId, upload_id }))).execute();

  /** Paid withdrawals nobody confirmed in time count as received (spec §4). Returns how many. */
  const autoConfirmDue = async (now = new Date()) => {
    const res = await db
      .updateTable('withdrawals')
      .set((eb) => ({ confirmation: 'auto_received', confirmed_at: now, received_amount: eb('amount', '-', eb.ref('fee')) }))
      .where('status', '=', 'paid')
      .where('confirmation', 'is', null)
      .where('confirm_deadline', '<=', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  };

  return { db, find, findByKey, insert, listPage, lock, update, freeUploads, addProofs, autoConfirmDue };
};
export type WithdrawalRepository = ReturnType<typeof withdrawalRepository>;
