import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { COUNTRY_CODES, DEFAULT_DIALING_COUNTRIES, validationMessage, type CountryEntry, type CountryName, type Lang } from '@apsara/contracts';
import type { FieldIssue } from '../../lib/app-error.js';
import type { MerchantConfig } from '../merchant/merchant-config.js';

/** Every country with its international dialing code (ITU-T E.164), from libphonenumber's metadata. */
const CATALOGUE: ReadonlyMap<string, string> = new Map(getCountries().map((c) => [c, getCountryCallingCode(c)]));

const LOCALE: Record<Lang, string> = { en: 'en', km: 'km', cn: 'zh-CN' };
const namers = new Map<Lang, Intl.DisplayNames>();
/** A country's name in `lang` (Node's ICU has every portal language; English, then the code, where a name is missing). */
const countryName = (code: string, lang: Lang) => {
  let namer = namers.get(lang);
  if (!namer) {
    namer = new Intl.DisplayNames([LOCALE[lang], 'en'], { type: 'region', fallback: 'code' });
    namers.set(lang, namer);
  }
  return namer.of(code) ?? code;
};

/** A list made once per language: named in it, in its order. */
const perLanguage = <T extends { name: string }>(make: (lang: Lang) => T[]) => {
  const made = new Map<Lang, T[]>();
  return (lang: Lang): T[] => {
    let list = made.get(lang);
    if (!list) {
      const collator = new Intl.Collator(LOCALE[lang]);
      list = make(lang).sort((a, b) => collator.compare(a.name, b.name));
      made.set(lang, list);
    }
    return list;
  };
};

/** Every country (the profile's nationality list) named in `lang`, in that language's order. */
export const countryNames: (lang: Lang) => CountryName[] = perLanguage((lang) => COUNTRY_CODES.map((countryCode) => ({ countryCode, name: countryName(countryCode, lang) })));

/** The whole catalogue, for the back office to choose from: by name in `lang`, in that language's order. */
export const dialingCatalogue: (lang: Lang) => CountryEntry[] = perLanguage((lang) =>
  [...CATALOGUE].map(([countryCode, countryDialingCode]) => ({ countryCode, countryDialingCode, name: countryName(countryCode, lang) })),
);

/** The countries of a list the catalogue does not know. */
export const unknownCountries = (countries: readonly string[]) => countries.filter((c) => !CATALOGUE.has(c));

const entriesOf = (countries: readonly string[], lang: Lang): CountryEntry[] =>
  countries.flatMap((countryCode) => {
    const countryDialingCode = CATALOGUE.get(countryCode);
    return countryDialingCode ? [{ countryCode, countryDialingCode, name: countryName(countryCode, lang) }] : [];
  });

/**
 * GET /wps/system/countryCodes: the site's countries in its order, its default first. A stored list
 * is checked against the catalogue when saved; should none of it be known, the defaults stand in.
 */
export const countryEntries = (config: Pick<MerchantConfig, 'dialingCodes'>, lang: Lang = 'en'): CountryEntry[] => {
  const own = entriesOf(config.dialingCodes.countries, lang);
  return own.length ? own : entriesOf(DEFAULT_DIALING_COUNTRIES, lang);
};

/**
 * The dialing code a request names, as digits ("+855" and "855" alike), when the site takes numbers
 * from it; the site's default when the request names none. Any other code is a field issue: SMS codes
 * cost money and go only where the site serves (SMS pumping), and a sign-up stores a code it serves.
 * With `number` (the national digits), a code several countries share (+1, +44, +7) must also lead to
 * one of the site's countries: a site serving the United States does not text Jamaica.
 */
export const servedDialingCode = (
  config: Pick<MerchantConfig, 'dialingCodes'>,
  given: string | undefined,
  lang: Lang,
  number?: string,
): { code: string; issue?: undefined } | { code?: undefined; issue: FieldIssue } => {
  const entries = countryEntries(config);
  const issue = { field: 'countryDialingCode', rule: 'unsupported', message: validationMessage('dialingCodeNotServed', lang) };
  const text = (given ?? '').trim();
  const code = text ? text.replace(/^\+/, '') : entries[0].countryDialingCode;
  if (!/^\d{1,4}$/.test(code) || !entries.some((e) => e.countryDialingCode === code)) return { issue };
  const digits = (number ?? '').replace(/\D/g, '').replace(/^0+/, '');
  // A number the metadata places in a country: that country must be one of the site's. One it cannot place is left to the site's own rule.
  const country = digits ? parsePhoneNumberFromString(`+${code}${digits}`)?.country : undefined;
  if (country && !entries.some((e) => e.countryCode === country)) return { issue };
  return { code };
};
