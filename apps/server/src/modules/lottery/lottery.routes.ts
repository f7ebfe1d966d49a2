import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LotteryDrawsQuery, LotteryDrawsResponse, LotteryGamesResponse, LotteryMemberOpenDrawsResponse, LotteryOpenDrawsResponse, LotteryRecentGamesResponse, LotterySlipBody, LotterySlipResponse, LotterySlipsQuery, LotterySlipsResponse, OpsLotteryExposureQuery, OpsLotteryExposureResponse, IdString, LOTTERY_CLOSED_NUMBERS_MAX, OpsLotteryCloseNumberBody, OpsLotteryClosedNumberResponse, OpsLotteryClosedNumbersResponse, OpsLotteryReopenedResponse } from '@apsara/contracts';
import { z } from 'zod';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { LotteryService } from './lottery.service.js';

/** Apsara's lotteries (spec §2 /lottery and "Lottery draw results"). */
export const lotteryRoutes = (app: FastifyInstance, lottery: LotteryService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['lottery'];

  r.get('/wps/lottery/games', {
    schema: { tags, summary: 'The lotteries with their open draw (seed hash committed), latest result and the server time; bet kinds and limits (public)', response: responses(LotteryGamesResponse) },
  }, async (req) => okValue(await lottery.games(req.merchant)));

  // The spec's lottery menu calls (§7), over the same draws.
  r.get('/lgw/vn/games/game_menu', {
    schema: { tags, summary: 'The Vietnam lotteries with their open draw, latest result and bet kinds (public)', response: responses(LotteryGamesResponse) },
  }, async (req) => okValue(await lottery.vnMenu(req.merchant)));

  r.get('/lgw/vn/games/game_menu/recent', {
    schema: { tags, security, summary: 'The Vietnam lotteries the member bet on, latest first, with how many slips', response: responses(LotteryRecentGamesResponse) },
  }, async (req) => okValue(await lottery.vnRecent(req.merchant, await req.requireAuth())));

  r.get('/lgw/vn/numeros/opened/game', {
    schema: { tags, summary: 'The draw ("numero") each Vietnam lottery takes bets on now, seed hash only (public)', response: responses(LotteryOpenDrawsResponse) },
  }, async () => okValue(await lottery.vnOpenDraws()));

  r.get('/lotto/lgw/games/opened/numero', {
    schema: { tags, security, summary: "Every lottery's open draw with the member's slips and stake on it", response: responses(LotteryMemberOpenDrawsResponse) },
  }, async (req) => okValue(await lottery.memberOpenDraws(req.merchant, await req.requireAuth())));

  r.get('/wps/lottery/draws', {
    schema: { tags, summary: 'Draw results of one lottery, newest first, 20 a page, each with its revealed seed to verify (public)', querystring: LotteryDrawsQuery, response: responses(LotteryDrawsResponse) },
  }, async (req) => okValue(await lottery.draws(req.query)));

  r.get('/ops/lottery/exposure', {
    schema: { tags: ['ops'], security, summary: "The site's lottery limits at work: the 50 picks of draws not yet settled nearest their limit (the site's or their kind's own; stake × odds of every member's bets, one hit), each with its limit, the room left under it and its share of it, how many picks carry anything and how many are at 80 % or more of their limit; `game` and `number` narrow it to one lottery and one number (its picks in any kind and the Xiên pairs holding it); admin, finance and support", querystring: OpsLotteryExposureQuery, response: responses(OpsLotteryExposureResponse) },
  }, async (req) => okValue(await lottery.opsExposure(await req.requireOperator(), req.merchant, req.query)));

  // Closed numbers (docs/lottery.md "Closing a number").
  r.get('/ops/lottery/closed-numbers', {
    schema: { tags: ['ops'], security, summary: 'The numbers the site takes no bets on, by lottery, with who closed each, when and why; admin, finance and support', response: responses(OpsLotteryClosedNumbersResponse) },
  }, async (req) => okValue(await lottery.opsClosedNumbers(await req.requireOperator())));

  r.post('/ops/lottery/closed-numbers', {
    schema: { tags: ['ops'], security, summary: `Closes a number (1–3 digits) of one lottery: new slips holding it in any kind of bet (the number as a pick, or in a Xiên pair) are refused until it is opened again; at most ${LOTTERY_CLOSED_NUMBERS_MAX} at once; audited; admin`, body: OpsLotteryCloseNumberBody, response: responses(OpsLotteryClosedNumberResponse) },
  }, async (req) => okValue(await lottery.opsCloseNumber(await req.requireOperator(), req.body, clientOf(req))));

  r.delete('/ops/lottery/closed-numbers/:id', {
    schema: { tags: ['ops'], security, summary: 'Opens a closed number again; audited with what it was; admin', params: z.object({ id: IdString }), response: responses(OpsLotteryReopenedResponse) },
  }, async (req) => okValue(await lottery.opsReopenNumber(await req.requireOperator(), req.params.id, clientOf(req))));

  r.post('/wps/lottery/bets', {
    schema: { tags, security, summary: 'Places a slip of 1–20 bets on the open draw; the stake leaves the main wallet at once; idempotent per key', body: LotterySlipBody, response: responses(LotterySlipResponse) },
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
  }, async (req) => okValue(await lottery.place(req.merchant, await req.requireAuth(), req.body)));

  r.get('/wps/lottery/bets', {
    schema: { tags, security, summary: "The member's slips, newest first, 20 a page, with each bet's outcome once drawn", querystring: LotterySlipsQuery, response: responses(LotterySlipsResponse) },
  }, async (req) => okValue(await lottery.slips(req.merchant, await req.requireAuth(), req.query)));
};
