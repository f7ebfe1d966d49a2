import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { GAME_CATEGORIES, type GameCategoryCode } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { catalogGames, merchantOffer } from './catalog-data.js';
import { catalogIndex, laneOf } from './catalog.index.js';
import { catalogRepository } from './catalog.repository.js';

/**
 * The back office's games page calls (docs/operators.md "Games"): the site's vendors per category, and
 * an admin's switches, each followed at once by the portal's menus, lists, hot games and launches.
 */
const SIM = 'http://sim.test:9000';
const LOTUS = 'lotus.localhost';
let h: Harness;
let admin: string;
let support: string;
let finance: string;
let lotusAdmin: string;
let demo: string;
let apsaraId: bigint;

const SMALL = catalogGames('small');
const inType = (g: (typeof SMALL)[number], type: GameCategoryCode) => g.gameType === type || g.alsoTypes.includes(type);
const listedCount = (vendor: string, type: GameCategoryCode) => SMALL.filter((g) => g.vendor === vendor && inType(g, type) && g.vassalage === null).length;
const dragonTiger = SMALL.find((g) => g.vendor === 'DG' && g.gameCode === 'DRAGON-TIGER')!;

type Offer = { gameType: string; vendor: string; displayName: string; games: number; sort: number; enabled: boolean; maintenance: boolean; vendorStatus: string; shown: string };
type Menu = { gameType: string; vendors: { vendor: string; maintenance: boolean }[] };

const ops = (method: 'GET' | 'PATCH' | 'POST', url: string, token?: string, payload?: unknown, host?: string) => h.call({ method, url, token, payload: payload as never, host, lang: 'en' });
const patch = (gameType: string, vendor: string, body: unknown, token = admin, host?: string) => ops('PATCH', `/ops/game-offers/${gameType}/${vendor}`, token, body, host);
const get = (url: string, token?: string) => h.call({ method: 'GET', url, token, lang: 'en' });
const menus = async () => (await get('/lgw/games/game_menus')).json().value.menus as Menu[];
const liveVendors = async () => (await menus()).find((m) => m.gameType === 'LIVE')!.vendors;
const launch = (payload: object) => h.call({ method: 'POST', url: '/wps/game/launchGame', token: demo, payload, lang: 'en' });
const offerRow = (gameType: string, vendor: string) =>
  h.database.db.selectFrom('merchant_game_vendors').select(['sort', 'enabled', 'maintenance']).where('merchant_id', '=', apsaraId).where('game_type', '=', gameType).where('vendor_code', '=', vendor).executeTakeFirstOrThrow();
const auditOf = (targetId: string) =>
  h.database.db.selectFrom('audit_log').select(['action', 'operator_id', 'before', 'after', 'ip']).where('target_type', '=', 'game_offer').where('target_id', '=', targetId).orderBy('id').execute();
/** Offers and the audit log, as digests: a refused call must change neither. */
const writes = async () => {
  const { rows } = await sql<{ o: string; a: string }>`select (select md5(string_agg(t::text, '|' order by t::text)) from merchant_game_vendors t) as o, (select count(*)::text from audit_log) as a`.execute(h.database.db);
  return rows[0];
};
const restore = async () => {
  // Back to the seeded offer (each test starts from it).
  for (const o of merchantOffer('APSARA')) {
    await h.database.db.updateTable('merchant_game_vendors').set({ sort: o.sort, enabled: o.enabled, maintenance: o.maintenance }).where('merchant_id', '=', apsaraId).where('game_type', '=', o.gameType).where('vendor_code', '=', o.vendor).execute();
  }
  await h.app.refreshCatalog();
};

beforeAll(async () => {
  h = await startHarness({ VENDOR_SIM_URL: SIM });
  apsaraId = (await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'APSARA').executeTakeFirstOrThrow()).id;
  admin = await h.opsLogin();
  await h.addOperator('APSARA', 'gosupport', 'Support-Pass-1', 'support');
  await h.addOperator('APSARA', 'gofinance', 'Finance-Pass-1', 'finance');
  await h.addOperator('LOTUS', 'golotus', 'Lotus-Admin-Pass-1', 'admin');
  [support, finance, lotusAdmin, demo] = await Promise.all([
    h.opsLogin('gosupport', 'Support-Pass-1'),
    h.opsLogin('gofinance', 'Finance-Pass-1'),
    h.opsLogin('golotus', 'Lotus-Admin-Pass-1', LOTUS),
    h.login('demo01', 'Demo1234'),
  ]);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(restore);

describe('GET /ops/game-offers', () => {
  it('lists the site’s vendors by category in menu order, each in the site’s order, with names and game counts; every role reads it', async () => {
    for (const token of [admin, finance, support]) {
      const res = await ops('GET', '/ops/game-offers', token);
      expect(res.statusCode, res.body).toBe(200);
      const { categories } = res.json().value as { categories: { gameType: GameCategoryCode; offers: Offer[] }[] };
      expect(categories.map((c) => c.gameType)).toEqual([...GAME_CATEGORIES]);
      for (const c of categories) {
        expect(c.offers.map((o) => o.vendor)).toEqual(merchantOffer('APSARA').filter((o) => o.gameType === c.gameType).sort((a, b) => a.sort - b.sort).map((o) => o.vendor));
        for (const o of c.offers) expect(o.games, `${c.gameType}/${o.vendor}`).toBe(listedCount(o.vendor, c.gameType));
      }
      const live = categories.find((c) => c.gameType === 'LIVE')!.offers;
      expect(live.find((o) => o.vendor === 'DG')).toEqual({
        gameType: 'LIVE', vendor: 'DG', displayName: expect.any(String), iconUrl: '/static/games/vendors/DG.svg', walletType: 'SEAMLESS', origin: 'SIM', games: listedCount('DG', 'LIVE'), sort: 40, enabled: true, maintenance: false, vendorStatus: 'active', shown: 'live',
      });
    }
  });

  it('shows another site its own offer only: LOTUS has no bingo and DG live under maintenance', async () => {
    const { categories } = (await ops('GET', '/ops/game-offers', lotusAdmin, undefined, LOTUS)).json().value as { categories: { gameType: string; offers: Offer[] }[] };
    expect(categories.map((c) => c.gameType)).not.toContain('BINGO');
    expect(categories.find((c) => c.gameType === 'LIVE')!.offers.find((o) => o.vendor === 'DG')).toMatchObject({ maintenance: true, shown: 'maintenance' });
    expect(categories.find((c) => c.gameType === 'LIVE')!.offers.map((o) => o.vendor)).not.toContain('TGP');
  });

  it('needs an operator', async () => {
    expect((await ops('GET', '/ops/game-offers')).statusCode).toBe(401);
    expect((await ops('GET', '/ops/game-offers', demo)).statusCode).toBe(401);
  });
});

describe('PATCH /ops/game-offers/:gameType/:vendor', () => {
  it('puts a vendor under maintenance: menus and lists flag it, hot games leave it out, a launch is refused with suggestions; lifted, all is back', async () => {
    expect((await launch({ nodeId: dragonTiger.nodeId })).statusCode).toBe(200);
    const res = await patch('LIVE', 'DG', { maintenance: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ gameType: 'LIVE', vendor: 'DG', maintenance: true, enabled: true, shown: 'maintenance' });
    expect(await offerRow('LIVE', 'DG')).toEqual({ sort: 40, enabled: true, maintenance: true });

    // The very next public calls, with no wait for the once-a-second check.
    expect((await liveVendors()).find((v) => v.vendor === 'DG')).toMatchObject({ maintenance: true });
    const lanes = (await get('/wps/relay/GCSGAME_newGameVendor?platform=html5-desktop')).json().value.data.lanes as Menu[];
    expect(lanes.find((l) => l.gameType === 'LIVE')!.vendors.find((v) => v.vendor === 'DG')!.maintenance).toBe(true);
    const list = (await get('/wps/relay/GCSGAME_gameList?gameType=LIVE&vendor=DG&pageSize=100')).json().value;
    expect(list.total).toBe(listedCount('DG', 'LIVE'));
    expect(list.content.every((g: { maintenance: boolean }) => g.maintenance)).toBe(true);
    const hot = (await get('/wps/relay/GCSGAME_hotGamesV2?gameType=LIVE&limit=100')).json().value.games as { vendor: string }[];
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.some((g) => g.vendor === 'DG')).toBe(false);
    const refused = await launch({ nodeId: dragonTiger.nodeId, vendor: 'DG', gameType: 'LIVE' });
    expect(refused.statusCode).toBe(503);
    const body = refused.json();
    expect(body).toMatchObject({ success: false, code: 'GAME_MAINTENANCE', data: { reason: 'GAME_MAINTENANCE', vendor: 'DG', gameType: 'LIVE', nodeId: dragonTiger.nodeId } });
    expect(body.data.suggestions.length).toBeGreaterThan(0);
    expect(body.data.suggestions.every((s: { vendor: string; gameType: string; maintenance: boolean }) => s.vendor !== 'DG' && s.gameType === 'LIVE' && !s.maintenance)).toBe(true);

    const lifted = await patch('LIVE', 'DG', { maintenance: false });
    expect(lifted.json().value).toMatchObject({ maintenance: false, shown: 'live' });
    expect((await liveVendors()).find((v) => v.vendor === 'DG')!.maintenance).toBe(false);
    expect((await launch({ nodeId: dragonTiger.nodeId })).statusCode).toBe(200);

    const audit = await auditOf('LIVE:DG');
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['game_offer.update', { enabled: true, maintenance: false, sort: 40 }, { enabled: true, maintenance: true, sort: 40 }],
      ['game_offer.update', { enabled: true, maintenance: true, sort: 40 }, { enabled: true, maintenance: false, sort: 40 }],
    ]);
    expect(audit[0].operator_id).not.toBeNull();
    expect(audit[0].ip).toBe('127.0.0.1');
  });

  it('switches a vendor off: gone from the menus and lists, its games not found; a category left with none disappears; switched on, back', async () => {
    const off = await patch('LIVE', 'DG', { enabled: false });
    expect(off.json().value).toMatchObject({ enabled: false, shown: 'hidden' });
    expect((await liveVendors()).map((v) => v.vendor)).not.toContain('DG');
    expect((await get('/wps/relay/GCSGAME_gameList?gameType=LIVE&vendor=DG')).statusCode).toBe(404);
    const live = (await get('/wps/relay/GCSGAME_gameList?gameType=LIVE&pageSize=100')).json().value;
    expect(live.content.some((g: { vendor: string }) => g.vendor === 'DG')).toBe(false);
    const refused = await launch({ nodeId: dragonTiger.nodeId });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_FOUND');

    for (const vendor of ['DS88', 'GALLO']) expect((await patch('COCKFIGHT', vendor, { enabled: false })).statusCode).toBe(200);
    expect((await menus()).map((m) => m.gameType)).not.toContain('COCKFIGHT');
    // The back office still lists what is switched off, so it can be switched on again.
    const listed = (await ops('GET', '/ops/game-offers', admin)).json().value.categories as { gameType: string; offers: Offer[] }[];
    expect(listed.find((c) => c.gameType === 'COCKFIGHT')!.offers.map((o) => o.enabled)).toEqual([false, false]);

    await patch('LIVE', 'DG', { enabled: true });
    await patch('COCKFIGHT', 'GALLO', { enabled: true });
    expect((await liveVendors()).map((v) => v.vendor)).toContain('DG');
    expect((await menus()).find((m) => m.gameType === 'COCKFIGHT')!.vendors.map((v) => v.vendor)).toEqual(['GALLO']);
    expect((await launch({ nodeId: dragonTiger.nodeId })).statusCode).toBe(200);
  });

  it('moves a vendor: the menus follow the new order', async () => {
    const res = await patch('LIVE', 'TGP', { sort: 0 });
    expect(res.json().value).toMatchObject({ sort: 0 });
    expect((await liveVendors())[0].vendor).toBe('TGP');
    const listed = (await ops('GET', '/ops/game-offers', admin)).json().value.categories as { gameType: string; offers: Offer[] }[];
    expect(listed.find((c) => c.gameType === 'LIVE')!.offers[0].vendor).toBe('TGP');
    // All three at once; the audit row holds each before and after.
    await patch('LIVE', 'AG', { sort: 10_000, maintenance: true, enabled: true });
    expect((await liveVendors()).at(-1)).toEqual(expect.objectContaining({ vendor: 'AG', maintenance: true }));
    expect((await auditOf('LIVE:AG')).map((a) => [a.before, a.after])).toEqual([[{ enabled: true, maintenance: false, sort: 10 }, { enabled: true, maintenance: true, sort: 10_000 }]]);
  });

  it('moves a vendor one place up or down in one change: the category numbered again, one audit row, the menus follow', async () => {
    const move = (vendor: string, direction: string, token = admin) => ops('POST', `/ops/game-offers/LIVE/${vendor}/move`, token, { direction });
    const order = async () => (await liveVendors()).map((v) => v.vendor);
    const seeded = await order();
    expect(seeded.length).toBeGreaterThan(3);
    // Two vendors given the same order still swap: the category is numbered 10, 20, 30… again.
    await h.database.db.updateTable('merchant_game_vendors').set({ sort: 50 }).where('merchant_id', '=', apsaraId).where('game_type', '=', 'LIVE').execute();
    await h.app.refreshCatalog();
    const tied = await order();
    const res = await move(tied[2]!, 'up');
    expect(res.statusCode, res.body).toBe(200);
    const want = [...tied];
    [want[1], want[2]] = [want[2]!, want[1]!];
    expect(await order()).toEqual(want);
    const listed = (res.json().value.categories as { gameType: string; offers: Offer[] }[]).find((c) => c.gameType === 'LIVE')!.offers;
    expect(listed.map((o) => o.vendor)).toEqual(want);
    expect(listed.map((o) => o.sort)).toEqual(want.map((_, i) => (i + 1) * 10));
    expect((await auditOf(`LIVE:${tied[2]}`)).map((a) => [a.action, a.before, a.after])).toEqual([['game_offer.move', { direction: 'up', order: tied }, { direction: 'up', order: want }]]);
    // Already first or last: nothing written.
    const before = await writes();
    expect((await move(want[0]!, 'up')).statusCode).toBe(200);
    expect((await move(want.at(-1)!, 'down')).statusCode).toBe(200);
    expect(await writes()).toEqual(before);
    // Refused without writing: a bad direction, a vendor not offered, another role.
    expect((await move(want[1]!, 'sideways')).json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await move('NOPE', 'up')).json()).toMatchObject({ code: 'GAME_OFFER_NOT_FOUND' });
    expect((await move(want[1]!, 'up', support)).json()).toMatchObject({ code: 'OPERATOR_FORBIDDEN' });
    expect(await writes()).toEqual(before);
  });

  it('writes nothing when nothing changes', async () => {
    const before = await writes();
    const res = await patch('LIVE', 'BG', { enabled: true, maintenance: false });
    expect(res.statusCode).toBe(200);
    expect(await writes()).toEqual(before);
  });

  it('reaches every node: another node’s catalogue sees the change through catalog_version within its check', async () => {
    // A second API node on the same database, checking every time it is asked.
    const other = catalogIndex(catalogRepository(h.database.db), { checkEveryMs: 0 });
    const first = await other.current();
    expect(laneOf(first, apsaraId, 'LIVE', 'EA')?.maintenance).toBe(false);
    await patch('LIVE', 'EA', { maintenance: true });
    let seen = first;
    for (let i = 0; i < 100 && seen.version === first.version; i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await other.current();
    }
    expect(seen.version).toBeGreaterThan(first.version);
    expect(laneOf(seen, apsaraId, 'LIVE', 'EA')?.maintenance).toBe(true);
  });

  it('refuses bad bodies with the fields named, and writes nothing', async () => {
    const before = await writes();
    const cases: [unknown, string][] = [
      [{}, 'enabled'],
      [{ sort: -1 }, 'sort'],
      [{ sort: 10_001 }, 'sort'],
      [{ sort: 1.5 }, 'sort'],
      [{ sort: '10' }, 'sort'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ maintenance: 1 }, 'maintenance'],
      [{ maintenance: true, vendor: 'AG' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await patch('LIVE', 'DG', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const json = res.json();
      expect(json).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(json.message.length).toBeGreaterThan(0);
      if (field) expect(json.fields.map((f: { field: string }) => f.field), JSON.stringify(body)).toContain(field);
    }
    for (const url of ['/ops/game-offers/live/DG', '/ops/game-offers/LIVE/dg', '/ops/game-offers/LIVE/D', '/ops/game-offers/LIVE/TOOLONGVENDOR1']) {
      const res = await ops('PATCH', url, admin, { maintenance: true });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await writes()).toEqual(before);
  });

  it('answers 404 for a vendor or category the site does not offer, and for another site’s offer', async () => {
    const before = await writes();
    for (const [type, vendor] of [['LIVE', 'NOPE'], ['GAMES', 'DG'], ['RNG', 'DG'], ['LIVE', 'IBC']]) {
      const res = await patch(type, vendor, { maintenance: true });
      expect(res.statusCode, `${type}/${vendor}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'GAME_OFFER_NOT_FOUND' });
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    // LOTUS offers no bingo and no TGP live tables: its admin cannot reach APSARA's.
    for (const [type, vendor] of [['BINGO', 'BINGOHALL'], ['LIVE', 'TGP']]) {
      const res = await patch(type, vendor, { enabled: false }, lotusAdmin, LOTUS);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('GAME_OFFER_NOT_FOUND');
    }
    expect(await writes()).toEqual(before);
    // Its own offer of the same vendor is its own: APSARA's stays as it was.
    expect((await patch('LIVE', 'DG', { maintenance: false }, lotusAdmin, LOTUS)).statusCode).toBe(200);
    expect(await offerRow('LIVE', 'DG')).toEqual({ sort: 40, enabled: true, maintenance: false });
    await h.database.db.updateTable('merchant_game_vendors').set({ maintenance: true }).where('merchant_id', '!=', apsaraId).where('game_type', '=', 'LIVE').where('vendor_code', '=', 'DG').execute();
  });

  it('lets only an admin change the games: finance and support get 403 and nothing is written', async () => {
    const before = await writes();
    for (const token of [support, finance]) {
      const res = await patch('LIVE', 'DG', { maintenance: true }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'OPERATOR_FORBIDDEN' });
    }
    expect((await patch('LIVE', 'DG', { maintenance: true }, demo)).statusCode).toBe(401);
    expect((await patch('LIVE', 'DG', { maintenance: true }, '')).statusCode).toBe(401);
    expect(await writes()).toEqual(before);
  });
});

describe('the audit log and the OpenAPI document', () => {
  it('shows the change in GET /ops/audit, narrowed to the game vendors', async () => {
    await patch('FISH', 'CQ9', { maintenance: true });
    const page = (await ops('GET', '/ops/audit?action=game_offer&targetType=game_offer&targetId=FISH:CQ9', admin)).json().value;
    expect(page.items[0]).toMatchObject({ action: 'game_offer.update', targetType: 'game_offer', targetId: 'FISH:CQ9', operatorUsername: 'opsadmin', before: { maintenance: false }, after: { maintenance: true } });
  });

  it('lists both calls under the ops tag with the body’s fields', async () => {
    const doc = (await h.call({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.paths['/ops/game-offers']?.get?.tags).toEqual(['ops']);
    const op = doc.paths['/ops/game-offers/{gameType}/{vendor}']?.patch;
    expect(op?.tags).toEqual(['ops']);
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties).sort()).toEqual(['enabled', 'maintenance', 'sort']);
  });
});
