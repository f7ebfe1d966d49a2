/** The portal's category codes and routes; which categories and vendors a site offers comes from game_menus. */
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

/** Above this many vendors a category's header drop-down becomes a large menu (spec §2). */
export const LARGE_MENU_THRESHOLD = 10;

