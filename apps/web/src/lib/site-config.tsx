import { createContext, useContext } from 'react';
import type { SiteConfigValue } from '@apsara/contracts';
import { formatAmount } from './format';

/**
 * The merchant's site config as the app shell loaded it. Features read it from here instead of
 * importing the system feature, and get `undefined` while it loads or when the server is unreachable.
 */
export const SiteConfigContext = createContext<SiteConfigValue | undefined>(undefined);

export const useSiteConfigValue = () => useContext(SiteConfigContext);

/** Brand name and currency symbol with the defaults the portal shows before config arrives. */
export const brandOf = (config: SiteConfigValue | undefined) => config?.merchantName || 'Apsara';
export const currencySymbolOf = (config: SiteConfigValue | undefined) => config?.currencySymbol ?? '$';

/** The most the site's sign-up bonus pays, as shown ("$131.00"), or null when the site offers none. */
export const signupBonusText = (config: SiteConfigValue | undefined) =>
  config?.signupBonus ? formatAmount(config.signupBonus.maxAmount, { symbol: currencySymbolOf(config) }) : null;

/** A resource link of the given type (FACEBOOK, Android, …), matched case-insensitively. */
export const resourceUrl = (config: SiteConfigValue | undefined, type: string) =>
  config?.resources.find((r) => r.resourceType.toLowerCase() === type.toLowerCase())?.url;
