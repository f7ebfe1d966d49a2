import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maskUsername } from '@apsara/contracts';
import { sql } from 'kysely';
import { startHarness, type Harness } from '../../../test/harness.js';
import { bankDeposit, booksBalance, mainBalance, makeMember, newKey, playedRound } from '../../../test/money-helpers.js';

let h: Harness;
let ops: string;
let seq = 0;
const fresh = (p = 'quest') => `${p}${Date.now().toString(36).slice(-5)}${seq++}`;
const LOTUS = 'lotus.localhost';

type Member = { id: bigint; token: string; host?: string };
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown, host?: string) => h.call({ method, url, token, payload: payload as never, host, lang: 'en' });
const summary = async (m: Member) => {
  const res = await call('GET', '/wps/missions', m.token, undefined, m.host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const missionId = async (code: string, merchant = 'APSARA') =>
  (await sql<{ id: bigint }>`select s.id from missions s join merchants m on m.id = s.merchant_id where m.code = ${merchant} and s.code = ${code}`.execute(h.database.db)).rows[0]!.id.toString();
const claim = (m: Member, id: string) => call('POST', `/wps/missions/${id}/claim`, m.token, undefined, m.host);
const board = async (m: Member, which: 'current' | 'previous' = 'current') => {
  const res = await call('GET', `/wps/missions/leaderboard?which=${which}`, m.token, undefined, m.host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
/** A round the member played, opened `hoursAgo` before now (0: now), staking and paying what is given. */
const round = async (m: Member, stake: bigint, opts: { payout?: bigint; hoursAgo?: number; open?: boolean } = {}) => {
  const db = h.database.db;
  const { merchant_id } = await db.selectFrom('members').select('merchant_id').where('id', '=', m.id).executeTakeFirstOrThrow();
  const game = (await sql<{ id: bigint }>`select id from games limit 1`.execute(db)).rows[0]!;
  const at = new Date(Date.now() - (opts.hoursAgo ?? 0) * 3_600_000);
  await db
    .insertInto('game_rounds')
    .values({ merchant_id, member_id: m.id, vendor_code: 'AG', game_id: game.id, round_ref: newKey('r'), stake, payout: opts.payout ?? 0n, status: opts.open ? 'open' : 'closed', opened_at: at, closed_at: opts.open ? null : at })
    .execute();
};
/** The site's day (Apsara and Lotus are both in Phnom Penh), by the database's clock as the missions count it. */
const siteDay = async () => (await sql<{ d: string }>`select to_char(now() at time zone 'Asia/Phnom_Penh', 'YYYY-MM-DD') as d`.execute(h.database.db)).rows[0]!.d;
/**
 * Runs `body`, once more if it failed while the site's day turned (a run across the site's midnight,
 * 17:00 UTC): what it played or deposited before midnight counts for the day before. Each body makes
 * its own members, so a second run starts clean.
 */
const onOneDay = async (body: () => Promise<void>) => {
  const day = await siteDay();
  try {
    await body();
  } catch (err) {
    if ((await siteDay()) === day) throw err;
    await body();
  }
};
const postings = async (type: string, memberId: bigint) =>
  (await sql<{ n: number }>`select count(*)::int as n from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join accounts a on a.id = e.account_id where t.type = ${type} and a.member_id = ${memberId}`.execute(h.database.db)).rows[0]!.n;

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

describe('missions', () => {
  it("shows today's and this week's missions in the site's calendar, none reached for a new member", async () => {
    const m = await makeMember(h, fresh());
    const s = await summary(m);
    expect(s).toMatchObject({ enabled: true, currencySymbol: '$', claimable: 0, earned: '0.00', minRoundStake: '1.00' });
    expect(s.items.map((i: { metric: string; period: string; target: string; reward: string }) => `${i.period}:${i.metric}:${i.target}:${i.reward}`)).toEqual([
      'daily:bets:100.00:0.50',
      'daily:rounds:50:0.30',
      'daily:wins:10:0.20',
      'daily:deposits:100.00:0.80',
      'weekly:bets:2000.00:10.00',
      'weekly:rounds:500:3.00',
      'weekly:deposits:500.00:4.00',
    ]);
    expect(s.items.every((i: { state: string; progress: string }) => i.state === 'in_progress' && Number(i.progress) === 0)).toBe(true);
    // Asia/Phnom_Penh has no daylight saving: a day is 24 h from local midnight (17:00 UTC), a week 7 days from Monday.
    const now = Date.parse(s.serverTime);
    for (const [w, hours] of [[s.daily, 24], [s.weekly, 168]] as const) {
      expect(Date.parse(w.start)).toBeLessThanOrEqual(now);
      expect(Date.parse(w.end)).toBeGreaterThan(now);
      expect(Date.parse(w.end) - Date.parse(w.start)).toBe(hours * 3_600_000);
      expect(new Date(w.start).getUTCHours()).toBe(17);
    }
    const weekStart = new Date(`${s.weekly.key}T00:00:00Z`);
    expect(weekStart.getUTCDay()).toBe(1);
    expect(s.daily.key).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Phnom_Penh' }).format(new Date(now)));
  });

  it('counts settled bets, rounds and real wins of the current period, and deposits once played; pays a reached mission once', () =>
    onOneDay(async () => {
      const m = await makeMember(h, fresh());
      // Yesterday's play (well before today's start) counts for nothing today.
      await round(m, 50_000n, { hoursAgo: 30 });
      await round(m, 6_000n);
      // A win pays at least twice its stake; a stake under the site's 1.00 counts as bets but not as a round.
      await round(m, 3_000n, { payout: 6_000n });
      await round(m, 1_000n, { payout: 1_900n });
      await round(m, 99n, { payout: 500n });
      // A round still open counts nothing yet: its stake may be rolled back.
      await round(m, 2_000n, { payout: 5_000n, open: true });
      let s = await summary(m);
      const item = async (code: string) => {
        const id = await missionId(code);
        return s.items.find((i: { id: string }) => i.id === id);
      };
      expect(await item('daily-bets-100')).toMatchObject({ progress: '100.00', target: '100.00', state: 'claimable' });
      // Yesterday is in this week unless today is the week's first day.
      const yesterdayThisWeek = Date.now() - 30 * 3_600_000 >= Date.parse(s.weekly.start);
      expect(await item('weekly-bets-2000')).toMatchObject({ progress: yesterdayThisWeek ? '600.99' : '100.99', state: 'in_progress' });
      expect(await item('daily-rounds-50')).toMatchObject({ progress: '3', state: 'in_progress' });
      expect(await item('daily-wins-10')).toMatchObject({ progress: '1', state: 'in_progress' });
      expect(s.claimable).toBe(1);
      const info = (await call('GET', '/wps/member/info', m.token)).json().value;
      expect(info.claimableMissions).toBe(1);

      // Deposits count up to what was bet in the period (100.99 today), less what was taken out again.
      await bankDeposit(h, ops, m.token, '150.00');
      s = await summary(m);
      expect(await item('daily-deposit-100')).toMatchObject({ progress: '100.00', state: 'claimable' });
      expect(await item('weekly-deposit-500')).toMatchObject({ progress: yesterdayThisWeek ? '150.00' : '100.99', state: 'in_progress' });
      expect(s.claimable).toBe(2);

      const before = (await mainBalance(h, m.token)).balance;
      const id = await missionId('daily-bets-100');
      const first = await claim(m, id);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().value).toMatchObject({ amount: '0.50', replayed: false, mission: { id, state: 'claimed' } });
      expect(first.json().value.mission.claimedAt).toBeTruthy();
      expect(Number((await mainBalance(h, m.token)).balance)).toBeCloseTo(Number(before) + 0.5, 2);
      // A repeat (a lost answer, a double tap) answers the first claim and pays nothing more.
      const again = await claim(m, id);
      expect(again.statusCode).toBe(200);
      expect(again.json().value).toMatchObject({ amount: '0.50', replayed: true, mission: { state: 'claimed' } });
      expect(Number((await mainBalance(h, m.token)).balance)).toBeCloseTo(Number(before) + 0.5, 2);
      expect(await postings('MISSION_REWARD', m.id)).toBe(1);
      s = await summary(m);
      expect(s).toMatchObject({ claimable: 1, earned: '0.50' });

      const history = (await call('GET', '/wps/relay/ODSFE2_MemTransDet?type=MISSIONS', m.token)).json().value.items;
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ type: 'MISSION_REWARD', amount: '0.50', detail: { kind: 'mission', period: 'daily', metric: 'bets', target: '100.00' } });
      expect(await booksBalance(h)).toBe(true);
    }));

  it('counts no deposit that was taken out again, or never played', () =>
    onOneDay(async () => {
      const m = await makeMember(h, fresh(), { paymentPassword: '2468', realName: 'Sok Dara' });
      const progressOf = async (code: string) => {
        const [id, s] = await Promise.all([missionId(code), summary(m)]);
        return s.items.find((i: { id: string }) => i.id === id).progress;
      };
      await bankDeposit(h, ops, m.token, '100.00');
      // Parked, not played: nothing counts.
      expect(await progressOf('daily-deposit-100')).toBe('0.00');
      await round(m, 10_000n);
      expect(await progressOf('daily-deposit-100')).toBe('100.00');
      // A withdrawal asked for in the period takes its amount off, pending as it is.
      await bankDeposit(h, ops, m.token, '100.00');
      const card = await call('POST', '/wps/member/bank-cards', m.token, { bankName: 'ABA Bank', accountName: 'Sok Dara', accountNumber: '0001 2345 6789', paymentPassword: '2468' });
      expect(card.statusCode, card.body).toBe(200);
      const w = await call('POST', '/wps/v2/withdraw', m.token, { bankCardId: card.json().value.id, amount: '60.00', paymentPassword: '2468', idempotencyKey: newKey('wd') });
      expect(w.statusCode, w.body).toBe(200);
      // Deposited 200.00, asked 60.00 back: 140.00 net, counted up to the 100.00 bet.
      expect(await progressOf('daily-deposit-100')).toBe('100.00');
      const w2 = await call('POST', '/wps/v2/withdraw', m.token, { bankCardId: card.json().value.id, amount: '60.00', paymentPassword: '2468', idempotencyKey: newKey('wd') });
      expect(w2.statusCode, w2.body).toBe(200);
      expect(await progressOf('daily-deposit-100')).toBe('80.00');
      // A rejected withdrawal gives its amount back to the count.
      const rejected = await call('POST', `/ops/withdrawals/${w2.json().value.id}/reject`, ops, { note: 'card details wrong' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(await progressOf('daily-deposit-100')).toBe('100.00');
    }));

  it('refuses a mission not reached, with how far along it is, and writes nothing', () =>
    onOneDay(async () => {
      const m = await makeMember(h, fresh());
      await playedRound(h, m.id, 5_000n);
      const res = await claim(m, await missionId('daily-bets-100'));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'MISSION_NOT_REACHED', message: 'This mission is not complete yet: 50.00 of 100.00' });
      const cn = await h.call({ method: 'POST', url: `/wps/missions/${await missionId('daily-rounds-50')}/claim`, token: m.token, lang: 'cn' });
      expect(cn.json()).toMatchObject({ code: 'MISSION_NOT_REACHED', message: '任务尚未完成：1/50' });
      expect(await postings('MISSION_REWARD', m.id)).toBe(0);
      expect((await h.database.db.selectFrom('mission_claims').select('id').where('member_id', '=', m.id).execute()).length).toBe(0);
      expect((await mainBalance(h, m.token)).balance).toBe('0.00');
    }));

  it('pays once when the same claim is sent many times at once', () =>
    onOneDay(async () => {
      const m = await makeMember(h, fresh());
      await playedRound(h, m.id, 10_000n);
      const id = await missionId('daily-bets-100');
      const answers = await Promise.all(Array.from({ length: 8 }, () => claim(m, id)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      expect(answers.filter((a) => a.json().value.replayed === false)).toHaveLength(1);
      expect((await mainBalance(h, m.token)).balance).toBe('0.50');
      expect(await postings('MISSION_REWARD', m.id)).toBe(1);
      expect(await booksBalance(h)).toBe(true);
    }));

  it('answers bad ids, other sites\' missions, retired missions, trial accounts and closed sites with a clear error', async () => {
    const m = await makeMember(h, fresh());
    await playedRound(h, m.id, 10_000n);
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999999']) {
      const res = await claim(m, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await claim(m, '987654321')).json().code).toBe('MISSION_NOT_FOUND');

    // Lotus has no missions on: its members are told so, and cannot claim Apsara's by id.
    const lotus = { ...(await makeMember(h, fresh('lq'), { merchant: 'LOTUS', host: LOTUS })), host: LOTUS };
    expect(await summary(lotus)).toMatchObject({ enabled: false, items: [], claimable: 0 });
    const closed = await claim(lotus, await missionId('daily-bets-100'));
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('MISSIONS_DISABLED');
    await h.setConfig('LOTUS', (c) => {
      c.missions = { enabled: true };
    });
    const foreign = await claim(lotus, await missionId('daily-bets-100'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('MISSION_NOT_FOUND');
    await h.setConfig('LOTUS', (c) => {
      c.missions = { enabled: false };
    });

    const trial = await makeMember(h, fresh('tq'), { type: 4 });
    const t = await claim(trial, await missionId('daily-bets-100'));
    expect(t.statusCode).toBe(403);
    expect(t.json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect((await call('GET', '/wps/missions', trial.token)).json().code).toBe('TRIAL_NEED_REAL_ACCOUNT');
    expect((await call('GET', '/wps/member/info', trial.token)).json().value.claimableMissions).toBe(0);
    expect((await call('GET', '/wps/missions')).statusCode).toBe(401);

    // A retired mission is gone from the list and cannot be claimed.
    const made = await call('POST', '/ops/missions', ops, { code: fresh('retire'), period: 'daily', metric: 'rounds', target: '1', reward: '0.50' });
    expect(made.statusCode, made.body).toBe(200);
    const rid = made.json().value.id as string;
    expect((await summary(m)).items.some((i: { id: string }) => i.id === rid)).toBe(true);
    expect((await call('PATCH', `/ops/missions/${rid}`, ops, { active: false })).json().value.active).toBe(false);
    expect((await summary(m)).items.some((i: { id: string }) => i.id === rid)).toBe(false);
    expect((await claim(m, rid)).json().code).toBe('MISSION_NOT_FOUND');
    expect(await postings('MISSION_REWARD', m.id)).toBe(0);
  });
});

describe('the leaderboard', () => {
  const setLotus = (leaderboard: Record<string, unknown>) =>
    h.setConfig('LOTUS', (c) => {
      c.missions = { enabled: true, leaderboard: { enabled: true, period: 'weekly', minBets: '10.00', prizes: ['30.00', '20.00'], settleDelayMinutes: 0, ...leaderboard } };
    });
  const lotusMember = async (p: string, type = 0) => ({ ...(await makeMember(h, fresh(p), { merchant: 'LOTUS', host: LOTUS, type })), host: LOTUS });

  it('ranks the site\'s real members by bets, hides other names, settles an ended period once and pays its prizes', async () => {
    await setLotus({ period: 'daily' });
    const [a, b, c, d, trial] = [await lotusMember('la'), await lotusMember('lb'), await lotusMember('lc'), await lotusMember('ld'), await lotusMember('lt', 4)];
    const names = Object.fromEntries(
      (await h.database.db.selectFrom('members').select(['id', 'username']).where('id', 'in', [a.id, b.id, c.id, d.id]).execute()).map((r) => [r.id.toString(), r.username]),
    );
    // Yesterday (Phnom Penh): a 50.00, b 80.00, c 30.00, d 5.00 (under the 10.00 to enter), the trial account 500.00.
    const todayStart = Date.parse((await summary(a)).daily.start);
    const yesterday = (m: Member, stake: bigint) => round(m, stake, { hoursAgo: (Date.now() - (todayStart - 3_600_000)) / 3_600_000 });
    await yesterday(a, 5_000n);
    await yesterday(b, 8_000n);
    await yesterday(c, 3_000n);
    await yesterday(d, 500n);
    await yesterday(trial, 50_000n);
    // Today: c leads with 40.00.
    await round(c, 4_000n);

    const now = await board(c);
    expect(now).toMatchObject({ enabled: true, which: 'current', period: 'daily', minBets: '10.00', prizes: ['30.00', '20.00'], ranked: 1, settledAt: null });
    expect(now.items).toEqual([{ rank: 1, username: names[c.id.toString()], bets: '40.00', prize: '30.00', me: true }]);
    expect(now.me).toEqual({ rank: 1, bets: '40.00', prize: '30.00', paid: false });

    // Before settlement, yesterday's table is computed live.
    const live = await board(a, 'previous');
    expect(live.settledAt).toBeNull();
    expect(live.items.map((r: { username: string; bets: string; prize: string | null; me: boolean }) => [r.username, r.bets, r.prize, r.me])).toEqual([
      [maskUsername(names[b.id.toString()]!), '80.00', '30.00', false],
      [names[a.id.toString()], '50.00', '20.00', true],
      [maskUsername(names[c.id.toString()]!), '30.00', null, false],
    ]);
    expect(live.me).toEqual({ rank: 2, bets: '50.00', prize: '20.00', paid: false });

    // Two runs at once (two nodes), then another: Lotus's day is settled once (Apsara's week is settled too, on its own).
    await Promise.all([h.app.missions.settleDue(), h.app.missions.settleDue()]);
    expect(await h.app.missions.settleDue()).toEqual({ settled: 0, paid: 0, failed: 0 });
    const lotusId = (await h.database.db.selectFrom('merchants').select('id').where('code', '=', 'LOTUS').executeTakeFirstOrThrow()).id;
    expect(await h.database.db.selectFrom('leaderboard_settlements').select(['kind', 'ranked']).where('merchant_id', '=', lotusId).execute()).toEqual([{ kind: 'daily', ranked: 3 }]);
    expect((await h.database.db.selectFrom('leaderboard_awards').select('rank').where('merchant_id', '=', lotusId).execute()).length).toBe(2);
    expect((await mainBalance(h, b.token, LOTUS)).balance).toBe('30.00');
    expect((await mainBalance(h, a.token, LOTUS)).balance).toBe('20.00');
    expect((await mainBalance(h, c.token, LOTUS)).balance).toBe('0.00');

    const settled = await board(a, 'previous');
    expect(settled.settledAt).toBeTruthy();
    expect(settled.me).toEqual({ rank: 2, bets: '50.00', prize: '20.00', paid: true });
    expect(settled.items).toHaveLength(3);
    expect((await board(d, 'previous')).me).toEqual({ rank: null, bets: '5.00', prize: null, paid: false });

    const history = (await call('GET', '/wps/relay/ODSFE2_MemTransDet?type=LEADERBOARD_PRIZE', b.token, undefined, LOTUS)).json().value.items;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amount: '30.00', detail: { kind: 'leaderboard', rank: 1, schedule: 'daily', period: live.window.key } });
    expect(await booksBalance(h)).toBe(true);

    // The relay names of spec §7 answer the same.
    const relay = await call('GET', '/wps/relay/MCSFE_getMissionLeaderboard?which=previous', a.token, undefined, LOTUS);
    expect(relay.json().value.me).toEqual(settled.me);
    expect((await call('GET', '/wps/relay/MCSFE_getMissionSummaryDetails', a.token, undefined, LOTUS)).json().value.enabled).toBe(true);
    expect((await call('GET', '/wps/missions/leaderboard?which=last', a.token, undefined, LOTUS)).json().code).toBe('VALIDATION_FAILED');

    // Operators see what was paid on their own site only.
    await h.addOperator('LOTUS', 'lotusfinance1', 'Finance-Pass-1', 'finance');
    const lotusOps = await h.opsLogin('lotusfinance1', 'Finance-Pass-1', LOTUS);
    const awards = (await call('GET', '/ops/leaderboard/awards', lotusOps, undefined, LOTUS)).json().value.items;
    expect(awards.map((x: { rank: number; amount: string; memberId: string }) => [x.rank, x.amount, x.memberId])).toEqual([[1, '30.00', b.id.toString()], [2, '20.00', a.id.toString()]]);
    const apsaraAwards = (await call('GET', '/ops/leaderboard/awards', ops)).json().value.items;
    expect(apsaraAwards.some((x: { memberId: string }) => [a.id, b.id].map(String).includes(x.memberId))).toBe(false);
    await h.setConfig('LOTUS', (cfg) => {
      cfg.missions = { enabled: false };
    });
  });
});

describe('missions in the back office', () => {
  it('creates missions with checked terms, lets only admins change them, and audits every change', async () => {
    const bad = [
      { code: 'x', period: 'daily', metric: 'bets', target: '10.00', reward: '1.00' },
      { code: fresh('b'), period: 'daily', metric: 'rounds', target: '1.5', reward: '1.00' },
      { code: fresh('b'), period: 'daily', metric: 'bets', target: '0', reward: '1.00' },
      { code: fresh('b'), period: 'daily', metric: 'bets', target: '10.001', reward: '1.00' },
      { code: fresh('b'), period: 'daily', metric: 'bets', target: '10.00', reward: '-1.00' },
      { code: fresh('b'), period: 'daily', metric: 'bets', target: '10.00', reward: '100000.01' },
      { code: fresh('b'), period: 'monthly', metric: 'bets', target: '10.00', reward: '1.00' },
      { code: fresh('b'), period: 'daily', metric: 'logins', target: '3', reward: '1.00' },
    ];
    const before = (await call('GET', '/ops/missions', ops)).json().value.items.length;
    for (const body of bad) {
      const res = await call('POST', '/ops/missions', ops, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await call('GET', '/ops/missions', ops)).json().value.items.length).toBe(before);

    const code = fresh('wk');
    const made = await call('POST', '/ops/missions', ops, { code, period: 'weekly', metric: 'wins', target: '20', reward: '5.00', sort: 5 });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().value).toMatchObject({ code, period: 'weekly', metric: 'wins', target: '20', reward: '5.00', sort: 5, active: true, claims: 0 });
    const dup = await call('POST', '/ops/missions', ops, { code, period: 'daily', metric: 'bets', target: '1.00', reward: '1.00' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('MISSION_CODE_TAKEN');
    expect((await call('PATCH', `/ops/missions/${made.json().value.id}`, ops, {})).json().code).toBe('VALIDATION_FAILED');
    expect((await call('PATCH', `/ops/missions/${made.json().value.id}`, ops, { reward: '9.00' })).json().code).toBe('VALIDATION_FAILED');
    expect((await call('PATCH', '/ops/missions/987654321', ops, { sort: 1 })).json().code).toBe('MISSION_NOT_FOUND');

    await h.addOperator('APSARA', 'questsupport1', 'Support-Pass-1', 'support');
    const support = (await call('POST', '/ops/session/login', undefined, { username: 'questsupport1', password: 'Support-Pass-1' })).json().value.token as string;
    expect((await call('GET', '/ops/missions', support)).statusCode).toBe(200);
    expect((await call('GET', '/ops/leaderboard/awards', support)).statusCode).toBe(200);
    expect((await call('POST', '/ops/missions', support, { code: fresh('s'), period: 'daily', metric: 'bets', target: '1.00', reward: '1.00' })).json().code).toBe('OPERATOR_FORBIDDEN');
    expect((await call('PATCH', `/ops/missions/${made.json().value.id}`, support, { active: false })).json().code).toBe('OPERATOR_FORBIDDEN');
    expect((await call('PATCH', `/ops/missions/${made.json().value.id}`, ops, { active: false, sort: 7 })).json().value).toMatchObject({ active: false, sort: 7 });

    const audit = await h.database.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('target_type', '=', 'mission').where('target_id', '=', made.json().value.id).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['mission.create', 'mission.update']);
    expect(audit[1]).toMatchObject({ before: { active: true, sort: 5 }, after: { active: false, sort: 7 } });
  });
});
