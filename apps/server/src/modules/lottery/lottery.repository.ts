import { LIST_PAGE_SIZE } from '@apsara/contracts';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.js';
import type { LotteryDrawsTable, LotterySlipBet, LotterySlipsTable } from '../../db/schema.js';

export type DrawRow = Selectable<LotteryDrawsTable>;
export type SlipRow = Selectable<LotterySlipsTable>;
export type SlipView = SlipRow & { game_code: string; draw_no: string; draw_at: Date; result: number[] | null };

/** The only place the lotteries touch the query builder. */
export const lotteryRepository = (db: Database) => {
  /** Adds a draw unless the game has it already (every node may try; one row results, with the first seed). */
  const addDraw = (d: { gameCode: string; drawNo: string; opensAt: Date; closesAt: Date; drawAt: Date; seed: string; seedHash: string }) =>
    db
      .insertInto('lottery_draws')
      .values({ game_code: d.gameCode, draw_no: d.drawNo, opens_at: d.opensAt, closes_at: d.closesAt, draw_at: d.drawAt, seed: d.seed, seed_hash: d.seedHash })
      .onConflict((oc) => oc.columns(['game_code', 'draw_no']).doNothing())
      .execute();

  /** The game's next draw to be drawn after `now` (taking bets until its close). */
  const nextDraw = (gameCode: string, now: Date) =>
    db.selectFrom('lottery_draws').selectAll().where('game_code', '=', gameCode).where('draw_at', '>', now).where('status', '=', 'open').orderBy('draw_at').limit(1).executeTakeFirst();

  const lastDrawn = (gameCode: string) =>
    db.selectFrom('lottery_draws').selectAll().where('game_code', '=', gameCode).where('status', '<>', 'open').orderBy('draw_at', 'desc').limit(1).executeTakeFirst();

  const drawByNo = (gameCode: string, drawNo: string) => db.selectFrom('lottery_draws').selectAll().where('game_code', '=', gameCode).where('draw_no', '=', drawNo).executeTakeFirst();

  const drawnPage = async (gameCode: string, page: number) => {
    const base = db.selectFrom('lottery_draws').where('game_code', '=', gameCode).where('status', '<>', 'open');
    const [items, total] = await Promise.all([
      base.selectAll().orderBy('draw_at', 'desc').limit(LIST_PAGE_SIZE).offset((page - 1) * LIST_PAGE_SIZE).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.n) };
  };

  /** Draws whose time has come and that have no result yet. */
  const dueToDraw = (now: Date) => db.selectFrom('lottery_draws').selectAll().where('status', '=', 'open').where('draw_at', '<=', now).orderBy('draw_at').limit(50).execute();

  /** Writes a draw's result once; false when another node drew it first. */
  const setResult = async (id: bigint, result: number[]) =>
    Number((await db.updateTable('lottery_draws').set({ status: 'drawn', result, drawn_at: new Date() }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst()).numUpdatedRows) > 0;

  const drawnUnsettled = () => db.selectFrom('lottery_draws').selectAll().where('status', '=', 'drawn').orderBy('draw_at').limit(20).execute();

  const unsettledSlips = (drawId: bigint, limit: number) =>
    db.selectFrom('lottery_slips').selectAll().where('draw_id', '=', drawId).where('status', 'in', ['placing', 'pending']).orderBy('id').limit(limit).execute();

  /** Marks the draw settled once none of its slips waits. */
  const closeDraw = (drawId: bigint) =>
    db
      .updateTable('lottery_draws')
      .set({ status: 'settled', settled_at: new Date() })
      .where('id', '=', drawId)
      .where('status', '=', 'drawn')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('lottery_slips').select('id').where('draw_id', '=', drawId).where('status', 'in', ['placing', 'pending']))))
      .execute();

  /** A new slip, or undefined when the member used the key before (or a copy of this request got there first). */
  const insertSlip = (s: { merchantId: bigint; memberId: bigint; drawId: bigint; bets: LotterySlipBet[]; stake: bigint; key: string; hash: string }) =>
    db
      .insertInto('lottery_slips')
      .values({ merchant_id: s.merchantId, member_id: s.memberId, draw_id: s.drawId, bets: JSON.stringify(s.bets), stake: s.stake, idempotency_key: s.key, request_hash: s.hash })
      .onConflict((oc) => oc.columns(['member_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();

  const slipByKey = (memberId: bigint, key: string) => db.selectFrom('lottery_slips').selectAll().where('member_id', '=', memberId).where('idempotency_key', '=', key).executeTakeFirst();

  /** Moves a slip on from `from`; false when it had moved already (another node, or a resend). */
  const moveSlip = async (id: bigint, from: SlipRow['status'], patch: Partial<Pick<SlipRow, 'status' | 'payout' | 'void_code' | 'settled_at' | 'bets'>>) =>
    Number(
      (
        await db
          .updateTable('lottery_slips')
          .set({ ...patch, ...(patch.bets === undefined ? {} : { bets: JSON.stringify(patch.bets) }) })
          .where('id', '=', id)
          .where('status', '=', from)
          .executeTakeFirst()
      ).numUpdatedRows,
    ) > 0;

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

  return { db, addDraw, nextDraw, lastDrawn, drawByNo, drawnPage, dueToDraw, setResult, drawnUnsettled, unsettledSlips, closeDraw, insertSlip, slipByKey, moveSlip, findSlip, slipPage, gameId };
};
export type LotteryRepository = ReturnType<typeof lotteryRepository>;
