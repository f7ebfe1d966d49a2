import { useMemo } from 'react';
import { useSiteConfigValue } from './site-config';
import { resolveTimeZone } from './date-range';

/** The merchant's time zone (site config), or the browser's while it loads or when unknown. */
export const useTimeZone = () => {
  const config = useSiteConfigValue();
  return useMemo(() => resolveTimeZone(config?.timezone), [config?.timezone]);
};
