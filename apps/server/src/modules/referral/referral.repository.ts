import { LIST_PAGE_SIZE } from '@apsara/contracts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';

/** A referred member whose reward is not paid yet, with what the job needs to judge and pay it. */
export type DueFriend = { id: bigint; merchant_id: bigint; referred_by: bigint; username: string; deposited: bigint };

export const referralRepository = (db: Database) => {
  const codeOf = async (merchantId: bigint, memberId: bigint) =>
    (await db.selectFrom('members').select('invite_code').where('merchant_id', '=', merchantId).where('id', '=', memberId).executeTakeFirst())?.invite_code ?? null;

  /** Gives the member `code` unless they have one; false when another member of the site holds it. */
  const setCode = async (merchantId: bigint, memberId: bigint, code: string) => {
    try {
      await db.updateTable('members').set({ invite_code: code }).where('merchant_id', '=', merchantId).where('id', '=', memberId).where('invite_code', 'is', null).execute();
      return true;
    } catch (e) {
      if ((e as { code?: string }).code === '23505') return false;
      throw e;
    }
  };

  /** The member of the site holding this code (codes are stored upper-case). */
  const byCode = (merchantId: bigint, code: string) =>
    db.selectFrom('members').select(['id', 'type', 'status']).where('merchant_id', '=', merchantId).where('invite_code', '=', code.toUpperCase()).executeTakeFirst();

  const summary = async (merchantId: bigint, memberId: bigint) => {
    const { rows } = await sql<{ invited: number; qualified: number; earned: string }>`
      select (select count(*)::int from members f where f.merchant_id = ${merchantId} and f.referred_by = ${memberId}) as invited,
             (select count(*)::int from referral_rewards r where r.merchant_id = ${merchantId} and r.referrer_id = ${memberId}) as qualified,
             (select coalesce(sum(amount), 0)::text from referral_rewards r where r.merchant_id = ${merchantId} and r.referrer_id = ${memberId}) as earned`.execute(db);
    const r = rows[0]!;
    return { invited: r.invited, qualified: r.qualified, earned: BigInt(r.earned) };
  };

  const friends = async (merchantId: bigint, memberId: bigint, page: number) => {
    const base = db.selectFrom('members as f').where('f.merchant_id', '=', merchantId).where('f.referred_by', '=', memberId);
    const [items, total] = await Promise.all([
      base
        .leftJoin('referral_rewards as r', 'r.friend_id', 'f.id')
        .select(['f.username', 'f.created_at', 'r.amount', 'r.created_at as rewarded_at'])
        .orderBy('f.id', 'desc')
        .limit(LIST_PAGE_SIZE)
        .offset((page - 1) * LIST_PAGE_SIZE)
        .execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: total.n };
  };

  /**
   * Referred members of the site not yet paid for whose credited deposits and bets reach the minimums,
   * and whose inviter is still active (oldest first).
   */
  const due = async (merchantId: bigint, minDeposit: bigint, minBets: bigint, limit: number) => {
    const { rows } = await sql<DueFriend>`
      select f.id, f.merchant_id, f.referred_by, f.username, d.deposited
        from members f
        join members i on i.id = f.referred_by and i.status = 'active'
        cross join lateral (select coalesce(sum(amount), 0) as deposited from deposits
                             where member_id = f.id and merchant_id = f.merchant_id and status = 'approved') d
       where f.merchant_id = ${merchantId} and f.referred_by is not null and f.referral_settled_at is null
         and d.deposited >= ${minDeposit}
         and (select coalesce(sum(stake), 0) from game_rounds g where g.merchant_id = f.merchant_id and g.member_id = f.id) >= ${minBets}
       order by f.id
       limit ${limit}`.execute(db);
    return rows.map((r) => ({ ...r, deposited: BigInt(r.deposited) }));
  };

  /** Locks one friend's row if still unpaid; undefined when paid meanwhile or another node holds it (it pays). */
  const lockUnpaid = (tx: Tx, friendId: bigint) =>
    tx.selectFrom('members').select(['id', 'referred_by']).where('id', '=', friendId).where('referral_settled_at', 'is', null).forUpdate().skipLocked().executeTakeFirst();

  const settle = async (tx: Tx, r: { merchantId: bigint; referrerId: bigint; friendId: bigint; amount: bigint; transactionId: bigint }) => {
    await tx.insertInto('referral_rewards').values({ merchant_id: r.merchantId, referrer_id: r.referrerId, friend_id: r.friendId, amount: r.amount, ledger_transaction_id: r.transactionId }).execute();
    await tx.updateTable('members').set({ referral_settled_at: new Date() }).where('id', '=', r.friendId).execute();
  };

  return { db, codeOf, setCode, byCode, summary, friends, due, lockUnpaid, settle };
};
export type ReferralRepository = ReturnType<typeof referralRepository>;
