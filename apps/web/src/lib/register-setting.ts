import { useQuery } from '@tanstack/react-query';
import { RegisterSettingValue } from '@apsara/contracts';
import { apiValue } from './api';

/*
 * GET /wps/system/setting/register — the merchant's rule for every registration field. Shared by the
 * register popup (auth) and the agent center's open-account form, which checks usernames and
 * passwords by the same rules the server applies.
 */

const FIVE_MINUTES = 5 * 60 * 1000;

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
