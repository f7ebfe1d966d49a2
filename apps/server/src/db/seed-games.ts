import { sql } from 'kysely';
import type { Database } from './database.js';
import { catalogGames, iconPathOf, merchantOffer, VENDORS, type CatalogSize } from '../modules/catalog/catalog-data.js';

/** Rows per INSERT: 15 parameters a row stays far below PostgreSQL's 65,535 bind parameters. */
const BATCH = 1000;

export type GameSeedResult = { vendors: number; games: number; offers: number; ms: number };

/**
 * Seeds the demo game catalogue: vendors, games (`full`: 10,000+; `small`: a few hundred, the same
 * games with fewer RNG slots per vendor, for test suites) and what each demo merchant in `merchantCodes`
 * offers. Only missing rows are written, in batches, so a second run writes nothing (and does not even
 * raise the catalogue version), and a full seed after a small one adds just the rest. Several nodes
 * starting at once are safe: every insert skips rows another node wrote first.
 */
export const seedGames = async (db: Database, opts: { size: CatalogSize; merchantCodes: readonly string[] }): Promise<GameSeedResult> => {
  const started = performance.now();
  const result = { vendors: 0, games: 0, offers: 0 };

  const haveVendors = new Set((await db.selectFrom('game_vendors').select('code').execute()).map((r) => r.code));
  const vendors = VENDORS.filter((v) => !haveVendors.has(v.code));
  if (vendors.length) {
    const rows = await db
      .insertInto('game_vendors')
      .values(vendors.map((v) => ({ code: v.code, name: v.name, wallet_type: v.walletType, origin: v.origin })))
      .onConflict((oc) => oc.doNothing())
      .returning('code')
      .execute();
    result.vendors = rows.length;
  }

  const all = catalogGames(opts.size);
  // The usual start finds every game there: one count answers that without reading 10,000 rows.
  const present = await db
    .selectFrom('games')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('node_id', '=', sql<bigint>`any(${all.map((g) => g.nodeId)}::int8[])`)
    .executeTakeFirstOrThrow();
  let games: typeof all = [];
  if (Number(present.n) !== all.length) {
    const have = new Set((await db.selectFrom('games').select(['vendor_code', 'game_code']).execute()).map((r) => `${r.vendor_code}/${r.game_code}`));
    games = all.filter((g) => !have.has(`${g.vendor}/${g.gameCode}`));
  }
  if (games.length) {
    result.games = await db.transaction().execute(async (trx) => {
      let inserted = 0;
      for (let i = 0; i < games.length; i += BATCH) {
        const rows = await trx
          .insertInto('games')
          .values(
            games.slice(i, i + BATCH).map((g) => ({
              node_id: BigInt(g.nodeId),
              vendor_code: g.vendor,
              game_code: g.gameCode,
              game_type: g.gameType,
              also_types: g.alsoTypes,
              is_game: g.isGame,
              vassalage: g.vassalage,
              names: JSON.stringify(g.names),
              icon_path: iconPathOf(g.vendor, g.gameCode),
              is_hot: g.isHot,
              min_bet: BigInt(g.minBet),
              lines: g.lines,
              sort: g.sort,
              status: g.status,
              // A demo catalogue that arrived over two years, so the NEW list has an order to show.
              created_at: sql<Date>`now() - make_interval(days => ${g.addedDaysAgo})`,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .execute();
        inserted += rows.length;
      }
      return inserted;
    });
  }

  const merchants = opts.merchantCodes.length ? await db.selectFrom('merchants').select(['id', 'code']).where('code', 'in', [...opts.merchantCodes]).execute() : [];
  for (const m of merchants) {
    const have = new Set(
      (await db.selectFrom('merchant_game_vendors').select(['game_type', 'vendor_code']).where('merchant_id', '=', m.id).execute()).map((r) => `${r.game_type}/${r.vendor_code}`),
    );
    const offer = merchantOffer(m.code).filter((o) => !have.has(`${o.gameType}/${o.vendor}`));
    // A merchant whose offer was set by hand (any row present) is left alone: its operator decided.
    if (!offer.length || have.size) continue;
    const rows = await db
      .insertInto('merchant_game_vendors')
      .values(offer.map((o) => ({ merchant_id: m.id, game_type: o.gameType, vendor_code: o.vendor, sort: o.sort, enabled: o.enabled, maintenance: o.maintenance })))
      .onConflict((oc) => oc.doNothing())
      .returning('vendor_code')
      .execute();
    result.offers += rows.length;
  }

  return { ...result, ms: Math.round(performance.now() - started) };
};
