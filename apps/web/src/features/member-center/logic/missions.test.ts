import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { LeaderboardValue, Mission, MissionSummaryValue } from '@apsara/contracts';
import cn from '../../../locales/cn/member.json';
import en from '../../../locales/en/member.json';
import km from '../../../locales/km/member.json';
import {
  boardLabelKey,
  boardStatus,
  boardWhichOf,
  clockOffset,
  countdownText,
  countdownTo,
  goTarget,
  missionAction,
  missionTabOf,
  missionTitle,
  missionsOf,
  myStanding,
  periodTally,
  prizeRows,
  progressPercent,
  progressText,
  splitBoard,
  withClaim,
  type Translate,
} from './missions';

const tOf = async (lng: string): Promise<Translate> => {
  const i = i18next.createInstance();
  await i.init({ resources: { en: { member: en }, cn: { member: cn }, km: { member: km } }, lng, ns: ['member'], defaultNS: 'member', interpolation: { escapeValue: false } });
  const t = i.getFixedT(lng, 'member');
  return (key, vars) => String(t(key as never, vars as never));
};

const mission = (over: Partial<Mission> = {}): Mission => ({
  id: 'm1',
  period: 'daily',
  metric: 'bets',
  target: '200.00',
  progress: '0.00',
  reward: '2.00',
  state: 'in_progress',
  claimedAt: null,
  ...over,
});

describe('the address of the page', () => {
  it('opens the missions unless it names the leaderboard; the current table unless it names the previous one', () => {
    expect(missionTabOf('leaderboard')).toBe('leaderboard');
    expect(missionTabOf('missions')).toBe('missions');
    expect(missionTabOf(null)).toBe('missions');
    expect(missionTabOf('Leaderboard')).toBe('missions');
    expect(boardWhichOf('previous')).toBe('previous');
    expect(boardWhichOf('current')).toBe('current');
    expect(boardWhichOf(undefined)).toBe('current');
    expect(boardWhichOf('last')).toBe('current');
  });
});

describe('missionTitle: what a mission asks, in words', () => {
  it('says it in English with the currency symbol on money and the plural on counts', async () => {
    const t = await tOf('en');
    expect(missionTitle(mission(), '$', t)).toBe('Bet $200.00 today');
    expect(missionTitle(mission({ metric: 'rounds', target: '30', period: 'weekly' }), '$', t)).toBe('Play 30 rounds this week');
    expect(missionTitle(mission({ metric: 'rounds', target: '1' }), '$', t)).toBe('Play 1 round today');
    expect(missionTitle(mission({ metric: 'wins', target: '5' }), '$', t)).toBe('Win 5 rounds today');
    expect(missionTitle(mission({ metric: 'deposits', target: '100.00', period: 'weekly' }), '$', t)).toBe('Deposit and play $100.00 this week');
    expect(missionTitle(mission({ target: '12500.00' }), '៛', t)).toBe('Bet ៛12,500.00 today');
    expect(missionTitle(mission({ metric: 'rounds', target: '1500' }), '$', t)).toBe('Play 1,500 rounds today');
  });

  it('has a title for every metric and period in Khmer and Chinese, with the amount or count in it', async () => {
    const english = await tOf('en');
    for (const lng of ['km', 'cn']) {
      const t = await tOf(lng);
      for (const metric of ['bets', 'rounds', 'wins', 'deposits'] as const) {
        for (const period of ['daily', 'weekly'] as const) {
          const m = mission({ metric, period, target: metric === 'bets' || metric === 'deposits' ? '100.00' : '30' });
          const text = missionTitle(m, '$', t);
          expect(text, `${lng} ${metric} ${period}`).not.toMatch(/missions\.|\{\{/);
          expect(text).not.toBe(missionTitle(m, '$', english));
          expect(text).toContain(metric === 'bets' || metric === 'deposits' ? '$100.00' : '30');
        }
      }
    }
    expect(missionTitle(mission({ metric: 'rounds', target: '30' }), '$', await tOf('cn'))).toBe('今日游戏 30 局');
    expect(missionTitle(mission({ period: 'weekly' }), '$', await tOf('km'))).toBe('ភ្នាល់ $200.00 សប្តាហ៍នេះ');
  });
});

describe('progress', () => {
  it('is the share of the target reached, rounded down, money by its cents and counts as they are', () => {
    expect(progressPercent(mission({ progress: '0.00' }))).toBe(0);
    expect(progressPercent(mission({ progress: '120.00' }))).toBe(60);
    // 199.99 of 200.00 is not shown as done.
    expect(progressPercent(mission({ progress: '199.99' }))).toBe(99);
    expect(progressPercent(mission({ progress: '0.01', target: '1000.00' }))).toBe(0);
    expect(progressPercent(mission({ metric: 'rounds', target: '30', progress: '7' }))).toBe(23);
    expect(progressPercent(mission({ metric: 'rounds', target: '30', progress: '30' }))).toBe(100);
  });

  it('is full once the mission is reached or claimed, and never breaks on odd input', () => {
    expect(progressPercent(mission({ progress: '200.00', state: 'claimable' }))).toBe(100);
    expect(progressPercent(mission({ progress: '200.00', state: 'claimed', claimedAt: '2025-03-03T10:00:00.000Z' }))).toBe(100);
    expect(progressPercent(mission({ target: '0.00' }))).toBe(0);
    expect(progressPercent(mission({ metric: 'wins', target: 'x', progress: '3' }))).toBe(0);
  });

  it('reads "progress / target" in the unit of the metric', () => {
    expect(progressText(mission({ progress: '120.00' }), '$')).toBe('$120.00 / $200.00');
    expect(progressText(mission({ metric: 'deposits', progress: '1500.00', target: '2000.00' }), '៛')).toBe('៛1,500.00 / ៛2,000.00');
    expect(progressText(mission({ metric: 'rounds', progress: '12', target: '30' }), '$')).toBe('12 / 30');
    expect(progressText(mission({ metric: 'wins', progress: '1200', target: '5000' }), '$')).toBe('1,200 / 5,000');
  });
});

describe("a mission's action by its state", () => {
  it('leads to play or to deposit while in progress, claims once reached, shows the time once claimed', () => {
    expect(missionAction(mission())).toEqual({ kind: 'go', to: '/' });
    expect(missionAction(mission({ metric: 'rounds' }))).toEqual({ kind: 'go', to: '/' });
    expect(missionAction(mission({ metric: 'wins' }))).toEqual({ kind: 'go', to: '/' });
    expect(missionAction(mission({ metric: 'deposits' }))).toEqual({ kind: 'go', to: '/member/depositv2' });
    expect(missionAction(mission({ state: 'claimable' }))).toEqual({ kind: 'claim' });
    expect(missionAction(mission({ state: 'claimed', claimedAt: '2025-03-03T10:00:00.000Z' }))).toEqual({ kind: 'done', at: '2025-03-03T10:00:00.000Z' });
    expect(goTarget('deposits')).toBe('/member/depositv2');
    expect(goTarget('bets')).toBe('/');
  });
});

describe('the missions of a period', () => {
  const items = [
    mission({ id: 'a' }),
    mission({ id: 'b', period: 'weekly', state: 'claimed' }),
    mission({ id: 'c', state: 'claimable' }),
    mission({ id: 'd', state: 'claimed' }),
  ];
  it("keeps the site's order and counts what is done", () => {
    expect(missionsOf(items, 'daily').map((m) => m.id)).toEqual(['a', 'c', 'd']);
    expect(missionsOf(items, 'weekly').map((m) => m.id)).toEqual(['b']);
    expect(periodTally(missionsOf(items, 'daily'))).toEqual({ claimed: 1, total: 3 });
    expect(periodTally([])).toEqual({ claimed: 0, total: 0 });
  });
});

describe('withClaim: the summary after a claim', () => {
  const summary: MissionSummaryValue = {
    enabled: true,
    currencySymbol: '$',
    serverTime: '2025-03-03T10:00:00.000Z',
    daily: { key: '2025-03-03', start: '2025-03-02T17:00:00.000Z', end: '2025-03-03T17:00:00.000Z' },
    weekly: { key: '2025-03-03', start: '2025-03-02T17:00:00.000Z', end: '2025-03-09T17:00:00.000Z' },
    items: [mission({ id: 'a', state: 'claimable', progress: '200.00' }), mission({ id: 'b', metric: 'rounds', target: '30', progress: '30', state: 'claimable' })],
    claimable: 2,
    earned: '10.50',
    minRoundStake: '1.00',
  };
  const claimed = mission({ id: 'a', state: 'claimed', progress: '200.00', claimedAt: '2025-03-03T10:00:01.000Z' });

  it('puts the claimed mission in place, lowers the badge count and adds the reward to what was earned', () => {
    const next = withClaim(summary, { mission: claimed, amount: '2.00', replayed: false });
    expect(next.items.map((m) => [m.id, m.state])).toEqual([
      ['a', 'claimed'],
      ['b', 'claimable'],
    ]);
    expect(next.claimable).toBe(1);
    expect(next.earned).toBe('12.50');
    expect(summary.items[0].state).toBe('claimable');
  });

  it('adds nothing for a repeated claim, whether the answer says so or the list already had it claimed', () => {
    expect(withClaim(summary, { mission: claimed, amount: '2.00', replayed: true }).earned).toBe('10.50');
    const after = withClaim(summary, { mission: claimed, amount: '2.00', replayed: false });
    expect(withClaim(after, { mission: claimed, amount: '2.00', replayed: false }).earned).toBe('12.50');
  });
});

describe('countdowns on the server clock', () => {
  it("measures the device clock's offset from the server's time", () => {
    const received = Date.parse('2025-03-03T10:00:05.000Z');
    expect(clockOffset('2025-03-03T10:00:00.000Z', received)).toBe(-5000);
    expect(clockOffset('2025-03-03T10:00:07.500Z', received)).toBe(2500);
    expect(clockOffset('not a time', received)).toBe(0);
    expect(clockOffset('2025-03-03T10:00:00.000Z', 0)).toBe(0);
  });

  it('counts to the end in whole seconds, rounding up, and stops at zero', () => {
    const end = '2025-03-03T17:00:00.000Z';
    const at = (iso: string) => Date.parse(iso);
    expect(countdownTo(end, at('2025-03-03T10:00:00.000Z'))).toEqual({ days: 0, hours: 7, minutes: 0, seconds: 0, done: false });
    expect(countdownTo(end, at('2025-03-03T16:59:59.200Z'))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, done: false });
    expect(countdownTo(end, at('2025-03-03T17:00:00.000Z'))).toMatchObject({ seconds: 0, done: true });
    expect(countdownTo(end, at('2025-03-03T18:00:00.000Z'))).toMatchObject({ hours: 0, done: true });
    expect(countdownTo('2025-03-09T17:00:00.000Z', at('2025-03-05T11:58:30.000Z'))).toEqual({ days: 4, hours: 5, minutes: 1, seconds: 30, done: false });
    expect(countdownTo('garbage', 0).done).toBe(true);
  });

  it('shows hh:mm:ss, with the days in words before it', async () => {
    const t = await tOf('en');
    expect(countdownText({ days: 0, hours: 5, minutes: 7, seconds: 9, done: false }, t)).toBe('05:07:09');
    expect(countdownText({ days: 1, hours: 0, minutes: 0, seconds: 0, done: false }, t)).toBe('1 day 00:00:00');
    expect(countdownText({ days: 4, hours: 23, minutes: 59, seconds: 59, done: false }, t)).toBe('4 days 23:59:59');
    expect(countdownText({ days: 3, hours: 1, minutes: 2, seconds: 3, done: false }, await tOf('cn'))).toBe('3天 01:02:03');
    expect(countdownText({ days: 3, hours: 1, minutes: 2, seconds: 3, done: false }, await tOf('km'))).toBe('3 ថ្ងៃ 01:02:03');
  });

  it('a device clock that runs fast does not end the day early', () => {
    const end = '2025-03-03T17:00:00.000Z';
    // The device reads 16:59:00 while the server said 16:58:00 at that moment: a minute fast.
    const device = Date.parse('2025-03-03T16:59:00.000Z');
    const offset = clockOffset('2025-03-03T16:58:00.000Z', device);
    expect(countdownTo(end, device + offset)).toMatchObject({ minutes: 2, done: false });
  });
});

describe('the leaderboard', () => {
  const row = (rank: number, me = false) => ({ rank, username: me ? 'player7' : `pl***${rank}`, bets: `${1000 - rank}.00`, prize: rank <= 3 ? '10.00' : null, me });
  const board = (over: Partial<LeaderboardValue> = {}): LeaderboardValue => ({
    enabled: true,
    which: 'current',
    period: 'weekly',
    window: { key: '2025-03-03', start: '2025-03-02T17:00:00.000Z', end: '2025-03-09T17:00:00.000Z' },
    currencySymbol: '$',
    serverTime: '2025-03-05T10:00:00.000Z',
    minBets: '100.00',
    prizes: ['50.00', '20.00', '10.00'],
    items: [],
    ranked: 0,
    me: { rank: null, bets: '40.00', prize: null, paid: false },
    settledAt: null,
    asOf: '2025-03-05T09:59:50.000Z',
    ...over,
  });

  it('puts ranks 1–3 on the podium and the rest in the table, best first', () => {
    const { podium, rest } = splitBoard([row(5), row(2), row(1), row(4, true), row(3)]);
    expect(podium.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(rest.map((r) => r.rank)).toEqual([4, 5]);
    expect(rest[0].me).toBe(true);
    expect(splitBoard([row(1)])).toEqual({ podium: [row(1)], rest: [] });
    expect(splitBoard([])).toEqual({ podium: [], rest: [] });
  });

  it('names the two tables by the period', () => {
    expect(boardLabelKey('weekly', 'current')).toBe('missions.board.weekly_current');
    expect(boardLabelKey('daily', 'previous')).toBe('missions.board.daily_previous');
    expect(en.missions.board.weekly_previous).toBe('Last week');
    expect(en.missions.board.daily_previous).toBe('Yesterday');
  });

  it('lists the prize of each rank', () => {
    expect(prizeRows(['50.00', '20.00'])).toEqual([
      { rank: 1, amount: '50.00' },
      { rank: 2, amount: '20.00' },
    ]);
    expect(prizeRows([])).toEqual([]);
  });

  it('counts the running period down, and says whether the last one is paid', () => {
    expect(boardStatus(board())).toEqual({ kind: 'live', end: '2025-03-09T17:00:00.000Z' });
    expect(boardStatus(board({ which: 'previous' }))).toEqual({ kind: 'settling' });
    expect(boardStatus(board({ which: 'previous', settledAt: '2025-03-10T17:15:00.000Z' }))).toEqual({ kind: 'paid', at: '2025-03-10T17:15:00.000Z' });
  });

  it("tells the member their rank, or what they still need to bet to enter", () => {
    expect(myStanding(board())).toEqual({ kind: 'unranked', needed: '60.00' });
    // Past the minimum but not yet in the table (it is up to 30 s old): nothing more to bet.
    expect(myStanding(board({ me: { rank: null, bets: '150.00', prize: null, paid: false } }))).toEqual({ kind: 'unranked', needed: '0.00' });
    expect(myStanding(board({ which: 'previous' }))).toEqual({ kind: 'unranked', needed: null });
    expect(myStanding(board({ me: { rank: 2, bets: '900.00', prize: '20.00', paid: false } }))).toEqual({ kind: 'ranked', rank: 2, prize: '20.00', paid: false });
    expect(myStanding(board({ which: 'previous', me: { rank: 1, bets: '999.00', prize: '50.00', paid: true } }))).toEqual({ kind: 'ranked', rank: 1, prize: '50.00', paid: true });
    expect(myStanding(board({ me: { rank: 12, bets: '300.00', prize: null, paid: false } }))).toEqual({ kind: 'ranked', rank: 12, prize: null, paid: false });
  });
});
