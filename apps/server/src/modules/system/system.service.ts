import type { DomainRouteValue, SiteConfigValue, SystemStatusValue, WhitelabelValue } from '@apsara/contracts';
import { displayIp, ipInRanges } from '../../lib/ip.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { MerchantRepository } from '../merchant/merchant.repository.js';
import { registerSettings } from '../merchant/merchant-config.js';

export type RequestSite = { merchant: Merchant; domain: string; domainMatched: boolean; ip: string };

export const systemService = (merchants: MerchantRepository) => {
  /** 0 open, 1 maintenance, 2 the caller's address is in a blocked range (checked on every gated call). */
  const gate = (site: Pick<RequestSite, 'merchant' | 'ip'>): 0 | 1 | 2 => {
    const { maintenance, blockedCidrs } = site.merchant.config;
    if (maintenance.active) return 1;
    return ipInRanges(site.ip, blockedCidrs) ? 2 : 0;
  };

  const status = (site: RequestSite): SystemStatusValue => {
    const { maintenance } = site.merchant.config;
    const s = gate(site);
    return { status: s, ip: displayIp(site.ip), maintenance: s === 1 ? { message: maintenance.message, until: maintenance.until } : null };
  };

  const whitelabel = (merchant: Merchant): WhitelabelValue => ({ ...merchant.config.flags });

  const domainRoute = async (site: RequestSite): Promise<DomainRouteValue> => ({
    merchantCode: site.merchant.code,
    merchantName: site.merchant.name,
    domain: site.domain,
    mainDomain: (await merchants.mainDomain(site.merchant.id)) ?? site.merchant.config.mainDomain,
    isDefault: !site.domainMatched,
  });

  /** The permission/config call: everything the portal needs before its first paint, in one round trip. */
  const siteConfig = async (site: RequestSite): Promise<SiteConfigValue> => {
    const { merchant } = site;
    const c = merchant.config;
    const route = await domainRoute(site);
    const s = status(site);
    return {
      merchantCode: merchant.code,
      merchantName: merchant.name,
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      timezone: merchant.timezone,
      languages: merchant.languages,
      defaultLanguage: merchant.defaultLanguage,
      customerService: c.customerService,
      domainRoute: route,
      resources: c.resources,
      whitelabel: whitelabel(merchant),
      register: registerSettings(merchant),
      mainDomain: route.mainDomain,
      analyticsId: c.analyticsId,
      imageCdn: c.imageCdn,
      gameLaunchCdn: c.gameLaunchCdn,
      location: { ip: s.ip },
      maintenance: { active: c.maintenance.active, message: c.maintenance.message, until: c.maintenance.until },
      regionRestriction: { blocked: s.status === 2, ip: s.ip },
      supportHours: c.supportHours,
      licenceCompany: c.licenceCompany,
      referral: { enabled: c.referral.enabled },
      signupBonus: c.signupBonus,
    };
  };

  return { gate, status, whitelabel, domainRoute, siteConfig };
};
export type SystemService = ReturnType<typeof systemService>;
