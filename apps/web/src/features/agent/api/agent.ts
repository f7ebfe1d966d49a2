import { useQuery } from '@tanstack/react-query';
import { MemberInfoValue, SiteConfigValue } from '@apsara/contracts';
import { apiValue } from '../../../lib/api';
import { useLoginState } from '../../../lib/session';
import { currencySymbolOf, useSiteConfigValue } from '../../../lib/site-config';

/* Same calls and cache keys as the rest of the portal, so the data is fetched once per session. */

/** The shell's site config; fetched here only when no shell provides it (e.g. a page rendered alone). */
export const useSiteConfig = () => {
  const provided = useSiteConfigValue();
  const query = useQuery({
    queryKey: ['system', 'config'],
    queryFn: () => apiValue('/wps/system/config', { value: SiteConfigValue }),
    staleTime: 5 * 60 * 1000,
    enabled: !provided,
  });
  return { data: provided ?? query.data };
};

export const useAgentProfile = () => {
  const { isLogin, passwordChangeRequired } = useLoginState();
  return useQuery({
    queryKey: ['member', 'info'],
    queryFn: () => apiValue('/wps/member/info', { value: MemberInfoValue }),
    enabled: isLogin && !passwordChangeRequired,
    staleTime: 30_000,
  });
};

/** The currency symbol amounts are shown with: the agent's own (member info), else the site's. */
export const useCurrencySymbol = () => {
  const { data } = useAgentProfile();
  const config = useSiteConfigValue();
  return data?.currencySymbol ?? currencySymbolOf(config);
};
