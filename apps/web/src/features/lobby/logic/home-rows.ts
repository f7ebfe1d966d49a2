import type { GameCategoryCode, GameItem, VendorCard } from '@apsara/contracts';

/** Home vendor rows are capped at 12; the home shows the first 3 RNG, 1 live and 1 fish vendors (spec §9). */
export const HOME_ROW_CAP = 12;
export const HOME_VENDOR_COUNTS: Partial<Record<GameCategoryCode, number>> = { RNG: 3, LIVE: 1, FISH: 1 };
/** Hot games on the home: two rows of six on desktop (spec §9 swiper), a few pages of them. */
export const HOME_HOT_COUNT = 24;
export const HOME_RECENT_COUNT = 12;

type Lane = { gameType: GameCategoryCode; vendors: readonly VendorCard[] };

/** The vendors a home row shows for a category: in the lane's order, at most its count and never over 12. */
export const homeVendors = (lanes: readonly Lane[] | undefined, gameType: GameCategoryCode): VendorCard[] => {
  const lane = lanes?.find((l) => l.gameType === gameType);
  if (!lane) return [];
  const limit = Math.min(HOME_VENDOR_COUNTS[gameType] ?? HOME_ROW_CAP, HOME_ROW_CAP);
  return lane.vendors.slice(0, limit);
};

/** Games for a swiper row: at most `cap`, each node once. */
export const homeGames = (games: readonly GameItem[] | undefined, cap: number): GameItem[] => {
  const seen = new Set<number>();
  const out: GameItem[] = [];
  for (const g of games ?? []) {
    if (out.length >= cap) break;
    if (seen.has(g.nodeId)) continue;
    seen.add(g.nodeId);
    out.push(g);
  }
  return out;
};

/** Winner board: twenty asked for, nine shown (spec §9). */
export const WINNERS_SHOWN = 9;
export const shownWinners = <T,>(list: readonly T[] | undefined): T[] => (list ?? []).slice(0, WINNERS_SHOWN);
