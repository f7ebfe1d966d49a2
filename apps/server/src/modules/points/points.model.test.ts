import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { fund, mainBalance, makeMember, newKey } from '../../../test/money-helpers.js';

/**
 * The points book against a model: random conversions, redemptions, decisions and adjustments, each
 * sent twice under its key. After every step the member's points, wallet and the goods' stock are what
 * the model says; at the end the book's lines add up to the balance, each line's balance follows the
 * one before, and nothing was ever negative.
 */
let h: Harness;
let ops: string;
let n = 0;
const PP = '1357';

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
});
afterAll(async () => {
  await h?.close();
});

type Op =
  | { t: 'convert'; units: number }
  | { t: 'redeem'; goods: 0 | 1; qty: number }
  | { t: 'decide'; pick: number; approve: boolean }
  | { t: 'adjust'; points: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('convert' as const), units: fc.integer({ min: 10, max: 40 }) }),
  fc.record({ t: fc.constant('redeem' as const), goods: fc.constantFrom(0 as const, 1 as const), qty: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ t: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ t: fc.constant('adjust' as const), points: fc.integer({ min: -300, max: 300 }).filter((p) => p !== 0) }),
);

describe('the points book against a model', () => {
  it('keeps points, cash and stock exactly as the model, with a consistent history', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 12 }), async (ops_) => {
        const m = await makeMember(h, `pmodel${Date.now().toString(36).slice(-5)}${++n}`, { paymentPassword: PP });
        await fund(h, ops, m.id, '200.00');
        const goods: { id: string }[] = [];
        // One after the other: the stock check reads them back in id order.
        for (const g of [{ points: 70, amount: '0.00', stock: 6 }, { points: 40, amount: '3.00', stock: 5 }]) {
          const res = await h.call({ method: 'POST', url: '/ops/point-goods', token: ops, payload: { name: `Model ${++n}`, art: 'gift', kind: 'virtual', ...g } });
          goods.push(res.json().value);
        }
        const price = [{ points: 70, cash: 0 }, { points: 40, cash: 300 }];
        const model = { points: 0, balance: 20_000, held: 0, stock: [6, 5] };
        const applying: { id: string; goods: 0 | 1; qty: number }[] = [];

        for (const op of ops_) {
          const key = newKey('mdl');
          if (op.t === 'convert') {
            const send = () => h.call({ method: 'POST', url: '/wps/relay/passwordCheck/MCS2_convertPoint', token: m.token, payload: { amount: String(op.units), paymentPassword: PP, idempotencyKey: key } });
            const res = await send();
            const okay = op.units * 100 <= model.balance - model.held;
            expect(res.statusCode, res.body).toBe(okay ? 200 : 400);
            if (okay) {
              model.balance -= op.units * 100;
              model.points += op.units * 10;
            }
            expect((await send()).statusCode).toBe(res.statusCode);
          } else if (op.t === 'redeem') {
            const p = price[op.goods];
            const send = () => h.call({ method: 'POST', url: '/wps/relay/passwordCheck/MCS2_redeemPointReward', token: m.token, payload: { goodsId: goods[op.goods].id, quantity: op.qty, paymentPassword: PP, idempotencyKey: key } });
            const res = await send();
            const expected = model.stock[op.goods] < op.qty ? 'POINT_GOODS_SOLD_OUT' : model.points < p.points * op.qty ? 'POINTS_INSUFFICIENT' : model.balance - model.held < p.cash * op.qty ? 'INSUFFICIENT_FUNDS' : 'OK';
            expect(res.statusCode === 200 ? 'OK' : res.json().code, res.body).toBe(expected);
            if (expected === 'OK') {
              model.stock[op.goods] -= op.qty;
              model.points -= p.points * op.qty;
              model.held += p.cash * op.qty;
              applying.push({ id: res.json().value.order.id, goods: op.goods, qty: op.qty });
            }
            const again = await send();
            expect(again.statusCode).toBe(res.statusCode);
            if (expected === 'OK') expect(again.json().value).toMatchObject({ replayed: true, order: { id: res.json().value.order.id } });
          } else if (op.t === 'decide') {
            if (applying.length === 0) continue;
            const [o] = applying.splice(op.pick % applying.length, 1);
            const p = price[o.goods];
            const decision = op.approve ? 'approve' : 'reject';
            const res = await h.call({ method: 'POST', url: `/ops/point-orders/${o.id}/${decision}`, token: ops, payload: op.approve ? {} : { remark: 'Model says no' } });
            expect(res.statusCode, res.body).toBe(200);
            model.held -= p.cash * o.qty;
            if (op.approve) model.balance -= p.cash * o.qty;
            else {
              model.points += p.points * o.qty;
              model.stock[o.goods] += o.qty;
            }
          } else {
            const send = () => h.call({ method: 'POST', url: `/ops/members/${m.id}/points`, token: ops, payload: { points: op.points, reason: 'model step', idempotencyKey: key } });
            const res = await send();
            const okay = model.points + op.points >= 0;
            expect(res.statusCode === 200 ? 'OK' : res.json().code).toBe(okay ? 'OK' : 'POINTS_INSUFFICIENT');
            if (okay) model.points += op.points;
            expect((await send()).statusCode).toBe(res.statusCode);
          }
          const v = (await h.call({ method: 'GET', url: '/wps/relay/MCS2_getPointBalance', token: m.token })).json().value;
          expect(v.points).toBe(model.points);
          expect(await mainBalance(h, m.token)).toEqual({ balance: (model.balance / 100).toFixed(2), held: (model.held / 100).toFixed(2), available: ((model.balance - model.held) / 100).toFixed(2) });
          const stock = await h.database.db.selectFrom('point_goods').select(['id', 'remaining']).where('id', 'in', goods.map((g) => BigInt(g.id))).orderBy('id').execute();
          expect(stock.map((s) => s.remaining)).toEqual(model.stock);
        }

        const lines = await sql<{ change: string; balance_after: string }>`select change::text, balance_after::text from point_entries where member_id = ${m.id} order by id`.execute(h.database.db);
        let running = 0;
        for (const l of lines.rows) {
          running += Number(l.change);
          expect(Number(l.balance_after)).toBe(running);
          expect(running).toBeGreaterThanOrEqual(0);
        }
        expect(running).toBe(model.points);
      }),
      { numRuns: 12 },
    );
  });
});
