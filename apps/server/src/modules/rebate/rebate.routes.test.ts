import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_TYPE, fromMinor, toMinor } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { booksBalance, mainBalance, makeMember, moneySnapshot, newKey, playedRound } from '../../../test/money-helpers.js';

/*
 * Manual rebate (docs/rebate.md): what a member may collect, collecting it through the ledger once,
 * and everything refused writing nothing.
 */

let h: Harness;
let seq = 0;
const fresh = () => `reb${Date.now().toString(36).slice(-5)}${seq++}`;

type Opts = { lang?: string; host?: string };
const get = (url: string, token: string, o: Opts = {}) => h.call({ method: 'GET', url, token, lang: o.lang ?? 'en', host: o.host });
const claim = (token: string, idempotencyKey: unknown = newKey('rebate'), o: Opts = {}) => h.call({ method: 'POST', url: '/wps/rebate/claim', token, lang: o.lang ?? 'en', host: o.host, payload: { idempotencyKey } });
const summary = async (token: string) => (await get('/wps/rebate', token)).json().value;
const claimRows = async () => Number((await sql<{ n: number }>`select count(*)::int as n from rebate_claims`.execute(h.database.db)).rows[0]!.n);
/** The sum of a collection's lines as the server writes amounts. */
const fromMinorSum = (lines: { amount: string }[]) => fromMinor(lines.reduce((s, l) => s + toMinor(l.amount), 0n));
const setRebate = (on: boolean) => h.setConfig('APSARA', (c) => (c.flags.MANPLAYREB3 = on));

beforeAll(async () => {
  h = await startHarness();
  await setRebate(true);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

describe('manual rebate', () => {
  it("counts the member's closed, uncollected rounds of the window per category, each rounded down", async () => {
    const m = await makeMember(h, fresh());
    const other = await makeMember(h, fresh());
    await playedRound(h, m.id, 123_456n, 'RNG'); // 1234.56 at 0.50 % = 6.1728 → 6.17
    await playedRound(h, m.id, 10_000n, 'RNG');
    await playedRound(h, m.id, 33_333n, 'LIVE'); // 333.33 at 0.30 % = 0.99999 → 0.99
    await playedRound(h, other.id, 500_000n, 'RNG');
    // Still open, and older than the window: neither counts.
    const open = await playedRound(h, m.id, 90_000n, 'RNG');
    await h.database.db.updateTable('game_rounds').set({ status: 'open', closed_at: null }).where('id', '=', open.id).execute();
    const old = await playedRound(h, m.id, 90_000n, 'RNG');
    await h.database.db.updateTable('game_rounds').set({ opened_at: new Date(Date.now() - 8 * 86_400_000), closed_at: new Date(Date.now() - 8 * 86_400_000 + 60_000) }).where('id', '=', old.id).execute();

    const v = await summary(m.token);
    expect(v).toMatchObject({ minClaim: '1.00', currencySymbol: '$', claimable: true, lastClaimAt: null, windowDays: 7 });
    expect(v.lines).toEqual([
      { category: 'live', bets: '333.33', rateBps: 30, amount: '0.99' },
      { category: 'rng', bets: '1334.56', rateBps: 50, amount: '6.67' },
    ]);
    expect(v.total).toBe('7.66');
  });

  it("counts Apsara's own lotteries under lottery and the other in-house games under rng", async () => {
    const m = await makeMember(h, fresh());
    const { merchant_id } = await h.database.db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow();
    for (const [code, stake] of [['VN2M', 10_000n], ['CLASSIC5D', 5_000n], ['DICE', 10_000n]] as const) {
      const game = await h.database.db.selectFrom('games').select('id').where('vendor_code', '=', 'APSARA').where('game_code', '=', code).executeTakeFirstOrThrow();
      await h.database.db.insertInto('game_rounds').values({ merchant_id, member_id: m.id, vendor_code: 'APSARA', game_id: game.id, round_ref: newKey('r'), stake, payout: 0n, status: 'closed', closed_at: new Date() }).execute();
    }
    expect((await summary(m.token)).lines).toEqual([
      { category: 'lottery', bets: '150.00', rateBps: 20, amount: '0.30' },
      { category: 'rng', bets: '100.00', rateBps: 50, amount: '0.50' },
    ]);
    // Collected the same way: the lines stored with the collection say lottery too.
    await h.setConfig('APSARA', (c) => (c.rebate = { rates: { live: 30, lottery: 20, pvp: 30, rng: 50, sports: 30 }, minClaim: '0.10', windowDays: 7 }));
    try {
      const made = await claim(m.token);
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().value.lines.map((l: { category: string }) => l.category)).toEqual(['lottery', 'rng']);
    } finally {
      await h.setConfig('APSARA', (c) => delete c.rebate);
    }
  });

  it('collects once into the main wallet through the ledger; the same key answers the same collection; the rounds never count again', async () => {
    const m = await makeMember(h, fresh());
    await playedRound(h, m.id, 100_000n, 'RNG'); // 5.00
    await playedRound(h, m.id, 50_000n, 'LIVE'); // 1.50
    const before = await mainBalance(h, m.token);
    const key = newKey('rebate');

    const res = await claim(m.token, key);
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().value;
    expect(made).toMatchObject({ amount: '6.50', bets: '1500.00', rounds: 2 });
    expect(made.lines).toEqual([
      { category: 'live', bets: '500.00', rateBps: 30, amount: '1.50' },
      { category: 'rng', bets: '1000.00', rateBps: 50, amount: '5.00' },
    ]);
    expect((await mainBalance(h, m.token)).balance).toBe((Number(before.balance) + 6.5).toFixed(2));

    // Again with the same key: the same collection, nothing moves.
    const again = await claim(m.token, key);
    expect(again.json().value).toEqual(made);
    expect((await mainBalance(h, m.token)).balance).toBe((Number(before.balance) + 6.5).toFixed(2));

    const after = await summary(m.token);
    expect(after).toMatchObject({ lines: [], total: '0.00', claimable: false, lastClaimAt: made.createdAt });
    const refused = await claim(m.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REBATE_BELOW_MINIMUM', message: 'Your rebate can be collected once it reaches $1.00' });

    // One posting of type REBATE from the promotion expense, in the account record and the history.
    const record = (await get('/wps/relay/ODSFE2_MemTransDet?type=REBATE', m.token)).json().value.items;
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({ type: 'REBATE', amount: '6.50', detail: { kind: 'rebate', rounds: 2 } });
    const history = (await get('/wps/rebate/claims', m.token)).json().value;
    expect(history).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(history.items[0]).toEqual(made);
    const marked = await h.database.db.selectFrom('game_rounds').select('rebate_claim_id').where('member_id', '=', m.id).execute();
    expect(marked.map((r) => r.rebate_claim_id?.toString())).toEqual([made.id, made.id]);
    expect(await booksBalance(h)).toBe(true);

    // A round played later is collectable on its own.
    await playedRound(h, m.id, 40_000n, 'RNG');
    expect((await summary(m.token)).total).toBe('2.00');
  });

  it('collections of one member at the same moment pay once', async () => {
    const m = await makeMember(h, fresh());
    for (let i = 0; i < 5; i++) await playedRound(h, m.id, 20_000n, 'RNG');
    const results = await Promise.all(Array.from({ length: 8 }, () => claim(m.token)));
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code)).sort();
    expect(codes).toEqual(['REBATE_BELOW_MINIMUM', 'REBATE_BELOW_MINIMUM', 'REBATE_BELOW_MINIMUM', 'REBATE_BELOW_MINIMUM', 'REBATE_BELOW_MINIMUM', 'REBATE_BELOW_MINIMUM', 'REBATE_BELOW_MINIMUM', 'ok']);
    const paid = await sql<{ n: number; s: string }>`select count(*)::int as n, sum(e.amount)::text as s from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join accounts a on a.id = e.account_id where t.type = 'REBATE' and a.member_id = ${m.id}`.execute(h.database.db);
    expect(paid.rows[0]).toEqual({ n: 1, s: '500' });
  });

  it('below the minimum, with the flag off, for a trial account or with a bad key: refused with its code, nothing written', async () => {
    const m = await makeMember(h, fresh());
    await playedRound(h, m.id, 10_000n, 'RNG'); // 0.50, under 1.00
    const trial = await makeMember(h, fresh(), { type: ACCOUNT_TYPE.TRIAL });
    await playedRound(h, trial.id, 500_000n, 'RNG');
    const snap = await moneySnapshot(h);
    const rows = await claimRows();

    const below = await claim(m.token, newKey('rebate'), { lang: 'km' });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({ code: 'REBATE_BELOW_MINIMUM', message: 'ប្រាក់បង្វិលអាចប្រមូលបាន នៅពេលវាដល់ $1.00' });
    for (const t of [trial.token]) {
      for (const r of [await get('/wps/rebate', t), await claim(t), await get('/wps/rebate/claims', t)]) {
        expect(r.statusCode).toBe(403);
        expect(r.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
      }
    }
    for (const payload of [{}, { idempotencyKey: '' }, { idempotencyKey: 'short' }, { idempotencyKey: 'x'.repeat(101) }, { idempotencyKey: 'has space 123' }, { idempotencyKey: 12345678 }, { idempotencyKey: newKey('r'), amount: '5.00' }]) {
      const r = await h.call({ method: 'POST', url: '/wps/rebate/claim', token: m.token, lang: 'en', payload });
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/wps/rebate/claims?page=0', m.token)).statusCode).toBe(400);
    expect((await h.call({ method: 'GET', url: '/wps/rebate' })).statusCode).toBe(401);

    await setRebate(false);
    try {
      for (const r of [await get('/wps/rebate', m.token), await claim(m.token), await get('/wps/rebate/claims', m.token)]) {
        expect(r.statusCode).toBe(403);
        expect(r.json().code).toBe('FUNCTION_NOT_ENABLED');
      }
    } finally {
      await setRebate(true);
    }
    expect(await moneySnapshot(h)).toEqual(snap);
    expect(await claimRows()).toBe(rows);
  });

  it("follows the site's rates, minimum and window, and a member of another site sees only their own", async () => {
    await h.setConfig('APSARA', (c) => (c.rebate = { rates: { live: 0, lottery: 100, pvp: 0, rng: 300, sports: 0 }, minClaim: '0.10', windowDays: 1 }));
    try {
      const m = await makeMember(h, fresh());
      await playedRound(h, m.id, 10_000n, 'RNG'); // 3 % of 100.00
      await playedRound(h, m.id, 10_000n, 'LIVE'); // 0 %
      const v = await summary(m.token);
      expect(v).toMatchObject({ minClaim: '0.10', windowDays: 1, total: '3.00', claimable: true });
      expect(v.lines).toEqual([
        { category: 'live', bets: '100.00', rateBps: 0, amount: '0.00' },
        { category: 'rng', bets: '100.00', rateBps: 300, amount: '3.00' },
      ]);
    } finally {
      await h.setConfig('APSARA', (c) => delete c.rebate);
    }
    await h.setConfig('LOTUS', (c) => (c.flags.MANPLAYREB3 = true));
    try {
      const lotus = await makeMember(h, fresh(), { merchant: 'LOTUS', host: 'lotus.localhost' });
      const v = (await get('/wps/rebate', lotus.token, { host: 'lotus.localhost' })).json().value;
      expect(v).toMatchObject({ lines: [], total: '0.00', claimable: false });
      // An Apsara token is no session on Lotus.
      const apsara = await makeMember(h, fresh());
      expect((await get('/wps/rebate', apsara.token, { host: 'lotus.localhost' })).statusCode).toBe(401);
    } finally {
      await h.setConfig('LOTUS', (c) => (c.flags.MANPLAYREB3 = false));
    }
  });
});

describe('rates by VIP rank', () => {
  const SITE = { live: 30, lottery: 20, pvp: 30, rng: 50, sports: 30 };
  /** Rank 1 sets nothing of its own, rank 2 raises rng and live and leaves sports as below; rank 3 has no row. */
  const withRanks = () => h.setConfig('APSARA', (c) => (c.rebate = { rates: SITE, vipRates: [{}, { rng: 120, live: 40 }], minClaim: '0.10', windowDays: 7 }));
  const atLevel = async (memberId: bigint, level: number) => {
    const { merchant_id } = await h.database.db.selectFrom('members').select('merchant_id').where('id', '=', memberId).executeTakeFirstOrThrow();
    await h.database.db.insertInto('vip_progress').values({ member_id: memberId, merchant_id, level }).onConflict((oc) => oc.column('member_id').doUpdateSet({ level })).execute();
  };
  const played = async (level: number) => {
    const m = await makeMember(h, fresh());
    if (level > 0) await atLevel(m.id, level);
    await playedRound(h, m.id, 100_000n, 'RNG');
    await playedRound(h, m.id, 100_000n, 'LIVE');
    await playedRound(h, m.id, 50_000n, 'SPORTS');
    return m;
  };
  let vipBefore: unknown;
  beforeAll(async () => {
    vipBefore = (await h.database.db.selectFrom('merchants').select('config').where('code', '=', 'APSARA').executeTakeFirstOrThrow()).config.vip;
  });
  afterEach(async () => {
    await h.setConfig('APSARA', (c) => {
      delete c.rebate;
      c.vip = structuredClone(vipBefore);
    });
  });

  it("pays a ranked member the rank's rate where it sets one and the rank below's where it leaves the category out", async () => {
    await h.setConfig('APSARA', (c) => (c.vip = { enabled: true, levels: [{ minBets: '100.00', minDeposits: '0.00' }, { minBets: '200.00', minDeposits: '0.00' }, { minBets: '300.00', minDeposits: '0.00' }] }));
    await withRanks();
    const two = await summary((await played(2)).token);
    expect(two).toMatchObject({ vipLevel: 2, total: '17.50' });
    expect(two.lines).toEqual([
      { category: 'live', bets: '1000.00', rateBps: 40, amount: '4.00' },
      { category: 'rng', bets: '1000.00', rateBps: 120, amount: '12.00' },
      { category: 'sports', bets: '500.00', rateBps: 30, amount: '1.50' },
    ]);
    // Rank 1 has a row that sets nothing and no rank is rank 0: the site's rates; rank 3 has no row: rank 2's. Each with its rank said.
    for (const [level, rates] of [[1, { live: 30, rng: 50, sports: 30 }], [0, { live: 30, rng: 50, sports: 30 }], [3, { live: 40, rng: 120, sports: 30 }]] as const) {
      const v = await summary((await played(level)).token);
      expect(v.vipLevel, `rank ${level}`).toBe(level);
      expect(Object.fromEntries(v.lines.map((l: { category: string; rateBps: number }) => [l.category, l.rateBps])), `rank ${level}`).toEqual(rates);
    }
  });

  it("gives the site's rates, and rank 0, when the VIP programme is off or no longer has the member's rank", async () => {
    await withRanks();
    const m = await played(2);
    await h.setConfig('APSARA', (c) => (c.vip = { enabled: false, levels: [{ minBets: '100.00', minDeposits: '0.00' }, { minBets: '200.00', minDeposits: '0.00' }] }));
    const off = await summary(m.token);
    expect(off.vipLevel).toBe(0);
    expect(off.lines.find((l: { category: string }) => l.category === 'rng')).toMatchObject({ rateBps: 50, amount: '5.00' });
    // On again, but with one rank only: the member's rank 2 is not the site's any more.
    await h.setConfig('APSARA', (c) => (c.vip = { enabled: true, levels: [{ minBets: '100.00', minDeposits: '0.00' }] }));
    const fewer = await summary(m.token);
    expect(fewer.vipLevel).toBe(0);
    expect(fewer.lines.find((l: { category: string }) => l.category === 'rng')).toMatchObject({ rateBps: 50 });
  });

  it("collects at the member's rank's rates and records them; a rank reached since the preview pays at the new rank's", async () => {
    await h.setConfig('APSARA', (c) => (c.vip = { enabled: true, levels: [{ minBets: '100.00', minDeposits: '0.00' }, { minBets: '200.00', minDeposits: '0.00' }] }));
    await withRanks();
    const m = await played(2);
    const before = await mainBalance(h, m.token);
    const preview = await summary(m.token);
    const res = await claim(m.token);
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().value;
    expect(made.amount).toBe(preview.total);
    expect(made.lines).toEqual(preview.lines);
    expect(made.lines.find((l: { category: string }) => l.category === 'rng')).toMatchObject({ rateBps: 120, amount: '12.00' });
    expect((await mainBalance(h, m.token)).balance).toBe((Number(before.balance) + Number(made.amount)).toFixed(2));
    // Stored with the collection, and so listed the same in the member's history and the back office's.
    const row = await h.database.db.selectFrom('rebate_claims').select(['lines', 'amount']).where('id', '=', BigInt(made.id)).executeTakeFirstOrThrow();
    expect(row.lines.find((l) => l.category === 'rng')).toMatchObject({ rateBps: 120, amount: '1200' });
    expect(row.amount.toString()).toBe(String(Math.round(Number(made.amount) * 100)));
    expect((await get('/wps/rebate/claims', m.token)).json().value.items[0]).toEqual(made);

    // Seen as rank 1 (the site's rng rate), raised to rank 2 before collecting: paid at rank 2's, the lines say so.
    const later = await played(1);
    expect((await summary(later.token)).lines.find((l: { category: string }) => l.category === 'rng').rateBps).toBe(50);
    await atLevel(later.id, 2);
    const raised = (await claim(later.token)).json().value;
    expect(raised.lines.find((l: { category: string }) => l.category === 'rng')).toMatchObject({ rateBps: 120, amount: '12.00' });
    expect(raised.amount).toBe(fromMinorSum(raised.lines));
    expect(await booksBalance(h)).toBe(true);
  });

  it('PATCH /ops/config/rebate takes rates by rank and refuses bad ones naming the cell, writing nothing', async () => {
    const admin = await h.opsLogin();
    const patch = (body: object) => h.call({ method: 'PATCH', url: '/ops/config/rebate', token: admin, lang: 'en', payload: body });
    const current = (await h.call({ method: 'GET', url: '/ops/config', token: admin, lang: 'en' })).json().value;
    const audits = async () => Number((await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(h.database.db)).rows[0]!.n);
    const base = { rates: SITE, minClaim: '1.00', windowDays: 7 };
    const n = await audits();
    const cases: [object, string][] = [
      [{ ...base, vipRates: [{}, { rng: 301 }] }, 'rebate.vipRates.1.rng'],
      [{ ...base, vipRates: [{ live: -1 }] }, 'rebate.vipRates.0.live'],
      [{ ...base, vipRates: [{ pvp: 2.5 }] }, 'rebate.vipRates.0.pvp'],
      [{ ...base, vipRates: [{ slots: 10 }] }, 'rebate.vipRates.0'],
      [{ ...base, vipRates: Array.from({ length: 11 }, () => ({})) }, 'rebate.vipRates'],
      [{ ...base, vipRates: {} }, 'rebate.vipRates'],
      // A rank set under what the rank below is paid (VIP2 empty is paid VIP1's 0.80 %).
      [{ ...base, vipRates: [{ rng: 80 }, {}, { rng: 60 }] }, 'rebate.vipRates.2.rng'],
      [{ ...base, vipRates: [{ live: 10 }] }, 'rebate.vipRates.0.live'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fields.map((f: { field: string }) => f.field), JSON.stringify(body)).toContain(field);
    }
    expect((await h.call({ method: 'GET', url: '/ops/config', token: admin, lang: 'en' })).json().value.rebate).toEqual(current.rebate);
    expect(await audits()).toBe(n);

    const good = { ...base, vipRates: [{}, { rng: 80, sports: 300 }] };
    const saved = await patch(good);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await h.call({ method: 'GET', url: '/ops/config', token: admin, lang: 'en' })).json().value.rebate).toEqual(good);
  });
});

describe('GET /ops/rebate-claims', () => {
  const list = (token: string, query = '', host?: string) => h.call({ method: 'GET', url: `/ops/rebate-claims${query}`, token, lang: 'en', host });

  it("lists the site's collections newest first with their members, one member's by username in any case, and what the whole list paid", async () => {
    const named = async () => {
      const username = fresh();
      return { username, ...(await makeMember(h, username)) };
    };
    const a = await named();
    const b = await named();
    await playedRound(h, a.id, 100_000n, 'RNG'); // 5.00
    const first = (await claim(a.token)).json().value;
    await playedRound(h, b.id, 40_000n, 'RNG'); // 2.00
    await playedRound(h, b.id, 50_000n, 'LIVE'); // 1.50
    const second = (await claim(b.token)).json().value;
    await playedRound(h, a.id, 30_000n, 'RNG'); // 1.50
    const third = (await claim(a.token)).json().value;

    const admin = await h.opsLogin();
    const all = (await list(admin)).json().value;
    expect(all.pageSize).toBe(20);
    expect(all.items.slice(0, 3).map((c: { id: string }) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(all.items[1]).toEqual({ ...second, memberId: b.id.toString(), username: b.username });
    expect(all.total).toBeGreaterThanOrEqual(3);
    // The sum covers the whole list: every collection of the site, read from the table.
    const paid = await sql<{ amount: string; n: number }>`select coalesce(sum(amount), 0)::text as amount, count(*)::int as n from rebate_claims where merchant_id = (select id from merchants where code = 'APSARA')`.execute(h.database.db);
    expect(all.total).toBe(paid.rows[0]!.n);
    expect(Math.round(Number(all.sum.amount) * 100)).toBe(Number(paid.rows[0]!.amount));

    const one = (await list(admin, `?username=${a.username.toUpperCase()}`)).json().value;
    expect(one.items.map((c: { id: string }) => c.id)).toEqual([third.id, first.id]);
    expect(one).toMatchObject({ total: 2, page: 1, sum: { amount: '6.50', bets: '1300.00', rounds: 2 } });
    const nobody = (await list(admin, '?username=no-such-member')).json().value;
    expect(nobody).toMatchObject({ items: [], total: 0, sum: { amount: '0.00', bets: '0.00', rounds: 0 } });
    expect((await list(admin, '?page=2&username=' + a.username)).json().value.items).toEqual([]);

    // A time range: from (included) to (excluded), with the sum of what falls in it.
    await h.database.db.updateTable('rebate_claims').set({ created_at: new Date('2026-03-10T05:00:00Z') }).where('id', '=', BigInt(first.id)).execute();
    const inMarch = (await list(admin, `?username=${a.username}&from=${encodeURIComponent('2026-03-10T00:00:00+07:00')}&to=${encodeURIComponent('2026-03-11T00:00:00+07:00')}`)).json().value;
    expect(inMarch).toMatchObject({ total: 1, sum: { amount: '5.00' } });
    expect(inMarch.items.map((c: { id: string }) => c.id)).toEqual([first.id]);
    const after = (await list(admin, `?username=${a.username}&from=${encodeURIComponent('2026-03-10T12:00:01Z')}`)).json().value;
    expect(after.items.map((c: { id: string }) => c.id)).toEqual([third.id]);
    const before = (await list(admin, `?username=${a.username}&to=${encodeURIComponent('2026-03-10T05:00:00Z')}`)).json().value;
    expect(before.total).toBe(0);
  });

  it("answers support and finance, only their own site's, and refuses bad input and members", async () => {
    await h.addOperator('APSARA', 'rebsupport', 'Support-Pass-1', 'support');
    const support = await h.opsLogin('rebsupport', 'Support-Pass-1');
    expect((await list(support)).statusCode).toBe(200);

    // A Lotus operator sees none of Apsara's collections, and Apsara's none of Lotus's.
    await h.setConfig('LOTUS', (c) => (c.flags.MANPLAYREB3 = true));
    try {
      const username = fresh();
      const lotusMember = { username, ...(await makeMember(h, username, { merchant: 'LOTUS', host: 'lotus.localhost' })) };
      await playedRound(h, lotusMember.id, 100_000n, 'RNG');
      const made = await claim(lotusMember.token, newKey('rebate'), { host: 'lotus.localhost' });
      expect(made.statusCode, made.body).toBe(200);
      await h.addOperator('LOTUS', 'lotusreb', 'Lotus-Ops-Pass-1', 'admin');
      const lotusOps = await h.opsLogin('lotusreb', 'Lotus-Ops-Pass-1', 'lotus.localhost');
      const lotus = (await list(lotusOps, '', 'lotus.localhost')).json().value;
      expect(lotus.items.map((c: { username: string }) => c.username)).toEqual([lotusMember.username]);
      const admin = await h.opsLogin();
      expect((await list(admin, `?username=${lotusMember.username}`)).json().value.total).toBe(0);
    } finally {
      await h.setConfig('LOTUS', (c) => (c.flags.MANPLAYREB3 = false));
    }

    const admin = await h.opsLogin();
    for (const q of ['?page=0', '?page=-1', '?page=abc', '?page=1.5', `?username=${'x'.repeat(65)}`, '?from=2026-03-10', '?to=yesterday', `?from=${encodeURIComponent('2026-03-11T00:00:00Z')}&to=${encodeURIComponent('2026-03-10T00:00:00Z')}`]) {
      const res = await list(admin, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('VALIDATION_FAILED');
    }
    // A member's token is no operator session.
    const m = await makeMember(h, fresh());
    expect((await list(m.token)).statusCode).toBe(401);
  });
});
