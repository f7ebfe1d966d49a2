import { z } from 'zod';
import {
  CHAT_TOPICS,
  CONTRACT_KINDS,
  type ContractKind,
  type ContractKindsConfig,
  DEFAULT_REGISTER_RULES,
  DIALING_COUNTRIES_MAX,
  REBATE_CATEGORIES,
  rebateRankDips,
  REBATE_MAX_BPS,
  REBATE_MAX_WINDOW_DAYS,
  type RebateCategory,
  type RebateConfig,
  type RebateRankRates,
  type LotteryLimitsConfig,
  type LotteryBetKind,
  LOTTERY_BET_KIND_NAMES,
  LOTTERY_LIMIT_MAX,
  MAINTENANCE_MESSAGE_MAX,
  PATTERN_IDS,
  REGISTER_FIELDS,
  REGISTER_MAX_LENGTH,
  REGISTER_PATTERN_MAX,
  WHITELABEL_FLAGS,
  effectiveRegisterRule,
  parseCidr,
  patternProblem,
  type BlockedCidrsConfig,
  type DialingCodesConfig,
  type FlagsConfig,
  type LoginCheckConfig,
  type MaintenanceConfig,
  type PatternId,
  type RegisterConfig,
  type RegisterField,
  type RegisterFieldRule,
  type SecurityConfig,
  type SignupBonusConfig,
  type SmsConfig,
  type WhitelabelFlag,
  LEADERBOARD_MAX_PRIZES,
  MISSION_PERIODS,
  POINT_EARN_SOURCES,
  VIP_MAX_LEVELS,
  fromMinor,
  minorOrNull,
  type ChatConfig,
  type ChatTopic,
  type MissionsConfig,
  type OpsConfigSection,
  type OpsConfigValue,
  type PointEarnSource,
  type PointsConfig,
  type ReferralConfig,
  type VipConfig,
  type WithdrawalConfig,
} from '@apsara/contracts';
import { formatAmount, formatWhole } from '../../../lib/format';
import { textOf, textsOf, type Texts } from './announcements';

/*
 * The settings forms (PATCH /ops/config/:section, the section's whole new value). Inputs hold text,
 * so each section has its form values, the conversion both ways, and a form schema that checks the
 * rules of the server's schema (ReferralConfig, MissionsConfig, VipConfig, WithdrawalConfig,
 * PointsConfig) with messages in the operator's language. settings.test.ts holds the two to the same
 * verdicts; the server checks again and its field errors land on the same fields.
 */

export type ReferralForm = { enabled: boolean; reward: string; minDeposit: string; minBets: string };
export type MissionsForm = {
  enabled: boolean;
  minRoundStake: string;
  leaderboard: { enabled: boolean; period: (typeof MISSION_PERIODS)[number]; minBets: string; prizes: { amount: string }[]; settleDelayMinutes: string };
};
export type VipForm = { enabled: boolean; levels: { minBets: string; minDeposits: string; upgradeBonus: string }[] };
export type WithdrawalForm = { min: string; max: string; feeFixed: string; feeBps: string; confirmMinutes: string; maxBankCards: string; banks: { name: string }[] };
export type PointsForm = {
  earn: Record<PointEarnSource, { perAmount: string; points: string }>;
  convert: { enabled: boolean; pointsPerUnit: string; min: string; max: string };
};
/** A text in the portal's languages, one box each, as the announcement form edits it. */
export type LangBoxes = Texts;
export type ChatForm = { enabled: boolean; topics: Record<ChatTopic, boolean>; hours: LangBoxes; greeting: LangBoxes; idleCloseHours: string };
/** `until` as a datetime-local box holds it: the operator's local time, '' for none. */
export type MaintenanceForm = { active: boolean; message: LangBoxes; until: string };
export type FlagsForm = Record<WhitelabelFlag, boolean>;
export type RuleForm = { enabled: boolean; required: boolean; minLength: string; maxLength: string; patternId: PatternId; acceptedPattern: string };
export type RegisterForm = { fields: Record<RegisterField, RuleForm>; minAge: string; termsDefaultChecked: boolean; affiliateRequired: boolean };
export type SecurityForm = { captchaAfterFailures: string; lockAfterFailures: string; lockMinutes: string; passwordMaxAgeDays: string };
export type LoginCheckForm = LoginCheckConfig;
export type SignupBonusForm = { enabled: boolean; maxAmount: string };
export type SmsForm = { expiredMinutes: string };
export type BlockedCidrsForm = { ranges: { cidr: string }[] };
export type ContractKindsForm = ContractKindsConfig;
/** The site's countries in its order (the first is the phone field's default). */
export type DialingCodesForm = { countries: { code: string }[] };
/** Rates as percentages with two places ("0.50" for 50 basis points), as operators write them. */
export type RebateForm = {
  rates: Record<RebateCategory, string>;
  /** Row i: VIP rank i + 1's rates, '' where the rank takes the site's. */
  vipRates: Record<RebateCategory, string>[];
  minClaim: string;
  windowDays: string;
};
/** The lottery limit as typed. */
/** The site's limit, and each kind's own ('' where the kind takes the site's). */
export type LotteryLimitsForm = { maxPayoutPerNumber: string; byKind: Record<LotteryBetKind, string> };
export type SettingsForms = {
  referral: ReferralForm;
  missions: MissionsForm;
  vip: VipForm;
  withdrawal: WithdrawalForm;
  points: PointsForm;
  chat: ChatForm;
  maintenance: MaintenanceForm;
  flags: FlagsForm;
  register: RegisterForm;
  security: SecurityForm;
  loginCheck: LoginCheckForm;
  signupBonus: SignupBonusForm;
  sms: SmsForm;
  blockedCidrs: BlockedCidrsForm;
  contractKinds: ContractKindsForm;
  dialingCodes: DialingCodesForm;
  rebate: RebateForm;
  lottery: LotteryLimitsForm;
};

/** Username and password are always shown and required (the server holds them so whatever is stored). */
export const LOCKED_REGISTER_FIELDS: readonly RegisterField[] = ['username', 'password'];

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a datetime-local box shows it, in the browser's time zone ('' for none or unreadable). */
export const localDateTimeOf = (iso: string | null): string => {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** A datetime-local value (local time) as the ISO UTC time the server stores; null for none. */
export const isoOfLocal = (local: string): string | null => {
  const v = local.trim();
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};


// ---- Server value → form ----

export const toForm = {
  referral: (c: ReferralConfig): ReferralForm => ({ enabled: c.enabled, reward: c.reward, minDeposit: c.minDeposit, minBets: c.minBets }),
  missions: (c: MissionsConfig): MissionsForm => ({
    enabled: c.enabled,
    minRoundStake: c.minRoundStake,
    leaderboard: {
      enabled: c.leaderboard.enabled,
      period: c.leaderboard.period,
      minBets: c.leaderboard.minBets,
      prizes: c.leaderboard.prizes.map((amount) => ({ amount })),
      settleDelayMinutes: String(c.leaderboard.settleDelayMinutes),
    },
  }),
  vip: (c: VipConfig): VipForm => ({ enabled: c.enabled, levels: c.levels.map((l) => ({ minBets: l.minBets, minDeposits: l.minDeposits, upgradeBonus: l.upgradeBonus })) }),
  withdrawal: (c: WithdrawalConfig): WithdrawalForm => ({
    min: c.min,
    max: c.max,
    feeFixed: c.feeFixed,
    feeBps: String(c.feeBps),
    confirmMinutes: String(c.confirmMinutes),
    maxBankCards: String(c.maxBankCards),
    banks: c.banks.map((name) => ({ name })),
  }),
  points: (c: PointsConfig): PointsForm => ({
    earn: Object.fromEntries(POINT_EARN_SOURCES.map((s) => [s, { perAmount: c.earn[s].perAmount, points: String(c.earn[s].points) }])) as PointsForm['earn'],
    convert: { enabled: c.convert.enabled, pointsPerUnit: String(c.convert.pointsPerUnit), min: c.convert.min, max: c.convert.max },
  }),
  chat: (c: ChatConfig): ChatForm => ({
    enabled: c.enabled,
    topics: Object.fromEntries(CHAT_TOPICS.map((topic) => [topic, c.topics.includes(topic)])) as Record<ChatTopic, boolean>,
    hours: textsOf(c.hours),
    greeting: textsOf(c.greeting),
    idleCloseHours: String(c.idleCloseHours),
  }),
  maintenance: (c: MaintenanceConfig): MaintenanceForm => ({ active: c.active, message: textsOf(c.message), until: localDateTimeOf(c.until) }),
  flags: (c: FlagsConfig): FlagsForm => Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, c[f]])) as FlagsForm,
  register: (c: RegisterConfig): RegisterForm => ({
    fields: Object.fromEntries(
      REGISTER_FIELDS.map((f) => {
        const r = effectiveRegisterRule(f, c.fields[f]);
        return [f, { enabled: r.enabled, required: r.required, minLength: String(r.minLength), maxLength: String(r.maxLength), patternId: r.patternId as PatternId, acceptedPattern: r.acceptedPattern }];
      }),
    ) as Record<RegisterField, RuleForm>,
    minAge: String(c.minAge),
    termsDefaultChecked: c.termsDefaultChecked,
    affiliateRequired: c.affiliateRequired,
  }),
  security: (c: SecurityConfig): SecurityForm => ({
    captchaAfterFailures: String(c.captchaAfterFailures),
    lockAfterFailures: String(c.lockAfterFailures),
    lockMinutes: String(c.lockMinutes),
    passwordMaxAgeDays: String(c.passwordMaxAgeDays),
  }),
  loginCheck: (c: LoginCheckConfig): LoginCheckForm => ({ newAddress: c.newAddress }),
  signupBonus: (c: SignupBonusConfig): SignupBonusForm => ({ enabled: c !== null, maxAmount: c?.maxAmount ?? '' }),
  sms: (c: SmsConfig): SmsForm => ({ expiredMinutes: String(c.expiredMinutes) }),
  blockedCidrs: (c: BlockedCidrsConfig): BlockedCidrsForm => ({ ranges: c.map((cidr) => ({ cidr })) }),
  contractKinds: (c: ContractKindsConfig): ContractKindsForm => Object.fromEntries(CONTRACT_KINDS.map((k) => [k, c[k]])) as ContractKindsForm,
  dialingCodes: (c: DialingCodesConfig): DialingCodesForm => ({ countries: c.countries.map((code) => ({ code })) }),
  /**
   * `ranks`: how many VIP ranks the site has, a row each (rows stored for ranks beyond them are kept,
   * so a rank taken away and put back finds its rates).
   */
  rebate: (c: RebateConfig, ranks = 0): RebateForm => ({
    rates: Object.fromEntries(REBATE_CATEGORIES.map((k) => [k, percentOf(c.rates[k])])) as Record<RebateCategory, string>,
    vipRates: Array.from({ length: Math.max(ranks, c.vipRates?.length ?? 0) }, (_, i) => {
      const row = c.vipRates?.[i];
      return Object.fromEntries(REBATE_CATEGORIES.map((k) => [k, row?.[k] === undefined ? '' : percentOf(row[k])])) as Record<RebateCategory, string>;
    }),
    minClaim: c.minClaim,
    windowDays: String(c.windowDays),
  }),
  lottery: (c: LotteryLimitsConfig): LotteryLimitsForm => ({
    maxPayoutPerNumber: c.maxPayoutPerNumber,
    byKind: Object.fromEntries(LOTTERY_BET_KIND_NAMES.map((k) => [k, c.byKind?.[k] ?? ''])) as Record<LotteryBetKind, string>,
  }),
} satisfies { [K in OpsConfigSection]: (c: OpsConfigValue[K]) => SettingsForms[K] };

// ---- Form → the body of PATCH /ops/config/:section ----

/** "10" → "10.00", "7.5" → "7.50": amounts are stored as the server writes them. */
export const normalMoney = (text: string): string => {
  const minor = minorOrNull(text.trim());
  return minor === null ? text.trim() : fromMinor(minor);
};
const int = (text: string) => Number(text.trim());
/** Basis points as a percentage with two places: 50 → "0.50". */
export const percentOf = (bps: number) => (bps / 100).toFixed(2);

/**
 * What each rank's empty cell is paid, as the table's cells hold it now: the nearest filled cell of a
 * rank below, else the site's (the placeholders of the table by rank).
 */
export const inheritedRankRates = (site: Partial<Record<RebateCategory, string>> | undefined, rows: Partial<Record<RebateCategory, string>>[] | undefined): Record<RebateCategory, string>[] => {
  let below = Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, site?.[c]?.trim() ?? ''])) as Record<RebateCategory, string>;
  return (rows ?? []).map((row) => {
    const here = below;
    below = Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, row?.[c]?.trim() || here[c]])) as Record<RebateCategory, string>;
    return here;
  });
};
/** A percentage with at most two places as basis points: "0.5" → 50. */
export const bpsOf = (text: string) => {
  const [whole, frac = ''] = text.trim().split('.');
  return Number(whole || '0') * 100 + Number(frac.padEnd(2, '0'));
};

export const fromForm = {
  referral: (f: ReferralForm): ReferralConfig => ({ enabled: f.enabled, reward: normalMoney(f.reward), minDeposit: normalMoney(f.minDeposit), minBets: normalMoney(f.minBets) }),
  missions: (f: MissionsForm): MissionsConfig => ({
    enabled: f.enabled,
    minRoundStake: normalMoney(f.minRoundStake),
    leaderboard: {
      enabled: f.leaderboard.enabled,
      period: f.leaderboard.period,
      minBets: normalMoney(f.leaderboard.minBets),
      prizes: f.leaderboard.prizes.map((p) => normalMoney(p.amount)),
      settleDelayMinutes: int(f.leaderboard.settleDelayMinutes),
    },
  }),
  vip: (f: VipForm): VipConfig => ({
    enabled: f.enabled,
    levels: f.levels.map((l) => ({ minBets: normalMoney(l.minBets), minDeposits: normalMoney(l.minDeposits), upgradeBonus: normalMoney(l.upgradeBonus) })),
  }),
  withdrawal: (f: WithdrawalForm): WithdrawalConfig => ({
    min: normalMoney(f.min),
    max: normalMoney(f.max),
    feeFixed: normalMoney(f.feeFixed),
    feeBps: int(f.feeBps),
    confirmMinutes: int(f.confirmMinutes),
    maxBankCards: int(f.maxBankCards),
    banks: f.banks.map((b) => b.name.trim()),
  }),
  points: (f: PointsForm): PointsConfig => ({
    earn: Object.fromEntries(POINT_EARN_SOURCES.map((s) => [s, { perAmount: normalMoney(f.earn[s].perAmount), points: int(f.earn[s].points) }])) as PointsConfig['earn'],
    convert: { enabled: f.convert.enabled, pointsPerUnit: int(f.convert.pointsPerUnit), min: normalMoney(f.convert.min), max: normalMoney(f.convert.max) },
  }),
  chat: (f: ChatForm): ChatConfig => {
    const hours = textOf(f.hours) ?? undefined;
    const greeting = textOf(f.greeting) ?? undefined;
    return {
      enabled: f.enabled,
      // In the portal's order, whatever order they were ticked in.
      topics: CHAT_TOPICS.filter((topic) => f.topics[topic]),
      ...(hours === undefined ? {} : { hours }),
      ...(greeting === undefined ? {} : { greeting }),
      idleCloseHours: int(f.idleCloseHours),
    };
  },
  maintenance: (f: MaintenanceForm): MaintenanceConfig => ({ active: f.active, message: textOf(f.message), until: isoOfLocal(f.until) }),
  flags: (f: FlagsForm): FlagsConfig => Object.fromEntries(WHITELABEL_FLAGS.map((flag) => [flag, f[flag]])) as FlagsConfig,
  /** Only what differs from the catalogue default is stored, so a site keeps following the catalogue elsewhere. */
  register: (f: RegisterForm): RegisterConfig => {
    const fields: RegisterConfig['fields'] = {};
    for (const field of REGISTER_FIELDS) {
      const v = f.fields[field];
      const rule: RegisterFieldRule = { enabled: v.enabled, required: v.required, minLength: int(v.minLength), maxLength: int(v.maxLength), patternId: v.patternId, acceptedPattern: v.acceptedPattern.trim() };
      const def = DEFAULT_REGISTER_RULES[field];
      const changed = Object.fromEntries((Object.keys(rule) as (keyof RegisterFieldRule)[]).filter((k) => rule[k] !== def[k]).map((k) => [k, rule[k]]));
      if (LOCKED_REGISTER_FIELDS.includes(field)) {
        delete changed.enabled;
        delete changed.required;
      }
      if (Object.keys(changed).length) fields[field] = changed as RegisterConfig['fields'][RegisterField];
    }
    return { fields, minAge: int(f.minAge), termsDefaultChecked: f.termsDefaultChecked, affiliateRequired: f.affiliateRequired };
  },
  security: (f: SecurityForm): SecurityConfig => ({
    captchaAfterFailures: int(f.captchaAfterFailures),
    lockAfterFailures: int(f.lockAfterFailures),
    lockMinutes: int(f.lockMinutes),
    passwordMaxAgeDays: int(f.passwordMaxAgeDays),
  }),
  loginCheck: (f: LoginCheckForm): LoginCheckConfig => ({ newAddress: f.newAddress }),
  signupBonus: (f: SignupBonusForm): SignupBonusConfig => (f.enabled ? { maxAmount: normalMoney(f.maxAmount) } : null),
  sms: (f: SmsForm): SmsConfig => ({ expiredMinutes: int(f.expiredMinutes) }),
  blockedCidrs: (f: BlockedCidrsForm): BlockedCidrsConfig => f.ranges.map((r) => r.cidr.trim()),
  contractKinds: (f: ContractKindsForm): ContractKindsConfig => Object.fromEntries(CONTRACT_KINDS.map((k) => [k, f[k]])) as ContractKindsConfig,
  dialingCodes: (f: DialingCodesForm): DialingCodesConfig => ({ countries: f.countries.map((c) => c.code) }),
  rebate: (f: RebateForm): RebateConfig => {
    const rows = f.vipRates.map((row) => Object.fromEntries(REBATE_CATEGORIES.filter((k) => row[k].trim() !== '').map((k) => [k, bpsOf(row[k])])) as RebateRankRates);
    // Ranks at the end with nothing of their own are left out (they take the site's rates either way); none at all, no key.
    while (rows.length > 0 && Object.keys(rows.at(-1)!).length === 0) rows.pop();
    return {
      rates: Object.fromEntries(REBATE_CATEGORIES.map((k) => [k, bpsOf(f.rates[k])])) as Record<RebateCategory, number>,
      ...(rows.length > 0 ? { vipRates: rows } : {}),
      minClaim: normalMoney(f.minClaim),
      windowDays: int(f.windowDays),
    };
  },
  lottery: (f: LotteryLimitsForm): LotteryLimitsConfig => {
    const byKind = Object.fromEntries(LOTTERY_BET_KIND_NAMES.filter((k) => f.byKind[k].trim() !== '').map((k) => [k, normalMoney(f.byKind[k])]));
    // No kind of its own: the section is the site's limit alone, as a site that never set any holds it.
    return { maxPayoutPerNumber: normalMoney(f.maxPayoutPerNumber), ...(Object.keys(byKind).length > 0 ? { byKind } : {}) };
  },
} satisfies { [K in OpsConfigSection]: (f: SettingsForms[K]) => OpsConfigValue[K] };

// ---- Form schemas ----

/** The message keys of the form schemas (namespace ops, `settings.rule.<key>`), with their values. */
export type RuleMessage = (key: string, vars?: Record<string, string | number>) => string;

/** A rule's figures as people read them: amounts and whole numbers of four digits or more grouped ("1,000,000.00", "10,000"). */
export const groupedVars = (vars?: Record<string, string | number>) =>
  vars &&
  Object.fromEntries(
    Object.entries(vars).map(([k, v]) => [k, typeof v === 'number' ? (Number.isInteger(v) ? formatWhole(v) : v) : /^\d+\.\d{2}$/.test(v) ? formatAmount(v) : /^\d+$/.test(v) ? formatWhole(BigInt(v)) : v]),
  );

const MONEY_TEXT = /^\d{1,13}(\.\d{1,2})?$/;
const above = (a: string, b: string) => {
  const x = minorOrNull(a);
  const y = minorOrNull(b);
  return x !== null && y !== null && x > y;
};

const money = (msg: RuleMessage, opts: { positive?: boolean; max?: string } = {}) =>
  z
    .string()
    .trim()
    .min(1, msg('required'))
    .regex(MONEY_TEXT, msg('amount_format'))
    .refine((v) => !opts.positive || minorOrNull(v) !== 0n, msg('positive'))
    .refine((v) => !opts.max || !above(v, opts.max), msg('at_most', { max: opts.max ?? '' }));

const whole = (msg: RuleMessage, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, msg('required'))
    .refine((v) => /^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max, msg('whole_between', { min, max }));

export const settingsSchemas = (msg: RuleMessage) => {
  const referral = z
    .object({ enabled: z.boolean(), reward: money(msg, { positive: true, max: '1000000.00' }), minDeposit: money(msg, { positive: true }), minBets: money(msg, { positive: true }) });

  const missions = z.object({
    enabled: z.boolean(),
    minRoundStake: money(msg, { positive: true }),
    leaderboard: z
      .object({
      enabled: z.boolean(),
      period: z.enum(MISSION_PERIODS),
      minBets: money(msg, { positive: true }),
      prizes: z
        .array(z.object({ amount: money(msg, { positive: true, max: '100000.00' }) }))
        .max(LEADERBOARD_MAX_PRIZES, msg('too_many', { max: LEADERBOARD_MAX_PRIZES }))
        .superRefine((list, ctx) => {
          list.forEach((p, i) => {
            if (i > 0 && above(p.amount, list[i - 1].amount)) ctx.addIssue({ code: 'custom', path: [i, 'amount'], message: msg('prize_order') });
          });
        }),
      settleDelayMinutes: whole(msg, 0, 1440),
      })
      // A day's table is settled well within the next day.
      .superRefine((l, ctx) => {
        if (l.period === 'daily' && /^\d+$/.test(l.settleDelayMinutes.trim()) && Number(l.settleDelayMinutes) > 720)
          ctx.addIssue({ code: 'custom', path: ['settleDelayMinutes'], message: msg('daily_delay', { max: 720 }) });
      }),
  });

  const vip = z.object({
    enabled: z.boolean(),
    levels: z
      .array(z.object({ minBets: money(msg, { max: '1000000000.00' }), minDeposits: money(msg, { max: '1000000000.00' }), upgradeBonus: money(msg, { max: '100000.00' }) }))
      .max(VIP_MAX_LEVELS, msg('too_many', { max: VIP_MAX_LEVELS }))
      .superRefine((list, ctx) => {
        list.forEach((l, i) => {
          if (minorOrNull(l.minBets) === 0n && minorOrNull(l.minDeposits) === 0n) ctx.addIssue({ code: 'custom', path: [i, 'minBets'], message: msg('rank_needs') });
          const prev = list[i - 1];
          if (!prev) return;
          if (above(prev.minBets, l.minBets)) ctx.addIssue({ code: 'custom', path: [i, 'minBets'], message: msg('rank_order') });
          if (above(prev.minDeposits, l.minDeposits)) ctx.addIssue({ code: 'custom', path: [i, 'minDeposits'], message: msg('rank_order') });
        });
      }),
  });

  const withdrawal = z
    .object({
      min: money(msg, { positive: true }),
      max: money(msg, { positive: true }),
      feeFixed: money(msg),
      feeBps: whole(msg, 0, 5000),
      confirmMinutes: whole(msg, 1, 7 * 24 * 60),
      maxBankCards: whole(msg, 1, 10),
      banks: z.array(z.object({ name: z.string().trim().min(1, msg('required')).max(64, msg('too_long', { max: 64 })) })),
    })
    .superRefine((v, ctx) => {
      if (above(v.min, v.max)) ctx.addIssue({ code: 'custom', path: ['max'], message: msg('min_above_max') });
    });

  const earnRule = () => z.object({ perAmount: money(msg, { positive: true }), points: whole(msg, 0, 1_000_000) });
  const points = z.object({
    earn: z.object(Object.fromEntries(POINT_EARN_SOURCES.map((s) => [s, earnRule()])) as Record<PointEarnSource, ReturnType<typeof earnRule>>),
    convert: z
      .object({ enabled: z.boolean(), pointsPerUnit: whole(msg, 1, 10_000), min: money(msg, { positive: true }), max: money(msg, { positive: true }) })
      .superRefine((v, ctx) => {
        if (above(v.min, v.max)) ctx.addIssue({ code: 'custom', path: ['max'], message: msg('min_above_max') });
      }),
  });

  /** English is the fallback: another language alone is refused, as the server refuses it. */
  const boxes = (max: number) =>
    z
      .object({ en: z.string(), km: z.string(), cn: z.string() })
      .superRefine((b, ctx) => {
        for (const lang of ['en', 'km', 'cn'] as const) {
          if ([...b[lang].trim()].length > max) ctx.addIssue({ code: 'custom', path: [lang], message: msg('too_long', { max }) });
        }
        if (!b.en.trim() && (b.km.trim() || b.cn.trim())) ctx.addIssue({ code: 'custom', path: ['en'], message: msg('english_first') });
      });
  const chat = z.object({
    enabled: z.boolean(),
    topics: z
      .object(Object.fromEntries(CHAT_TOPICS.map((topic) => [topic, z.boolean()])) as Record<ChatTopic, z.ZodBoolean>)
      .refine((t) => Object.values(t).some(Boolean), msg('one_topic')),
    hours: boxes(80),
    greeting: boxes(300),
    idleCloseHours: whole(msg, 1, 168),
  });

  const maintenance = z.object({
    active: z.boolean(),
    message: boxes(MAINTENANCE_MESSAGE_MAX),
    until: z.string().refine((v) => !v.trim() || !Number.isNaN(new Date(v.trim()).getTime()), msg('date_time')),
  });

  const flags = z.object(Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, z.boolean()])) as Record<WhitelabelFlag, z.ZodBoolean>);

  const isWhole = (v: string, min: number, max: number) => /^\d{1,9}$/.test(v.trim()) && Number(v) >= min && Number(v) <= max;
  const rule = z
    .object({
      enabled: z.boolean(),
      required: z.boolean(),
      minLength: whole(msg, 0, REGISTER_MAX_LENGTH),
      maxLength: whole(msg, 1, REGISTER_MAX_LENGTH),
      patternId: z.enum(PATTERN_IDS),
      acceptedPattern: z
        .string()
        .max(REGISTER_PATTERN_MAX, msg('too_long', { max: REGISTER_PATTERN_MAX }))
        .superRefine((v, ctx) => {
          const source = v.trim();
          if (source === '' || source === '*') return;
          const problem = patternProblem(source);
          if (problem) ctx.addIssue({ code: 'custom', message: msg(problem === 'invalid' ? 'regex_invalid' : 'regex_catastrophic') });
        }),
    })
    .superRefine((r, ctx) => {
      if (isWhole(r.minLength, 0, REGISTER_MAX_LENGTH) && isWhole(r.maxLength, 1, REGISTER_MAX_LENGTH) && Number(r.minLength) > Number(r.maxLength))
        ctx.addIssue({ code: 'custom', path: ['maxLength'], message: msg('length_order') });
      if (r.required && !r.enabled) ctx.addIssue({ code: 'custom', path: ['required'], message: msg('required_hidden') });
    });
  const register = z.object({
    fields: z.object(Object.fromEntries(REGISTER_FIELDS.map((f) => [f, rule])) as Record<RegisterField, typeof rule>),
    minAge: whole(msg, 18, 99),
    termsDefaultChecked: z.boolean(),
    affiliateRequired: z.boolean(),
  });

  const security = z
    .object({
      captchaAfterFailures: whole(msg, 1, 20),
      lockAfterFailures: whole(msg, 1, 50),
      lockMinutes: whole(msg, 1, 1440),
      passwordMaxAgeDays: whole(msg, 0, 3650),
    })
    .superRefine((v, ctx) => {
      if (isWhole(v.captchaAfterFailures, 1, 20) && isWhole(v.lockAfterFailures, 1, 50) && Number(v.lockAfterFailures) < Number(v.captchaAfterFailures))
        ctx.addIssue({ code: 'custom', path: ['lockAfterFailures'], message: msg('lock_before_captcha') });
    });

  const signupBonus = z
    .object({ enabled: z.boolean(), maxAmount: z.string() })
    .superRefine((v, ctx) => {
      if (!v.enabled) return;
      const r = money(msg, { positive: true }).safeParse(v.maxAmount);
      if (!r.success) ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: r.error.issues[0]!.message });
    });

  const sms = z.object({ expiredMinutes: whole(msg, 1, 30) });

  const loginCheck = z.object({ newAddress: z.boolean() });

  const blockedCidrs = z.object({
    ranges: z
      .array(
        z.object({
          cidr: z
            .string()
            .trim()
            .min(1, msg('required'))
            .superRefine((v, ctx) => {
              const r = parseCidr(v);
              if (typeof r === 'string') ctx.addIssue({ code: 'custom', message: msg(`cidr_${r}`) });
            }),
        }),
      )
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((item, i) => {
          const r = parseCidr(item.cidr);
          if (typeof r === 'string') return;
          const key = `${r.network}/${r.prefix}`;
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'cidr'], message: msg('cidr_duplicate') });
          seen.add(key);
        });
      }),
  });

  const contractKinds = z.object(Object.fromEntries(CONTRACT_KINDS.map((k) => [k, z.boolean()])) as Record<ContractKind, z.ZodBoolean>);

  // Chosen from the server's catalogue, so only the list's own rules can fail.
  const dialingCodes = z.object({
    countries: z
      .array(z.object({ code: z.string().regex(/^[A-Z]{2}$/) }))
      .min(1, msg('countries_required'))
      .max(DIALING_COUNTRIES_MAX, msg('countries_max', { max: DIALING_COUNTRIES_MAX }))
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((c, i) => {
          if (seen.has(c.code)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: msg('country_duplicate') });
          seen.add(c.code);
        });
      }),
  });

  const percent = z
    .string()
    .trim()
    .min(1, msg('required'))
    .refine((v) => /^(\d{1,3}(\.\d{0,2})?|\.\d{1,2})$/.test(v) && bpsOf(v) <= REBATE_MAX_BPS, msg('percent_between', { max: percentOf(REBATE_MAX_BPS) }));
  // A rank's cell left empty takes the site's rate.
  const rankPercent = z.string().superRefine((v, ctx) => {
    if (v.trim() === '') return;
    const checked = percent.safeParse(v);
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
  });
  const rebate = z
    .object({
      rates: z.object(Object.fromEntries(REBATE_CATEGORIES.map((k) => [k, percent])) as Record<RebateCategory, typeof percent>),
      vipRates: z
        .array(z.object(Object.fromEntries(REBATE_CATEGORIES.map((k) => [k, rankPercent])) as Record<RebateCategory, typeof rankPercent>))
        .max(VIP_MAX_LEVELS, msg('too_many', { max: VIP_MAX_LEVELS })),
      minClaim: money(msg, { positive: true, max: '10000.00' }),
      windowDays: whole(msg, 1, REBATE_MAX_WINDOW_DAYS),
    })
    .superRefine((f, ctx) => {
      // No rank paid less than the rank below (the server's rule); a cell already wrong says so itself.
      if (!REBATE_CATEGORIES.every((k) => percent.safeParse(f.rates[k]).success)) return;
      const rates = Object.fromEntries(REBATE_CATEGORIES.map((k) => [k, bpsOf(f.rates[k])])) as Record<RebateCategory, number>;
      const vipRates = f.vipRates.map((row) => Object.fromEntries(REBATE_CATEGORIES.filter((k) => row[k].trim() !== '' && percent.safeParse(row[k]).success).map((k) => [k, bpsOf(row[k])])) as RebateRankRates);
      for (const d of rebateRankDips({ rates, vipRates })) {
        const message = d.index === 0 ? msg('rank_rate_below_site', { percent: percentOf(d.floor) }) : msg('rank_rate_below', { rank: `VIP${d.index}`, percent: percentOf(d.floor) });
        ctx.addIssue({ code: 'custom', path: ['vipRates', d.index, d.category], message });
      }
    });

  const limit = money(msg, { positive: true, max: LOTTERY_LIMIT_MAX });
  // A kind left empty takes the site's limit.
  const kindLimit = z.string().superRefine((v, ctx) => {
    if (v.trim() === '') return;
    // The amount's own message (positive, format, at most), not a union's.
    const checked = limit.safeParse(v);
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
  });
  const lottery = z.object({
    maxPayoutPerNumber: limit,
    byKind: z.object(Object.fromEntries(LOTTERY_BET_KIND_NAMES.map((k) => [k, kindLimit])) as Record<LotteryBetKind, typeof kindLimit>),
  });

  return { referral, missions, vip, withdrawal, points, chat, maintenance, flags, register, security, loginCheck, signupBonus, sms, blockedCidrs, contractKinds, dialingCodes, rebate, lottery };
};

// ---- The server's field errors on the form ----

/**
 * A field the server names ("vip.levels.2.minBets", "withdrawal", "points.convert") as the form's
 * path: the section prefix dropped. A whole-section rule (min above max) sits on the field that fixes
 * it; a list-wide rule (ranks out of order) on the list.
 */
export const formPathOf = (section: OpsConfigSection, field: string): string => {
  const rest = field === section ? '' : field.startsWith(`${section}.`) ? field.slice(section.length + 1) : field;
  if (section === 'withdrawal' && rest === '') return 'max';
  if (section === 'points' && rest === 'convert') return 'convert.max';
  if (section === 'withdrawal' && /^banks\.\d+$/.test(rest)) return `${rest}.name`;
  if (section === 'missions' && /^leaderboard\.prizes\.\d+$/.test(rest)) return `${rest}.amount`;
  if (section === 'blockedCidrs') return /^\d+$/.test(rest) ? `ranges.${rest}.cidr` : 'ranges';
  if (section === 'signupBonus' && rest === '') return 'maxAmount';
  if (section === 'dialingCodes' && /^countries\.\d+$/.test(rest)) return `${rest}.code`;
  return rest || 'root';
};
