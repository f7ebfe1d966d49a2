import { useQuery } from '@tanstack/react-query';
import { SiteConfigValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { useTranslation } from 'react-i18next';
import { contentLanguage } from '../../../i18n/languages';

/** GET /wps/system/config — the permission/config call of spec §7. */
export const getSiteConfig = (signal?: AbortSignal): Promise<SiteConfigValue> =>
  apiValue('/wps/system/config', { value: SiteConfigValue, signal });

export const siteConfigQueryKey = (lang: string) => ['system', 'config', lang] as const;

/**
 * Site config in the current language. Undefined while loading or when the server is unreachable;
 * every consumer has a sensible default for that case.
 */
export const useSiteConfig = () => {
  const { i18n } = useTranslation();
  const lang = contentLanguage(i18n.language);
  const query = useQuery({
    queryKey: siteConfigQueryKey(lang),
    queryFn: ({ signal }) => getSiteConfig(signal),
    staleTime: 5 * 60_000,
    retry: 1,
    placeholderData: (previous) => previous,
  });
  return { config: query.data, isPending: query.isPending, isError: query.isError };
};
