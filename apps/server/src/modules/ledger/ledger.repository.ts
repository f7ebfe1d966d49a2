import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

export type Tx = Transaction<DB>;

/** One row of ledger_post: a refusal (one row naming the account), a replay or a posting (one row per entry). */
export type PostedRow = {
  status: 'posted' | 'replay' | 'insufficient' | 'not_found';
  transaction_id: bigint | null;
  request_hash: string | null;
  account_id: bigint | null;
  amount: bigint | null;
  balance_after: bigint | null;
  member_id: bigint | null;
  held: bigint | null;
};

export type LockedAccount = { id: bigint; memberId: bigint | null; balance: bigint; held: bigint; allowNegative: boolean; currency: string };

/** The ledger's queries. Every one is scoped to a merchant; the caller supplies the transaction. */
export const ledgerRepository = (db: Database) => ({
  db,

  /**
   * Locks the accounts in id order (one order for everyone, so two postings can never deadlock).
   * NO KEY UPDATE, not UPDATE: inserting a hold or an entry takes a key-share lock on its account
   * through the foreign key, and FOR UPDATE would conflict with another transaction's key share.
   */
  lockAccounts: async (tx: Tx, merchantId: bigint, ids: bigint[]): Promise<Map<bigint, LockedAccount>> => {
    const rows = await tx
      .selectFrom('accounts')
      .select(['id', 'member_id', 'balance', 'held', 'allow_negative', 'currency'])
      .where('merchant_id', '=', merchantId)
      .where('id', 'in', ids)
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
    return new Map(rows.map((r) => [r.id, { id: r.id, memberId: r.member_id, balance: r.balance, held: r.held, allowNegative: r.allow_negative, currency: r.currency }]));
  },

  /**
   * A whole posting in one round trip (function ledger_post, migration 0010): a replay of the key, a
   * refusal, or the posting made. `ex` is the caller's transaction, or the database for a posting
   * that is a transaction of its own (one statement commits by itself).
   */
  post: async (ex: Database | Tx, row: { merchantId: bigint; type: string; reference: string | null; key: string; hash: string; metadata: Record<string, unknown>; legs: { accountId: bigint; amount: bigint }[] }) =>
    (
      await sql<PostedRow>`select * from ledger_post(${row.merchantId}, ${row.type}, ${row.reference}, ${row.key}, ${row.hash}, ${JSON.stringify(row.metadata)}::jsonb, ${JSON.stringify(row.legs.map((l) => [l.accountId.toString(), l.amount.toString()]))}::jsonb)`.execute(ex)
    ).rows,

  /** Claims an idempotency key; undefined when another posting already holds it. */
  claimTransaction: async (tx: Tx, row: { merchantId: bigint; type: string; reference: string | null; key: string; hash: string; metadata: Record<string, unknown> }) =>
    (
      await tx
        .insertInto('ledger_transactions')
        .values({ merchant_id: row.merchantId, type: row.type, reference: row.reference, idempotency_key: row.key, request_hash: row.hash, metadata: JSON.stringify(row.metadata) })
        .onConflict((oc) => oc.columns(['merchant_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id,

  /** `ex` is the open transaction when called inside one (embedded PGlite has a single connection). */
  findTransactionByKey: (merchantId: bigint, key: string, ex: Database | Tx = db) =>
    ex
      .selectFrom('ledger_transactions')
      .select(['id', 'type', 'reference', 'request_hash', 'created_at'])
      .where('merchant_id', '=', merchantId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst(),

  entriesOf: (transactionId: bigint, ex: Database | Tx = db) =>
    ex.selectFrom('ledger_entries').select(['account_id', 'amount', 'balance_after']).where('transaction_id', '=', transactionId).orderBy('id').execute(),

  setBalance: (tx: Tx, accountId: bigint, balance: bigint, held: bigint) =>
    tx.updateTable('accounts').set({ balance, held }).where('id', '=', accountId).execute(),

  insertEntries: (tx: Tx, transactionId: bigint, entries: { accountId: bigint; amount: bigint; balanceAfter: bigint }[]) =>
    tx
      .insertInto('ledger_entries')
      .values(entries.map((e) => ({ transaction_id: transactionId, account_id: e.accountId, amount: e.amount, balance_after: e.balanceAfter })))
      .execute(),

  claimHold: async (tx: Tx, row: { merchantId: bigint; accountId: bigint; amount: bigint; key: string; hash: string; reference: string | null }) =>
    (
      await tx
        .insertInto('ledger_holds')
        .values({ merchant_id: row.merchantId, account_id: row.accountId, amount: row.amount, idempotency_key: row.key, request_hash: row.hash, reference: row.reference })
        .onConflict((oc) => oc.columns(['merchant_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id,

  findHoldByKey: (merchantId: bigint, key: string, ex: Database | Tx = db) =>
    ex.selectFrom('ledger_holds').selectAll().where('merchant_id', '=', merchantId).where('idempotency_key', '=', key).executeTakeFirst(),

  lockHold: (tx: Tx, merchantId: bigint, holdId: bigint) =>
    tx.selectFrom('ledger_holds').selectAll().where('merchant_id', '=', merchantId).where('id', '=', holdId).forUpdate().executeTakeFirst(),

  resolveHold: (tx: Tx, holdId: bigint, status: 'captured' | 'released', transactionId: bigint | null) =>
    tx.updateTable('ledger_holds').set({ status, transaction_id: transactionId, resolved_at: new Date() }).where('id', '=', holdId).execute(),

  /** The merchant's house account with this code, created on first use (house accounts may go negative). */
  houseAccount: async (merchantId: bigint, code: string, currency: string) => {
    await db
      .insertInto('accounts')
      .values({ merchant_id: merchantId, member_id: null, kind: 'HOUSE', code, currency, allow_negative: true })
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).where('member_id', 'is', null).doNothing())
      .execute();
    return (await db.selectFrom('accounts').select('id').where('merchant_id', '=', merchantId).where('code', '=', code).where('member_id', 'is', null).executeTakeFirstOrThrow()).id;
  },

  /** A member's account of `kind` (MAIN, or VENDOR:<code> for a transfer-wallet vendor), created on first use. */
  memberAccount: async (merchantId: bigint, memberId: bigint, kind: string, currency: string) => {
    const found = await db.selectFrom('accounts').select('id').where('merchant_id', '=', merchantId).where('member_id', '=', memberId).where('kind', '=', kind).executeTakeFirst();
    if (found) return found.id;
    await db
      .insertInto('accounts')
      .values({ merchant_id: merchantId, member_id: memberId, kind, currency })
      .onConflict((oc) => oc.columns(['member_id', 'kind']).where('member_id', 'is not', null).doNothing())
      .execute();
    return (await db.selectFrom('accounts').select('id').where('merchant_id', '=', merchantId).where('member_id', '=', memberId).where('kind', '=', kind).executeTakeFirstOrThrow()).id;
  },

  /** An account's balance and the part of it on hold. */
  balanceOf: async (merchantId: bigint, accountId: bigint) =>
    db.selectFrom('accounts').select(['balance', 'held']).where('merchant_id', '=', merchantId).where('id', '=', accountId).executeTakeFirstOrThrow(),

  /** Sum of every balance of a merchant: zero while the books balance. */
  totalBalance: async (merchantId: bigint) =>
    (await sql<{ total: bigint }>`select coalesce(sum(balance), 0)::int8 as total from accounts where merchant_id = ${merchantId}`.execute(db)).rows[0].total,
});
export type LedgerRepository = ReturnType<typeof ledgerRepository>;
