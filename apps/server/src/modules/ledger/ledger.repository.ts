import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { batcher } from '../../lib/batcher.js';
import { isConnectionLost } from '../../lib/pg-errors.js';

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

/** What ledger_post is called with. */
export type PostingRow = { merchantId: bigint; type: string; reference: string | null; key: string; hash: string; metadata: Record<string, unknown>; legs: { accountId: bigint; amount: bigint }[] };

/**
 * `batch`: postings made outside a caller's transaction are sent several to a round trip
 * (ledger_post_batch, migration 0014; lib/batcher.ts decides the groups), each still committed on its
 * own. For PostgreSQL servers; the embedded database has one connection and nothing to gain.
 */
export type LedgerRepositoryOptions = { batch?: { maxBatch: number; maxInFlight: number } };

const legsJson = (legs: PostingRow['legs']) => legs.map((l) => [l.accountId.toString(), l.amount.toString()]);

/** An account of a member whose money a posting moved, as read right after its group's last commit (later postings of the group included). */
export type AccountAfter = { memberId: bigint; id: bigint; kind: string; balance: bigint; held: bigint };
/**
 * ledger_post's rows; with `accountsAfter` when the posting came through a batch (which reads them at no
 * extra cost). `committedByLostCall`: a replay answered after its group's call failed as a whole, or
 * after its own connection was lost, so it may be this very request's posting, committed just before
 * the loss (its members were never told).
 */
export type Posted = { rows: PostedRow[]; accountsAfter?: AccountAfter[]; committedByLostCall?: true };

const postOne = async (ex: Database | Tx, row: PostingRow): Promise<Posted> => ({
  rows: (
    await sql<PostedRow>`select * from ledger_post(${row.merchantId}, ${row.type}, ${row.reference}, ${row.key}, ${row.hash}, ${JSON.stringify(row.metadata)}::jsonb, ${JSON.stringify(legsJson(row.legs))}::jsonb)`.execute(ex)
  ).rows,
});

const big = (v: string | null) => (v === null ? null : BigInt(v));
type BatchElement = [PostedRow['status'], string | null, string | null, string | null, string | null, string | null, string | null, string | null][] | { error: string; message: string };

/** One element of ledger_post_batch's answer as ledger_post's rows, or the error that posting raised (with its SQLSTATE as `code`, like the driver's). */
const fromBatch = (el: BatchElement): PostedRow[] | Error => {
  if (!Array.isArray(el)) return Object.assign(new Error(el.message), { code: el.error });
  return el.map(([status, tx, hash, account, amount, after, member, held]) => ({
    status,
    transaction_id: big(tx),
    request_hash: hash,
    account_id: big(account),
    amount: big(amount),
    balance_after: big(after),
    member_id: big(member),
    held: big(held),
  }));
};

type AccountElement = [merchant: string, member: string, id: string, kind: string, balance: string, held: string];

const asError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/**
 * Postings the group could not settle, each sent on its own, one after the other (so one member's
 * postings keep their order). Some may have been committed asynchronously by the group and answer
 * as replays; one write with a synchronous commit then makes sure all of that is on disk before
 * anyone is answered (the same WAL message the procedure ends with).
 */
const postAlone = async (db: Database, rows: PostingRow[], afterLostCall: boolean): Promise<(Posted | Error)[]> => {
  const results: (Posted | Error)[] = [];
  // A statement whose connection is gone is sent once more (safe: a posting's key answers a replay if
  // it was made, and the flush writes nothing of its own).
  const again = <T>(send: () => Promise<T>) => send().catch((e: unknown) => (isConnectionLost(e) ? send() : Promise.reject(e)));
  for (const r of rows) {
    let attempts = 0;
    const posted = await again(() => {
      attempts++;
      return postOne(db, r);
    }).catch(asError);
    // A replay after a lost call or a lost connection may be this request's own posting, made just
    // before the loss: marked, so its members are still told of the movement.
    const mark = !(posted instanceof Error) && posted.rows[0]?.status === 'replay' && (afterLostCall || attempts > 1);
    results.push(mark ? { ...(posted as Posted), committedByLostCall: true } : posted);
  }
  await again(() => sql`select pg_logical_emit_message(true, 'ledger_post_batch', '')`.execute(db));
  return results;
};

/** SQLSTATE lock_not_available: the posting waited longer than the group allows for a lock. */
const LOCK_TIMEOUT = '55P03';

/** Several postings in one round trip, each a transaction of its own. */
const postMany = (db: Database) => async (rows: PostingRow[]): Promise<(Posted | Error)[]> => {
  const input = rows.map((r) => [r.merchantId.toString(), r.type, r.reference, r.key, r.hash, r.metadata, legsJson(r.legs)]);
  let answer: BatchElement[];
  let accounts: AccountElement[];
  try {
    const [out] = (await sql<{ p_results: BatchElement[]; p_accounts: AccountElement[] }>`call ledger_post_batch(${JSON.stringify(input)}::jsonb, null, null)`.execute(db)).rows;
    answer = out.p_results;
    accounts = out.p_accounts;
  } catch {
    // The call as a whole failed (a lost connection, the server going down): some postings may have
    // committed before it did. Each is sent again on its own under its key: a committed one answers
    // as a replay (marked, so its members are still told of the movement), the others are made now
    // or fail with their own error.
    return postAlone(db, rows, true);
  }
  if (!Array.isArray(answer) || answer.length !== rows.length) throw new Error('ledger_post_batch answered a different number of results');
  // Each posting gets the accounts of its own members, of its own merchant.
  const byOwner = new Map<string, AccountAfter[]>();
  for (const [merchant, member, id, kind, balance, held] of accounts) {
    const key = `${merchant}:${member}`;
    const list = byOwner.get(key) ?? [];
    list.push({ memberId: BigInt(member), id: BigInt(id), kind, balance: BigInt(balance), held: BigInt(held) });
    byOwner.set(key, list);
  }
  const results: (Posted | Error)[] = answer.map((el, i) => {
    const posted = fromBatch(el);
    if (posted instanceof Error) return posted;
    const members = new Set(posted.flatMap((r) => (r.status === 'posted' && r.member_id !== null ? [r.member_id.toString()] : [])));
    const accountsAfter = [...members].flatMap((m) => byOwner.get(`${rows[i].merchantId}:${m}`) ?? []);
    return { rows: posted, accountsAfter };
  });
  return results;
};

/** The ledger's queries. Every one is scoped to a merchant; the caller supplies the transaction. */
export const ledgerRepository = (db: Database, options: LedgerRepositoryOptions = {}) => {
  const batched = options.batch ? batcher<PostingRow, Posted>({ name: 'ledger-post', run: postMany(db), ...options.batch }) : undefined;
  return {
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
     * A whole posting in one round trip (function ledger_post, migrations 0010 and 0014): a replay of the key, a
     * refusal, or the posting made. `ex` is the caller's transaction, or the database for a posting
     * that is a transaction of its own (one statement commits by itself).
     */
    post: async (ex: Database | Tx, row: PostingRow): Promise<Posted> => {
      if (ex !== db || !batched) return postOne(ex, row);
      try {
        return await batched(row);
      } catch (e) {
        // It waited longer than a group allows for a lock (behind a long transaction): the rest of
        // its group has been answered; now it waits as long as it has to, alone.
        if ((e as { code?: string }).code !== LOCK_TIMEOUT) throw e;
        const [again] = await postAlone(db, [row], false);
        if (again instanceof Error) throw again;
        return again;
      }
    },

    /** The members owning these accounts of the merchant (house accounts have none). */
    membersOf: async (merchantId: bigint, accountIds: bigint[]): Promise<bigint[]> =>
      accountIds.length === 0
        ? []
        : (
            await db
              .selectFrom('accounts')
              .select('member_id')
              .distinct()
              .where('merchant_id', '=', merchantId)
              .where('id', 'in', accountIds)
              .where('member_id', 'is not', null)
              .execute()
          ).map((r) => r.member_id!),

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
  };
};
export type LedgerRepository = ReturnType<typeof ledgerRepository>;
