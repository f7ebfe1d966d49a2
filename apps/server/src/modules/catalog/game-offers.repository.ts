import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { GameStatus } from '../../db/schema.js';
import type { Tx } from '../ledger/ledger.repository.js';

/** One vendor a merchant offers in one category, with the vendor's own row and the games it lists there. */
export type GameOfferRow = {
  gameType: string;
  vendor: string;
  name: string;
  walletType: 'SEAMLESS' | 'TRANSFER';
  origin: 'INHOUSE' | 'SIM';
  vendorStatus: GameStatus;
  sort: number;
  enabled: boolean;
  maintenance: boolean;
  games: number;
};

export type GameOfferChange = { enabled?: boolean; maintenance?: boolean; sort?: number };

/**
 * The site's offer of game vendors (`merchant_game_vendors`) as its operators read and change it. Every
 * query names the merchant. A write raises `catalog_version` (trigger of migration 0007), which is how
 * every API node learns that its in-memory catalogue is stale.
 */
export const gameOffersRepository = (db: Database) => {
  /**
   * The games a category lists for a vendor, as the catalogue lists them: the category is the game's own
   * or one of its further ones, the game is not disabled, and games inside a sub-list are not counted.
   */
  const gamesOf = sql<number>`(
    select count(*)::int from games g
    where g.vendor_code = o.vendor_code
      and (g.game_type = o.game_type or o.game_type = any(g.also_types))
      and g.status <> 'disabled'
      and g.vassalage is null
  )`;

  const rows = (q: Database | Tx, merchantId: bigint) =>
    q
      .selectFrom('merchant_game_vendors as o')
      .innerJoin('game_vendors as v', 'v.code', 'o.vendor_code')
      .select(['o.game_type', 'o.vendor_code', 'v.name', 'v.wallet_type', 'v.origin', 'v.status', 'o.sort', 'o.enabled', 'o.maintenance', gamesOf.as('games')])
      .where('o.merchant_id', '=', merchantId);

  const toRow = (r: Awaited<ReturnType<ReturnType<typeof rows>['execute']>>[number]): GameOfferRow => ({
    gameType: r.game_type,
    vendor: r.vendor_code,
    name: r.name,
    walletType: r.wallet_type,
    origin: r.origin,
    vendorStatus: r.status,
    sort: r.sort,
    enabled: r.enabled,
    maintenance: r.maintenance,
    games: Number(r.games),
  });

  /** Every offer of the site, in the site's order within each category. */
  const list = async (merchantId: bigint): Promise<GameOfferRow[]> =>
    (await rows(db, merchantId).orderBy('o.game_type').orderBy('o.sort').orderBy('o.vendor_code').execute()).map(toRow);

  const one = async (merchantId: bigint, gameType: string, vendor: string, q: Database | Tx = db): Promise<GameOfferRow | undefined> => {
    const r = await rows(q, merchantId).where('o.game_type', '=', gameType).where('o.vendor_code', '=', vendor).executeTakeFirst();
    return r && toRow(r);
  };

  /** Locks one offer of the site for a change; undefined when the site does not offer the vendor there. */
  const lock = (tx: Tx, merchantId: bigint, gameType: string, vendor: string) =>
    tx
      .selectFrom('merchant_game_vendors')
      .select(['sort', 'enabled', 'maintenance'])
      .where('merchant_id', '=', merchantId)
      .where('game_type', '=', gameType)
      .where('vendor_code', '=', vendor)
      .forUpdate()
      .executeTakeFirst();

  const update = (tx: Tx, merchantId: bigint, gameType: string, vendor: string, change: GameOfferChange) =>
    tx
      .updateTable('merchant_game_vendors')
      .set(change)
      .where('merchant_id', '=', merchantId)
      .where('game_type', '=', gameType)
      .where('vendor_code', '=', vendor)
      .execute();

  /** The site's offers of one category, locked, in the catalogue's order (sort, then code). */
  const lockCategory = (tx: Tx, merchantId: bigint, gameType: string) =>
    tx
      .selectFrom('merchant_game_vendors')
      .select(['vendor_code', 'sort'])
      .where('merchant_id', '=', merchantId)
      .where('game_type', '=', gameType)
      .orderBy('sort')
      .orderBy('vendor_code')
      .forUpdate()
      .execute();

  return { db, list, one, lock, lockCategory, update };
};
export type GameOffersRepository = ReturnType<typeof gameOffersRepository>;
