import { z } from 'zod';
import { LocalizedText } from './localized.js';
import { LANGUAGES, LISTED_LANGUAGES, WHITELABEL_FLAGS } from '../constants.js';
import { ok } from '../envelope.js';
import { text } from './text.js';
import { RegisterFieldRule, REGISTER_FIELDS } from '../validation/register-fields.js';

/**
 * The maintenance message as the site's operators wrote it: one text for every language, or one per
 * language with English as the fallback (the portal picks, as for LocalizedText); null: the portal's own words.
 */
export const MaintenanceMessage = z.union([z.string(), z.object({ en: z.string(), km: z.string().optional(), cn: z.string().optional() })]).nullable();
export type MaintenanceMessage = z.infer<typeof MaintenanceMessage>;

/** GET /wps/system/status — 0 normal, 1 maintenance, 2 region-blocked. */
export const SystemStatusValue = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  ip: z.string(),
  maintenance: z.object({ message: MaintenanceMessage, until: z.string().nullable() }).nullable(),
});
export const SystemStatusResponse = ok(SystemStatusValue);
export type SystemStatusValue = z.infer<typeof SystemStatusValue>;

/** GET /wps/system/whitelabel — merchant feature flags of spec §6. */
export const WhitelabelValue = z.object(
  Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, z.boolean()])) as Record<(typeof WHITELABEL_FLAGS)[number], z.ZodBoolean>,
);
export const WhitelabelResponse = ok(WhitelabelValue);
export type WhitelabelValue = z.infer<typeof WhitelabelValue>;

/** GET /wps/system/setting/register — per-field rules of spec §3/§5. */
export const RegisterSettingValue = z.object({
  fields: z.record(z.enum(REGISTER_FIELDS), RegisterFieldRule),
  minAge: z.number().int(),
  termsDefaultChecked: z.boolean(),
});
export const RegisterSettingResponse = ok(RegisterSettingValue);
export type RegisterSettingValue = z.infer<typeof RegisterSettingValue>;

/** GET /wps/system/domainRoute — which merchant this host belongs to. */
export const DomainRouteValue = z.object({
  merchantCode: z.string(),
  merchantName: z.string(),
  domain: z.string(),
  mainDomain: z.string(),
  isDefault: z.boolean(),
});
export const DomainRouteResponse = ok(DomainRouteValue);
export type DomainRouteValue = z.infer<typeof DomainRouteValue>;

export const CustomerServiceEntry = z.object({
  csPosition: z.string(),
  csType: z.string(),
  title: LocalizedText,
  path: z.string(),
});
export const ResourceEntry = z.object({ resourceType: z.string(), url: z.string() });

/** GET /wps/system/config — the permission/config call. */
export const SiteConfigValue = z.object({
  merchantCode: z.string(),
  merchantName: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  timezone: z.string(),
  languages: z.array(z.enum(LANGUAGES)),
  defaultLanguage: z.enum(LANGUAGES),
  customerService: z.array(CustomerServiceEntry),
  domainRoute: DomainRouteValue,
  resources: z.array(ResourceEntry),
  whitelabel: WhitelabelValue,
  register: RegisterSettingValue,
  mainDomain: z.string(),
  analyticsId: z.string().nullable(),
  imageCdn: z.string(),
  gameLaunchCdn: z.string(),
  location: z.object({ ip: z.string() }),
  maintenance: z.object({ active: z.boolean(), message: MaintenanceMessage, until: z.string().nullable() }),
  regionRestriction: z.object({ blocked: z.boolean(), ip: z.string() }),
  supportHours: LocalizedText,
  licenceCompany: z.string(),
  /** Whether the site runs invite friends (docs/referral.md): the register form offers an invitation only then. */
  referral: z.object({ enabled: z.boolean() }),
  /** The welcome bonus customer service credits after sign-up, at most `maxAmount` in the site's currency; null: none is offered. */
  signupBonus: z.object({ maxAmount: z.string() }).nullable(),
});
export const SiteConfigResponse = ok(SiteConfigValue);
export type SiteConfigValue = z.infer<typeof SiteConfigValue>;

/**
 * GET /wps/system/countryCodes — the site's country entries (spec §3), its default first. `name` is the
 * country in the caller's language (the server's own data: browsers lack some languages' names).
 */
export const CountryEntry = z.object({ countryCode: z.string(), countryDialingCode: z.string(), name: z.string() });
export type CountryEntry = z.infer<typeof CountryEntry>;
export const CountryCodesResponse = ok(z.array(CountryEntry));

/** GET /wps/system/countries — every country (COUNTRY_CODES) named in the caller's language, in its order. */
export const CountryName = z.object({ countryCode: z.string(), name: z.string() });
export type CountryName = z.infer<typeof CountryName>;
export const CountryNamesResponse = ok(z.array(CountryName));

/** GET /wps/captcha — `value` is a data-free base64 PNG; `captchaId` goes back with the answer. */
export const CaptchaResponse = z.object({ success: z.literal(true), value: z.string(), captchaId: z.string(), expiresInSeconds: z.number().int() });
export type CaptchaResponse = z.infer<typeof CaptchaResponse>;

/** GET /wps/agent/affiliate?code&domain */
export const AffiliateQuery = z.object({
  code: text(32).pipe(z.string().trim().min(1)),
  domain: text(253).pipe(z.string().trim()).optional(),
});
export const AffiliateValue = z.object({ valid: z.boolean(), agentName: z.string().nullable() });
export const AffiliateResponse = ok(AffiliateValue);

/** PUT /wps/member/language — tells the server which language the member reads (any listed one). */
export const LanguageUpdateBody = z.object({
  language: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(LISTED_LANGUAGES)),
});
