import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnnouncementListResponse, AnnouncementQuery, IdString, OpsAnnouncementFieldsBody, OpsAnnouncementListResponse, OpsAnnouncementPatch, OpsAnnouncementQuery, OpsAnnouncementResponse } from '@apsara/contracts';
import { z } from 'zod';
import { maybeAuth } from '../../plugins/auth.js';
import { clientOf, okValue, responses } from '../../plugins/http.js';
import type { AnnouncementsService } from './announcements.service.js';

const IdParams = z.object({ id: IdString });

/** Announcements (spec §7 MCSFE_getListAnnouncements) and their back office. */
export const announcementsRoutes = (app: FastifyInstance, announcements: AnnouncementsService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];
  const tags = ['announcements'];

  const list = {
    schema: {
      tags,
      summary: 'Showing announcements by type (B banners, PL player notices, PU popups, PR promotion notices, H accepted, AG agent notices for agents); public, a token adds members-only items',
      querystring: AnnouncementQuery,
      response: responses(AnnouncementListResponse),
    },
  };
  r.get('/wps/announcements', list, async (req) => okValue(await announcements.list(req.merchant, await maybeAuth(req), req.query)));
  r.get('/wps/relay/MCSFE_getListAnnouncements', list, async (req) => okValue(await announcements.list(req.merchant, await maybeAuth(req), req.query)));

  const ops = ['ops'];
  r.get('/ops/announcements', {
    schema: {
      tags: ops,
      security,
      summary: 'The announcements of this site with where each stands (scheduled, showing, ended, off), 20 a page, by kind and phase; `around` answers the page holding that one; admin, finance and support',
      querystring: OpsAnnouncementQuery,
      response: responses(OpsAnnouncementListResponse),
    },
  }, async (req) => okValue(await announcements.opsList(await req.requireOperator(), req.query)));

  r.get('/ops/announcements/:id', {
    schema: { tags: ops, security, summary: 'One announcement of this site as it stands now; admin, finance and support', params: IdParams, response: responses(OpsAnnouncementResponse) },
  }, async (req) => okValue(await announcements.opsOne(await req.requireOperator(), req.params.id)));

  // The kind rules (a banner needs its group…) are the service's: it words them in the caller's language.
  r.post('/ops/announcements', {
    schema: { tags: ops, security, summary: 'Writes a banner, notice, popup, promotion notice or agent notice; audited; admin', body: OpsAnnouncementFieldsBody, response: responses(OpsAnnouncementResponse) },
  }, async (req) => okValue(await announcements.create(await req.requireOperator(), req.body, clientOf(req), req.lang)));

  r.patch('/ops/announcements/:id', {
    schema: { tags: ops, security, summary: 'Changes an announcement (any field but its kind; the result must be whole for its kind), or switches it off; audited; admin', params: IdParams, body: OpsAnnouncementPatch, response: responses(OpsAnnouncementResponse) },
  }, async (req) => okValue(await announcements.patch(await req.requireOperator(), req.params.id, req.body, clientOf(req), req.lang)));
};
