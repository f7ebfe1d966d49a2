import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CountryCodesResponse,
  CountryNamesResponse,
  DomainRouteResponse,
  RegisterSettingResponse,
  SiteConfigResponse,
  SystemStatusResponse,
  WhitelabelResponse,
} from '@apsara/contracts';
import { okValue, responses } from '../../plugins/http.js';
import { registerSettings, type Merchant } from '../merchant/merchant-config.js';
import { countryEntries, countryNames } from './dialing-codes.js';
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

  r.get('/wps/system/countryCodes', { schema: { tags, summary: 'The countries whose mobile numbers this site takes, with their dialing codes, its default first (spec §3 "Country entry")', response: responses(CountryCodesResponse) } },
    async (req) => okValue(countryEntries(req.merchant.config, req.lang)));

  r.get('/wps/system/countries', { schema: { tags, summary: "Every country named in the caller's language, in that language's order (the profile's nationality; browsers lack some languages' names)", response: responses(CountryNamesResponse) } },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=86400').header('vary', 'Accept-Language');
      return okValue(countryNames(req.lang));
    });

  r.get('/wps/system/domainRoute', { schema: { tags, summary: 'The merchant serving this host name', response: responses(DomainRouteResponse) } },
    async (req) => okValue(await system.domainRoute(site(req))));

  r.get('/wps/system/config', { schema: { tags, summary: 'Permission/config: everything the portal needs at start', response: responses(SiteConfigResponse) } },
    async (req) => okValue(await system.siteConfig(site(req))));

  // The lite app (spec §1 "including a lite app"): the site as an installable web app, named after the
  // site the host serves, so each white-label site installs under its own name.
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (req, reply) => {
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
    return webManifest(req.merchant);
  });
};

const APP_COLOR = '#0a0f1e';

/** The web app manifest of a site: its name and language, opening on the lobby in a window of its own. */
export const webManifest = (merchant: Pick<Merchant, 'name' | 'defaultLanguage'>) => ({
  id: '/',
  name: merchant.name,
  short_name: merchant.name.length <= 12 ? merchant.name : merchant.name.slice(0, 12).trim(),
  lang: merchant.defaultLanguage === 'cn' ? 'zh-CN' : merchant.defaultLanguage,
  start_url: '/?source=lite',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: APP_COLOR,
  theme_color: APP_COLOR,
  icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
});
