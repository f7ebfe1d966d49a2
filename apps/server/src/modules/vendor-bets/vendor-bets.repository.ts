import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/** A pulled round, ready for game_rounds. */
export type PulledRound = {
  merchantId: bigint;
  memberId: bigint;
  gameId: bigint;
  roundRef: string;
  stake: bigint;
  payout: bigint;
  status: 'open' | 'closed';
  openedAt: Date;
  closedAt: Date | null;
};

/** The cursors of the vendors' bet logs, and the rounds they bring into game_rounds. */
export const vendorBetsRepository = (db: Database) => ({
  /** The vendors whose players play with a vendor-held wallet: their rounds reach us only by the pull. */
  transferVendors: async () =>
    (await db.selectFrom('game_vendors').select('code').where('wallet_type', '=', 'TRANSFER').where('origin', '<>', 'INHOUSE').orderBy('code').execute()).map((r) => r.code),

  /** Where the vendor's log is read from next ('' the first time: from its beginning). */
  cursorOf: async (vendorCode: string) => {
    await db.insertInto('vendor_bet_cursors').values({ vendor_code: vendorCode }).onConflict((oc) => oc.column('vendor_code').doNothing()).execute();
    return (await db.selectFrom('vendor_bet_cursors').select('cursor').where('vendor_code', '=', vendorCode).executeTakeFirstOrThrow()).cursor;
  },

  /** games.id of the vendor's game codes. */
  gamesOf: async (vendorCode: string, codes: string[]) => {
    if (!codes.length) return new Map<string, bigint>();
    const rows = await db.selectFrom('games').select(['id', 'game_code']).where('vendor_code', '=', vendorCode).where('game_code', 'in', codes).execute();
    return new Map(rows.map((r) => [r.game_code, r.id]));
  },

  /** The members among these ids, with their merchant and its currency. */
  membersOf: async (ids: bigint[]) => {
    if (!ids.length) return new Map<bigint, { merchantId: bigint; currency: string }>();
    const rows = await db
      .selectFrom('members as m')
      .innerJoin('merchants as mc', 'mc.id', 'm.merchant_id')
      .select(['m.id', 'm.merchant_id', 'mc.currency'])
      .where('m.id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, { merchantId: r.merchant_id, currency: r.currency }]));
  },

  /**
   * Writes one page of the log and moves the cursor from `from` to `next`, in one transaction. The
   * cursor is moved first and only from where this pull read it: a node that pulled the same page at
   * the same time finds it moved and writes nothing (`raced`). A round already known (same vendor,
   * player and round) is updated only where the vendor's figures changed, so a page read twice
   * writes nothing the second time. Returns how many rounds were inserted or changed.
   */
  commit: (vendorCode: string, from: string, next: string, rounds: PulledRound[], skipped: number) =>
    db.transaction().execute(async (tx) => {
      const moved = await tx
        .updateTable('vendor_bet_cursors')
        .set({ cursor: next, skipped: sql`skipped + ${skipped}`, updated_at: sql`now()` })
        .where('vendor_code', '=', vendorCode)
        .where('cursor', '=', from)
        .returning('vendor_code')
        .executeTakeFirst();
      if (!moved) return { raced: true as const, written: 0 };
      let written = 0;
      if (rounds.length) {
        const rows = await tx
          .insertInto('game_rounds')
          .values(
            rounds.map((r) => ({
              merchant_id: r.merchantId,
              member_id: r.memberId,
              vendor_code: vendorCode,
              game_id: r.gameId,
              round_ref: r.roundRef,
              stake: r.stake,
              payout: r.payout,
              status: r.status,
              opened_at: r.openedAt,
              closed_at: r.closedAt,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['vendor_code', 'member_id', 'round_ref'])
              .doUpdateSet((eb) => ({
                game_id: eb.ref('excluded.game_id'),
                stake: eb.ref('excluded.stake'),
                payout: eb.ref('excluded.payout'),
                status: eb.ref('excluded.status'),
                opened_at: eb.ref('excluded.opened_at'),
                closed_at: eb.ref('excluded.closed_at'),
              }))
              .where(
                sql<boolean>`(game_rounds.game_id, game_rounds.stake, game_rounds.payout, game_rounds.status, game_rounds.opened_at, game_rounds.closed_at)
                  IS DISTINCT FROM (excluded.game_id, excluded.stake, excluded.payout, excluded.status, excluded.opened_at, excluded.closed_at)`,
              ),
          )
          .returning('id')
          .execute();
        written = rows.length;
      }
      await tx.updateTable('vendor_bet_cursors').set({ written: sql`written + ${written}` }).where('vendor_code', '=', vendorCode).execute();
      return { raced: false as const, written };
    }),
});
export type VendorBetsRepository = ReturnType<typeof vendorBetsRepository>;
