import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contentLanguage } from '../../../i18n/languages';
import { z } from 'zod';
import { CountryEntry, SiteConfigValue, WhitelabelValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { useSiteConfigValue } from '../../../lib/site-config';

const FIVE_MINUTES = 5 * 60 * 1000;

/** GET /wps/system/whitelabel — merchant flags that decide which tabs and checks show. */
export const getWhitelabel = () => apiValue('/wps/system/whitelabel', { value: WhitelabelValue });
export const useWhitelabel = () =>
  useQuery({ queryKey: ['system', 'whitelabel'], queryFn: getWhitelabel, staleTime: FIVE_MINUTES });

/** GET /wps/system/config — the permission/config call (support hours, customer service, timezone). */
export const getSiteConfig = () => apiValue('/wps/system/config', { value: SiteConfigValue });
/** The shell's site config; fetched here only when no shell provides it. */
export const useSiteConfig = () => {
  const provided = useSiteConfigValue();
  const query = useQuery({ queryKey: ['system', 'config'], queryFn: getSiteConfig, staleTime: FIVE_MINUTES, enabled: !provided });
  return { data: provided ?? query.data };
};

/** GET /wps/system/countryCodes — the countries whose numbers the site takes, its default first (spec §3 "Country entry"). */
export const getCountryCodes = () => apiValue('/wps/system/countryCodes', { value: z.array(CountryEntry) });
export const COUNTRY_CODES_KEY = ['system', 'countryCodes'] as const;
/** Named in the language on screen: read again after a switch. */
export const useCountryCodes = () => {
  const { i18n } = useTranslation();
  const lang = contentLanguage(i18n.language ?? 'en');
  return useQuery({ queryKey: [...COUNTRY_CODES_KEY, lang], queryFn: getCountryCodes, staleTime: FIVE_MINUTES, placeholderData: keepPreviousData });
};

/** The registration rules live in lib/ (the agent center's open-account form uses them too). */
export { REGISTER_SETTING_STORAGE_KEY, getRegisterSetting, useRegisterSetting } from '../../../lib/register-setting';

/** GET /wps/agent/affiliate?code&domain */
export const checkAffiliate = (code: string, domain: string) =>
  apiValue('/wps/agent/affiliate', {
    query: { code, domain },
    value: z.object({ valid: z.boolean(), agentName: z.string().nullable() }),
  });
