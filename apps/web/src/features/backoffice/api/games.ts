import { useMutation, useQuery, useQueryClient, type MutationOptions, type QueryClient } from '@tanstack/react-query';
import { OpsGameOffer, OpsGameOffersValue, type OpsGameOfferMoveBody, type OpsGameOfferPatch } from '@apsara/contracts';
import { undoOfPatch, withOffer, withOfferPatch, type OfferPatch } from '../logic/games';
import { opsKey, opsValue } from './client';

/* The site's game vendors by category (docs/operators.md "Games"): every role reads, an admin changes. */

export const GAME_OFFERS_KEY = opsKey('game-offers');

/** GET /ops/game-offers — admin, finance and support. */
export const useOpsGameOffers = () => useQuery({ queryKey: GAME_OFFERS_KEY, queryFn: () => opsValue('/ops/game-offers', { value: OpsGameOffersValue }) });

const offerPath = (gameType: string, vendor: string) => `/ops/game-offers/${encodeURIComponent(gameType)}/${encodeURIComponent(vendor)}`;

/** PATCH /ops/game-offers/:gameType/:vendor — on/off, maintenance, order; admin; audited with before and after. */
export const patchGameOffer = (gameType: string, vendor: string, patch: OpsGameOfferPatch) =>
  opsValue(offerPath(gameType, vendor), { method: 'PATCH', body: patch, value: OpsGameOffer });

/**
 * One change of an offer (a switch) or a move of it one place up or down (POST …/move: the server
 * numbers the category again in one transaction); then the list and the audit log are read again,
 * whether it went through or not. A switch shows its new state at once: the list is changed before
 * the call, the server's answer put in its place, and a refusal puts the switch back (the page says why).
 */
export type GameOfferChange = { gameType: string; vendor: string } & ({ patch: OpsGameOfferPatch } | { move: OpsGameOfferMoveBody['direction'] });

/** What a refused switch puts back: the switches it touched, as they were. */
export type Undo = { gameType: string; vendor: string; patch: OfferPatch } | null;

/** The change's mutation, apart from React (tested against a query client of its own). */
export const gameOfferChangeOptions = (client: QueryClient): MutationOptions<unknown, unknown, GameOfferChange, Undo> => ({
  mutationFn: (c) =>
    'move' in c
      ? opsValue(`${offerPath(c.gameType, c.vendor)}/move`, { method: 'POST', body: { direction: c.move }, value: OpsGameOffersValue })
      : patchGameOffer(c.gameType, c.vendor, c.patch),
  onMutate: async (c) => {
    if (!('patch' in c)) return null;
    // A read in flight would draw the old state over the new one.
    await client.cancelQueries({ queryKey: GAME_OFFERS_KEY });
    const list = client.getQueryData<OpsGameOffersValue>(GAME_OFFERS_KEY);
    const undo = undoOfPatch(list, c.gameType, c.vendor, c.patch);
    if (!list || !undo) return null;
    client.setQueryData<OpsGameOffersValue>(GAME_OFFERS_KEY, withOfferPatch(list, c.gameType, c.vendor, c.patch));
    return { gameType: c.gameType, vendor: c.vendor, patch: undo };
  },
  onSuccess: (answer, c) => {
    if (!('patch' in c)) return;
    client.setQueryData<OpsGameOffersValue>(GAME_OFFERS_KEY, (list) => (list ? withOffer(list, answer as OpsGameOffer) : list));
  },
  // Only the switches this change touched go back: anything else the list holds stays.
  onError: (_error, _c, undo) => {
    if (!undo) return;
    client.setQueryData<OpsGameOffersValue>(GAME_OFFERS_KEY, (list) => (list ? withOfferPatch(list, undo.gameType, undo.vendor, undo.patch) : list));
  },
  onSettled: () => Promise.all([client.invalidateQueries({ queryKey: GAME_OFFERS_KEY }), client.invalidateQueries({ queryKey: opsKey('audit') })]),
});

export const useChangeGameOffer = () => {
  const client = useQueryClient();
  return useMutation(gameOfferChangeOptions(client));
};
