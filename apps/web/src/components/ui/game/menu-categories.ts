import type { GameCategoryCode, GameMenusValue } from '@apsara/contracts';
import { CATEGORY_PATHS, LARGE_MENU_THRESHOLD, type CategoryCode } from '../../../data/game-categories';
import { useGameMenus } from './games-api';

export type MenuCategory = {
  /** The portal's category code (mini games are BGS, at /bgs). */
  code: CategoryCode;
  gameType: GameCategoryCode;
  path: string;
  vendors: { vendor: string; vassalage: string; displayName: string; iconUrl: string; maintenance: boolean }[];
};

/** Catalog categories that have a screen of their own; in-house games show inside the others. */
const ROUTE_CODE: Partial<Record<GameCategoryCode, CategoryCode>> = {
  RNG: 'RNG',
  LIVE: 'LIVE',
  FISH: 'FISH',
  SPORTS: 'SPORTS',
  ESPORTS: 'ESPORTS',
  PVP: 'PVP',
  LOTT: 'LOTT',
  ELOTT: 'ELOTT',
  COCKFIGHT: 'COCKFIGHT',
  BINGO: 'BINGO',
  MINI: 'BGS',
};

/** game_menus → the side menu's and header's categories: only those with at least one vendor, in menu order. */
export const menuCategories = (value: GameMenusValue | undefined): MenuCategory[] =>
  (value?.menus ?? []).flatMap((m) => {
    const code = ROUTE_CODE[m.gameType];
    if (!code || m.vendors.length === 0) return [];
    return [{ code, gameType: m.gameType, path: CATEGORY_PATHS[code], vendors: m.vendors }];
  });

export const isLargeMenu = (c: Pick<MenuCategory, 'vendors'>) => c.vendors.length > LARGE_MENU_THRESHOLD;

/** Every vendor the site offers, each once, in menu order (the footer's provider strip). */
export const menuVendors = (categories: readonly MenuCategory[]): { vendor: string; displayName: string }[] => {
  const seen = new Map<string, string>();
  for (const c of categories) for (const v of c.vendors) if (!seen.has(v.vendor)) seen.set(v.vendor, v.displayName);
  return [...seen].map(([vendor, displayName]) => ({ vendor, displayName }));
};

export const useMenuCategories = () => {
  const menus = useGameMenus();
  return menuCategories(menus.data);
};
