import { describe, expect, it } from 'vitest';
import { OPS_CONFIG_SECTIONS, type MissionsConfig, type OpsConfigSection, type OpsConfigValue, type PointsConfig, type VipConfig, type WithdrawalConfig } from '@apsara/contracts';
import { formPathOf, fromForm, normalMoney, settingsSchemas, toForm, type SettingsForms } from './settings';

const msg = (key: string, vars?: Record<string, string | number>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);
const schemas = settingsSchemas(msg);

/** A site's settings as GET /ops/config returns them (the Apsara seed's). */
const CONFIG: OpsConfigValue = {
  referral: { enabled: true, reward: '10.00', minDeposit: '50.00', minBets: '50.00' },
  missions: { enabled: true, minRoundStake: '1.00', leaderboard: { enabled: true, period: 'weekly', minBets: '100.00', prizes: ['188.00', '88.00', '58.00'], settleDelayMinutes: 15 } },
  vip: {
    enabled: true,
    levels: [
      { minBets: '1000.00', minDeposits: '100.00', upgradeBonus: '5.00' },
      { minBets: '5000.00', minDeposits: '500.00', upgradeBonus: '18.00' },
    ],
  },
  withdrawal: { min: '50.00', max: '20000.00', feeFixed: '0.00', feeBps: 0, confirmMinutes: 30, maxBankCards: 5, banks: ['ABA Bank', 'Wing Bank'] },
  points: {
    earn: {
      live: { perAmount: '10.00', points: 1 },
      lottery: { perAmount: '10.00', points: 1 },
      pvp: { perAmount: '10.00', points: 1 },
      rng: { perAmount: '10.00', points: 1 },
      sports: { perAmount: '10.00', points: 1 },
      deposit: { perAmount: '100.00', points: 5 },
    },
    convert: { enabled: true, pointsPerUnit: 10, min: '10.00', max: '10000.00' },
  },
  chat: {
    enabled: true,
    topics: ['deposit', 'withdrawal', 'account', 'games', 'promotions', 'other'],
    idleCloseHours: 24,
    hours: { en: '24/7', km: '24/7', cn: '全天候 24/7' },
    greeting: { en: 'Hello! Tell us how we can help.', km: 'សួស្ដី!', cn: '您好！' },
  },
};

const clone = <T>(v: T): T => structuredClone(v);

/** Changed settings, each with the section it belongs to: valid ones and ones the server refuses. */
const CASES: [string, OpsConfigSection, (c: OpsConfigValue) => void][] = [
  ['as loaded', 'referral', () => {}],
  ['referral off', 'referral', (c) => (c.referral.enabled = false)],
  ['referral reward zero', 'referral', (c) => (c.referral.reward = '0.00')],
  ['referral reward above the cap', 'referral', (c) => (c.referral.reward = '1000000.01')],
  ['referral three decimals', 'referral', (c) => (c.referral.minDeposit = '5.555')],
  ['referral negative', 'referral', (c) => (c.referral.minBets = '-5.00')],
  ['missions as loaded', 'missions', () => {}],
  ['no prizes', 'missions', (c) => (c.missions.leaderboard.prizes = [])],
  ['prizes rising down the ranks', 'missions', (c) => (c.missions.leaderboard.prizes = ['10.00', '20.00'])],
  ['a prize above 100000', 'missions', (c) => (c.missions.leaderboard.prizes = ['100000.01'])],
  ['twenty-one prizes', 'missions', (c) => (c.missions.leaderboard.prizes = Array.from({ length: 21 }, () => '1.00'))],
  ['settle delay of a day', 'missions', (c) => (c.missions.leaderboard.settleDelayMinutes = 1440)],
  ['settle delay over a day', 'missions', (c) => (c.missions.leaderboard.settleDelayMinutes = 1441)],
  ['daily board', 'missions', (c) => (c.missions.leaderboard.period = 'daily')],
  ['daily board settled 12 hours late', 'missions', (c) => (c.missions.leaderboard = { ...c.missions.leaderboard, period: 'daily', settleDelayMinutes: 720 })],
  ['daily board settled later', 'missions', (c) => (c.missions.leaderboard = { ...c.missions.leaderboard, period: 'daily', settleDelayMinutes: 721 })],
  ['weekly board settled a day late', 'missions', (c) => (c.missions.leaderboard.settleDelayMinutes = 1000)],
  ['round stake of a cent', 'missions', (c) => (c.missions.minRoundStake = '0.01')],
  ['round stake zero', 'missions', (c) => (c.missions.minRoundStake = '0.00')],
  ['vip as loaded', 'vip', () => {}],
  ['no ranks', 'vip', (c) => (c.vip.levels = [])],
  ['a rank asking less bets', 'vip', (c) => ((c.vip as VipConfig).levels[1].minBets = '999.99')],
  ['a rank asking less deposits', 'vip', (c) => ((c.vip as VipConfig).levels[1].minDeposits = '99.00')],
  ['equal ranks', 'vip', (c) => ((c.vip as VipConfig).levels[1] = { ...(c.vip as VipConfig).levels[0] })],
  ['a rank asking nothing', 'vip', (c) => ((c.vip as VipConfig).levels[0] = { minBets: '0.00', minDeposits: '0.00', upgradeBonus: '0.00' })],
  ['a bonus above 100000', 'vip', (c) => ((c.vip as VipConfig).levels[0].upgradeBonus = '100000.01')],
  ['eleven ranks', 'vip', (c) => (c.vip.levels = Array.from({ length: 11 }, (_, i) => ({ minBets: `${i + 1}.00`, minDeposits: '1.00', upgradeBonus: '0.00' })))],
  ['withdrawal as loaded', 'withdrawal', () => {}],
  ['min above max', 'withdrawal', (c) => ((c.withdrawal as WithdrawalConfig).min = '20000.01')],
  ['min equals max', 'withdrawal', (c) => ((c.withdrawal as WithdrawalConfig).min = '20000.00')],
  ['fee of 50 %', 'withdrawal', (c) => ((c.withdrawal as WithdrawalConfig).feeBps = 5000)],
  ['fee above 50 %', 'withdrawal', (c) => ((c.withdrawal as WithdrawalConfig).feeBps = 5001)],
  ['no confirm minutes', 'withdrawal', (c) => ((c.withdrawal as WithdrawalConfig).confirmMinutes = 0)],
  ['eleven cards', 'withdrawal', (c) => ((c.withdrawal as WithdrawalConfig).maxBankCards = 11)],
  ['an empty bank name', 'withdrawal', (c) => ((c.withdrawal as WithdrawalConfig).banks = ['ABA Bank', ''])],
  ['any bank', 'withdrawal', (c) => ((c.withdrawal as WithdrawalConfig).banks = [])],
  ['points as loaded', 'points', () => {}],
  ['earning nothing from live', 'points', (c) => ((c.points as PointsConfig).earn.live.points = 0)],
  ['per zero', 'points', (c) => ((c.points as PointsConfig).earn.rng.perAmount = '0.00')],
  ['convert min above max', 'points', (c) => ((c.points as PointsConfig).convert.min = '10000.01')],
  ['convert ratio zero', 'points', (c) => ((c.points as PointsConfig).convert.pointsPerUnit = 0)],
  ['convert off', 'points', (c) => ((c.points as PointsConfig).convert.enabled = false)],
  ['chat as loaded', 'chat', () => {}],
  ['chat off', 'chat', (c) => (c.chat.enabled = false)],
  ['chat with one topic', 'chat', (c) => (c.chat.topics = ['other'])],
  ['chat with no topic', 'chat', (c) => (c.chat.topics = [])],
  ['chat hours in English only', 'chat', (c) => (c.chat.hours = '09:00–21:00')],
  ['chat without hours or greeting', 'chat', (c) => (c.chat = { enabled: true, topics: ['deposit'], idleCloseHours: 24 })],
  ['chat greeting too long', 'chat', (c) => (c.chat.greeting = 'x'.repeat(301))],
  ['chat hours too long', 'chat', (c) => (c.chat.hours = { en: 'x'.repeat(81) })],
  ['chat closes after an hour', 'chat', (c) => (c.chat.idleCloseHours = 1)],
  ['chat closes after a week', 'chat', (c) => (c.chat.idleCloseHours = 168)],
  ['chat never closes', 'chat', (c) => (c.chat.idleCloseHours = 169)],
  ['chat closes at once', 'chat', (c) => (c.chat.idleCloseHours = 0)],
];

describe('settings forms', () => {
  it('round-trips every section through its form unchanged', () => {
    for (const section of Object.keys(CONFIG) as OpsConfigSection[]) {
      const back = (fromForm[section] as (f: unknown) => unknown)((toForm[section] as (c: unknown) => unknown)(CONFIG[section]));
      expect(back, section).toEqual(CONFIG[section]);
    }
  });

  it.each(CASES)('judges "%s" as the server does', (_, section, change) => {
    const config = clone(CONFIG);
    change(config);
    const server = OPS_CONFIG_SECTIONS[section].safeParse(config[section]).success;
    const form = schemas[section].safeParse((toForm[section] as (c: unknown) => SettingsForms[typeof section])(config[section])).success;
    expect(form).toBe(server);
  });

  it('names the field a broken rule is on', () => {
    const config = clone(CONFIG);
    (config.vip as VipConfig).levels[1].minBets = '10.00';
    const vip = schemas.vip.safeParse(toForm.vip(config.vip));
    expect(vip.success).toBe(false);
    expect(vip.error?.issues.map((i) => i.path.join('.'))).toEqual(['levels.1.minBets']);
    expect(vip.error?.issues[0].message).toBe('rank_order');

    (config.missions as MissionsConfig).leaderboard.prizes = ['5.00', '6.00'];
    const missions = schemas.missions.safeParse(toForm.missions(config.missions));
    expect(missions.error?.issues.map((i) => i.path.join('.'))).toEqual(['leaderboard.prizes.1.amount']);
  });

  it('sends amounts with two places', () => {
    expect(normalMoney('10')).toBe('10.00');
    expect(normalMoney(' 7.5 ')).toBe('7.50');
    const form = toForm.referral(CONFIG.referral);
    expect(fromForm.referral({ ...form, reward: '12' }).reward).toBe('12.00');
  });

  it("puts the server's field errors on the form's fields", () => {
    expect(formPathOf('vip', 'vip.levels.1.upgradeBonus')).toBe('levels.1.upgradeBonus');
    expect(formPathOf('vip', 'vip.levels')).toBe('levels');
    expect(formPathOf('withdrawal', 'withdrawal')).toBe('max');
    expect(formPathOf('withdrawal', 'withdrawal.banks.1')).toBe('banks.1.name');
    expect(formPathOf('points', 'points.convert')).toBe('convert.max');
    expect(formPathOf('missions', 'missions.leaderboard.prizes.0')).toBe('leaderboard.prizes.0.amount');
    expect(formPathOf('referral', 'referral')).toBe('root');
  });

  it('keeps chat topics in the portal order and leaves out texts nobody wrote', () => {
    const form = toForm.chat(CONFIG.chat);
    const body = fromForm.chat({ ...form, topics: { ...form.topics, deposit: false }, hours: { en: '', km: '', cn: '' }, greeting: { en: ' Hi ', km: '', cn: '' } });
    expect(body).toEqual({ enabled: true, topics: ['withdrawal', 'account', 'games', 'promotions', 'other'], greeting: 'Hi', idleCloseHours: 24 });
    const khmerOnly = schemas.chat.safeParse({ ...form, greeting: { en: '', km: 'សួស្ដី', cn: '' } });
    expect(khmerOnly.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['greeting.en', 'english_first']]);
  });
});
