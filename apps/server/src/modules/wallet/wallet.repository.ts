import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { batcher } from '../../lib/batcher.js';
import { playersFilter, type Players } from '../agent/team.js';

export type MemberAccount = { id: bigint; kind: string; balance: bigint; held: bigint };
type Owner = { merchantId: bigint; memberId: bigint };

/** The accounts of several members in one query (by member through its index), each list for its own ask's merchant. */
const memberAccountsMany = (db: Database) => async (owners: Owner[]): Promise<MemberAccount[][]> => {
  const rows = await db
    .selectFrom('accounts')
    .select(['merchant_id', 'member_id', 'id', 'kind', 'balance', 'held'])
    .where(sql<boolean>`member_id = any(${[...new Set(owners.map((o) => o.memberId.toString()))]}::int8[])`)
    .where(sql<boolean>`merchant_id = any(${[...new Set(owners.map((o) => o.merchantId.toString()))]}::int8[])`)
    .execute();
  const byOwner = new Map<string, MemberAccount[]>();
  for (const { merchant_id, member_id, ...account } of rows) {
    const key = `${merchant_id}:${member_id}`;
    const list = byOwner.get(key) ?? [];
    list.push(account);
    byOwner.set(key, list);
  }
  return owners.map((o) => byOwner.get(`${o.merchantId}:${o.memberId}`) ?? []);
};

/** `batch`: wallet reads of concurrent requests share one query (lib/batcher.ts); for PostgreSQL servers. */
export type WalletRepositoryOptions = { batch?: { maxBatch: number; maxInFlight: number } };

export const walletRepository = (db: Database, options: WalletRepositoryOptions = {}) => {
  const batched = options.batch ? batcher<Owner, MemberAccount[]>({ name: 'member-accounts', run: memberAccountsMany(db), ...options.batch }) : undefined;
  return {
    /** A member's accounts as committed when asked (never inside a caller's transaction). */
    memberAccounts: (merchantId: bigint, memberId: bigint): Promise<MemberAccount[]> =>
      batched
        ? batched({ merchantId, memberId })
        : db.selectFrom('accounts').select(['id', 'kind', 'balance', 'held']).where('merchant_id', '=', merchantId).where('member_id', '=', memberId).execute(),

    /** The ids of a member's accounts of these kinds, in one query (those not created yet are missing). */
    accountIds: (merchantId: bigint, memberId: bigint, kinds: string[]) =>
      db
        .selectFrom('accounts')
        .select(['id', 'kind'])
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('kind', 'in', kinds)
        .execute(),

    /**
     * A page of ledger entries (every wallet) of a member, or of an agent's whole team, newest first,
     * with the total count.
     */
    history: async (merchantId: bigint, who: Players, filter: { types?: readonly string[]; from?: Date; to?: Date }, page: number, pageSize: number) => {
      let q = db
        .selectFrom('ledger_entries as e')
        .innerJoin('accounts as a', 'a.id', 'e.account_id')
        .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
        .where('a.merchant_id', '=', merchantId)
        .where(playersFilter('a.member_id', merchantId, who));
      if (filter.types?.length) q = q.where('t.type', 'in', filter.types);
      if (filter.from) q = q.where('e.created_at', '>=', filter.from);
      if (filter.to) q = q.where('e.created_at', '<', filter.to);
      const [items, total] = await Promise.all([
        q
          .innerJoin('members as mb', 'mb.id', 'a.member_id')
          .select(['e.transaction_id', 'mb.username', 't.type', 'a.kind', 'e.amount', 'e.balance_after', 't.reference', 't.metadata', 'e.created_at'])
          // The withdrawal a payout posting belongs to, found among the member's own (their index).
          .select(
            sql<bigint | null>`case when t.type = 'WITHDRAWAL' then (select w.id from withdrawals w where w.merchant_id = a.merchant_id and w.member_id = a.member_id and w.ledger_transaction_id = e.transaction_id limit 1) end`.as('withdrawal_id'),
          )
          .orderBy('e.id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },
  };
};
export type WalletRepository = ReturnType<typeof walletRepository>;
