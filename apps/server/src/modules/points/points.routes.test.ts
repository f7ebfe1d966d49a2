import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { fund, mainBalance, makeMember, newKey, playedRound } from '../../../test/money-helpers.js';

let h: Harness;
let ops: string;
let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;
const PP = '2468';

type M = { id: bigint; token: string };
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown, host?: string) =>
  h.call({ method, url, token, host, lang: 'en', ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const balance = async (who: M) => (await call('GET', '/wps/relay/MCS2_getPointBalance', who.token)).json().value as { points: number; lifetimeEarned: number; applying: number; available: string; hasPaymentPassword: boolean; taken: { goodsId: string; quantity: number }[] };
const convert = (who: M, amount: string, key = newKey('cv'), paymentPassword = PP) => call('POST', '/wps/relay/passwordCheck/MCS2_convertPoint', who.token, { amount, paymentPassword, idempotencyKey: key });
const redeem = (who: M, body: Record<string, unknown>, key = newKey('rd')) => call('POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', who.token, { paymentPassword: PP, idempotencyKey: key, quantity: 1, ...body });
const details = async (who: M) => (await call('GET', '/wps/points/details', who.token)).json().value.items as { kind: string; change: number; balance: number; orderNumber: string | null; basis: string | null; note: string | null }[];
const records = async (who: M) => (await call('GET', '/wps/relay/MCS2_getRedeemPointList', who.token)).json().value.items as { id: string; number: string; kind: string; status: string; points: number; amount: string; remark: string | null }[];
const goodsList = async () => (await call('GET', '/wps/relay/MCS2_getPointReward')).json().value.items as { id: string; name: { en: string }; kind: string; points: number; amount: string; remaining: number; stock: number; limitPerMember: number | null }[];
const goodsNamed = async (en: string) => (await goodsList()).find((g) => g.name.en === en)!;
/** The member reads English (the site's own language is Khmer). */
const inEnglish = (who: M) => h.database.db.updateTable('members').set({ language: 'en' }).where('id', '=', who.id).execute();
const inbox = async (who: M) => (await call('GET', '/wps/messages', who.token)).json().value.items as { title: string; content?: string; body?: string }[];
const decide = (id: string, decision: 'approve' | 'reject', body?: Record<string, unknown>, token = ops) => call('POST', `/ops/point-orders/${id}/${decision}`, token, body ?? {});
const member = async (prefix: string, money?: string) => {
  const m = await makeMember(h, uname(prefix), { paymentPassword: PP });
  if (money) await fund(h, ops, m.id, money);
  return m;
};
/** A good of our own, so one test's stock and limits never depend on another's. */
const newGoods = async (body: Record<string, unknown>) => {
  const res = await call('POST', '/ops/point-goods', ops, { name: { en: uname('Gift') }, art: 'gift', kind: 'virtual', points: 100, stock: 10, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: string; remaining: number };
};
const pointsWritten = async () => Number((await sql<{ n: string }>`select (select count(*) from point_entries) + (select count(*) from point_orders) as n`.execute(h.database.db)).rows[0].n);
const spin = async (who: M, times: number, bet = '1.00') => {
  for (let i = 0; i < times; i++) {
    const res = await call('POST', '/wps/inhouse/slot/spin', who.token, { bet, idempotencyKey: newKey('spin') });
    expect(res.statusCode, res.body).toBe(200);
  }
};

/** Runs `work` with the demo site's points settings replaced, and puts them back whatever happens. */
const withPoints = async (points: unknown, work: () => Promise<void>) => {
  let seeded: unknown;
  await h.setConfig('APSARA', (c) => {
    seeded = c.points;
    c.points = points;
  });
  try {
    await work();
  } finally {
    await h.setConfig('APSARA', (c) => {
      c.points = seeded;
    });
  }
};
const roundFor = (memberId: bigint, category: string, stake: bigint) => playedRound(h, memberId, stake, category);

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
});
afterAll(async () => {
  await h?.close();
});

describe('points mall: rules and goods', () => {
  it('publishes the rules and the seeded goods to visitors; a site without the points mall says so', async () => {
    const cfg = (await call('GET', '/wps/relay/MCS2_getPointConfig')).json().value;
    expect(cfg).toMatchObject({ enabled: true, currencySymbol: '$', expires: false, convert: { enabled: true, pointsPerUnit: 10, min: '10.00', max: '10000.00' } });
    expect(cfg.earn.map((e: { source: string }) => e.source)).toEqual(['live', 'lottery', 'pvp', 'rng', 'sports', 'deposit']);
    const goods = await goodsList();
    expect(goods.length).toBeGreaterThanOrEqual(8);
    expect(goods.find((g) => g.name.en === 'Smart watch')).toMatchObject({ kind: 'physical', points: 6000, amount: '20.00', limitPerMember: 1 });

    const lotusCfg = (await call('GET', '/wps/relay/MCS2_getPointConfig', undefined, undefined, 'lotus.localhost')).json().value;
    expect(lotusCfg.enabled).toBe(false);
    const lotusGoods = await call('GET', '/wps/relay/MCS2_getPointReward', undefined, undefined, 'lotus.localhost');
    expect(lotusGoods.statusCode).toBe(403);
    expect(lotusGoods.json()).toMatchObject({ success: false, code: 'POINTS_DISABLED', message: 'The points mall is not open on this site' });
  });

  it('asks visitors to log in and tells trial accounts they need a real one', async () => {
    expect((await call('GET', '/wps/relay/MCS2_getPointBalance')).statusCode).toBe(401);
    const trial = await makeMember(h, uname('pt'), { type: 4, paymentPassword: PP });
    for (const res of [await call('GET', '/wps/relay/MCS2_getPointBalance', trial.token), await convert(trial, '10'), await call('GET', '/wps/points/details', trial.token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    }
  });
});

describe('cash to points', () => {
  it('moves whole units from the main wallet into points at the ratio, once per key, through the ledger', async () => {
    const m = await member('pc', '100.00');
    expect(await balance(m)).toMatchObject({ points: 0, available: '100.00', hasPaymentPassword: true });
    const key = newKey('cv');
    const res = await convert(m, '25', key);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ points: 250, available: '75.00', replayed: false, order: { kind: 'convert', status: 'approved', points: 250, amount: '25.00', quantity: 1 } });
    expect(v.order.number).toMatch(/^PM\d{8}$/);
    expect((await mainBalance(h, m.token)).balance).toBe('75.00');

    // The same request again is the same conversion; the same key for another amount is refused.
    const again = await convert(m, '25', key);
    expect(again.json().value).toMatchObject({ replayed: true, points: 250, order: { id: v.order.id } });
    const changed = await convert(m, '30', key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await mainBalance(h, m.token)).balance).toBe('75.00');

    expect(await details(m)).toEqual([expect.objectContaining({ kind: 'convert', change: 250, balance: 250, orderNumber: v.order.number, basis: '25.00' })]);
    expect(await balance(m)).toMatchObject({ points: 250, lifetimeEarned: 250 });
    const posting = await sql<{ type: string; amount: string }>`
      select t.type, e.amount::text from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join accounts a on a.id = e.account_id
       where a.member_id = ${m.id} and t.type = 'POINTS_PURCHASE'`.execute(h.database.db);
    expect(posting.rows).toEqual([{ type: 'POINTS_PURCHASE', amount: '-2500' }]);
    // The account record shows it under "Points mall", with the record's number.
    const record = (await call('GET', '/wps/relay/ODSFE2_MemTransDet?type=POINTS_MALL', m.token)).json().value;
    expect(record.items).toEqual([expect.objectContaining({ type: 'POINTS_PURCHASE', amount: '-25.00', reference: v.order.number })]);
  });

  it('refuses cents, amounts out of range, a wrong payment password and more than the wallet holds, writing nothing', async () => {
    const m = await member('pd', '50.00');
    const before = await pointsWritten();
    const cases: [string, number, string][] = [
      ['10.50', 400, 'VALIDATION_FAILED'],
      ['-10', 400, 'VALIDATION_FAILED'],
      ['0', 400, 'VALIDATION_FAILED'],
      ['abc', 400, 'VALIDATION_FAILED'],
      ['1e3', 400, 'VALIDATION_FAILED'],
      ['5', 400, 'POINT_CONVERT_OUT_OF_RANGE'],
      ['10001', 400, 'POINT_CONVERT_OUT_OF_RANGE'],
      ['60', 400, 'INSUFFICIENT_FUNDS'],
    ];
    for (const [amount, status, code] of cases) {
      const res = await convert(m, amount);
      expect(res.statusCode, amount).toBe(status);
      expect(res.json().code, amount).toBe(code);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    const wrong = await convert(m, '10', newKey('cv'), '9999');
    expect(wrong.json().code).toBe('PAYMENT_PASSWORD_WRONG');
    const noPassword = await makeMember(h, uname('pn'));
    await fund(h, ops, noPassword.id, '20.00');
    expect((await convert(noPassword, '10')).json().code).toBe('PAYMENT_PASSWORD_NOT_SET');
    expect(await pointsWritten()).toBe(before);
    expect((await mainBalance(h, m.token)).balance).toBe('50.00');
  });
});

describe('goods redemption', () => {
  it('spends points and stock at once and holds a cash part; approval captures it, audited', async () => {
    const m = await member('pr', '100.00');
    await inEnglish(m);
    await convert(m, '40');
    const watch = await newGoods({ kind: 'physical', art: 'watch', points: 300, amount: '12.50', stock: 3, limitPerMember: 1 });
    const res = await redeem(m, { goodsId: watch.id, address: '  12 Riverside, Phnom Penh  ' });
    expect(res.statusCode, res.body).toBe(200);
    const { order } = res.json().value;
    expect(res.json().value).toMatchObject({ points: 100, available: '47.50', replayed: false });
    expect(order).toMatchObject({ kind: 'goods', status: 'applying', points: 300, amount: '12.50', address: '12 Riverside, Phnom Penh', quantity: 1, remark: null, decidedAt: null });
    expect(await mainBalance(h, m.token)).toEqual({ balance: '60.00', held: '12.50', available: '47.50' });
    expect((await goodsList()).find((g) => g.id === watch.id)).toMatchObject({ remaining: 2, stock: 3 });
    expect(await balance(m)).toMatchObject({ points: 100, applying: 1 });
    expect((await details(m))[0]).toMatchObject({ kind: 'redeem', change: -300, balance: 100, orderNumber: order.number });

    // The site's list shows it waiting; support may read but not decide.
    const waiting = (await call('GET', '/ops/point-orders?status=applying', ops)).json().value.items;
    expect(waiting.find((o: { id: string }) => o.id === order.id)).toMatchObject({ username: expect.any(String), memberId: m.id.toString() });
    await h.addOperator('APSARA', 'pmsupport', 'Support-Pass-1', 'support');
    const support = await h.opsLogin('pmsupport', 'Support-Pass-1');
    expect((await decide(order.id, 'approve', {}, support)).json().code).toBe('OPERATOR_FORBIDDEN');

    const ok = await decide(order.id, 'approve', { remark: 'Shipped by courier' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ status: 'approved', remark: 'Shipped by courier', decidedBy: 'opsadmin', replayed: false });
    expect(await mainBalance(h, m.token)).toEqual({ balance: '47.50', held: '0.00', available: '47.50' });
    // Deciding again the same way changes nothing; the other way is refused.
    expect((await decide(order.id, 'approve')).json().value.replayed).toBe(true);
    const late = await decide(order.id, 'reject', { remark: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('POINT_ORDER_DECIDED');
    expect(await mainBalance(h, m.token)).toEqual({ balance: '47.50', held: '0.00', available: '47.50' });
    expect((await records(m))[0]).toMatchObject({ id: order.id, status: 'approved', remark: 'Shipped by courier' });
    const audit = await h.database.db.selectFrom('audit_log').select(['action', 'ledger_transaction_id']).where('target_type', '=', 'point_order').where('target_id', '=', order.id).execute();
    expect(audit).toEqual([{ action: 'point_order.approve', ledger_transaction_id: expect.anything() }]);
    // The member is told in the inbox once (not again for the replay), with the site's remark.
    const told = (await inbox(m)).filter((x) => x.title === `Your points mall redemption ${order.number} is approved`);
    expect(told).toHaveLength(1);
    expect(JSON.stringify(told[0])).toContain('for 300 points and $12.50, is approved.');
    expect(JSON.stringify(told[0])).toContain('From the site: Shipped by courier');
  });

  it('a rejection with a remark gives back the points, the stock and the held cash', async () => {
    const m = await member('pj', '30.00');
    await inEnglish(m);
    await convert(m, '20');
    const bag = await newGoods({ kind: 'physical', art: 'bag', points: 150, amount: '5.00', stock: 2 });
    const { order } = (await redeem(m, { goodsId: bag.id, address: 'Street 51, house 7', quantity: 1 })).json().value;
    expect(await mainBalance(h, m.token)).toEqual({ balance: '10.00', held: '5.00', available: '5.00' });
    const noRemark = await decide(order.id, 'reject');
    expect(noRemark.statusCode).toBe(400);
    expect(noRemark.json().code).toBe('VALIDATION_FAILED');
    const res = await decide(order.id, 'reject', { remark: 'Out of this colour' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mainBalance(h, m.token)).toEqual({ balance: '10.00', held: '0.00', available: '10.00' });
    expect(await balance(m)).toMatchObject({ points: 200, applying: 0 });
    expect((await goodsList()).find((g) => g.id === bag.id)?.remaining).toBe(2);
    expect((await details(m)).slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'refund', change: 150, balance: 200, orderNumber: order.number }),
      expect.objectContaining({ kind: 'redeem', change: -150, balance: 50 }),
    ]);
    expect((await records(m))[0]).toMatchObject({ status: 'rejected', remark: 'Out of this colour' });
    expect((await decide(order.id, 'approve')).json().code).toBe('POINT_ORDER_DECIDED');
    const told = (await inbox(m)).filter((x) => x.title === `Your points mall redemption ${order.number} was not approved`);
    expect(told).toHaveLength(1);
    expect(JSON.stringify(told[0])).toContain('Your 150 points are back, and the $5.00 held for it is yours to use again.');
    expect(JSON.stringify(told[0])).toContain('Why: Out of this colour');
    // A member who never chose a language reads the site's (Khmer here).
    const km = await member('pk', '30.00');
    await convert(km, '20');
    const second = (await redeem(km, { goodsId: bag.id, address: 'Street 51, house 7', quantity: 1 })).json().value.order;
    expect((await decide(second.id, 'reject', { remark: 'អស់ពីស្តុក' })).statusCode).toBe(200);
    expect((await inbox(km))[0]!.title).toMatch(/[\u1780-\u17FF]/);
  });

  it('refuses what cannot be redeemed, naming why, and writes nothing', async () => {
    const m = await member('pf', '20.00');
    await convert(m, '10');
    const virtual = await newGoods({ points: 40, stock: 5, limitPerMember: 2 });
    const physical = await newGoods({ kind: 'physical', points: 40, stock: 5 });
    const pricey = await newGoods({ points: 5000, stock: 5 });
    const cash = await newGoods({ points: 10, amount: '50.00', stock: 5 });
    const hidden = await newGoods({ points: 10, stock: 5, onSale: false });
    const lotusOps = await (async () => {
      await h.addOperator('LOTUS', 'lotusops', 'Lotus-Ops-Pass-1', 'admin');
      return h.opsLogin('lotusops', 'Lotus-Ops-Pass-1', 'lotus.localhost');
    })();
    const lotusGoods = await h.call({ method: 'POST', url: '/ops/point-goods', token: lotusOps, host: 'lotus.localhost', payload: { name: 'Lotus gift', art: 'gift', kind: 'virtual', points: 1, stock: 5 } });
    expect(lotusGoods.statusCode, lotusGoods.body).toBe(200);

    const before = await pointsWritten();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ goodsId: pricey.id }, 400, 'POINTS_INSUFFICIENT'],
      [{ goodsId: virtual.id, quantity: 3 }, 409, 'POINT_GOODS_LIMIT'],
      [{ goodsId: physical.id, quantity: 6, address: 'Street 51, house 7' }, 409, 'POINT_GOODS_SOLD_OUT'],
      [{ goodsId: physical.id }, 400, 'POINT_ADDRESS_REQUIRED'],
      [{ goodsId: virtual.id, address: 'Somewhere 12' }, 400, 'VALIDATION_FAILED'],
      [{ goodsId: cash.id }, 400, 'INSUFFICIENT_FUNDS'],
      [{ goodsId: hidden.id }, 404, 'POINT_GOODS_NOT_FOUND'],
      [{ goodsId: lotusGoods.json().value.id }, 404, 'POINT_GOODS_NOT_FOUND'],
      [{ goodsId: '999999999' }, 404, 'POINT_GOODS_NOT_FOUND'],
      [{ goodsId: 'abc' }, 400, 'VALIDATION_FAILED'],
      [{ goodsId: virtual.id, quantity: 0 }, 400, 'VALIDATION_FAILED'],
      [{ goodsId: virtual.id, quantity: 1.5 }, 400, 'VALIDATION_FAILED'],
      [{ goodsId: virtual.id, quantity: 100 }, 400, 'VALIDATION_FAILED'],
      [{ goodsId: physical.id, address: 'abc' }, 400, 'VALIDATION_FAILED'],
      [{ goodsId: physical.id, address: '<script>x</script>' }, 400, 'VALIDATION_FAILED'],
      [{ goodsId: virtual.id, extra: 1 }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await redeem(m, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
    expect((await redeem(m, { goodsId: virtual.id, paymentPassword: '0000' })).json().code).toBe('PAYMENT_PASSWORD_WRONG');
    expect(await pointsWritten()).toBe(before);
    expect(await balance(m)).toMatchObject({ points: 100 });
    // The limit counts what the member already holds.
    expect((await redeem(m, { goodsId: virtual.id, quantity: 2 })).statusCode).toBe(200);
    expect((await redeem(m, { goodsId: virtual.id })).json()).toMatchObject({ code: 'POINT_GOODS_LIMIT', message: 'You can redeem at most 2 of this item; you have 2 already' });
    // The member's balance says how much of each limited good they hold, so the portal can say so first.
    expect((await balance(m)).taken).toContainEqual({ goodsId: virtual.id, quantity: 2 });
  });

  it('sells the last units once, however many members try at the same moment, and one key makes one order', async () => {
    const last = await newGoods({ points: 10, stock: 3 });
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => member(`pl${i}`, '10.00')));
    for (const b of buyers) await convert(b, '10');
    const results = await Promise.all(buyers.map((b) => redeem(b, { goodsId: last.id })));
    const codes = results.map((r) => (r.statusCode === 200 ? 'OK' : r.json().code));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(3);
    expect(codes.filter((c) => c !== 'OK').every((c) => c === 'POINT_GOODS_SOLD_OUT')).toBe(true);
    expect((await goodsList()).find((g) => g.id === last.id)?.remaining).toBe(0);

    const twice = await newGoods({ points: 10, stock: 10 });
    const buyer = buyers[0];
    const key = newKey('same');
    const same = await Promise.all(Array.from({ length: 5 }, () => redeem(buyer, { goodsId: twice.id }, key)));
    expect(same.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(same.map((r) => r.json().value.order.id)).size).toBe(1);
    expect(same.filter((r) => !r.json().value.replayed)).toHaveLength(1);
    expect((await goodsList()).find((g) => g.id === twice.id)?.remaining).toBe(9);
  });
});

describe('earning points', () => {
  it('counts closed rounds by category and credited deposits, carries what is short of a point, and never counts twice', async () => {
    await withPoints({ earn: { deposit: { perAmount: '100.00', points: 5 }, live: { perAmount: '1.00', points: 2 } } }, async () => {
    const m = await member('pe', '50.00');
    await spin(m, 14);
    const live = await sql<{ id: bigint }>`select id from games where game_type = 'LIVE' limit 1`.execute(h.database.db);
    const merchant = await h.database.db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow();
    // A live round reported closed by its vendor, and a deposit credited.
    await h.database.db.insertInto('game_rounds').values({ merchant_id: merchant.merchant_id, member_id: m.id, vendor_code: 'AG', game_id: live.rows[0].id, round_ref: newKey('r'), stake: 350n, payout: 0n, status: 'closed', closed_at: new Date() }).execute();
    await h.database.db.insertInto('deposits').values({ merchant_id: merchant.merchant_id, member_id: m.id, channel_id: 'bank-transfer', type: 'BANK_TRANSFER', amount: 25_000n, currency: 'USD', reference: 'test', status: 'approved', idempotency_key: newKey('d'), reviewed_at: new Date() }).execute();
    const trial = await makeMember(h, uname('pq'), { type: 4 });
    await h.database.db.insertInto('game_rounds').values({ merchant_id: merchant.merchant_id, member_id: trial.id, vendor_code: 'AG', game_id: live.rows[0].id, round_ref: newKey('r'), stake: 10_000n, payout: 0n, status: 'closed', closed_at: new Date() }).execute();

    const first = await h.app.pointsAccrual.accrueDue();
    expect(first.items).toBeGreaterThanOrEqual(17);
    const lines = await details(m);
    // 14.00 of slot spins at 10.00 a point: 1 point, 4.00 carried. 3.50 live at 1.00 per 2 points: 6. 250.00 deposited: 10.
    expect(lines.map((l) => [l.kind, l.change, l.basis]).sort()).toEqual([['deposit', 10, '250.00'], ['live', 6, '3.50'], ['rng', 1, '14.00']].sort());
    expect(await balance(m)).toMatchObject({ points: 17, lifetimeEarned: 17 });
    expect(await sql`select 1 from point_accounts where member_id = ${trial.id}`.execute(h.database.db).then((r) => r.rows)).toEqual([]);

    expect((await h.app.pointsAccrual.accrueDue()).lines).toBe(0);
    await spin(m, 6);
    await h.app.pointsAccrual.accrueDue();
    // 4.00 carried + 6.00 = one more point.
    expect((await details(m))[0]).toMatchObject({ kind: 'rng', change: 1, balance: 18, basis: '6.00' });
    });
  });

  it("counts Apsara's own lotteries as lottery play, not as the in-house games' rng", async () => {
    await withPoints({ earn: { lottery: { perAmount: '1.00', points: 1 }, rng: { perAmount: '1.00', points: 3 } } }, async () => {
      const m = await member('pl', '1.00');
      const merchant = await h.database.db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow();
      for (const [code, stake] of [['VN2M', 500n], ['FAST5D', 200n], ['DICE', 100n]] as const) {
        const game = await h.database.db.selectFrom('games').select('id').where('vendor_code', '=', 'APSARA').where('game_code', '=', code).executeTakeFirstOrThrow();
        await h.database.db.insertInto('game_rounds').values({ merchant_id: merchant.merchant_id, member_id: m.id, vendor_code: 'APSARA', game_id: game.id, round_ref: newKey('r'), stake, payout: 0n, status: 'closed', closed_at: new Date() }).execute();
      }
      await h.app.pointsAccrual.accrueDue();
      // 7.00 of lottery slips at 1 point per 1.00; the dice round stays rng (3 points per 1.00).
      expect((await details(m)).map((l) => [l.kind, l.change, l.basis]).sort()).toEqual([['lottery', 7, '7.00'], ['rng', 3, '1.00']]);
    });
  });
});

describe('operators', () => {
  it('lists, adds and changes goods (admin only), and adjusts points once per key', async () => {
    const created = await newGoods({ points: 70, stock: 4 });
    const patch = await call('PATCH', `/ops/point-goods/${created.id}`, ops, { addStock: 6, points: 80, onSale: false });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json().value).toMatchObject({ stock: 10, remaining: 10, points: 80, onSale: false });
    expect((await goodsList()).some((g) => g.id === created.id)).toBe(false);
    expect((await call('GET', '/ops/point-goods', ops)).json().value.items.some((g: { id: string }) => g.id === created.id)).toBe(true);
    expect((await call('PATCH', `/ops/point-goods/${created.id}`, ops, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/ops/point-goods/999999', ops, { sort: 1 })).json().code).toBe('POINT_GOODS_NOT_FOUND');
    const support = await h.opsLogin('pmsupport', 'Support-Pass-1');
    expect((await call('POST', '/ops/point-goods', support, { name: 'x', art: 'gift', kind: 'virtual', points: 1, stock: 1 })).json().code).toBe('OPERATOR_FORBIDDEN');

    const m = await member('pa');
    const key = newKey('adj');
    const add = await call('POST', `/ops/members/${m.id}/points`, ops, { points: 500, reason: 'Birthday gift', idempotencyKey: key });
    expect(add.json().value).toMatchObject({ change: 500, balance: 500, replayed: false });
    expect((await call('POST', `/ops/members/${m.id}/points`, ops, { points: 500, reason: 'Birthday gift', idempotencyKey: key })).json().value).toMatchObject({ balance: 500, replayed: true });
    expect((await call('POST', `/ops/members/${m.id}/points`, ops, { points: 400, reason: 'Birthday gift', idempotencyKey: key })).json().code).toBe('IDEMPOTENCY_CONFLICT');
    const take = await call('POST', `/ops/members/${m.id}/points`, ops, { points: -600, reason: 'Correction', idempotencyKey: newKey('adj') });
    expect(take.json()).toMatchObject({ code: 'POINTS_INSUFFICIENT', message: 'Not enough points: you have 500, this needs 600' });
    expect((await call('POST', `/ops/members/${m.id}/points`, ops, { points: 0, reason: 'Nothing', idempotencyKey: newKey('adj') })).statusCode).toBe(400);
    expect(await details(m)).toEqual([expect.objectContaining({ kind: 'adjust', change: 500, note: 'Birthday gift' })]);
    expect(await balance(m)).toMatchObject({ points: 500, lifetimeEarned: 0 });
  });
});

describe('resends and races (meaningful on PostgreSQL, where requests run side by side)', () => {
  it('one key answers with the first result however many copies race, even when the first used up what it needed', async () => {
    const m = await member('pk', '100.00');
    const key = newKey('cv');
    const converts = await Promise.all(Array.from({ length: 5 }, () => convert(m, '10', key)));
    expect(converts.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(converts.map((r) => r.json().value.order.id)).size).toBe(1);
    expect((await mainBalance(h, m.token)).balance).toBe('90.00');
    expect(await balance(m)).toMatchObject({ points: 100 });

    // Points for exactly one: every copy must still be answered with the one redemption.
    const one = await newGoods({ points: 100, stock: 50 });
    const rkey = newKey('rd');
    const redeems = await Promise.all(Array.from({ length: 6 }, () => redeem(m, { goodsId: one.id }, rkey)));
    expect(redeems.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(redeems.map((r) => r.json().value.order.id)).size).toBe(1);
    expect(await balance(m)).toMatchObject({ points: 0 });

    await call('POST', `/ops/members/${m.id}/points`, ops, { points: 150, reason: 'Race setup', idempotencyKey: newKey('adj') });
    const akey = newKey('adj');
    const adjusts = await Promise.all(Array.from({ length: 3 }, () => call('POST', `/ops/members/${m.id}/points`, ops, { points: -100, reason: 'Race take', idempotencyKey: akey })));
    expect(adjusts.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await balance(m)).toMatchObject({ points: 50 });
  });

  it('a resent conversion is still the first one after the site changes its ratio or closes conversion', async () => {
    const m = await member('pz', '50.00');
    const key = newKey('cv');
    const first = (await convert(m, '10', key)).json().value;
    await withPoints({ convert: { enabled: false, pointsPerUnit: 3 } }, async () => {
      const again = await convert(m, '10', key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().value).toMatchObject({ replayed: true, order: { id: first.order.id, points: 100 } });
      const fresh = await convert(m, '10');
      expect(fresh.statusCode).toBe(403);
      expect(fresh.json().code).toBe('POINT_CONVERT_DISABLED');
    });
  });

  it("a member's conversions, redemptions with cash and the site's rejections side by side never deadlock", async () => {
    const m = await member('px', '500.00');
    await convert(m, '100');
    const cashGood = await newGoods({ points: 10, amount: '1.00', stock: 200 });
    const first = await Promise.all(Array.from({ length: 6 }, () => redeem(m, { goodsId: cashGood.id })));
    expect(first.every((r) => r.statusCode === 200)).toBe(true);
    const mixed = await Promise.all([
      ...Array.from({ length: 6 }, () => convert(m, '10')),
      ...Array.from({ length: 6 }, () => redeem(m, { goodsId: cashGood.id })),
      ...first.map((r) => decide(r.json().value.order.id, 'reject', { remark: 'Race check' })),
    ]);
    expect(mixed.map((r) => r.statusCode).filter((c) => c !== 200)).toEqual([]);
    // 1000 + 600 converted − 12 × 10 redeemed + 6 × 10 refunded.
    expect(await balance(m)).toMatchObject({ points: 1540, applying: 6 });
    expect(await mainBalance(h, m.token)).toEqual({ balance: '340.00', held: '6.00', available: '334.00' });
  });

  it('two accrual runs at once over a backlog count every round once', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, (_, i) => member(`pb${i}`)));
    const game = await sql<{ id: bigint }>`select id from games where game_type = 'RNG' limit 1`.execute(h.database.db);
    const merchant = await h.database.db.selectFrom('members').select('merchant_id').where('id', '=', players[0].id).executeTakeFirstOrThrow();
    await h.app.pointsAccrual.accrueDue();
    for (const p of players) {
      await sql`insert into game_rounds (merchant_id, member_id, vendor_code, game_id, round_ref, stake, payout, status, closed_at)
                select ${merchant.merchant_id}, ${p.id}, 'AG', ${game.rows[0].id}, 'bk-' || ${p.id} || '-' || i, 100, 0, 'closed', now() from generate_series(1, 900) i`.execute(h.database.db);
    }
    const runs = await Promise.all([h.app.pointsAccrual.accrueDue(), h.app.pointsAccrual.accrueDue()]);
    expect(runs[0].items + runs[1].items).toBe(4500);
    // 900 rounds of 1.00 each: 90 points apiece.
    for (const p of players) expect(await balance(p)).toMatchObject({ points: 90 });
  });

  it('a round its vendor reopens and closes again counts once; a site without the points mall earns nothing', async () => {
    const m = await member('po');
    const round = await roundFor(m.id, 'RNG', 2_000n);
    await h.app.pointsAccrual.accrueDue();
    expect(await balance(m)).toMatchObject({ points: 2 });
    await sql`update game_rounds set status = 'open', closed_at = null where id = ${round.id}`.execute(h.database.db);
    await sql`update game_rounds set status = 'closed', closed_at = now() where id = ${round.id}`.execute(h.database.db);
    expect((await h.app.pointsAccrual.accrueDue()).items).toBe(1);
    expect(await balance(m)).toMatchObject({ points: 2 });

    const lotus = await makeMember(h, uname('pu'), { merchant: 'LOTUS', host: 'lotus.localhost' });
    await roundFor(lotus.id, 'RNG', 100_000n);
    await h.app.pointsAccrual.accrueDue();
    expect((await sql`select 1 from point_entries where member_id = ${lotus.id}`.execute(h.database.db)).rows).toEqual([]);
  });
});

describe('other sites and closed doors', () => {
  it("an operator of one site cannot touch another site's goods, records or members; a site without the mall refuses its calls", async () => {
    const m = await member('pw', '20.00');
    await convert(m, '10');
    const good = await newGoods({ points: 10, stock: 5 });
    const { order } = (await redeem(m, { goodsId: good.id })).json().value;
    const convertOrder = (await records(m)).find((r) => r.kind === 'convert')!;
    const lotusOps = await h.opsLogin('lotusops', 'Lotus-Ops-Pass-1', 'lotus.localhost');
    const asLotus = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) => h.call({ method, url, token: lotusOps, host: 'lotus.localhost', payload });
    expect((await asLotus('PATCH', `/ops/point-goods/${good.id}`, { onSale: false })).json().code).toBe('POINT_GOODS_NOT_FOUND');
    expect((await asLotus('POST', `/ops/point-orders/${order.id}/approve`, {})).json().code).toBe('NOT_FOUND');
    expect((await asLotus('POST', `/ops/members/${m.id}/points`, { points: 5, reason: 'Not mine', idempotencyKey: newKey('adj') })).json().code).toBe('NOT_FOUND');
    expect((await asLotus('GET', '/ops/point-orders')).json().value.items.some((o: { id: string }) => o.id === order.id)).toBe(false);
    expect((await decide(convertOrder.id, 'approve')).json().code).toBe('NOT_FOUND');
    expect((await records(m)).find((r) => r.id === order.id)?.status).toBe('applying');

    const lotus = await makeMember(h, uname('pv'), { merchant: 'LOTUS', host: 'lotus.localhost', paymentPassword: PP });
    for (const res of [
      await h.call({ method: 'POST', url: '/wps/relay/passwordCheck/MCS2_convertPoint', token: lotus.token, host: 'lotus.localhost', payload: { amount: '10', paymentPassword: PP, idempotencyKey: newKey('cv') } }),
      await h.call({ method: 'GET', url: '/wps/relay/MCS2_getPointBalance', token: lotus.token, host: 'lotus.localhost' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('POINTS_DISABLED');
    }
  });
});
