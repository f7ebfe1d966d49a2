import { LIST_PAGE_SIZE, lotteryLiability, toMinor, type LotteryBetKind } from '@apsara/contracts';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { LotteryDrawsTable, LotterySlipBet, LotterySlipsTable } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';
import { lockSite } from '../../db/site-lock.js';

export type DrawRow = Selectable<LotteryDrawsTable>;
export type SlipRow = Selectable<LotterySlipsTable>;
export type SlipView = SlipRow & { game_code: string; draw_no: string; draw_at: Date; result: number[] | null };

/** One pick of a slip with what it could cost: a slip's bets on the same pick counted together. */
export type ExposureLine = { kind: string; position: number; pick: string; liability: bigint; odds: number };

/** The picks a slip's bets weigh on, in one order for every slip (rows are locked in it: no deadlock between slips). */
export const exposureLines = (bets: readonly LotterySlipBet[]): ExposureLine[] => {
  const lines = new Map<string, ExposureLine>();
  for (const b of bets) {
    const position = b.position ?? -1;
    const key = `${b.kind}\u0000${position}\u0000${b.pick}`;
    const liability = lotteryLiability(toMinor(b.amount), b.odds);
    const had = lines.get(key);
    lines.set(key, had ? { ...had, liability: had.liability + liability } : { kind: b.kind, position, pick: b.pick, liability, odds: b.odds });
  }
  return [...lines.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line);
};

/** A pick a slip would take past the site's limit, and what the pick carries already. */
export type OverLine = { line: ExposureLine; carried: bigint };

/** Thrown inside the slip's transaction when picks would go past the site's limit: nothing of the slip is written. */
export class OverLimit extends Error {
  constructor(readonly over: OverLine[]) {
    super('lottery picks over their limit');
  }
}

/** Thrown inside the slip's transaction when the site has closed numbers the slip holds: nothing of the slip is written. */
export class ClosedNumbers extends Error {
  constructor(readonly numbers: string[]) {
    super('lottery numbers closed');
  }
}

/** The only place the lotteries touch the query builder. */
export const lotteryRepository = (db: Database) => {
  /** Which of these draw numbers the game has already (so a node only spends ids and seeds on missing ones). */
  const existingDraws = async (gameCode: string, drawNos: string[]) =>
    new Set((await db.selectFrom('lottery_draws').select('draw_no').where('game_code', '=', gameCode).where('draw_no', 'in', drawNos).execute()).map((r) => r.draw_no));

  /** Adds a draw unless the game has it already (every node may try; one row results, with the first seed). */
  const addDraw = (d: { gameCode: string; drawNo: string; opensAt: Date; closesAt: Date; drawAt: Date; seed: string; seedHash: string }) =>
    db
      .insertInto('lottery_draws')
      .values({ game_code: d.gameCode, draw_no: d.drawNo, opens_at: d.opensAt, closes_at: d.closesAt, draw_at: d.drawAt, seed: d.seed, seed_hash: d.seedHash })
      .onConflict((oc) => oc.columns(['game_code', 'draw_no']).doNothing())
      .execute();

  /** The game's draw taking bets now, by the database's clock (every node shares it). */
  const openDraw = (gameCode: string) =>
    db
      .selectFrom('lottery_draws')
      .selectAll()
      .where('game_code', '=', gameCode)
      .where('status', '=', 'open')
      .where('opens_at', '<=', sql<Date>`now()`)
      .where('closes_at', '>', sql<Date>`now()`)
      .orderBy('draw_at')
      .limit(1)
      .executeTakeFirst();

  const lastDrawn = (gameCode: string) =>
    db.selectFrom('lottery_draws').selectAll().where('game_code', '=', gameCode).where('status', '<>', 'open').orderBy('draw_at', 'desc').limit(1).executeTakeFirst();

  const drawByNo = (gameCode: string, drawNo: string) => db.selectFrom('lottery_draws').selectAll().where('game_code', '=', gameCode).where('draw_no', '=', drawNo).executeTakeFirst();

  /** Whether the draw still takes bets, by the database's clock. */
  const takesBets = async (drawId: bigint) =>
    !!(await db
      .selectFrom('lottery_draws')
      .select('id')
      .where('id', '=', drawId)
      .where('status', '=', 'open')
      .where('opens_at', '<=', sql<Date>`now()`)
      .where('closes_at', '>', sql<Date>`now()`)
      .executeTakeFirst());

  /** Results of the last `days` days, newest first (older ones stay in the table, out of the public list). */
  const drawnPage = async (gameCode: string, page: number, days: number) => {
    const base = db
      .selectFrom('lottery_draws')
      .where('game_code', '=', gameCode)
      .where('status', '<>', 'open')
      .where('draw_at', '>', sql<Date>`now() - ${`${days} days`}::interval`);
    const [items, total] = await Promise.all([
      base.selectAll().orderBy('draw_at', 'desc').limit(LIST_PAGE_SIZE).offset((page - 1) * LIST_PAGE_SIZE).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  };

  /** Draws whose time has come (by the database's clock) and that have no result yet. */
  const dueToDraw = () => db.selectFrom('lottery_draws').selectAll().where('status', '=', 'open').where('draw_at', '<=', sql<Date>`now()`).orderBy('draw_at').limit(50).execute();

  /** Writes a draw's result once, if none of its slips is still waiting for its stake; false otherwise. */
  const setResult = async (id: bigint, result: number[]) =>
    Number(
      (
        await db
          .updateTable('lottery_draws')
          .set({ status: 'drawn', result, drawn_at: new Date() })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .where((eb) => eb.not(eb.exists(eb.selectFrom('lottery_slips').select('id').where('draw_id', '=', id).where('status', 'in', ['placing', 'voiding']))))
          .executeTakeFirst()
      ).numUpdatedRows,
    ) > 0;

  /** Slips of a due draw whose stake was never confirmed (their request stopped) or is being given back. */
  const unstaked = (drawId: bigint) => db.selectFrom('lottery_slips').selectAll().where('draw_id', '=', drawId).where('status', 'in', ['placing', 'voiding']).orderBy('id').execute();

  /** Staked slips of drawn draws, oldest first, with their draw (the partial index holds only unsettled slips). */
  const toSettle = (limit: number) =>
    db
      .selectFrom('lottery_slips as s')
      .innerJoin('lottery_draws as d', 'd.id', 's.draw_id')
      .selectAll('s')
      .select(['d.game_code', 'd.draw_no', 'd.result'])
      .where('s.status', '=', 'pending')
      .where('d.status', '=', 'drawn')
      .orderBy('s.id')
      .limit(limit)
      .execute();

  /** Marks settled every drawn draw none of whose slips waits. */
  const closeDraws = () =>
    db
      .updateTable('lottery_draws as d')
      .set({ status: 'settled', settled_at: new Date() })
      .where('d.status', '=', 'drawn')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('lottery_slips as s').select('s.id').whereRef('s.draw_id', '=', 'd.id').where('s.status', 'in', ['placing', 'pending', 'voiding']))))
      .execute();

  /**
   * A new slip on a draw that takes bets at this moment by the database's clock; undefined when the member
   * used the key before (or a copy of this request got there first) or the draw stopped taking bets.
   */
  /**
   * Writes a slip on an open draw and adds its bets to what each pick could cost the site, in one
   * transaction: a pick that would go past its kind's cap (minor units) throws OverLimit and nothing is written.
   * Undefined when the draw does not take bets or the key was used (the caller tells which).
   */
  const insertSlip = (s: { merchantId: bigint; memberId: bigint; drawId: bigint; gameCode: string; bets: LotterySlipBet[]; stake: bigint; key: string; hash: string }, capOf: (kind: LotteryBetKind) => bigint) =>
    db.transaction().execute(async (tx) => {
      const slip = await tx
        .insertInto('lottery_slips')
        .columns(['merchant_id', 'member_id', 'draw_id', 'bets', 'stake', 'idempotency_key', 'request_hash', 'exposure_counted'])
      .expression((eb) =>
        eb
          .selectFrom('lottery_draws as d')
          .select([
            sql<bigint>`${s.merchantId}::bigint`.as('merchant_id'),
            sql<bigint>`${s.memberId}::bigint`.as('member_id'),
            'd.id',
            sql<string>`${JSON.stringify(s.bets)}::jsonb`.as('bets'),
            sql<bigint>`${s.stake}::bigint`.as('stake'),
            sql<string>`${s.key}`.as('idempotency_key'),
            sql<string>`${s.hash}`.as('request_hash'),
            sql<boolean>`true`.as('exposure_counted'),
          ])
          .where('d.id', '=', s.drawId)
          .where('d.status', '=', 'open')
          .where('d.opens_at', '<=', sql<Date>`now()`)
          .where('d.closes_at', '>', sql<Date>`now()`),
      )
      .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
      if (!slip) return undefined;
      // Read again in the slip's own transaction: a number closed since the service's first look stops it.
      const holds = [...new Set(s.bets.flatMap((b) => b.pick.split(',')))];
      const shut = await tx.selectFrom('lottery_closed_numbers').select('number').where('merchant_id', '=', s.merchantId).where('game_code', '=', s.gameCode).where('number', 'in', holds).execute();
      if (shut.length > 0) throw new ClosedNumbers(shut.map((r) => r.number));
      const over: OverLine[] = [];
      for (const line of exposureLines(s.bets)) {
        const cap = capOf(line.kind as LotteryBetKind);
        const where = { merchant_id: s.merchantId, draw_id: s.drawId, kind: line.kind, position: line.position, pick: line.pick };
        // The row is locked by the upsert, so the sum it checks is the one it writes.
        const carried = async () => (await tx.selectFrom('lottery_exposure').select('liability').where((eb) => eb.and(where)).executeTakeFirst())?.liability ?? 0n;
        // Once one pick is refused the slip is: the others are only read, so the member hears of each.
        if (over.length > 0) {
          const now = await carried();
          if (now + line.liability > cap) over.push({ line, carried: now });
          continue;
        }
        const added =
          line.liability <= cap &&
          (
            await sql<{ liability: bigint }>`
              insert into lottery_exposure as e (merchant_id, draw_id, kind, position, pick, liability)
              values (${where.merchant_id}, ${where.draw_id}, ${where.kind}, ${where.position}, ${where.pick}, ${line.liability})
              on conflict (merchant_id, draw_id, kind, position, pick)
              do update set liability = e.liability + excluded.liability
              where e.liability + excluded.liability <= ${cap}
              returning e.liability`.execute(tx)
          ).rows.length > 0;
        if (!added) over.push({ line, carried: await carried() });
      }
      if (over.length > 0) throw new OverLimit(over);
      return slip;
    });

  const slipByKey = (memberId: bigint, key: string) => db.selectFrom('lottery_slips').selectAll().where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();

  /**
   * Moves a slip on from `from`; false when it had moved already (another node, or a resend). A slip
   * made void takes its bets off what its picks could cost, in the same transaction, once.
   */
  const moveSlip = async (id: bigint, from: SlipRow['status'], patch: Partial<Pick<SlipRow, 'status' | 'payout' | 'void_code' | 'settled_at' | 'bets'>>) => {
    const set = { ...patch, ...(patch.bets === undefined ? {} : { bets: JSON.stringify(patch.bets) }) };
    if (patch.status !== 'void') return Number((await db.updateTable('lottery_slips').set(set).where('id', '=', id).where('status', '=', from).executeTakeFirst()).numUpdatedRows) > 0;
    return db.transaction().execute(async (tx) => {
      const before = await tx.selectFrom('lottery_slips').select(['merchant_id', 'draw_id', 'bets', 'exposure_counted']).where('id', '=', id).where('status', '=', from).forUpdate().executeTakeFirst();
      if (!before) return false;
      await tx.updateTable('lottery_slips').set({ ...set, exposure_counted: false }).where('id', '=', id).execute();
      if (before.exposure_counted) {
        for (const line of exposureLines(before.bets)) {
          const where = { merchant_id: before.merchant_id, draw_id: before.draw_id, kind: line.kind, position: line.position, pick: line.pick };
          await tx
            .updateTable('lottery_exposure')
            .set((eb) => ({ liability: sql<bigint>`greatest(${eb.ref('liability')} - ${line.liability}, 0)` }))
            .where((eb) => eb.and(where))
            .execute();
        }
      }
      return true;
    });
  };

  const views = () =>
    db
      .selectFrom('lottery_slips as s')
      .innerJoin('lottery_draws as d', 'd.id', 's.draw_id')
      .selectAll('s')
      .select(['d.game_code', 'd.draw_no', 'd.draw_at', 'd.result']);

  const findSlip = (merchantId: bigint, id: bigint) => views().where('s.merchant_id', '=', merchantId).where('s.id', '=', id).executeTakeFirst() as Promise<SlipView | undefined>;

  const slipPage = async (merchantId: bigint, memberId: bigint, gameCode: string | undefined, page: number) => {
    let items = views().where('s.merchant_id', '=', merchantId).where('s.member_id', '=', memberId).where('s.status', '<>', 'void');
    let count = db.selectFrom('lottery_slips as s').innerJoin('lottery_draws as d', 'd.id', 's.draw_id').where('s.merchant_id', '=', merchantId).where('s.member_id', '=', memberId).where('s.status', '<>', 'void');
    if (gameCode) {
      items = items.where('d.game_code', '=', gameCode);
      count = count.where('d.game_code', '=', gameCode);
    }
    const [rows, total] = await Promise.all([
      items.orderBy('s.id', 'desc').limit(LIST_PAGE_SIZE).offset((page - 1) * LIST_PAGE_SIZE).execute(),
      count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows as SlipView[], total: Number(total.n) };
  };

  const gameId = async (gameCode: string) =>
    (await db.selectFrom('games').select('id').where('vendor_code', '=', 'APSARA').where('game_code', '=', gameCode).executeTakeFirst())?.id;

  /** Whether the catalogue lets the lottery take bets now: the game's and its vendor's status (an operator's switch). */
  const gameStatus = async (gameCode: string) => {
    const row = await db
      .selectFrom('games as g')
      .innerJoin('game_vendors as v', 'v.code', 'g.vendor_code')
      .select(['g.status as game', 'v.status as vendor'])
      .where('g.vendor_code', '=', 'APSARA')
      .where('g.game_code', '=', gameCode)
      .executeTakeFirst();
    if (!row || row.game === 'disabled' || row.vendor === 'disabled') return 'disabled' as const;
    return row.game === 'maintenance' || row.vendor === 'maintenance' ? ('maintenance' as const) : ('active' as const);
  };

  /** The lotteries the member staked slips on (staked ones only: not those still being placed or given up), with the latest slip's time and how many. */
  const recentGames = async (merchantId: bigint, memberId: bigint, gameCodes: readonly string[]) => {
    const rows = await db
      .selectFrom('lottery_slips as s')
      .innerJoin('lottery_draws as d', 'd.id', 's.draw_id')
      .where('s.merchant_id', '=', merchantId)
      .where('s.member_id', '=', memberId)
      .where('s.status', 'in', ['pending', 'won', 'lost'])
      .where('d.game_code', 'in', [...gameCodes])
      .groupBy('d.game_code')
      .select(['d.game_code', sql<Date>`max(s.created_at)`.as('last_at'), sql<number>`count(*)::int`.as('n')])
      .orderBy('last_at', 'desc')
      .execute();
    return rows.map((r) => ({ gameCode: r.game_code, lastAt: new Date(r.last_at), slips: Number(r.n) }));
  };

  /** What the member has staked on each of these draws (staked slips only), by draw id. */
  const stakesOn = async (merchantId: bigint, memberId: bigint, drawIds: bigint[]) => {
    if (!drawIds.length) return new Map<string, { slips: number; stake: bigint }>();
    const rows = await db
      .selectFrom('lottery_slips')
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('status', 'in', ['pending', 'won', 'lost'])
      .where('draw_id', 'in', drawIds)
      .groupBy('draw_id')
      .select(['draw_id', sql<number>`count(*)::int`.as('n'), sql<string>`sum(stake)::text`.as('stake')])
      .execute();
    return new Map(rows.map((r) => [r.draw_id.toString(), { slips: Number(r.n), stake: BigInt(r.stake) }]));
  };

  /**
   * The site's picks on draws not yet settled that are nearest their limit (the largest share of their
   * kind's cap first, then the heaviest, then by draw and pick), how many picks carry anything there,
   * and how many reach `nearPercent` of their cap.
   */
  const exposureTop = async (merchantId: bigint, limit: number, caps: { all: bigint; byKind: Partial<Record<LotteryBetKind, bigint>> }, nearPercent: number, only: { game?: string; number?: string } = {}) => {
    const byKind = JSON.stringify(Object.fromEntries(Object.entries(caps.byKind).map(([k, v]) => [k, v.toString()])));
    const cap = sql<bigint>`coalesce((${byKind}::jsonb ->> e.kind)::bigint, ${caps.all}::bigint)`;
    const base = db
      .selectFrom('lottery_exposure as e')
      .innerJoin('lottery_draws as d', 'd.id', 'e.draw_id')
      .where('e.merchant_id', '=', merchantId)
      .where('d.status', '<>', 'settled')
      .where('e.liability', '>', 0n)
      .$if(only.game !== undefined, (q) => q.where('d.game_code', '=', only.game!))
      // The number itself in any kind, or either number of a Xiên pair ("12,61").
      .$if(only.number !== undefined, (q) => q.where((eb) => eb.or([eb('e.pick', '=', only.number!), eb('e.pick', 'like', `${only.number},%`), eb('e.pick', 'like', `%,${only.number}`)])));
    const [items, counts] = await Promise.all([
      base
        .select(['e.draw_id', 'e.kind', 'e.position', 'e.pick', 'e.liability', 'd.game_code', 'd.draw_no', 'd.closes_at', 'd.status'])
        .orderBy(sql`e.liability::numeric / ${cap}`, 'desc')
        .orderBy('e.liability', 'desc')
        .orderBy('d.closes_at')
        .orderBy('e.kind')
        .orderBy('e.position')
        .orderBy('e.pick')
        .limit(limit)
        .execute(),
      base
        .select([sql<string>`count(*)`.as('n'), sql<string>`count(*) filter (where e.liability * 100 >= ${cap} * ${nearPercent})`.as('near')])
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(counts.n), near: Number(counts.near) };
  };

  // ---- closed numbers ----

  /** The site's closed numbers (of one lottery, or all), lottery then number order, with who closed each. */
  const closedNumbers = (merchantId: bigint, gameCode?: string) =>
    db
      .selectFrom('lottery_closed_numbers as c')
      .leftJoin('operators as o', (j) => j.onRef('o.id', '=', 'c.operator_id').onRef('o.merchant_id', '=', 'c.merchant_id'))
      .select(['c.id', 'c.game_code', 'c.number', 'c.reason', 'c.created_at', 'o.username'])
      .where('c.merchant_id', '=', merchantId)
      .$if(gameCode !== undefined, (q) => q.where('c.game_code', '=', gameCode!))
      .orderBy('c.game_code')
      .orderBy('c.number')
      .execute();


  const closedCount = async (tx: Tx, merchantId: bigint) =>
    Number((await tx.selectFrom('lottery_closed_numbers').select(sql<string>`count(*)`.as('n')).where('merchant_id', '=', merchantId).executeTakeFirstOrThrow()).n);

  /** Closes a number; null when it is closed already. */
  const closeNumber = (tx: Tx, row: { merchantId: bigint; gameCode: string; number: string; reason: string | null; operatorId: bigint }) =>
    tx
      .insertInto('lottery_closed_numbers')
      .values({ merchant_id: row.merchantId, game_code: row.gameCode, number: row.number, reason: row.reason, operator_id: row.operatorId })
      .onConflict((oc) => oc.columns(['merchant_id', 'game_code', 'number']).doNothing())
      .returningAll()
      .executeTakeFirst();

  /** Opens a closed number again: the row it was, or undefined when the site has no such row. */
  const reopenNumber = (tx: Tx, merchantId: bigint, id: bigint) =>
    tx.deleteFrom('lottery_closed_numbers').where('merchant_id', '=', merchantId).where('id', '=', id).returningAll().executeTakeFirst();

  // Closing and opening numbers take the site's lock (db/site-lock) first: one change at a time, so the count stays true.
  return { db, closedNumbers, lockSite, closedCount, closeNumber, reopenNumber, exposureTop, recentGames, stakesOn, existingDraws, addDraw, openDraw, lastDrawn, drawByNo, takesBets, drawnPage, dueToDraw, setResult, unstaked, toSettle, closeDraws, insertSlip, slipByKey, moveSlip, findSlip, slipPage, gameId, gameStatus };
};
export type LotteryRepository = ReturnType<typeof lotteryRepository>;
