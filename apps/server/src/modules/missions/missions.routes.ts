import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdString,
  LeaderboardQuery,
  LeaderboardResponse,
  MissionClaimResponse,
  MissionSummaryResponse,
  OpsLeaderboardAwardsResponse,
  OpsMissionBody,
  OpsMissionListResponse,
  OpsMissionPatch,
  OpsMissionResponse,
} from '@apsara/contracts';
import { z } from 'zod';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { MissionsService } from './missions.service.js';

const IdParams = z.object({ id: IdString });

/** Missions and the leaderboard (spec §2 missionLeaderboard; §7 MCSFE_getMissionSummaryDetails, MCSFE_getMissionLeaderboard) and their back office. */
export const missionsRoutes = (app: FastifyInstance, missions: MissionsService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['missions'];

  const summary = { tags, security, summary: "Today's and this week's missions with the member's progress, what can be claimed (the badge) and what was earned", response: responses(MissionSummaryResponse) };
  r.get('/wps/missions', { schema: summary }, async (req) => okValue(await missions.summary(req.merchant, await req.requireAuth())));
  r.get('/wps/relay/MCSFE_getMissionSummaryDetails', { schema: summary }, async (req) => okValue(await missions.summary(req.merchant, await req.requireAuth())));

  r.post('/wps/missions/:id/claim', {
    schema: { tags, security, summary: "Claims a reached mission's reward into the main wallet, once per period; a repeat answers the first claim", params: IdParams, response: responses(MissionClaimResponse) },
    // A few claims a day; anything faster is a script.
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
  }, async (req) => okValue(await missions.claim(req.merchant, await req.requireAuth(), req.params.id)));

  const board = { tags, security, summary: 'The leaderboard of the current or the previous period: top 20 by bets (names masked), the member\'s own rank, the prizes', querystring: LeaderboardQuery, response: responses(LeaderboardResponse) };
  r.get('/wps/missions/leaderboard', { schema: board }, async (req) => okValue(await missions.leaderboard(req.merchant, await req.requireAuth(), req.query)));
  r.get('/wps/relay/MCSFE_getMissionLeaderboard', { schema: board }, async (req) => okValue(await missions.leaderboard(req.merchant, await req.requireAuth(), req.query)));

  const ops = ['ops'];
  r.get('/ops/missions', {
    schema: { tags: ops, security, summary: 'Every mission of this site, running first, with how many rewards each paid; admin, finance and support', response: responses(OpsMissionListResponse) },
  }, async (req) => okValue(await missions.opsList(await req.requireOperator())));

  r.post('/ops/missions', {
    schema: { tags: ops, security, summary: 'Creates a mission (its terms are fixed once created); audited; admin', body: OpsMissionBody, response: responses(OpsMissionResponse) },
  }, async (req) => okValue(await missions.create(await req.requireOperator(), req.body, clientOf(req))));

  r.patch('/ops/missions/:id', {
    schema: { tags: ops, security, summary: 'Changes a mission\'s order, or retires or restores it; audited; admin', params: IdParams, body: OpsMissionPatch, response: responses(OpsMissionResponse) },
  }, async (req) => okValue(await missions.patch(await req.requireOperator(), req.params.id, req.body, clientOf(req))));

  r.get('/ops/leaderboard/awards', {
    schema: { tags: ops, security, summary: 'Leaderboard prizes paid, newest period first (200 at most); admin, finance and support', response: responses(OpsLeaderboardAwardsResponse) },
  }, async (req) => okValue(await missions.opsAwards(await req.requireOperator())));
};
