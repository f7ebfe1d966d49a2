import { sql } from 'kysely';
import { LIST_PAGE_SIZE, type DepositStatus } from '@apsara/contracts';
import type { Database } from '../../db/database.js';
import type { DepositRow } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';

export type NewUpload = { id: string; merchantId: bigint; memberId: bigint; contentType: 'image/png' | 'image/jpeg'; bytes: Buffer; sha256: string };
export type NewDeposit = {
  merchantId: bigint;
  memberId: bigint;
  channelId: string;
  type: 'BANK_TRANSFER' | 'ONLINE';
  amount: bigint;
  currency: string;
  reference: string;
  receiptId: string;
  idempotencyKey: string;
};
/** A deposit with its member's username and, once an operator decided it, that operator's. */
export type DepositWithMember = DepositRow & { username: string; reviewed_by_name: string | null };

/** Thrown inside a transaction to undo it when another request claimed the same key first. */
class KeyTaken extends Error {}

/** Deposits and uploads. Every query is scoped to a merchant; the caller supplies the transaction where it matters. */
export const depositRepository = (db: Database) => {
  const findByKey = (merchantId: bigint, memberId: bigint, key: string, ex: Database | Tx = db) =>
    ex
      .selectFrom('deposits')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();

  /**
   * Stores the receipt and the pending deposit together, or neither. Undefined when the key was
   * already used (by an earlier or a concurrent request): nothing is written then, not even the file.
   */
  const create = async (upload: NewUpload, d: NewDeposit): Promise<DepositRow | undefined> => {
    try {
      return await db.transaction().execute(async (tx) => {
        if (await findByKey(d.merchantId, d.memberId, d.idempotencyKey, tx)) return undefined;
        await tx
          .insertInto('uploads')
          .values({ id: upload.id, merchant_id: upload.merchantId, member_id: upload.memberId, content_type: upload.contentType, size: upload.bytes.length, sha256: upload.sha256, bytes: upload.bytes })
          .execute();
        const row = await tx
          .insertInto('deposits')
          .values({
            merchant_id: d.merchantId,
            member_id: d.memberId,
            channel_id: d.channelId,
            type: d.type,
            amount: d.amount,
            currency: d.currency,
            reference: d.reference,
            receipt_id: d.receiptId,
            idempotency_key: d.idempotencyKey,
          })
          .onConflict((oc) => oc.columns(['merchant_id', 'member_id', 'idempotency_key']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new KeyTaken();
        return row;
      });
    } catch (e) {
      if (e instanceof KeyTaken) return undefined;
      throw e;
    }
  };

  /** An online order: no receipt; undefined when the key was already used (nothing written). */
  const createOnline = (d: Omit<NewDeposit, 'receiptId' | 'type'> & { provider: 'paysim'; expiresMinutes: number }) =>
    db
      .insertInto('deposits')
      .values({
        merchant_id: d.merchantId,
        member_id: d.memberId,
        channel_id: d.channelId,
        type: 'ONLINE',
        amount: d.amount,
        currency: d.currency,
        reference: d.reference,
        receipt_id: null,
        idempotency_key: d.idempotencyKey,
        provider: d.provider,
        // The database's clock, like created_at, so the deadline and the expiry job agree on every node.
        expires_at: sql<Date>`now() + make_interval(mins => ${d.expiresMinutes})`,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'member_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();

  /** An online order by its id alone: a provider's callback names no merchant. */
  const findOnline = (id: bigint, provider: 'paysim') =>
    db.selectFrom('deposits').selectAll().where('id', '=', id).where('type', '=', 'ONLINE').where('provider', '=', provider).executeTakeFirst();

  /** Claims a callback nonce inside the settling transaction; false when it was seen before. */
  const claimNonce = async (tx: Tx, provider: string, nonce: string, depositId: bigint) =>
    (await tx.insertInto('payment_callback_nonces').values({ provider, nonce, deposit_id: depositId }).onConflict((oc) => oc.columns(['provider', 'nonce']).doNothing()).executeTakeFirst())
      .numInsertedOrUpdatedRows === 1n;

  /** Records the provider's outcome of an order that is `from` (pending, or expired for a late payment). */
  const settleOnline = (tx: Tx, id: bigint, status: 'approved' | 'rejected', providerReference: string, from: 'pending' | 'expired' = 'pending') =>
    tx
      .updateTable('deposits')
      .set({ status, reviewed_at: new Date(), provider_reference: providerReference, review_note: status === 'rejected' ? 'payment failed' : null })
      .where('id', '=', id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirstOrThrow();

  /** The provider's reference of a payment reported after an operator had already approved the order. */
  const recordProviderReference = (tx: Tx, id: bigint, providerReference: string) =>
    tx.updateTable('deposits').set({ provider_reference: providerReference }).where('id', '=', id).where('status', '=', 'approved').where('provider_reference', 'is', null).execute();

  /**
   * Moves online orders still unpaid at their deadline to `expired` (oldest first, at most `limit`)
   * and returns them. Only from pending, and only rows no one else holds: nodes running this at once
   * expire each order once.
   */
  const expireDue = (tx: Tx, limit: number, now?: Date) => {
    // The database's clock by default: the one that set every deadline.
    const at = now ?? sql<Date>`now()`;
    return tx
      .updateTable('deposits')
      .set({ status: 'expired', reviewed_at: at, review_note: 'not paid in time' })
      // Rows another node is expiring (or a callback is settling) are skipped, not waited for: no
      // lock order to agree on, and the next run takes whatever is left.
      .where('id', 'in', tx.selectFrom('deposits').select('id').where('type', '=', 'ONLINE').where('status', '=', 'pending').where('expires_at', '<=', at).orderBy('expires_at').limit(limit).forUpdate().skipLocked())
      .where('status', '=', 'pending')
      .returning(['id', 'merchant_id', 'member_id', 'amount', 'expires_at'])
      .execute();
  };

  const listPage = async (merchantId: bigint, filter: { memberId?: bigint; status?: DepositStatus }, page: number) => {
    let q = db.selectFrom('deposits as d').innerJoin('members as m', 'm.id', 'd.member_id').leftJoin('operators as op', (j) => j.onRef('op.id', '=', 'd.reviewed_by').onRef('op.merchant_id', '=', 'd.merchant_id')).where('d.merchant_id', '=', merchantId);
    if (filter.memberId !== undefined) q = q.where('d.member_id', '=', filter.memberId);
    if (filter.status) q = q.where('d.status', '=', filter.status);
    const [items, total] = await Promise.all([
      q.selectAll('d').select(['m.username', 'op.username as reviewed_by_name']).orderBy('d.id', 'desc').limit(LIST_PAGE_SIZE).offset((page - 1) * LIST_PAGE_SIZE).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: items as DepositWithMember[], total: Number(total.n) };
  };

  const findWithMember = (merchantId: bigint, id: bigint, ex: Database | Tx = db) =>
    ex
      .selectFrom('deposits as d')
      .innerJoin('members as m', 'm.id', 'd.member_id')
      .leftJoin('operators as op', (j) => j.onRef('op.id', '=', 'd.reviewed_by').onRef('op.merchant_id', '=', 'd.merchant_id'))
      .selectAll('d')
      .select(['m.username', 'op.username as reviewed_by_name'])
      .where('d.merchant_id', '=', merchantId)
      .where('d.id', '=', id)
      .executeTakeFirst() as Promise<DepositWithMember | undefined>;

  /** Locks one deposit of the merchant until the transaction ends: reviews of it run one at a time. */
  const lock = (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.selectFrom('deposits').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst();

  const decide = (tx: Tx, id: bigint, status: 'approved' | 'rejected', operatorId: bigint, note: string | null, from: 'pending' | 'expired' = 'pending') =>
    tx
      .updateTable('deposits')
      .set({ status, reviewed_by: operatorId, reviewed_at: new Date(), review_note: note })
      .where('id', '=', id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirstOrThrow();

  /** Links an approved deposit to its posting; a second call (a concurrent or resumed approval) changes nothing. */
  const linkPosting = (tx: Tx, id: bigint, transactionId: bigint) =>
    tx.updateTable('deposits').set({ ledger_transaction_id: transactionId }).where('id', '=', id).where('status', '=', 'approved').where('ledger_transaction_id', 'is', null).execute();

  const findUpload = (merchantId: bigint, id: string) =>
    db.selectFrom('uploads').select(['id', 'member_id', 'content_type', 'size', 'bytes']).where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();

  return { db, findByKey, create, createOnline, findOnline, claimNonce, settleOnline, recordProviderReference, expireDue, listPage, findWithMember, lock, decide, linkPosting, findUpload };
};
export type DepositRepository = ReturnType<typeof depositRepository>;
