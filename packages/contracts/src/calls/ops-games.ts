import { z } from 'zod';
import { ok } from '../envelope.js';
import { GameCategory } from './games.js';

/*
 * The site's game vendors as its operators manage them (docs/operators.md "Games", docs/games.md
 * "Offer"): per category, each vendor the site offers with its order, whether it is switched on and
 * whether the site has put it under maintenance. The portal's menus, lists, hot games and launches
 * follow a change at once.
 */

/** The bounds of an offer's order (lower first), as the other ordered things of the back office. */
export const GAME_OFFER_SORT_MAX = 10_000;

/** A vendor's global state (set by whoever runs the platform, not by a site). */
export const GAME_VENDOR_STATUSES = ['active', 'maintenance', 'disabled'] as const;

/**
 * PATCH /ops/game-offers/:gameType/:vendor. Both are checked for their shape only: a category or
 * vendor this site does not offer is answered 404 GAME_OFFER_NOT_FOUND, like another site's.
 */
export const OpsGameOfferParams = z.object({
  gameType: z.string().regex(/^[A-Z]{2,12}$/, { message: '2-12 capital letters' }),
  vendor: z.string().regex(/^[A-Z0-9]{2,12}$/, { message: '2-12 capital letters or digits' }),
});
export type OpsGameOfferParams = z.infer<typeof OpsGameOfferParams>;

/** What an operator may change on an offer: at least one of them. */
export const OpsGameOfferPatch = z
  .strictObject({
    enabled: z.boolean().optional(),
    maintenance: z.boolean().optional(),
    sort: z.number().int().min(0).max(GAME_OFFER_SORT_MAX).optional(),
  })
  .refine((v) => v.enabled !== undefined || v.maintenance !== undefined || v.sort !== undefined, { message: 'nothing to change', path: ['enabled'] });
export type OpsGameOfferPatch = z.infer<typeof OpsGameOfferPatch>;

export const OpsGameOffer = z.object({
  gameType: GameCategory,
  vendor: z.string(),
  displayName: z.string(),
  /** The vendor's logo tile, under the site's image base (as the portal's vendor cards). */
  iconUrl: z.string(),
  walletType: z.enum(['SEAMLESS', 'TRANSFER']),
  origin: z.enum(['INHOUSE', 'SIM']),
  /** Games the category lists for the vendor (sub-list entries and disabled games not counted). */
  games: z.number().int().nonnegative(),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** The site's own maintenance switch. */
  maintenance: z.boolean(),
  /** The vendor's platform-wide state: `maintenance` flags it on every site; `disabled` hides it on every site. */
  vendorStatus: z.enum(GAME_VENDOR_STATUSES),
  /** What players see: hidden (off here, or disabled everywhere), under maintenance, or playable. */
  shown: z.enum(['hidden', 'maintenance', 'live']),
});
export type OpsGameOffer = z.infer<typeof OpsGameOffer>;
export const OpsGameOfferResponse = ok(OpsGameOffer);

/** GET /ops/game-offers: the site's categories in menu order, each with its vendors in the site's order. */
export const OpsGameCategory = z.object({ gameType: GameCategory, offers: z.array(OpsGameOffer) });
export type OpsGameCategory = z.infer<typeof OpsGameCategory>;
export const OpsGameOffersValue = z.object({ categories: z.array(OpsGameCategory) });
export type OpsGameOffersValue = z.infer<typeof OpsGameOffersValue>;
export const OpsGameOffersResponse = ok(OpsGameOffersValue);

/**
 * POST /ops/game-offers/:gameType/:vendor/move — one place up or down in its category, in one change:
 * the category is numbered again in steps of 10 with the two swapped. Answers the whole list.
 */
export const OpsGameOfferMoveBody = z.strictObject({ direction: z.enum(['up', 'down']) });
export type OpsGameOfferMoveBody = z.infer<typeof OpsGameOfferMoveBody>;
