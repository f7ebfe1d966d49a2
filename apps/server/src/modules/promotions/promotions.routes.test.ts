import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { bankDeposit, playedRound, fund, mainBalance, makeMember, multipart, newKey, PNG } from '../../../test/money-helpers.js';
import { drawPrize, envelopeShare } from './promotions.service.js';

let h: Harness;
let ops: string;
let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-5)}${++n}`;
const PP = '2468';

type M = { id: bigint; token: string };
type Mine = { state: string | null; ready: boolean; depositNeeded: string | null; claimId: string | null; bonus: string | null; reviewRemark: string | null };
type Promo = { id: string; code: string; category: string; mechanic: string; phase: string; terms: Record<string, unknown>; envelopesLeft: number | null; mine: Mine | null };
type Claim = { id: string; number: string; status: string; bonus: string | null; deposit: string | null; turnoverRequired: string; turnoverDone: string; remark: string | null; reviewRemark: string | null; imageCount: number };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown, host?: string) =>
  h.call({ method, url, token, host, lang: 'en', ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const hall = async (token?: string, query = '', host?: string) => (await call('GET', `/wps/promotions${query}`, token, undefined, host)).json().value as { items: Promo[]; claimable: number; currencySymbol: string };
const byCode = async (code: string, token?: string) => (await hall(token)).items.find((p) => p.code === code)!;
const join = (who: M, id: string, key = newKey('join')) => call('POST', `/wps/promotions/${id}/join`, who.token, { idempotencyKey: key });
const claim = (who: M, id: string, key = newKey('claim')) => call('POST', `/wps/promotions/${id}/claim`, who.token, { idempotencyKey: key });
const spinRaffle = (who: M, promotionId: string, key = newKey('raffle')) => call('POST', '/wps/relay/MCS2_claimRafflePromotion', who.token, { promotionId, idempotencyKey: key });
const apply = (who: M, id: string, body: Record<string, unknown> = {}, key = newKey('apply')) => call('POST', `/wps/promotions/${id}/apply`, who.token, { idempotencyKey: key, ...body });
const records = async (who: M, query = '') => (await call('GET', `/wps/promotions/claims${query}`, who.token)).json().value as { items: Claim[]; total: number; turnoverPending: string; bonusTotal: string };
const decide = (id: string, decision: 'approve' | 'reject', body?: Record<string, unknown>, token = ops) => call('POST', `/ops/promotion-claims/${id}/${decision}`, token, body ?? {});
const member = async (prefix: string, opts: { realName?: string } = {}) => makeMember(h, uname(prefix), { paymentPassword: PP, ...opts });

const deposit = async (who: M, amount: string) => {
  await bankDeposit(h, ops, who.token, amount);
};
const upload = async (who: M) => {
  const res = await h.call({ method: 'POST', url: '/wps/v2/uploads', token: who.token, lang: 'en', ...multipart([{ name: 'file', filename: 'proof.png', type: 'image/png', data: PNG }]) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as string;
};
const bet = async (memberId: bigint, stake: bigint) => {
  await playedRound(h, memberId, stake);
};
const written = async () =>
  Number((await sql<{ n: string }>`select (select count(*) from promotion_claims) + (select count(*) from promotion_actions) + (select count(*) from promotions) + (select count(*) from ledger_transactions) as n`.execute(h.database.db)).rows[0]!.n);
const expense = async () =>
  (await sql<{ b: string }>`select coalesce(sum(balance), 0)::text as b from accounts a join merchants m on m.id = a.merchant_id where m.code = 'APSARA' and a.code = 'PROMOTION_EXPENSE'`.execute(h.database.db)).rows[0]!.b;

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
});
afterAll(async () => {
  await h?.close();
});

describe('promotions: the hall', () => {
  it('shows visitors the seeded promotions, running first, with their phase and terms; another site has its own (empty) hall', async () => {
    const v = await hall();
    expect(v.currencySymbol).toBe('$');
    expect(v.claimable).toBe(0);
    const codes = v.items.map((p) => p.code);
    for (const c of ['welcome-bonus', 'daily-reload', 'lucky-wheel', 'red-envelopes', 'share-and-win', 'app-download-gift', 'vip-birthday', 'cashback-daily', 'weekend-limited', 'water-festival']) expect(codes).toContain(c);
    const phases = v.items.map((p) => p.phase);
    expect(phases.indexOf('coming_soon')).toBeGreaterThan(phases.lastIndexOf('in_progress'));
    expect(phases.indexOf('closed')).toBeGreaterThan(phases.lastIndexOf('coming_soon'));
    expect(v.items.find((p) => p.code === 'weekend-limited')!.phase).toBe('coming_soon');
    expect(v.items.find((p) => p.code === 'water-festival')!.phase).toBe('closed');
    expect(v.items.every((p) => p.mine === null)).toBe(true);
    expect(v.items.find((p) => p.code === 'welcome-bonus')!.terms).toMatchObject({ percent: 100, maxBonus: '188.00', minDeposit: '50.00', firstDepositOnly: true, turnoverMultiple: 3, bonus: null, prizes: null, proof: 'none' });
    expect(v.items.find((p) => p.code === 'lucky-wheel')!.terms.prizes).toEqual([
      { amount: '1.88', weight: 60 },
      { amount: '5.88', weight: 30 },
      { amount: '18.88', weight: 9 },
      { amount: '88.00', weight: 1 },
    ]);

    const daily = await hall(undefined, '?category=DAILY');
    expect(daily.items.map((p) => p.code).sort()).toEqual(['daily-reload', 'lucky-wheel']);
    expect((await call('GET', '/wps/promotions?category=BOGUS')).statusCode).toBe(400);

    const lotus = await hall(undefined, '', 'lotus.localhost');
    expect(lotus.items).toEqual([]);
    const apsaraId = v.items[0]!.id;
    const across = await call('GET', `/wps/promotions/${apsaraId}`, undefined, undefined, 'lotus.localhost');
    expect(across.statusCode).toBe(404);
    expect(across.json()).toMatchObject({ success: false, code: 'PROMOTION_NOT_FOUND', message: 'This promotion is not available' });
    const detail = await call('GET', `/wps/promotions/${apsaraId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().value.id).toBe(apsaraId);
  });

  it('tells a member where they stand; a visitor with a dead token is a visitor; trial accounts read but may not take part', async () => {
    const m = await member('ph');
    const mine = await hall(m.token);
    const of = (code: string) => mine.items.find((p) => p.code === code)!.mine!;
    expect(of('welcome-bonus')).toMatchObject({ state: 'join', ready: true, claimId: null });
    expect(of('lucky-wheel')).toMatchObject({ state: 'claim', ready: false, depositNeeded: '20.00' });
    expect(of('share-and-win')).toMatchObject({ state: 'join', ready: true });
    expect(of('weekend-limited')).toMatchObject({ state: null });
    expect(of('water-festival')).toMatchObject({ state: null });

    const stale = await hall('x'.repeat(43));
    expect(stale.items.every((p) => p.mine === null)).toBe(true);

    const trial = await makeMember(h, uname('pt'), { type: 4 });
    expect((await hall(trial.token)).items.every((p) => p.mine === null)).toBe(true);
    const wheel = await byCode('lucky-wheel');
    for (const res of [await join(trial, wheel.id), await spinRaffle(trial, wheel.id), await apply(trial, wheel.id), await call('GET', '/wps/promotions/claims', trial.token)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    }
    expect((await call('GET', '/wps/promotions/claims')).statusCode).toBe(401);
  });
});

describe('promotions: a deposit bonus', () => {
  it('joins, deposits, claims once into the main wallet with its turnover, and holds withdrawals until the bets are placed', async () => {
    const m = await member('pd', { realName: 'Sok Dara' });
    const welcome = await byCode('welcome-bonus', m.token);
    const early = await claim(m, welcome.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PROMOTION_NOT_JOINED', message: 'Join this promotion first' });

    const joinKey = newKey('join');
    const joined = await join(m, welcome.id, joinKey);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().value).toMatchObject({ replayed: false, prize: null, claim: { status: 'signed_up', bonus: null }, promotion: { mine: { state: 'signed_up', ready: false, depositNeeded: '50.00' } } });
    expect((await join(m, welcome.id, joinKey)).json().value).toMatchObject({ replayed: true, claim: { id: joined.json().value.claim.id } });
    const twice = await join(m, welcome.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PROMOTION_TAKEN');

    const tooSoon = await claim(m, welcome.id);
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ code: 'PROMOTION_DEPOSIT_NEEDED', message: 'Deposit 50.00 more to qualify' });

    await deposit(m, '80.00');
    const ready = (await byCode('welcome-bonus', m.token)).mine!;
    expect(ready).toMatchObject({ state: 'claim', ready: true, bonus: '80.00' });
    expect((await hall(m.token)).claimable).toBeGreaterThanOrEqual(1);

    const before = await expense();
    const key = newKey('claim');
    const paid = await claim(m, welcome.id, key);
    expect(paid.statusCode, paid.body).toBe(200);
    const value = paid.json().value;
    expect(value).toMatchObject({ replayed: false, claim: { status: 'claimed', bonus: '80.00', deposit: '80.00', turnoverRequired: '240.00', turnoverDone: '0.00' }, promotion: { mine: { state: 'claimed', bonus: '80.00' } } });
    expect(value.claim.number).toMatch(/^PR\d{8}$/);
    expect((await mainBalance(h, m.token)).balance).toBe('160.00');
    expect(Number(await expense())).toBe(Number(before) - 8000);

    // Resent: the same answer, no second bonus; a new key: taken.
    expect((await claim(m, welcome.id, key)).json().value).toMatchObject({ replayed: true, claim: { id: value.claim.id, status: 'claimed' } });
    expect((await claim(m, welcome.id)).json().code).toBe('PROMOTION_TAKEN');
    expect((await mainBalance(h, m.token)).balance).toBe('160.00');
    // The key of the claim sent for another promotion: a different request.
    const reused = await join(m, (await byCode('daily-reload')).id, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_CONFLICT');

    // The account record names the bonus by its record's number.
    const history = (await call('GET', '/wps/relay/ODSFE2_MemTransDet?type=PROMOTION_BONUS', m.token)).json().value.items;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ type: 'PROMOTION_BONUS', amount: '80.00', detail: { kind: 'promotion', number: value.claim.number } });

    // bonusDetails: the bonus and what it still asks.
    const mine = await records(m, '?status=paid');
    expect(mine).toMatchObject({ total: 1, turnoverPending: '240.00', bonusTotal: '80.00' });

    // A withdrawal waits for the turnover.
    const card = await call('POST', '/wps/member/bank-cards', m.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '0001 2345 6789', paymentPassword: PP });
    expect(card.statusCode, card.body).toBe(200);
    const cardId = card.json().value.id as string;
    const settings = (await call('GET', '/wps/v2/withdraw/settings', m.token)).json().value;
    expect(settings.turnoverPending).toBe('240.00');
    const refused = await call('POST', '/wps/v2/withdraw', m.token, { bankCardId: cardId, amount: '50.00', paymentPassword: PP, idempotencyKey: newKey('wd') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'WITHDRAW_TURNOVER_PENDING', message: 'Bets of 240.00 more are needed before you can withdraw (promotion turnover)' });
    expect((await mainBalance(h, m.token)).held).toBe('0.00');

    await bet(m.id, 20000n);
    expect((await records(m, '?status=paid')).items[0]).toMatchObject({ turnoverDone: '200.00', turnoverRequired: '240.00' });
    await bet(m.id, 10000n);
    expect((await records(m, '?status=paid'))).toMatchObject({ turnoverPending: '0.00' });
    expect((await records(m, '?status=paid')).items[0]!.turnoverDone).toBe('240.00');
    // Met once, marked, and never counted again (later rounds cost nothing to the withdrawal's check).
    const met = await h.database.db.selectFrom('promotion_claims').select('turnover_met_at').where('id', '=', BigInt(value.claim.id)).executeTakeFirstOrThrow();
    expect(met.turnover_met_at).toBeInstanceOf(Date);
    const allowed = await call('POST', '/wps/v2/withdraw', m.token, { bankCardId: cardId, amount: '50.00', paymentPassword: PP, idempotencyKey: newKey('wd') });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('is for first deposits only when it says so, and a deposit pays one deposit bonus', async () => {
    const old = await member('po');
    await deposit(old, '60.00');
    const welcome = await byCode('welcome-bonus', old.token);
    expect(welcome.mine).toMatchObject({ state: 'join', ready: false });
    const refused = await join(old, welcome.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PROMOTION_FIRST_DEPOSIT_ONLY' });

    // Both deposit promotions joined, one deposit: the first claimed pays on it, the other waits for another deposit.
    const m = await member('pw');
    const reload = await byCode('daily-reload', m.token);
    expect((await join(m, welcome.id)).statusCode).toBe(200);
    expect((await join(m, reload.id)).statusCode).toBe(200);
    await deposit(m, '150.00');
    expect((await claim(m, reload.id)).json().value.claim).toMatchObject({ status: 'claimed', bonus: '15.00', deposit: '150.00', turnoverRequired: '15.00' });
    const second = await claim(m, welcome.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('PROMOTION_DEPOSIT_NEEDED');
    // The first deposit is spent on the reload: the welcome bonus can never be claimed, and the hall says so.
    expect((await byCode('welcome-bonus', m.token)).mine).toMatchObject({ state: 'signed_up', ready: false, depositNeeded: null });
    const after = await hall(m.token);
    expect(after.items.filter((p) => p.mine?.state === 'claim' && p.mine.ready).map((p) => p.code)).toEqual(['lucky-wheel', 'red-envelopes']);
    expect(after.claimable).toBe(2);
    expect((await call('GET', '/wps/member/info', m.token)).json().value.availablePromos).toBe(2);
  });

  it('refuses actions a promotion does not take, and promotions not running', async () => {
    const m = await member('pa');
    const v = await hall(m.token);
    const id = (code: string) => v.items.find((p) => p.code === code)!.id;
    const cases: [Promise<Awaited<ReturnType<typeof call>>>, number, string][] = [
      [join(m, id('share-and-win')), 409, 'PROMOTION_ACTION_INVALID'],
      [claim(m, id('share-and-win')), 409, 'PROMOTION_ACTION_INVALID'],
      [apply(m, id('welcome-bonus')), 409, 'PROMOTION_ACTION_INVALID'],
      [spinRaffle(m, id('daily-reload')), 409, 'PROMOTION_ACTION_INVALID'],
      [join(m, id('weekend-limited')), 409, 'PROMOTION_NOT_STARTED'],
      [join(m, id('water-festival')), 409, 'PROMOTION_CLOSED'],
      [join(m, '999999999'), 404, 'PROMOTION_NOT_FOUND'],
    ];
    const before = await written();
    for (const [pending, status, code] of cases) {
      const res = await pending;
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code });
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    expect(await written()).toBe(before);
  });
});

describe('promotions: bonus money stays until its turnover is bet', () => {
  it('refuses to send money to the upline while a bonus owes bets', async () => {
    const agent = await makeMember(h, uname('pag'), { type: 1, paymentPassword: PP });
    const m = await makeMember(h, uname('pdn'), { paymentPassword: PP, parent: agent.id });
    const welcome = await byCode('welcome-bonus', m.token);
    await join(m, welcome.id);
    await deposit(m, '100.00');
    expect((await claim(m, welcome.id)).statusCode).toBe(200);
    const agentName = (await h.database.db.selectFrom('members').select('username').where('id', '=', agent.id).executeTakeFirstOrThrow()).username;
    const refused = await call('POST', '/wps/v2/transfers/member', m.token, { toUsername: agentName, amount: '150.00', paymentPassword: PP, idempotencyKey: newKey('mt') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TRANSFER_TURNOVER_PENDING', message: 'Bets of 300.00 more are needed before you can send money (promotion turnover)' });
    expect((await mainBalance(h, m.token)).balance).toBe('200.00');
    await bet(m.id, 30000n);
    const allowed = await call('POST', '/wps/v2/transfers/member', m.token, { toUsername: agentName, amount: '150.00', paymentPassword: PP, idempotencyKey: newKey('mt') });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('pays no deposit bonus on a deposit that a withdrawal followed', async () => {
    const m = await member('pwd', { realName: 'Sok Dara' });
    const welcome = await byCode('welcome-bonus', m.token);
    await join(m, welcome.id);
    await deposit(m, '100.00');
    const card = await call('POST', '/wps/member/bank-cards', m.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '0001 2345 6780', paymentPassword: PP });
    expect(card.statusCode, card.body).toBe(200);
    const w = await call('POST', '/wps/v2/withdraw', m.token, { bankCardId: card.json().value.id, amount: '100.00', paymentPassword: PP, idempotencyKey: newKey('wd') });
    expect(w.statusCode, w.body).toBe(200);
    expect((await byCode('welcome-bonus', m.token)).mine).toMatchObject({ state: 'signed_up', ready: false });
    const refused = await claim(m, welcome.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PROMOTION_DEPOSIT_NEEDED');
    // A rejected withdrawal gives the money back, and with it the deposit's bonus.
    expect((await call('POST', `/ops/withdrawals/${w.json().value.id}/reject`, ops, { note: 'test' })).statusCode).toBe(200);
    expect((await claim(m, welcome.id)).json().value.claim).toMatchObject({ status: 'claimed', bonus: '100.00' });
  });

  it('keeps an image to one form: an application\'s image is no withdrawal proof', async () => {
    const m = await member('pim', { realName: 'Sok Dara' });
    await fund(h, ops, m.id, '100.00');
    const img = await upload(m);
    expect((await apply(m, (await byCode('share-and-win')).id, { imageIds: [img] })).statusCode).toBe(200);
    const card = await call('POST', '/wps/member/bank-cards', m.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '0001 2345 6781', paymentPassword: PP });
    const w = (await call('POST', '/wps/v2/withdraw', m.token, { bankCardId: card.json().value.id, amount: '50.00', paymentPassword: PP, idempotencyKey: newKey('wd') })).json().value;
    expect((await call('POST', `/ops/withdrawals/${w.id}/approve`, ops, {})).statusCode).toBe(200);
    expect((await call('POST', `/ops/withdrawals/${w.id}/paid`, ops, {})).statusCode).toBe(200);
    const proof = await call('POST', `/wps/v2/withdrawals/${w.id}/confirm`, m.token, { outcome: 'not_received', proofIds: [img] });
    expect(proof.statusCode).toBe(400);
    expect(proof.json().code).toBe('PROOF_INVALID');
  });

  it('lets a member claim a deposit made while the promotion ran after it closes', async () => {
    const code = `late-${Date.now().toString(36)}`;
    const made = await call('POST', '/ops/promotions', ops, { code, category: 'DEPOSIT', mechanic: 'deposit', art: 'reload', title: { en: 'Late claim' }, summary: { en: 's' }, body: { en: 'b' }, startsAt: new Date(Date.now() - 60_000).toISOString(), percent: 10, minDeposit: '20.00', turnoverMultiple: 0 });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().value.id as string;
    const m = await member('plt');
    expect((await join(m, id)).statusCode).toBe(200);
    await deposit(m, '50.00');
    expect((await call('PATCH', `/ops/promotions/${id}`, ops, { endsAt: new Date(Date.now() + 50).toISOString() })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 80));
    expect((await byCode(code, m.token))).toMatchObject({ phase: 'closed', mine: { state: 'claim', ready: true, bonus: '5.00' } });
    expect((await claim(m, id)).json().value.claim).toMatchObject({ status: 'claimed', bonus: '5.00', turnoverRequired: '0.00' });
    // Joining a closed one is still refused.
    expect((await join(await member('plu'), id)).json().code).toBe('PROMOTION_CLOSED');
  });
  it('never lets a withdrawal racing a bonus claim take the bonus out unbet', async () => {
    const welcome = await byCode('welcome-bonus');
    for (let i = 0; i < 4; i++) {
      const m = await member('prc', { realName: 'Sok Dara' });
      expect((await join(m, welcome.id)).statusCode).toBe(200);
      await deposit(m, '80.00');
      const card = await call('POST', '/wps/member/bank-cards', m.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: `0001 2345 67${10 + i}`, paymentPassword: PP });
      // Deposit and bonus together: held only if the bonus is in the wallet by then.
      const wd = call('POST', '/wps/v2/withdraw', m.token, { bankCardId: card.json().value.id, amount: '160.00', paymentPassword: PP, idempotencyKey: newKey('wd') });
      await new Promise((r) => setTimeout(r, i));
      const [w, c] = await Promise.all([wd, claim(m, welcome.id)]);
      expect([w.statusCode, c.statusCode], `${w.body} / ${c.body}`).not.toEqual([200, 200]);
      if (c.statusCode === 200) expect((await mainBalance(h, m.token)).held).toBe('0.00');
    }
  });
});

describe('promotions: the lucky wheel', () => {
  it('asks for the day\'s deposit, then draws one prize a day into the main wallet', async () => {
    const m = await member('pr');
    const wheel = await byCode('lucky-wheel', m.token);
    const early = await spinRaffle(m, wheel.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PROMOTION_DEPOSIT_NEEDED', message: 'Deposit 20.00 more to qualify' });
    await deposit(m, '12.00');
    expect((await byCode('lucky-wheel', m.token)).mine).toMatchObject({ state: 'claim', ready: false, depositNeeded: '8.00' });
    await deposit(m, '10.00');
    expect((await byCode('lucky-wheel', m.token)).mine).toMatchObject({ state: 'claim', ready: true, depositNeeded: null });
    // The reward center's badge (member info) counts what the hall says can be claimed.
    const promos = async () => (await call('GET', '/wps/member/info', m.token)).json().value.availablePromos as number;
    const ready = await promos();
    expect(ready).toBe((await hall(m.token)).claimable);
    expect(ready).toBeGreaterThanOrEqual(1);

    const key = newKey('raffle');
    const won = await spinRaffle(m, wheel.id, key);
    expect(won.statusCode, won.body).toBe(200);
    const { prize, claim: record } = won.json().value as { prize: string; claim: Claim };
    expect(['1.88', '5.88', '18.88', '88.00']).toContain(prize);
    expect(record).toMatchObject({ status: 'claimed', bonus: prize, turnoverRequired: prize });
    expect((await mainBalance(h, m.token)).balance).toBe((22 + Number(prize)).toFixed(2));
    expect((await spinRaffle(m, wheel.id, key)).json().value).toMatchObject({ replayed: true, prize });
    expect(await promos()).toBe(ready - 1);
    const again = await spinRaffle(m, wheel.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PROMOTION_TAKEN');
    expect((await byCode('lucky-wheel', m.token)).mine).toMatchObject({ state: 'claimed', bonus: prize });
  });

  it('draws by weight', () => {
    const prizes = [{ amount: '1.00', weight: 3 }, { amount: '2.00', weight: 1 }];
    expect([0, 1, 2, 3].map((at) => drawPrize(prizes, () => at))).toEqual([100n, 100n, 100n, 200n]);
    const counts = new Map<bigint, number>();
    for (let i = 0; i < 4000; i++) {
      const p = drawPrize(prizes);
      counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    expect(counts.get(100n)! / 4000).toBeGreaterThan(0.7);
    expect(counts.get(100n)! / 4000).toBeLessThan(0.8);
  });

  it('pays one prize however many spins race, and one per key', async () => {
    const m = await member('pc');
    await deposit(m, '20.00');
    const wheel = await byCode('lucky-wheel', m.token);
    const distinct = await Promise.all(Array.from({ length: 6 }, () => spinRaffle(m, wheel.id)));
    expect(distinct.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(distinct.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'PROMOTION_TAKEN')).toBe(true);
    const prize = distinct.find((r) => r.statusCode === 200)!.json().value.prize as string;
    expect((await mainBalance(h, m.token)).balance).toBe((20 + Number(prize)).toFixed(2));

    const other = await member('pk');
    await deposit(other, '20.00');
    const key = newKey('same');
    const same = await Promise.all(Array.from({ length: 5 }, () => spinRaffle(other, wheel.id, key)));
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(same.map((r) => r.json().value.claim.id)).size).toBe(1);
    expect(same.filter((r) => r.json().value.replayed === false)).toHaveLength(1);
    const postings = await sql<{ n: number }>`select count(*)::int as n from ledger_transactions t join ledger_entries e on e.transaction_id = t.id join accounts a on a.id = e.account_id where t.type = 'PROMOTION_BONUS' and a.member_id = ${other.id}`.execute(h.database.db);
    expect(postings.rows[0]!.n).toBe(1);
  });
});

describe('promotions: red envelopes', () => {
  const made: string[] = [];
  // Hidden afterwards, so the other tests' halls hold only the seeded promotions' counts.
  afterAll(async () => {
    for (const id of made) await call('PATCH', `/ops/promotions/${id}`, ops, { visible: false });
  });
  /** A red-envelope promotion of its own (the seeded one is shared with the other tests). */
  const rain = async (poolTotal: string, envelopeCount: number, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/ops/promotions', ops, {
      code: `rain-${Date.now().toString(36)}-${++n}`,
      category: 'SPECIAL',
      mechanic: 'envelope',
      repeat: 'daily',
      art: 'welcome',
      title: { en: 'Rain' },
      summary: { en: 'Red envelopes' },
      body: { en: 'Open one a day' },
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      poolTotal,
      envelopeCount,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    made.push(res.json().value.id);
    return res.json().value as Promo;
  };
  const open = (who: M, id: string, key = newKey('env')) => claim(who, id, key);

  it('asks for the day\'s deposit, opens one envelope a day into the main wallet, and counts the envelopes down', async () => {
    const seeded = await byCode('red-envelopes');
    expect(seeded).toMatchObject({ mechanic: 'envelope', terms: { poolTotal: '888.00', envelopeCount: 188, minDeposit: '10.00', prizes: null } });
    expect(seeded.envelopesLeft).toBeLessThanOrEqual(188);
    expect((await byCode('lucky-wheel')).envelopesLeft).toBeNull();

    const p = await rain('10.00', 3, { minDeposit: '15.00', turnoverMultiple: 2 });
    expect(p).toMatchObject({ terms: { poolTotal: '10.00', envelopeCount: 3 }, envelopesLeft: 3 });
    const m = await member('pe');
    expect((await byCode(p.code, m.token)).mine).toMatchObject({ state: 'claim', ready: false, depositNeeded: '15.00' });
    const early = await open(m, p.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PROMOTION_DEPOSIT_NEEDED', message: 'Deposit 15.00 more to qualify' });
    await deposit(m, '10.00');
    expect((await byCode(p.code, m.token)).mine).toMatchObject({ state: 'claim', ready: false, depositNeeded: '5.00' });
    await deposit(m, '10.00');
    expect((await byCode(p.code, m.token)).mine).toMatchObject({ state: 'claim', ready: true });
    // The raffle's relay call draws raffles only.
    expect((await spinRaffle(m, p.id)).json().code).toBe('PROMOTION_ACTION_INVALID');
    const key = newKey('env');
    const got = await open(m, p.id, key);
    expect(got.statusCode, got.body).toBe(200);
    const { prize, claim: record, promotion } = got.json().value as { prize: string; claim: Claim; promotion: Promo };
    expect(Number(prize)).toBeGreaterThanOrEqual(0.01);
    expect(Number(prize)).toBeLessThanOrEqual(6.66);
    expect(record).toMatchObject({ status: 'claimed', bonus: prize, turnoverRequired: (Number(prize) * 2).toFixed(2) });
    expect(promotion).toMatchObject({ envelopesLeft: 2, mine: { state: 'claimed', bonus: prize } });
    expect((await mainBalance(h, m.token)).balance).toBe((20 + Number(prize)).toFixed(2));
    expect((await open(m, p.id, key)).json().value).toMatchObject({ replayed: true, prize });
    const again = await open(m, p.id);
    expect(again.json().code).toBe('PROMOTION_TAKEN');
    expect((await byCode(p.code)).envelopesLeft).toBe(2);
  });

  it('pays exactly the pool over the day\'s envelopes, then tells the rest they are gone and writes nothing for them', async () => {
    const p = await rain('1.00', 4);
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => member(`pg${i}`)));
    const before = await expense();
    // Six members race for four envelopes.
    const answers = await Promise.all(people.map((m) => open(m, p.id)));
    const paid = answers.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(4);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => [r.statusCode, r.json().code, r.json().message])).toEqual([
      [409, 'PROMOTION_ENVELOPES_GONE', 'Every red envelope of today has been opened: come back tomorrow'],
      [409, 'PROMOTION_ENVELOPES_GONE', 'Every red envelope of today has been opened: come back tomorrow'],
    ]);
    const total = paid.reduce((sum, r) => sum + Math.round(Number(r.json().value.prize) * 100), 0);
    expect(total).toBe(100);
    expect(BigInt(before) - BigInt(await expense())).toBe(100n);
    const late = people.find((_, i) => answers[i]!.statusCode !== 200)!;
    expect((await byCode(p.code, late.token))).toMatchObject({ envelopesLeft: 0, mine: { state: 'claim', ready: false, depositNeeded: null } });
    const records = await sql<{ n: number }>`select count(*)::int as n from promotion_claims where promotion_id = ${BigInt(p.id)}`.execute(h.database.db);
    expect(records.rows[0]!.n).toBe(4);
    const day = await sql<{ left_amount: string; left_count: number }>`select left_amount::text, left_count from promotion_envelope_days where promotion_id = ${BigInt(p.id)}`.execute(h.database.db);
    expect(day.rows).toEqual([{ left_amount: '0', left_count: 0 }]);
  });

  it('shares a pool so that every envelope holds at least 0.01 and the last takes what is left', () => {
    expect(envelopeShare(500n, 1)).toBe(500n);
    expect(envelopeShare(3n, 3, () => 1)).toBe(1n);
    // The largest pick stops where the rest could still hold 0.01 each, and at twice the average.
    expect(envelopeShare(10n, 4, (min, max) => max - 1)).toBe(5n);
    expect(envelopeShare(4n, 3, (min, max) => max - 1)).toBe(2n);
    expect(() => envelopeShare(2n, 3)).toThrow();
    for (let round = 0; round < 200; round++) {
      let left = BigInt(1 + Math.floor(Math.random() * 5000));
      let count = 1 + Math.floor(Math.random() * Math.min(Number(left), 40));
      const pool = left;
      let paid = 0n;
      while (count > 0) {
        const share = envelopeShare(left, count);
        expect(share).toBeGreaterThanOrEqual(1n);
        left -= share;
        count -= 1;
        expect(left).toBeGreaterThanOrEqual(BigInt(count));
        paid += share;
      }
      expect(paid).toBe(pool);
    }
  });

  it('takes only the terms red envelopes need', async () => {
    const before = await written();
    const base = { code: `rain-bad-${Date.now().toString(36)}`, category: 'SPECIAL', mechanic: 'envelope', repeat: 'daily', art: 'welcome', title: { en: 'Rain' }, summary: { en: 'x' }, body: { en: 'x' }, startsAt: new Date(Date.now() - 60_000).toISOString(), poolTotal: '10.00', envelopeCount: 5 };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...base, poolTotal: undefined }, 'poolTotal'],
      [{ ...base, envelopeCount: undefined }, 'envelopeCount'],
      [{ ...base, repeat: 'once' }, 'repeat'],
      [{ ...base, poolTotal: '0.04' }, 'poolTotal'],
      [{ ...base, poolTotal: '-1.00' }, 'poolTotal'],
      [{ ...base, poolTotal: '1.005' }, 'poolTotal'],
      [{ ...base, envelopeCount: 0 }, 'envelopeCount'],
      [{ ...base, envelopeCount: 2.5 }, 'envelopeCount'],
      [{ ...base, envelopeCount: 100_001 }, 'envelopeCount'],
      [{ ...base, maxBonus: '5.00' }, 'maxBonus'],
      [{ ...base, prizes: [{ amount: '1.00', weight: 1 }] }, 'prizes'],
      [{ ...base, mechanic: 'raffle', prizes: [{ amount: '1.00', weight: 1 }] }, 'poolTotal'],
    ];
    for (const [body, field] of bad) {
      const res = await call('POST', '/ops/promotions', ops, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    expect(await written()).toBe(before);
  });
});

describe('promotions: applications', () => {
  it('takes a remark and images, and the site pays what it decides, up to the maximum', async () => {
    const m = await member('pp');
    const share = await byCode('share-and-win', m.token);
    const noProof = await apply(m, share.id, { remark: 'my win' });
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json()).toMatchObject({ code: 'PROMOTION_PROOF_REQUIRED', message: 'Please add at least one image' });

    const stranger = await member('px');
    const theirs = await upload(stranger);
    const stolen = await apply(m, share.id, { imageIds: [theirs] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('PROMOTION_IMAGES_INVALID');

    const [a, b] = [await upload(m), await upload(m)];
    const sent = await apply(m, share.id, { remark: '  https://social.example/post/123  ', imageIds: [a, b] });
    expect(sent.statusCode, sent.body).toBe(200);
    const record = sent.json().value.claim as Claim;
    expect(record).toMatchObject({ status: 'applying', remark: 'https://social.example/post/123', imageCount: 2, bonus: null });
    // An image serves one form: not a second application.
    const vip = await byCode('vip-birthday');
    expect((await apply(m, vip.id, { imageIds: [a] })).json().code).toBe('PROMOTION_IMAGES_INVALID');

    const waiting = (await call('GET', '/ops/promotion-claims?status=applying', ops)).json().value.items as { id: string; imageIds: string[]; username: string }[];
    expect(waiting.find((c) => c.id === record.id)).toMatchObject({ imageIds: [a, b] });

    const noAmount = await decide(record.id, 'approve');
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().code).toBe('PROMOTION_AMOUNT_REQUIRED');
    const tooMuch = await decide(record.id, 'approve', { amount: '50.01' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'PROMOTION_AMOUNT_TOO_HIGH', message: 'The bonus may be at most 50.00' });

    const approved = await decide(record.id, 'approve', { amount: '30.00', remark: 'Nice post' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'issued', bonus: '30.00', turnoverRequired: '30.00', reviewRemark: 'Nice post', replayed: false });
    expect((await mainBalance(h, m.token)).balance).toBe('30.00');
    expect((await decide(record.id, 'approve', { amount: '30.00' })).json().value.replayed).toBe(true);
    expect((await decide(record.id, 'reject', { remark: 'changed my mind' })).json().code).toBe('PROMOTION_CLAIM_DECIDED');
    expect((await mainBalance(h, m.token)).balance).toBe('30.00');
    expect((await byCode('share-and-win', m.token)).mine).toMatchObject({ state: 'issued', bonus: '30.00', reviewRemark: 'Nice post' });

    const audit = await h.database.db.selectFrom('audit_log').select(['action', 'after']).where('target_type', '=', 'promotion_claim').where('target_id', '=', record.id).execute();
    expect(audit.map((r) => r.action)).toEqual(['promotion_claim.approve']);
  });

  it('pays a fixed bonus as it stands, takes images only where asked, and tells a rejected member why', async () => {
    const m = await member('pf');
    const gift = await byCode('app-download-gift', m.token);
    const sent = await apply(m, gift.id, { remark: 'installed on my phone' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await decide(sent.json().value.claim.id, 'approve')).json().value).toMatchObject({ status: 'issued', bonus: '8.00' });

    const cashback = await byCode('cashback-daily', m.token);
    const img = await upload(m);
    const extra = await apply(m, cashback.id, { imageIds: [img] });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('VALIDATION_FAILED');
    const plain = await apply(m, cashback.id, { remark: 'lost on slots yesterday' });
    expect(plain.statusCode, plain.body).toBe(200);
    const id = plain.json().value.claim.id as string;
    expect((await decide(id, 'reject')).json().code).toBe('VALIDATION_FAILED');
    const rejected = await decide(id, 'reject', { remark: 'No slot losses found yesterday' });
    expect(rejected.json().value).toMatchObject({ status: 'rejected', reviewRemark: 'No slot losses found yesterday', bonus: null });
    expect((await byCode('cashback-daily', m.token)).mine).toMatchObject({ state: 'rejected', reviewRemark: 'No slot losses found yesterday' });
    expect((await apply(m, cashback.id)).json().code).toBe('PROMOTION_TAKEN');
    const mine = await records(m);
    expect(mine.items.map((c) => c.status)).toEqual(['rejected', 'issued']);
    expect(mine.bonusTotal).toBe('8.00');
  });

  it('lets only admin and finance decide, and support read', async () => {
    await h.addOperator('APSARA', 'promosupport1', 'Support-Pass-1', 'support');
    const support = (await call('POST', '/ops/session/login', undefined, { username: 'promosupport1', password: 'Support-Pass-1' })).json().value.token as string;
    const m = await member('pz');
    const sent = await apply(m, (await byCode('cashback-daily')).id, { remark: 'please check' });
    const id = sent.json().value.claim.id as string;
    expect((await call('GET', '/ops/promotion-claims', support)).statusCode).toBe(200);
    const denied = await decide(id, 'approve', { amount: '1.00' }, support);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('OPERATOR_FORBIDDEN');
    expect((await call('POST', '/ops/promotions', support, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/ops/promotions/${(await byCode('cashback-daily')).id}`, support, { sort: 1 })).json().code).toBe('OPERATOR_FORBIDDEN');
  });
});

describe('promotions: bad input writes nothing', () => {
  it('refuses malformed ids, keys, remarks and images with a code and a message', async () => {
    const m = await member('pb');
    const share = await byCode('share-and-win');
    const long = 'x'.repeat(141);
    const uuid = '00000000-0000-4000-8000-000000000000';
    const before = await written();
    const cases: [string, Promise<Awaited<ReturnType<typeof call>>>][] = [
      ['id letters', call('POST', '/wps/promotions/abc/join', m.token, { idempotencyKey: newKey() })],
      ['id negative', call('POST', '/wps/promotions/-1/claim', m.token, { idempotencyKey: newKey() })],
      ['id zero', call('GET', '/wps/promotions/0')],
      ['no key', call('POST', `/wps/promotions/${share.id}/apply`, m.token, { remark: 'x' })],
      ['short key', apply(m, share.id, { imageIds: [uuid] }, 'k')],
      ['long remark', apply(m, share.id, { remark: long, imageIds: [uuid] })],
      ['angle brackets', apply(m, share.id, { remark: '<script>', imageIds: [uuid] })],
      ['four images', apply(m, share.id, { imageIds: [uuid, uuid, uuid, uuid] })],
      ['not uuids', apply(m, share.id, { imageIds: ['abc'] })],
      ['twice the same', apply(m, share.id, { imageIds: [uuid, uuid] })],
      ['unknown field', call('POST', `/wps/promotions/${share.id}/join`, m.token, { idempotencyKey: newKey(), amount: '5.00' })],
      ['raffle bad id', call('POST', '/wps/relay/MCS2_claimRafflePromotion', m.token, { promotionId: '1.5', idempotencyKey: newKey() })],
      ['claims page', call('GET', '/wps/promotions/claims?page=0', m.token)],
      ['claims status', call('GET', '/wps/promotions/claims?status=won', m.token)],
    ];
    for (const [name, pending] of cases) {
      const res = await pending;
      expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.json().success, name).toBe(false);
      expect(res.json().code, name).toMatch(/^[A-Z_]+$/);
      expect(res.json().message.length, name).toBeGreaterThan(3);
    }
    expect(await written()).toBe(before);
  });

  it('answers in the member\'s language', async () => {
    const m = await member('pl');
    const id = (await byCode('water-festival')).id;
    for (const [lang, text] of [['km', 'ការផ្សព្វផ្សាយនេះបានបញ្ចប់ហើយ'], ['cn', '该活动已结束']] as const) {
      const res = await h.call({ method: 'POST', url: `/wps/promotions/${id}/join`, token: m.token, lang, payload: { idempotencyKey: newKey() } });
      expect(res.json()).toMatchObject({ code: 'PROMOTION_CLOSED', message: text });
    }
  });
});

describe('promotions: the back office', () => {
  it('creates, checks the terms a mechanic needs, edits the schedule, hides, and audits each change', async () => {
    const code = `test-${Date.now().toString(36)}`;
    const base = { code, category: 'SPECIAL', mechanic: 'apply', art: 'gift', title: { en: 'Test promo' }, summary: { en: 'A test' }, body: { en: 'Rules\nline two' }, startsAt: new Date(Date.now() - 60_000).toISOString(), bonus: '5.00' };
    const before = await written();
    const bad: [Record<string, unknown>, string][] = [
      [{ ...base, mechanic: 'deposit' }, 'percent'],
      [{ ...base, mechanic: 'raffle', bonus: undefined, repeat: 'daily' }, 'prizes'],
      [{ ...base, bonus: undefined }, 'maxBonus'],
      [{ ...base, bonus: '10.00', maxBonus: '5.00' }, 'bonus'],
      [{ ...base, bonus: '-5.00' }, 'bonus'],
      [{ ...base, bonus: '5.001' }, 'bonus'],
      [{ ...base, endsAt: base.startsAt }, 'endsAt'],
      [{ ...base, code: 'Has Spaces' }, 'code'],
      [{ ...base, minDeposit: '10.00' }, 'minDeposit'],
      [{ ...base, proof: 'required', mechanic: 'deposit', percent: 10, minDeposit: '10.00', bonus: undefined }, 'proof'],
    ];
    for (const [body, field] of bad) {
      const res = await call('POST', '/ops/promotions', ops, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    expect(await written()).toBe(before);

    const made = await call('POST', '/ops/promotions', ops, base);
    expect(made.statusCode, made.body).toBe(200);
    const p = made.json().value;
    expect(p).toMatchObject({ code, phase: 'in_progress', visible: true, terms: { bonus: '5.00', maxBonus: null, turnoverMultiple: 1 }, applying: 0 });
    expect((await call('POST', '/ops/promotions', ops, base)).json().code).toBe('PROMOTION_CODE_TAKEN');
    expect((await hall()).items.some((x) => x.code === code)).toBe(true);

    const badPatch = await call('PATCH', `/ops/promotions/${p.id}`, ops, { endsAt: new Date(Date.now() - 3_600_000).toISOString() });
    expect(badPatch.statusCode).toBe(400);
    const hidden = await call('PATCH', `/ops/promotions/${p.id}`, ops, { visible: false });
    expect(hidden.json().value.visible).toBe(false);
    expect((await hall()).items.some((x) => x.code === code)).toBe(false);
    expect((await call('GET', `/wps/promotions/${p.id}`)).statusCode).toBe(404);
    const lotusOps = await h.opsLogin('lotus.localhost').catch(() => null);
    if (lotusOps) expect((await call('PATCH', `/ops/promotions/${p.id}`, lotusOps, { visible: true }, 'lotus.localhost')).statusCode).toBe(404);

    const audit = await h.database.db.selectFrom('audit_log').select('action').where('target_type', '=', 'promotion').where('target_id', '=', p.id).orderBy('id').execute();
    expect(audit.map((r) => r.action)).toEqual(['promotion.create', 'promotion.update']);
    const listed = (await call('GET', '/ops/promotions', ops)).json().value.items as { code: string }[];
    expect(listed.some((x) => x.code === code)).toBe(true);
  });
});
