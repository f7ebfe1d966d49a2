import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fromMinor, toMinor } from '@apsara/contracts';
import { startHarness, type Harness } from '../../../test/harness.js';
import { booksBalance, fund, mainBalance, makeMember, newKey } from '../../../test/money-helpers.js';
import { shareOf } from './contracts.settlement.js';

let h: Harness;
let admin: string;
let n = 0;
const uname = (p: string) => `${p}${Date.now().toString(36).slice(-4)}${++n}`;
type M = { id: bigint; token: string; username: string };
const member = async (prefix: string, opts: Parameters<typeof makeMember>[2] = {}): Promise<M> => {
  const username = uname(prefix);
  return { ...(await makeMember(h, username, opts)), username };
};

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, lang = 'en') => h.call({ method, url, token, lang, ...(payload ? { payload } : {}) });
const siteOffer = (body: object) => call('POST', '/ops/agent-contracts', admin, body);
const offer = (token: string, body: object) => call('POST', '/wps/agent/contracts', token, body);
const RELAY = { daily: 'MCS2_processDailySalContract', dividend: 'MCS2_processDividendReq', hourly: 'MCS2_processContractHourSalary', realtime: 'MCSFE_processRealTimeSalaryContract' } as const;
const act = (token: string, kind: keyof typeof RELAY, contractId: string, action: string) => call('POST', `/wps/relay/${RELAY[kind]}`, token, { contractId, action });
const consolidated = async (token: string) => (await call('GET', '/wps/member/contracts/consolidated', token)).json().value;
const tier = (threshold: string, minActive: number, rate: string, lossRate?: string) => ({ threshold, minActive, rate, ...(lossRate ? { lossRate } : {}) });
const okValue = (res: { statusCode: number; body: string; json: () => { value: Record<string, unknown> } }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Record<string, unknown> & { id: string };
};

/** Signs an offer as the holder and returns the contract id. */
const signed = async (offered: Promise<{ statusCode: number; body: string; json: () => { value: Record<string, unknown> } }>, holder: M, kind: keyof typeof RELAY) => {
  const c = okValue(await offered);
  expect(okValue(await act(holder.token, kind, c.id, 'sign')).status).toBe('active');
  return c.id;
};

beforeAll(async () => {
  h = await startHarness();
  admin = await h.opsLogin();
}, 60_000);
afterAll(() => h?.close());

describe('contracts: offering, signing, ending', () => {
  let top: M, mid: M, leaf: M, player: M, outsider: M;
  beforeAll(async () => {
    top = await member('ctop', { type: 1 });
    mid = await member('cmid', { type: 1, parent: top.id });
    leaf = await member('cleaf', { type: 1, parent: mid.id });
    player = await member('cplay', { parent: leaf.id });
    outsider = await member('cout', { type: 1 });
  });

  it('the site offers its top agents, audited; the holder sees a new offer and signs it', async () => {
    const c = okValue(await siteOffer({ kind: 'daily', toUsername: top.username, tiers: [tier('1.00', 1, '2'), tier('1000.00', 3, '3')] }));
    expect(c).toMatchObject({ kind: 'daily', status: 'offered', counterpart: top.username, period: null, tiers: [{ threshold: '1.00', minActive: 1, rate: '2.00' }, { threshold: '1000.00', minActive: 3, rate: '3.00' }] });
    const audit = await h.database.db.selectFrom('audit_log').select('action').where('action', '=', 'contract.offer').where('target_id', '=', top.id.toString()).execute();
    expect(audit).toHaveLength(1);
    const allOn = { enableCt: true, salary: true, hourSalary: true, agentRealtimeSalary: true };
    expect(await consolidated(top.token)).toEqual({ dailysalreqtype: 'new', divtypereq: null, contracthoursalreq: null, realtimesalreqtype: null, ...allOn });
    // Members and trial accounts get nothing.
    expect(await consolidated(player.token)).toEqual({ dailysalreqtype: null, divtypereq: null, contracthoursalreq: null, realtimesalreqtype: null, ...allOn });

    // The call of another kind does not reach it; someone else cannot sign it.
    expect((await act(top.token, 'dividend', c.id, 'sign')).json().code).toBe('CONTRACT_NOT_FOUND');
    expect((await act(outsider.token, 'daily', c.id, 'sign')).json().code).toBe('CONTRACT_NOT_FOUND');
    const done = okValue(await act(top.token, 'daily', c.id, 'sign'));
    expect(done).toMatchObject({ status: 'active', role: 'received', counterpart: null });
    expect(await consolidated(top.token)).toMatchObject({ dailysalreqtype: 'success' });
    // The site offers only agents without an upline.
    expect((await siteOffer({ kind: 'daily', toUsername: mid.username, tiers: [tier('1.00', 1, '2')] })).json().code).toBe('CONTRACT_TARGET_INVALID');
  });

  it('an agent shares what they hold, at no higher a rate, with their direct downline agents only', async () => {
    expect((await offer(top.token, { kind: 'daily', toUsername: mid.username, tiers: [tier('1.00', 1, '3.01')] })).json()).toMatchObject({ code: 'CONTRACT_RATE_TOO_HIGH', message: 'A rate may not be higher than your own contract’s highest rate (3.00%)' });
    expect((await offer(top.token, { kind: 'dividend', period: 'W', toUsername: mid.username, tiers: [tier('1.00', 1, '1')] })).json().code).toBe('CONTRACT_NONE_OF_KIND');
    expect((await offer(top.token, { kind: 'daily', toUsername: leaf.username, tiers: [tier('1.00', 1, '1')] })).json().code).toBe('CONTRACT_TARGET_INVALID');
    expect((await offer(mid.token, { kind: 'daily', toUsername: player.username, tiers: [tier('1.00', 1, '1')] })).json().code).toBe('CONTRACT_NONE_OF_KIND');
    expect((await offer(player.token, { kind: 'daily', toUsername: mid.username, tiers: [tier('1.00', 1, '1')] })).json().code).toBe('AGENT_ONLY');

    await signed(offer(top.token, { kind: 'daily', toUsername: mid.username, tiers: [tier('1.00', 1, '1.5')] }), mid, 'daily');
    await signed(offer(mid.token, { kind: 'daily', toUsername: leaf.username, tiers: [tier('1.00', 1, '1.2')] }), leaf, 'daily');
    // A member under the leaf agent cannot hold a contract.
    expect((await offer(leaf.token, { kind: 'daily', toUsername: player.username, tiers: [tier('1.00', 1, '1')] })).json().code).toBe('CONTRACT_TARGET_INVALID');
    // One offer waiting per holder and kind.
    okValue(await offer(mid.token, { kind: 'daily', toUsername: leaf.username, tiers: [tier('5.00', 1, '1.1')] }));
    expect((await offer(mid.token, { kind: 'daily', toUsername: leaf.username, tiers: [tier('5.00', 1, '1.0')] })).json().code).toBe('CONTRACT_OFFER_PENDING');
    const waiting = (await call('GET', '/wps/agent/contracts?role=received&kind=daily', leaf.token)).json().value.items;
    expect(waiting.map((c: { status: string }) => c.status)).toEqual(['offered', 'active']);
    // The leaf rejects it; the signed one stays.
    expect(okValue(await act(leaf.token, 'daily', waiting[0].id, 'reject')).status).toBe('rejected');
    expect(await consolidated(leaf.token)).toMatchObject({ dailysalreqtype: 'success' });
  });

  it('signing a lower rate ends the downline contracts above it (the offer warns which)', async () => {
    const lower = okValue(await offer(top.token, { kind: 'daily', toUsername: mid.username, tiers: [tier('1.00', 1, '1.0')] }));
    const mine = (await call('GET', '/wps/agent/contracts?role=received&kind=daily', mid.token)).json().value.items;
    expect(mine.find((c: { id: string }) => c.id === lower.id).conflicts).toEqual([leaf.username]);
    expect(okValue(await act(mid.token, 'daily', lower.id, 'sign')).status).toBe('active');

    const all = (await call('GET', '/wps/agent/contracts?kind=daily', mid.token)).json().value.items as { role: string; status: string; endReason: string | null; counterpart: string }[];
    expect(all.filter((c) => c.role === 'received').map((c) => [c.status, c.endReason])).toEqual([['active', null], ['terminated', 'replaced']]);
    expect(all.find((c) => c.role === 'given' && c.status === 'terminated')).toMatchObject({ counterpart: leaf.username, endReason: 'upline_rate_lowered' });
    expect(await consolidated(leaf.token)).toMatchObject({ dailysalreqtype: null });
  });

  it('a signed contract ends only when both sides agree', async () => {
    const id = (await call('GET', '/wps/agent/contracts?role=received&kind=daily', mid.token)).json().value.items[0].id as string;
    expect(okValue(await act(top.token, 'daily', id, 'terminate')).terminationRequestedBy).toBe('upline');
    expect((await act(top.token, 'daily', id, 'terminate')).json().code).toBe('CONTRACT_ACTION_INVALID');
    expect(await consolidated(mid.token)).toMatchObject({ dailysalreqtype: 'termination' });
    expect(okValue(await act(mid.token, 'daily', id, 'reject')).terminationRequestedBy).toBeNull();
    expect(okValue(await act(mid.token, 'daily', id, 'terminate')).terminationRequestedBy).toBe('holder');
    const ended = okValue(await act(top.token, 'daily', id, 'sign'));
    expect(ended).toMatchObject({ status: 'terminated', endReason: 'agreed', role: 'given' });
    expect((await act(mid.token, 'daily', id, 'terminate')).json().code).toBe('CONTRACT_ACTION_INVALID');
  });

  it('the upline may withdraw an offer before it is signed', async () => {
    const c = okValue(await offer(top.token, { kind: 'daily', toUsername: mid.username, tiers: [tier('1.00', 1, '1')] }));
    expect((await act(mid.token, 'daily', c.id, 'terminate')).json().code).toBe('CONTRACT_ACTION_INVALID');
    expect(okValue(await act(top.token, 'daily', c.id, 'terminate')).status).toBe('withdrawn');
    expect((await act(mid.token, 'daily', c.id, 'sign')).json().code).toBe('CONTRACT_ACTION_INVALID');
  });

  it('a kind the site switches off takes no new offer and no signature; what is signed runs on, and the agent center is told', async () => {
    const a = await member('koff', { type: 1 });
    const b = await member('koffb', { type: 1, parent: a.id });
    const c = await member('koffc', { type: 1 });
    const held = await signed(siteOffer({ kind: 'hourly', toUsername: a.username, tiers: [tier('1.00', 1, '2')] }), a, 'hourly');
    const pending = okValue(await offer(a.token, { kind: 'hourly', toUsername: b.username, tiers: [tier('1.00', 1, '1')] }));
    const setKinds = (body: unknown) => h.call({ method: 'PATCH', url: '/ops/config/contractKinds', token: admin, lang: 'en', payload: body as object });
    const ALL_ON = { dividend: true, daily: true, hourly: true, realtime: true };
    try {
      for (const bad of [{ hourly: false }, { ...ALL_ON, hourly: 'no' }, { ...ALL_ON, lottery: true }]) {
        const res = await setKinds(bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      expect((await setKinds({ ...ALL_ON, hourly: false })).json().value.contractKinds).toEqual({ ...ALL_ON, hourly: false });
      expect(await consolidated(a.token)).toMatchObject({ contracthoursalreq: 'success', hourSalary: false, salary: true, enableCt: true, agentRealtimeSalary: true });

      const bySite = await siteOffer({ kind: 'hourly', toUsername: c.username, tiers: [tier('1.00', 1, '1')] });
      expect(bySite.statusCode).toBe(409);
      expect(bySite.json().code).toBe('CONTRACT_KIND_OFF');
      const byAgent = await call('POST', '/wps/agent/contracts', a.token, { kind: 'hourly', toUsername: b.username, tiers: [tier('1.00', 1, '1')] }, 'cn');
      expect(byAgent.json()).toMatchObject({ code: 'CONTRACT_KIND_OFF', message: '本站目前不提供此类契约' });
      // The offer made before stays unsigned; it can still be turned down. The signed one runs on.
      expect((await act(b.token, 'hourly', pending.id, 'sign')).json().code).toBe('CONTRACT_KIND_OFF');
      expect(okValue(await act(b.token, 'hourly', pending.id, 'reject')).status).toBe('rejected');
      const mine = okValue(await call('GET', '/wps/agent/contracts?kind=hourly&role=received', a.token)) as unknown as { items: { id: string; status: string }[] };
      expect(mine.items.find((x) => x.id === held)?.status).toBe('active');
      // Other kinds are untouched.
      expect(okValue(await siteOffer({ kind: 'daily', toUsername: c.username, tiers: [tier('1.00', 1, '1')] })).status).toBe('offered');
      expect(await h.database.db.selectFrom('agent_contracts').select('id').where('holder_id', '=', c.id).where('kind', '=', 'hourly').execute()).toEqual([]);
    } finally {
      expect((await setKinds(ALL_ON)).statusCode).toBe(200);
    }
    expect(okValue(await siteOffer({ kind: 'hourly', toUsername: c.username, tiers: [tier('1.00', 1, '1')] })).status).toBe('offered');
    const audit = await h.database.db.selectFrom('audit_log').select(['before', 'after']).where('action', '=', 'config.update').where('target_id', '=', 'contractKinds').orderBy('id').execute();
    expect(audit.at(-2)).toMatchObject({ before: { contractKinds: ALL_ON }, after: { contractKinds: { ...ALL_ON, hourly: false } } });
  });

  it('the site’s list names each contract’s upline (null: the site gave it), so the console offers the site’s actions on its own alone', async () => {
    const items = (await call('GET', '/ops/agent-contracts?kind=daily', admin)).json().value.items as { counterpart: string; upline?: string | null }[];
    expect(items.find((c) => c.counterpart === top.username)).toMatchObject({ upline: null });
    expect(items.find((c) => c.counterpart === mid.username)).toMatchObject({ upline: top.username });
    // Agents' own lists do not carry it.
    const mine = (await call('GET', '/wps/agent/contracts?role=received&kind=daily', mid.token)).json().value.items as object[];
    expect(mine[0]).not.toHaveProperty('upline');
  });

  it('refuses malformed terms, writing nothing', async () => {
    const count = async () => Number((await sql<{ n: string }>`select count(*) as n from agent_contracts`.execute(h.database.db)).rows[0].n);
    const before = await count();
    const bad = [
      { kind: 'daily', toUsername: top.username, tiers: [tier('10.00', 1, '1'), tier('5.00', 1, '2')] },
      { kind: 'daily', toUsername: top.username, tiers: [tier('1.00', 1, '1', '2')] },
      { kind: 'realtime', toUsername: top.username, tiers: [tier('1.00', 1, '1')] },
      { kind: 'dividend', toUsername: top.username, tiers: [tier('1.00', 1, '1')] },
      { kind: 'daily', period: 'M', toUsername: top.username, tiers: [tier('1.00', 1, '1')] },
      { kind: 'daily', toUsername: top.username, tiers: [tier('1.00', 1, '0')] },
      { kind: 'daily', toUsername: top.username, tiers: [tier('1.00', 1, '100.01')] },
      { kind: 'daily', toUsername: top.username, tiers: [tier('1.00', 1, '1.234')] },
      { kind: 'daily', toUsername: top.username, tiers: [tier('-1.00', 1, '1')] },
      { kind: 'daily', toUsername: top.username, tiers: [tier('1.001', 1, '1')] },
      { kind: 'daily', toUsername: top.username, tiers: [] },
      { kind: 'daily', toUsername: top.username, tiers: Array.from({ length: 11 }, (_, i) => tier(`${i + 1}.00`, 1, '1')) },
      { kind: 'weekly', toUsername: top.username, tiers: [tier('1.00', 1, '1')] },
      { kind: 'daily', toUsername: top.username, tiers: [tier('1.00', 1.5, '1')] },
    ];
    for (const body of bad) {
      const res = await siteOffer(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call('POST', `/wps/relay/${RELAY.daily}`, top.token, { contractId: 'abc', action: 'sign' })).statusCode).toBe(400);
    expect((await call('POST', `/wps/relay/${RELAY.daily}`, top.token, { contractId: '1', action: 'approve' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

/** Moves a member's rounds (and their postings' times do not matter here) into the past. */
const shiftRounds = (memberIds: bigint[], to: string) =>
  sql`update game_rounds set opened_at = ${to}::timestamptz, closed_at = ${to}::timestamptz + interval '1 second' where member_id = any(${memberIds.map(String)}::int8[])`.execute(h.database.db);
const backdate = (contractIds: string[], interval: string) =>
  sql`update agent_contracts set decided_at = decided_at - ${interval}::interval where id = any(${contractIds}::int8[])`.execute(h.database.db);
const spins = async (who: M, count: number) => {
  for (let i = 0; i < count; i++) {
    const res = await h.call({ method: 'POST', url: '/wps/inhouse/slot/spin', token: who.token, payload: { bet: '1.00', idempotencyKey: newKey('spin') } });
    expect(res.statusCode, res.body).toBe(200);
  }
};
const roundSums = async (memberIds: bigint[]) =>
  (await sql<{ stake: bigint; payout: bigint }>`select coalesce(sum(stake),0)::int8 as stake, coalesce(sum(payout),0)::int8 as payout from game_rounds where member_id = any(${memberIds.map(String)}::int8[])`.execute(h.database.db)).rows[0];
const settlementsOf = async (contractId: string) =>
  (await sql<{ status: string; amount: bigint; basis: bigint; active: number; rate_bp: number | null; period_start: Date }>`select * from agent_contract_settlements where contract_id = ${contractId} order by period_start`.execute(h.database.db)).rows;
/** Yesterday noon on the demo site's clock (Asia/Phnom_Penh, UTC+7). */
const yesterdayNoon = async () => (await sql<{ t: Date }>`select (date_trunc('day', now() at time zone 'Asia/Phnom_Penh') - interval '12 hours') at time zone 'Asia/Phnom_Penh' as t`.execute(h.database.db)).rows[0].t.toISOString();

describe('settlement', () => {
  it('daily salary: each holder is paid on their whole team’s effective bets of the previous day, the top by the site and the downline by their upline, once', async () => {
    const top = await member('stop', { type: 1 });
    const sub = await member('ssub', { type: 1, parent: top.id });
    const p1 = await member('sp1', { parent: sub.id });
    const p2 = await member('sp2', { parent: top.id });
    await fund(h, admin, p1.id, '50.00');
    await fund(h, admin, p2.id, '50.00');
    const topC = await signed(siteOffer({ kind: 'daily', toUsername: top.username, tiers: [tier('5.00', 1, '2'), tier('14.00', 3, '5')] }), top, 'daily');
    const subC = await signed(offer(top.token, { kind: 'daily', toUsername: sub.username, tiers: [tier('1.00', 1, '1')] }), sub, 'daily');
    await spins(p1, 10);
    await spins(p2, 5);
    await shiftRounds([p1.id, p2.id], await yesterdayNoon());
    await backdate([topC, subC], '3 days');
    const expense = async () => (await sql<{ balance: bigint }>`select balance from accounts where code = 'COMMISSION_EXPENSE' and member_id is null and merchant_id = (select merchant_id from members where id = ${top.id})`.execute(h.database.db)).rows[0]?.balance ?? 0n;
    const expenseBefore = await expense();

    // Two runs at once, as two nodes would start them: one settles, the other (on PostgreSQL) skips.
    const [a, b] = await Promise.all([h.app.contractSettlement.settleDue(), h.app.contractSettlement.settleDue()]);
    expect(a + b).toBeGreaterThanOrEqual(2);
    if (h.database.kind === 'postgres') expect(Math.min(a, b)).toBe(0);
    // top: 15.00 of bets by 2 active members → the first tier (the second needs 3 members): 2 % = 0.30, from the site.
    const topRows = await settlementsOf(topC);
    expect(topRows.at(-1)).toMatchObject({ status: 'paid', basis: 1500n, active: 2, rate_bp: 200, amount: 30n });
    // The day before yesterday was signed for (the contract dates from 3 days ago) and had no play.
    expect(topRows.slice(0, -1).map((r) => r.status)).toEqual(['nothing']);
    // sub: 10.00 by 1 member → 1 % = 0.10, paid by top.
    expect((await settlementsOf(subC)).at(-1)).toMatchObject({ status: 'paid', basis: 1000n, active: 1, rate_bp: 100, amount: 10n });
    expect((await mainBalance(h, top.token)).balance).toBe('0.20');
    expect((await mainBalance(h, sub.token)).balance).toBe('0.10');
    expect(expenseBefore - (await expense())).toBe(30n);
    const history = (await h.call({ method: 'GET', url: '/wps/relay/ODSFE2_MemTransDet?type=AGENT_SALARY', token: top.token })).json().value.items;
    expect(history.map((i: { amount: string; detail: unknown }) => [i.amount, i.detail]).sort()).toEqual([
      ['-0.10', { kind: 'contract', contractKind: 'daily', direction: 'paid' }],
      ['0.30', { kind: 'contract', contractKind: 'daily', direction: 'received' }],
    ]);
    expect((await call('GET', `/wps/agent/contracts/settlements?contractId=${subC}`, sub.token)).json().value.items[0]).toMatchObject({ status: 'paid', amount: '0.10', basis: '10.00', rate: '1.00', holder: sub.username });
    // The upline sees it too; an outsider does not.
    expect((await call('GET', `/wps/agent/contracts/settlements?contractId=${subC}`, top.token)).json().value.total).toBe((await settlementsOf(subC)).length);
    expect((await call('GET', `/wps/agent/contracts/settlements?contractId=${subC}`, p1.token)).json().code).toBe('AGENT_ONLY');

    // My income: top was paid 0.30 and paid out 0.10.
    const income = (await call('GET', '/wps/agent/income', top.token)).json().value;
    expect(income.kinds).toEqual([{ kind: 'daily', received: '0.30', paidOut: '0.10', net: '0.20', unpaid: '0.00' }]);
    expect(income.total).toEqual({ received: '0.30', paidOut: '0.10', net: '0.20', unpaid: '0.00' });
    expect((await call('GET', '/wps/agent/income', sub.token)).json().value.total).toMatchObject({ received: '0.10', paidOut: '0.00' });
    expect((await call('GET', '/wps/agent/income', p1.token)).json().code).toBe('AGENT_ONLY');

    // Again: nothing more is paid.
    await h.app.contractSettlement.settleDue();
    expect((await mainBalance(h, top.token)).balance).toBe('0.20');
    expect((await settlementsOf(subC)).filter((r) => r.status === 'paid')).toHaveLength(1);
    expect(await booksBalance(h)).toBe(true);
  });

  it('an upline whose own contract paid nothing and whose wallet cannot cover their downline’s pay leaves it unpaid', async () => {
    const top = await member('utop', { type: 1 });
    const sub = await member('usub', { type: 1, parent: top.id });
    const p = await member('up', { parent: sub.id });
    await fund(h, admin, p.id, '20.00');
    const topC = await signed(siteOffer({ kind: 'daily', toUsername: top.username, tiers: [tier('1000.00', 1, '2')] }), top, 'daily');
    const subC = await signed(offer(top.token, { kind: 'daily', toUsername: sub.username, tiers: [tier('1.00', 1, '2')] }), sub, 'daily');
    await spins(p, 5);
    await shiftRounds([p.id], await yesterdayNoon());
    await backdate([topC, subC], '2 days');
    await h.app.contractSettlement.settleDue();
    expect((await settlementsOf(topC)).at(-1)).toMatchObject({ status: 'nothing', amount: 0n, rate_bp: null });
    expect((await settlementsOf(subC)).at(-1)).toMatchObject({ status: 'unpaid', amount: 10n, rate_bp: 200 });
    expect((await mainBalance(h, top.token)).balance).toBe('0.00');
    expect((await mainBalance(h, sub.token)).balance).toBe('0.00');
  });

  it('real-time salary pays each ended 5-minute period at the win or the loss rate', async () => {
    const top = await member('rtop', { type: 1 });
    const p = await member('rp', { parent: top.id });
    await fund(h, admin, p.id, '20.00');
    const c = await signed(siteOffer({ kind: 'realtime', toUsername: top.username, tiers: [tier('1.00', 1, '1', '3')] }), top, 'realtime');
    await spins(p, 4);
    const slot = (await sql<{ t: Date }>`select to_timestamp(floor(extract(epoch from now()) / 300) * 300) - interval '15 minutes' + interval '20 seconds' as t`.execute(h.database.db)).rows[0].t.toISOString();
    await shiftRounds([p.id], slot);
    await backdate([c], '1 hour');
    await h.app.contractSettlement.settleDue();
    const { stake, payout } = await roundSums([p.id]);
    const bp = payout - stake > 0n ? 100 : 300;
    const paid = (await settlementsOf(c)).filter((r) => r.status === 'paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ basis: stake, rate_bp: bp, amount: shareOf(stake, bp) });
    expect(paid[0].period_start.toISOString()).toBe(new Date(Date.parse(slot) - 20_000).toISOString());
    expect((await mainBalance(h, top.token)).balance).toBe(fromMinor(shareOf(stake, bp)));
  });

  it('a dividend shares the team’s net loss of the period, and nothing when the players won', async () => {
    const top = await member('dtop', { type: 1 });
    const p = await member('dp', { parent: top.id });
    await fund(h, admin, p.id, '30.00');
    const c = await signed(siteOffer({ kind: 'dividend', period: 'D', toUsername: top.username, tiers: [tier('0.01', 1, '10')] }), top, 'dividend');
    await spins(p, 8);
    await shiftRounds([p.id], await yesterdayNoon());
    await backdate([c], '2 days');
    await h.app.contractSettlement.settleDue();
    const { stake, payout } = await roundSums([p.id]);
    const loss = stake - payout;
    const last = (await settlementsOf(c)).at(-1)!;
    expect(last.basis).toBe(loss);
    if (loss > 0n) expect(last).toMatchObject({ status: 'paid', amount: shareOf(loss, 1000) });
    else expect(last).toMatchObject({ status: 'nothing', amount: 0n });
    expect(toMinor((await mainBalance(h, top.token)).balance)).toBe(loss > 0n ? shareOf(loss, 1000) : 0n);
  });

  it('hourly salary pays hour by hour of the previous day; dividends follow their period’s calendar on the site’s clock', async () => {
    const top = await member('htop', { type: 1 });
    const p = await member('hp', { parent: top.id });
    await fund(h, admin, p.id, '20.00');
    const hourly = await signed(siteOffer({ kind: 'hourly', toUsername: top.username, tiers: [tier('1.00', 1, '2')] }), top, 'hourly');
    const weekly = await signed(siteOffer({ kind: 'dividend', period: 'W', toUsername: top.username, tiers: [tier('1000.00', 1, '1')] }), top, 'dividend');
    await spins(p, 3);
    const noon = await yesterdayNoon();
    await shiftRounds([p.id], noon);
    await backdate([hourly], '2 days');
    await backdate([weekly], '22 days');
    await h.app.contractSettlement.settleDue();
    const hours = await settlementsOf(hourly);
    // Whole hours from the signing on, up to the end of yesterday; only yesterday's noon hour had play.
    expect(hours.filter((r) => r.status === 'paid')).toEqual([expect.objectContaining({ basis: 300n, amount: 6n, period_start: new Date(noon) })]);
    expect(hours.every((r, i) => i === 0 || r.period_start.getTime() - hours[i - 1].period_start.getTime() === 3_600_000)).toBe(true);
    expect(hours.length).toBeGreaterThanOrEqual(24);
    // Weeks start on Monday at midnight, site time (UTC+7): Sunday 17:00 UTC.
    const weeks = await settlementsOf(weekly);
    expect(weeks.length).toBeGreaterThanOrEqual(2);
    for (const w of weeks) expect([w.period_start.getUTCDay(), w.period_start.getUTCHours()]).toEqual([0, 17]);

    // Half-months start on the 1st and the 16th, months on the 1st, at midnight site time.
    const other = await member('mtop', { type: 1 });
    const half = await signed(siteOffer({ kind: 'dividend', period: 'H', toUsername: other.username, tiers: [tier('1000.00', 1, '1')] }), other, 'dividend');
    await backdate([half], '70 days');
    await h.app.contractSettlement.settleDue();
    const halves = await settlementsOf(half);
    expect(halves.length).toBeGreaterThanOrEqual(3);
    const local = (d: Date) => new Date(d.getTime() + 7 * 3_600_000);
    for (const x of halves) {
      expect([1, 16]).toContain(local(x.period_start).getUTCDate());
      expect(local(x.period_start).getUTCHours()).toBe(0);
    }
    const ends = (await sql<{ period_end: Date }>`select period_end from agent_contract_settlements where contract_id = ${half} order by period_start`.execute(h.database.db)).rows;
    // Each half ends where the next begins.
    for (let i = 1; i < halves.length; i++) expect(ends[i - 1].period_end.getTime()).toBe(halves[i].period_start.getTime());
  });
});
