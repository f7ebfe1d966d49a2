import { z } from 'zod';
import { LISTED_LANGUAGES } from '../constants.js';
import { ok } from '../envelope.js';

/** Game categories (spec §1/§2), in lobby and menu order. */
export const GAME_CATEGORIES = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT', 'BINGO', 'MINI', 'INHOUSE'] as const;
export type GameCategoryCode = (typeof GAME_CATEGORIES)[number];
export const GameCategory = z.enum(GAME_CATEGORIES);

/** GCSGAME_gameList: page size when none is given (spec §9 list page size) and the largest accepted. */
export const GAME_LIST_PAGE_SIZE = 20;
export const GAME_LIST_PAGE_SIZE_MAX = 100;
/** GCS_recentGame: 20 a page (spec §7). */
export const RECENT_GAMES_PAGE_SIZE = 20;
/** One favorite add or remove per member per second (spec §9 favorite throttle). */
export const FAVORITE_THROTTLE_MS = 1000;
/** Winner board: 20 asked for, 9 shown (spec §9). */
export const WINNER_BOARD_LIMIT = 20;
export const WINNER_BOARD_LIMIT_MAX = 50;
export const WINNER_BOARD_SHOWN = 9;
/** Hot games returned when no limit is given. */
export const HOT_GAMES_LIMIT = 24;
/** The slot filters of spec §2/§9: "minimum bet 1 or more" (in the merchant's currency) and "25 or more lines". */
export const SLOT_FILTERS = { minBetAtLeast: '1.00', linesAtLeast: 25 } as const;
/**
 * The game-select types of a list (spec §9 brand settings: NEW, FAV, ALL, HOT, RECENT). ALL, HOT and NEW
 * are views of the public list (GCSGAME_gameList `select`); FAV and RECENT are the member's own lists
 * (MCSFE_getFavoriteGamesList, GCS_recentGame).
 */
export const GAME_SELECT_TYPES = ['ALL', 'HOT', 'NEW', 'FAV', 'RECENT'] as const;
export type GameSelectType = (typeof GAME_SELECT_TYPES)[number];
/** The list views GCSGAME_gameList answers itself. */
export const GAME_LIST_SELECTS = ['ALL', 'HOT', 'NEW'] as const;
export type GameListSelect = (typeof GAME_LIST_SELECTS)[number];
/** NEW: the most recently added games of the list, newest first, at most this many (three pages). */
export const NEW_GAMES_MAX = 60;
/** Maintenance answers suggest at most this many other games of the category. */
export const MAINTENANCE_SUGGESTIONS = 6;

const VendorCode = z.string().regex(/^[A-Z0-9]{2,12}$/, { message: '2-12 capital letters or digits' });
const GameCode = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, { message: '1-64 letters, digits or _ . -' });
/** A game's node id: a JSON number or its digits as text (query strings). */
const NodeId = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^[1-9]\d{0,14}$/, { message: 'a positive whole number' }).transform(Number),
]);
const GameId = z.string().regex(/^[1-9]\d{0,17}$/, { message: 'a positive whole number' });
/** A yes/no query flag: true, false, 1 or 0. */
const QueryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const PageNo = z.coerce.number().int().min(1).max(10_000).default(1);

/**
 * Parameters the spec's clients send with every game call (clientType 3, platform "flash,html5-desktop",
 * merchant). The merchant is always the one the request's domain resolves to; these are accepted and
 * ignored. `language` picks the language of game names (others of the ~40 listed fall back to EN).
 */
const ClientParams = {
  clientType: z.string().max(16).optional(),
  platform: z.string().max(64).optional(),
  merchant: z.string().max(32).optional(),
  language: z.enum(LISTED_LANGUAGES).optional(),
  lang: z.string().max(16).optional(),
};

/** A game as every list shows it (spec §3 Game). */
export const GameItem = z.object({
  gameId: z.string(),
  nodeId: z.number().int(),
  vendor: z.string(),
  /**
   * The group the game belongs to: the vendor code for a game listed directly, the heading game's
   * gameCode for a game inside a VASSALAGE sub-list; a VASSALAGE entry carries its own gameCode, the key
   * of the sub-list it opens (GCSGAME_getVassGameType?vendor=…&vassalage=…).
   */
  vassalage: z.string(),
  gameType: GameCategory,
  gameCode: z.string(),
  /** GAME launches; VASSALAGE opens a pop-up sub-list of games. */
  isGame: z.enum(['GAME', 'VASSALAGE']),
  /** The vendor's display name (the card shows it above the game name). */
  displayName: z.string(),
  gameName: z.string(),
  nodeName: z.string(),
  iconUrl: z.string(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** Smallest stake, in the merchant's currency, e.g. "0.25". */
  minBet: z.string(),
  /** Paylines (or ways); 0 where the game has none. */
  lines: z.number().int(),
  /** The game, or its vendor on this site, is under maintenance: it shows but does not launch. */
  maintenance: z.boolean(),
});
export type GameItem = z.infer<typeof GameItem>;

/** A vendor in a category of the merchant (spec §3 Game vendor card). */
export const VendorCard = z.object({
  vendor: z.string(),
  /** The vendor code: the key the category page filters by (/rng?vassalage=AG). */
  vassalage: z.string(),
  displayName: z.string(),
  gameType: GameCategory,
  maintenance: z.boolean(),
  walletType: z.enum(['SEAMLESS', 'TRANSFER']),
  iconUrl: z.string(),
});
export type VendorCard = z.infer<typeof VendorCard>;

/** GET /lgw/games/game_menus — categories with at least one enabled vendor, each with its vendors in order. */
export const GameMenusQuery = z.strictObject({ ...ClientParams });
export const GameMenu = z.object({ gameType: GameCategory, iconUrl: z.string(), vendors: z.array(VendorCard) });
export const GameMenusValue = z.object({ menus: z.array(GameMenu) });
export type GameMenusValue = z.infer<typeof GameMenusValue>;
export const GameMenusResponse = ok(GameMenusValue);

/** GET /wps/relay/GCSGAME_newGameVendor — the vendor lanes (spec: value.data.lanes). */
export const GameVendorQuery = z.strictObject({ ...ClientParams });
export const GameVendorLane = z.object({ gameType: GameCategory, vendors: z.array(VendorCard) });
export const GameVendorValue = z.object({ data: z.object({ lanes: z.array(GameVendorLane) }) });
export type GameVendorValue = z.infer<typeof GameVendorValue>;
export const GameVendorResponse = ok(GameVendorValue);

/** GET /wps/relay/GCSGAME_gameList */
export const GameListQuery = z.strictObject({
  ...ClientParams,
  /** The category; without it every category is searched (in menu order). */
  gameType: GameCategory.optional(),
  vendor: VendorCode.optional(),
  /** Part of a game's name in any of KM, EN, CN; case does not matter. Searches sub-list games too. */
  name: z.string().trim().min(1).max(64).optional(),
  /** Only games whose minimum bet is at least 1.00 (SLOT_FILTERS.minBetAtLeast). */
  minBetAtLeastOne: QueryFlag.optional(),
  /** Only games with at least 25 lines (SLOT_FILTERS.linesAtLeast). */
  linesAtLeast25: QueryFlag.optional(),
  /** ALL: every game in menu order; HOT: hot games only; NEW: the NEW_GAMES_MAX most recently added, newest first. */
  select: z.enum(GAME_LIST_SELECTS).default('ALL'),
  pageNo: PageNo,
  pageSize: z.coerce.number().int().min(1).max(GAME_LIST_PAGE_SIZE_MAX).default(GAME_LIST_PAGE_SIZE),
});
export type GameListQuery = z.infer<typeof GameListQuery>;
export const GamePage = z.object({
  content: z.array(GameItem),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type GamePage = z.infer<typeof GamePage>;
export const GameListResponse = ok(GamePage);

/** GET /wps/relay/GCSGAME_hotGamesV2 — hot games of the merchant's vendors, category by category. */
export const HotGamesQuery = z.strictObject({
  ...ClientParams,
  gameType: GameCategory.optional(),
  vendor: VendorCode.optional(),
  limit: z.coerce.number().int().min(1).max(GAME_LIST_PAGE_SIZE_MAX).default(HOT_GAMES_LIMIT),
});
export const HotGamesValue = z.object({ games: z.array(GameItem) });
export const HotGamesResponse = ok(HotGamesValue);

/** GET /wps/relay/GCSGAME_getVassGameType — the sub-list a VASSALAGE entry opens. */
export const VassGameQuery = z.strictObject({
  ...ClientParams,
  vendor: VendorCode,
  /** The VASSALAGE entry's gameCode (its `vassalage`). */
  vassalage: GameCode,
  gameType: GameCategory.optional(),
});
export const VassGameValue = z.object({ parent: GameItem, games: z.array(GameItem) });
export type VassGameValue = z.infer<typeof VassGameValue>;
export const VassGameResponse = ok(VassGameValue);

/** GET /wps/relay/GCS_recentGame (token) — the member's recently launched games, newest first. */
export const RecentGamesQuery = z.strictObject({
  ...ClientParams,
  gameType: GameCategory.optional(),
  page: PageNo,
  pageSize: z.coerce.number().int().min(1).max(RECENT_GAMES_PAGE_SIZE).default(RECENT_GAMES_PAGE_SIZE),
});
export const RecentGamesResponse = ok(GamePage);

/** GET /wps/relay/MCSFE_getFavoriteGames (token) — node ids of the member's favorites (favGameIds). */
export const FavoriteIdsQuery = z.strictObject({ ...ClientParams });
export const FavoriteIdsValue = z.object({ nodeIds: z.array(z.number().int()) });
export const FavoriteIdsResponse = ok(FavoriteIdsValue);

/** GET /wps/relay/MCSFE_getFavoriteGamesList (token) — spec: content, pageNum, totalPages; 999 a page. */
export const FavoriteListQuery = z.strictObject({
  ...ClientParams,
  /** Only the favorites listed under this category (a list page's FAV view); without it, all of them. */
  gameType: GameCategory.optional(),
  pageNo: PageNo,
  pageSize: z.coerce.number().int().min(1).max(999).default(999),
});
export const FavoriteListValue = z.object({
  content: z.array(GameItem),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export const FavoriteListResponse = ok(FavoriteListValue);

/** POST /wps/relay/MCSFE_addFavoriteGameV2 (token). */
export const FavoriteAddBody = z.strictObject({ nodeId: NodeId, vendor: VendorCode, gameType: GameCategory });
export type FavoriteAddBody = z.infer<typeof FavoriteAddBody>;
/** DELETE /wps/relay/MCSFE_removeFavoriteGameV2?nodeId=… (token); vendor and gameType may be sent too. */
export const FavoriteRemoveQuery = z.strictObject({ ...ClientParams, nodeId: NodeId, vendor: VendorCode.optional(), gameType: GameCategory.optional() });
export const FavoriteChangeValue = z.object({ nodeId: z.number().int(), favorite: z.boolean(), nodeIds: z.array(z.number().int()) });
export const FavoriteChangeResponse = ok(FavoriteChangeValue);

/** GET /wps/relay/GCSGAME_getRankList — the winner board: real closed winning rounds of this site, newest first. */
export const RankListQuery = z.strictObject({
  ...ClientParams,
  gameCategory: z.union([z.literal('ALL'), GameCategory]).default('ALL'),
  limitNum: z.coerce.number().int().min(1).max(WINNER_BOARD_LIMIT_MAX).default(WINNER_BOARD_LIMIT),
});
export const RankEntry = z.object({
  /** The winner's username, masked: first two and last two characters ("de***01"). */
  customerName: z.string(),
  winAmount: z.string(),
  currencySymbol: z.string(),
  iconUrl: z.string(),
  gameName: z.string(),
  gameType: GameCategory,
  vendor: z.string(),
  nodeId: z.number().int(),
  /** When the round closed (ISO 8601). */
  winTime: z.string(),
});
export const RankListValue = z.object({ order: z.literal('newest'), list: z.array(RankEntry) });
export type RankListValue = z.infer<typeof RankListValue>;
export const RankListResponse = ok(RankListValue);

/**
 * GET /wps/relay/GCSGAME_getJackpot — the site's jackpot figure. Every client gets the same number at the
 * same moment: it is a function of the merchant and the clock (see docs/games.md), and the ticker of
 * spec §9 animates from it.
 */
export const JackpotQuery = z.strictObject({ ...ClientParams });
export const JackpotValue = z.object({
  amount: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  asOf: z.string(),
  /** How fast the figure grows, per second, on average. */
  perSecond: z.string(),
  cycleStartedAt: z.string(),
  cycleEndsAt: z.string(),
  tick: z.object({ stepMin: z.number(), stepMax: z.number(), tickMinMs: z.number(), tickMaxMs: z.number() }),
});
export type JackpotValue = z.infer<typeof JackpotValue>;
export const JackpotResponse = ok(JackpotValue);

/**
 * A page of this site: a path with no second slash in a row (so never another host), and optionally a
 * plain query (`/rng?vassalage=AG`, to come back to the same filtered list).
 */
export const ReturnPath = z
  .string()
  .max(200)
  .regex(/^(?!.*\/\/)\/[A-Za-z0-9\-._~/]*(\?[A-Za-z0-9\-._~=&%+]*)?$/, { message: 'a page of this site, like /rng?vassalage=AG' });

/**
 * POST /wps/game/launchGame (token): a game by gameId or nodeId (vendor and gameType, when sent, must
 * match it), or a vendor's tile by vendor + gameType alone (its first entry in that category).
 *
 * Failures: 403 TRIAL_NEED_REAL_ACCOUNT; 404 NOT_FOUND (no such game on this site); 503
 * SERVICE_UNAVAILABLE with `data: { reason: 'GAME_MAINTENANCE', vendor, gameType, nodeId, suggestions: GameItem[] }`
 * when the game or its vendor is under maintenance.
 */
export const LaunchGameBody = z
  .strictObject({
    gameId: GameId.optional(),
    nodeId: NodeId.optional(),
    vendor: VendorCode.optional(),
    gameType: GameCategory.optional(),
    language: z.enum(LISTED_LANGUAGES).optional(),
    clientType: z.string().max(16).optional(),
    platform: z.string().max(64).optional(),
    /** The portal page the player launched from: a vendor's "back to lobby" returns there. Without it, the game's category page. */
    returnPath: ReturnPath.optional(),
  })
  .refine((b) => b.gameId !== undefined || b.nodeId !== undefined || (b.vendor !== undefined && b.gameType !== undefined), {
    message: 'give gameId, nodeId, or vendor with gameType',
    path: ['nodeId'],
  });
export type LaunchGameBody = z.infer<typeof LaunchGameBody>;
export const LaunchGameValue = z.discriminatedUnion('action', [
  z.object({
    /** Open `url`: a portal route for in-house games (/seamless?…), the vendor's page otherwise. */
    action: z.literal('URL'),
    url: z.string(),
    gameId: z.string(),
    nodeId: z.number().int(),
    vendor: z.string(),
    gameType: GameCategory,
    gameCode: z.string(),
    origin: z.enum(['INHOUSE', 'SIM']),
    /** TRANSFER vendors play from their own wallet (docs/vendor-protocol.md "Launching a transfer-vendor game"). */
    walletType: z.enum(['SEAMLESS', 'TRANSFER']),
    expiresAt: z.string(),
    /**
     * Money the launch moved (merchant setting `transferWallet.autoTransfer`, vendor connected): other
     * game wallets recovered to MAIN, then MAIN into the launched vendor's wallet. `pending`: not yet
     * confirmed by that vendor. Absent when nothing moved.
     */
    transfers: z
      .array(z.object({ from: z.string(), to: z.string(), amount: z.string(), status: z.enum(['ok', 'pending']), transactionId: z.string() }))
      .optional(),
  }),
  z.object({
    /** A VASSALAGE entry: show its games in the pop-up sub-list and launch the one chosen. */
    action: z.literal('SUBLIST'),
    parent: GameItem,
    games: z.array(GameItem),
  }),
]);
export type LaunchGameValue = z.infer<typeof LaunchGameValue>;
export const LaunchGameResponse = ok(LaunchGameValue);
