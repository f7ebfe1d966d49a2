import type { TFunction } from 'i18next';

/** Lower-case words of a Latin-script name; "E-sports" and "In-house" count as one word each. */
const wordsOf = (s: string) => s.toLowerCase().replace(/-/g, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * Whether a vendor's own name already says its category: "Sunrise Lottery" is a lottery, "AE Slots"
 * slots, "BG Live" a live casino, "Nova Esports" e-sports. A Latin-script category says itself by its
 * first word ("Live casino": live); one written without spaces (Khmer, Chinese) by standing whole in
 * the name.
 */
export const nameSaysCategory = (vendor: string, category: string): boolean => {
  if (!/\p{Script=Latin}/u.test(category)) return category.trim() !== '' && vendor.includes(category.trim());
  const first = wordsOf(category)[0];
  return first !== undefined && wordsOf(vendor).includes(first);
};

/**
 * A vendor tile's name: the vendor and its category ("Play Asia Gaming Live casino"), or the vendor
 * alone when its name already says the category, so no tile reads "Play Sunrise Lottery Lottery".
 * Vendor names are brands, mostly in English: the category is looked for in the reader's language and
 * in English, so the Khmer and Chinese labels drop it for the same vendors.
 */
export const vendorTileLabel = (t: TFunction, key: 'lobby.openVendor' | 'gameUi.playVendor', vendor: string, gameType: string): string => {
  const category = t(`category.${gameType}`);
  const said = nameSaysCategory(vendor, category) || nameSaysCategory(vendor, t(`category.${gameType}`, { lng: 'en' }));
  // The shorter wording is the key's "named" context (lobby.openVendor_named).
  return said ? t(key, { vendor, context: 'named' }) : t(key, { vendor, category });
};
