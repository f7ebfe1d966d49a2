import {
  FAVORITE_THROTTLE_MS,
  GAME_CATEGORIES,
  JACKPOT,
  LANGUAGES,
  MAINTENANCE_SUGGESTIONS,
  NEW_GAMES_MAX,
  SLOT_FILTERS,
  fromMinor,
  isTrialType,
  toMinor,
  type FavoriteAddBody,
  type GameCategoryCode,
  GameItem,
  type GameListQuery,
  type GameListSelect,
  type GameMenusValue,
  type GamePage,
  type GameVendorValue,
  type JackpotValue,
  type Lang,
  type LaunchGameBody,
  type LaunchGameValue,
  type RankListValue,
  type VassGameValue,
  type VendorCard,
} from '@apsara/contracts';
import { AppError } from '../../lib/app-error.js';
import { LOTTERY_GAME_CODES, lotteryFamilyOf, type LotteryGameCode } from '@apsara/contracts';

const isLotteryGame = (code: string) => (LOTTERY_GAME_CODES as readonly string[]).includes(code);
import type { ThrottleStore } from '../../lib/throttle.js';
import type { Merchant } from '../merchant/merchant-config.js';
import type { AuthContext } from '../session/session.service.js';
import type { CatalogRepository } from './catalog.repository.js';
import {
  isUnderMaintenance,
  laneOf,
  listingsKey,
  searchListings,
  gameFilter,
  lanesOf,
  listingOf,
  merchantListings,
  normalise,
  type CatalogIndex,
  type IndexedGame,
  type Lane,
  type Listing,
  type Snapshot,
} from './catalog.index.js';
import { categoryArt, etagOf, gameArt, vendorArt } from './game-art.js';
import { JACKPOT_CENTS_PER_SECOND, jackpotAt } from './jackpot.js';

/** Opens a launch session: a fresh token for the vendor to present back (game-wallet's openSession). */
export type OpenLaunchSession = (merchantId: bigint, memberId: bigint, vendorCode: string, gameId: bigint) => Promise<{ token: string; expiresAt: Date }>;

/**
 * Runs after the launch session is open and before the URL is answered (transfer-wallet's
 * prepareLaunch): tells a transfer vendor about the session and moves money for the launch; answers
 * what it moved, and whether the player plays from the vendor's wallet (auto-transfer), so the way
 * back should bring that wallet home. It may refuse the launch by throwing (the vendor cannot be reached).
 */
export type PrepareLaunch = (
  merchant: Merchant,
  auth: AuthContext,
  vendor: { code: string; walletType: 'SEAMLESS' | 'TRANSFER' },
  token: string,
) => Promise<{ moved: { from: string; to: string; amount: bigint; status: 'ok' | 'pending'; transactionId: string }[]; recoverOnReturn: boolean }>;

export type CatalogDeps = {
  repo: CatalogRepository;
  index: CatalogIndex;
  throttles: ThrottleStore;
  openSession: OpenLaunchSession;
  prepareLaunch?: PrepareLaunch;
  /** Base URL of the vendor simulator (config VENDOR_SIM_URL). */
  vendorSimUrl: string;
  now?: () => number;
};

/** How a caller wants games shown: language of names, and the image base URL (spec imgUrl). */
export type View = { lang: Lang; imgUrl: string };

/** Where the portal shows each category; launches of third-party games come back there. */
export const CATEGORY_PATHS: Record<GameCategoryCode, string> = {
  RNG: '/rng', LIVE: '/live', FISH: '/fish', SPORTS: '/sports', ESPORTS: '/esports', PVP: '/pvp', LOTT: '/lott',
  ELOTT: '/elott', COCKFIGHT: '/cockfight', BINGO: '/bingo', MINI: '/bgs', INHOUSE: '/bgs',
};

/** The language of game names: km, en or cn; every other listed language reads the English names. */
export const namesLang = (language: string | undefined, fallback: Lang): Lang =>
  language === undefined ? fallback : (LANGUAGES as readonly string[]).includes(language) ? (language as Lang) : 'en';

export const imgUrlOf = (merchant: Merchant) => merchant.config.imageCdn.replace(/\/+$/, '');

/** The winner board shows "de***01": the first two and last two characters of the username. */
export const maskName = (username: string) => {
  const c = Array.from(username);
  if (c.length >= 5) return `${c.slice(0, 2).join('')}***${c.slice(-2).join('')}`;
  if (c.length >= 3) return `${c[0]}***${c[c.length - 1]}`;
  return `${c[0] ?? ''}***`;
};

export const toGameItem = (l: Listing, v: View): GameItem => {
  const g = l.game;
  return {
    gameId: g.gameId,
    nodeId: g.node,
    vendor: g.vendor,
    vassalage: g.isGame === 'VASSALAGE' ? g.gameCode : (g.vassalage ?? g.vendor),
    gameType: l.gameType,
    gameCode: g.gameCode,
    isGame: g.isGame,
    displayName: l.lane.vendor.name,
    gameName: g.names[v.lang],
    nodeName: g.names[v.lang],
    iconUrl: `${v.imgUrl}/${g.iconPath}`,
    isHot: g.isHot ? 1 : 0,
    minBet: fromMinor(g.minBet),
    lines: g.lines,
    maintenance: isUnderMaintenance(l),
  };
};

const toVendorCard = (lane: Lane, v: View): VendorCard => ({
  vendor: lane.vendor.code,
  vassalage: lane.vendor.code,
  displayName: lane.vendor.name,
  gameType: lane.gameType,
  maintenance: lane.maintenance,
  walletType: lane.vendor.walletType,
  iconUrl: `${v.imgUrl}/games/vendors/${lane.vendor.code}.svg`,
});

const page = <T>(items: T[], pageNo: number, pageSize: number) => ({
  content: items.slice((pageNo - 1) * pageSize, pageNo * pageSize),
  total: items.length,
  totalPages: Math.ceil(items.length / pageSize),
});

/**
 * A least-recently-used map kept in a snapshot's memo (so it goes with the snapshot): at most `max`
 * entries, and at most `maxWeight` in total when entries are weighed.
 */
export const memoLru = <V>(s: Snapshot, name: string, max: number, weigh?: (v: V) => number, maxWeight = Infinity) => {
  let lru = s.memo.get(name) as { map: Map<string, V>; weight: number } | undefined;
  if (!lru) s.memo.set(name, (lru = { map: new Map(), weight: 0 }));
  const cache = lru;
  return {
    get: (key: string) => {
      const hit = cache.map.get(key);
      if (hit !== undefined) {
        cache.map.delete(key);
        cache.map.set(key, hit);
      }
      return hit;
    },
    set: (key: string, value: V) => {
      const old = cache.map.get(key);
      if (old !== undefined && weigh) cache.weight -= weigh(old);
      cache.map.delete(key);
      cache.map.set(key, value);
      if (weigh) cache.weight += weigh(value);
      while (cache.map.size > max || cache.weight > maxWeight) {
        const [oldest, v] = cache.map.entries().next().value as [string, V];
        cache.map.delete(oldest);
        if (weigh) cache.weight -= weigh(v);
      }
    },
  };
};

/** Filtered lists are kept per snapshot for repeated queries (popular searches, filter combinations). */
const QUERY_CACHE_MAX = 1000;
/** Results longer than this are cheap to recompute relative to what they would hold in memory. */
const QUERY_CACHE_ITEMS_MAX = 2000;
const cachedQuery = (s: Snapshot, key: string, compute: () => Listing[]): Listing[] => {
  const cache = memoLru<Listing[]>(s, 'queries', QUERY_CACHE_MAX);
  const hit = cache.get(key);
  if (hit) return hit;
  const value = compute();
  if (value.length <= QUERY_CACHE_ITEMS_MAX) cache.set(key, value);
  return value;
};

/**
 * The cards of a page as JSON, joined with commas. Each card is made once per snapshot, view and (lane,
 * game) — the lane is one merchant's vendor in one category, which with the game decides every field —
 * and checked against the contract's GameItem schema when made. Pages are then joined from these
 * strings instead of being rebuilt, checked and serialised field by field on every request. At most
 * one card per listed game, per language and image base, so the memory is bounded by the catalogue.
 */
const cardsJson = (s: Snapshot, listings: Listing[], v: View) => {
  const name = `cards:${v.lang}:${v.imgUrl}`;
  let lanes = s.memo.get(name) as WeakMap<Lane, Map<number, string>> | undefined;
  if (!lanes) s.memo.set(name, (lanes = new WeakMap()));
  const jsons: string[] = [];
  for (const l of listings) {
    let cards = lanes.get(l.lane);
    if (!cards) lanes.set(l.lane, (cards = new Map()));
    let json = cards.get(l.game.ord);
    if (json === undefined) {
      json = JSON.stringify(GameItem.parse(toGameItem(l, v)));
      cards.set(l.game.ord, json);
    }
    jsons.push(json);
  }
  return jsons.join(',');
};

/**
 * Serialised pages kept per snapshot: a repeated query (a vendor's page, a popular search) is a lookup.
 * At most 2,000 pages and 8 million characters (a 20-game page is about 6,000).
 */
const PAGE_CACHE_MAX = 2000;
const PAGE_CACHE_CHARS = 8_000_000;

const notFound = () => new AppError('NOT_FOUND');

/**
 * Where a vendor's page sends the player back: the page they launched from (else the game's category
 * page; always a path on our own origin, so never elsewhere), with `recover=<vendor>` when the
 * player plays from that vendor's wallet (auto-transfer: the launch moved the main wallet there, or it
 * already held the money), so the portal brings it back to main when the player returns.
 */
export const returnUrlOf = (origin: string, path: string, vendorCode: string, recover: boolean) => {
  const url = new URL(`${origin}${path}`);
  // Ours alone to set: a `recover` the page carried is replaced (or dropped when nothing is at the vendor).
  url.searchParams.delete('recover');
  if (recover) url.searchParams.set('recover', vendorCode);
  return url.toString();
};

/**
 * A list's game-select view (GCSGAME_gameList `select`): ALL as it is; HOT its hot games, in the same
 * order; NEW the NEW_GAMES_MAX games added to the catalogue last, newest first (ties: the later id first).
 */
export const selectView = (list: Listing[], select: GameListSelect): Listing[] => {
  if (select === 'HOT') return list.filter((l) => l.game.isHot);
  if (select === 'NEW') {
    return [...list].sort((a, b) => b.game.addedAt - a.game.addedAt || (a.game.id < b.game.id ? 1 : a.game.id > b.game.id ? -1 : 0)).slice(0, NEW_GAMES_MAX);
  }
  return list;
};

export const catalogService = (deps: CatalogDeps) => {
  const { repo, index, throttles, openSession } = deps;
  const now = deps.now ?? Date.now;

  const refuseTrial = (auth: AuthContext) => {
    if (isTrialType(auth.type)) throw new AppError('TRIAL_NEED_REAL_ACCOUNT');
  };

  /** Header and side menu: categories with at least one enabled vendor, in menu order. */
  const menus = async (merchant: Merchant, v: View): Promise<GameMenusValue> => {
    const s = await index.current();
    return {
      menus: GAME_CATEGORIES.map((gameType) => ({ gameType, lanes: lanesOf(s, merchant.id, gameType) }))
        .filter((c) => c.lanes.length > 0)
        .map((c) => ({ gameType: c.gameType, iconUrl: `${v.imgUrl}/games/categories/${c.gameType}.svg`, vendors: c.lanes.map((l) => toVendorCard(l, v)) })),
    };
  };

  /** GCSGAME_newGameVendor: per category the merchant's vendors in order. */
  const vendorLanes = async (merchant: Merchant, v: View): Promise<GameVendorValue> => {
    const s = await index.current();
    const lanes = GAME_CATEGORIES.map((gameType) => ({ gameType, vendors: lanesOf(s, merchant.id, gameType).map((l) => toVendorCard(l, v)) }));
    return { data: { lanes: lanes.filter((l) => l.vendors.length > 0) } };
  };

  /** A vendor the caller names must be one this merchant offers (in the category, when one is given). */
  const assertVendorOffered = (s: Snapshot, merchant: Merchant, vendor: string | undefined, gameType: GameCategoryCode | undefined) => {
    if (!vendor) return;
    const offered = (gameType ? [gameType] : GAME_CATEGORIES).some((t) => laneOf(s, merchant.id, t, vendor));
    if (!offered) throw notFound();
  };

  /**
   * GCSGAME_gameList, answered as the whole response body (`{success, value: GamePage}`) already in JSON:
   * the route sends it as it is.
   */
  const gameListJson = async (merchant: Merchant, q: GameListQuery, v: View): Promise<string> => {
    const s = await index.current();
    assertVendorOffered(s, merchant, q.vendor, q.gameType);
    const needle = q.name ? normalise(q.name) : undefined;
    const minBet = q.minBetAtLeastOne ? Number(toMinor(SLOT_FILTERS.minBetAtLeast)) : undefined;
    const lines = q.linesAtLeast25 ? SLOT_FILTERS.linesAtLeast : undefined;
    const select = q.select ?? 'ALL';
    const key = [merchant.id, q.gameType ?? '*', q.vendor ?? '*', needle ?? '', minBet ?? '', lines ?? '', select].join('\u0001');
    const pages = memoLru<string>(s, 'pages', PAGE_CACHE_MAX, (json) => json.length, PAGE_CACHE_CHARS);
    const pageKey = [key, v.lang, v.imgUrl, q.pageNo, q.pageSize].join('\u0001');
    const cached = pages.get(pageKey);
    if (cached !== undefined) return cached;
    const list = cachedQuery(s, key, () => {
      const all = merchantListings(s, merchant.id, q.gameType, needle !== undefined);
      const accept = gameFilter(s, { vendor: q.vendor, minBetMinor: minBet, linesAtLeast: lines });
      const found = needle !== undefined ? searchListings(s, listingsKey(merchant.id, q.gameType, true), all, needle, accept) : accept ? all.filter((l) => accept(l.game.ord)) : all;
      return selectView(found, select);
    });
    const p = page(list, q.pageNo, q.pageSize);
    // Only whole numbers the query schema already bounded go into the envelope around the cards.
    const json =
      `{"success":true,"value":{"content":[${cardsJson(s, p.content, v)}],` +
      `"pageNo":${q.pageNo},"pageSize":${q.pageSize},"total":${p.total},"totalPages":${p.totalPages}}}`;
    pages.set(pageKey, json);
    return json;
  };

  /** Hot games ready to play (none under maintenance), category by category in menu order. */
  const hotGames = async (merchant: Merchant, q: { gameType?: GameCategoryCode; vendor?: string; limit: number }, v: View) => {
    const s = await index.current();
    assertVendorOffered(s, merchant, q.vendor, q.gameType);
    const list = merchantListings(s, merchant.id, q.gameType, false).filter((l) => l.game.isHot && !isUnderMaintenance(l) && (!q.vendor || l.game.vendor === q.vendor));
    return { games: list.slice(0, q.limit).map((l) => toGameItem(l, v)) };
  };

  const subList = (s: Snapshot, parent: Listing) =>
    (s.children.get(`${parent.game.vendor}/${parent.game.gameCode}`) ?? []).map((game): Listing => ({ game, gameType: parent.gameType, lane: parent.lane }));

  /** GCSGAME_getVassGameType: the games a VASSALAGE entry opens. */
  const vassGames = async (merchant: Merchant, q: { vendor: string; vassalage: string; gameType?: GameCategoryCode }, v: View): Promise<VassGameValue> => {
    const s = await index.current();
    const game = s.byCode.get(`${q.vendor}/${q.vassalage}`);
    const parent = game && game.isGame === 'VASSALAGE' ? listingOf(s, merchant.id, game, q.gameType) : undefined;
    if (!parent) throw notFound();
    return { parent: toGameItem(parent, v), games: subList(s, parent).map((l) => toGameItem(l, v)) };
  };

  /** Games of the member's list (recent or favorite) that this site still offers, in the list's order. */
  const offered = (s: Snapshot, merchant: Merchant, ids: bigint[], gameType?: GameCategoryCode) =>
    ids.flatMap((id) => {
      const game = s.byId.get(id);
      const l = game && listingOf(s, merchant.id, game, gameType);
      return l ? [l] : [];
    });

  const recent = async (merchant: Merchant, auth: AuthContext, q: { gameType?: GameCategoryCode; page: number; pageSize: number }, v: View): Promise<GamePage> => {
    const s = await index.current();
    const list = offered(s, merchant, await repo.recentGameIds(merchant.id, auth.memberId), q.gameType);
    const p = page(list, q.page, q.pageSize);
    return { content: p.content.map((l) => toGameItem(l, v)), pageNo: q.page, pageSize: q.pageSize, total: p.total, totalPages: p.totalPages };
  };

  const favoriteNodeIds = async (merchant: Merchant, auth: AuthContext) => {
    const s = await index.current();
    return offered(s, merchant, await repo.favoriteGameIds(merchant.id, auth.memberId)).map((l) => l.game.node);
  };

  const favoriteList = async (merchant: Merchant, auth: AuthContext, q: { gameType?: GameCategoryCode; pageNo: number; pageSize: number }, v: View) => {
    const s = await index.current();
    const list = offered(s, merchant, await repo.favoriteGameIds(merchant.id, auth.memberId), q.gameType);
    const p = page(list, q.pageNo, q.pageSize);
    return { content: p.content.map((l) => toGameItem(l, v)), pageNum: q.pageNo, pageSize: q.pageSize, total: p.total, totalPages: p.totalPages };
  };

  /** One favorite change per member per second (spec §9), counted in PostgreSQL so every node agrees. */
  const throttleFavorites = async (merchant: Merchant, auth: AuthContext) => {
    const { count } = await throttles.hit(`fav:${merchant.id}:${auth.memberId}`, FAVORITE_THROTTLE_MS);
    if (count > 1) throw new AppError('RATE_LIMITED');
  };

  const addFavorite = async (merchant: Merchant, auth: AuthContext, body: FavoriteAddBody) => {
    refuseTrial(auth);
    const s = await index.current();
    const game = s.byNode.get(body.nodeId);
    const listing = game && game.vendor === body.vendor ? listingOf(s, merchant.id, game, body.gameType) : undefined;
    if (!listing) throw notFound();
    await throttleFavorites(merchant, auth);
    await repo.addFavorite(merchant.id, auth.memberId, listing.game.id);
    return { nodeId: body.nodeId, favorite: true, nodeIds: await favoriteNodeIds(merchant, auth) };
  };

  const removeFavorite = async (merchant: Merchant, auth: AuthContext, q: { nodeId: number; vendor?: string; gameType?: GameCategoryCode }) => {
    refuseTrial(auth);
    const s = await index.current();
    const game = s.byNode.get(q.nodeId);
    if (!game || (q.vendor && game.vendor !== q.vendor) || (q.gameType && !game.types.includes(q.gameType))) throw notFound();
    await throttleFavorites(merchant, auth);
    // A game the site no longer offers can still leave the list; the delete is scoped to this merchant.
    await repo.removeFavorite(merchant.id, auth.memberId, game.id);
    return { nodeId: q.nodeId, favorite: false, nodeIds: await favoriteNodeIds(merchant, auth) };
  };

  /**
   * The winner board: this site's latest real wins (closed rounds that paid out), newest first, in the
   * vendors it offers. Nobody has won yet → an empty list; nothing is ever made up.
   */
  const rankList = async (merchant: Merchant, q: { gameCategory: 'ALL' | GameCategoryCode; limitNum: number }, v: View): Promise<RankListValue> => {
    const s = await index.current();
    const types = q.gameCategory === 'ALL' ? GAME_CATEGORIES : [q.gameCategory];
    const vendors = [...new Set(types.flatMap((t) => lanesOf(s, merchant.id, t).map((l) => l.vendor.code)))];
    const wins = await repo.latestWins(merchant.id, vendors, q.gameCategory === 'ALL' ? undefined : q.gameCategory, q.limitNum);
    return {
      order: 'newest',
      list: wins.flatMap((w) => {
        const game = s.byId.get(w.gameId);
        if (!game) return [];
        const gameType = q.gameCategory === 'ALL' ? game.types[0] : q.gameCategory;
        if (!gameType) return [];
        return [
          {
            customerName: maskName(w.username),
            winAmount: fromMinor(w.payout),
            currencySymbol: merchant.currencySymbol,
            iconUrl: `${v.imgUrl}/${game.iconPath}`,
            gameName: game.names[v.lang],
            gameType,
            vendor: game.vendor,
            nodeId: game.node,
            winTime: w.closedAt.toISOString(),
          },
        ];
      }),
    };
  };

  const jackpot = (merchant: Merchant): JackpotValue => {
    const at = now();
    const f = jackpotAt(merchant.code, at);
    return {
      amount: fromMinor(f.cents),
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      asOf: new Date(at).toISOString(),
      perSecond: fromMinor(BigInt(JACKPOT_CENTS_PER_SECOND)),
      cycleStartedAt: f.cycleStartedAt.toISOString(),
      cycleEndsAt: f.cycleEndsAt.toISOString(),
      tick: { stepMin: JACKPOT.stepMin, stepMax: JACKPOT.stepMax, tickMinMs: JACKPOT.tickMinMs, tickMaxMs: JACKPOT.tickMaxMs },
    };
  };

  /** Other games of the category a player can start right now: hot ones first. */
  const suggestions = (s: Snapshot, merchant: Merchant, except: IndexedGame, gameType: GameCategoryCode, v: View) => {
    const ready = merchantListings(s, merchant.id, gameType, false).filter((l) => l.game.id !== except.id && l.game.status === 'active' && !isUnderMaintenance(l));
    return [...ready.filter((l) => l.game.isHot), ...ready.filter((l) => !l.game.isHot)].slice(0, MAINTENANCE_SUGGESTIONS).map((l) => toGameItem(l, v));
  };

  /** The game a launch names: by id or node id, or a vendor tile's first entry in the category. */
  const resolveLaunch = (s: Snapshot, merchant: Merchant, body: LaunchGameBody): Listing => {
    let game: IndexedGame | undefined;
    if (body.gameId !== undefined) game = s.byId.get(BigInt(body.gameId));
    else if (body.nodeId !== undefined) game = s.byNode.get(body.nodeId);
    else if (body.vendor && body.gameType && laneOf(s, merchant.id, body.gameType, body.vendor)) game = s.listed.get(`${body.gameType}/${body.vendor}`)?.[0];
    if (!game) throw notFound();
    if (body.nodeId !== undefined && game.node !== body.nodeId) throw notFound();
    if (body.vendor !== undefined && game.vendor !== body.vendor) throw notFound();
    const listing = listingOf(s, merchant.id, game, body.gameType);
    if (!listing) throw notFound();
    if (game.vassalage) {
      const parent = s.byCode.get(`${game.vendor}/${game.vassalage}`);
      if (!parent || parent.status === 'disabled') throw notFound();
    }
    return listing;
  };

  /**
   * POST /wps/game/launchGame. Trial accounts never launch. Availability is read from the database
   * itself (the index may be a second behind an operator's switch). A VASSALAGE entry answers with its
   * sub-list; anything else opens a launch session and answers the URL to open:
   * - in-house games: the portal's own page, `/seamless?game=<VENDOR>:<GAMECODE>&token=…&lang=…&back=…`
   *   (the lotteries: `/lottery?gameCode=<GAMECODE>`, where the member's own session places bets);
   * - simulated vendors: `<VENDOR_SIM_URL>/launch/<VENDOR>/<GAMECODE>?token=…&lang=…&returnUrl=…`.
   */
  const launch = async (merchant: Merchant, auth: AuthContext, body: LaunchGameBody, ctx: { lang: Lang; origin: string }, v: View): Promise<LaunchGameValue> => {
    refuseTrial(auth);
    const s = await index.current();
    const listing = resolveLaunch(s, merchant, body);
    const game = listing.game;
    const state = await repo.launchState(merchant.id, game.id, listing.gameType);
    if (!state || !state.offered || state.gameStatus === 'disabled' || state.vendorStatus === 'disabled') throw notFound();
    const parent = game.vassalage ? s.byCode.get(`${game.vendor}/${game.vassalage}`) : undefined;
    if (state.maintenance || state.gameStatus === 'maintenance' || state.vendorStatus === 'maintenance' || parent?.status === 'maintenance') {
      throw new AppError('GAME_MAINTENANCE', [], {
        data: { reason: 'GAME_MAINTENANCE', vendor: game.vendor, gameType: listing.gameType, nodeId: game.node, suggestions: suggestions(s, merchant, game, listing.gameType, v) },
      });
    }
    if (game.isGame === 'VASSALAGE') return { action: 'SUBLIST', parent: toGameItem(listing, v), games: subList(s, listing).map((l) => toGameItem(l, v)) };

    const { token, expiresAt } = await openSession(merchant.id, auth.memberId, game.vendor, game.id);
    const vendor = listing.lane.vendor;
    const { moved, recoverOnReturn } = deps.prepareLaunch ? await deps.prepareLaunch(merchant, auth, { code: vendor.code, walletType: vendor.walletType }, token) : { moved: [], recoverOnReturn: false };
    await repo.touchRecent(merchant.id, auth.memberId, game.id);
    // The page a "back" link leads to: the one the game was launched from, or its category's list.
    const back = body.returnPath ?? CATEGORY_PATHS[listing.gameType];
    const url =
      vendor.origin === 'INHOUSE' && isLotteryGame(game.gameCode)
        ? `${lotteryFamilyOf(game.gameCode as LotteryGameCode) === 'vn' ? '/vnLottery' : '/lottery'}?gameCode=${game.gameCode}`
        : vendor.origin === 'INHOUSE'
        ? `/seamless?game=${vendor.code}:${encodeURIComponent(game.gameCode)}&token=${token}&lang=${ctx.lang}&back=${encodeURIComponent(back)}`
        : `${deps.vendorSimUrl}/launch/${vendor.code}/${encodeURIComponent(game.gameCode)}?token=${token}&lang=${ctx.lang}&returnUrl=${encodeURIComponent(returnUrlOf(ctx.origin, back, vendor.code, recoverOnReturn))}`;
    return {
      action: 'URL',
      url,
      gameId: game.gameId,
      nodeId: game.node,
      vendor: vendor.code,
      gameType: listing.gameType,
      gameCode: game.gameCode,
      origin: vendor.origin,
      walletType: vendor.walletType,
      expiresAt: expiresAt.toISOString(),
      ...(moved.length ? { transfers: moved.map((m) => ({ from: m.from, to: m.to, amount: fromMinor(m.amount), status: m.status, transactionId: m.transactionId })) } : {}),
    };
  };

  /** Artwork, drawn once per node and kept (bounded); undefined when there is no such game or vendor. */
  const artCache = new Map<string, { svg: string; etag: string }>();
  const cachedArt = (key: string, draw: () => string) => {
    const hit = artCache.get(key);
    if (hit) return hit;
    const svg = draw();
    const entry = { svg, etag: etagOf(svg) };
    artCache.set(key, entry);
    if (artCache.size > 5000) artCache.delete(artCache.keys().next().value as string);
    return entry;
  };

  const art = async (target: { kind: 'game'; vendor: string; gameCode: string } | { kind: 'vendor'; code: string } | { kind: 'category'; code: string }) => {
    const s = await index.current();
    if (target.kind === 'category') {
      const category = GAME_CATEGORIES.find((c) => c === target.code);
      return category && cachedArt(`c/${category}`, () => categoryArt(category));
    }
    if (target.kind === 'vendor') {
      const vendor = s.vendors.get(target.code);
      if (!vendor) return undefined;
      const category = GAME_CATEGORIES.find((t) => s.listed.has(`${t}/${vendor.code}`)) ?? 'RNG';
      return cachedArt(`v/${vendor.code}/${vendor.name}/${category}`, () => vendorArt(vendor, category));
    }
    const game = s.byCode.get(`${target.vendor}/${target.gameCode}`);
    if (!game) return undefined;
    const category = game.types[0] ?? 'RNG';
    return cachedArt(`g/${game.vendor}/${game.gameCode}/${category}/${game.names.en}`, () =>
      gameArt({ vendor: game.vendor, gameCode: game.gameCode, category, title: game.names.en }),
    );
  };

  return { menus, vendorLanes, gameListJson, hotGames, vassGames, recent, favoriteNodeIds, favoriteList, addFavorite, removeFavorite, rankList, jackpot, launch, art };
};
export type CatalogService = ReturnType<typeof catalogService>;
