import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { bankDeposit, makeMember, newKey } from '../../../test/money-helpers.js';

/*
 * Many members act on every kind of promotion at once, each request sent twice (the same key) and some
 * sent again under a new key, while two operators decide the same applications. Afterwards the books
 * must say what the records say: one posting per paid record and none for any other, the expense
 * account equal to the bonuses paid, one record per member, promotion and period, and a deposit paying
 * one deposit bonus at most. On PGlite the requests queue on its one connection; on PostgreSQL they race.
 */

let h: Harness;
let ops: string;
let finance: string;

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  h.call({ method, url, token, lang: 'en', ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
  await h.addOperator('APSARA', 'promofinance1', 'Finance-Pass-1', 'finance');
  finance = (await call('POST', '/ops/session/login', undefined, { username: 'promofinance1', password: 'Finance-Pass-1' })).json().value.token;
});
afterAll(async () => {
  await h?.close();
});

const deposit = async (token: string, amount: string) => {
  await bankDeposit(h, ops, token, amount);
};

describe('promotions under concurrent members and operators', () => {
  it('keeps records and books in step', async () => {
    const hall = (await call('GET', '/wps/promotions')).json().value.items as { id: string; code: string }[];
    const id = (code: string) => hall.find((p) => p.code === code)!.id;
    const members = await Promise.all(Array.from({ length: 12 }, (_, i) => makeMember(h, `race${Date.now().toString(36).slice(-5)}${i}`)));
    // Half join the two deposit promotions before depositing; everyone deposits 120.00.
    for (const [i, m] of members.entries()) {
      if (i % 2 === 0) {
        await call('POST', `/wps/promotions/${id('welcome-bonus')}/join`, m.token, { idempotencyKey: newKey('j') });
        await call('POST', `/wps/promotions/${id('daily-reload')}/join`, m.token, { idempotencyKey: newKey('j') });
      }
      await deposit(m.token, '120.00');
    }

    const acknowledged: { member: bigint; claimId: string }[] = [];
    const twice = async (method: 'POST', url: string, token: string, body: Record<string, unknown>, member: bigint) => {
      const sent = await Promise.all([call(method, url, token, body), call(method, url, token, body)]);
      for (const r of sent) {
        expect(r.statusCode, r.body).toBeLessThan(500);
        if (r.statusCode === 200) acknowledged.push({ member, claimId: r.json().value.claim.id });
      }
      // Both copies of one request get the same answer.
      if (sent.every((r) => r.statusCode === 200)) expect(sent[0]!.json().value.claim.id).toBe(sent[1]!.json().value.claim.id);
      else expect(sent[0]!.json().code).toBe(sent[1]!.json().code);
    };

    await Promise.all(
      members.map(async (m, i) => {
        const work = [
          twice('POST', `/wps/promotions/${id('welcome-bonus')}/claim`, m.token, { idempotencyKey: newKey('c') }, m.id),
          twice('POST', `/wps/promotions/${id('daily-reload')}/claim`, m.token, { idempotencyKey: newKey('c') }, m.id),
          twice('POST', '/wps/relay/MCS2_claimRafflePromotion', m.token, { promotionId: id('lucky-wheel'), idempotencyKey: newKey('r') }, m.id),
          twice('POST', '/wps/relay/MCS2_claimRafflePromotion', m.token, { promotionId: id('lucky-wheel'), idempotencyKey: newKey('r') }, m.id),
          twice('POST', `/wps/promotions/${id('cashback-daily')}/apply`, m.token, { remark: `race ${i}`, idempotencyKey: newKey('a') }, m.id),
          twice('POST', `/wps/promotions/${id('app-download-gift')}/apply`, m.token, { idempotencyKey: newKey('a') }, m.id),
        ];
        await Promise.all(work);
      }),
    );

    // Two operators decide every waiting application at once, one approving and one rejecting half the time.
    const waiting = (await call('GET', '/ops/promotion-claims?status=applying', ops)).json().value.items as { id: string; promotionId: string }[];
    expect(waiting.length).toBeGreaterThanOrEqual(members.length);
    await Promise.all(
      waiting.map(async (c, i) => {
        const amount = c.promotionId === id('cashback-daily') ? { amount: '3.50' } : {};
        const [a, b] = await Promise.all([
          call('POST', `/ops/promotion-claims/${c.id}/approve`, ops, amount),
          call('POST', `/ops/promotion-claims/${c.id}/${i % 2 ? 'reject' : 'approve'}`, finance, i % 2 ? { remark: 'not this time' } : amount),
        ]);
        for (const r of [a, b]) expect(r.statusCode, r.body).toBeLessThan(500);
        expect([a, b].filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      }),
    );

    const db = h.database.db;
    const ids = members.map((m) => m.id);
    // One record per member, promotion and period (the unique index), and each acknowledged record is there.
    const records = await db.selectFrom('promotion_claims').selectAll().where('member_id', 'in', ids).execute();
    const seen = new Set(records.map((r) => r.id.toString()));
    for (const a of acknowledged) expect(seen.has(a.claimId)).toBe(true);
    // Paid records have exactly one posting each, for their bonus, into the member's main wallet; others none.
    const postings = await sql<{ reference: string; n: number; amount: string }>`
      select t.reference, count(distinct t.id)::int as n, sum(e.amount)::text as amount
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join accounts a on a.id = e.account_id
       where t.type = 'PROMOTION_BONUS' and a.member_id = any(${ids.map(String)}::bigint[])
       group by t.reference`.execute(db);
    const byRef = new Map(postings.rows.map((p) => [p.reference, p]));
    const number = (rid: bigint) => `PR${rid.toString().padStart(8, '0')}`;
    for (const r of records) {
      const p = byRef.get(number(r.id));
      if (r.status === 'issued' || r.status === 'claimed') {
        expect(p, `record ${r.id} ${r.status}`).toBeDefined();
        expect(p!.n).toBe(1);
        expect(BigInt(p!.amount)).toBe(r.bonus);
        expect(r.ledger_transaction_id).not.toBeNull();
      } else expect(p, `record ${r.id} ${r.status}`).toBeUndefined();
    }
    expect(postings.rows.length).toBe(records.filter((r) => r.status === 'issued' || r.status === 'claimed').length);
    // A deposit paid one deposit bonus at most; joined members got both only if… they had one deposit: exactly one.
    const paidOn = records.filter((r) => r.deposit_id !== null).map((r) => r.deposit_id!.toString());
    expect(new Set(paidOn).size).toBe(paidOn.length);
    for (const [i, m] of members.entries()) {
      const mine = records.filter((r) => r.member_id === m.id);
      const depositBonuses = mine.filter((r) => r.deposit_id !== null);
      expect(depositBonuses.length).toBe(i % 2 === 0 ? 1 : 0);
      expect(mine.filter((r) => r.status === 'claimed' && r.deposit_id === null).length).toBe(1); // one raffle prize
    }
    // The books: entries sum to zero, and the expense account paid out what the records say.
    const sums = await sql<{ total: string; bonus: string }>`
      select (select coalesce(sum(amount), 0)::text from ledger_entries) as total,
             (select coalesce(sum(bonus), 0)::text from promotion_claims where status in ('issued', 'claimed')) as bonus`.execute(db);
    expect(sums.rows[0]!.total).toBe('0');
    const expense = await sql<{ b: string }>`select coalesce(sum(balance), 0)::text as b from accounts where code = 'PROMOTION_EXPENSE'`.execute(db);
    expect(BigInt(expense.rows[0]!.b)).toBe(-BigInt(sums.rows[0]!.bonus));
  }, 120_000);
});
