import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OpsGameOffer, OpsGameOffersValue, type OpsGameOfferMoveBody, type OpsGameOfferPatch } from '@apsara/contracts';
import { opsKey, opsValue } from './client';

/* The site's game vendors by category (docs/operators.md "Games"): every role reads, an admin changes. */

const ROOT = opsKey('game-offers');

/** GET /ops/game-offers — admin, finance and support. */
export const useOpsGameOffers = () => useQuery({ queryKey: ROOT, queryFn: () => opsValue('/ops/game-offers', { value: OpsGameOffersValue }) });

const offerPath = (gameType: string, vendor: string) => `/ops/game-offers/${encodeURIComponent(gameType)}/${encodeURIComponent(vendor)}`;

/** PATCH /ops/game-offers/:gameType/:vendor — on/off, maintenance, order; admin; audited with before and after. */
export const patchGameOffer = (gameType: string, vendor: string, patch: OpsGameOfferPatch) =>
  opsValue(offerPath(gameType, vendor), { method: 'PATCH', body: patch, value: OpsGameOffer });

/**
 * One change of an offer (a switch) or a move of it one place up or down (POST …/move: the server
 * numbers the category again in one transaction); then the list and the audit log are read again,
 * whether it went through or not.
 */
export type GameOfferChange = { gameType: string; vendor: string } & ({ patch: OpsGameOfferPatch } | { move: OpsGameOfferMoveBody['direction'] });

export const useChangeGameOffer = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: GameOfferChange): Promise<unknown> =>
      'move' in c
        ? opsValue(`${offerPath(c.gameType, c.vendor)}/move`, { method: 'POST', body: { direction: c.move }, value: OpsGameOffersValue })
        : patchGameOffer(c.gameType, c.vendor, c.patch),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ROOT }), client.invalidateQueries({ queryKey: opsKey('audit') })]),
  });
};
