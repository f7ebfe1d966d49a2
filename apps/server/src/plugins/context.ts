import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Lang } from '@apsara/contracts';
import { resolveLang } from '../lib/lang.js';
import { AppError } from '../lib/app-error.js';
import type { Merchant } from '../modules/merchant/merchant-config.js';
import type { MerchantRepository } from '../modules/merchant/merchant.repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    merchant: Merchant;
    /** The host name this request arrived on, without port. */
    domain: string;
    /** True when the domain is registered to the merchant (not the default fallback). */
    domainMatched: boolean;
    lang: Lang;
  }
}

const MERCHANTLESS = ['/healthz', '/readyz', '/docs'];
const HOST_RE = /^[a-z0-9.-]{1,253}$/;

export const hostOf = (request: FastifyRequest) => {
  // `hostname` honours X-Forwarded-Host only when TRUST_PROXY is on, and drops the port.
  const host = (request.hostname ?? '').trim().toLowerCase().replace(/^\[|\]$/g, '');
  return HOST_RE.test(host) ? host : '';
};

/**
 * Resolves every request to a merchant by its host (spec: /wps/system/domainRoute), with the default
 * merchant for unknown hosts. A short cache keeps this off the database on the hot path; the database
 * stays the only source of truth.
 */
export const registerContext = (app: FastifyInstance, merchants: MerchantRepository, cacheMs = 10_000) => {
  const cache = new Map<string, { at: number; merchant: Merchant; matched: boolean }>();
  app.decorateRequest('merchant', null as unknown as Merchant);
  app.decorateRequest('domain', '');
  app.decorateRequest('domainMatched', false);
  app.decorateRequest('lang', 'km');

  app.addHook('onRequest', async (request) => {
    // Probes and API docs answer whatever the merchant set-up (a fresh database has no merchant yet).
    if (MERCHANTLESS.some((p) => request.url.startsWith(p))) return;
    const query = request.query as Record<string, unknown> | undefined;
    const explicit = typeof query?.lang === 'string' ? query.lang : undefined;
    request.lang = resolveLang(explicit, request.headers['accept-language']);
    const domain = hostOf(request);
    request.domain = domain;
    const hit = cache.get(domain);
    let entry = hit && Date.now() - hit.at < cacheMs ? hit : undefined;
    if (!entry) {
      const found = await merchants.findForDomain(domain);
      if (!found) throw new AppError('DOMAIN_INVALID');
      entry = { at: Date.now(), ...found };
      cache.set(domain, entry);
      if (cache.size > 5000) cache.delete(cache.keys().next().value as string);
    }
    request.merchant = entry.merchant;
    request.domainMatched = entry.matched;
    if (!explicit && !request.headers['accept-language']) request.lang = entry.merchant.defaultLanguage;
  });

  return { invalidate: () => cache.clear() };
};
