import type { OpsGameOffer } from '@apsara/contracts';

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
