import { LIST_PAGE_SIZE } from '@apsara/contracts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { RebateLineRow } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { playCategory } from '../catalog/play-category.js';

export const rebateRepository = (db: Database) => {
  const window = (merchantId: bigint, memberId: bigint, since: Date) => sql`
       r.merchant_id = ${merchantId} and r.member_id = ${memberId}
         and r.opened_at >= ${since} and r.closed_at >= ${since}
         and r.status = 'closed' and r.stake > 0 and r.rebate_claim_id is null`;

  /**
   * What may be collected, per game category: closed rounds with a stake, not yet in a collection,
   * opened and closed since `since` (the site's window: older bets are never paid). Summed here, so a
   * member with many rounds costs one row per category.
   */
  const uncollectedByCategory = async (merchantId: bigint, memberId: bigint, since: Date) => {
    const { rows } = await sql<{ category: string; bets: string; rounds: number }>`
      select ${playCategory('g')} as category, sum(r.stake)::text as bets, count(*)::int as rounds
        from game_rounds r join games g on g.id = r.game_id
       where ${window(merchantId, memberId, since)}
       group by 1`.execute(db);
    return rows.map((r) => ({ category: r.category, bets: BigInt(r.bets), rounds: r.rounds }));
  };

  /**
   * The same rounds one by one, locked in id order (the order the points and VIP counts lock rounds in),
   * so a vendor closing or reopening one waits for the collection.
   */
  const lockUncollected = async (tx: Tx, merchantId: bigint, memberId: bigint, since: Date) => {
    const { rows } = await sql<{ id: string; category: string; stake: string }>`
      select r.id::text, ${playCategory('g')} as category, r.stake::text
        from game_rounds r join games g on g.id = r.game_id
       where ${window(merchantId, memberId, since)}
       order by r.id
         for update of r`.execute(tx);
    return rows.map((r) => ({ id: BigInt(r.id), category: r.category, stake: BigInt(r.stake) }));
  };

  /**
   * Serialises a member's collections: the member's row, locked for the transaction. NO KEY UPDATE: rows
   * written elsewhere that point at the member (points, VIP, awards) take KEY SHARE on it and must not
   * wait for a collection, nor a collection for them (it would deadlock with their locks on rounds and accounts).
   */
  const lockMember = (tx: Tx, merchantId: bigint, memberId: bigint) =>
    tx.selectFrom('members').select(['id', 'status']).where('merchant_id', '=', merchantId).where('id', '=', memberId).forNoKeyUpdate().executeTakeFirst();

  /** The member's VIP rank as the rank job last set it (0: none yet); inside a collection's transaction, as of that transaction. */
  const vipLevelOf = async (ex: Database | Tx, merchantId: bigint, memberId: bigint) =>
    (await ex.selectFrom('vip_progress').select('level').where('merchant_id', '=', merchantId).where('member_id', '=', memberId).executeTakeFirst())?.level ?? 0;

  const byKey = (ex: Database | Tx, merchantId: bigint, memberId: bigint, key: string) =>
    ex.selectFrom('rebate_claims').selectAll().where('merchant_id', '=', merchantId).where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();

  const insert = (tx: Tx, row: { merchantId: bigint; memberId: bigint; amount: bigint; bets: bigint; rounds: number; lines: RebateLineRow[]; key: string }) =>
    tx
      .insertInto('rebate_claims')
      .values({ merchant_id: row.merchantId, member_id: row.memberId, amount: row.amount, bets: row.bets, rounds: row.rounds, lines: JSON.stringify(row.lines), idempotency_key: row.key })
      .returningAll()
      .executeTakeFirstOrThrow();

  /** One array parameter, however many rounds (a statement takes at most 65,535 parameters). */
  const markRounds = (tx: Tx, merchantId: bigint, claimId: bigint, roundIds: bigint[]) =>
    sql`update game_rounds set rebate_claim_id = ${claimId} where merchant_id = ${merchantId} and id = any(${roundIds.map(String)}::int8[])`.execute(tx);

  const setPosting = (tx: Tx, claimId: bigint, transactionId: bigint) =>
    tx.updateTable('rebate_claims').set({ ledger_transaction_id: transactionId }).where('id', '=', claimId).returningAll().executeTakeFirstOrThrow();

  const lastClaimAt = async (merchantId: bigint, memberId: bigint) =>
    (await db.selectFrom('rebate_claims').select('created_at').where('merchant_id', '=', merchantId).where('member_id', '=', memberId).orderBy('id', 'desc').limit(1).executeTakeFirst())?.created_at ?? null;

  const claims = async (merchantId: bigint, memberId: bigint, page: number) => {
    const base = db.selectFrom('rebate_claims').where('merchant_id', '=', merchantId).where('member_id', '=', memberId);
    const [items, total] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(LIST_PAGE_SIZE).offset((page - 1) * LIST_PAGE_SIZE).execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: total.n };
  };

  /**
   * The site's collections for the back office, newest first, with their members' usernames; `username`
   * (any case) narrows it to one member, `from` (included) and `to` (excluded) to a time range. `sum`
   * covers every collection of the list, not only the page.
   */
  const siteClaims = async (merchantId: bigint, filter: { username?: string; from?: Date; to?: Date }, page: number) => {
    let base = db.selectFrom('rebate_claims as c').innerJoin('members as m', (j) => j.onRef('m.id', '=', 'c.member_id').onRef('m.merchant_id', '=', 'c.merchant_id')).where('c.merchant_id', '=', merchantId);
    if (filter.username) base = base.where('m.username_lower', '=', filter.username.toLowerCase());
    if (filter.from) base = base.where('c.created_at', '>=', filter.from);
    if (filter.to) base = base.where('c.created_at', '<', filter.to);
    const [items, sum] = await Promise.all([
      base.selectAll('c').select('m.username').orderBy('c.id', 'desc').limit(LIST_PAGE_SIZE).offset((page - 1) * LIST_PAGE_SIZE).execute(),
      base
        .select([sql<number>`count(*)::int`.as('n'), sql<string>`coalesce(sum(c.amount), 0)::text`.as('amount'), sql<string>`coalesce(sum(c.bets), 0)::text`.as('bets'), sql<string>`coalesce(sum(c.rounds), 0)::text`.as('rounds')])
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: sum.n, sum: { amount: BigInt(sum.amount), bets: BigInt(sum.bets), rounds: Number(sum.rounds) } };
  };

  return { db, uncollectedByCategory, lockUncollected, lockMember, vipLevelOf, byKey, insert, markRounds, setPosting, lastClaimAt, claims, siteClaims };
};
export type RebateRepository = ReturnType<typeof rebateRepository>;
