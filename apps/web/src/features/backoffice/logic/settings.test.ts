import { describe, expect, it } from 'vitest';
import { OPS_CONFIG_SECTIONS, type LotteryLimitsConfig, type MissionsConfig, type OpsConfigSection, type OpsConfigValue, type PointsConfig, type VipConfig, type WithdrawalConfig } from '@apsara/contracts';
import { formPathOf, fromForm, groupedVars, inheritedRankRates, normalMoney, type SettingsForms, settingsSchemas, toForm } from './settings';

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
  maintenance: { active: false, message: { en: 'Back at six', cn: '六点恢复' }, until: '2026-12-31T18:00:00.000Z' },
  flags: { USERNAMEREG3: true, MOBILENUMREG3: false, MOBILENUMPASSREG3: false, REGMOBVERF3: false, FREEPLAY3: true, PWDEXPFORCECHANGE3: true, MOBILEVERCODELOGIN3: false, AGENTPOLICY3: true, PTSYS3: true, MANPLAYREB3: true },
  register: { fields: { qqNum: { enabled: true, required: true }, line: { enabled: true, acceptedPattern: '^[a-z0-9._-]+$' } }, minAge: 18, termsDefaultChecked: true, affiliateRequired: false },
  security: { captchaAfterFailures: 3, lockAfterFailures: 5, lockMinutes: 5, passwordMaxAgeDays: 0 },
  signupBonus: { maxAmount: '131.00' },
  sms: { expiredMinutes: 1 },
  blockedCidrs: ['203.0.113.0/24', '2001:db8::/32'],
  contractKinds: { dividend: true, daily: true, hourly: false, realtime: true },
  loginCheck: { newAddress: true },
  dialingCodes: { countries: ['KH', 'VN', 'TH'] },
  rebate: { rates: { live: 30, lottery: 20, pvp: 30, rng: 55, sports: 0 }, minClaim: '1.00', windowDays: 7 },
  lottery: { maxPayoutPerNumber: '200000.00', byKind: { de2: '50000.00' } },
};

type Rules = OpsConfigValue['register']['fields'];
const withRule = (c: OpsConfigValue, field: keyof Rules, rule: Rules[keyof Rules]) => (c.register = { ...c.register, fields: { ...c.register.fields, [field]: rule } });

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
  ['maintenance as loaded', 'maintenance', () => {}],
  ['maintenance on, plain message, no end', 'maintenance', (c) => (c.maintenance = { active: true, message: 'Upgrading', until: null })],
  ['maintenance message without English', 'maintenance', (c) => (c.maintenance.message = { en: '', km: 'ថែទាំ' } as never)],
  ['maintenance message too long', 'maintenance', (c) => (c.maintenance.message = 'x'.repeat(301))],
  ['flags as loaded', 'flags', () => {}],
  ['every flag off', 'flags', (c) => (c.flags = Object.fromEntries(Object.keys(c.flags).map((f) => [f, false])) as never)],
  ['register as loaded', 'register', () => {}],
  ['register min above max', 'register', (c) => withRule(c, 'qqNum', { minLength: 13, maxLength: 12 })],
  ['register required but hidden', 'register', (c) => withRule(c, 'wechat', { enabled: false, required: true })],
  ['register broken regex', 'register', (c) => withRule(c, 'email', { acceptedPattern: '^[a-z' })],
  ['register catastrophic regex', 'register', (c) => withRule(c, 'email', { acceptedPattern: '^(a+)+$' })],
  ['register anything goes', 'register', (c) => withRule(c, 'line', { acceptedPattern: '*' })],
  ['register max length 256', 'register', (c) => withRule(c, 'email', { maxLength: 256 })],
  ['register age 17', 'register', (c) => (c.register.minAge = 17)],
  ['register age 99', 'register', (c) => (c.register.minAge = 99)],
  ['register age 100', 'register', (c) => (c.register.minAge = 100)],
  ['security as loaded', 'security', () => {}],
  ['lock before captcha', 'security', (c) => (c.security = { ...c.security, captchaAfterFailures: 6, lockAfterFailures: 5 })],
  ['lock with captcha', 'security', (c) => (c.security = { ...c.security, captchaAfterFailures: 5, lockAfterFailures: 5 })],
  ['lock for no minutes', 'security', (c) => (c.security.lockMinutes = 0)],
  ['passwords expire after ten years', 'security', (c) => (c.security.passwordMaxAgeDays = 3650)],
  ['no sign-up bonus', 'signupBonus', (c) => (c.signupBonus = null)],
  ['sign-up bonus zero', 'signupBonus', (c) => (c.signupBonus = { maxAmount: '0.00' })],
  ['sign-up bonus three places', 'signupBonus', (c) => (c.signupBonus = { maxAmount: '1.005' })],
  ['sms half an hour', 'sms', (c) => (c.sms.expiredMinutes = 30)],
  ['sms over half an hour', 'sms', (c) => (c.sms.expiredMinutes = 31)],
  ['no blocked ranges', 'blockedCidrs', (c) => (c.blockedCidrs = [])],
  ['blocking everything', 'blockedCidrs', (c) => (c.blockedCidrs = ['0.0.0.0/0'])],
  ['blocking every IPv6 address', 'blockedCidrs', (c) => (c.blockedCidrs = ['::/0'])],
  ['a range twice', 'blockedCidrs', (c) => (c.blockedCidrs = ['10.0.0.0/8', '10.0.0.0/8'])],
  ['host bits set', 'blockedCidrs', (c) => (c.blockedCidrs = ['10.0.0.1/8'])],
  ['not a range', 'blockedCidrs', (c) => (c.blockedCidrs = ['example.com'])],
  ['rebate rate at the cap', 'rebate', (c) => (c.rebate.rates.rng = 300)],
  ['rebate rate above the cap', 'rebate', (c) => (c.rebate.rates.rng = 301)],
  ['a rank rate at the cap', 'rebate', (c) => (c.rebate.vipRates = [{}, { rng: 300 }])],
  ['a rank rate above the cap', 'rebate', (c) => (c.rebate.vipRates = [{}, { rng: 301 }])],
  ['a rank rate of nothing', 'rebate', (c) => (c.rebate.vipRates = [{ live: 0, sports: 0 }])],
  ['ranks rising', 'rebate', (c) => (c.rebate.vipRates = [{ rng: 60 }, { rng: 80, live: 40 }])],
  ['a rank under the rank below', 'rebate', (c) => (c.rebate.vipRates = [{ rng: 80 }, { rng: 70 }])],
  ['a rank left empty after a raise', 'rebate', (c) => (c.rebate.vipRates = [{ rng: 80 }, {}])],
  ['a rank under a raise two ranks below', 'rebate', (c) => (c.rebate.vipRates = [{ rng: 80 }, {}, { rng: 60 }])],
  ['rates for ten ranks', 'rebate', (c) => (c.rebate.vipRates = Array.from({ length: 10 }, () => ({ rng: 60 })))],
  ['rates for eleven ranks', 'rebate', (c) => (c.rebate.vipRates = Array.from({ length: 11 }, () => ({ rng: 60 })))],
  ['rebate minimum zero', 'rebate', (c) => (c.rebate.minClaim = '0.00')],
  ['rebate minimum above the cap', 'rebate', (c) => (c.rebate.minClaim = '10000.01')],
  ['rebate window of a day', 'rebate', (c) => (c.rebate.windowDays = 1)],
  ['rebate window too long', 'rebate', (c) => (c.rebate.windowDays = 91)],
  ['lottery limit of a cent', 'lottery', (c) => (c.lottery.maxPayoutPerNumber = '0.01')],
  ['lottery limit zero', 'lottery', (c) => (c.lottery.maxPayoutPerNumber = '0.00')],
  ['lottery limit at the cap', 'lottery', (c) => (c.lottery.maxPayoutPerNumber = '1000000000.00')],
  ['lottery limit above the cap', 'lottery', (c) => (c.lottery.maxPayoutPerNumber = '1000000000.01')],
  ['lottery limit with three places', 'lottery', (c) => (c.lottery.maxPayoutPerNumber = '5.001')],
  ['a kind held to its own limit', 'lottery', (c) => (c.lottery.byKind = { de2: '20000.00', cang3: '5000.00' })],
  ['a kind limit of zero', 'lottery', (c) => (c.lottery.byKind = { de2: '0.00' })],
  ['a kind limit above the cap', 'lottery', (c) => (c.lottery.byKind = { cang3: '1000000000.01' })],
  ['a kind limit with three places', 'lottery', (c) => (c.lottery.byKind = { lo2: '10.005' })],
  ['one country', 'dialingCodes', (c) => (c.dialingCodes = { countries: ['TH'] })],
  ['no country', 'dialingCodes', (c) => (c.dialingCodes = { countries: [] })],
  ['a country twice', 'dialingCodes', (c) => (c.dialingCodes = { countries: ['TH', 'KH', 'TH'] })],
  ['sixty-one countries', 'dialingCodes', (c) => (c.dialingCodes = { countries: Array.from({ length: 61 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26))) })],
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

  it('puts a rank set lower than the rank below is paid on its cell, with the least it may pay', () => {
    // VIP2 is empty: it is paid VIP1's 0.80 %.
    const form = toForm.rebate({ ...CONFIG.rebate, vipRates: [{ rng: 80 }, {}, { live: 0, rng: 70 }] }, 3);
    const said = schemas.rebate.safeParse(form).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(said).toEqual([
      ['vipRates.2.live', `rank_rate_below {"rank":"VIP2","percent":"${(CONFIG.rebate.rates.live / 100).toFixed(2)}"}`],
      ['vipRates.2.rng', 'rank_rate_below {"rank":"VIP2","percent":"0.80"}'],
    ]);
    const first = toForm.rebate({ ...CONFIG.rebate, vipRates: [{ live: 0 }] }, 1);
    expect(schemas.rebate.safeParse(first).error?.issues.map((i) => i.message)).toEqual([`rank_rate_below_site {"percent":"${(CONFIG.rebate.rates.live / 100).toFixed(2)}"}`]);
  });

  it('shows each empty rank cell the rate of the nearest filled rank below, else the site\'s', () => {
    const site = { live: '0.30', lottery: '0.20', pvp: '0.30', rng: '0.55', sports: '0.00' };
    const empty = { live: '', lottery: '', pvp: '', rng: '', sports: '' };
    const shown = inheritedRankRates(site, [{ ...empty, rng: '0.80' }, empty, { ...empty, live: ' 0.40 ' }]);
    expect(shown).toEqual([site, { ...site, rng: '0.80' }, { ...site, rng: '0.80' }]);
    expect(inheritedRankRates(site, [])).toEqual([]);
  });

  it("words a kind's lottery limit by its own rule, and takes an empty one as the site's", () => {
    const form = toForm.lottery(CONFIG.lottery as LotteryLimitsConfig);
    const said = (v: string) => schemas.lottery.safeParse({ ...form, byKind: { ...form.byKind, cang3: v } }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(said('0')).toEqual([['byKind.cang3', 'positive']]);
    expect(said('1.001')).toEqual([['byKind.cang3', 'amount_format']]);
    expect(said('1000000000.01')).toEqual([['byKind.cang3', 'at_most {"max":"1000000000.00"}']]);
    expect(said('  ')).toBeUndefined();
    expect(fromForm.lottery({ ...form, byKind: { ...form.byKind, cang3: ' 5 ' } }).byKind).toEqual({ de2: '50000.00', cang3: '5.00' });
  });

  it('groups the figures a rule names, as people read them', () => {
    expect(groupedVars({ max: '1000000.00', min: 1, days: 3650, percent: '3.00', rank: 'VIP2', big: '10000' })).toEqual({ max: '1,000,000.00', min: '1', days: '3,650', percent: '3.00', rank: 'VIP2', big: '10,000' });
    expect(groupedVars(undefined)).toBeUndefined();
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
    expect(formPathOf('register', 'register.fields.qqNum.maxLength')).toBe('fields.qqNum.maxLength');
    expect(formPathOf('flags', 'flags.REGMOBVERF3')).toBe('REGMOBVERF3');
    expect(formPathOf('blockedCidrs', 'blockedCidrs.2')).toBe('ranges.2.cidr');
    expect(formPathOf('blockedCidrs', 'blockedCidrs')).toBe('ranges');
    expect(formPathOf('signupBonus', 'signupBonus.maxAmount')).toBe('maxAmount');
    expect(formPathOf('maintenance', 'maintenance.until')).toBe('until');
    expect(formPathOf('dialingCodes', 'dialingCodes.countries.1')).toBe('countries.1.code');
    expect(formPathOf('dialingCodes', 'dialingCodes.countries')).toBe('countries');
  });

  it('keeps chat topics in the portal order and leaves out texts nobody wrote', () => {
    const form = toForm.chat(CONFIG.chat);
    const body = fromForm.chat({ ...form, topics: { ...form.topics, deposit: false }, hours: { en: '', km: '', cn: '' }, greeting: { en: ' Hi ', km: '', cn: '' } });
    expect(body).toEqual({ enabled: true, topics: ['withdrawal', 'account', 'games', 'promotions', 'other'], greeting: 'Hi', idleCloseHours: 24 });
    const khmerOnly = schemas.chat.safeParse({ ...form, greeting: { en: '', km: 'សួស្ដី', cn: '' } });
    expect(khmerOnly.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['greeting.en', 'english_first']]);
  });

  it('stores only the registration rules that differ from the catalogue, and never hides username or password', () => {
    const form = toForm.register(CONFIG.register);
    expect(form.fields.username).toMatchObject({ enabled: true, required: true, minLength: '4', maxLength: '16', patternId: 'LETTER_FIRST_ALNUM' });
    const body = fromForm.register({
      ...form,
      fields: { ...form.fields, qqNum: { ...form.fields.qqNum, enabled: false, required: false }, email: { ...form.fields.email, maxLength: '100' }, username: { ...form.fields.username, enabled: false, minLength: '5' } },
    });
    expect(body.fields).toEqual({ line: { enabled: true, acceptedPattern: '^[a-z0-9._-]+$' }, email: { maxLength: 100 }, username: { minLength: 5 } });
  });

  it('turns the bonus off as null, and the maintenance end between local time and UTC', () => {
    expect(fromForm.signupBonus({ enabled: false, maxAmount: '50' })).toBeNull();
    expect(fromForm.signupBonus({ enabled: true, maxAmount: '50' })).toEqual({ maxAmount: '50.00' });
    expect(schemas.signupBonus.safeParse({ enabled: false, maxAmount: '' }).success).toBe(true);
    const form = toForm.maintenance(CONFIG.maintenance);
    expect(form.until).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromForm.maintenance(form).until).toBe('2026-12-31T18:00:00.000Z');
    expect(fromForm.maintenance({ ...form, until: '' }).until).toBeNull();
    expect(schemas.maintenance.safeParse({ ...form, until: 'soon' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['until']);
  });

  it('names the blocked range that is wrong, and why', () => {
    const r = schemas.blockedCidrs.safeParse({ ranges: [{ cidr: '10.0.0.0/8' }, { cidr: '0.0.0.0/0' }, { cidr: '10.0.0.0/8' }, { cidr: '10.0.0.1/8' }] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ranges.1.cidr', 'cidr_everything'],
      ['ranges.3.cidr', 'cidr_host_bits'],
      ['ranges.2.cidr', 'cidr_duplicate'],
    ]);
  });

  it('keeps the countries in the order set, the first the default, and names the repeated one', () => {
    expect(fromForm.dialingCodes({ countries: [{ code: 'TH' }, { code: 'KH' }] })).toEqual({ countries: ['TH', 'KH'] });
    const r = schemas.dialingCodes.safeParse({ countries: [{ code: 'TH' }, { code: 'KH' }, { code: 'TH' }] });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['countries.2.code', 'country_duplicate']]);
    expect(schemas.dialingCodes.safeParse({ countries: [] }).error?.issues[0].message).toBe('countries_required');
  });

  it('shows rebate rates as percentages and sends them as basis points', () => {
    const form = toForm.rebate(CONFIG.rebate);
    expect(form.rates).toEqual({ live: '0.30', lottery: '0.20', pvp: '0.30', rng: '0.55', sports: '0.00' });
    expect(fromForm.rebate({ ...form, rates: { ...form.rates, rng: '1.5', live: ' 2 ' }, minClaim: '3' }).rates).toMatchObject({ rng: 150, live: 200 });
    expect(fromForm.rebate({ ...form, rates: { ...form.rates, rng: '.5', live: '1.' } }).rates).toMatchObject({ rng: 50, live: 100 });
    expect(schemas.rebate.safeParse({ ...form, rates: { ...form.rates, rng: '.5', live: '1.' } }).success).toBe(true);
    expect(schemas.rebate.safeParse({ ...form, rates: { ...form.rates, rng: '.' } }).success).toBe(false);
    const r = schemas.rebate.safeParse({ ...form, rates: { ...form.rates, rng: '3.01', live: '0.505' } });
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['rates.live', 'rates.rng']);
  });

  it("gives each VIP rank a row of percentages, empty where it takes the site's rate", () => {
    const cfg = { ...CONFIG.rebate, vipRates: [{}, { rng: 80, live: 0 }] };
    const empty = { live: '', lottery: '', pvp: '', rng: '', sports: '' };
    // A row per rank of the site, however many the config holds.
    expect(toForm.rebate(cfg, 3).vipRates).toEqual([empty, { ...empty, rng: '0.80', live: '0.00' }, empty]);
    expect(toForm.rebate(CONFIG.rebate, 2).vipRates).toEqual([empty, empty]);
    // Rows stored for ranks the site no longer has are kept, not dropped on the next save.
    expect(toForm.rebate({ ...CONFIG.rebate, vipRates: [{}, {}, { pvp: 10 }] }, 1).vipRates).toHaveLength(3);
    expect(toForm.rebate(CONFIG.rebate).vipRates).toEqual([]);
  });

  it("sends a rank's rates as basis points, only the cells filled, without the empty ranks at the end", () => {
    const form = toForm.rebate(CONFIG.rebate, 4);
    expect(fromForm.rebate(form)).toEqual(CONFIG.rebate);
    expect(fromForm.rebate(form)).not.toHaveProperty('vipRates');
    form.vipRates[1] = { ...form.vipRates[1], rng: ' 1.2 ', sports: '0' };
    form.vipRates[2] = { ...form.vipRates[2], live: '.5' };
    expect(fromForm.rebate(form).vipRates).toEqual([{}, { rng: 120, sports: 0 }, { live: 50 }]);
    expect(schemas.rebate.safeParse(form).success).toBe(true);
  });

  it("checks a rank's cell as the site's, leaving an empty one alone, and puts the server's error on it", () => {
    const form = toForm.rebate(CONFIG.rebate, 2);
    form.vipRates[0].rng = '3.01';
    form.vipRates[1].live = '0.505';
    form.vipRates[1].pvp = 'abc';
    form.vipRates[1].sports = '   ';
    const r = schemas.rebate.safeParse(form);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message]).sort()).toEqual([
      ['vipRates.0.rng', 'percent_between {"max":"3.00"}'],
      ['vipRates.1.live', 'percent_between {"max":"3.00"}'],
      ['vipRates.1.pvp', 'percent_between {"max":"3.00"}'],
    ]);
    expect(formPathOf('rebate', 'rebate.vipRates.1.rng')).toBe('vipRates.1.rng');
    expect(formPathOf('rebate', 'rebate.vipRates')).toBe('vipRates');
  });
});
