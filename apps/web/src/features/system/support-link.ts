import type { SiteConfigValue } from '@apsara/contracts';

type Entry = SiteConfigValue['customerService'][number];

/** True for a link that leaves the portal (chat app, e-mail, phone) rather than one of its routes. */
export const isOutsideLink = (path: string) => /^(https?:|mailto:|tel:|tg:|whatsapp:)/i.test(path);

/**
 * The customer-service entry to offer when the portal itself is unavailable: only outside links work
 * there, and live chat is preferred over the rest.
 */
export const outsideSupportLink = (config: SiteConfigValue | undefined): Entry | undefined => {
  const outside = (config?.customerService ?? []).filter((e) => isOutsideLink(e.path));
  return outside.find((e) => e.csType.toUpperCase() === 'LIVECHAT') ?? outside[0];
};
