/**
 * The catalog calls of docs/games.md, one fetcher + hook each. They live beside the game card because
 * the lobby, the list and center pages and the account pages all show the same cards (features never
 * import each other).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FavoriteChangeValue,
  FavoriteIdsValue,
  FavoriteListValue,
  GameMenusValue,
  GamePage,
  GameVendorValue,
  HotGamesValue,
  JackpotValue,
  LaunchGameValue,
  RECENT_GAMES_PAGE_SIZE,
  RankListValue,
  VassGameValue,
  WINNER_BOARD_LIMIT,
  type GameCategoryCode,
  type GameItem,
  type GameListSelect,
  type LaunchGameBody,
} from '@apsara/contracts';
import { contentLanguage } from '../../../i18n/languages';
import { apiValue } from '../../../lib/api';
import { useLoginState } from '../../../lib/session';
import { renameGames } from './game-logic';

export type GameListParams = {
  gameType?: GameCategoryCode;
  vendor?: string;
  name?: string;
  minBetAtLeastOne?: boolean;
  linesAtLeast25?: boolean;
  /** The game-select view the catalogue answers: ALL (the default), HOT or NEW. */
  select?: GameListSelect;
  pageNo: number;
  pageSize?: number;
};

const RELAY = '/wps/relay';
/** Catalog answers change only when an operator edits the offer. */
const CATALOG_STALE_MS = 60_000;

export const gameKeys = {
  all: ['games'] as const,
  menus: (lang: string) => ['games', 'menus', lang] as const,
  lanes: (lang: string) => ['games', 'lanes', lang] as const,
  list: (lang: string, p: GameListParams) => ['games', 'list', lang, p] as const,
  hot: (lang: string) => ['games', 'hot', lang] as const,
  vass: (lang: string, vendor: string, vassalage: string) => ['games', 'vass', lang, vendor, vassalage] as const,
  recent: (lang: string, page: number, gameType: GameCategoryCode) => ['games', 'member', 'recent', lang, gameType, page] as const,
  favoriteIds: ['games', 'member', 'favoriteIds'] as const,
  favoriteList: (lang: string, gameType?: GameCategoryCode) => ['games', 'member', 'favoriteList', lang, gameType ?? '*'] as const,
  rank: (lang: string) => ['games', 'rank', lang] as const,
  renamed: (lang: string, nodeIds: readonly number[]) => ['games', 'renamed', lang, nodeIds] as const,
  jackpot: ['games', 'jackpot'] as const,
};

export const fetchGameMenus = () => apiValue('/lgw/games/game_menus', { value: GameMenusValue });
export const fetchVendorLanes = () => apiValue(`${RELAY}/GCSGAME_newGameVendor`, { value: GameVendorValue });
export const fetchGameList = (p: GameListParams, signal?: AbortSignal) =>
  apiValue(`${RELAY}/GCSGAME_gameList`, {
    value: GamePage,
    signal,
    query: {
      gameType: p.gameType,
      vendor: p.vendor,
      name: p.name?.trim() || undefined,
      minBetAtLeastOne: p.minBetAtLeastOne ? 'true' : undefined,
      linesAtLeast25: p.linesAtLeast25 ? 'true' : undefined,
      select: p.select && p.select !== 'ALL' ? p.select : undefined,
      pageNo: p.pageNo,
      pageSize: p.pageSize,
    },
  });
export const fetchHotGames = () => apiValue(`${RELAY}/GCSGAME_hotGamesV2`, { value: HotGamesValue });
export const fetchVassGames = (vendor: string, vassalage: string) =>
  apiValue(`${RELAY}/GCSGAME_getVassGameType`, { value: VassGameValue, query: { vendor, vassalage } });
/** Spec §7 "recent games": page, pageSize 20, gameType RNG — the lobby row and the /recent page alike; a list page asks for its own category. */
export const RECENT_GAMES_TYPE: GameCategoryCode = 'RNG';
export const fetchRecentGames = (page: number, signal?: AbortSignal, gameType: GameCategoryCode = RECENT_GAMES_TYPE) =>
  apiValue(`${RELAY}/GCS_recentGame`, { value: GamePage, signal, query: { page, pageSize: RECENT_GAMES_PAGE_SIZE, gameType } });
export const fetchFavoriteIds = () => apiValue(`${RELAY}/MCSFE_getFavoriteGames`, { value: FavoriteIdsValue });
/** Every favorite, or those listed under one category (a list page's FAV view). */
export const fetchFavoriteList = (gameType?: GameCategoryCode) => apiValue(`${RELAY}/MCSFE_getFavoriteGamesList`, { value: FavoriteListValue, query: { pageSize: 999, gameType } });
export const addFavorite = (game: Pick<GameItem, 'nodeId' | 'vendor' | 'gameType'>) =>
  apiValue(`${RELAY}/MCSFE_addFavoriteGameV2`, {
    method: 'POST',
    value: FavoriteChangeValue,
    body: { nodeId: game.nodeId, vendor: game.vendor, gameType: game.gameType },
  });
export const removeFavorite = (game: Pick<GameItem, 'nodeId'>) =>
  apiValue(`${RELAY}/MCSFE_removeFavoriteGameV2`, { method: 'DELETE', value: FavoriteChangeValue, query: { nodeId: game.nodeId } });
export const fetchRankList = () =>
  apiValue(`${RELAY}/GCSGAME_getRankList`, { value: RankListValue, query: { gameCategory: 'ALL', limitNum: WINNER_BOARD_LIMIT } });
export const fetchJackpot = () => apiValue(`${RELAY}/GCSGAME_getJackpot`, { value: JackpotValue });
export const launchGame = (body: LaunchGameBody) => apiValue('/wps/game/launchGame', { method: 'POST', value: LaunchGameValue, body });

const useLang = () => useTranslation().i18n.language;

export const useGameMenus = () => {
  const lang = useLang();
  return useQuery({ queryKey: gameKeys.menus(lang), queryFn: fetchGameMenus, staleTime: CATALOG_STALE_MS });
};

export const useVendorLanes = () => {
  const lang = useLang();
  return useQuery({ queryKey: gameKeys.lanes(lang), queryFn: fetchVendorLanes, staleTime: CATALOG_STALE_MS });
};

export const useGameList = (p: GameListParams, enabled = true) => {
  const lang = useLang();
  return useQuery({
    queryKey: gameKeys.list(lang, p),
    queryFn: ({ signal }) => fetchGameList(p, signal),
    staleTime: CATALOG_STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useHotGames = () => {
  const lang = useLang();
  return useQuery({ queryKey: gameKeys.hot(lang), queryFn: fetchHotGames, staleTime: CATALOG_STALE_MS });
};

export const useVassGames = (vendor: string | undefined, vassalage: string | undefined) => {
  const lang = useLang();
  return useQuery({
    queryKey: gameKeys.vass(lang, vendor ?? '', vassalage ?? ''),
    queryFn: () => fetchVassGames(vendor ?? '', vassalage ?? ''),
    enabled: Boolean(vendor && vassalage),
    staleTime: CATALOG_STALE_MS,
  });
};

/** A game found again by its name, which the catalogue's search matches in any language: its category and vendor narrow it. */
const searchSameGame = (game: GameItem, signal?: AbortSignal) =>
  fetchGameList({ gameType: game.gameType, vendor: game.vendor, name: game.gameName.trim().slice(0, 64), pageNo: 1, pageSize: 20 }, signal).then((page) => page.content);

/**
 * Games a call answered in the language `lang` (the maintenance popup's suggestions, from the launch's
 * answer), in the language on screen: as they are while it is the same, else looked up again in the
 * new one (the old names stay up until the new ones arrive, and for any game not found).
 */
export const useGamesInLanguage = (games: readonly GameItem[], lang: string | undefined) => {
  const current = useLang();
  const stale = lang !== undefined && games.length > 0 && contentLanguage(current) !== contentLanguage(lang);
  const renamed = useQuery({
    queryKey: gameKeys.renamed(current, games.map((g) => g.nodeId)),
    queryFn: ({ signal }) => renameGames(games, (g) => searchSameGame(g, signal)),
    enabled: stale,
    staleTime: CATALOG_STALE_MS,
  });
  return stale ? (renamed.data ?? games) : games;
};

/** Member-only calls run only with a real (not trial) session. */
const useMemberEnabled = () => {
  const { isLogin, isTrial } = useLoginState();
  return isLogin && !isTrial;
};

/** One page of the member's recent games (20 a page) of a category; the page before stays on screen while the next loads. */
export const useRecentGames = (page = 1, gameType: GameCategoryCode = RECENT_GAMES_TYPE, wanted = true) => {
  const lang = useLang();
  const enabled = useMemberEnabled() && wanted;
  return useQuery({ queryKey: gameKeys.recent(lang, page, gameType), queryFn: ({ signal }) => fetchRecentGames(page, signal, gameType), enabled, placeholderData: keepPreviousData });
};

export const useFavoriteIds = () => {
  const enabled = useMemberEnabled();
  return useQuery({ queryKey: gameKeys.favoriteIds, queryFn: fetchFavoriteIds, enabled, select: (v) => new Set(v.nodeIds) });
};

export const useFavoriteList = (gameType?: GameCategoryCode, wanted = true) => {
  const lang = useLang();
  const enabled = useMemberEnabled() && wanted;
  return useQuery({ queryKey: gameKeys.favoriteList(lang, gameType), queryFn: () => fetchFavoriteList(gameType), enabled });
};

export const useRankList = () => {
  const lang = useLang();
  return useQuery({ queryKey: gameKeys.rank(lang), queryFn: fetchRankList, refetchInterval: 60_000 });
};

/** The figure is a function of the clock on the server; re-read it now and then so clients agree. */
export const useJackpot = () => useQuery({ queryKey: gameKeys.jackpot, queryFn: fetchJackpot, refetchInterval: 5 * 60_000, staleTime: 60_000 });

export const useInvalidateMemberGames = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['games', 'member'] });
};
