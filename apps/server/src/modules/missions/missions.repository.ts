import { ACCOUNT_TYPE, type MissionPeriod } from '@apsara/contracts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Tx } from '../ledger/ledger.repository.js';

/** A period of the site's calendar, by the database's clock in the site's time zone. */
export type Window = { key: string; start: Date; end: Date };
export type Windows = { now: Date; daily: Window; weekly: Window; previousDaily: Window; previousWeekly: Window };

/** What a member did in a period: bets and deposits in minor units, rounds and wins as counts. */
export type Progress = { bets: bigint; rounds: bigint; wins: bigint; deposits: bigint };

/** One member's line of a leaderboard, best first. */
export type Standing = { memberId: bigint; username: string; bets: bigint };

export const missionsRepository = (db: Database) => {
  /**
   * Today and this week (from Monday) in the site's time zone, and the ones before them. One query
   * on the database's clock, so every node and every check agrees on where a period ends.
   */
  const windows = async (timezone: string): Promise<Windows> => {
    const { rows } = await sql<Record<string, Date | string>>`
      with t as (select now() as now, date_trunc('day', now() at time zone ${timezone}) as d, date_trunc('week', now() at time zone ${timezone}) as w)
      select now,
             to_char(d, 'YYYY-MM-DD') as dkey, d at time zone ${timezone} as dstart, (d + interval '1 day') at time zone ${timezone} as dend,
             to_char(w, 'YYYY-MM-DD') as wkey, w at time zone ${timezone} as wstart, (w + interval '1 week') at time zone ${timezone} as wend,
             to_char(d - interval '1 day', 'YYYY-MM-DD') as pdkey, (d - interval '1 day') at time zone ${timezone} as pdstart,
             to_char(w - interval '1 week', 'YYYY-MM-DD') as pwkey, (w - interval '1 week') at time zone ${timezone} as pwstart
        from t`.execute(db);
    const r = rows[0]!;
    const at = (v: Date | string | undefined) => new Date(v as Date);
    const daily = { key: String(r.dkey), start: at(r.dstart), end: at(r.dend) };
    const weekly = { key: String(r.wkey), start: at(r.wstart), end: at(r.wend) };
    return {
      now: at(r.now),
      daily,
      weekly,
      previousDaily: { key: String(r.pdkey), start: at(r.pdstart), end: daily.start },
      previousWeekly: { key: String(r.pwkey), start: at(r.pwstart), end: weekly.start },
    };
  };

  /** The `count` periods of this kind before the current one, the most recent first. */
  const pastWindows = async (timezone: string, kind: MissionPeriod, count: number): Promise<Window[]> => {
    const unit = kind === 'daily' ? 'day' : 'week';
    const { rows } = await sql<{ key: string; start: Date; end: Date }>`
      with t as (select date_trunc(${unit}, now() at time zone ${timezone}) as cur), s as (select generate_series(1, ${count}) as n)
      select to_char(cur - n * ${`1 ${unit}`}::interval, 'YYYY-MM-DD') as key,
             (cur - n * ${`1 ${unit}`}::interval) at time zone ${timezone} as start,
             (cur - (n - 1) * ${`1 ${unit}`}::interval) at time zone ${timezone} as "end"
        from t, s order by n`.execute(db);
    return rows.map((r) => ({ key: r.key, start: new Date(r.start), end: new Date(r.end) }));
  };

  /** The most recent period of this kind the site has settled, if any. */
  const lastSettled = async (merchantId: bigint, kind: MissionPeriod) =>
    (await db.selectFrom('leaderboard_settlements').select('period').where('merchant_id', '=', merchantId).where('kind', '=', kind).orderBy('period', 'desc').limit(1).executeTakeFirst())?.period;

  /**
   * Locks accounts in id order (as ledger_post does) before a transaction makes several postings, so
   * it never holds one account while waiting for another that a single posting elsewhere holds.
   */
  const lockAccounts = async (tx: Tx, ids: bigint[]) => {
    if (ids.length === 0) return;
    await sql`select id from accounts where id = any(${ids.map(String)}::int8[]) order by id for no key update`.execute(tx);
  };

  const active = (merchantId: bigint) =>
    db.selectFrom('missions').selectAll().where('merchant_id', '=', merchantId).where('active', '=', true).orderBy('sort').orderBy('id').execute();

  const byId = (merchantId: bigint, id: bigint) => db.selectFrom('missions').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();

  /**
   * What the member did in each window, counting settled rounds only (a stake a vendor may still roll
   * back counts once its round has closed):
   * - bets: the stakes of closed rounds opened in it (as promotion turnover counts them);
   * - rounds: closed rounds opened in it with a stake of at least `minStake`;
   * - wins: those of them that paid at least twice their stake (a real win, not a near-certain nibble);
   * - deposits: deposits credited in it less the withdrawals asked for in it (not rejected), counted up
   *   to the bets of the period: money deposited and taken out again, or left unplayed, earns nothing.
   */
  const progress = async (q: Database | Tx, merchantId: bigint, memberId: bigint, wins: Window[], minStake: bigint): Promise<Progress[]> => {
    if (wins.length === 0) return [];
    const from = new Date(Math.min(...wins.map((w) => w.start.getTime())));
    const to = new Date(Math.max(...wins.map((w) => w.end.getTime())));
    const within = (col: string, w: Window) => sql`${sql.ref(col)} >= ${w.start} and ${sql.ref(col)} < ${w.end}`;
    const { rows } = await sql<Record<string, string>>`
      select * from
        (select ${sql.join(
          wins.map(
            (w, i) => sql`coalesce(sum(stake) filter (where ${within('opened_at', w)}), 0)::text as ${sql.ref(`bets${i}`)},
              count(*) filter (where stake >= ${minStake} and ${within('opened_at', w)})::text as ${sql.ref(`rounds${i}`)},
              count(*) filter (where stake >= ${minStake} and payout >= 2 * stake and ${within('opened_at', w)})::text as ${sql.ref(`wins${i}`)}`,
          ),
        )}
           from game_rounds
          where merchant_id = ${merchantId} and member_id = ${memberId} and status = 'closed' and opened_at >= ${from} and opened_at < ${to}) g,
        (select ${sql.join(wins.map((w, i) => sql`coalesce(sum(amount) filter (where ${within('reviewed_at', w)}), 0)::text as ${sql.ref(`deposited${i}`)}`))}
           from deposits
          where merchant_id = ${merchantId} and member_id = ${memberId} and status = 'approved' and reviewed_at >= ${from} and reviewed_at < ${to}) d,
        (select ${sql.join(wins.map((w, i) => sql`coalesce(sum(amount) filter (where ${within('created_at', w)}), 0)::text as ${sql.ref(`withdrawn${i}`)}`))}
           from withdrawals
          where merchant_id = ${merchantId} and member_id = ${memberId} and status <> 'rejected' and created_at >= ${from} and created_at < ${to}) w`.execute(q);
    const r = rows[0]!;
    return wins.map((_, i) => {
      const bets = BigInt(r[`bets${i}`]!);
      const net = BigInt(r[`deposited${i}`]!) - BigInt(r[`withdrawn${i}`]!);
      const played = net < bets ? net : bets;
      return { bets, rounds: BigInt(r[`rounds${i}`]!), wins: BigInt(r[`wins${i}`]!), deposits: played > 0n ? played : 0n };
    });
  };

  /** The member's claims of these periods (keys of windows). */
  const claimsIn = (merchantId: bigint, memberId: bigint, periods: string[]) =>
    db.selectFrom('mission_claims').selectAll().where('merchant_id', '=', merchantId).where('member_id', '=', memberId).where('period', 'in', periods).execute();

  const claimOf = (q: Database | Tx, missionId: bigint, memberId: bigint, period: string) =>
    q.selectFrom('mission_claims').selectAll().where('mission_id', '=', missionId).where('member_id', '=', memberId).where('period', '=', period).executeTakeFirst();

  /** Records a paid reward; undefined when this mission and period was already claimed (a race: the other claim stands). */
  const insertClaim = (tx: Tx, c: { merchantId: bigint; memberId: bigint; missionId: bigint; period: string; amount: bigint; transactionId: bigint }) =>
    tx
      .insertInto('mission_claims')
      .values({ merchant_id: c.merchantId, member_id: c.memberId, mission_id: c.missionId, period: c.period, amount: c.amount, ledger_transaction_id: c.transactionId })
      .onConflict((oc) => oc.columns(['mission_id', 'member_id', 'period']).doNothing())
      .returningAll()
      .executeTakeFirst();

  const earned = async (merchantId: bigint, memberId: bigint) => {
    const r = await db.selectFrom('mission_claims').select(sql<string>`coalesce(sum(amount), 0)::text`.as('n')).where('merchant_id', '=', merchantId).where('member_id', '=', memberId).executeTakeFirstOrThrow();
    return BigInt(r.n);
  };

  /**
   * Every real, active member of the site whose bets (settled rounds' stakes) in the window reach `minBets`, best first. On
   * equal bets, the member whose last bet came first got there first; then the older account.
   */
  const standings = async (q: Database | Tx, merchantId: bigint, w: Window, minBets: bigint): Promise<Standing[]> => {
    const { rows } = await sql<{ member_id: string; username: string; bets: string }>`
      select g.member_id::text, m.username, sum(g.stake)::text as bets
        from game_rounds g
        join members m on m.id = g.member_id
       where g.merchant_id = ${merchantId} and g.opened_at >= ${w.start} and g.opened_at < ${w.end} and g.status = 'closed'
         and m.type <> ${ACCOUNT_TYPE.TRIAL} and m.status = 'active'
       group by g.member_id, m.username
      having sum(g.stake) >= ${minBets}
       order by sum(g.stake) desc, max(g.opened_at), g.member_id`.execute(q);
    return rows.map((r) => ({ memberId: BigInt(r.member_id), username: r.username, bets: BigInt(r.bets) }));
  };

  const settlement = (merchantId: bigint, kind: MissionPeriod, period: string) =>
    db.selectFrom('leaderboard_settlements').selectAll().where('merchant_id', '=', merchantId).where('kind', '=', kind).where('period', '=', period).executeTakeFirst();

  /** Claims a period's settlement for this call; false when it is already settled (or another node is settling it). */
  const startSettlement = async (tx: Tx, s: { merchantId: bigint; kind: MissionPeriod; period: string; ranked: number; standings: unknown[] }) =>
    (await tx
      .insertInto('leaderboard_settlements')
      .values({ merchant_id: s.merchantId, kind: s.kind, period: s.period, ranked: s.ranked, standings: JSON.stringify(s.standings) })
      .onConflict((oc) => oc.columns(['merchant_id', 'kind', 'period']).doNothing())
      .returning('period')
      .executeTakeFirst()) !== undefined;

  const insertAward = (tx: Tx, a: { merchantId: bigint; kind: MissionPeriod; period: string; rank: number; memberId: bigint; bets: bigint; amount: bigint; transactionId: bigint }) =>
    tx
      .insertInto('leaderboard_awards')
      .values({ merchant_id: a.merchantId, kind: a.kind, period: a.period, rank: a.rank, member_id: a.memberId, bets: a.bets, amount: a.amount, ledger_transaction_id: a.transactionId })
      .execute();

  const awardOf = (merchantId: bigint, kind: MissionPeriod, period: string, memberId: bigint) =>
    db.selectFrom('leaderboard_awards').selectAll().where('merchant_id', '=', merchantId).where('kind', '=', kind).where('period', '=', period).where('member_id', '=', memberId).executeTakeFirst();

  // ---- Operators ----

  const all = (merchantId: bigint) =>
    db
      .selectFrom('missions as m')
      .selectAll('m')
      .select((eb) => eb.selectFrom('mission_claims as c').whereRef('c.mission_id', '=', 'm.id').select(sql<number>`count(*)::int`.as('n')).as('claims'))
      .where('m.merchant_id', '=', merchantId)
      .orderBy('m.active', 'desc')
      .orderBy('m.sort')
      .orderBy('m.id')
      .execute();

  const insert = (tx: Tx, m: { merchantId: bigint; code: string; period: MissionPeriod; metric: 'bets' | 'rounds' | 'wins' | 'deposits'; target: bigint; reward: bigint; sort: number; active: boolean }) =>
    tx
      .insertInto('missions')
      .values({ merchant_id: m.merchantId, code: m.code, period: m.period, metric: m.metric, target: m.target, reward: m.reward, sort: m.sort, active: m.active })
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .returningAll()
      .executeTakeFirst();

  const lock = (tx: Tx, merchantId: bigint, id: bigint) => tx.selectFrom('missions').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst();

  const update = (tx: Tx, id: bigint, set: { sort?: number; active?: boolean }) => tx.updateTable('missions').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

  const claimCount = async (tx: Tx, missionId: bigint) => (await tx.selectFrom('mission_claims').select(sql<number>`count(*)::int`.as('n')).where('mission_id', '=', missionId).executeTakeFirstOrThrow()).n;

  const awards = (merchantId: bigint, limit: number) =>
    db
      .selectFrom('leaderboard_awards as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select(['a.kind', 'a.period', 'a.rank', 'a.member_id', 'm.username', 'a.bets', 'a.amount', 'a.created_at'])
      .where('a.merchant_id', '=', merchantId)
      .orderBy('a.period', 'desc')
      .orderBy('a.rank')
      .limit(limit)
      .execute();

  return { db, windows, pastWindows, lastSettled, lockAccounts, active, byId, progress, claimsIn, claimOf, insertClaim, earned, standings, settlement, startSettlement, insertAward, awardOf, all, insert, lock, update, claimCount, awards };
};
export type MissionsRepository = ReturnType<typeof missionsRepository>;
export type MissionRow = Awaited<ReturnType<MissionsRepository['active']>>[number];
