import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { DEFAULT_DIALING_COUNTRIES, validationMessage, type CountryEntry, type Lang } from '@apsara/contracts';
import type { FieldIssue } from '../../lib/app-error.js';
import type { MerchantConfig } from '../merchant/merchant-config.js';

/** Every country with its international dialing code (ITU-T E.164), from libphonenumber's metadata. */
const CATALOGUE: ReadonlyMap<string, string> = new Map(getCountries().map((c) => [c, getCountryCallingCode(c)]));

/** The whole catalogue, for the back office to choose from: country codes in alphabetical order. */
export const dialingCatalogue = (): CountryEntry[] =>
  [...CATALOGUE].sort(([a], [b]) => a.localeCompare(b)).map(([countryCode, countryDialingCode]) => ({ countryCode, countryDialingCode }));

/** The countries of a list the catalogue does not know. */
export const unknownCountries = (countries: readonly string[]) => countries.filter((c) => !CATALOGUE.has(c));

const entriesOf = (countries: readonly string[]): CountryEntry[] =>
  countries.flatMap((countryCode) => {
    const countryDialingCode = CATALOGUE.get(countryCode);
    return countryDialingCode ? [{ countryCode, countryDialingCode }] : [];
  });

/**
 * GET /wps/system/countryCodes: the site's countries in its order, its default first. A stored list
 * is checked against the catalogue when saved; should none of it be known, the defaults stand in.
 */
export const countryEntries = (config: Pick<MerchantConfig, 'dialingCodes'>): CountryEntry[] => {
  const own = entriesOf(config.dialingCodes.countries);
  return own.length ? own : entriesOf(DEFAULT_DIALING_COUNTRIES);
};

/**
 * The dialing code a request names, as digits ("+855" and "855" alike), when the site takes numbers
 * from it; the site's default when the request names none. Any other code is a field issue: SMS codes
 * cost money and go only where the site serves (SMS pumping), and a sign-up stores a code it serves.
 */
export const servedDialingCode = (
  config: Pick<MerchantConfig, 'dialingCodes'>,
  given: string | undefined,
  lang: Lang,
): { code: string; issue?: undefined } | { code?: undefined; issue: FieldIssue } => {
  const entries = countryEntries(config);
  const text = (given ?? '').trim();
  if (!text) return { code: entries[0].countryDialingCode };
  const digits = text.replace(/^\+/, '');
  if (/^\d{1,4}$/.test(digits) && entries.some((e) => e.countryDialingCode === digits)) return { code: digits };
  return { issue: { field: 'countryDialingCode', rule: 'unsupported', message: validationMessage('dialingCodeNotServed', lang) } };
};
