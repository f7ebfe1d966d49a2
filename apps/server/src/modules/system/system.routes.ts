import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DomainRouteResponse,
  RegisterSettingResponse,
  SiteConfigResponse,
  SystemStatusResponse,
  WhitelabelResponse,
} from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import { registerSettings } from '../merchant/merchant-config.js';
import type { SystemService } from './system.service.js';

const site = (r: FastifyRequest) => ({ merchant: r.merchant, domain: r.domain, domainMatched: r.domainMatched, ip: r.ip });

export const systemRoutes = (app: FastifyInstance, system: SystemService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];

  r.get('/wps/system/status', { schema: { tags, summary: 'Site status: 0 normal, 1 maintenance, 2 region-blocked (with the caller IP)', response: responses(SystemStatusResponse) } },
    async (req) => okValue(system.status(site(req))));

  r.get('/wps/system/whitelabel', { schema: { tags, summary: 'Feature flags of this merchant (spec §6)', response: responses(WhitelabelResponse) } },
    async (req) => okValue(system.whitelabel(req.merchant)));

  r.get('/wps/system/setting/register', { schema: { tags, summary: 'Registration rules per field', response: responses(RegisterSettingResponse) } },
    async (req) => okValue(registerSettings(req.merchant)));

  r.get('/wps/system/domainRoute', { schema: { tags, summary: 'The merchant serving this host name', response: responses(DomainRouteResponse) } },
    async (req) => okValue(await system.domainRoute(site(req))));

  r.get('/wps/system/config', { schema: { tags, summary: 'Permission/config: everything the portal needs at start', response: responses(SiteConfigResponse) } },
    async (req) => okValue(await system.siteConfig(site(req))));
};
