import { LIST_PAGE_SIZE, type PromotionClaimStatus } from '@apsara/contracts';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { DB, LocalizedName, PromotionClaimsTable, PromotionPrizeRow, PromotionsTable } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { freeUploads } from '../upload/free-uploads.js';

export type PromotionRow = Selectable<PromotionsTable>;
export type ClaimRow = Selectable<PromotionClaimsTable>;
/** A record with what the member's pages and the back office show beside it. */
export type ClaimView = ClaimRow & {
  title: LocalizedName;
  art: string;
  mechanic: PromotionRow['mechanic'];
  image_count: number;
  turnover_done: bigint;
  username: string;
  decided_by_name: string | null;
};

export type NewPromotion = {
  merchantId: bigint;
  code: string;
  category: string;
  mechanic: PromotionRow['mechanic'];
  repeat: 'once' | 'daily';
  art: string;
  title: LocalizedName;
  summary: LocalizedName;
  body: LocalizedName;
  startsAt: Date;
  endsAt: Date | null;
  visible: boolean;
  sort: number;
  bonus: bigint | null;
  percent: number | null;
  maxBonus: bigint | null;
  minDeposit: bigint | null;
  firstDepositOnly: boolean;
  turnoverMultiple: number;
  prizes: PromotionPrizeRow[] | null;
  proof: 'none' | 'optional' | 'required';
  poolTotal: bigint | null;
  envelopeCount: number | null;
};

/** Closed promotions stay on the list this long after they end, so members see what they missed or took part in. */
const CLOSED_SHOWN_DAYS = 7;

const json = (v: unknown) => JSON.stringify(v);

export const promotionsRepository = (db: Database) => {
  /** The site's day in its own time zone: the period key of daily promotions and where "today" starts and ends. */
  const today = async (timezone: string) => {
    const { rows } = await sql<{ day: string; start: Date; end: Date }>`
      select to_char(now() at time zone ${timezone}, 'YYYY-MM-DD') as day,
             date_trunc('day', now() at time zone ${timezone}) at time zone ${timezone} as start,
             (date_trunc('day', now() at time zone ${timezone}) + interval '1 day') at time zone ${timezone} as "end"`.execute(db);
    return rows[0]!;
  };

  const listed = (merchantId: bigint, category?: string) =>
    db
      .selectFrom('promotions')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('visible', '=', true)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now() - ${`${CLOSED_SHOWN_DAYS} days`}::interval`)]))
      .$if(category !== undefined, (q) => q.where('category', '=', category!))
      .orderBy('sort')
      .orderBy('id', 'desc')
      .execute();

  const find = (merchantId: bigint, id: bigint, tx: Tx | Database = db) =>
    tx.selectFrom('promotions').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();

  const lock = (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.selectFrom('promotions').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst();

  const all = (merchantId: bigint) =>
    db
      .selectFrom('promotions as p')
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('promotion_claims as c')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('c.promotion_id', '=', 'p.id')
          .where('c.status', '=', 'applying')
          .as('applying'),
      )
      .where('p.merchant_id', '=', merchantId)
      .orderBy('p.sort')
      .orderBy('p.id', 'desc')
      .execute();

  const create = (p: NewPromotion, tx: Tx | Database = db) =>
    tx
      .insertInto('promotions')
      .values({
        merchant_id: p.merchantId,
        code: p.code,
        category: p.category,
        mechanic: p.mechanic,
        repeat: p.repeat,
        art: p.art,
        title: json(p.title),
        summary: json(p.summary),
        body: json(p.body),
        starts_at: p.startsAt,
        ends_at: p.endsAt,
        visible: p.visible,
        sort: p.sort,
        bonus: p.bonus,
        percent: p.percent,
        max_bonus: p.maxBonus,
        min_deposit: p.minDeposit,
        first_deposit_only: p.firstDepositOnly,
        turnover_multiple: p.turnoverMultiple,
        prizes: p.prizes === null ? null : json(p.prizes),
        proof: p.proof,
        pool_total: p.poolTotal,
        envelope_count: p.envelopeCount,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
      .returningAll()
      .executeTakeFirst();

  const update = (tx: Tx, id: bigint, patch: Partial<{ category: string; art: string; title: LocalizedName; summary: LocalizedName; body: LocalizedName; starts_at: Date; ends_at: Date | null; visible: boolean; sort: number }>) =>
    tx
      .updateTable('promotions')
      .set({
        ...patch,
        ...(patch.title === undefined ? {} : { title: json(patch.title) }),
        ...(patch.summary === undefined ? {} : { summary: json(patch.summary) }),
        ...(patch.body === undefined ? {} : { body: json(patch.body) }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();

  /** The member's records of these promotions in these periods ('once' and today's day). */
  const claimsIn = (memberId: bigint, promotionIds: bigint[], periods: string[]) =>
    promotionIds.length === 0
      ? Promise.resolve([] as ClaimRow[])
      : db.selectFrom('promotion_claims').selectAll().where('member_id', '=', memberId).where('promotion_id', 'in', promotionIds).where('period', 'in', periods).execute();

  const lockClaimOf = (tx: Tx, promotionId: bigint, memberId: bigint, period: string) =>
    tx.selectFrom('promotion_claims').selectAll().where('promotion_id', '=', promotionId).where('member_id', '=', memberId).where('period', '=', period).forUpdate().executeTakeFirst();

  const lockClaim = (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.selectFrom('promotion_claims').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst();

  /** A new record; undefined when the member already has one for this promotion and period (a race or a second try). */
  const insertClaim = (tx: Tx, c: { merchantId: bigint; memberId: bigint; promotionId: bigint; period: string; status: PromotionClaimStatus; remark?: string | null }) =>
    tx
      .insertInto('promotion_claims')
      .values({ merchant_id: c.merchantId, member_id: c.memberId, promotion_id: c.promotionId, period: c.period, status: c.status, remark: c.remark ?? null })
      .onConflict((oc) => oc.columns(['promotion_id', 'member_id', 'period']).doNothing())
      .returningAll()
      .executeTakeFirst();

  const updateClaim = (
    tx: Tx,
    id: bigint,
    patch: Partial<Pick<ClaimRow, 'status' | 'review_remark' | 'bonus' | 'deposit_id' | 'deposit_amount' | 'turnover_required' | 'ledger_transaction_id' | 'decided_by' | 'decided_at' | 'paid_at'>>,
  ) => tx.updateTable('promotion_claims').set(patch).where('id', '=', id).execute();

  /** Claims the key for an action; false when the member used it before (or a request racing this one holds it). */
  const claimKey = async (tx: Tx, a: { memberId: bigint; key: string; action: 'join' | 'apply' | 'claim'; promotionId: bigint; hash: string }) =>
    !!(await tx
      .insertInto('promotion_actions')
      .values({ member_id: a.memberId, idempotency_key: a.key, action: a.action, promotion_id: a.promotionId, request_hash: a.hash })
      .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
      .returning('member_id')
      .executeTakeFirst());

  const settleKey = (tx: Tx, memberId: bigint, key: string, claimId: bigint, prize: bigint | null) =>
    tx.updateTable('promotion_actions').set({ claim_id: claimId, prize }).where('member_id', '=', memberId).where('idempotency_key', '=', key).execute();

  const findAction = (memberId: bigint, key: string) =>
    db.selectFrom('promotion_actions').selectAll().where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();

  const addImages = (tx: Tx, claimId: bigint, ids: string[]) =>
    ids.length === 0 ? Promise.resolve() : tx.insertInto('promotion_claim_images').values(ids.map((upload_id, position) => ({ claim_id: claimId, upload_id, position }))).execute();

  const imagesOf = async (claimId: bigint) =>
    (await db.selectFrom('promotion_claim_images').select('upload_id').where('claim_id', '=', claimId).orderBy('position').execute()).map((r) => r.upload_id);

  /** How many envelopes are left on this day, per red-envelope promotion; a day nobody opened one yet is not listed (all left). */
  const envelopesLeft = async (promotionIds: bigint[], period: string) =>
    promotionIds.length === 0
      ? new Map<bigint, number>()
      : new Map(
          (await db.selectFrom('promotion_envelope_days').select(['promotion_id', 'left_count']).where('promotion_id', 'in', promotionIds).where('period', '=', period).execute()).map(
            (r) => [r.promotion_id, r.left_count] as const,
          ),
        );

  /** The day's pool, made full by its first opening, locked until the opening's transaction ends. */
  const lockEnvelopeDay = async (tx: Tx, p: { id: bigint; pool: bigint; count: number }, period: string) => {
    await tx
      .insertInto('promotion_envelope_days')
      .values({ promotion_id: p.id, period, left_amount: p.pool, left_count: p.count })
      .onConflict((oc) => oc.columns(['promotion_id', 'period']).doNothing())
      .execute();
    return tx.selectFrom('promotion_envelope_days').select(['left_amount', 'left_count']).where('promotion_id', '=', p.id).where('period', '=', period).forUpdate().executeTakeFirstOrThrow();
  };

  /** Takes one envelope holding `amount` out of the day's pool (locked by lockEnvelopeDay). */
  const takeEnvelope = (tx: Tx, promotionId: bigint, period: string, amount: bigint) =>
    tx
      .updateTable('promotion_envelope_days')
      .set((eb) => ({ left_amount: eb('left_amount', '-', amount), left_count: eb('left_count', '-', 1) }))
      .where('promotion_id', '=', promotionId)
      .where('period', '=', period)
      .execute();

  const credited = (tx: Tx | Database, merchantId: bigint, memberId: bigint) =>
    tx.selectFrom('deposits').where('merchant_id', '=', merchantId).where('member_id', '=', memberId).where('status', '=', 'approved').where('reviewed_at', 'is not', null);

  /** Whether the member ever had a deposit credited. */
  const hasDeposited = async (merchantId: bigint, memberId: bigint, tx: Tx | Database = db) => !!(await credited(tx, merchantId, memberId).select('id').limit(1).executeTakeFirst());

  // A deposit that paid a bonus already, or that a withdrawal request (not rejected) followed, pays no bonus:
  // money taken out again earns nothing.
  const unused = (eb: ExpressionBuilder<DB, 'deposits'>) =>
    eb.and([
      eb.not(eb.exists(eb.selectFrom('promotion_claims as c').select('c.id').whereRef('c.deposit_id', '=', 'deposits.id'))),
      eb.not(
        eb.exists(
          eb
            .selectFrom('withdrawals as w')
            .select('w.id')
            .whereRef('w.member_id', '=', 'deposits.member_id')
            .whereRef('w.created_at', '>=', 'deposits.reviewed_at')
            .where('w.status', '<>', 'rejected'),
        ),
      ),
    ]);

  /** The member's first credited deposit ever, if it can still pay a bonus. */
  const firstDeposit = async (tx: Tx | Database, merchantId: bigint, memberId: bigint) => {
    const first = await credited(tx, merchantId, memberId).select('id').orderBy('reviewed_at').orderBy('id').limit(1).executeTakeFirst();
    if (!first) return undefined;
    return credited(tx, merchantId, memberId).select(['id', 'amount', 'reviewed_at']).where('id', '=', first.id).where(unused).executeTakeFirst();
  };

  /**
   * The earliest deposit credited in [from, to) of at least `min` that paid no bonus yet: the one a
   * deposit bonus is paid on.
   */
  const depositAfter = (tx: Tx | Database, merchantId: bigint, memberId: bigint, from: Date, to: Date | null, min: bigint) =>
    credited(tx, merchantId, memberId)
      .select(['id', 'amount', 'reviewed_at'])
      .where('reviewed_at', '>=', from)
      .$if(to !== null, (q) => q.where('reviewed_at', '<', to!))
      .where('amount', '>=', min)
      .where(unused)
      .orderBy('reviewed_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();

  /** What the member had credited in deposits in [from, to). */
  const depositedBetween = async (merchantId: bigint, memberId: bigint, from: Date, to: Date, tx: Tx | Database = db) => {
    const row = await credited(tx, merchantId, memberId)
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
      .where('reviewed_at', '>=', from)
      .where('reviewed_at', '<', to)
      .executeTakeFirstOrThrow();
    return BigInt(row.total);
  };

  // Bets placed since the bonus was paid, counted up to what it asks (rounds settled or not: a bet is a bet
  // once placed; a rolled-back bet has its stake taken off). A record marked met is not counted again.
  const turnoverDone = sql<string>`(case when c.turnover_required = 0 or c.paid_at is null then 0
      when c.turnover_met_at is not null then c.turnover_required
      else least(c.turnover_required, coalesce((
      select sum(g.stake) from game_rounds g
       where g.merchant_id = c.merchant_id and g.member_id = c.member_id and g.opened_at >= c.paid_at), 0)) end)::text`;

  const views = (tx: Tx | Database = db) =>
    tx
      .selectFrom('promotion_claims as c')
      .innerJoin('promotions as p', 'p.id', 'c.promotion_id')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .leftJoin('operators as o', 'o.id', 'c.decided_by')
      .selectAll('c')
      .select(['p.title', 'p.art', 'p.mechanic', 'm.username', 'o.username as decided_by_name'])
      .select(sql<number>`(select count(*)::int from promotion_claim_images i where i.claim_id = c.id)`.as('image_count'))
      .select(turnoverDone.as('turnover_done'));

  const toView = (r: Awaited<ReturnType<ReturnType<typeof views>['execute']>>[number]): ClaimView => ({ ...r, turnover_done: BigInt(r.turnover_done) }) as ClaimView;

  const findClaim = async (merchantId: bigint, id: bigint) => {
    const r = await views().where('c.merchant_id', '=', merchantId).where('c.id', '=', id).executeTakeFirst();
    return r && toView(r);
  };

  const claimPage = async (merchantId: bigint, f: { memberId?: bigint; statuses?: readonly PromotionClaimStatus[]; promotionId?: bigint }, page: number) => {
    let items = views().where('c.merchant_id', '=', merchantId);
    let count = db.selectFrom('promotion_claims as c').select(sql<number>`count(*)::int`.as('n')).where('c.merchant_id', '=', merchantId);
    if (f.memberId !== undefined) {
      items = items.where('c.member_id', '=', f.memberId);
      count = count.where('c.member_id', '=', f.memberId);
    }
    if (f.statuses) {
      items = items.where('c.status', 'in', f.statuses);
      count = count.where('c.status', 'in', f.statuses);
    }
    if (f.promotionId !== undefined) {
      items = items.where('c.promotion_id', '=', f.promotionId);
      count = count.where('c.promotion_id', '=', f.promotionId);
    }
    const [rows, total] = await Promise.all([
      items.orderBy('c.id', 'desc').limit(LIST_PAGE_SIZE).offset((page - 1) * LIST_PAGE_SIZE).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toView), total: total.n };
  };

  /**
   * Bets still needed across the member's paid bonuses, and every bonus paid to them. Only records not yet
   * met are counted (a partial index holds them); those found met are marked so, and never counted again.
   */
  const bonusSummary = async (merchantId: bigint, memberId: bigint, tx: Tx | Database = db) => {
    const { rows } = await sql<{ id: bigint; required: string; done: string }>`
      select c.id, c.turnover_required::text as required, ${turnoverDone} as done
        from promotion_claims c
       where c.merchant_id = ${merchantId} and c.member_id = ${memberId} and c.turnover_required > 0 and c.turnover_met_at is null
         and c.status in ('issued', 'claimed')`.execute(tx);
    const met = rows.filter((r) => BigInt(r.done) >= BigInt(r.required)).map((r) => r.id);
    if (met.length > 0) await tx.updateTable('promotion_claims').set({ turnover_met_at: new Date() }).where('id', 'in', met).where('turnover_met_at', 'is', null).execute();
    const pending = rows.reduce((sum, r) => sum + BigInt(r.required) - BigInt(r.done), 0n);
    const paid = await tx
      .selectFrom('promotion_claims')
      .select(sql<string>`coalesce(sum(bonus), 0)::text`.as('paid'))
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('status', 'in', ['issued', 'claimed'])
      .executeTakeFirstOrThrow();
    return { pending, paid: BigInt(paid.paid) };
  };

  return {
    db,
    today,
    listed,
    find,
    lock,
    all,
    create,
    update,
    claimsIn,
    lockClaimOf,
    lockClaim,
    insertClaim,
    updateClaim,
    claimKey,
    settleKey,
    findAction,
    freeUploads,
    addImages,
    imagesOf,
    hasDeposited,
    firstDeposit,
    depositAfter,
    depositedBetween,
    findClaim,
    claimPage,
    bonusSummary,
    envelopesLeft,
    lockEnvelopeDay,
    takeEnvelope,
  };
};
export type PromotionsRepository = ReturnType<typeof promotionsRepository>;
