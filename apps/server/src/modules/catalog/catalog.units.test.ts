import { describe, expect, it } from 'vitest';
import { GAME_CATEGORIES, JACKPOT } from '@apsara/contracts';
import { CATEGORY_VENDORS, catalogGames, merchantOffer, nodeIdOf, RNG_COUNTS, VENDORS } from './catalog-data.js';
import { escapeXml, gameArt, initials, vendorArt, categoryArt, wrapTitle } from './game-art.js';
import { JACKPOT_CYCLE_MS, JACKPOT_EPOCH_MS, jackpotAt } from './jackpot.js';
import { maskName, memoLru } from './catalog.service.js';
import { buildSnapshot, gameFilter, intersectSorted, listingsKey, merchantListings, normalise, searchListings, type Snapshot } from './catalog.index.js';
import { iconPathOf, prng } from './catalog-data.js';

const full = catalogGames('full');
const small = catalogGames('small');

describe('the demo catalogue', () => {
  it('has 10,000+ games, mostly RNG slots, each with a unique node id and vendor/code', () => {
    expect(full.length).toBeGreaterThanOrEqual(10_000);
    const rng = full.filter((g) => g.gameType === 'RNG');
    expect(rng.length).toBe(Object.values(RNG_COUNTS).reduce((a, b) => a + b, 0));
    expect(rng.length / full.length).toBeGreaterThan(0.9);
    expect(new Set(full.map((g) => g.nodeId)).size).toBe(full.length);
    expect(new Set(full.map((g) => `${g.vendor}/${g.gameCode}`)).size).toBe(full.length);
    expect(full.filter((g) => !/^[A-Za-z0-9_.-]{1,64}$/.test(g.gameCode))).toEqual([]);
  });

  it('covers every category and the spec’s provider lists', () => {
    for (const c of GAME_CATEGORIES) expect(full.some((g) => g.gameType === c || g.alsoTypes.includes(c)), c).toBe(true);
    expect(CATEGORY_VENDORS.FISH).toEqual(['AG', 'BBIN', 'CQ9', 'GG', 'PT', 'RTG']);
    expect(CATEGORY_VENDORS.LIVE).toEqual(['AG', 'BBIN', 'BG', 'DG', 'EA', 'LOTUS', 'OG', 'PT', 'TGP']);
    expect(CATEGORY_VENDORS.PVP).toEqual(['KX', 'KY', 'TH', 'WS', 'XY']);
    expect(CATEGORY_VENDORS.RNG.filter((v) => v !== 'APSARA')).toEqual(['AE', 'AG', 'CQ9', 'GG', 'ISB', 'MG', 'MGS', 'PNG', 'PT', 'RTG', 'TTG', 'WD']);
    expect(CATEGORY_VENDORS.SPORTS).toEqual(['IBC', 'SBT', 'UG']);
    expect(CATEGORY_VENDORS.COCKFIGHT).toContain('DS88');
    const byCode = new Map(VENDORS.map((v) => [v.code, v]));
    expect(VENDORS.filter((v) => v.walletType === 'TRANSFER').map((v) => v.code)).toEqual(['AG', 'BBIN', 'PT']);
    expect(byCode.get('APSARA')).toMatchObject({ origin: 'INHOUSE', walletType: 'SEAMLESS' });
    expect(VENDORS.filter((v) => v.origin === 'INHOUSE').map((v) => v.code)).toEqual(['APSARA']);
    for (const list of Object.values(CATEGORY_VENDORS)) for (const v of list) expect(byCode.has(v), v).toBe(true);
  });

  it('lists the in-house slot, dice, mines and lotteries under INHOUSE, the slot under RNG and the lotteries under LOTT too', () => {
    const inhouse = full.filter((g) => g.vendor === 'APSARA');
    expect(inhouse.map((g) => [g.gameCode, g.gameType, g.alsoTypes])).toEqual([
      ['SLOT', 'INHOUSE', ['RNG']],
      ['DICE', 'INHOUSE', []],
      ['MINES', 'INHOUSE', []],
      ['FAST5D', 'INHOUSE', ['LOTT']],
      ['CLASSIC5D', 'INHOUSE', ['LOTT']],
      ['VN2M', 'INHOUSE', ['LOTT']],
    ]);
    expect(inhouse[0]).toMatchObject({ names: { en: 'Angkor Treasures' }, lines: 25, minBet: 25 });
  });

  it('names every game in EN, CN and KM, unique within a vendor, from the word lists (not copies of English)', () => {
    const badly = full.filter((g) => !g.names.en || !/\p{Script=Han}/u.test(g.names.cn) || !/\p{Script=Khmer}/u.test(g.names.km));
    expect(badly).toEqual([]);
    for (const v of Object.keys(RNG_COUNTS)) {
      const names = full.filter((g) => g.vendor === v && g.gameType === 'RNG').map((g) => g.names.en);
      expect(new Set(names).size, v).toBe(names.length);
    }
  });

  it('varies minimum bets and lines so the slot filters select real subsets', () => {
    const rng = full.filter((g) => g.gameType === 'RNG');
    const minBet = rng.filter((g) => g.minBet >= 100).length;
    const lines = rng.filter((g) => g.lines >= 25).length;
    const both = rng.filter((g) => g.minBet >= 100 && g.lines >= 25).length;
    for (const n of [minBet, lines, both]) {
      expect(n).toBeGreaterThan(rng.length * 0.1);
      expect(n).toBeLessThan(rng.length * 0.9);
    }
  });

  it('the small catalogue is the same games as the full one, fewer slots per vendor', () => {
    const byKey = new Map(full.map((g) => [`${g.vendor}/${g.gameCode}`, g]));
    expect(small.length).toBeLessThan(1000);
    for (const g of small) expect(byKey.get(`${g.vendor}/${g.gameCode}`)).toEqual(g);
  });

  it('node ids are stable: vendor position, category position, sequence', () => {
    expect(nodeIdOf('AG', 'RNG', 1)).toBe(100_001);
    expect(nodeIdOf('APSARA', 'INHOUSE', 1)).toBe(4_110_001);
    expect(() => nodeIdOf('NOPE', 'RNG', 1)).toThrow(RangeError);
    expect(() => nodeIdOf('AG', 'RNG', 10_000)).toThrow(RangeError);
  });

  it('LOTUS offers less than APSARA, with one vendor under maintenance', () => {
    const a = merchantOffer('APSARA');
    const l = merchantOffer('LOTUS');
    expect(a.every((o) => o.enabled && !o.maintenance)).toBe(true);
    expect(l.length).toBeLessThan(a.length);
    expect(l.some((o) => o.gameType === 'BINGO')).toBe(false);
    expect(l.filter((o) => o.maintenance)).toEqual([{ gameType: 'LIVE', vendor: 'DG', sort: 40, enabled: true, maintenance: true }]);
  });
});

describe('winner names', () => {
  it('keeps the first two and last two characters', () => {
    expect(maskName('demo01')).toBe('de***01');
    expect(maskName('lotus01')).toBe('lo***01');
    expect(maskName('abcde')).toBe('ab***de');
    expect(maskName('abcd')).toBe('a***d');
    expect(maskName('ab')).toBe('a***');
    expect(maskName('ចាន់ដារា')).toBe('ចា***រា');
  });
});

describe('jackpot figure', () => {
  it('is the same for everyone at the same moment, and differs between sites', () => {
    const t = Date.UTC(2026, 10, 21, 12);
    expect(jackpotAt('APSARA', t)).toEqual(jackpotAt('APSARA', t));
    expect(jackpotAt('APSARA', t).cents).not.toBe(jackpotAt('LOTUS', t).cents);
  });

  it('grows 75.00 a second and stays within 45,000,000–99,000,000 over a whole cycle', () => {
    for (let cycle = 0; cycle < 200; cycle += 7) {
      const start = JACKPOT_EPOCH_MS + cycle * JACKPOT_CYCLE_MS;
      const first = jackpotAt('APSARA', start).cents;
      const last = jackpotAt('APSARA', start + JACKPOT_CYCLE_MS - 1).cents;
      expect(first).toBeGreaterThanOrEqual(BigInt(JACKPOT.min) * 100n);
      expect(last).toBeLessThan(BigInt(JACKPOT.max) * 100n);
      expect(jackpotAt('APSARA', start + 4000).cents - first).toBe(30_000n);
    }
  });
});

describe('artwork', () => {
  const input = { vendor: 'AG', gameCode: 'SL0001', category: 'RNG' as const, title: 'Dragon & Phoenix <Deluxe>' };

  it('is deterministic, escapes text and differs between games', () => {
    const svg = gameArt(input);
    expect(gameArt(input)).toBe(svg);
    expect(svg).toContain('Dragon &amp; Phoenix');
    expect(svg).not.toContain('<Deluxe>');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/); // nothing fetched from anywhere
    expect(gameArt({ ...input, gameCode: 'SL0002' })).not.toBe(svg);
    for (const c of GAME_CATEGORIES) expect(gameArt({ ...input, category: c })).toContain('</svg>');
    expect(vendorArt({ code: 'BBIN', name: 'BBIN' })).toContain('>BBIN<');
    expect(categoryArt('FISH')).toContain('</svg>');
  });

  it('wraps titles to two lines and takes initials', () => {
    expect(wrapTitle('Royal Pearl')).toEqual(['Royal Pearl']);
    expect(wrapTitle('Imperial Kingdom Link')).toEqual(['Imperial', 'Kingdom Link']);
    expect(wrapTitle('Northern Vietnam Lottery Deluxe Edition').length).toBe(2);
    expect(initials('Goddess of the Mekong')).toBe('GM');
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
  });
});

describe('name search', () => {
  it('finds exactly what a scan of every name finds, in listing order', () => {
    const snapshot = buildSnapshot({
      version: 1n,
      games: full.map((g, i) => ({
        id: BigInt(i + 1), nodeId: BigInt(g.nodeId), vendor: g.vendor, gameCode: g.gameCode, gameType: g.gameType, alsoTypes: g.alsoTypes, isGame: g.isGame,
        vassalage: g.vassalage, names: g.names, iconPath: iconPathOf(g.vendor, g.gameCode), isHot: g.isHot, minBet: BigInt(g.minBet), lines: g.lines, sort: g.sort, status: g.status,
        addedAt: Date.UTC(2026, 0, 1) - g.addedDaysAgo * 86_400_000,
      })),
      vendors: VENDORS.map((v) => ({ ...v, status: 'active' as const })),
      offers: merchantOffer('LOTUS').map((o) => ({ merchantId: 7n, ...o })),
    });
    const r = prng(7);
    const needles = ['x', 'zz', 'dragon', 'of the', '龙', '吴哥', 'នាគ', 'ព្រះ', 'baccarat a', '&', 'lucky 5d', 'no such game'];
    for (let i = 0; i < 300; i++) {
      const g = full[Math.floor(r() * full.length)];
      const name = [g.names.en.toLowerCase(), g.names.cn, g.names.km][i % 3];
      const chars = Array.from(name);
      const len = 1 + Math.floor(r() * 6);
      const start = Math.floor(r() * Math.max(1, chars.length - len));
      needles.push(chars.slice(start, start + len).join(''));
    }
    // Besides a name, a list may be narrowed by vendor and the slot filters; one unknown vendor matches nothing.
    const filters = [{}, { vendor: 'PT' }, { minBetMinor: 100 }, { linesAtLeast: 25 }, { vendor: 'MG', minBetMinor: 100, linesAtLeast: 25 }, { vendor: 'NOPE' }];
    const passes = (g: { vendor: string; minBetMinor: number; lines: number }, f: (typeof filters)[number] & { vendor?: string; minBetMinor?: number; linesAtLeast?: number }) =>
      (f.vendor === undefined || g.vendor === f.vendor) && (f.minBetMinor === undefined || g.minBetMinor >= f.minBetMinor) && (f.linesAtLeast === undefined || g.lines >= f.linesAtLeast);
    let found = 0;
    let many = 0;
    for (const type of [undefined, 'RNG', 'LIVE'] as const) {
      const listings = merchantListings(snapshot, 7n, type, true);
      for (const [i, raw] of needles.entries()) {
        const needle = normalise(raw);
        const f = filters[i % filters.length];
        const want = listings.filter((l) => l.game.hay.includes(needle) && passes(l.game, f)).map((l) => l.game.node);
        const got = searchListings(snapshot, listingsKey(7n, type, true), listings, needle, gameFilter(snapshot, f)).map((l) => l.game.node);
        expect(got, `${type ?? 'ALL'} "${raw}" ${JSON.stringify(f)}`).toEqual(want);
        if (want.length > 0) found++;
        if (want.length * 8 >= listings.length) many++;
      }
    }
    // The comparison means something only if many searches find games, some of them a large share of
    // the list (put in order by a pass over it rather than by sorting).
    expect(found).toBeGreaterThan(300);
    expect(many).toBeGreaterThan(20);
  });

  it('intersects ascending lists, by merging or by searching the longer one', () => {
    const r = prng(11);
    for (let i = 0; i < 200; i++) {
      const draw = (n: number, range: number) => Int32Array.from(new Set(Array.from({ length: n }, () => Math.floor(r() * range)))).sort();
      const a = draw(1 + Math.floor(r() * 40), 2000);
      const b = draw(i % 2 ? 1 + Math.floor(r() * 40) : 1500, 2000);
      const inB = new Set(b);
      expect(Array.from(intersectSorted(a, b))).toEqual(Array.from(a).filter((x) => inB.has(x)));
      expect(Array.from(intersectSorted(b, a))).toEqual(Array.from(a).filter((x) => inB.has(x)));
    }
    expect(Array.from(intersectSorted(new Int32Array(0), Int32Array.of(1, 2)))).toEqual([]);
  });
});

describe('per-snapshot caches', () => {
  const snapshot = () => ({ memo: new Map() }) as unknown as Snapshot;

  it('drop the least recently used entry past the count', () => {
    const s = snapshot();
    const lru = memoLru<string>(s, 'x', 2);
    lru.set('a', 'A');
    lru.set('b', 'B');
    expect(lru.get('a')).toBe('A'); // a is now the most recent
    lru.set('c', 'C');
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual(['A', undefined, 'C']);
    // The same name in the same snapshot is the same cache.
    expect(memoLru<string>(s, 'x', 2).get('c')).toBe('C');
    expect(memoLru<string>(snapshot(), 'x', 2).get('c')).toBeUndefined();
  });

  it('keep the total weight under its bound, replacing an entry without counting it twice', () => {
    const lru = memoLru<string>(snapshot(), 'pages', 100, (v) => v.length, 10);
    lru.set('a', 'xxxx');
    lru.set('b', 'yyyy');
    lru.set('a', 'zzzz'); // replaces: 8 in total, not 12
    expect([lru.get('a'), lru.get('b')]).toEqual(['zzzz', 'yyyy']);
    lru.set('c', 'wwww'); // 12 > 10: the least recent (a, read before b) goes
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([undefined, 'yyyy', 'wwww']);
    lru.set('d', 'v'.repeat(11)); // heavier than the bound on its own: everything goes, itself too
    expect([lru.get('b'), lru.get('c'), lru.get('d')]).toEqual([undefined, undefined, undefined]);
  });
});
