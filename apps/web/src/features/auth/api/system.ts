import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { RegisterSettingValue, SiteConfigValue, WhitelabelValue } from '@apsara/contracts';
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

/** Spec §7: the registration validation config is cached in session storage. */
export const REGISTER_SETTING_STORAGE_KEY = 'registerSetting';

const readCachedSetting = () => {
  try {
    const raw = sessionStorage.getItem(REGISTER_SETTING_STORAGE_KEY);
    if (!raw) return null;
    const parsed = RegisterSettingValue.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export const getRegisterSetting = async () => {
  const cached = readCachedSetting();
  if (cached) return cached;
  const value = await apiValue('/wps/system/setting/register', { value: RegisterSettingValue });
  try {
    sessionStorage.setItem(REGISTER_SETTING_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the next popup simply asks the server again.
  }
  return value;
};
export const useRegisterSetting = (enabled = true) =>
  useQuery({ queryKey: ['system', 'setting', 'register'], queryFn: getRegisterSetting, staleTime: FIVE_MINUTES, enabled });

/** GET /wps/agent/affiliate?code&domain */
export const checkAffiliate = (code: string, domain: string) =>
  apiValue('/wps/agent/affiliate', {
    query: { code, domain },
    value: z.object({ valid: z.boolean(), agentName: z.string().nullable() }),
  });
