import { sql } from 'kysely';
import { REALTIME_PERIOD_MINUTES } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { Database } from '../../db/database.js';
import type { StoredTier } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { MAIN_WALLET } from '../member/member.repository.js';
import type { ContractRow } from './contracts.repository.js';
import { MAX_TEAM_DEPTH } from './team.js';

/** The site's house account contracts it offered are paid from. */
export const COMMISSION_EXPENSE = 'COMMISSION_EXPENSE';
/** The advisory lock key of a settlement run ("AGCS" in ASCII). */
const SETTLEMENT_LOCK = 0x41474353;
/** How far back a missed period is still settled (a node that was down catches up). */
const LOOKBACK_DAYS = 7;
/** Rounds of a real-time period get this long to close before the period is settled. */
const REALTIME_GRACE = '1 minute';

type Period = { start: Date; end: Date };
type Due = ContractRow & { timezone: string; currency: string; depth: number };
type Figures = { basis: bigint; active: number };

/** The highest tier the figures reach (threshold and active members), or none. */
export const tierFor = (tiers: StoredTier[], f: Figures) =>
  [...tiers].reverse().find((t) => f.basis >= BigInt(t.threshold) && f.active >= t.minActive);

/** basis × rate, rounded down to the minor unit; rates are hundredths of a percent. */
export const shareOf = (basis: bigint, bp: number) => (basis * BigInt(bp)) / 10_000n;

/**
 * Settles agent contracts period by period (spec §9: daily and hourly salary the next day for the
 * previous day; real-time salary every 5 minutes; dividends at the end of each period). A period
 * counts when it lies wholly within the contract's signed life. Its figures are the holder's team's,
 * the holder included, from the rounds settled (closed) that opened in it:
 * - salary: the stake (effective bets); real-time salary takes the win rate when the team's players
 *   came out ahead in the 5 minutes, the loss rate otherwise;
 * - dividend: the net loss of the team's players (stake − payout); none when they won.
 * The payment goes from the upline's main wallet (the site's commission expense for contracts the site
 * offered) to the holder's, as one ledger posting keyed by contract and period; the settlement row is
 * unique per contract and period. Uplines are settled before their downlines, so an agent's own pay
 * lands before they pay theirs. A payer who cannot cover it leaves the period unpaid (recorded).
 */
export const contractSettlement = (deps: { db: Database; ledger: LedgerService; exclusive?: boolean }) => {
  const { db, ledger } = deps;

  /** Contracts that may have a period to settle, top of the tree first. */
  const candidates = async (): Promise<Due[]> => {
    const { rows } = await sql<Due>`
      with recursive depth(id, parent_id, d) as (
        select m.id, m.parent_id, 0 from members m
         where m.id in (select holder_id from agent_contracts where status = 'active' or ended_at > now() - ${`${LOOKBACK_DAYS} days`}::interval)
        union all
        select d.id, p.parent_id, d.d + 1 from depth d join members p on p.id = d.parent_id where d.d < ${MAX_TEAM_DEPTH}
      )
      select c.*, mc.timezone, mc.currency, (select max(d) from depth where depth.id = c.holder_id)::int as depth
        from agent_contracts c join merchants mc on mc.id = c.merchant_id
       where c.decided_at is not null
         and (c.status = 'active' or (c.status = 'terminated' and c.ended_at > now() - ${`${LOOKBACK_DAYS} days`}::interval))
       order by depth, c.id`.execute(db);
    return rows;
  };

  /** Periods of the contract that have ended, inside its signed life and the look-back, not yet settled. */
  const duePeriods = async (c: Due): Promise<Period[]> => {
    const tz = c.timezone;
    const local = sql`(now() at time zone ${tz})`;
    const series =
      c.kind === 'daily' || (c.kind === 'dividend' && c.period === 'D')
        ? sql`select d at time zone ${tz} as start, (d + interval '1 day') at time zone ${tz} as "end"
                from generate_series(date_trunc('day', ${local}) - ${`${LOOKBACK_DAYS} days`}::interval, date_trunc('day', ${local}) - interval '1 day', interval '1 day') d`
        : c.kind === 'hourly'
          ? sql`select d at time zone ${tz} as start, (d + interval '1 hour') at time zone ${tz} as "end"
                  from generate_series(date_trunc('day', ${local}) - ${`${LOOKBACK_DAYS} days`}::interval, date_trunc('day', ${local}) - interval '1 hour', interval '1 hour') d`
          : c.kind === 'realtime'
            ? sql`select d as start, d + ${`${REALTIME_PERIOD_MINUTES} minutes`}::interval as "end"
                    from generate_series(to_timestamp(floor(extract(epoch from now()) / ${REALTIME_PERIOD_MINUTES * 60}) * ${REALTIME_PERIOD_MINUTES * 60}) - interval '1 day',
                                         now(), ${`${REALTIME_PERIOD_MINUTES} minutes`}::interval) d`
            : c.period === 'W'
              ? sql`select d at time zone ${tz} as start, (d + interval '1 week') at time zone ${tz} as "end"
                      from generate_series(date_trunc('week', ${local}) - interval '4 weeks', date_trunc('week', ${local}) - interval '1 week', interval '1 week') d`
              : c.period === 'M'
                ? sql`select d at time zone ${tz} as start, (d + interval '1 month') at time zone ${tz} as "end"
                        from generate_series(date_trunc('month', ${local}) - interval '3 months', date_trunc('month', ${local}) - interval '1 month', interval '1 month') d`
                : // H: the 1st to the 15th, and the 16th to the month's end.
                  sql`select h at time zone ${tz} as start, (case when extract(day from h) = 1 then h + interval '15 days' else date_trunc('month', h) + interval '1 month' end) at time zone ${tz} as "end"
                        from generate_series(date_trunc('month', ${local}) - interval '3 months', date_trunc('month', ${local}) + interval '15 days', interval '1 month') m,
                             lateral (values (m), (m + interval '15 days')) as halves(h)`;
    const grace = c.kind === 'realtime' ? sql`${REALTIME_GRACE}::interval` : sql`interval '0'`;
    const { rows } = await sql<Period>`
      select p.start, p."end" from (${series}) p
       where p."end" + ${grace} <= now() and p.start >= ${c.decided_at} and p."end" <= coalesce(${c.ended_at}, 'infinity'::timestamptz)
         and not exists (select 1 from agent_contract_settlements s where s.contract_id = ${c.id} and s.period_start = p.start)
       order by p.start`.execute(db);
    return rows;
  };

  /** The team's figures for one period: the holder and everyone under them. */
  const figures = async (c: Due, p: Period) => {
    const { rows } = await sql<{ stake: bigint; payout: bigint; active: number }>`
      with recursive team(id, depth) as (
        select ${c.holder_id}::int8, 0
        union all
        select m.id, t.depth + 1 from members m join team t on m.parent_id = t.id where m.merchant_id = ${c.merchant_id} and t.depth < ${MAX_TEAM_DEPTH}
      )
      select coalesce(sum(r.stake), 0)::int8 as stake, coalesce(sum(r.payout), 0)::int8 as payout, count(distinct r.member_id)::int as active
        from game_rounds r
       where r.merchant_id = ${c.merchant_id} and r.member_id in (select id from team) and r.status = 'closed'
         and r.opened_at >= ${p.start} and r.opened_at < ${p.end}`.execute(db);
    return rows[0]!;
  };

  const record = (c: Due, p: Period, f: Figures, rateBp: number | null, amount: bigint, status: 'paid' | 'nothing' | 'unpaid', transactionId: bigint | null, ex: Database | Tx = db) =>
    ex
      .insertInto('agent_contract_settlements')
      .values({ merchant_id: c.merchant_id, contract_id: c.id, period_start: p.start, period_end: p.end, basis: f.basis, active: f.active, rate_bp: rateBp, amount, status, ledger_transaction_id: transactionId })
      .onConflict((oc) => oc.columns(['contract_id', 'period_start']).doNothing())
      .execute();

  const settleOne = async (c: Due, p: Period) => {
    const { stake, payout, active } = await figures(c, p);
    const basis = c.kind === 'dividend' ? stake - payout : stake;
    const f = { basis, active };
    const tier = basis > 0n ? tierFor(c.tiers, f) : undefined;
    const bp = tier ? (c.kind === 'realtime' && payout - stake <= 0n ? tier.lossRateBp ?? tier.rateBp : tier.rateBp) : null;
    const amount = bp === null ? 0n : shareOf(basis, bp);
    if (amount <= 0n) return record(c, p, f, bp, 0n, 'nothing', null);

    const payer = c.upline_id === null ? await ledger.houseAccount(c.merchant_id, COMMISSION_EXPENSE, c.currency) : await ledger.memberAccount(c.merchant_id, c.upline_id, MAIN_WALLET, c.currency);
    const holder = await ledger.memberAccount(c.merchant_id, c.holder_id, MAIN_WALLET, c.currency);
    try {
      await ledger.inTransaction(c.merchant_id, async (tx) => {
        const posted = await ledger.post(
          {
            merchantId: c.merchant_id,
            type: c.kind === 'dividend' ? 'AGENT_DIVIDEND' : 'AGENT_SALARY',
            idempotencyKey: `contract:${c.id}:${p.start.toISOString()}`,
            legs: [{ accountId: payer, amount: -amount }, { accountId: holder, amount }],
            reference: `contract:${c.id}`,
            metadata: { kind: c.kind, periodStart: p.start.toISOString(), periodEnd: p.end.toISOString(), basis: basis.toString(), rateBp: bp },
          },
          tx,
        );
        await record(c, p, f, bp, amount, 'paid', posted.transactionId, tx);
      });
    } catch (e) {
      if (e instanceof AppError && e.code === 'INSUFFICIENT_FUNDS') return record(c, p, f, bp, amount, 'unpaid', null);
      // Another node posted this period at the same moment (the same key): it is settled.
      if (isUniqueViolation(e)) return;
      throw e;
    }
  };

  const settleAll = async () => {
    let settled = 0;
    for (const c of await candidates()) {
      for (const p of await duePeriods(c)) {
        await settleOne(c, p);
        settled++;
      }
    }
    return settled;
  };

  /**
   * Settles every due period of every contract; returns how many periods it settled. On a PostgreSQL
   * server shared by several nodes one run at a time holds an advisory lock (the others skip this
   * minute): two runs side by side could settle a downline before their upline was paid.
   */
  const settleDue = async () => {
    if (!deps.exclusive) return settleAll();
    return db.connection().execute(async (conn) => {
      const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${SETTLEMENT_LOCK}) as ok`.execute(conn);
      if (!rows[0]?.ok) return 0;
      try {
        return await settleAll();
      } finally {
        await sql`select pg_advisory_unlock(${SETTLEMENT_LOCK})`.execute(conn);
      }
    });
  };

  return { settleDue };
};
export type ContractSettlement = ReturnType<typeof contractSettlement>;
