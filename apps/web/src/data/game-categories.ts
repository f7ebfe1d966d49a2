/**
 * Game categories and their vendors (spec §3 "Game providers by category").
 *
 * This is the one static catalogue of the portal until the game-vendor call (GCSGAME_newGameVendor)
 * arrives in a later issue; that issue replaces the contents of this file with the API answer and
 * every consumer (side menu, header drop-downs, footer, lobby) follows.
 */
export type CategoryCode =
  | 'RNG'
  | 'LIVE'
  | 'FISH'
  | 'SPORTS'
  | 'ESPORTS'
  | 'PVP'
  | 'LOTT'
  | 'ELOTT'
  | 'COCKFIGHT'
  | 'BINGO'
  | 'BGS'
  | 'INHOUSE';

export type GameCategory = {
  code: CategoryCode;
  /** Route of the category's screen. */
  path: string;
  vendors: readonly string[];
};

/** Categories that have vendors today, in menu order. */
export const GAME_CATEGORIES: readonly GameCategory[] = [
  { code: 'RNG', path: '/rng', vendors: ['AE', 'AG', 'CQ9', 'GG', 'ISB', 'MG', 'MGS', 'PNG', 'PT', 'RTG', 'TTG', 'WD'] },
  { code: 'LIVE', path: '/live', vendors: ['AG', 'BBIN', 'BG', 'DG', 'EA', 'LOTUS', 'OG', 'PT', 'TGP'] },
  { code: 'FISH', path: '/fish', vendors: ['AG', 'BBIN', 'CQ9', 'GG', 'PT', 'RTG'] },
  { code: 'SPORTS', path: '/sports', vendors: ['IBC', 'SBT', 'UG'] },
  { code: 'PVP', path: '/pvp', vendors: ['KX', 'KY', 'TH', 'WS', 'XY'] },
];

/** Every category screen of the spec, with or without vendors yet (routes and artwork use it). */
export const CATEGORY_PATHS: Record<CategoryCode, string> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  PVP: '/pvp',
  LOTT: '/lott',
  ELOTT: '/elott',
  COCKFIGHT: '/cockfight',
  BINGO: '/bingo',
  BGS: '/bgs',
  INHOUSE: '/bgs',
};

/** Vendors from every category, each once, in first-seen order (footer vendor strip). */
export const ALL_VENDORS: readonly string[] = [...new Set(GAME_CATEGORIES.flatMap((c) => c.vendors))];

/** Above this many vendors a category's header drop-down becomes a large menu (spec §2). */
export const LARGE_MENU_THRESHOLD = 10;

export const usesLargeMenu = (category: Pick<GameCategory, 'vendors'>) => category.vendors.length > LARGE_MENU_THRESHOLD;
