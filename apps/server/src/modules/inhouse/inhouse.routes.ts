import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DiceRollBody,
  DiceRollResponse,
  FairRevealedListResponse,
  FairRevealedQuery,
  FairRotateResponse,
  FairRotateSeedsBody,
  FairSeedsResponse,
  MinesCashoutBody,
  MinesCurrentResponse,
  MinesGameResponse,
  MinesRevealBody,
  MinesStartBody,
  SlotInfoResponse,
  SlotSpinBody,
  SlotSpinResponse,
} from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import type { InhouseService } from './inhouse.service.js';

const tags = ['games: in-house'];
const security = [{ bearer: [] }];
/** Plays are cheap to send: a ceiling per client that no person clicking reaches. */
const playLimit = { rateLimit: { max: 600, timeWindow: 60_000 } };

/** In-house games of APSARA (docs/inhouse-games.md). The member's own session token signs every call. */
export const inhouseRoutes = (app: FastifyInstance, svc: InhouseService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/wps/inhouse/slot/info', {
    schema: { tags, summary: 'Angkor Treasures: paytable, lines, bet limits and the declared RTP', response: responses(SlotInfoResponse) },
  }, async () => okValue(svc.slotInfo()));

  r.post('/wps/inhouse/slot/spin', {
    schema: { tags, security, summary: 'One slot round (base spin and any free spins): one bet, one win, round closed. Idempotent per idempotencyKey', body: SlotSpinBody, response: responses(SlotSpinResponse) },
    config: playLimit,
  }, async (req) => okValue(await svc.slotSpin(await req.requireAuth(), req.body)));

  r.get('/wps/inhouse/fair/seeds', {
    schema: { tags, security, summary: 'The member’s provably-fair seeds: active server seed hash, client seed, next nonce, next server seed hash', response: responses(FairSeedsResponse) },
  }, async (req) => okValue(await svc.seeds(await req.requireAuth())));

  r.post('/wps/inhouse/fair/rotate', {
    schema: { tags, security, summary: 'Rotates seeds (optionally with a new client seed) and reveals the retired pair. Refused (409) while a Mines game is open', body: FairRotateSeedsBody, response: responses(FairRotateResponse) },
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
  }, async (req) => okValue(await svc.rotate(await req.requireAuth(), req.body.clientSeed)));

  r.get('/wps/inhouse/fair/revealed', {
    schema: { tags, security, summary: 'The member’s retired seed pairs that were bet with, newest first (20 a page); serverSeedHash finds the pair a round used', querystring: FairRevealedQuery, response: responses(FairRevealedListResponse) },
  }, async (req) => okValue(await svc.revealedSeeds(await req.requireAuth(), req.query)));

  r.post('/wps/inhouse/dice/roll', {
    schema: { tags, security, summary: 'One Dice bet (under/over a target). Idempotent per idempotencyKey', body: DiceRollBody, response: responses(DiceRollResponse) },
    config: playLimit,
  }, async (req) => okValue(await svc.diceRoll(await req.requireAuth(), req.body)));

  r.get('/wps/inhouse/mines/current', {
    schema: { tags, security, summary: 'The member’s open Mines game, or null', response: responses(MinesCurrentResponse) },
  }, async (req) => okValue(await svc.minesCurrent(await req.requireAuth())));

  r.post('/wps/inhouse/mines/start', {
    schema: { tags, security, summary: 'Starts a Mines game (stake placed). One open game per member (409). Idempotent per idempotencyKey', body: MinesStartBody, response: responses(MinesGameResponse) },
    config: playLimit,
  }, async (req) => okValue(await svc.minesStart(await req.requireAuth(), req.body)));

  r.post('/wps/inhouse/mines/reveal', {
    schema: { tags, security, summary: 'Opens a cell: a mine ends the game (stake lost); the last safe cell cashes out', body: MinesRevealBody, response: responses(MinesGameResponse) },
    config: playLimit,
  }, async (req) => okValue(await svc.minesReveal(await req.requireAuth(), req.body.gameId, req.body.cell)));

  r.post('/wps/inhouse/mines/cashout', {
    schema: { tags, security, summary: 'Cashes out the open game at its current multiplier (at least one safe cell)', body: MinesCashoutBody, response: responses(MinesGameResponse) },
    config: playLimit,
  }, async (req) => okValue(await svc.minesCashout(await req.requireAuth(), req.body.gameId)));
};
