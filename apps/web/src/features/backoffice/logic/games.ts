import type { OpsGameOffer, OpsGameOffersValue } from '@apsara/contracts';

/*
 * The games page (GET /ops/game-offers, PATCH /ops/game-offers/:gameType/:vendor, POST …/move;
 * docs/operators.md "Games") as plain data: what a switch asks for and which switches ask first. A move
 * up or down is one call: the server numbers the category again in one transaction.
 */

export type OfferSwitch = 'enabled' | 'maintenance';

/** The change one switch asks for: the opposite of what the offer says now. */
export const switchPatch = (offer: Pick<OpsGameOffer, OfferSwitch>, which: OfferSwitch) => ({ [which]: !offer[which] }) as { enabled: boolean } | { maintenance: boolean };

/**
 * Whether a change takes games away from players (switching a vendor off, or putting it under
 * maintenance): players in one of its games are affected, so the page asks first. Switching on and
 * lifting maintenance go at once.
 */
export const needsConfirm = (patch: { enabled?: boolean; maintenance?: boolean }) => patch.enabled === false || patch.maintenance === true;

/** How many vendors of a category players can open, and how many are under maintenance (the category's heading). */
export const categoryCounts = (offers: readonly Pick<OpsGameOffer, 'shown'>[]) => ({
  live: offers.filter((o) => o.shown === 'live').length,
  maintenance: offers.filter((o) => o.shown === 'maintenance').length,
  hidden: offers.filter((o) => o.shown === 'hidden').length,
});

/** What players see of an offer (the server's rule): hidden when off here or disabled everywhere, else under maintenance when either says so, else live. */
export const shownOf = (o: Pick<OpsGameOffer, 'enabled' | 'maintenance' | 'vendorStatus'>): OpsGameOffer['shown'] =>
  !o.enabled || o.vendorStatus === 'disabled' ? 'hidden' : o.maintenance || o.vendorStatus === 'maintenance' ? 'maintenance' : 'live';

export type OfferPatch = { enabled?: boolean; maintenance?: boolean };

/**
 * The list with one offer's switches set (and what players see of it worked out again): the page
 * shows a switch's change at once, before the server answers. Other offers are kept as they are.
 */
export const withOfferPatch = (list: OpsGameOffersValue, gameType: string, vendor: string, patch: OfferPatch): OpsGameOffersValue => ({
  categories: list.categories.map((c) =>
    c.gameType !== gameType
      ? c
      : {
          ...c,
          offers: c.offers.map((o) => {
            if (o.vendor !== vendor) return o;
            const next = { ...o, ...patch };
            return { ...next, shown: shownOf(next) };
          }),
        },
  ),
});

/** The switches a patch touches, as the offer had them: what a refused change puts back. */
export const undoOfPatch = (list: OpsGameOffersValue | undefined, gameType: string, vendor: string, patch: OfferPatch): OfferPatch | null => {
  const offer = list?.categories.find((c) => c.gameType === gameType)?.offers.find((o) => o.vendor === vendor);
  if (!offer) return null;
  const undo: OfferPatch = {};
  if (patch.enabled !== undefined) undo.enabled = offer.enabled;
  if (patch.maintenance !== undefined) undo.maintenance = offer.maintenance;
  return undo;
};

/** The list with the offer the server answered in its place (its word wins over the page's guess). */
export const withOffer = (list: OpsGameOffersValue, offer: OpsGameOffer): OpsGameOffersValue => ({
  categories: list.categories.map((c) => (c.gameType !== offer.gameType ? c : { ...c, offers: c.offers.map((o) => (o.vendor === offer.vendor ? offer : o)) })),
});
