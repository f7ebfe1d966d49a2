import { GAME_CATEGORIES, GAME_OFFER_SORT_MAX, type GameCategoryCode, type OpsGameOffer, type OpsGameOfferMoveBody, type OpsGameOfferParams, type OpsGameOfferPatch, type OpsGameOffersValue } from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import type { AuditRepository } from '../ops/audit.repository.js';
import { allowRoles, type Client, type OperatorContext } from '../ops/ops.service.js';
import type { GameOfferChange, GameOfferRow, GameOffersRepository } from './game-offers.repository.js';

/** Every role reads the site's games; only an admin changes them, as the other site pages. */
const READ_ROLES = ['admin', 'finance', 'support'] as const;
const EDIT_ROLES = ['admin'] as const;

/** The gap a renumbered category leaves between vendors, so one can later be put between two by its order. */
const SORT_STEP = 10;

const isCategory = (t: string): t is GameCategoryCode => (GAME_CATEGORIES as readonly string[]).includes(t);

/** What players see of an offer, by the same rules as the catalogue's lanes (catalog.index.ts). */
export const shownOf = (r: Pick<GameOfferRow, 'enabled' | 'maintenance' | 'vendorStatus'>): OpsGameOffer['shown'] =>
  !r.enabled || r.vendorStatus === 'disabled' ? 'hidden' : r.maintenance || r.vendorStatus === 'maintenance' ? 'maintenance' : 'live';

const offerDto = (r: GameOfferRow & { gameType: GameCategoryCode }, imgUrl: string): OpsGameOffer => ({
  gameType: r.gameType,
  vendor: r.vendor,
  displayName: r.name,
  iconUrl: `${imgUrl}/games/vendors/${r.vendor}.svg`,
  walletType: r.walletType,
  origin: r.origin,
  games: r.games,
  sort: r.sort,
  enabled: r.enabled,
  maintenance: r.maintenance,
  vendorStatus: r.vendorStatus,
  shown: shownOf(r),
});

const categoryOf = (r: GameOfferRow) => (isCategory(r.gameType) ? { ...r, gameType: r.gameType } : undefined);

/**
 * The site's game vendors by category (docs/operators.md "Games"): every role reads them; an admin
 * switches a vendor off or on, puts it under maintenance or lifts it, and changes its order. A change
 * is audited with its before and after in the same transaction, then this node's catalogue is reloaded
 * at once; the other nodes see `catalog_version` move (the write's trigger) within a second.
 */
export const gameOffersService = (deps: {
  repo: GameOffersRepository;
  audit: AuditRepository;
  refreshCatalog: () => Promise<unknown>;
  log?: { warn: (obj: object, msg: string) => void };
}) => {
  const { repo, audit } = deps;

  /**
   * This node's catalogue read again after a committed change. A failure here does not undo the change
   * nor fail the request: the node's once-a-second version check reloads it anyway.
   */
  const refresh = async () => {
    try {
      await deps.refreshCatalog();
    } catch (e) {
      deps.log?.warn({ err: e }, 'catalogue reload after a game offer change failed; the version check will retry');
    }
  };

  /** `imgUrl`: the site's image base (imgUrlOf), for the vendors' logos. */
  const list = async (actor: OperatorContext, imgUrl: string): Promise<OpsGameOffersValue> => {
    allowRoles(actor, READ_ROLES);
    const rows = await repo.list(actor.merchantId);
    const byType = new Map<GameCategoryCode, OpsGameOffer[]>();
    for (const r of rows) {
      const row = categoryOf(r);
      if (!row) continue;
      const offers = byType.get(row.gameType) ?? [];
      offers.push(offerDto(row, imgUrl));
      byType.set(row.gameType, offers);
    }
    // Menu order; each category's vendors as the catalogue orders them (sort, then code).
    return {
      categories: GAME_CATEGORIES.flatMap((gameType) => {
        const offers = byType.get(gameType);
        return offers ? [{ gameType, offers: offers.sort((a, b) => a.sort - b.sort || a.vendor.localeCompare(b.vendor)) }] : [];
      }),
    };
  };

  const patch = async (actor: OperatorContext, params: OpsGameOfferParams, body: OpsGameOfferPatch, client: Client, imgUrl: string): Promise<OpsGameOffer> => {
    allowRoles(actor, EDIT_ROLES);
    const { gameType, vendor } = params;
    if (!isCategory(gameType)) throw new AppError('GAME_OFFER_NOT_FOUND');
    const changed = await repo.db.transaction().execute(async (tx) => {
      const before = await repo.lock(tx, actor.merchantId, gameType, vendor);
      if (!before) throw new AppError('GAME_OFFER_NOT_FOUND');
      const change: GameOfferChange = {};
      if (body.enabled !== undefined && body.enabled !== before.enabled) change.enabled = body.enabled;
      if (body.maintenance !== undefined && body.maintenance !== before.maintenance) change.maintenance = body.maintenance;
      if (body.sort !== undefined && body.sort !== before.sort) change.sort = body.sort;
      // Asking for what already is writes nothing (and leaves no audit row).
      if (Object.keys(change).length === 0) return false;
      await repo.update(tx, actor.merchantId, gameType, vendor, change);
      const after = { ...before, ...change };
      await audit.record(
        {
          merchantId: actor.merchantId,
          operatorId: actor.operatorId,
          action: 'game_offer.update',
          targetType: 'game_offer',
          targetId: `${gameType}:${vendor}`,
          before: { enabled: before.enabled, maintenance: before.maintenance, sort: before.sort },
          after: { enabled: after.enabled, maintenance: after.maintenance, sort: after.sort },
          ip: client.ip,
        },
        tx,
      );
      return true;
    });
    // The portal shows it at once on this node; the others follow catalog_version within a second.
    if (changed) await refresh();
    const row = await repo.one(actor.merchantId, gameType, vendor);
    if (!row) throw new AppError('GAME_OFFER_NOT_FOUND');
    return offerDto({ ...row, gameType }, imgUrl);
  };

  /**
   * One place up or down in the category, as one change: the category's offers are locked, numbered
   * again 10, 20, 30… with the two swapped (so a move always moves, even between vendors given the same
   * order), and one audit row records the order before and after. At the top or bottom already,
   * nothing is written. Answers the whole list.
   */
  const move = async (actor: OperatorContext, params: OpsGameOfferParams, body: OpsGameOfferMoveBody, client: Client, imgUrl: string): Promise<OpsGameOffersValue> => {
    allowRoles(actor, EDIT_ROLES);
    const { gameType, vendor } = params;
    if (!isCategory(gameType)) throw new AppError('GAME_OFFER_NOT_FOUND');
    const moved = await repo.db.transaction().execute(async (tx) => {
      const all = await repo.lockCategory(tx, actor.merchantId, gameType);
      const at = all.findIndex((o) => o.vendor_code === vendor);
      if (at < 0) throw new AppError('GAME_OFFER_NOT_FOUND');
      const to = body.direction === 'up' ? at - 1 : at + 1;
      if (to < 0 || to >= all.length) return false;
      const order = all.map((o) => o.vendor_code);
      [order[at], order[to]] = [order[to]!, order[at]!];
      const was = new Map(all.map((o) => [o.vendor_code, o.sort]));
      for (const [i, code] of order.entries()) {
        const sort = Math.min(GAME_OFFER_SORT_MAX, (i + 1) * SORT_STEP);
        if (was.get(code) !== sort) await repo.update(tx, actor.merchantId, gameType, code, { sort });
      }
      await audit.record(
        {
          merchantId: actor.merchantId,
          operatorId: actor.operatorId,
          action: 'game_offer.move',
          targetType: 'game_offer',
          targetId: `${gameType}:${vendor}`,
          before: { direction: body.direction, order: all.map((o) => o.vendor_code) },
          after: { direction: body.direction, order },
          ip: client.ip,
        },
        tx,
      );
      return true;
    });
    if (moved) await refresh();
    return list(actor, imgUrl);
  };

  return { list, patch, move };
};
export type GameOffersService = ReturnType<typeof gameOffersService>;
