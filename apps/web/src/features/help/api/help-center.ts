import { useQuery } from '@tanstack/react-query';
import { HelpCenterValue } from '@apsara/contracts';
import { currentContentLanguage } from '../../../i18n';
import { apiValue } from '../../../lib/api';

/** The query key of the help topics in one language (a language switch reads them again). */
export const helpCenterKey = (lang: string) => ['help-center', lang] as const;

/** GET /wps/system/helpCenter — the site's help topics in the portal's language; public. */
export const getHelpCenter = (signal?: AbortSignal) => apiValue('/wps/system/helpCenter', { value: HelpCenterValue, signal });

/**
 * The help popup's topics. Read each time the popup opens (the last copy shows meanwhile), so an
 * operator's edit is there the next time a player opens it.
 */
export const useHelpCenter = () => {
  const lang = currentContentLanguage();
  return useQuery({ queryKey: helpCenterKey(lang), queryFn: ({ signal }) => getHelpCenter(signal), staleTime: 0, refetchOnMount: 'always' });
};
