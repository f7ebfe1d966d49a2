import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_MIN_AGE, WHITELABEL_FLAGS, type WhitelabelFlag } from '../constants.js';
import { PositiveMoneyAmount } from '../money.js';
import { DEFAULT_REGISTER_RULES, PATTERN_IDS, PATTERNS } from '../validation/patterns.js';
import { REGISTER_FIELDS, type RegisterField, type RegisterFieldRule } from '../validation/register-fields.js';
import { localizedTextOf } from './localized.js';

/*
 * The site's core settings an operator changes from the back office (docs/operators.md "Settings"):
 * maintenance, feature flags, registration rules, sign-in security, the sign-up bonus, SMS codes and
 * blocked address ranges. Each has two schemas of one shape and defaults: `Stored…` reads the
 * merchant's config as it may already be stored (merchant-config.ts: a site must never stop loading
 * because a value written in the database before these checks existed breaks one), and `…Config`
 * checks a new value (PATCH /ops/config/:section) with every rule below on top.
 */

/** The longest maintenance message, per language. */
export const MAINTENANCE_MESSAGE_MAX = 300;

/**
 * Site maintenance: while `active`, every member call answers status 1 and the portal shows the
 * maintenance page (the back office and /ops stay up). `message` is one text for every language (as
 * stored before it could be translated) or one per language with English as the fallback; null shows
 * the portal's own words. `until` is an ISO 8601 time shown as the expected end; null: none given.
 */
export const StoredMaintenance = z
  .object({
    active: z.boolean().default(false),
    message: z.union([z.string(), z.object({ en: z.string(), km: z.string().optional(), cn: z.string().optional() })]).nullable().default(null),
    until: z.string().nullable().default(null),
  })
  .default({ active: false, message: null, until: null });
export const MaintenanceConfig = z
  .object({
    active: z.boolean().default(false),
    message: localizedTextOf(MAINTENANCE_MESSAGE_MAX).nullable().default(null),
    until: z
      .string()
      .max(40)
      .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), { message: 'must be an ISO 8601 date and time, e.g. 2026-12-31T18:00:00Z' })
      .nullable()
      .default(null),
  })
  .default({ active: false, message: null, until: null });
export type MaintenanceConfig = z.infer<typeof MaintenanceConfig>;

/** The site's feature flags (spec §6), each off unless set. */
export const FlagsConfig = z
  .object(Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, z.boolean().default(false)])) as Record<WhitelabelFlag, z.ZodDefault<z.ZodBoolean>>)
  .default(() => Object.fromEntries(WHITELABEL_FLAGS.map((f) => [f, false])) as Record<WhitelabelFlag, boolean>);
export type FlagsConfig = z.infer<typeof FlagsConfig>;

/** Every account has a username and a password, whatever a merchant configures. */
export const ALWAYS_REQUIRED_FIELDS: readonly RegisterField[] = ['username', 'password'];
/** The longest value any registration field may allow: it also bounds what a merchant's regex runs on. */
export const REGISTER_MAX_LENGTH = 255;
/** The longest regex a merchant may write. */
export const REGISTER_PATTERN_MAX = 300;

/**
 * Why a merchant's regex must be refused, or null when it may be used: it must compile as both sides
 * run it (`u` flag) and must not be open to catastrophic backtracking. The second is a conservative
 * static check: a quantified group that itself holds a quantifier or an alternation (`(a+)+`,
 * `(\w*)*`, `(a|ab)*`, `(x+){2,}`), or a back-reference, is refused; the catalogue's patterns need none.
 */
const CATALOGUE_SOURCES = new Set(Object.values(PATTERNS).map((p) => p.source));

export const patternProblem = (source: string): 'invalid' | 'catastrophic' | null => {
  try {
    new RegExp(source, 'u');
  } catch {
    return 'invalid';
  }
  // The catalogue's own patterns are vetted (and their inputs bounded by length): written out as a
  // merchant's regex they stay allowed, though EMAIL and FULL_NAME repeat groups that repeat.
  if (CATALOGUE_SOURCES.has(source)) return null;
  if (/\\[1-9]|\\k</.test(source)) return 'catastrophic';
  // Walk the groups: for each one closed and then quantified, did it hold a quantifier or a '|'?
  const stack: { risky: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') stack.push({ risky: false });
    else if (c === ')') {
      const group = stack.pop();
      const next = source[i + 1];
      const quantified = next === '*' || next === '+' || (next === '{' && /^\{\d+,\d*\}/.test(source.slice(i + 1)) && !/^\{(\d+),\1\}/.test(source.slice(i + 1)));
      if (group?.risky && quantified) return 'catastrophic';
      // A group holding a quantifier makes its parents risky too.
      if (group?.risky && stack.length) stack[stack.length - 1]!.risky = true;
    } else if ((c === '*' || c === '+' || c === '{' || c === '|') && stack.length) {
      // `?` alone (optional) cannot repeat, so it is not counted.
      stack[stack.length - 1]!.risky = true;
    }
  }
  return null;
};

const FieldRuleInput = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  /** A merchant's own regex ('' = the catalogue regex of patternId, '*' = anything). */
  acceptedPattern: z.string().max(REGISTER_PATTERN_MAX),
  patternId: z.enum(PATTERN_IDS),
  minLength: z.number().int().min(0).max(REGISTER_MAX_LENGTH),
  maxLength: z.number().int().min(1).max(REGISTER_MAX_LENGTH),
});

/** A field's rule as it applies: the catalogue default overlaid by the merchant's settings. */
export const effectiveRegisterRule = (field: RegisterField, stored: Partial<RegisterFieldRule> | undefined): RegisterFieldRule => {
  const rule = { ...DEFAULT_REGISTER_RULES[field], ...stored };
  return ALWAYS_REQUIRED_FIELDS.includes(field) ? { ...rule, enabled: true, required: true } : rule;
};

/**
 * Registration: per-field rules over the catalogue defaults (spec §3, §5), the minimum age, whether
 * the terms box starts ticked and whether an agent's affiliate code is required. A rule that cannot
 * work is refused, on the field that fixes it: minimum above maximum, required but not shown, a regex
 * that does not compile or could hang the server.
 */
export const StoredRegister = z
  .object({
    fields: z.partialRecord(z.enum(REGISTER_FIELDS), z.object({ enabled: z.boolean(), required: z.boolean(), acceptedPattern: z.string(), patternId: z.string(), minLength: z.number().int().min(0), maxLength: z.number().int().min(1) }).partial()).default({}),
    minAge: z.number().int().min(18).max(99).default(DEFAULT_MIN_AGE),
    termsDefaultChecked: z.boolean().default(true),
    affiliateRequired: z.boolean().default(false),
  })
  .default({ fields: {}, minAge: DEFAULT_MIN_AGE, termsDefaultChecked: true, affiliateRequired: false });
export const RegisterConfig = z
  .object({
    fields: z.partialRecord(z.enum(REGISTER_FIELDS), FieldRuleInput.partial()).default({}),
    minAge: z.number().int().min(18).max(99).default(DEFAULT_MIN_AGE),
    termsDefaultChecked: z.boolean().default(true),
    /** Registration of accounts under an agent requires a valid affiliate code when true. */
    affiliateRequired: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    for (const field of REGISTER_FIELDS) {
      const stored = v.fields[field];
      if (!stored) continue;
      const rule = effectiveRegisterRule(field, stored);
      const at = (key: keyof RegisterFieldRule) => ['fields', field, key];
      if (rule.minLength > rule.maxLength) ctx.addIssue({ code: 'custom', path: at('maxLength'), message: 'must not be below the minimum length' });
      if (rule.required && !rule.enabled) ctx.addIssue({ code: 'custom', path: at('required'), message: 'a field must be shown to be required' });
      if (rule.acceptedPattern !== '' && rule.acceptedPattern !== '*') {
        const problem = patternProblem(rule.acceptedPattern);
        if (problem === 'invalid') ctx.addIssue({ code: 'custom', path: at('acceptedPattern'), message: 'is not a valid regular expression' });
        if (problem === 'catastrophic') ctx.addIssue({ code: 'custom', path: at('acceptedPattern'), message: 'repeats a repeated group or uses a back-reference, which can hang the server; write it without' });
      }
    }
  })
  .default({ fields: {}, minAge: DEFAULT_MIN_AGE, termsDefaultChecked: true, affiliateRequired: false });
export type RegisterConfig = z.infer<typeof RegisterConfig>;

/**
 * Sign-in security: the captcha after N failed sign-ins, the lock after N (not before the captcha),
 * how long a lock lasts, and after how many days a password expires (0: never).
 */
export const StoredSecurity = z
  .object({
    captchaAfterFailures: z.number().int().min(1).default(3),
    lockAfterFailures: z.number().int().min(1).default(5),
    lockMinutes: z.number().int().min(1).default(5),
    passwordMaxAgeDays: z.number().int().min(0).default(0),
  })
  .default({ captchaAfterFailures: 3, lockAfterFailures: 5, lockMinutes: 5, passwordMaxAgeDays: 0 });
export const SecurityConfig = z
  .object({
    captchaAfterFailures: z.number().int().min(1).max(20).default(3),
    lockAfterFailures: z.number().int().min(1).max(50).default(5),
    lockMinutes: z.number().int().min(1).max(1440).default(5),
    passwordMaxAgeDays: z.number().int().min(0).max(3650).default(0),
  })
  .refine((s) => s.lockAfterFailures >= s.captchaAfterFailures, { path: ['lockAfterFailures'], message: 'must not be below the captcha threshold: players would be locked out before any captcha' })
  .default({ captchaAfterFailures: 3, lockAfterFailures: 5, lockMinutes: 5, passwordMaxAgeDays: 0 });
export type SecurityConfig = z.infer<typeof SecurityConfig>;

/**
 * The welcome bonus customer service credits after sign-up (spec §2): the most it pays, in the
 * site's currency. Null: the register form promises nothing and no bonus popup follows.
 */
export const SignupBonusConfig = z.object({ maxAmount: PositiveMoneyAmount }).nullable().default(null);
export type SignupBonusConfig = z.infer<typeof SignupBonusConfig>;

/**
 * Two-factor login confirmation (spec §2, docs/two-factor.md): with `newAddress`, a member who has
 * signed in before but never from this address must also enter a code sent to their phone or e-mail.
 */
export const LoginCheckConfig = z.strictObject({ newAddress: z.boolean() });
export type LoginCheckConfig = z.infer<typeof LoginCheckConfig>;
/** As a site's config may hold it: off unless stored on. */
export const StoredLoginCheck = z.object({ newAddress: z.boolean().default(false) }).default({ newAddress: false });

/** The most countries a site may take numbers from. */
export const DIALING_COUNTRIES_MAX = 60;
/** What a new site takes: Cambodia first (KM is the default language), then its neighbours and the region. */
export const DEFAULT_DIALING_COUNTRIES = ['KH', 'VN', 'TH', 'CN', 'MY', 'PH', 'ID', 'LA', 'MM', 'SG'];

/**
 * The countries whose mobile numbers the site takes (spec §3 "Country entry", docs/verification.md
 * "Country dialing codes"), as ISO 3166 codes in the order the phone field lists them; the first is
 * its default. SMS codes go only to these, and sign-ups carry one of them. The server checks each
 * code against its catalogue of dialing codes when the section is saved.
 */
export const DialingCodesConfig = z.strictObject({
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code, in capitals'))
    .min(1)
    .max(DIALING_COUNTRIES_MAX)
    .refine((list) => new Set(list).size === list.length, { message: 'each country once' }),
});
export type DialingCodesConfig = z.infer<typeof DialingCodesConfig>;
/** As a site's config may hold it: the defaults until an operator sets a list. */
export const StoredDialingCodes = z
  .object({ countries: z.array(z.string()).min(1).default(() => [...DEFAULT_DIALING_COUNTRIES]) })
  .default(() => ({ countries: [...DEFAULT_DIALING_COUNTRIES] }));

/** SMS codes (docs/verification.md): how long one lives; the portal's resend countdown is this too (spec §6). */
export const SmsConfig = z.object({ expiredMinutes: z.number().int().min(1).max(30).default(1) }).default({ expiredMinutes: 1 });
export type SmsConfig = z.infer<typeof SmsConfig>;

/** The most ranges a site may block. */
export const BLOCKED_CIDRS_MAX = 200;

export type CidrProblem = 'format' | 'host_bits' | 'everything' | 'mapped';
export type ParsedCidr = { kind: 'ipv4' | 'ipv6'; network: string; prefix: number };

/**
 * One CIDR range as an operator writes it ("203.0.113.0/24", "2001:db8::/32"): plain dotted IPv4
 * (no "10/8" or hex forms), IPv6 without a zone, the prefix always given. Refused: a range with
 * host bits set (ambiguous), one that covers every address (/0), and IPv4-mapped IPv6 ranges (the
 * server compares those addresses as IPv4, so such a range would block nobody).
 */
export const parseCidr = (text: string): ParsedCidr | CidrProblem => {
  const m = /^([0-9a-fA-F:.]+)\/(\d{1,3})$/.exec(text.trim());
  if (!m) return 'format';
  const [, addr, bitsText] = m;
  const prefix = Number(bitsText);
  let kind: 'ipv4' | 'ipv6';
  if (ipaddr.IPv4.isValidFourPartDecimal(addr!)) kind = 'ipv4';
  else if (addr!.includes(':') && ipaddr.IPv6.isValid(addr!)) kind = 'ipv6';
  else return 'format';
  if (prefix > (kind === 'ipv4' ? 32 : 128) || bitsText!.length > 1 && bitsText!.startsWith('0')) return 'format';
  if (prefix === 0) return 'everything';
  const parsed = ipaddr.parse(addr!);
  if (kind === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return 'mapped';
  const network = (kind === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(`${addr}/${prefix}`) : ipaddr.IPv6.networkAddressFromCIDR(`${addr}/${prefix}`)).toString();
  if (network !== parsed.toString()) return 'host_bits';
  return { kind, network, prefix };
};

const CIDR_MESSAGES: Record<CidrProblem, string> = {
  format: 'is not a CIDR range such as 203.0.113.0/24 or 2001:db8::/32',
  host_bits: 'has bits set after the prefix: write the range from its first address',
  everything: 'covers every address and would block every player; maintenance closes the whole site',
  mapped: 'is an IPv4-mapped IPv6 range: write the IPv4 range instead',
};

/** As stored: a malformed range matches nobody (lib/ip.ts). */
export const StoredBlockedCidrs = z.array(z.string()).default([]);
/** Address ranges answered with status 2 (region-blocked); each checked, none twice. */
export const BlockedCidrsConfig = z
  .array(
    z
      .string()
      .max(64)
      .superRefine((v, ctx) => {
        const r = parseCidr(v);
        if (typeof r === 'string') ctx.addIssue({ code: 'custom', message: CIDR_MESSAGES[r], params: { cidr: r } });
      }),
  )
  .max(BLOCKED_CIDRS_MAX)
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((v, i) => {
      const r = parseCidr(v);
      if (typeof r === 'string') return;
      const key = `${r.network}/${r.prefix}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: `repeats range ${seen.get(key)! + 1}`, params: { cidr: 'duplicate' } });
      else seen.set(key, i);
    });
  })
  .default([]);
export type BlockedCidrsConfig = z.infer<typeof BlockedCidrsConfig>;

/**
 * Flags and registration rules that together leave a sign-up nobody can finish, as field errors
 * (section-relative paths): with SMS verification at sign-up (REGMOBVERF3) the username tab
 * (USERNAMEREG3) asks for a code sent to the mobile number, so that field must be shown and required.
 * Both sign-up modes off is allowed: the portal says registration is closed.
 */
export const signUpConflicts = (flags: FlagsConfig, register: Pick<z.infer<typeof StoredRegister>, 'fields'>): { flags: string[]; register: string[] } => {
  const mobile = effectiveRegisterRule('mobileNum', register.fields.mobileNum);
  if (flags.REGMOBVERF3 && flags.USERNAMEREG3 && !(mobile.enabled && mobile.required)) return { flags: ['REGMOBVERF3'], register: ['fields.mobileNum.required'] };
  return { flags: [], register: [] };
};
