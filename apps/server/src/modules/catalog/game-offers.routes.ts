import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OpsGameOfferMoveBody, OpsGameOfferParams, OpsGameOfferPatch, OpsGameOfferResponse, OpsGameOffersResponse } from '@apsara/contracts';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import { imgUrlOf } from './catalog.service.js';
import type { GameOffersService } from './game-offers.service.js';

/** The back office's games page: the site's vendors per category (docs/operators.md "Games"). */
export const gameOffersRoutes = (app: FastifyInstance, offers: GameOffersService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ bearer: [] }];

  r.get('/ops/game-offers', {
    schema: {
      tags,
      security,
      summary: "This site's game vendors by category (menu order), each with its order, games, on/off, the site's maintenance switch and the vendor's own state; admin, finance and support",
      response: responses(OpsGameOffersResponse),
    },
  }, async (req) => okValue(await offers.list(await req.requireOperator(), imgUrlOf(req.merchant))));

  r.patch('/ops/game-offers/:gameType/:vendor', {
    schema: {
      tags,
      security,
      summary: 'Switches a vendor on or off in a category, puts it under maintenance or lifts it, or moves it (sort 0–10000); the portal follows at once; audited with before and after; admin',
      params: OpsGameOfferParams,
      body: OpsGameOfferPatch,
      response: responses(OpsGameOfferResponse),
    },
  }, async (req) => okValue(await offers.patch(await req.requireOperator(), req.params, req.body, clientOf(req), imgUrlOf(req.merchant))));

  r.post('/ops/game-offers/:gameType/:vendor/move', {
    schema: {
      tags,
      security,
      summary: 'Moves a vendor one place up or down in its category, in one change (the category numbered again in steps of 10); one audit row with the order before and after; answers the whole list; admin',
      params: OpsGameOfferParams,
      body: OpsGameOfferMoveBody,
      response: responses(OpsGameOffersResponse),
    },
  }, async (req) => okValue(await offers.move(await req.requireOperator(), req.params, req.body, clientOf(req), imgUrlOf(req.merchant))));
};
