import type { FastifyBaseLogger } from 'fastify';
import { GAME_CATEGORIES, type GameCategoryCode } from '@apsara/contracts';
import type { CatalogRepository, CatalogRows, GameRecord, VendorRecord } from './catalog.repository.js';

/**
 * The game catalogue in each API node's memory, so lists, searches and filters over 10,000+ games never
 * query PostgreSQL. The database stays the only source of truth: every change to vendors, games or a
 * merchant's offer raises `catalog_version` (statement triggers, migration 0007); a node reads that one
 * row at most once per `checkEveryMs` (default 1 s), in the background, and reloads everything when it
 * moved. Requests are answered from the snapshot in hand meanwhile, so a change shows on every node
 * within about a second plus the reload (well under a second for 10,000 games, search index included).
 * Launches re-check maintenance in the database itself.
 */

export type IndexedGame = GameRecord & {
  gameId: string;
  node: number;
  /** Every category the game is listed under: its own first. */
  types: GameCategoryCode[];
  /** The three names, normalised and lower-cased, for substring search. */
  hay: string;
  /** min_bet as a plain number for filtering (cheaper than BigInt comparisons). */
  minBetMinor: number;
  /** Position in `Snapshot.games`. */
  ord: number;
};

/** A vendor the merchant offers in a category (enabled, and the vendor not disabled), in its order. */
export type Lane = { vendor: VendorRecord; gameType: GameCategoryCode; sort: number; maintenance: boolean };

/** A game as listed under one category of one merchant. */
export type Listing = { game: IndexedGame; gameType: GameCategoryCode; lane: Lane };

export type Snapshot = {
  version: bigint;
  /** Every game, in load order; a game's `ord` is its position here. */
  games: IndexedGame[];
  byId: Map<bigint, IndexedGame>;
  byNode: Map<number, IndexedGame>;
  byCode: Map<string, IndexedGame>;
  vendors: Map<string, VendorRecord>;
  /** `${type}/${vendor}` → games listed directly (no sub-list games), not disabled, by sort then id. */
  listed: Map<string, IndexedGame[]>;
  /** `${type}/${vendor}` → listed games plus the games of their sub-lists, for search. */
  searchable: Map<string, IndexedGame[]>;
  /** `${vendor}/${heading gameCode}` → the games of a VASSALAGE sub-list. */
  children: Map<string, IndexedGame[]>;
  lanes: Map<bigint, Map<GameCategoryCode, Lane[]>>;
  /** Values derived from this snapshot (merged lists, query results); dropped with it. */
  memo: Map<string, unknown>;
};

const isCategory = (t: string): t is GameCategoryCode => (GAME_CATEGORIES as readonly string[]).includes(t);
export const normalise = (s: string) => s.normalize('NFKC').toLowerCase();
const bySort = (a: IndexedGame, b: IndexedGame) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export const buildSnapshot = (rows: CatalogRows): Snapshot => {
  const vendors = new Map(rows.vendors.map((v) => [v.code, v]));
  const byId = new Map<bigint, IndexedGame>();
  const byNode = new Map<number, IndexedGame>();
  const byCode = new Map<string, IndexedGame>();
  const games: IndexedGame[] = [];
  for (const g of rows.games) {
    const types = [g.gameType, ...g.alsoTypes].filter(isCategory);
    // Every field written out, in one order: objects built by spread end up in V8's slow dictionary
    // mode, where reading a field in a 10,000-game scan costs a microsecond instead of nanoseconds.
    const game: IndexedGame = {
      id: g.id,
      nodeId: g.nodeId,
      vendor: g.vendor,
      gameCode: g.gameCode,
      gameType: g.gameType,
      alsoTypes: g.alsoTypes,
      isGame: g.isGame,
      vassalage: g.vassalage,
      names: g.names,
      iconPath: g.iconPath,
      isHot: g.isHot,
      minBet: g.minBet,
      lines: g.lines,
      sort: g.sort,
      status: g.status,
      addedAt: g.addedAt,
      gameId: g.id.toString(),
      node: Number(g.nodeId),
      types: [...new Set(types)],
      hay: normalise(`${g.names.en}\n${g.names.cn}\n${g.names.km}`),
      minBetMinor: Number(g.minBet),
      ord: games.length,
    };
    games.push(game);
    byId.set(g.id, game);
    byNode.set(game.node, game);
    byCode.set(`${g.vendor}/${g.gameCode}`, game);
  }

  const listed = new Map<string, IndexedGame[]>();
  const searchable = new Map<string, IndexedGame[]>();
  const children = new Map<string, IndexedGame[]>();
  for (const g of byId.values()) {
    if (g.status === 'disabled') continue;
    if (g.vassalage) {
      const parent = byCode.get(`${g.vendor}/${g.vassalage}`);
      push(children, `${g.vendor}/${g.vassalage}`, g);
      // A sub-list game is found by search only while its heading entry is shown.
      if (parent && parent.isGame === 'VASSALAGE' && parent.status !== 'disabled') for (const t of g.types) push(searchable, `${t}/${g.vendor}`, g);
      continue;
    }
    for (const t of g.types) {
      push(listed, `${t}/${g.vendor}`, g);
      push(searchable, `${t}/${g.vendor}`, g);
    }
  }
  for (const m of [listed, searchable, children]) for (const list of m.values()) list.sort(bySort);

  const lanes = new Map<bigint, Map<GameCategoryCode, Lane[]>>();
  for (const o of rows.offers) {
    const vendor = vendors.get(o.vendor);
    if (!o.enabled || !vendor || vendor.status === 'disabled' || !isCategory(o.gameType)) continue;
    let m = lanes.get(o.merchantId);
    if (!m) lanes.set(o.merchantId, (m = new Map()));
    push(m, o.gameType, { vendor, gameType: o.gameType, sort: o.sort, maintenance: o.maintenance || vendor.status === 'maintenance' });
  }
  for (const m of lanes.values()) for (const list of m.values()) list.sort((a, b) => a.sort - b.sort || a.vendor.code.localeCompare(b.vendor.code));

  return { version: rows.version, games, byId, byNode, byCode, vendors, listed, searchable, children, lanes, memo: new Map() };
};

/** The merchant's vendors in a category, in order. */
export const lanesOf = (s: Snapshot, merchantId: bigint, gameType: GameCategoryCode): Lane[] => s.lanes.get(merchantId)?.get(gameType) ?? [];

export const laneOf = (s: Snapshot, merchantId: bigint, gameType: GameCategoryCode, vendor: string) =>
  lanesOf(s, merchantId, gameType).find((l) => l.vendor.code === vendor);

/**
 * Everything a merchant lists in a category (or, without one, in every category, each game once), in
 * vendor order then game order; `withSubLists` adds the games inside VASSALAGE sub-lists (for search).
 * Computed once per snapshot.
 */
export const listingsKey = (merchantId: bigint, gameType: GameCategoryCode | undefined, withSubLists: boolean) => `${merchantId}:${gameType ?? '*'}:${withSubLists ? 1 : 0}`;

export const merchantListings = (s: Snapshot, merchantId: bigint, gameType: GameCategoryCode | undefined, withSubLists: boolean): Listing[] => {
  const key = `ml:${listingsKey(merchantId, gameType, withSubLists)}`;
  const hit = s.memo.get(key) as Listing[] | undefined;
  if (hit) return hit;
  const source = withSubLists ? s.searchable : s.listed;
  const out: Listing[] = [];
  const seen = new Set<bigint>();
  for (const type of gameType ? [gameType] : GAME_CATEGORIES) {
    for (const lane of lanesOf(s, merchantId, type)) {
      for (const game of source.get(`${type}/${lane.vendor.code}`) ?? []) {
        if (!gameType) {
          if (seen.has(game.id)) continue;
          seen.add(game.id);
        }
        out.push({ game, gameType: type, lane });
      }
    }
  }
  s.memo.set(key, out);
  return out;
};

/** The listing of a game on a merchant's site: under `gameType` when given, else its first offered category. */
export const listingOf = (s: Snapshot, merchantId: bigint, game: IndexedGame, gameType?: GameCategoryCode): Listing | undefined => {
  if (game.status === 'disabled') return undefined;
  for (const type of gameType ? [gameType] : game.types) {
    if (!game.types.includes(type)) continue;
    const lane = laneOf(s, merchantId, type, game.vendor);
    if (lane) return { game, gameType: type, lane };
  }
  return undefined;
};

/** Longest gram kept: a search for longer text looks up its rarest 3-character piece, then checks the candidates. */
const GRAM = 3;

/** Every distinct 1-, 2- and 3-character piece (by code point) of a text. */
const gramsOf = (text: string) => {
  const chars = Array.from(text);
  const out = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    let g = '';
    for (let k = 0; k < GRAM && i + k < chars.length; k++) {
      g += chars[i + k];
      out.add(g);
    }
  }
  return out;
};

/** gram → ords of the games whose names contain it, ascending; built when a snapshot is loaded. */
const gramIndex = (s: Snapshot): Map<string, Int32Array> => {
  const hit = s.memo.get('grams') as Map<string, Int32Array> | undefined;
  if (hit) return hit;
  const lists = new Map<string, number[]>();
  for (const g of s.games) {
    for (const gram of gramsOf(g.hay)) {
      const list = lists.get(gram);
      if (list) list.push(g.ord);
      else lists.set(gram, [g.ord]);
    }
  }
  const index = new Map<string, Int32Array>();
  for (const [gram, list] of lists) index.set(gram, Int32Array.from(list));
  s.memo.set('grams', index);
  return index;
};

const NONE = new Int32Array(0);

/** The values two ascending lists share, ascending: a merge, or a binary search of the longer one when it is much longer. */
export const intersectSorted = (a: Int32Array, b: Int32Array): Int32Array => {
  if (a.length > b.length) [a, b] = [b, a];
  const out = new Int32Array(a.length);
  let n = 0;
  if (b.length > 16 * a.length) {
    let lo = 0;
    for (let i = 0; i < a.length; i++) {
      const x = a[i];
      let hi = b.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (b[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      if (lo < b.length && b[lo] === x) out[n++] = x;
    }
  } else {
    for (let i = 0, j = 0; i < a.length && j < b.length; ) {
      const x = a[i];
      const y = b[j];
      if (x === y) {
        out[n++] = x;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
  }
  return out.subarray(0, n);
};

/**
 * The games whose names may contain `chars`: for up to three characters exactly those (the gram's own
 * list); for longer text the games holding every one of its 3-character pieces, which the caller then
 * checks in full (the pieces may sit apart in a name).
 */
const candidatesOf = (s: Snapshot, chars: string[]): Int32Array => {
  const index = gramIndex(s);
  if (chars.length <= GRAM) return index.get(chars.join('')) ?? NONE;
  const lists: Int32Array[] = [];
  for (let i = 0; i + GRAM <= chars.length; i++) {
    const list = index.get(chars.slice(i, i + GRAM).join(''));
    if (!list) return NONE;
    lists.push(list);
  }
  lists.sort((a, b) => a.length - b.length);
  let out = lists[0];
  // Once a handful is left, checking each name is cheaper than more intersections.
  for (let i = 1; i < lists.length && out.length > 32; i++) out = intersectSorted(out, lists[i]);
  return out;
};

/** Where each game sits in a listing (position + 1; 0 = not in it), indexed by ord. */
const positionsOf = (s: Snapshot, key: string, listings: Listing[]) => {
  const hit = s.memo.get(`pos:${key}`) as Int32Array | undefined;
  if (hit) return hit;
  const pos = new Int32Array(s.games.length);
  listings.forEach((l, i) => {
    pos[l.game.ord] = i + 1;
  });
  s.memo.set(`pos:${key}`, pos);
  return pos;
};

type FilterColumns = { vendorNo: Map<string, number>; vendor: Int32Array; minBet: Float64Array; lines: Int32Array };

/** What the filters read, one typed column per property, indexed by ord; built when a snapshot is loaded. */
const filterColumns = (s: Snapshot): FilterColumns => {
  const hit = s.memo.get('columns') as FilterColumns | undefined;
  if (hit) return hit;
  const n = s.games.length;
  const cols: FilterColumns = { vendorNo: new Map(), vendor: new Int32Array(n), minBet: new Float64Array(n), lines: new Int32Array(n) };
  for (const g of s.games) {
    let no = cols.vendorNo.get(g.vendor);
    if (no === undefined) cols.vendorNo.set(g.vendor, (no = cols.vendorNo.size));
    cols.vendor[g.ord] = no;
    cols.minBet[g.ord] = g.minBetMinor;
    cols.lines[g.ord] = g.lines;
  }
  s.memo.set('columns', cols);
  return cols;
};

/** The slot filters and a vendor, as a game's properties: what a list may be narrowed by besides a name. */
export type GameFilter = { vendor?: string; minBetMinor?: number; linesAtLeast?: number };

/**
 * A filter as a test of a game by its ord, reading typed columns of the snapshot (no object is touched
 * per game); undefined when nothing is filtered.
 */
export const gameFilter = (s: Snapshot, f: GameFilter): ((ord: number) => boolean) | undefined => {
  const { vendor, minBetMinor, linesAtLeast } = f;
  if (vendor === undefined && minBetMinor === undefined && linesAtLeast === undefined) return undefined;
  const cols = filterColumns(s);
  const { vendor: vendorCol, minBet, lines } = cols;
  const v = vendor === undefined ? -1 : (cols.vendorNo.get(vendor) ?? -2);
  const m = minBetMinor ?? -Infinity;
  const l = linesAtLeast ?? -Infinity;
  return (ord) => (v === -1 || vendorCol[ord] === v) && minBet[ord] >= m && lines[ord] >= l;
};

/**
 * The listings whose names contain `needle` (already normalised) and that `accept` lets through, in
 * listing order, without scanning every name: the needle's 3-character pieces name the candidates, which
 * are then checked in full. Few matches are put in order by sorting their positions; many, by one pass
 * over the listing.
 */
export const searchListings = (s: Snapshot, key: string, listings: Listing[], needle: string, accept?: (ord: number) => boolean): Listing[] => {
  const chars = Array.from(needle);
  const candidates = candidatesOf(s, chars);
  const pos = positionsOf(s, key, listings);
  const whole = chars.length <= GRAM;
  const found = new Int32Array(candidates.length);
  let n = 0;
  for (let i = 0; i < candidates.length; i++) {
    const ord = candidates[i];
    const p = pos[ord];
    if (p && (!accept || accept(ord)) && (whole || s.games[ord].hay.includes(needle))) found[n++] = p - 1;
  }
  const out: Listing[] = [];
  if (n * 8 < listings.length) {
    // A typed array sorts numerically without a comparator.
    for (const i of found.subarray(0, n).sort()) out.push(listings[i]);
  } else {
    const hit = new Uint8Array(listings.length);
    for (let i = 0; i < n; i++) hit[found[i]] = 1;
    for (let i = 0; i < hit.length; i++) if (hit[i]) out.push(listings[i]);
  }
  return out;
};

export const isUnderMaintenance = (l: Listing) => l.game.status === 'maintenance' || l.lane.maintenance;

export type CatalogIndex = {
  /** The snapshot to answer from; the first call waits for the load, later ones never wait. */
  current: () => Promise<Snapshot>;
  /** Reloads now (tests, and after an operator's change on this node). */
  refresh: () => Promise<Snapshot>;
};

export const catalogIndex = (repo: CatalogRepository, opts: { checkEveryMs?: number; log?: FastifyBaseLogger } = {}): CatalogIndex => {
  const checkEveryMs = opts.checkEveryMs ?? 1000;
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  let checking: Promise<void> | undefined;
  let checkedAt = 0;

  const load = () =>
    (loading ??= (async () => {
      try {
        const started = performance.now();
        const s = buildSnapshot(await repo.loadAll());
        // The search index and the filter columns too, before the snapshot goes live, so no request waits for them.
        gramIndex(s);
        filterColumns(s);
        snapshot = s;
        checkedAt = Date.now();
        opts.log?.debug({ version: s.version.toString(), games: s.byId.size, ms: Math.round(performance.now() - started) }, 'game catalogue loaded');
        return s;
      } finally {
        loading = undefined;
      }
    })());

  const check = () =>
    (checking ??= (async () => {
      try {
        const version = await repo.version();
        checkedAt = Date.now();
        if (version !== snapshot?.version) await load();
      } catch (err) {
        // Keep answering from the snapshot in hand; the next request tries again.
        opts.log?.warn({ err }, 'game catalogue version check failed');
      } finally {
        checking = undefined;
      }
    })());

  return {
    current: async () => {
      if (!snapshot) return load();
      if (Date.now() - checkedAt >= checkEveryMs) void check();
      return snapshot;
    },
    refresh: async () => {
      // A load already under way may have read the catalogue before the change the caller means.
      if (loading) await loading.catch(() => undefined);
      return load();
    },
  };
};
