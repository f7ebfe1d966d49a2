import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VipConfig } from '@apsara/contracts';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { bankDeposit, booksBalance, mainBalance, makeMember, newKey, playedRound } from '../../../test/money-helpers.js';
import { ledgerRepository } from '../ledger/ledger.repository.js';
import { ledgerService } from '../ledger/ledger.service.js';
import { merchantRepository } from '../merchant/merchant.repository.js';
import { vipRepository } from './vip.repository.js';
import { vipService } from './vip.service.js';

let h: Harness;
let ops: string;
let seq = 0;
const fresh = (p = 'vip') => `${p}${Date.now().toString(36).slice(-5)}${seq++}`;

const view = async (token?: string, host?: string) => {
  const res = await h.call({ method: 'GET', url: '/wps/vip', token, host, lang: 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const info = async (token: string) => (await h.call({ method: 'GET', url: '/wps/member/info', token, lang: 'en' })).json().value;
const bonuses = async (memberId: bigint) =>
  (await sql<{ n: number }>`select count(*)::int as n from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join accounts a on a.id = e.account_id where t.type = 'VIP_UPGRADE_BONUS' and a.member_id = ${memberId}`.execute(h.database.db)).rows[0]!.n;

beforeAll(async () => {
  h = await startHarness();
  ops = await h.opsLogin();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.database.db.deleteFrom('auth_throttles').execute();
});

describe('VIP ranks', () => {
  it('shows the ranks to visitors, and nothing on a site without them', async () => {
    const v = await view();
    expect(v).toMatchObject({ enabled: true, currencySymbol: '$', me: null });
    expect(v.levels).toHaveLength(8);
    expect(v.levels[0]).toEqual({ level: 1, label: 'VIP1', minBets: '1000.00', minDeposits: '100.00', upgradeBonus: '5.00' });
    expect(await view(undefined, 'lotus.localhost')).toEqual({ enabled: false, currencySymbol: '฿', levels: [], me: null });
  });

  it('raises a member who reaches both thresholds, pays the bonus once, and shows what the next rank asks', async () => {
    const m = await makeMember(h, fresh());
    expect((await view(m.token)).me).toMatchObject({ level: 0, label: null, bets: '0.00', deposits: '0.00', next: { level: 1, betsToGo: '1000.00', depositsToGo: '100.00', upgradeBonus: '5.00' }, upgrades: [] });
    expect((await info(m.token)).vip).toEqual({ hasVip: false, label: null, rankLevel: 0 });

    // Bets alone are not enough: both thresholds count.
    await playedRound(h, m.id, 100_000n);
    await h.app.vip.runDue();
    expect((await view(m.token)).me).toMatchObject({ level: 0, bets: '1000.00', next: { betsToGo: '0.00', depositsToGo: '100.00' } });

    await bankDeposit(h, ops, m.token, '100.00');
    const run = await h.app.vip.runDue();
    expect(run).toMatchObject({ ranks: 1, paid: 1, failed: 0 });
    expect(await h.app.vip.runDue()).toMatchObject({ ranks: 0, paid: 0 });
    const me = (await view(m.token)).me;
    expect(me).toMatchObject({ level: 1, label: 'VIP1', bets: '1000.00', deposits: '100.00', next: { level: 2, label: 'VIP2', betsToGo: '4000.00', depositsToGo: '400.00', upgradeBonus: '18.00' } });
    expect(me.upgrades).toHaveLength(1);
    expect(me.upgrades[0]).toMatchObject({ level: 1, label: 'VIP1', bonus: '5.00' });
    expect(me.upgrades[0].paidAt).toBeTruthy();
    expect((await info(m.token)).vip).toEqual({ hasVip: true, label: 'VIP1', rankLevel: 1 });
    // 100.00 deposited, 1000.00 staked and lost, 5.00 bonus.
    expect((await mainBalance(h, m.token)).balance).toBe('105.00');
    const history = (await h.call({ method: 'GET', url: '/wps/relay/ODSFE2_MemTransDet?type=VIP_UPGRADE_BONUS', token: m.token, lang: 'en' })).json().value.items;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amount: '5.00', detail: { kind: 'vip', level: 1 } });
    expect(await booksBalance(h)).toBe(true);
  });

  it('records every rank passed at once, each with its own bonus', async () => {
    const m = await makeMember(h, fresh());
    await bankDeposit(h, ops, m.token, '2000.00');
    await playedRound(h, m.id, 2_000_000n);
    await h.app.vip.runDue();
    const me = (await view(m.token)).me;
    expect(me.level).toBe(3);
    expect(me.upgrades.map((u: { level: number; bonus: string }) => [u.level, u.bonus])).toEqual([[3, '58.00'], [2, '18.00'], [1, '5.00']]);
    expect(await bonuses(m.id)).toBe(3);
    expect((await mainBalance(h, m.token)).balance).toBe(String(2000 + 5 + 18 + 58) + '.00');
  });

  it('counts a round when it settles, once even if it is reopened and settled again, and never a trial account', async () => {
    const m = await makeMember(h, fresh());
    const db = h.database.db;
    const game = (await sql<{ id: bigint }>`select id from games limit 1`.execute(db)).rows[0]!;
    const { merchant_id } = await db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow();
    const round = await db
      .insertInto('game_rounds')
      .values({ merchant_id, member_id: m.id, vendor_code: 'AG', game_id: game.id, round_ref: newKey('r'), stake: 30_000n, payout: 0n, status: 'open' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.app.vip.runDue();
    expect((await view(m.token)).me.bets).toBe('0.00');
    await db.updateTable('game_rounds').set({ status: 'closed', closed_at: new Date() }).where('id', '=', round.id).execute();
    await h.app.vip.runDue();
    expect((await view(m.token)).me.bets).toBe('300.00');
    await db.updateTable('game_rounds').set({ status: 'open', closed_at: null }).where('id', '=', round.id).execute();
    await db.updateTable('game_rounds').set({ status: 'closed', closed_at: new Date() }).where('id', '=', round.id).execute();
    await h.app.vip.runDue();
    expect((await view(m.token)).me.bets).toBe('300.00');

    const trial = await makeMember(h, fresh('vt'), { type: 4 });
    await playedRound(h, trial.id, 500_000n);
    await h.app.vip.runDue();
    expect(await db.selectFrom('vip_progress').select('member_id').where('member_id', '=', trial.id).executeTakeFirst()).toBeUndefined();
    expect((await view(trial.token)).me).toBeNull();
    expect((await info(trial.token)).vip).toEqual({ hasVip: false, label: null, rankLevel: 0 });
  });

  it('pays each bonus once when two nodes run the job at the same time', async () => {
    const members = await Promise.all([0, 1, 2, 3].map(() => makeMember(h, fresh('vr'))));
    for (const m of members) {
      await bankDeposit(h, ops, m.token, '500.00');
      await playedRound(h, m.id, 500_000n);
    }
    await Promise.all([h.app.vip.runDue(), h.app.vip.runDue(), h.app.vip.runDue()]);
    await h.app.vip.runDue();
    for (const m of members) {
      expect((await view(m.token)).me.level).toBe(2);
      expect(await bonuses(m.id)).toBe(2);
      expect((await mainBalance(h, m.token)).balance).toBe('523.00');
    }
    expect(await booksBalance(h)).toBe(true);
  });

  it('neither raises nor pays a frozen member until an operator reopens the account', async () => {
    const m = await makeMember(h, fresh('vf'));
    const setStatus = async (status: 'frozen' | 'active') => {
      const res = await h.call({ method: 'POST', url: `/ops/members/${m.id}/status`, token: ops, payload: { status, reason: 'VIP test' } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await bankDeposit(h, ops, m.token, '500.00');
    await playedRound(h, m.id, 500_000n);
    await setStatus('frozen');
    expect(await h.app.vip.runDue()).toMatchObject({ failed: 0 });
    const db = h.database.db;
    const progress = await db.selectFrom('vip_progress').select(['level', 'bets', 'deposits']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    expect(progress).toEqual({ level: 0, bets: 500_000n, deposits: 50_000n });
    expect(await db.selectFrom('vip_upgrades').select('id').where('member_id', '=', m.id).execute()).toEqual([]);

    // A rank reached before the freeze keeps its bonus unpaid while frozen.
    const { merchant_id } = await db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow();
    await db.updateTable('vip_progress').set({ level: 1 }).where('member_id', '=', m.id).execute();
    await db.insertInto('vip_upgrades').values({ merchant_id, member_id: m.id, level: 1, bonus: 500n }).execute();
    await h.app.vip.runDue();
    expect(await bonuses(m.id)).toBe(0);
    expect((await db.selectFrom('vip_upgrades').select('paid_at').where('member_id', '=', m.id).executeTakeFirstOrThrow()).paid_at).toBeNull();

    await setStatus('active');
    expect(await h.app.vip.runDue()).toMatchObject({ ranks: 1, paid: 2, failed: 0 });
    expect(await bonuses(m.id)).toBe(2);
    expect((await db.selectFrom('vip_progress').select('level').where('member_id', '=', m.id).executeTakeFirstOrThrow()).level).toBe(2);
    expect(await booksBalance(h)).toBe(true);
  });

  it('reads only the progress that changed since the last run, and every row again when the ranks change', async () => {
    const db = h.database.db;
    const m = await makeMember(h, fresh('vd'));
    const row = () => db.selectFrom('vip_progress').select(['level', 'changes', 'checked']).where('member_id', '=', m.id).executeTakeFirstOrThrow();
    await bankDeposit(h, ops, m.token, '100.00');
    await playedRound(h, m.id, 50_000n);
    await h.app.vip.runDue();
    const first = await row();
    expect(first.level).toBe(0);
    expect(first.checked).toBe(first.changes);

    // Progress written behind the job's back (no change counted) is not looked at again...
    await db.updateTable('vip_progress').set({ bets: 100_000n }).where('member_id', '=', m.id).execute();
    await h.app.vip.runDue();
    expect((await row()).level).toBe(0);
    // ...until the job counts its next change.
    await playedRound(h, m.id, 100n);
    await h.app.vip.runDue();
    expect(await row()).toMatchObject({ level: 1 });
    expect(await bonuses(m.id)).toBe(1);

    // Lower thresholds reach members whose progress did not change: every row is checked again.
    const other = await makeMember(h, fresh('vd'));
    await bankDeposit(h, ops, other.token, '100.00');
    await playedRound(h, other.id, 80_000n);
    await h.app.vip.runDue();
    expect((await db.selectFrom('vip_progress').select('level').where('member_id', '=', other.id).executeTakeFirstOrThrow()).level).toBe(0);
    const before = (await h.call({ method: 'GET', url: '/ops/config', token: ops })).json().value.vip;
    const lower = { ...before, levels: before.levels.map((l: { minBets: string }, i: number) => (i === 0 ? { ...l, minBets: '800.00' } : l)) };
    try {
      expect((await h.call({ method: 'PATCH', url: '/ops/config/vip', token: ops, payload: lower })).statusCode).toBe(200);
      await h.app.vip.runDue();
      expect((await db.selectFrom('vip_progress').select('level').where('member_id', '=', other.id).executeTakeFirstOrThrow()).level).toBe(1);
    } finally {
      expect((await h.call({ method: 'PATCH', url: '/ops/config/vip', token: ops, payload: before })).statusCode).toBe(200);
    }
    // After a run no active member's progress is left due.
    await h.app.vip.runDue();
    expect((await sql<{ n: number }>`select count(*)::int as n from vip_progress p join members m on m.id = p.member_id where p.changes > p.checked and m.status = 'active'`.execute(db)).rows[0]!.n).toBe(0);
  });

  it('shares what every row was checked against between nodes: a node that starts later reads only what changed', async () => {
    const db = h.database.db;
    const otherNode = () => vipService({ repo: vipRepository(db), ledger: ledgerService(ledgerRepository(db)), merchants: merchantRepository(db).all });
    const m = await makeMember(h, fresh('vn'));
    const level = async () => (await db.selectFrom('vip_progress').select('level').where('member_id', '=', m.id).executeTakeFirstOrThrow()).level;
    await bankDeposit(h, ops, m.token, '100.00');
    await playedRound(h, m.id, 50_000n);
    await h.app.vip.runDue();
    const { merchant_id } = await db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow();
    const stored = await db.selectFrom('vip_checks').select('thresholds').where('merchant_id', '=', merchant_id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.thresholds)).toHaveLength(8);

    // Progress written behind the jobs' back: a node started now does not read every row again...
    await db.updateTable('vip_progress').set({ bets: 100_000n }).where('member_id', '=', m.id).execute();
    await otherNode().runDue();
    expect(await level()).toBe(0);
    // ...but one that finds other thresholds on record (changed while it was down) checks every row once.
    await db.updateTable('vip_checks').set({ thresholds: '[]' }).where('merchant_id', '=', merchant_id).execute();
    await otherNode().runDue();
    expect(await level()).toBe(1);
    expect((await db.selectFrom('vip_checks').select('thresholds').where('merchant_id', '=', merchant_id).executeTakeFirstOrThrow()).thresholds).toBe(stored.thresholds);
  });

  it('lists ranks reached to the site\'s operators only', async () => {
    const m = await makeMember(h, fresh());
    await bankDeposit(h, ops, m.token, '100.00');
    await playedRound(h, m.id, 100_000n);
    await h.app.vip.runDue();
    const listed = (await h.call({ method: 'GET', url: '/ops/vip/upgrades', token: ops })).json().value.items;
    expect(listed.find((u: { memberId: string }) => u.memberId === m.id.toString())).toMatchObject({ level: 1, label: 'VIP1', bonus: '5.00' });
    await h.addOperator('LOTUS', 'lotusvip1', 'Support-Pass-1', 'support');
    const lotus = await h.opsLogin('lotusvip1', 'Support-Pass-1', 'lotus.localhost');
    const there = await h.call({ method: 'GET', url: '/ops/vip/upgrades', token: lotus, host: 'lotus.localhost' });
    expect(there.statusCode).toBe(200);
    expect(there.json().value.items).toEqual([]);
    expect((await h.call({ method: 'GET', url: '/ops/vip/upgrades' })).statusCode).toBe(401);
  });

  it('refuses ranks that ask less than the one below, ask nothing, or pay too much', () => {
    const level = (minBets: string, minDeposits: string, upgradeBonus = '1.00') => ({ minBets, minDeposits, upgradeBonus });
    expect(VipConfig.safeParse({ enabled: true, levels: [level('100.00', '10.00'), level('200.00', '20.00')] }).success).toBe(true);
    expect(VipConfig.safeParse({ enabled: true, levels: [level('200.00', '10.00'), level('100.00', '20.00')] }).success).toBe(false);
    expect(VipConfig.safeParse({ enabled: true, levels: [level('0.00', '0.00')] }).success).toBe(false);
    expect(VipConfig.safeParse({ enabled: true, levels: [level('1.00', '0.00', '100000.01')] }).success).toBe(false);
    expect(VipConfig.safeParse({ enabled: true, levels: [level('-1.00', '0.00')] }).success).toBe(false);
    expect(VipConfig.safeParse({ enabled: true, levels: Array.from({ length: 11 }, (_, i) => level(`${i + 1}.00`, '0.00')) }).success).toBe(false);
  });
});
