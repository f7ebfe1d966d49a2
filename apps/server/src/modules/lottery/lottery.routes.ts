import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LotteryDrawsQuery, LotteryDrawsResponse, LotteryGamesResponse, LotterySlipBody, LotterySlipResponse, LotterySlipsQuery, LotterySlipsResponse } from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import type { LotteryService } from './lottery.service.js';

/** Apsara's lotteries (spec §2 /lottery and "Lottery draw results"). */
export const lotteryRoutes = (app: FastifyInstance, lottery: LotteryService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['lottery'];

  r.get('/wps/lottery/games', {
    schema: { tags, summary: 'The lotteries with their open draw (seed hash committed), latest result and the server time; bet kinds and limits (public)', response: responses(LotteryGamesResponse) },
  }, async (req) => okValue(await lottery.games(req.merchant)));

  r.get('/wps/lottery/draws', {
    schema: { tags, summary: 'Draw results of one lottery, newest first, 20 a page, each with its revealed seed to verify (public)', querystring: LotteryDrawsQuery, response: responses(LotteryDrawsResponse) },
  }, async (req) => okValue(await lottery.draws(req.query)));

  r.post('/wps/lottery/bets', {
    schema: { tags, security, summary: 'Places a slip of 1–20 bets on the open draw; the stake leaves the main wallet at once; idempotent per key', body: LotterySlipBody, response: responses(LotterySlipResponse) },
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
  }, async (req) => okValue(await lottery.place(req.merchant, await req.requireAuth(), req.body)));

  r.get('/wps/lottery/bets', {
    schema: { tags, security, summary: "The member's slips, newest first, 20 a page, with each bet's outcome once drawn", querystring: LotterySlipsQuery, response: responses(LotterySlipsResponse) },
  }, async (req) => okValue(await lottery.slips(req.merchant, await req.requireAuth(), req.query)));
};
