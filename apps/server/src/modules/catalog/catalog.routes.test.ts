import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { GAME_CATEGORIES, GameListResponse, NEW_GAMES_MAX, type GameCategoryCode } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { sha256 } from '../../lib/crypto.js';
import { catalogGames, merchantOffer, nodeIdOf, type GameDef } from './catalog-data.js';

/**
 * The catalogue calls against the small demo catalogue every harness seeds (the same games as the full
 * one, fewer slots per vendor); expected figures are worked out here from the catalogue definition.
 */
const SIM = 'http://sim.test:9000';
let h: Harness;
let demo: string;
let agent: string;
let lotus: string;
let trial: string;

beforeAll(async () => {
  h = await startHarness({ VENDOR_SIM_URL: SIM });
  [demo, agent, lotus, trial] = await Promise.all([
    h.login('demo01', 'Demo1234'),
    h.login('agent01', 'Agent1234'),
    h.login('lotus01', 'Lotus1234', 'lotus.localhost'),
    h.login('trial01', 'Trial1234'),
  ]);
});
afterAll(() => h.close());

const SMALL = catalogGames('small');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lanes = (merchant: string, type: GameCategoryCode) =>
  merchantOffer(merchant)
    .filter((o) => o.gameType === type)
    .sort((a, b) => a.sort - b.sort)
    .map((o) => o.vendor);
const inType = (g: GameDef, type: GameCategoryCode) => g.gameType === type || g.alsoTypes.includes(type);
/** What a merchant lists in a category, in order; `subLists` adds the games inside VASSALAGE entries. */
const expected = (merchant: string, type: GameCategoryCode, subLists = false) =>
  lanes(merchant, type).flatMap((v) => SMALL.filter((g) => g.vendor === v && inType(g, type) && (subLists || g.vassalage === null)).sort((a, b) => a.sort - b.sort));
const game = (vendor: string, gameCode: string) => {
  const g = SMALL.find((x) => x.vendor === vendor && x.gameCode === gameCode);
  if (!g) throw new Error(`no ${vendor}/${gameCode} in the catalogue`);
  return g;
};

type Item = { gameId: string; nodeId: number; vendor: string; gameType: string; gameCode: string; isGame: string; minBet: string; lines: number; gameName: string; maintenance: boolean; isHot: number; vassalage: string };
const get = (url: string, opts: { token?: string; host?: string; lang?: string } = {}) => h.call({ method: 'GET', url, lang: 'en', ...opts });
const list = async (query: string, host?: string) => {
  const res = await get(`/wps/relay/GCSGAME_gameList?${query}`, { host });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { content: Item[]; pageNo: number; pageSize: number; total: number; totalPages: number };
};
/** Every page of a list, with the page size given. */
const allPages = async (query: string, pageSize: number, host?: string) => {
  const first = await list(`${query}&pageSize=${pageSize}`, host);
  const items = [...first.content];
  for (let p = 2; p <= first.totalPages; p++) items.push(...(await list(`${query}&pageSize=${pageSize}&pageNo=${p}`, host)).content);
  return { total: first.total, items };
};

const WRITES = ['favorite_games', 'recent_games', 'game_sessions', 'auth_throttles'] as const;
const snapshot = async () => {
  const out: Record<string, string> = {};
  for (const t of WRITES) {
    const { rows } = await sql<{ n: bigint; d: string | null }>`select count(*)::int8 as n, md5(string_agg(t::text, '|' order by t::text)) as d from ${sql.table(t)} t`.execute(h.database.db);
    out[t] = `${rows[0].n}:${rows[0].d}`;
  }
  return out;
};
const expectError = (res: { statusCode: number; json: () => any }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ success: false, code });
  expect(body.message.length).toBeGreaterThan(0);
  return body;
};

describe('menus and vendor lanes', () => {
  it('lists every category with a vendor, in menu order, each with its vendors in the merchant’s order', async () => {
    const res = await get('/lgw/games/game_menus');
    expect(res.statusCode).toBe(200);
    const menus = res.json().value.menus as { gameType: string; iconUrl: string; vendors: { vendor: string; vassalage: string; displayName: string; maintenance: boolean; walletType: string; iconUrl: string }[] }[];
    expect(menus.map((m) => m.gameType)).toEqual([...GAME_CATEGORIES]);
    for (const m of menus) expect(m.vendors.map((v) => v.vendor)).toEqual(lanes('APSARA', m.gameType as GameCategoryCode));
    const rng = menus[0];
    expect(rng.iconUrl).toBe('/static/games/categories/RNG.svg');
    expect(rng.vendors.find((v) => v.vendor === 'AG')).toEqual({
      vendor: 'AG', vassalage: 'AG', displayName: 'Asia Gaming', gameType: 'RNG', maintenance: false, walletType: 'TRANSFER', iconUrl: '/static/games/vendors/AG.svg',
    });
  });

  it('differs between sites: LOTUS has no bingo, fewer slot vendors in its own order, DG live under maintenance', async () => {
    const menus = (await get('/lgw/games/game_menus', { host: 'lotus.localhost' })).json().value.menus as { gameType: string; vendors: { vendor: string; maintenance: boolean }[] }[];
    expect(menus.map((m) => m.gameType)).toEqual(GAME_CATEGORIES.filter((c) => c !== 'BINGO'));
    expect(menus[0].vendors.map((v) => v.vendor)).toEqual(['PT', 'PNG', 'MG', 'APSARA', 'AE', 'AG', 'CQ9', 'GG', 'ISB', 'RTG']);
    const lanesLotus = (await get('/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop', { host: 'lotus.localhost' })).json().value.data.lanes as typeof menus;
    const lanesApsara = (await get('/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop')).json().value.data.lanes as typeof menus;
    const live = (l: typeof menus) => l.find((x) => x.gameType === 'LIVE')!.vendors;
    expect(live(lanesLotus).filter((v) => v.maintenance).map((v) => v.vendor)).toEqual(['DG']);
    expect(live(lanesLotus).map((v) => v.vendor)).not.toContain('TGP');
    expect(live(lanesApsara).some((v) => v.maintenance)).toBe(false);
    expect(lanesApsara.map((l) => l.gameType)).toEqual([...GAME_CATEGORIES]);
  });

  it('hides a category whose every vendor is switched off, and shows it again', async () => {
    const m = await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow();
    await h.database.db.updateTable('merchant_game_vendors').set({ enabled: false }).where('merchant_id', '=', m.id).where('game_type', '=', 'COCKFIGHT').execute();
    await h.app.refreshCatalog();
    const menus = (await get('/lgw/games/game_menus')).json().value.menus as { gameType: string }[];
    expect(menus.map((x) => x.gameType)).not.toContain('COCKFIGHT');
    expectError(await get('/wps/relay/GCSGAME_gameList?gameType=COCKFIGHT&vendor=DS88'), 404, 'NOT_FOUND');
    expect((await list('gameType=COCKFIGHT')).total).toBe(0);
    await h.database.db.updateTable('merchant_game_vendors').set({ enabled: true }).where('merchant_id', '=', m.id).where('game_type', '=', 'COCKFIGHT').execute();
    await h.app.refreshCatalog();
    expect((await list('gameType=COCKFIGHT')).total).toBe(expected('APSARA', 'COCKFIGHT').length);
  });
});

describe('GCSGAME_gameList', () => {
  it('lists a category in vendor order then game order, with every field of a game', async () => {
    const want = expected('APSARA', 'RNG');
    expect(want.length).toBe(250); // 249 generated slots + the in-house slot
    const { total, items } = await allPages('gameType=RNG', 100);
    expect(total).toBe(250);
    expect(items.map((i) => i.nodeId)).toEqual(want.map((g) => g.nodeId));
    expect(items[0]).toMatchObject({ vendor: 'APSARA', gameCode: 'SLOT', gameType: 'RNG', gameName: 'Angkor Treasures', minBet: '0.25', lines: 25, isHot: 1 });
    const ag = items.find((i) => i.nodeId === nodeIdOf('AG', 'RNG', 1))!;
    const def = game('AG', 'SL0001');
    expect(ag).toEqual({
      gameId: expect.stringMatching(/^\d+$/),
      nodeId: 100_001,
      vendor: 'AG',
      vassalage: 'AG',
      gameType: 'RNG',
      gameCode: 'SL0001',
      isGame: 'GAME',
      displayName: 'Asia Gaming',
      gameName: def.names.en,
      nodeName: def.names.en,
      iconUrl: '/static/games/AG/SL0001.svg',
      isHot: 1,
      minBet: (def.minBet / 100).toFixed(2),
      lines: def.lines,
      maintenance: false,
    });
    // The seeded maintenance slot shows, flagged.
    expect(items.find((i) => i.vendor === 'AG' && i.gameCode === 'SL0006')?.maintenance).toBe(true);
  });

  it('names games in the language asked for, falling back to English for other listed languages', async () => {
    const q = 'gameType=RNG&vendor=AG&pageSize=1';
    const def = game('AG', 'SL0001');
    expect((await list(`${q}&language=km`)).content[0].gameName).toBe(def.names.km);
    expect((await list(`${q}&language=cn`)).content[0].gameName).toBe(def.names.cn);
    expect((await list(`${q}&language=th`)).content[0].gameName).toBe(def.names.en);
    const byHeader = (await get(`/wps/relay/GCSGAME_gameList?${q}`, { lang: 'zh-CN' })).json().value.content[0];
    expect(byHeader.gameName).toBe(def.names.cn);
  });

  it('pages 20 by default, up to 100, and past the end answers an empty page with the totals', async () => {
    const first = await list('gameType=RNG&vendor=AG');
    const agCount = SMALL.filter((g) => g.vendor === 'AG' && g.gameType === 'RNG').length;
    expect(agCount).toBe(18);
    expect(first).toMatchObject({ pageNo: 1, pageSize: 20, total: 18, totalPages: 1 });
    const { items } = await allPages('gameType=RNG&vendor=AG', 7);
    expect(items.length).toBe(18);
    expect(new Set(items.map((i) => i.nodeId)).size).toBe(18);
    expect((await list('gameType=RNG&vendor=AG&pageSize=7')).totalPages).toBe(3);
    expect(await list('gameType=RNG&vendor=AG&pageSize=7&pageNo=4')).toMatchObject({ content: [], total: 18, totalPages: 3, pageNo: 4 });
    expect((await list('gameType=RNG&pageSize=100')).content.length).toBe(100);
  });

  it('lists the entries of a live vendor, not the tables inside its halls', async () => {
    const { items } = await allPages('gameType=LIVE&vendor=AG', 20);
    expect(items.map((i) => i.gameCode)).toEqual(expected('APSARA', 'LIVE').filter((g) => g.vendor === 'AG').map((g) => g.gameCode));
    expect(items.slice(0, 2).map((i) => [i.gameCode, i.isGame, i.vassalage])).toEqual([
      ['BACCARAT', 'VASSALAGE', 'BACCARAT'],
      ['ROULETTE', 'VASSALAGE', 'ROULETTE'],
    ]);
    expect(items.length).toBe(8);
  });

  it('applies the slot filters: minimum bet 1.00 or more, 25 lines or more, and both', async () => {
    const all = expected('APSARA', 'RNG');
    const cases: [string, (g: GameDef) => boolean][] = [
      ['minBetAtLeastOne=true', (g) => g.minBet >= 100],
      ['linesAtLeast25=1', (g) => g.lines >= 25],
      ['minBetAtLeastOne=1&linesAtLeast25=true', (g) => g.minBet >= 100 && g.lines >= 25],
    ];
    for (const [query, rule] of cases) {
      const want = all.filter(rule);
      expect(want.length, query).toBeGreaterThan(10);
      expect(want.length, query).toBeLessThan(all.length - 10);
      const { total, items } = await allPages(`gameType=RNG&${query}`, 100);
      expect(total, query).toBe(want.length);
      expect(items.map((i) => i.nodeId), query).toEqual(want.map((g) => g.nodeId));
    }
    const off = await list('gameType=RNG&minBetAtLeastOne=false&linesAtLeast25=0');
    expect(off.total).toBe(all.length);
    for (const i of (await allPages('gameType=RNG&minBetAtLeastOne=1&linesAtLeast25=1', 100)).items) {
      expect(Number(i.minBet)).toBeGreaterThanOrEqual(1);
      expect(i.lines).toBeGreaterThanOrEqual(25);
    }
  });

  it('answers the game-select views: HOT keeps the hot games in order, NEW the newest added first', async () => {
    const all = expected('APSARA', 'RNG');
    const hot = all.filter((g) => g.isHot);
    expect(hot.length).toBeGreaterThan(5);
    const hotPages = await allPages('gameType=RNG&select=HOT', 100);
    expect(hotPages.total).toBe(hot.length);
    expect(hotPages.items.map((i) => i.nodeId)).toEqual(hot.map((g) => g.nodeId));
    // With another filter: the hot games of one vendor with 25 lines or more.
    const ptHot = hot.filter((g) => g.vendor === 'PT' && g.lines >= 25);
    expect((await allPages('gameType=RNG&select=HOT&vendor=PT&linesAtLeast25=1', 100)).items.map((i) => i.nodeId)).toEqual(ptHot.map((g) => g.nodeId));

    // NEW: at most NEW_GAMES_MAX, newest first; the cut falls between whole days, so compare by day.
    expect(all.length).toBeGreaterThan(NEW_GAMES_MAX);
    const byAge = [...all].sort((a, b) => a.addedDaysAgo - b.addedDaysAgo);
    const news = await allPages('gameType=RNG&select=NEW', 20);
    expect(news.total).toBe(NEW_GAMES_MAX);
    const ages = news.items.map((i) => all.find((g) => g.nodeId === i.nodeId)!.addedDaysAgo);
    expect(ages).toEqual(byAge.slice(0, NEW_GAMES_MAX).map((g) => g.addedDaysAgo));
    const cut = ages[ages.length - 1];
    for (const g of all.filter((x) => x.addedDaysAgo < cut)) expect(news.items.some((i) => i.nodeId === g.nodeId), g.gameCode).toBe(true);
    // A small list is shown whole, newest first.
    const fish = expected('APSARA', 'FISH').filter((g) => g.vendor === lanes('APSARA', 'FISH')[0]);
    const fishNew = (await list(`gameType=FISH&vendor=${fish[0].vendor}&select=NEW`)).content.map((i) => fish.find((g) => g.nodeId === i.nodeId)!.addedDaysAgo);
    expect(fishNew).toHaveLength(fish.length);
    expect(fishNew).toEqual([...fishNew].sort((a, b) => a - b));
    // ALL is the plain list; anything else is refused.
    expect((await list('gameType=RNG&select=ALL')).total).toBe(all.length);
    for (const bad of ['FAV', 'RECENT', 'hot', '']) expectError(await get(`/wps/relay/GCSGAME_gameList?gameType=RNG&select=${bad}`), 400, 'VALIDATION_FAILED');
  });

  it('searches names in any of the three languages, ignoring case, sub-list games included', async () => {
    const matches = (needle: string, type: GameCategoryCode) =>
      expected('APSARA', type, true).filter((g) => [g.names.en, g.names.cn, g.names.km].some((n) => n.toLowerCase().includes(needle.toLowerCase())));
    for (const [needle, type] of [['DrAgOn', 'RNG'], ['龙', 'RNG'], ['នាគ', 'RNG'], ['golden', 'RNG'], ['baccarat', 'LIVE'], ['百家乐', 'LIVE']] as const) {
      const want = matches(needle, type);
      expect(want.length, needle).toBeGreaterThan(0);
      const { total, items } = await allPages(`gameType=${type}&name=${encodeURIComponent(needle)}`, 100);
      expect(total, needle).toBe(want.length);
      expect(items.map((i) => i.nodeId), needle).toEqual(want.map((g) => g.nodeId));
    }
    const tables = await list(`gameType=LIVE&vendor=AG&name=${encodeURIComponent('baccarat')}`);
    expect(tables.total).toBe(9); // the hall and its eight tables
    expect(tables.content.filter((i) => i.vassalage === 'BACCARAT' && i.isGame === 'GAME').length).toBe(8);
    // Search across every category, combined with the slot filters.
    const everywhere = await allPages(`name=dragon&minBetAtLeastOne=1`, 100);
    const want = GAME_CATEGORIES.flatMap((t) => matches('dragon', t)).filter((g, i, a) => a.findIndex((x) => x.nodeId === g.nodeId) === i && g.minBet >= 100);
    expect(everywhere.total).toBe(want.length);
    expect((await list('gameType=RNG&name=zzzz-no-such-game')).total).toBe(0);
  });

  it('keeps to the merchant’s own vendors', async () => {
    const lotusRng = expected('LOTUS', 'RNG');
    const { total, items } = await allPages('gameType=RNG', 100, 'lotus.localhost');
    expect(total).toBe(lotusRng.length);
    expect(total).toBeLessThan(expected('APSARA', 'RNG').length);
    expect(items.some((i) => ['MGS', 'TTG', 'WD'].includes(i.vendor))).toBe(false);
    expect(items[0].vendor).toBe('PT');
    expectError(await get('/wps/relay/GCSGAME_gameList?gameType=RNG&vendor=MGS', { host: 'lotus.localhost' }), 404, 'NOT_FOUND');
    expectError(await get('/wps/relay/GCSGAME_gameList?vendor=BINGOHALL', { host: 'lotus.localhost' }), 404, 'NOT_FOUND');
    expectError(await get('/wps/relay/GCSGAME_gameList?gameType=LIVE&vendor=AE'), 404, 'NOT_FOUND');
    // The live vendor under maintenance on LOTUS lists its games, each flagged.
    const dg = await list('gameType=LIVE&vendor=DG', 'lotus.localhost');
    expect(dg.total).toBeGreaterThan(0);
    expect(dg.content.every((i) => i.maintenance)).toBe(true);
    expect((await list('gameType=LIVE&vendor=DG')).content.some((i) => i.maintenance)).toBe(false);
  });

  it('answers a repeated query with the same JSON body, and a changed catalogue with a fresh one', async () => {
    const url = '/wps/relay/GCSGAME_gameList?gameType=RNG&vendor=PT&pageSize=5';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const parsed = GameListResponse.safeParse(first.json());
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect((await get(url)).body).toBe(first.body);
    // The page is kept per language: the same query in Chinese names the games in Chinese.
    const cn = (await get(url, { lang: 'cn' })).json().value.content as Item[];
    expect(cn.map((i) => i.gameName)).toEqual((first.json().value.content as Item[]).map((i) => game('PT', i.gameCode).names.cn));
    // A vendor put under maintenance on this site shows on the very same page once the catalogue reloads.
    const m = await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow();
    const offer = h.database.db.updateTable('merchant_game_vendors').where('merchant_id', '=', m.id).where('game_type', '=', 'RNG').where('vendor_code', '=', 'PT');
    await offer.set({ maintenance: true }).execute();
    try {
      await h.app.refreshCatalog();
      const after = (await get(url)).json().value.content as Item[];
      expect(after.length).toBe(5);
      expect(after.every((i) => i.maintenance)).toBe(true);
    } finally {
      await offer.set({ maintenance: false }).execute();
      await h.app.refreshCatalog();
    }
    expect((await get(url)).json().value.content.some((i: Item) => i.maintenance)).toBe(false);
  });

  it('refuses bad input with the field and the rule', async () => {
    for (const [query, field] of [
      ['pageSize=101', 'pageSize'],
      ['pageSize=0', 'pageSize'],
      ['pageSize=abc', 'pageSize'],
      ['pageNo=0', 'pageNo'],
      ['gameType=CASINO', 'gameType'],
      ['vendor=ag', 'vendor'],
      [`name=${'x'.repeat(65)}`, 'name'],
      ['name=%20%20', 'name'],
      ['minBetAtLeastOne=yes', 'minBetAtLeastOne'],
      ['language=xx', 'language'],
      ['sort=desc', ''],
    ]) {
      const body = expectError(await get(`/wps/relay/GCSGAME_gameList?${query}`), 400, 'VALIDATION_FAILED');
      if (field) expect(body.fields.map((f: { field: string }) => f.field), query).toContain(field);
    }
  });
});

describe('hot games and sub-lists', () => {
  it('lists hot games ready to play, category by category, of the site’s vendors only', async () => {
    const res = await get('/wps/relay/GCSGAME_hotGamesV2?limit=100');
    const games = res.json().value.games as Item[];
    const hot = GAME_CATEGORIES.flatMap((t) => expected('APSARA', t)).filter((g, i, a) => g.isHot && g.status === 'active' && a.findIndex((x) => x.nodeId === g.nodeId) === i);
    expect(hot.length).toBe(80);
    expect(games.map((g) => g.nodeId)).toEqual(hot.map((g) => g.nodeId));
    expect(games.every((g) => g.isHot === 1 && !g.maintenance)).toBe(true);
    expect(games[0]).toMatchObject({ vendor: 'APSARA', gameCode: 'SLOT', gameType: 'RNG' });
    const order = games.map((g) => GAME_CATEGORIES.indexOf(g.gameType as GameCategoryCode));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const live = (await get('/wps/relay/GCSGAME_hotGamesV2?gameType=LIVE')).json().value.games as Item[];
    expect(live.length).toBe(lanes('APSARA', 'LIVE').length); // each live vendor's baccarat hall
    expect((await get('/wps/relay/GCSGAME_hotGamesV2')).json().value.games.length).toBe(24);
    const lotusHot = (await get('/wps/relay/GCSGAME_hotGamesV2?limit=100', { host: 'lotus.localhost' })).json().value.games as Item[];
    expect(lotusHot.some((g) => ['MGS', 'TTG', 'WD', 'TGP', 'DG'].includes(g.vendor) || g.gameType === 'BINGO')).toBe(false);
    expectError(await get('/wps/relay/GCSGAME_hotGamesV2?limit=0'), 400, 'VALIDATION_FAILED');
  });

  it('opens a VASSALAGE entry’s games, and nothing else', async () => {
    const v = (await get('/wps/relay/GCSGAME_getVassGameType?vendor=AG&vassalage=BACCARAT&gameType=LIVE')).json().value;
    expect(v.parent).toMatchObject({ gameCode: 'BACCARAT', isGame: 'VASSALAGE', vassalage: 'BACCARAT', gameName: 'AG Baccarat Hall' });
    expect(v.games.map((g: Item) => g.gameCode)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((l) => `BACCARAT-${l}`));
    expect(v.games.every((g: Item) => g.vassalage === 'BACCARAT' && g.isGame === 'GAME' && g.gameType === 'LIVE')).toBe(true);
    const lott = (await get('/wps/relay/GCSGAME_getVassGameType?vendor=SUNLOT&vassalage=VN-LOTTERY', { lang: 'km' })).json().value;
    expect(lott.games.map((g: Item) => g.gameName)).toEqual(['ឆ្នោតវៀតណាមខាងជើង', 'ឆ្នោតវៀតណាមកណ្តាល', 'ឆ្នោតវៀតណាមខាងត្បូង']);
    expectError(await get('/wps/relay/GCSGAME_getVassGameType?vendor=AG&vassalage=SL0001'), 404, 'NOT_FOUND');
    expectError(await get('/wps/relay/GCSGAME_getVassGameType?vendor=AG&vassalage=NOPE'), 404, 'NOT_FOUND');
    expectError(await get('/wps/relay/GCSGAME_getVassGameType?vendor=TGP&vassalage=BACCARAT', { host: 'lotus.localhost' }), 404, 'NOT_FOUND');
    expectError(await get('/wps/relay/GCSGAME_getVassGameType?vendor=AG'), 400, 'VALIDATION_FAILED');
  });
});

describe('POST /wps/game/launchGame', () => {
  const launch = (payload: object, token = demo, host?: string) => h.call({ method: 'POST', url: '/wps/game/launchGame', token, host, payload, lang: 'en' });

  it('opens an in-house lottery on the portal’s lottery page, from its in-house and its lottery listing alike', async () => {
    const fast = game('APSARA', 'FAST5D');
    for (const gameType of ['INHOUSE', 'LOTT']) {
      const res = await launch({ nodeId: fast.nodeId, vendor: 'APSARA', gameType });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value).toMatchObject({ action: 'URL', url: '/lottery?gameCode=FAST5D', gameCode: 'FAST5D', origin: 'INHOUSE' });
    }
  });

  it('launches an in-house game on the portal’s own page, with a fresh session and a recent-games row', async () => {
    const slot = game('APSARA', 'SLOT');
    const res = await launch({ nodeId: slot.nodeId, vendor: 'APSARA', gameType: 'INHOUSE' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ action: 'URL', vendor: 'APSARA', gameType: 'INHOUSE', gameCode: 'SLOT', origin: 'INHOUSE', walletType: 'SEAMLESS', nodeId: slot.nodeId });
    // Its "back" link: the in-house category's list, or the page it was launched from.
    const m = /^\/seamless\?game=APSARA:SLOT&token=([A-Za-z0-9_-]{43})&lang=en&back=%2Fbgs$/.exec(v.url);
    expect(m, v.url).not.toBeNull();
    const session = await h.database.db.selectFrom('game_sessions').selectAll().where('token_hash', '=', sha256(m![1])).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ vendor_code: 'APSARA', game_id: BigInt(v.gameId) });
    expect(session.expires_at.getTime()).toBeGreaterThan(Date.now());
    expect(new Date(v.expiresAt).getTime()).toBe(session.expires_at.getTime());
    // The raw token is nowhere in the database.
    const { rows } = await sql<{ n: bigint }>`select count(*)::int8 as n from game_sessions where token_hash = ${m![1]}`.execute(h.database.db);
    expect(rows[0].n).toBe(0n);
    const fromHome = (await launch({ nodeId: slot.nodeId, vendor: 'APSARA', gameType: 'INHOUSE', returnPath: '/?tab=hot' })).json().value;
    expect(new URLSearchParams(fromHome.url.split('?')[1]).get('back')).toBe('/?tab=hot');
  });

  it('launches a simulated vendor’s game at VENDOR_SIM_URL with the language and a way back', async () => {
    const def = game('AG', 'SL0001');
    const res = await launch({ gameId: (await list('gameType=RNG&vendor=AG&pageSize=1')).content[0].gameId, language: 'km' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ action: 'URL', vendor: 'AG', gameCode: def.gameCode, origin: 'SIM', walletType: 'TRANSFER', gameType: 'RNG' });
    const url = new URL(v.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${SIM}/launch/AG/SL0001`);
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('lang')).toBe('km');
    expect(url.searchParams.get('returnUrl')).toBe('http://localhost/rng');
    // Launched from the home page: back to the home page. Only a path of this site is taken.
    const fromHome = (await launch({ gameId: v.gameId, returnPath: '/' })).json().value;
    expect(new URL(fromHome.url).searchParams.get('returnUrl')).toBe('http://localhost/');
    const fromSearch = (await launch({ gameId: v.gameId, returnPath: '/search/slots-2' })).json().value;
    expect(new URL(fromSearch.url).searchParams.get('returnUrl')).toBe('http://localhost/search/slots-2');
    // A filtered list comes back filtered; a `recover` it carried is not the page's to set.
    const filtered = (await launch({ gameId: v.gameId, returnPath: '/rng?vassalage=AG&recover=PT' })).json().value;
    expect(new URL(filtered.url).searchParams.get('returnUrl')).toBe('http://localhost/rng?vassalage=AG');
    for (const returnPath of ['//evil.example', 'https://evil.example/', '/a//b', '/x?next=//evil', '/a\\b', 'rng', '/%2F%2Fevil', '/x?a=<b>', '/x#frag', '/' + 'a'.repeat(200)]) {
      const bad = await launch({ gameId: v.gameId, returnPath });
      expect([returnPath, bad.statusCode, bad.json().code]).toEqual([returnPath, 400, 'VALIDATION_FAILED']);
    }
    // A vendor tile (vendor + category) launches its first entry; a live vendor's first entry is its hall.
    const tile = (await launch({ vendor: 'IBC', gameType: 'SPORTS' })).json().value;
    expect(tile).toMatchObject({ action: 'URL', vendor: 'IBC', gameCode: 'SPORTSBOOK' });
    expect(new URL(tile.url).pathname).toBe('/launch/IBC/SPORTSBOOK');
  });

  it('answers a VASSALAGE entry with its sub-list and writes nothing', async () => {
    const before = await snapshot();
    const res = await launch({ nodeId: game('AG', 'BACCARAT').nodeId, vendor: 'AG', gameType: 'LIVE' });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.action).toBe('SUBLIST');
    expect(v.parent.gameCode).toBe('BACCARAT');
    expect(v.games.length).toBe(8);
    expect(await snapshot()).toEqual(before);
    // A table inside the hall launches.
    const table = (await launch({ nodeId: game('AG', 'BACCARAT-C').nodeId })).json().value;
    expect(table).toMatchObject({ action: 'URL', gameCode: 'BACCARAT-C', gameType: 'LIVE' });
    expect(new URL(table.url).searchParams.get('returnUrl')).toBe('http://localhost/live');
  });

  it('records recent games, newest first, and pages them 20 at a time', async () => {
    const first = await launch({ nodeId: game('CQ9', 'SL0001').nodeId });
    expect(first.statusCode).toBe(200);
    await sleep(5);
    await launch({ nodeId: SMALL.find((g) => g.vendor === 'PT' && g.gameType === 'FISH')!.nodeId });
    const recent = (await get('/wps/relay/GCS_recentGame', { token: demo })).json().value;
    expect(recent).toMatchObject({ pageNo: 1, pageSize: 20 });
    expect(recent.content[0]).toMatchObject({ vendor: 'PT', gameType: 'FISH' });
    expect(recent.content[1]).toMatchObject({ vendor: 'CQ9', gameCode: 'SL0001' });
    expect(recent.content.map((i: Item) => i.gameCode)).toContain('SLOT');
    // Playing again moves a game to the top without a second row.
    await sleep(5);
    await launch({ nodeId: game('CQ9', 'SL0001').nodeId });
    const again = (await get('/wps/relay/GCS_recentGame', { token: demo })).json().value;
    expect(again.content[0]).toMatchObject({ vendor: 'CQ9', gameCode: 'SL0001' });
    expect(again.total).toBe(recent.total);
    const rngOnly = (await get('/wps/relay/GCS_recentGame?gameType=RNG&page=1&pageSize=20', { token: demo })).json().value;
    expect(rngOnly.content.every((i: Item) => i.gameType === 'RNG')).toBe(true);
    expect(rngOnly.content.map((i: Item) => i.gameCode)).toContain('SLOT'); // the in-house slot is an RNG game too
    expect((await get('/wps/relay/GCS_recentGame?pageSize=2', { token: demo })).json().value.totalPages).toBe(Math.ceil(again.total / 2));
    // Another member sees nothing of it.
    expect((await get('/wps/relay/GCS_recentGame', { token: agent })).json().value.total).toBe(0);
    expectError(await get('/wps/relay/GCS_recentGame?pageSize=21', { token: demo }), 400, 'VALIDATION_FAILED');
    expectError(await get('/wps/relay/GCS_recentGame'), 401, 'NOT_LOGGED_IN');
  });

  it('answers maintenance with other games of the category to play instead', async () => {
    // DG live is under maintenance on LOTUS (its offer), not on APSARA.
    const dg = game('DG', 'DRAGON-TIGER');
    const before = await snapshot();
    const body = expectError(await launch({ nodeId: dg.nodeId, vendor: 'DG', gameType: 'LIVE' }, lotus, 'lotus.localhost'), 503, 'GAME_MAINTENANCE');
    expect(body.data).toMatchObject({ reason: 'GAME_MAINTENANCE', vendor: 'DG', gameType: 'LIVE', nodeId: dg.nodeId });
    const suggestions = body.data.suggestions as Item[];
    expect(suggestions.length).toBe(6);
    expect(suggestions.every((s) => s.gameType === 'LIVE' && s.vendor !== 'DG' && !s.maintenance && s.vendor !== 'TGP')).toBe(true);
    expect(suggestions[0].isHot).toBe(1);
    expect(await snapshot()).toEqual(before);
    expect((await launch({ nodeId: dg.nodeId })).statusCode).toBe(200);
    // A game under maintenance (seeded), on any site.
    const down = expectError(await launch({ nodeId: game('AG', 'SL0006').nodeId }), 503, 'GAME_MAINTENANCE');
    expect(down.data.suggestions.every((s: Item) => s.gameType === 'RNG' && s.gameCode !== 'SL0006')).toBe(true);
    // A vendor switched to maintenance is refused at once: launches read the database, not the index.
    await h.database.db.updateTable('game_vendors').set({ status: 'maintenance' }).where('code', '=', 'CQ9').execute();
    try {
      expectError(await launch({ nodeId: game('CQ9', 'SL0002').nodeId }), 503, 'GAME_MAINTENANCE');
      await h.app.refreshCatalog();
      expect((await list('gameType=RNG&vendor=CQ9')).content.every((i) => i.maintenance)).toBe(true);
    } finally {
      await h.database.db.updateTable('game_vendors').set({ status: 'active' }).where('code', '=', 'CQ9').execute();
      await h.app.refreshCatalog();
    }
    expect((await launch({ nodeId: game('CQ9', 'SL0002').nodeId })).statusCode).toBe(200);
  });

  it('refuses trial accounts, strangers, unknown games and other sites’ games, writing nothing', async () => {
    const before = await snapshot();
    const slot = game('APSARA', 'SLOT').nodeId;
    expectError(await launch({ nodeId: slot }, trial), 403, 'TRIAL_NEED_REAL_ACCOUNT');
    expectError(await h.call({ method: 'POST', url: '/wps/game/launchGame', payload: { nodeId: slot } }), 401, 'NOT_LOGGED_IN');
    expectError(await launch({ nodeId: 999_999_999 }), 404, 'NOT_FOUND');
    expectError(await launch({ gameId: '999999999' }), 404, 'NOT_FOUND');
    expectError(await launch({ nodeId: slot, vendor: 'AG' }), 404, 'NOT_FOUND');
    expectError(await launch({ nodeId: slot, gameType: 'LIVE' }), 404, 'NOT_FOUND');
    expectError(await launch({ vendor: 'MGS', gameType: 'LIVE' }), 404, 'NOT_FOUND');
    // MGS slots and TGP tables are not offered on LOTUS.
    expectError(await launch({ nodeId: game('MGS', 'SL0001').nodeId }, lotus, 'lotus.localhost'), 404, 'NOT_FOUND');
    expectError(await launch({ nodeId: game('TGP', 'SIC-BO').nodeId }, lotus, 'lotus.localhost'), 404, 'NOT_FOUND');
    // LOTUS tokens do not work on APSARA's domain.
    expectError(await launch({ nodeId: slot }, lotus), 401, 'NOT_LOGGED_IN');
    for (const payload of [{}, { vendor: 'AG' }, { nodeId: 'abc' }, { nodeId: -1 }, { gameId: '12x' }, { nodeId: slot, extra: 1 }, { gameType: 'RNG' }]) {
      expectError(await launch(payload), 400, 'VALIDATION_FAILED');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('favorites', () => {
  const add = (payload: object, token = demo, host?: string) => h.call({ method: 'POST', url: '/wps/relay/MCSFE_addFavoriteGameV2', token, host, payload, lang: 'en' });
  const remove = (query: string, token = demo, host?: string) => h.call({ method: 'DELETE', url: `/wps/relay/MCSFE_removeFavoriteGameV2?${query}`, token, host, lang: 'en' });
  const ids = async (token = demo, host?: string) => (await get('/wps/relay/MCSFE_getFavoriteGames', { token, host })).json().value.nodeIds as number[];

  it('adds, lists and removes favorites, one change a second', async () => {
    const slot = game('APSARA', 'SLOT');
    const fish = SMALL.find((g) => g.vendor === 'GG' && g.gameType === 'FISH')!;
    expect(await ids()).toEqual([]);
    const added = await add({ nodeId: slot.nodeId, vendor: 'APSARA', gameType: 'INHOUSE' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().value).toEqual({ nodeId: slot.nodeId, favorite: true, nodeIds: [slot.nodeId] });
    // Faster than once a second: refused, nothing written.
    const before = await snapshot();
    expectError(await add({ nodeId: fish.nodeId, vendor: 'GG', gameType: 'FISH' }), 429, 'RATE_LIMITED');
    expect((await snapshot()).favorite_games).toBe(before.favorite_games);
    await sleep(1050);
    expect((await add({ nodeId: String(fish.nodeId), vendor: 'GG', gameType: 'FISH' })).statusCode).toBe(200);
    expect(await ids()).toEqual([fish.nodeId, slot.nodeId]);
    const page = (await get('/wps/relay/MCSFE_getFavoriteGamesList?pageNo=1&pageSize=999', { token: demo, lang: 'cn' })).json().value;
    expect(page).toMatchObject({ pageNum: 1, pageSize: 999, total: 2, totalPages: 1 });
    expect(page.content.map((i: Item) => [i.nodeId, i.gameName])).toEqual([
      [fish.nodeId, fish.names.cn],
      [slot.nodeId, slot.names.cn],
    ]);
    expect((await get('/wps/relay/MCSFE_getFavoriteGamesList?pageSize=1&pageNo=2', { token: demo })).json().value).toMatchObject({ pageNum: 2, totalPages: 2, total: 2 });
    // One category's favorites (a list page's FAV view): the in-house slot is listed under slots too.
    const under = async (type: string) =>
      (await get(`/wps/relay/MCSFE_getFavoriteGamesList?gameType=${type}`, { token: demo })).json().value.content.map((i: Item) => [i.nodeId, i.gameType]);
    expect(await under('RNG')).toEqual([[slot.nodeId, 'RNG']]);
    expect(await under('FISH')).toEqual([[fish.nodeId, 'FISH']]);
    expect(await under('LIVE')).toEqual([]);
    expectError(await get('/wps/relay/MCSFE_getFavoriteGamesList?gameType=NOPE', { token: demo }), 400, 'VALIDATION_FAILED');
    await sleep(1050);
    const removed = await remove(`nodeId=${slot.nodeId}&vendor=APSARA&gameType=INHOUSE`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().value).toEqual({ nodeId: slot.nodeId, favorite: false, nodeIds: [fish.nodeId] });
    expectError(await remove(`nodeId=${fish.nodeId}`), 429, 'RATE_LIMITED');
    await sleep(1050);
    // Adding twice is harmless.
    expect((await add({ nodeId: fish.nodeId, vendor: 'GG', gameType: 'FISH' })).json().value.nodeIds).toEqual([fish.nodeId]);
    // Each member, each site, their own list.
    expect(await ids(agent)).toEqual([]);
    expect(await ids(lotus, 'lotus.localhost')).toEqual([]);
  });

  it('refuses trial accounts, strangers, unknown and other sites’ games, and bad input, writing nothing', async () => {
    const before = await snapshot();
    const slot = game('APSARA', 'SLOT').nodeId;
    expectError(await add({ nodeId: slot, vendor: 'APSARA', gameType: 'INHOUSE' }, trial), 403, 'TRIAL_NEED_REAL_ACCOUNT');
    expectError(await remove(`nodeId=${slot}`, trial), 403, 'TRIAL_NEED_REAL_ACCOUNT');
    expectError(await h.call({ method: 'POST', url: '/wps/relay/MCSFE_addFavoriteGameV2', payload: { nodeId: slot, vendor: 'APSARA', gameType: 'INHOUSE' } }), 401, 'NOT_LOGGED_IN');
    expectError(await get('/wps/relay/MCSFE_getFavoriteGames'), 401, 'NOT_LOGGED_IN');
    expectError(await add({ nodeId: 999_999_999, vendor: 'AG', gameType: 'RNG' }, agent), 404, 'NOT_FOUND');
    expectError(await add({ nodeId: slot, vendor: 'AG', gameType: 'INHOUSE' }, agent), 404, 'NOT_FOUND');
    expectError(await add({ nodeId: slot, vendor: 'APSARA', gameType: 'LIVE' }, agent), 404, 'NOT_FOUND');
    expectError(await add({ nodeId: game('WD', 'SL0001').nodeId, vendor: 'WD', gameType: 'RNG' }, lotus, 'lotus.localhost'), 404, 'NOT_FOUND');
    expectError(await remove('nodeId=999999999', agent), 404, 'NOT_FOUND');
    for (const payload of [{}, { nodeId: 'x', vendor: 'AG', gameType: 'RNG' }, { nodeId: slot, vendor: 'APSARA' }, { nodeId: slot, vendor: 'APSARA', gameType: 'INHOUSE', note: 'x' }, { nodeId: 0, vendor: 'AG', gameType: 'RNG' }]) {
      expectError(await add(payload, agent), 400, 'VALIDATION_FAILED');
    }
    expectError(await remove('vendor=AG', agent), 400, 'VALIDATION_FAILED');
    expectError(await get('/wps/relay/MCSFE_getFavoriteGamesList?pageSize=1000', { token: agent }), 400, 'VALIDATION_FAILED');
    expect(await snapshot()).toEqual(before);
  });
});

describe('GCSGAME_getRankList (winner board)', () => {
  const board = async (query = '', host?: string) => {
    const res = await get(`/wps/relay/GCSGAME_getRankList?${query}`, { host });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { order: string; list: { customerName: string; winAmount: string; gameName: string; gameType: string; vendor: string; iconUrl: string; winTime: string; nodeId: number; currencySymbol: string }[] };
  };

  it('is empty until somebody wins, then shows real closed winning rounds only, newest first, names masked', async () => {
    expect(await board('gameCategory=ALL&limitNum=20')).toEqual({ order: 'newest', list: [] });
    const db = h.database.db;
    const member = async (username: string) => db.selectFrom('members').select(['id', 'merchant_id']).where('username', '=', username).executeTakeFirstOrThrow();
    const gameId = async (vendor: string, code: string) => (await db.selectFrom('games').select('id').where('vendor_code', '=', vendor).where('game_code', '=', code).executeTakeFirstOrThrow()).id;
    const d = await member('demo01');
    const a = await member('agent01');
    const l = await member('lotus01');
    const ago = (min: number) => new Date(Date.now() - min * 60_000);
    const round = async (m: { id: bigint; merchant_id: bigint }, vendor: string, code: string, ref: string, stake: bigint, payout: bigint, closedMinutesAgo: number | null) =>
      db
        .insertInto('game_rounds')
        .values({
          merchant_id: m.merchant_id, member_id: m.id, vendor_code: vendor, game_id: await gameId(vendor, code), round_ref: ref, stake, payout,
          status: closedMinutesAgo === null ? 'open' : 'closed', closed_at: closedMinutesAgo === null ? null : ago(closedMinutesAgo),
        })
        .execute();
    await round(d, 'AG', 'SL0001', 'r1', 100n, 50_000n, 30); // 500.00, half an hour ago
    await round(a, 'APSARA', 'SLOT', 'r2', 100n, 12_345n, 1); // 123.45, a minute ago
    await round(d, 'AG', 'BACCARAT-A', 'r3', 1_000n, 1_950n, 10); // live
    await round(d, 'AG', 'SL0002', 'r4', 100n, 99_999n, null); // still open: not a win yet
    await round(a, 'CQ9', 'SL0001', 'r5', 100n, 0n, 2); // lost
    await round(l, 'PT', 'SL0001', 'r6', 100n, 70_000n, 5); // another site
    const all = await board();
    expect(all.list.map((e) => [e.customerName, e.winAmount, e.vendor, e.gameType])).toEqual([
      ['ag***01', '123.45', 'APSARA', 'INHOUSE'],
      ['de***01', '19.50', 'AG', 'LIVE'],
      ['de***01', '500.00', 'AG', 'RNG'],
    ]);
    expect(all.list[0]).toMatchObject({ gameName: 'Angkor Treasures', iconUrl: '/static/games/APSARA/SLOT.svg', currencySymbol: '$', nodeId: game('APSARA', 'SLOT').nodeId });
    expect(new Date(all.list[0].winTime).getTime()).toBeGreaterThan(new Date(all.list[1].winTime).getTime());
    expect((await board('limitNum=1')).list.length).toBe(1);
    expect((await board('gameCategory=LIVE')).list.map((e) => e.winAmount)).toEqual(['19.50']);
    expect((await board('gameCategory=RNG')).list.map((e) => [e.winAmount, e.gameType])).toEqual([['123.45', 'RNG'], ['500.00', 'RNG']]);
    expect((await board('gameCategory=FISH')).list).toEqual([]);
    const lotusBoard = await board('', 'lotus.localhost');
    expect(lotusBoard.list.map((e) => [e.customerName, e.winAmount])).toEqual([['lo***01', '700.00']]);
    expectError(await get('/wps/relay/GCSGAME_getRankList?limitNum=51'), 400, 'VALIDATION_FAILED');
    expectError(await get('/wps/relay/GCSGAME_getRankList?gameCategory=SLOTS'), 400, 'VALIDATION_FAILED');
  });
});

describe('jackpot', () => {
  it('gives every client the same growing figure within the spec’s band', async () => {
    const a = (await get('/wps/relay/GCSGAME_getJackpot')).json().value;
    expect(a).toMatchObject({ currency: 'USD', currencySymbol: '$', perSecond: '75.00', tick: { stepMin: 100, stepMax: 500, tickMinMs: 3000, tickMaxMs: 5000 } });
    expect(Number(a.amount)).toBeGreaterThanOrEqual(45_000_000);
    expect(Number(a.amount)).toBeLessThan(99_000_000);
    await sleep(50);
    const b = (await get('/wps/relay/GCSGAME_getJackpot')).json().value;
    expect(Number(b.amount)).toBeGreaterThan(Number(a.amount));
    expect(Number(b.amount) - Number(a.amount)).toBeLessThan(75 * ((new Date(b.asOf).getTime() - new Date(a.asOf).getTime()) / 1000) + 0.02);
    const lotusJackpot = (await get('/wps/relay/GCSGAME_getJackpot', { host: 'lotus.localhost' })).json().value;
    expect(lotusJackpot.currency).toBe('THB');
    expect(lotusJackpot.amount).not.toBe(b.amount);
  });
});

describe('artwork', () => {
  it('serves each game’s SVG with long caching and an ETag, and 304 when unchanged', async () => {
    const res = await h.call({ method: 'GET', url: '/static/games/AG/SL0001.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/max-age=604800/);
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).toContain(game('AG', 'SL0001').names.en.replace(/&/g, '&amp;').split(' ')[0]);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await h.call({ method: 'GET', url: '/static/games/AG/SL0001.svg', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await h.call({ method: 'GET', url: '/static/games/AG/SL0002.svg' })).headers.etag).not.toBe(etag);
    for (const url of ['/static/games/vendors/BBIN.svg', '/static/games/categories/COCKFIGHT.svg', '/static/games/APSARA/SLOT.svg', '/static/games/AG/BACCARAT-A.svg']) {
      const r = await h.call({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toBe('image/svg+xml; charset=utf-8');
    }
  });

  it('answers 404 for art that does not exist and 400 for malformed names', async () => {
    expectError(await h.call({ method: 'GET', url: '/static/games/AG/NOPE.svg' }), 404, 'NOT_FOUND');
    expectError(await h.call({ method: 'GET', url: '/static/games/vendors/NOPE.svg' }), 404, 'NOT_FOUND');
    expectError(await h.call({ method: 'GET', url: '/static/games/categories/SLOTS.svg' }), 404, 'NOT_FOUND');
    expectError(await h.call({ method: 'GET', url: '/static/games/ag/SL0001.svg' }), 400, 'VALIDATION_FAILED');
    expectError(await h.call({ method: 'GET', url: '/static/games/AG/SL0001.png' }), 400, 'VALIDATION_FAILED');
    expectError(await h.call({ method: 'GET', url: '/static/games/AG/..%2F..%2Fetc.svg' }), 400, 'VALIDATION_FAILED');
  });
});

describe('the in-memory catalogue follows the database', () => {
  it('sees a change through the catalogue version, within about a second, without being told', async () => {
    const db = h.database.db;
    const v0 = (await db.selectFrom('catalog_version').select('version').executeTakeFirstOrThrow()).version;
    const node = game('GG', 'SL0001').nodeId;
    await db.updateTable('games').set({ names: JSON.stringify({ en: 'Zebra Moonshot', cn: '斑马登月', km: 'សេះបង្កង់ឡើងព្រះចន្ទ' }) }).where('node_id', '=', BigInt(node)).execute();
    const v1 = (await db.selectFrom('catalog_version').select('version').executeTakeFirstOrThrow()).version;
    expect(v1).toBeGreaterThan(v0);
    let found = 0;
    for (let i = 0; i < 40 && !found; i++) {
      await sleep(100);
      found = (await list('name=zebra%20moon')).total;
    }
    expect(found).toBe(1);
    expect((await list(`name=${encodeURIComponent('斑马')}`)).content[0].nodeId).toBe(node);
    // A disabled game leaves every list.
    await db.updateTable('games').set({ status: 'disabled' }).where('node_id', '=', BigInt(node)).execute();
    await h.app.refreshCatalog();
    expect((await list('name=zebra')).total).toBe(0);
    expectError(await h.call({ method: 'POST', url: '/wps/game/launchGame', token: demo, payload: { nodeId: node } }), 404, 'NOT_FOUND');
  });
});

describe('OpenAPI', () => {
  it('documents every catalogue call', async () => {
    const doc = (await h.call({ method: 'GET', url: '/docs/json' })).json();
    for (const [path, method] of [
      ['/lgw/games/game_menus', 'get'],
      ['/wps/relay/GCSGAME_newGameVendor', 'get'],
      ['/wps/relay/GCSGAME_gameList', 'get'],
      ['/wps/relay/GCSGAME_hotGamesV2', 'get'],
      ['/wps/relay/GCSGAME_getVassGameType', 'get'],
      ['/wps/relay/GCS_recentGame', 'get'],
      ['/wps/relay/MCSFE_getFavoriteGames', 'get'],
      ['/wps/relay/MCSFE_getFavoriteGamesList', 'get'],
      ['/wps/relay/MCSFE_addFavoriteGameV2', 'post'],
      ['/wps/relay/MCSFE_removeFavoriteGameV2', 'delete'],
      ['/wps/relay/GCSGAME_getRankList', 'get'],
      ['/wps/relay/GCSGAME_getJackpot', 'get'],
      ['/wps/game/launchGame', 'post'],
      ['/static/games/{vendor}/{file}', 'get'],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
