import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HelpCenterQuery,
  HelpCenterResponse,
  IdString,
  OpsHelpTopicBody,
  OpsHelpTopicDeletedResponse,
  OpsHelpTopicListResponse,
  OpsHelpTopicMoveBody,
  OpsHelpTopicPatch,
  OpsHelpTopicResponse,
} from '@apsara/contracts';
import { z } from 'zod';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { HelpCenterService } from './help-center.service.js';

const IdParams = z.object({ id: IdString });

/** The help center (spec §2 popups "help center", §7 /wps/system/helpCenter) and its back office. */
export const helpCenterRoutes = (app: FastifyInstance, help: HelpCenterService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  r.get('/wps/system/helpCenter', {
    schema: {
      tags: ['system'],
      summary: "The help popup's topics of this site, switched-on ones in order, in the request's language (`lang`, else Accept-Language, else the site's; a text missing in it falls back to the site's language, then English); public",
      querystring: HelpCenterQuery,
      response: responses(HelpCenterResponse),
    },
  }, async (req) => okValue(await help.list(req.merchant, req.lang)));

  const tags = ['ops'];
  r.get('/ops/help-topics', {
    schema: { tags, security, summary: "Every help topic of this site, on or off, in the popup's order; admin, finance and support", response: responses(OpsHelpTopicListResponse) },
  }, async (req) => okValue(await help.opsList(await req.requireOperator())));

  r.post('/ops/help-topics', {
    schema: { tags, security, summary: 'Writes a help topic (key unique in the site; the title in the site\'s language); audited; admin', body: OpsHelpTopicBody, response: responses(OpsHelpTopicResponse) },
  }, async (req) => okValue(await help.create(await req.requireOperator(), req.merchant, req.body, clientOf(req), req.lang)));

  r.patch('/ops/help-topics/:id', {
    schema: { tags, security, summary: 'Changes a help topic (any field; `enabled` switches it on or off, `sort` places it); audited with before and after; admin', params: IdParams, body: OpsHelpTopicPatch, response: responses(OpsHelpTopicResponse) },
  }, async (req) => okValue(await help.patch(await req.requireOperator(), req.merchant, req.params.id, req.body, clientOf(req), req.lang)));

  r.post('/ops/help-topics/:id/move', {
    schema: { tags, security, summary: 'Moves a help topic one place up or down (the list is numbered again); answers the list; audited; admin', params: IdParams, body: OpsHelpTopicMoveBody, response: responses(OpsHelpTopicListResponse) },
  }, async (req) => okValue(await help.move(await req.requireOperator(), req.params.id, req.body, clientOf(req))));

  r.delete('/ops/help-topics/:id', {
    schema: { tags, security, summary: 'Deletes a help topic; audited with what it was; admin', params: IdParams, response: responses(OpsHelpTopicDeletedResponse) },
  }, async (req) => okValue(await help.remove(await req.requireOperator(), req.params.id, clientOf(req))));
};
