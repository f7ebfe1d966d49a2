import { toMinor, type BetFairRef, type GameCategoryCode, type GameMenusValue } from '@apsara/contracts';

/*
 * Pure helpers of the betting record and the profit report: category names, win/loss tone and sign,
 * and the providers a member can filter by.
 */

/** The common-namespace key of a category's name: mini games are named under the portal's BGS code. */
export const categoryKey = (category: GameCategoryCode): string => `category.${category === 'MINI' ? 'BGS' : category}`;

export type Tone = 'win' | 'loss' | 'even';

/** A win/loss amount ("-12.50", "30.00") as a tone: green for a win, red for a loss. */
export const winLossTone = (amount: string): Tone => {
  const minor = toMinor(amount);
  return minor > 0n ? 'win' : minor < 0n ? 'loss' : 'even';
};

/** The class that colours an amount by its tone (the account record's in/out colours). */
export const toneClass = (tone: Tone): string => (tone === 'win' ? 'mc-amount--in' : tone === 'loss' ? 'mc-amount--out' : '');

/** "+" before a win; a loss carries its own "-" from the amount formatter. */
export const signOf = (amount: string): string => (winLossTone(amount) === 'win' ? '+' : '');

export type VendorOption = { vendor: string; displayName: string };

/**
 * Providers to filter by: those of the chosen category, in menu order; with no category, every
 * provider of the site once, by name.
 */
export const vendorOptions = (menus: GameMenusValue | undefined, category: GameCategoryCode | undefined): VendorOption[] => {
  const all = menus?.menus ?? [];
  if (category) return (all.find((m) => m.gameType === category)?.vendors ?? []).map((v) => ({ vendor: v.vendor, displayName: v.displayName }));
  const seen = new Map<string, VendorOption>();
  for (const m of all) for (const v of m.vendors) if (!seen.has(v.vendor)) seen.set(v.vendor, { vendor: v.vendor, displayName: v.displayName });
  return [...seen.values()].sort((a, b) => a.displayName.localeCompare(b.displayName));
};

/**
 * The verifier's page for an in-house Dice or Mines round, filled with the round's seeds hash, client
 * seed and nonce (the verifier finds the server seed once rotation has revealed it); its Back link
 * returns to the betting record.
 */
export const verifyRoundHref = (fair: BetFairRef, back = '/member/personalHistoryCopy'): string =>
  `/seamless?${new URLSearchParams({
    game: 'APSARA:VERIFY',
    kind: fair.game === 'MINES' ? 'mines' : 'dice',
    hash: fair.serverSeedHash,
    clientSeed: fair.clientSeed,
    nonce: String(fair.nonce),
    ...(fair.mines !== undefined ? { mines: String(fair.mines) } : {}),
    back,
  })}`;
