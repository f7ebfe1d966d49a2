import { ACCOUNT_TYPE } from '@apsara/contracts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';

/** A rank's thresholds in minor units, rank n at index n - 1. */
export type Thresholds = { minBets: bigint; minDeposits: bigint; bonus: bigint }[];

export const vipRepository = (db: Database) => {
  /**
   * Takes up to `limit` queued items (others' are skipped, so several nodes share the queue) and adds
   * what they count to each real member's progress: the stake of a round that closed (marked counted,
   * so a round reopened and closed again counts once) and a credited deposit. Returns how many it took.
   */
  const drain = async (tx: Tx, limit: number) => {
    const { rows: taken } = await sql<{ kind: 'round' | 'deposit'; ref_id: string }>`
      delete from vip_queue where id in (select id from vip_queue order by id limit ${limit} for update skip locked)
      returning kind, ref_id::text`.execute(tx);
    if (taken.length === 0) return 0;
    const ids = (kind: string) => taken.filter((t) => t.kind === kind).map((t) => t.ref_id);
    // In member order, so two nodes' batches lock progress rows in the same order.
    await sql`
      with counted as (
        update game_rounds r set vip_counted = true
         where r.id = any(${ids('round')}::int8[]) and not r.vip_counted and r.status = 'closed' and r.stake > 0
        returning r.merchant_id, r.member_id, r.stake
      ),
      sums as (
        select c.merchant_id, c.member_id, sum(c.stake) as bets, 0::numeric as deposits
          from counted c join members m on m.id = c.member_id and m.type <> ${ACCOUNT_TYPE.TRIAL}
         group by 1, 2
        union all
        select d.merchant_id, d.member_id, 0, sum(d.amount)
          from deposits d join members m on m.id = d.member_id and m.type <> ${ACCOUNT_TYPE.TRIAL}
         where d.id = any(${ids('deposit')}::int8[]) and d.status = 'approved'
         group by 1, 2
      )
      insert into vip_progress as p (member_id, merchant_id, bets, deposits)
      select member_id, merchant_id, sum(bets)::int8, sum(deposits)::int8 from sums group by 1, 2 order by 1
      on conflict (member_id) do update set bets = p.bets + excluded.bets, deposits = p.deposits + excluded.deposits, changes = p.changes + 1, updated_at = now()`.execute(tx);
    return taken.length;
  };

  /**
   * The site's progress rows the raise step should look at, `limit` at a time in member order after
   * `afterId`: those that changed since last checked, or every row (`full`, after the ranks' thresholds
   * changed). Each with the highest rank its progress reaches now, whether the member is active, and
   * the change count seen (what `markChecked` records).
   */
  const dueForRaise = async (merchantId: bigint, levels: Thresholds, afterId: bigint, limit: number, full: boolean) => {
    if (levels.length === 0) return [];
    const values = sql.join(levels.map((l, i) => sql`(${i + 1}::int, ${l.minBets}::int8, ${l.minDeposits}::int8)`));
    const { rows } = await sql<{ member_id: string; level: number; reached: number; changes: string; active: boolean }>`
      with lv(level, min_bets, min_deposits) as (values ${values})
      select p.member_id::text, p.level, p.changes::text, m.status = 'active' as active,
             coalesce((select max(lv.level) from lv where p.bets >= lv.min_bets and p.deposits >= lv.min_deposits), 0) as reached
        from vip_progress p join members m on m.id = p.member_id
       where p.merchant_id = ${merchantId} and p.member_id > ${afterId} ${full ? sql`` : sql`and p.changes > p.checked`}
       order by p.member_id
       limit ${limit}`.execute(db);
    return rows.map((r) => ({ memberId: BigInt(r.member_id), level: r.level, reached: r.reached, changes: BigInt(r.changes), active: r.active }));
  };

  /** The thresholds the site's rows were last all checked against, by any node (undefined: never). */
  const checkedAgainst = async (merchantId: bigint) =>
    (await db.selectFrom('vip_checks').select('thresholds').where('merchant_id', '=', merchantId).executeTakeFirst())?.thresholds;

  /** Records that every row of the site has been checked against `thresholds`. */
  const markAllChecked = async (merchantId: bigint, thresholds: string) => {
    await db
      .insertInto('vip_checks')
      .values({ merchant_id: merchantId, thresholds })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ thresholds, checked_at: new Date() }))
      .execute();
  };

  /** Records that these rows were checked as of the change count seen (a row that changed since stays due). */
  const markChecked = async (merchantId: bigint, seen: { memberId: bigint; changes: bigint }[]) => {
    if (seen.length === 0) return;
    const values = sql.join(seen.map((r) => sql`(${r.memberId}::int8, ${r.changes}::int8)`));
    await sql`
      update vip_progress p set checked = s.changes
        from (values ${values}) as s(member_id, changes)
       where p.merchant_id = ${merchantId} and p.member_id = s.member_id and p.checked < s.changes`.execute(db);
  };

  /**
   * Whether the member is active, holding their row against a freeze (or reopening) until the
   * transaction ends: an operator's freeze waits for a payment under way, and one that came first stops it.
   */
  const isActive = async (tx: Tx, merchantId: bigint, memberId: bigint) =>
    (await tx.selectFrom('members').select('status').where('merchant_id', '=', merchantId).where('id', '=', memberId).forShare().executeTakeFirst())?.status === 'active';

  /**
   * Raises a member to `reached` and records each rank passed on the way with its bonus, if their rank
   * is still below it (another node may have done it). Returns the ranks recorded; null when the member
   * is no longer active (frozen or closed meanwhile: they wait).
   */
  const raise = async (tx: Tx, merchantId: bigint, memberId: bigint, reached: number, levels: Thresholds) => {
    if (!(await isActive(tx, merchantId, memberId))) return null;
    const row = await tx.selectFrom('vip_progress').select('level').where('merchant_id', '=', merchantId).where('member_id', '=', memberId).forUpdate().executeTakeFirst();
    if (!row || row.level >= reached) return [];
    await tx.updateTable('vip_progress').set({ level: reached, updated_at: new Date() }).where('member_id', '=', memberId).execute();
    const passed = [];
    for (let level = row.level + 1; level <= reached; level++) passed.push({ merchant_id: merchantId, member_id: memberId, level, bonus: levels[level - 1]!.bonus });
    await tx.insertInto('vip_upgrades').values(passed).onConflict((oc) => oc.columns(['member_id', 'level']).doNothing()).execute();
    return passed.map((p) => p.level);
  };

  /** A site's upgrades of active members whose bonus is not paid yet, oldest first, after `afterId`. */
  const unpaid = (merchantId: bigint, afterId: bigint, limit: number) =>
    db
      .selectFrom('vip_upgrades as u')
      .innerJoin('members as m', 'm.id', 'u.member_id')
      .select(['u.id', 'u.merchant_id', 'u.member_id', 'u.level', 'u.bonus'])
      .where('u.paid_at', 'is', null)
      .where('u.bonus', '>', 0n)
      .where('u.merchant_id', '=', merchantId)
      .where('m.status', '=', 'active')
      .where('u.id', '>', afterId)
      .orderBy('u.id')
      .limit(limit)
      .execute();

  /** Locks one unpaid upgrade; undefined when paid meanwhile or another node holds it (it pays). */
  const lockUnpaid = (tx: Tx, id: bigint) => tx.selectFrom('vip_upgrades').select(['id']).where('id', '=', id).where('paid_at', 'is', null).forUpdate().skipLocked().executeTakeFirst();

  const markPaid = (tx: Tx, id: bigint, transactionId: bigint) => tx.updateTable('vip_upgrades').set({ paid_at: new Date(), ledger_transaction_id: transactionId }).where('id', '=', id).execute();

  const progressOf = (merchantId: bigint, memberId: bigint) => db.selectFrom('vip_progress').selectAll().where('merchant_id', '=', merchantId).where('member_id', '=', memberId).executeTakeFirst();

  const upgradesOf = (merchantId: bigint, memberId: bigint) =>
    db.selectFrom('vip_upgrades').selectAll().where('merchant_id', '=', merchantId).where('member_id', '=', memberId).orderBy('level', 'desc').execute();

  const levelOf = async (merchantId: bigint, memberId: bigint) =>
    (await db.selectFrom('vip_progress').select('level').where('merchant_id', '=', merchantId).where('member_id', '=', memberId).executeTakeFirst())?.level ?? 0;

  const recent = (merchantId: bigint, limit: number) =>
    db
      .selectFrom('vip_upgrades as u')
      .innerJoin('members as m', 'm.id', 'u.member_id')
      .select(['u.member_id', 'm.username', 'u.level', 'u.bonus', 'u.reached_at', 'u.paid_at'])
      .where('u.merchant_id', '=', merchantId)
      .orderBy('u.id', 'desc')
      .limit(limit)
      .execute();

  return { db, drain, dueForRaise, markChecked, checkedAgainst, markAllChecked, isActive, raise, unpaid, lockUnpaid, markPaid, progressOf, upgradesOf, levelOf, recent };
};
export type VipRepository = ReturnType<typeof vipRepository>;
