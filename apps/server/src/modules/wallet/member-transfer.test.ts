import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness.js';
import { booksBalance, fund, mainBalance, makeMember, moneySnapshot, newKey } from '../../../test/money-helpers.js';

let h: Harness;
let admin: string;
type M = Awaited<ReturnType<typeof makeMember>>;
let agent: M;
let member: M;
let sibling: M;
let subAgent: M;
let grandchild: M;
let loner: M;

beforeAll(async () => {
  h = await startHarness();
  admin = await h.opsLogin();
  agent = await makeMember(h, 'mtagent01', { type: 1, paymentPassword: '8642' });
  member = await makeMember(h, 'mtplayer01', { parent: agent.id, paymentPassword: '2468' });
  sibling = await makeMember(h, 'mtplayer02', { parent: agent.id, paymentPassword: '2468' });
  subAgent = await makeMember(h, 'mtagent02', { type: 2, parent: agent.id, paymentPassword: '8642' });
  grandchild = await makeMember(h, 'mtplayer03', { parent: subAgent.id, paymentPassword: '2468' });
  loner = await makeMember(h, 'mtloner01', { paymentPassword: '2468' });
  for (const m of [agent, member, subAgent, loner]) await fund(h, admin, m.id, '1000.00');
});
afterAll(() => h.close());

const send = (from: M, toUsername: string, amount: string, extra: Record<string, unknown> = {}) =>
  h.call({ method: 'POST', url: '/wps/v2/transfers/member', token: from.token, lang: 'en', payload: { toUsername, amount, paymentPassword: from === agent || from === subAgent ? '8642' : '2468', idempotencyKey: newKey('mt'), ...extra } });

describe('transferUpline', () => {
  it('tells the page who may receive', async () => {
    const mine = (await h.call({ method: 'GET', url: '/wps/v2/transfers/member', token: member.token })).json().value;
    expect(mine).toMatchObject({ upline: { username: 'mtagent01' }, toDownline: false, downlineCount: 0, available: '1000.00', hasPaymentPassword: true });
    const theirs = (await h.call({ method: 'GET', url: '/wps/v2/transfers/member', token: agent.token })).json().value;
    expect(theirs).toMatchObject({ upline: null, toDownline: true, downlineCount: 3 });
    expect((await h.call({ method: 'GET', url: '/wps/v2/transfers/member', token: loner.token })).json().value).toMatchObject({ upline: null, toDownline: false });
  });

  it('a member sends to the own upline agent, once per key, both sides in the account record', async () => {
    const key = newKey('mtk');
    const [a, b] = await Promise.all([send(member, 'MTAGENT01', '120.50', { idempotencyKey: key }), send(member, 'mtagent01', '120.50', { idempotencyKey: key })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().value.transactionId).toBe(b.json().value.transactionId);
    expect(a.json().value).toMatchObject({ toUsername: 'mtagent01', direction: 'upline', amount: '120.50' });
    expect(await mainBalance(h, member.token)).toMatchObject({ balance: '879.50' });
    expect(await mainBalance(h, agent.token)).toMatchObject({ balance: '1120.50' });
    const changed = await send(member, 'mtagent01', '120.51', { idempotencyKey: key });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');
    const theirs = (await h.call({ method: 'GET', url: '/wps/relay/ODSFE2_MemTransDet?type=MEMBER_TRANSFER', token: agent.token })).json().value.items;
    expect(theirs[0]).toMatchObject({ type: 'MEMBER_TRANSFER', amount: '120.50', reference: 'mtplayer01>mtagent01', detail: { kind: 'member', direction: 'from', username: 'mtplayer01' } });
    const mine = (await h.call({ method: 'GET', url: '/wps/relay/ODSFE2_MemTransDet?type=MEMBER_TRANSFER', token: member.token })).json().value.items;
    expect(mine[0]).toMatchObject({ amount: '-120.50', detail: { kind: 'member', direction: 'to', username: 'mtagent01' } });
    expect(await booksBalance(h)).toBe(true);
  });

  it('an agent sends to a direct downline, not further down and not sideways', async () => {
    const ok = await send(agent, 'mtplayer02', '50.00');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.direction).toBe('downline');
    expect(await mainBalance(h, sibling.token)).toMatchObject({ balance: '50.00' });
    // The agent's grandchild, a sibling, the agent's own upline from below, strangers: all refused alike.
    for (const [from, to] of [[agent, 'mtplayer03'], [member, 'mtplayer02'], [member, 'mtloner01'], [member, 'nobody_here'], [loner, 'mtagent01'], [member, 'mtplayer01']] as const) {
      const res = await send(from, to, '1.00');
      expect([to, res.statusCode, res.json().code]).toEqual([to, 403, 'TRANSFER_TARGET_NOT_ALLOWED']);
    }
    // A plain member cannot send down, even to someone whose parent they are not; sub-agents can.
    expect((await send(subAgent, 'mtplayer03', '10.00')).statusCode).toBe(200);
    expect((await send(grandchild, 'mtagent02', '10.01')).json().code).toBe('INSUFFICIENT_FUNDS');
    expect((await send(grandchild, 'mtagent02', '10.00')).statusCode).toBe(200);
  });

  it('needs the payment password and enough money; trial accounts cannot send', async () => {
    expect((await send(member, 'mtagent01', '1.00', { paymentPassword: '0000' })).json().code).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await send(member, 'mtagent01', '100000.00')).json().code).toBe('INSUFFICIENT_FUNDS');
    const noPin = await makeMember(h, 'mtnopin01', { parent: agent.id });
    expect((await send(noPin, 'mtagent01', '1.00')).json().code).toBe('PAYMENT_PASSWORD_NOT_SET');
    const trial = await makeMember(h, 'mttrial01', { type: 4, parent: agent.id, paymentPassword: '2468' });
    const t = await send(trial, 'mtagent01', '1.00');
    expect([t.statusCode, t.json().code]).toEqual([403, 'TRIAL_NEED_REAL_ACCOUNT']);
  });

  it('bad input writes nothing', async () => {
    const before = await moneySnapshot(h);
    for (const amount of ['-1.00', '0', '0.00', '1.001', '1e2', 'ten', '', '10000000000000', 5]) {
      const res = await send(member, 'mtagent01', amount as string);
      expect([amount, res.statusCode, res.json().code]).toEqual([amount, 400, 'VALIDATION_FAILED']);
    }
    for (const toUsername of ['', 'a b', "x' or 1=1", 'x'.repeat(40)]) {
      expect((await send(member, toUsername, '1.00')).json().code).toBe('VALIDATION_FAILED');
    }
    // The same username on another merchant is not this merchant's member.
    const lotusAgent = await makeMember(h, 'mtlotusag', { merchant: 'LOTUS', host: 'lotus.localhost', type: 1, paymentPassword: '8642' });
    expect(lotusAgent.id).toBeGreaterThan(0n);
    const before2 = await moneySnapshot(h);
    expect((await send(member, 'mtlotusag', '1.00')).json().code).toBe('TRANSFER_TARGET_NOT_ALLOWED');
    expect(await moneySnapshot(h)).toEqual(before2);
    expect(before.ledger_transactions).toBe(before2.ledger_transactions);
  });
});
