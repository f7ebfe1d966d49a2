import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { GameNames, GameStatus } from '../../db/schema.js';

export type GameRecord = {
  id: bigint;
  nodeId: bigint;
  vendor: string;
  gameCode: string;
  gameType: string;
  alsoTypes: string[];
  isGame: 'GAME' | 'VASSALAGE';
  vassalage: string | null;
  names: GameNames;
  iconPath: string;
  isHot: boolean;
  minBet: bigint;
  lines: number;
  sort: number;
  status: GameStatus;
  /** When the game was added to the catalogue (ms since the epoch): the NEW list's order. */
  addedAt: number;
};
export type VendorRecord = { code: string; name: string; walletType: 'SEAMLESS' | 'TRANSFER'; origin: 'INHOUSE' | 'SIM'; status: GameStatus };
export type OfferRecord = { merchantId: bigint; gameType: string; vendor: string; sort: number; enabled: boolean; maintenance: boolean };
export type CatalogRows = { version: bigint; games: GameRecord[]; vendors: VendorRecord[]; offers: OfferRecord[] };

/** What decides whether a launch may go ahead, read fresh from the database (the index may lag by a second). */
export type LaunchState = { gameStatus: GameStatus; vendorStatus: GameStatus; offered: boolean; maintenance: boolean };

export type WinRow = { roundId: bigint; gameId: bigint; username: string; payout: bigint; closedAt: Date };

export const catalogRepository = (db: Database) => ({
  version: async (): Promise<bigint> => {
    const row = await db.selectFrom('catalog_version').select('version').executeTakeFirst();
    return row?.version ?? 0n;
  },

  /** The whole catalogue: version first, so a change landing mid-read only causes one more reload. */
  loadAll: async (): Promise<CatalogRows> => {
    const version = (await db.selectFrom('catalog_version').select('version').executeTakeFirst())?.version ?? 0n;
    const [games, vendors, offers] = await Promise.all([
      db
        .selectFrom('games')
        .select(['id', 'node_id', 'vendor_code', 'game_code', 'game_type', 'also_types', 'is_game', 'vassalage', 'names', 'icon_path', 'is_hot', 'min_bet', 'lines', 'sort', 'status', 'created_at'])
        .execute(),
      db.selectFrom('game_vendors').select(['code', 'name', 'wallet_type', 'origin', 'status']).execute(),
      db.selectFrom('merchant_game_vendors').selectAll().execute(),
    ]);
    return {
      version,
      games: games.map((g) => ({
        id: g.id,
        nodeId: g.node_id,
        vendor: g.vendor_code,
        gameCode: g.game_code,
        gameType: g.game_type,
        alsoTypes: g.also_types,
        isGame: g.is_game,
        vassalage: g.vassalage,
        names: g.names,
        iconPath: g.icon_path,
        isHot: g.is_hot,
        minBet: g.min_bet,
        lines: g.lines,
        sort: g.sort,
        status: g.status,
        addedAt: new Date(g.created_at).getTime(),
      })),
      vendors: vendors.map((v) => ({ code: v.code, name: v.name, walletType: v.wallet_type, origin: v.origin, status: v.status })),
      offers: offers.map((o) => ({ merchantId: o.merchant_id, gameType: o.game_type, vendor: o.vendor_code, sort: o.sort, enabled: o.enabled, maintenance: o.maintenance })),
    };
  },

  /** The game, its vendor and this merchant's offer of the vendor in `gameType`, as they are now. */
  launchState: async (merchantId: bigint, gameId: bigint, gameType: string): Promise<LaunchState | undefined> => {
    const row = await db
      .selectFrom('games as g')
      .innerJoin('game_vendors as v', 'v.code', 'g.vendor_code')
      .leftJoin('merchant_game_vendors as o', (j) =>
        j.onRef('o.vendor_code', '=', 'g.vendor_code').on('o.merchant_id', '=', merchantId).on('o.game_type', '=', gameType),
      )
      .select(['g.status as game_status', 'v.status as vendor_status', 'o.enabled', 'o.maintenance'])
      .where('g.id', '=', gameId)
      .executeTakeFirst();
    if (!row) return undefined;
    return { gameStatus: row.game_status, vendorStatus: row.vendor_status, offered: row.enabled === true, maintenance: row.maintenance === true };
  },

  /** "Played just now": the member's recent-games row for the game, new or moved to the top. */
  touchRecent: async (merchantId: bigint, memberId: bigint, gameId: bigint) => {
    await db
      .insertInto('recent_games')
      .values({ merchant_id: merchantId, member_id: memberId, game_id: gameId, played_at: sql`now()` })
      .onConflict((oc) => oc.columns(['member_id', 'game_id']).doUpdateSet({ played_at: sql`now()` }))
      .execute();
  },

  /** Recently played game ids, newest first (a member plays far fewer than this many games). */
  recentGameIds: async (merchantId: bigint, memberId: bigint, limit = 1000) =>
    (
      await db
        .selectFrom('recent_games')
        .select('game_id')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .orderBy('played_at', 'desc')
        .orderBy('game_id', 'desc')
        .limit(limit)
        .execute()
    ).map((r) => r.game_id),

  favoriteGameIds: async (merchantId: bigint, memberId: bigint) =>
    (
      await db
        .selectFrom('favorite_games')
        .select('game_id')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('game_id', 'desc')
        .execute()
    ).map((r) => r.game_id),

  addFavorite: async (merchantId: bigint, memberId: bigint, gameId: bigint) => {
    await db
      .insertInto('favorite_games')
      .values({ merchant_id: merchantId, member_id: memberId, game_id: gameId })
      .onConflict((oc) => oc.columns(['member_id', 'game_id']).doNothing())
      .execute();
  },

  removeFavorite: async (merchantId: bigint, memberId: bigint, gameId: bigint) => {
    await db.deleteFrom('favorite_games').where('merchant_id', '=', merchantId).where('member_id', '=', memberId).where('game_id', '=', gameId).execute();
  },

  /**
   * The merchant's latest winning rounds (closed, payout above zero) in the given vendors and, when
   * `gameType` is set, of games listed in that category; newest first (index game_rounds_wins).
   */
  latestWins: async (merchantId: bigint, vendors: string[], gameType: string | undefined, limit: number): Promise<WinRow[]> => {
    if (!vendors.length) return [];
    let q = db
      .selectFrom('game_rounds as r')
      .innerJoin('members as m', (j) => j.onRef('m.id', '=', 'r.member_id').onRef('m.merchant_id', '=', 'r.merchant_id'))
      .select(['r.id', 'r.game_id', 'm.username', 'r.payout', 'r.closed_at'])
      .where('r.merchant_id', '=', merchantId)
      .where('r.status', '=', 'closed')
      .where('r.payout', '>', 0n)
      .where('r.vendor_code', 'in', vendors);
    if (gameType) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('games as g')
            .select('g.id')
            .whereRef('g.id', '=', 'r.game_id')
            .where((w) => w.or([w('g.game_type', '=', gameType), sql<boolean>`${gameType} = any(g.also_types)`])),
        ),
      );
    }
    const rows = await q.orderBy('r.closed_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
    return rows.map((r) => ({ roundId: r.id, gameId: r.game_id, username: r.username, payout: r.payout, closedAt: r.closed_at as Date }));
  },
});
export type CatalogRepository = ReturnType<typeof catalogRepository>;
