import { GAME_CATEGORIES, type GameCategoryCode } from '@apsara/contracts';
import {
  BINGO_GAMES,
  ELOTT_GAMES,
  FISH_GAMES,
  LIVE_GAMES,
  MINI_GAMES,
  PVP_GAMES,
  slotName,
  type Names,
  type Word,
} from './catalog-words.js';

/**
 * The demo game catalogue: vendors, what each demo merchant offers, and a generated list of games
 * (about 10,000, mostly RNG slots). Everything is a pure function of the definitions below, so a
 * second seed finds every row already there, and the small catalogue of the test suites is an exact
 * subset of the full one (the same games, fewer of them per RNG vendor).
 */

export type VendorDef = {
  code: string;
  name: string;
  walletType: 'SEAMLESS' | 'TRANSFER';
  origin: 'INHOUSE' | 'SIM';
};

const sim = (code: string, name: string, walletType: VendorDef['walletType'] = 'SEAMLESS'): VendorDef => ({ code, name, walletType, origin: 'SIM' });

/**
 * Every vendor, append-only: a vendor's position is part of its games' node ids, so new vendors go at the
 * end. AG, BBIN and PT are transfer-wallet vendors (they match merchant config `transferVendors`).
 */
export const VENDORS: readonly VendorDef[] = [
  sim('AG', 'Asia Gaming', 'TRANSFER'),
  sim('BBIN', 'BBIN', 'TRANSFER'),
  sim('PT', 'Playtech', 'TRANSFER'),
  sim('CQ9', 'CQ9 Gaming'),
  sim('GG', 'GG Gaming'),
  sim('RTG', 'RTG Slots'),
  sim('BG', 'BG Live'),
  sim('DG', 'DG Live'),
  sim('EA', 'EA Live'),
  sim('LOTUS', 'Lotus Live'),
  sim('OG', 'OG Live'),
  sim('TGP', 'TGP Live'),
  sim('KX', 'KX Cards'),
  sim('KY', 'KY Cards'),
  sim('TH', 'TH Cards'),
  sim('WS', 'WS Cards'),
  sim('XY', 'XY Cards'),
  sim('AE', 'AE Slots'),
  sim('ISB', 'ISB Slots'),
  sim('MG', 'MG Slots'),
  sim('MGS', 'MGS Slots'),
  sim('PNG', 'PNG Slots'),
  sim('TTG', 'TTG Slots'),
  sim('WD', 'WD Slots'),
  sim('IBC', 'IBC Sports'),
  sim('SBT', 'SBT Sports'),
  sim('UG', 'UG Sports'),
  sim('NOVA', 'Nova Esports'),
  sim('PIXEL', 'Pixel Arena'),
  sim('SUNLOT', 'Sunrise Lottery'),
  sim('MEKONG', 'Mekong Lotto'),
  sim('QLOT', 'Quick Lotto'),
  sim('KENO8', 'Keno Eight'),
  sim('DS88', 'DS88 Cockfight'),
  sim('GALLO', 'Gallo Arena'),
  sim('BINGOHALL', 'Bingo Hall'),
  sim('STARBGO', 'Star Bingo'),
  sim('POCKET', 'Pocket Games'),
  sim('SPARK', 'Spark Minis'),
  { code: 'APSARA', name: 'Apsara Originals', walletType: 'SEAMLESS', origin: 'INHOUSE' },
];

/** Vendors of each category in the default order (spec §3 provider lists first, in their order). */
export const CATEGORY_VENDORS: Record<GameCategoryCode, readonly string[]> = {
  RNG: ['APSARA', 'AE', 'AG', 'CQ9', 'GG', 'ISB', 'MG', 'MGS', 'PNG', 'PT', 'RTG', 'TTG', 'WD'],
  LIVE: ['AG', 'BBIN', 'BG', 'DG', 'EA', 'LOTUS', 'OG', 'PT', 'TGP'],
  FISH: ['AG', 'BBIN', 'CQ9', 'GG', 'PT', 'RTG'],
  SPORTS: ['IBC', 'SBT', 'UG'],
  ESPORTS: ['NOVA', 'PIXEL'],
  PVP: ['KX', 'KY', 'TH', 'WS', 'XY'],
  LOTT: ['APSARA', 'SUNLOT', 'MEKONG'],
  ELOTT: ['QLOT', 'KENO8'],
  COCKFIGHT: ['DS88', 'GALLO'],
  BINGO: ['BINGOHALL', 'STARBGO'],
  MINI: ['POCKET', 'SPARK'],
  INHOUSE: ['APSARA'],
};

export type OfferRow = { gameType: GameCategoryCode; vendor: string; sort: number; enabled: boolean; maintenance: boolean };

/**
 * What each demo merchant offers. Every merchant gets every vendor in the default order, except LOTUS:
 * no MGS, TTG, WD slots, no TGP live tables, no bingo at all, its own slot order, and DG live under
 * maintenance, so the difference between two sites shows in every lobby call.
 */
export const merchantOffer = (merchantCode: string): OfferRow[] => {
  const rows: OfferRow[] = [];
  for (const gameType of GAME_CATEGORIES) {
    let vendors = [...CATEGORY_VENDORS[gameType]];
    if (merchantCode === 'LOTUS') {
      if (gameType === 'BINGO') continue;
      vendors = vendors.filter((v) => !['MGS', 'TTG', 'WD', 'TGP'].includes(v));
      if (gameType === 'RNG') vendors = ['PT', 'PNG', 'MG', 'APSARA', ...vendors.filter((v) => !['PT', 'PNG', 'MG', 'APSARA'].includes(v))];
    }
    vendors.forEach((vendor, i) =>
      rows.push({ gameType, vendor, sort: (i + 1) * 10, enabled: true, maintenance: merchantCode === 'LOTUS' && gameType === 'LIVE' && vendor === 'DG' }),
    );
  }
  return rows;
};

/** A demo game as generated; GameDef adds when it was added. */
type GameSpec = {
  nodeId: number;
  vendor: string;
  gameCode: string;
  gameType: GameCategoryCode;
  alsoTypes: GameCategoryCode[];
  isGame: 'GAME' | 'VASSALAGE';
  /** For a game inside a VASSALAGE sub-list: the heading entry's gameCode. */
  vassalage: string | null;
  names: Names;
  isHot: boolean;
  /** Minor units. */
  minBet: number;
  lines: number;
  sort: number;
  status: 'active' | 'maintenance';
};
export type GameDef = GameSpec & {
  /** How many days before the seed the demo game was added to the catalogue (0–719): orders the NEW list. */
  addedDaysAgo: number;
};

/** RNG slots per vendor in the full catalogue (sums to 9,800); the small one has a 40th of each. */
export const RNG_COUNTS: Record<string, number> = {
  AE: 700, AG: 700, CQ9: 980, GG: 700, ISB: 820, MG: 1100, MGS: 760, PNG: 900, PT: 1040, RTG: 680, TTG: 720, WD: 700,
};
export type CatalogSize = 'full' | 'small';
export const rngCount = (vendor: string, size: CatalogSize) => (size === 'full' ? RNG_COUNTS[vendor] : Math.ceil(RNG_COUNTS[vendor] / 40));

/** FNV-1a, 32 bits: a stable number from a text. */
export const hash32 = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)];
/** Minimum bets of generated slots, minor units: about a third are 1.00 or more. */
const SLOT_MIN_BETS = [1, 2, 5, 10, 10, 20, 20, 25, 40, 50, 50, 100, 100, 150, 200, 250, 500];
/** Lines of generated slots (243 and 1024 are "ways"): a little under half have 25 or more. */
const SLOT_LINES = [1, 5, 9, 9, 10, 10, 15, 20, 20, 25, 25, 30, 40, 50, 243, 1024];

const vendorIndex = new Map(VENDORS.map((v, i) => [v.code, i]));
const categoryIndex = new Map(GAME_CATEGORIES.map((c, i) => [c, i]));
/** Stable, unique: vendor position, category position, then the game's sequence within them. */
export const nodeIdOf = (vendor: string, gameType: GameCategoryCode, seq: number) => {
  const v = vendorIndex.get(vendor);
  const c = categoryIndex.get(gameType);
  if (v === undefined || c === undefined || seq < 1 || seq > 9999) throw new RangeError(`no node id for ${vendor}/${gameType}/${seq}`);
  return (v + 1) * 100_000 + c * 10_000 + seq;
};

const named = (w: Word): Names => ({ en: w[0], cn: w[1], km: w[2] });
const slug = (en: string) => en.toUpperCase().replace(/&/g, 'AND').replace(/[^A-Z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Generated RNG slots of a vendor: names unique within the vendor; game i is the same whatever the size. */
const rngGames = (vendor: string, count: number): GameSpec[] => {
  const seen = new Set<string>();
  const out: GameSpec[] = [];
  for (let i = 0; i < count; i++) {
    let names: Names | undefined;
    for (let attempt = 0; !names; attempt++) {
      const r = prng(hash32(`${vendor}:${i}:${attempt}`));
      const roll = r();
      const pattern = roll < 0.5 ? 0 : roll < 0.75 ? 1 : roll < 0.9 ? 2 : 3;
      const candidate = slotName(pattern, Math.floor(r() * 1000), Math.floor(r() * 1000), Math.floor(r() * 1000));
      if (!seen.has(candidate.en)) names = candidate;
    }
    seen.add(names.en);
    const r = prng(hash32(`${vendor}:${i}:props`));
    const seq = i + 1;
    out.push({
      nodeId: nodeIdOf(vendor, 'RNG', seq),
      vendor,
      gameCode: `SL${String(seq).padStart(4, '0')}`,
      gameType: 'RNG',
      alsoTypes: [],
      isGame: 'GAME',
      vassalage: null,
      names,
      isHot: i < 2 || r() < 0.03,
      minBet: pick(r, SLOT_MIN_BETS),
      lines: pick(r, SLOT_LINES),
      sort: seq * 10,
      // One slot per vendor is down for maintenance: it shows, flagged, and does not launch.
      status: i === 5 ? 'maintenance' : 'active',
    });
  }
  return out;
};

type Simple = { code: string; names: Names; minBet: number; lines?: number; hot?: boolean; children?: { code: string; names: Names }[] };

/** Games of a small category: entries in order, each optionally heading a VASSALAGE sub-list. */
const simpleGames = (vendor: string, gameType: GameCategoryCode, entries: Simple[]): GameSpec[] => {
  const out: GameSpec[] = [];
  let seq = 0;
  const add = (e: { code: string; names: Names }, extra: Partial<GameSpec>) => {
    seq++;
    out.push({
      nodeId: nodeIdOf(vendor, gameType, seq),
      vendor,
      gameCode: e.code,
      gameType,
      alsoTypes: [],
      isGame: 'GAME',
      vassalage: null,
      names: e.names,
      isHot: false,
      minBet: 100,
      lines: 0,
      sort: seq * 10,
      status: 'active',
      ...extra,
    });
  };
  for (const e of entries) {
    add(e, { isGame: e.children ? 'VASSALAGE' : 'GAME', isHot: e.hot ?? false, minBet: e.minBet, lines: e.lines ?? 0 });
    for (const child of e.children ?? []) add(child, { vassalage: e.code, minBet: e.minBet });
  }
  return out;
};

const rotate = <T>(list: readonly T[], by: number) => list.map((_, i) => list[(i + by) % list.length]);
const fromWords = (words: readonly Word[], minBets: readonly number[], hotFirst = 1): Simple[] =>
  words.map((w, i) => ({ code: slug(w[0]), names: named(w), minBet: minBets[i % minBets.length], hot: i < hotFirst }));

const liveGames = (vendor: string, v: number): Simple[] => {
  const letters = 'ABCDEFGH';
  const table = (game: Word, code: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ code: `${code}-${letters[i]}`, names: { en: `${game[0]} ${letters[i]}`, cn: `${game[1]}${letters[i]}`, km: `${game[2]} ${letters[i]}` } }));
  const baccarat: Word = ['Baccarat', '百家乐', 'បាការ៉ា'];
  const roulette: Word = ['Roulette', '轮盘', 'រ៉ូឡែត'];
  return [
    { code: 'BACCARAT', names: { en: `${vendor} Baccarat Hall`, cn: `${vendor}百家乐大厅`, km: `សាលបាការ៉ា ${vendor}` }, minBet: 100, hot: true, children: table(baccarat, 'BACCARAT', 8) },
    { code: 'ROULETTE', names: { en: `${vendor} Roulette Hall`, cn: `${vendor}轮盘大厅`, km: `សាលរ៉ូឡែត ${vendor}` }, minBet: 100, children: table(roulette, 'ROULETTE', 4) },
    ...fromWords(rotate(LIVE_GAMES, v), [100, 200, 500, 1000], 0),
  ];
};

const SPORTS: Word[] = [
  ['Sportsbook', '体育投注', 'ភ្នាល់កីឡា'],
  ['Virtual Football', '虚拟足球', 'បាល់ទាត់និម្មិត'],
  ['Live Betting', '滚球', 'ភ្នាល់ផ្ទាល់'],
];
const ESPORTS: Word[] = [
  ['Esports Arena', '电竞竞技场', 'សង្វៀនកីឡាអេឡិចត្រូនិច'],
  ['Virtual Esports', '虚拟电竞', 'កីឡាអេឡិចត្រូនិចនិម្មិត'],
];
const COCKFIGHT: Word[] = [
  ['Cockfight Live', '斗鸡直播', 'ជល់មាន់ផ្ទាល់'],
  ['Derby Championship', '斗鸡锦标赛', 'ពានរង្វាន់ជល់មាន់'],
  ['Arena Classic', '经典斗鸡场', 'សង្វៀនបុរាណ'],
];

const lotteryGames = (vendor: string): Simple[] => {
  if (vendor === 'SUNLOT') {
    return [
      {
        code: 'VN-LOTTERY',
        names: { en: 'Vietnam Lottery', cn: '越南彩', km: 'ឆ្នោតវៀតណាម' },
        minBet: 100,
        hot: true,
        children: [
          { code: 'VN-NORTH', names: { en: 'Northern Vietnam Lottery', cn: '越南北部彩', km: 'ឆ្នោតវៀតណាមខាងជើង' } },
          { code: 'VN-CENTRAL', names: { en: 'Central Vietnam Lottery', cn: '越南中部彩', km: 'ឆ្នោតវៀតណាមកណ្តាល' } },
          { code: 'VN-SOUTH', names: { en: 'Southern Vietnam Lottery', cn: '越南南部彩', km: 'ឆ្នោតវៀតណាមខាងត្បូង' } },
        ],
      },
      { code: 'THAI-LOTTERY', names: { en: 'Thai Lottery', cn: '泰国彩', km: 'ឆ្នោតថៃ' }, minBet: 100 },
      { code: 'LAO-LOTTERY', names: { en: 'Lao Lottery', cn: '老挝彩', km: 'ឆ្នោតឡាវ' }, minBet: 100 },
      { code: 'KH-LOTTERY', names: { en: 'Cambodia Lottery', cn: '柬埔寨彩', km: 'ឆ្នោតកម្ពុជា' }, minBet: 100 },
    ];
  }
  return [
    { code: 'SEA-LOTTERY', names: { en: 'Sea Lottery', cn: '海洋彩', km: 'ឆ្នោតសមុទ្រ' }, minBet: 100, hot: true },
    { code: 'LUCKY-5D', names: { en: 'Lucky 5D', cn: '幸运5D', km: 'សំណាង 5D' }, minBet: 100 },
    { code: 'MEKONG-3D', names: { en: 'Mekong 3D', cn: '湄公3D', km: 'មេគង្គ 3D' }, minBet: 100 },
    { code: 'LOTTO-645', names: { en: 'Lotto 6/45', cn: '乐透6/45', km: 'ឡូតូ ៦/៤៥' }, minBet: 100 },
  ];
};

/** Apsara's own games: the slot is an in-house game that the slots lobby lists as well. */
const INHOUSE_GAMES: GameSpec[] = [
  { code: 'SLOT', names: { en: 'Angkor Treasures', cn: '吴哥宝藏', km: 'កំណប់អង្គរ' }, minBet: 25, lines: 25, alsoTypes: ['RNG'] as GameCategoryCode[] },
  { code: 'DICE', names: { en: 'Apsara Dice', cn: '仙女骰子', km: 'គ្រាប់ឡុកឡាក់អប្សរា' }, minBet: 10, lines: 0, alsoTypes: [] },
  { code: 'MINES', names: { en: 'Temple Mines', cn: '神殿扫雷', km: 'មីនប្រាសាទ' }, minBet: 10, lines: 0, alsoTypes: [] },
  // The lotteries (modules/lottery) open the portal's /lottery page, and the lottery lobby lists them too.
  { code: 'FAST5D', names: { en: 'Apsara 1-minute 5D', cn: '仙女 1 分钟 5D', km: 'អប្សរា 5D រៀងរាល់ ១ នាទី' }, minBet: 100, lines: 0, alsoTypes: ['LOTT'] as GameCategoryCode[] },
  { code: 'CLASSIC5D', names: { en: 'Angkor 5-minute 5D', cn: '吴哥 5 分钟 5D', km: 'អង្គរ 5D រៀងរាល់ ៥ នាទី' }, minBet: 100, lines: 0, alsoTypes: ['LOTT'] as GameCategoryCode[] },
  // The Vietnam lottery opens the portal's /vnLottery page.
  { code: 'VN2M', names: { en: 'Mekong 2-minute Vietnam lottery', cn: '湄公 2 分钟越南彩', km: 'ឆ្នោតវៀតណាមមេគង្គ រៀងរាល់ ២ នាទី' }, minBet: 100, lines: 0, alsoTypes: ['LOTT'] as GameCategoryCode[] },
].map((g, i) => ({
  nodeId: nodeIdOf('APSARA', 'INHOUSE', i + 1),
  vendor: 'APSARA',
  gameCode: g.code,
  gameType: 'INHOUSE',
  alsoTypes: g.alsoTypes,
  isGame: 'GAME',
  vassalage: null,
  names: g.names,
  isHot: true,
  minBet: g.minBet,
  lines: g.lines,
  sort: (i + 1) * 10,
  status: 'active',
}));

/** Every game of the demo catalogue, in a stable order. */
/** Days before the seed a demo game counts as added: spread over two years, the same whatever the size. */
export const ADDED_WITHIN_DAYS = 720;

export const catalogGames = (size: CatalogSize): GameDef[] => {
  const out: GameSpec[] = [];
  for (const gameType of GAME_CATEGORIES) {
    CATEGORY_VENDORS[gameType].forEach((vendor, v) => {
      switch (gameType) {
        case 'RNG':
          if (vendor !== 'APSARA') out.push(...rngGames(vendor, rngCount(vendor, size)));
          break;
        case 'LIVE':
          out.push(...simpleGames(vendor, gameType, liveGames(vendor, v)));
          break;
        case 'FISH':
          out.push(...simpleGames(vendor, gameType, fromWords(rotate(FISH_GAMES, v).slice(0, 8), [10, 20, 50, 100])));
          break;
        case 'PVP':
          out.push(...simpleGames(vendor, gameType, fromWords(rotate(PVP_GAMES, v * 3).slice(0, 16), [100, 200, 500], 2)));
          break;
        case 'SPORTS':
          out.push(...simpleGames(vendor, gameType, fromWords(SPORTS, [100])));
          break;
        case 'ESPORTS':
          out.push(...simpleGames(vendor, gameType, fromWords(ESPORTS, [100])));
          break;
        case 'LOTT':
          // Apsara's own lotteries are in-house games listed here too (alsoTypes).
          if (vendor !== 'APSARA') out.push(...simpleGames(vendor, gameType, lotteryGames(vendor)));
          break;
        case 'ELOTT':
          out.push(...simpleGames(vendor, gameType, fromWords(rotate(ELOTT_GAMES, v * 4), [100, 200], 2)));
          break;
        case 'COCKFIGHT':
          out.push(...simpleGames(vendor, gameType, fromWords(COCKFIGHT, [100, 500])));
          break;
        case 'BINGO':
          out.push(...simpleGames(vendor, gameType, fromWords(rotate(BINGO_GAMES, v * 2), [50, 100])));
          break;
        case 'MINI':
          out.push(...simpleGames(vendor, gameType, fromWords(rotate(MINI_GAMES, v * 5), [10, 20, 50], 2)));
          break;
        case 'INHOUSE':
          out.push(...INHOUSE_GAMES);
          break;
      }
    });
  }
  return out.map((g) => ({ ...g, addedDaysAgo: hash32(`${g.vendor}:${g.gameCode}:added`) % ADDED_WITHIN_DAYS }));
};

/** Where a game's artwork lives under the image base URL (imgUrl): games/<vendor>/<gameCode>.svg. */
export const iconPathOf = (vendor: string, gameCode: string) => `games/${vendor}/${gameCode}.svg`;
