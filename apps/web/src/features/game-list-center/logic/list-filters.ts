import { GAME_CATEGORIES, GAME_SELECT_TYPES, type GameCategoryCode, type GameSelectType } from '@apsara/contracts';

/**
 * What a list page shows: a game-select view (spec §9: ALL, HOT, NEW, FAV, RECENT) and, for the
 * catalogue's own views, the vendor, name and slot filters.
 */
export type ListFilters = { select: GameSelectType; vendor: string; name: string; minBet: boolean; lines: boolean; page: number };

/** The views the member's own lists answer (they need a signed-in, real account). */
export const isMemberSelect = (select: GameSelectType) => select === 'FAV' || select === 'RECENT';

/** The route's category as the catalog names it: /bgs (mini games) lists MINI. */
export const listGameType = (routeCategory: string): GameCategoryCode => {
  if (routeCategory === 'BGS') return 'MINI';
  return (GAME_CATEGORIES as readonly string[]).includes(routeCategory) ? (routeCategory as GameCategoryCode) : 'RNG';
};

const VENDOR = /^[A-Z0-9]{2,12}$/;

const readSelect = (raw: string | null): GameSelectType => {
  const upper = (raw ?? '').toUpperCase();
  return (GAME_SELECT_TYPES as readonly string[]).includes(upper) ? (upper as GameSelectType) : 'ALL';
};

/** Reads the filters from the address; anything malformed is dropped rather than sent. */
export const readListFilters = (params: URLSearchParams): ListFilters => {
  const vendor = (params.get('vassalage') ?? '').toUpperCase();
  const page = Number(params.get('page') ?? '1');
  return {
    select: readSelect(params.get('select')),
    vendor: VENDOR.test(vendor) ? vendor : '',
    name: (params.get('name') ?? '').trim().slice(0, 64),
    minBet: params.get('minBet') === '1',
    lines: params.get('lines') === '1',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
};

/** The filters as an address query; defaults are left out so the plain page has a plain address. */
export const writeListFilters = (f: ListFilters): URLSearchParams => {
  const p = new URLSearchParams();
  if (f.select !== 'ALL') p.set('select', f.select.toLowerCase());
  if (f.vendor) p.set('vassalage', f.vendor);
  if (f.name) p.set('name', f.name);
  if (f.minBet) p.set('minBet', '1');
  if (f.lines) p.set('lines', '1');
  if (f.page > 1) p.set('page', String(f.page));
  return p;
};
