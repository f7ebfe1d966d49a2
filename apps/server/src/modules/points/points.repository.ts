import { ACCOUNT_TYPE, LIST_PAGE_SIZE, type PointEntryKind, type PointOrderKind, type PointOrderStatus } from '@apsara/contracts';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { LocalizedName } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { playCategory } from '../catalog/play-category.js';

/** One line to write into a member's points book. */
export type PointLine = {
  merchantId: bigint;
  memberId: bigint;
  kind: PointEntryKind;
  change: bigint;
  orderId?: bigint | null;
  basis?: bigint | null;
  note?: string | null;
  idempotencyKey?: string | null;
  requestHash?: string | null;
  operatorId?: bigint | null;
};

/** Kinds of line that count towards "lifetime earned". */
const EARNING = new Set<PointEntryKind>(['live', 'lottery', 'pvp', 'rng', 'sports', 'deposit', 'convert']);

export type NewGoods = {
  merchantId: bigint;
  name: LocalizedName;
  description: LocalizedName | null;
  art: string;
  kind: 'physical' | 'virtual';
  points: bigint;
  amount: bigint;
  stock: number;
  limitPerMember: number | null;
  onSale: boolean;
  sort: number;
};

const ORDER_COLUMNS = [
  'o.id',
  'o.merchant_id',
  'o.member_id',
  'o.kind',
  'o.goods_id',
  'o.quantity',
  'o.points',
  'o.amount',
  'o.address',
  'o.status',
  'o.remark',
  'o.hold_id',
  'o.ledger_transaction_id',
  'o.idempotency_key',
  'o.request_hash',
  'o.created_at',
  'o.decided_at',
  'g.name as goods_name',
  'g.art as goods_art',
  'm.username',
  'op.username as decided_by_name',
] as const;

/**
 * The points book, goods and redemption records. Every query names its merchant; a member's balance is
 * changed only under the lock of its point_accounts row, in the caller's transaction, with the line
 * written beside it (the balance after it included), so history and balance never disagree.
 */
export const pointsRepository = (db: Database) => {
  /** The member's points row, created at zero on first use, locked for the rest of `tx`. */
  const lockAccount = async (tx: Tx, merchantId: bigint, memberId: bigint) => {
    await tx.insertInto('point_accounts').values({ member_id: memberId, merchant_id: merchantId }).onConflict((oc) => oc.column('member_id').doNothing()).execute();
    return tx.selectFrom('point_accounts').select(['balance', 'lifetime_earned']).where('member_id', '=', memberId).where('merchant_id', '=', merchantId).forUpdate().executeTakeFirstOrThrow();
  };

  /** Several members' points rows (member id, merchant id), created at zero on first use, locked in member order. */
  const lockAccounts = async (tx: Tx, owners: [memberId: bigint, merchantId: bigint][]) => {
    if (owners.length === 0) return;
    const members = owners.map(([m]) => m.toString());
    await sql`insert into point_accounts (member_id, merchant_id)
              select * from unnest(${members}::int8[], ${owners.map(([, m]) => m.toString())}::int8[]) on conflict (member_id) do nothing`.execute(tx);
    await sql`select member_id from point_accounts where member_id = any(${members}::int8[]) order by member_id for update`.execute(tx);
  };

  /**
   * Applies one line to an account locked with `lockAccount` (or locked here in member order by the
   * accrual). Returns the new line's id and the balance after it; the table's check refuses a negative balance.
   */
  const addLine = async (tx: Tx, line: PointLine) => {
    const earned = EARNING.has(line.kind) && line.change > 0n ? line.change : 0n;
    const account = await tx
      .updateTable('point_accounts')
      .set((eb) => ({ balance: eb('balance', '+', line.change), lifetime_earned: eb('lifetime_earned', '+', earned), updated_at: sql<Date>`now()` }))
      .where('member_id', '=', line.memberId)
      .where('merchant_id', '=', line.merchantId)
      .returning('balance')
      .executeTakeFirstOrThrow();
    const entry = await tx
      .insertInto('point_entries')
      .values({
        merchant_id: line.merchantId,
        member_id: line.memberId,
        kind: line.kind,
        change: line.change,
        balance_after: account.balance,
        order_id: line.orderId ?? null,
        basis: line.basis ?? null,
        note: line.note ?? null,
        idempotency_key: line.idempotencyKey ?? null,
        request_hash: line.requestHash ?? null,
        operator_id: line.operatorId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { entryId: entry.id, balance: account.balance };
  };

  const summary = async (merchantId: bigint, memberId: bigint) => {
    const [account, applying, taken] = await Promise.all([
      db.selectFrom('point_accounts').select(['balance', 'lifetime_earned']).where('merchant_id', '=', merchantId).where('member_id', '=', memberId).executeTakeFirst(),
      db
        .selectFrom('point_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('status', '=', 'applying')
        .executeTakeFirstOrThrow(),
      // What counts against each limited good's limit (as takenBy counts it when redeeming).
      db
        .selectFrom('point_orders as o')
        .innerJoin('point_goods as g', 'g.id', 'o.goods_id')
        .select(['o.goods_id', (eb) => eb.fn.sum<string>('o.quantity').as('n')])
        .where('o.merchant_id', '=', merchantId)
        .where('o.member_id', '=', memberId)
        .where('o.status', '<>', 'rejected')
        .where('g.limit_per_member', 'is not', null)
        .groupBy('o.goods_id')
        .execute(),
    ]);
    return {
      balance: account?.balance ?? 0n,
      lifetimeEarned: account?.lifetime_earned ?? 0n,
      applying: Number(applying.n),
      taken: taken.map((t) => ({ goodsId: t.goods_id!, quantity: Number(t.n) })),
    };
  };

  const findEntryByKey = (memberId: bigint, key: string, ex: Database | Tx = db) =>
    ex.selectFrom('point_entries').select(['id', 'change', 'balance_after', 'request_hash']).where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();

  // ---- goods ----

  const goodsQuery = (merchantId: bigint) => db.selectFrom('point_goods').selectAll().where('merchant_id', '=', merchantId);
  const goodsOnSale = (merchantId: bigint) => goodsQuery(merchantId).where('on_sale', '=', true).orderBy('sort').orderBy('id').execute();
  const allGoods = (merchantId: bigint) => goodsQuery(merchantId).orderBy('sort').orderBy('id').execute();
  const findGoods = (merchantId: bigint, id: bigint) => goodsQuery(merchantId).where('id', '=', id).executeTakeFirst();
  /** What a decision's inbox message names, read in the deciding transaction: the goods' name and the member's language. */
  const decisionFacts = async (tx: Tx, merchantId: bigint, goodsId: bigint, memberId: bigint) => {
    const [goods, member] = await Promise.all([
      tx.selectFrom('point_goods').select('name').where('merchant_id', '=', merchantId).where('id', '=', goodsId).executeTakeFirst(),
      tx.selectFrom('members').select('language').where('merchant_id', '=', merchantId).where('id', '=', memberId).executeTakeFirst(),
    ]);
    return { goodsName: goods?.name ?? null, language: member?.language ?? null };
  };
  const lockGoods = (tx: Tx, merchantId: bigint, id: bigint) => tx.selectFrom('point_goods').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst();

  const createGoods = (g: NewGoods, ex: Database | Tx = db) =>
    ex
      .insertInto('point_goods')
      .values({
        merchant_id: g.merchantId,
        name: JSON.stringify(g.name),
        description: g.description === null ? null : JSON.stringify(g.description),
        art: g.art,
        kind: g.kind,
        points: g.points,
        amount: g.amount,
        stock: g.stock,
        remaining: g.stock,
        limit_per_member: g.limitPerMember,
        on_sale: g.onSale,
        sort: g.sort,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

  const updateGoods = (
    tx: Tx,
    id: bigint,
    set: Partial<{ on_sale: boolean; points: bigint; amount: bigint; limit_per_member: number | null; sort: number; stock: number; remaining: number }>,
  ) => tx.updateTable('point_goods').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

  /** How many of a good the member holds in applying or approved redemptions. */
  const takenBy = async (tx: Tx, goodsId: bigint, memberId: bigint) =>
    Number(
      (
        await tx
          .selectFrom('point_orders')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('quantity'), sql<string>`0`).as('n'))
          .where('goods_id', '=', goodsId)
          .where('member_id', '=', memberId)
          .where('status', '<>', 'rejected')
          .executeTakeFirstOrThrow()
      ).n,
    );

  // ---- orders ----

  const ordersQuery = (ex: Database | Tx = db) =>
    ex
      .selectFrom('point_orders as o')
      .leftJoin('point_goods as g', 'g.id', 'o.goods_id')
      .innerJoin('members as m', 'm.id', 'o.member_id')
      .leftJoin('operators as op', 'op.id', 'o.decided_by');

  const findOrder = (merchantId: bigint, id: bigint, ex: Database | Tx = db) => ordersQuery(ex).select(ORDER_COLUMNS).where('o.merchant_id', '=', merchantId).where('o.id', '=', id).executeTakeFirst();
  const findOrderByKey = (memberId: bigint, key: string, ex: Database | Tx = db) => ordersQuery(ex).select(ORDER_COLUMNS).where('o.member_id', '=', memberId).where('o.idempotency_key', '=', key).executeTakeFirst();
  const lockOrder = (tx: Tx, merchantId: bigint, id: bigint) => tx.selectFrom('point_orders').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).forUpdate().executeTakeFirst();

  const insertOrder = (
    tx: Tx,
    o: { id?: bigint; merchantId: bigint; memberId: bigint; kind: PointOrderKind; goodsId: bigint | null; quantity: number; points: bigint; amount: bigint; address: string | null; status: PointOrderStatus; key: string; hash: string; ledgerTransactionId?: bigint },
  ) =>
    tx
      .insertInto('point_orders')
      .values({
        ...(o.id === undefined ? {} : { id: o.id }),
        merchant_id: o.merchantId,
        member_id: o.memberId,
        kind: o.kind,
        goods_id: o.goodsId,
        quantity: o.quantity,
        points: o.points,
        amount: o.amount,
        address: o.address,
        status: o.status,
        decided_at: o.status === 'applying' ? null : sql<Date>`now()`,
        idempotency_key: o.key,
        request_hash: o.hash,
        ledger_transaction_id: o.ledgerTransactionId ?? null,
      })
      .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();

  /** An order id taken ahead, for a record whose ledger posting must name it before the record exists. */
  const nextOrderId = async (tx: Tx) => BigInt((await sql<{ id: string }>`select nextval('point_orders_id_seq')::text as id`.execute(tx)).rows[0]!.id);

  const updateOrder = (tx: Tx, id: bigint, set: Partial<{ status: PointOrderStatus; remark: string | null; hold_id: bigint | null; ledger_transaction_id: bigint | null; decided_by: bigint | null; decided_at: Date }>) =>
    tx.updateTable('point_orders').set(set).where('id', '=', id).execute();

  const orderPage = async (merchantId: bigint, f: { memberId?: bigint; status?: PointOrderStatus; kind?: PointOrderKind }, page: number) => {
    let q = ordersQuery().where('o.merchant_id', '=', merchantId);
    if (f.memberId !== undefined) q = q.where('o.member_id', '=', f.memberId);
    if (f.status) q = q.where('o.status', '=', f.status);
    if (f.kind) q = q.where('o.kind', '=', f.kind);
    const [items, total] = await Promise.all([
      q.select(ORDER_COLUMNS).orderBy('o.id', 'desc').limit(LIST_PAGE_SIZE).offset((page - 1) * LIST_PAGE_SIZE).execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  };

  const entryPage = async (merchantId: bigint, memberId: bigint, kind: PointEntryKind | undefined, page: number) => {
    let q = db.selectFrom('point_entries as e').where('e.merchant_id', '=', merchantId).where('e.member_id', '=', memberId);
    if (kind) q = q.where('e.kind', '=', kind);
    const [items, total] = await Promise.all([
      q
        .select(['e.id', 'e.kind', 'e.change', 'e.balance_after', 'e.order_id', 'e.basis', 'e.note', 'e.created_at'])
        .orderBy('e.id', 'desc')
        .limit(LIST_PAGE_SIZE)
        .offset((page - 1) * LIST_PAGE_SIZE)
        .execute(),
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  };

  // ---- accrual ----

  /**
   * Takes up to `limit` waiting items off the queue (rows other nodes hold are skipped) and sums them per
   * member and category: rounds by their game's category (each marked counted, so a round reopened and
   * closed again counts once), credited deposits as DEPOSIT. Items of trial accounts, or whose round or
   * deposit no longer qualifies, leave the queue and count for nothing.
   */
  const drainQueue = async (tx: Tx, limit: number) => {
    const { rows: taken } = await sql<{ kind: 'round' | 'deposit'; ref_id: string }>`
      delete from point_queue where id in (select id from point_queue order by id limit ${limit} for update skip locked)
      returning kind, ref_id::text`.execute(tx);
    const ids = (kind: string) => taken.filter((t) => t.kind === kind).map((t) => t.ref_id);
    const { rows } = await sql<{ merchant_id: string; member_id: string; category: string; basis: string }>`
      with counted as (
        update game_rounds r set points_counted = true
          from games g, members m
         where r.id = any(${ids('round')}::int8[]) and not r.points_counted and r.status = 'closed' and r.stake > 0
           and g.id = r.game_id and m.id = r.member_id
        returning r.merchant_id, r.member_id, ${playCategory('g')} as game_type, r.stake, m.type
      )
      select merchant_id::text, member_id::text, game_type as category, sum(stake)::text as basis
        from counted where type <> ${ACCOUNT_TYPE.TRIAL}
       group by 1, 2, 3
      union all
      select d.merchant_id::text, d.member_id::text, 'DEPOSIT', sum(d.amount)::text
        from deposits d join members m on m.id = d.member_id and m.type <> ${ACCOUNT_TYPE.TRIAL}
       where d.id = any(${ids('deposit')}::int8[]) and d.status = 'approved'
       group by 1, 2`.execute(tx);
    return {
      taken: taken.length,
      sums: rows.map((r) => ({ merchantId: BigInt(r.merchant_id), memberId: BigInt(r.member_id), category: r.category, basis: BigInt(r.basis) })),
    };
  };

  /** Adds `basis` to what the member has counted towards the next point of `source`; returns the new carry before conversion. */
  const addProgress = async (tx: Tx, memberId: bigint, source: string, basis: bigint) =>
    (
      await tx
        .insertInto('point_progress')
        .values({ member_id: memberId, source, carry: basis })
        .onConflict((oc) => oc.columns(['member_id', 'source']).doUpdateSet((eb) => ({ carry: eb('point_progress.carry', '+', eb.ref('excluded.carry')) })))
        .returning('carry')
        .executeTakeFirstOrThrow()
    ).carry;

  const setProgress = (tx: Tx, memberId: bigint, source: string, carry: bigint) => tx.updateTable('point_progress').set({ carry }).where('member_id', '=', memberId).where('source', '=', source).execute();

  return {
    db,
    lockAccount,
    lockAccounts,
    addLine,
    summary,
    findEntryByKey,
    goodsOnSale,
    allGoods,
    findGoods,
    decisionFacts,
    lockGoods,
    createGoods,
    updateGoods,
    takenBy,
    findOrder,
    findOrderByKey,
    lockOrder,
    insertOrder,
    nextOrderId,
    updateOrder,
    orderPage,
    entryPage,
    drainQueue,
    addProgress,
    setProgress,
  };
};
export type PointsRepository = ReturnType<typeof pointsRepository>;
export type OrderView = NonNullable<Awaited<ReturnType<PointsRepository['findOrder']>>>;
export type GoodsRow = NonNullable<Awaited<ReturnType<PointsRepository['findGoods']>>>;
