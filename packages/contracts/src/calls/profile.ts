import { z } from 'zod';
import type { Lang } from '../constants.js';
import { ok } from '../envelope.js';
import { patternMessage, testPattern } from '../validation/patterns.js';
import type { RegisterFieldRule } from '../validation/register-fields.js';
import { AdjustmentReason, IdString } from './ops.js';
import { text } from './text.js';

/*
 * The member's profile (spec §3 "Profile fields", docs/profile.md). The full name is the member's
 * real name (members.payee_name: bank cards must carry it); the other fields live in member_profiles
 * (migration 0037). The rules below are pure and shared: the server runs them as the authority, the
 * portal's form runs the very same code.
 */

/** ISO 3166-1 alpha-2: every officially assigned code. Names come from Intl.DisplayNames in the reader's language. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);
export const isCountryCode = (v: string) => COUNTRY_SET.has(v);

export const INCOME_SOURCES = ['salary', 'business', 'investment', 'savings', 'pension', 'other'] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];

/** Most characters (Unicode code points, after trimming) each free-text field keeps. */
export const PROFILE_TEXT_MAX = { permanentAddress: 200, currentAddress: 200, placeOfBirth: 100, occupation: 80 } as const;
export type ProfileTextField = keyof typeof PROFILE_TEXT_MAX;
export const PROFILE_TEXT_FIELDS = Object.keys(PROFILE_TEXT_MAX) as ProfileTextField[];
/** No one alive was born before this; earlier years are typing slips. */
export const MIN_BIRTH_YEAR = 1900;

export const PROFILE_FIELDS = ['fullname', 'birthday', ...PROFILE_TEXT_FIELDS, 'nationality', 'sourceOfIncome'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileRule = 'required' | 'pattern' | 'tooLong' | 'date' | 'tooOld' | 'future' | 'minAge' | 'oneOf' | 'control' | 'locked';
export type ProfileIssue = { field: ProfileField; rule: ProfileRule; values?: Record<string, string | number> };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// Line breaks are fine in an address; other control characters are not text.
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const cp = (v: string) => [...v].length;

/** A real calendar day as yyyy-MM-dd (no 2023-02-29, no month 13). */
export const isCalendarDay = (value: string) => {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.toISOString().slice(0, 10) === value;
};

/** The calendar day an instant falls on in a zone ("today" for the site: its own time zone). */
export const todayIn = (timeZone: string, at: Date = new Date()) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at).map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
};

/**
 * Whole years from `birthday` to `today` (both yyyy-MM-dd). Someone born on 29 February turns a year
 * older on 1 March in common years, as most civil law counts it.
 */
export const ageOn = (birthday: string, today: string) => {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
};

/** The latest birthday that is old enough today: what a date picker offers as its maximum. */
export const latestBirthday = (today: string, minAge: number) => {
  const [y, m, d] = today.split('-').map(Number);
  const year = String(y - minAge).padStart(4, '0');
  const mm = String(m).padStart(2, '0');
  // 29 February minus whole years lands on 28 February unless that year is a leap year too.
  const candidate = `${year}-${mm}-${String(d).padStart(2, '0')}`;
  return isCalendarDay(candidate) ? candidate : `${year}-${mm}-28`;
};

/** A birthday (already trimmed; '' means none given) against the calendar, today and the site's minimum age. */
export const checkBirthday = (value: string, today: string, minAge: number): ProfileIssue | null => {
  if (value === '') return null;
  if (!isCalendarDay(value)) return { field: 'birthday', rule: 'date' };
  if (value > today) return { field: 'birthday', rule: 'future' };
  if (Number(value.slice(0, 4)) < MIN_BIRTH_YEAR) return { field: 'birthday', rule: 'tooOld', values: { year: MIN_BIRTH_YEAR } };
  if (ageOn(value, today) < minAge) return { field: 'birthday', rule: 'minAge', values: { age: minAge } };
  return null;
};

/** Names compare as people read them, and are stored so: single spaces, NFC. */
export const normalizeFullname = (v: string) => v.normalize('NFC').trim().replace(/\s+/g, ' ');

/** The full name against the site's real-name rule (the register catalogue's payeeName, as the site sets it). */
export const checkFullname = (value: string, rule: RegisterFieldRule): ProfileIssue | null => {
  if (value === '') return null;
  const values = { min: rule.minLength, max: rule.maxLength };
  if (CONTROL.test(value)) return { field: 'fullname', rule: 'control' };
  const n = cp(value);
  if (n < rule.minLength || n > rule.maxLength || !testPattern(rule.acceptedPattern, rule.patternId, value)) return { field: 'fullname', rule: 'pattern', values };
  return null;
};

export type ProfileInput = Partial<Record<ProfileField, string | null | undefined>>;
/** What is stored: trimmed, '' and null both mean "not given". */
export type ProfileDraft = Record<ProfileField, string>;

export const normalizeProfile = (input: ProfileInput): ProfileDraft =>
  Object.fromEntries(
    PROFILE_FIELDS.map((f) => {
      const raw = input[f] ?? '';
      if (f === 'fullname') return [f, normalizeFullname(raw)];
      // Codes are case-insensitive on the way in: "kh" is Cambodia.
      if (f === 'nationality') return [f, raw.trim().toUpperCase()];
      return [f, raw.trim()];
    }),
  ) as ProfileDraft;

/** Every rule of the profile form, at most one issue per field, in form order. */
export const validateProfile = (draft: ProfileDraft, opts: { today: string; minAge: number; nameRule: RegisterFieldRule }): ProfileIssue[] => {
  const issues: (ProfileIssue | null)[] = [checkFullname(draft.fullname, opts.nameRule), checkBirthday(draft.birthday, opts.today, opts.minAge)];
  for (const f of PROFILE_TEXT_FIELDS) {
    const v = draft[f];
    if (CONTROL.test(v)) issues.push({ field: f, rule: 'control' });
    else if (cp(v) > PROFILE_TEXT_MAX[f]) issues.push({ field: f, rule: 'tooLong', values: { max: PROFILE_TEXT_MAX[f] } });
  }
  if (draft.nationality !== '' && !isCountryCode(draft.nationality)) issues.push({ field: 'nationality', rule: 'oneOf' });
  if (draft.sourceOfIncome !== '' && !(INCOME_SOURCES as readonly string[]).includes(draft.sourceOfIncome)) issues.push({ field: 'sourceOfIncome', rule: 'oneOf' });
  return issues.filter((i): i is ProfileIssue => i !== null);
};

type Texts = Record<Lang, string>;
const RULE_TEXT: Record<Exclude<ProfileRule, 'pattern'>, Texts> = {
  required: { en: 'Input cannot be empty', cn: '输入不能为空', km: 'មិនអាចទុកទទេបានទេ' },
  tooLong: { en: 'At most {max} characters', cn: '最多{max}个字符', km: 'យ៉ាងច្រើន {max} តួអក្សរ' },
  date: { en: 'Enter a real date as yyyy-MM-dd', cn: '请输入有效日期，格式为 yyyy-MM-dd', km: 'សូមបញ្ចូលកាលបរិច្ឆេទពិតប្រាកដជាទម្រង់ yyyy-MM-dd' },
  tooOld: { en: 'The year must be {year} or later', cn: '年份须为{year}年或之后', km: 'ឆ្នាំត្រូវតែជា {year} ឬក្រោយនេះ' },
  future: { en: 'The birthday cannot be in the future', cn: '出生日期不能晚于今天', km: 'ថ្ងៃខែឆ្នាំកំណើតមិនអាចនៅពេលអនាគតបានទេ' },
  minAge: { en: 'You must be at least {age} years old to use this site', cn: '您须年满{age}岁才能使用本站', km: 'អ្នកត្រូវមានអាយុយ៉ាងហោចណាស់ {age} ឆ្នាំ ដើម្បីប្រើគេហទំព័រនេះ' },
  oneOf: { en: 'Please choose one from the list', cn: '请从列表中选择', km: 'សូមជ្រើសរើសមួយពីបញ្ជី' },
  control: { en: 'Only printable text is allowed', cn: '只能包含可打印的文字', km: 'អនុញ្ញាតតែអក្សរដែលអាចបោះពុម្ពបានប៉ុណ្ណោះ' },
  locked: { en: 'Already set; contact customer service to change it', cn: '已设置，如需修改请联系客服', km: 'បានកំណត់រួចហើយ សូមទាក់ទងសេវាអតិថិជនដើម្បីកែប្រែ' },
};

/** An issue in the caller's language (the server's field messages). */
export const profileIssueMessage = (issue: ProfileIssue, lang: Lang, nameRule?: RegisterFieldRule): string => {
  if (issue.rule === 'pattern') return patternMessage(nameRule?.patternId ?? 'ANY', lang, Number(issue.values?.min ?? 0), Number(issue.values?.max ?? 0));
  return RULE_TEXT[issue.rule][lang].replace(/\{(\w+)\}/g, (all, k: string) => (issue.values?.[k] !== undefined ? String(issue.values[k]) : all));
};

// Raw strings may be generous: the rules above say what is too long, in words, per field.
const raw = (max: number) => text(max).nullish();

/** PUT /wps/member/profile — the whole form. Left out, '' or null: not given (an optional field is cleared). */
export const ProfileBody = z.strictObject({
  /** The real name; only while none is set (then it is locked: sending the same name again is fine). */
  fullname: raw(200),
  /** yyyy-MM-dd; only while none is set (then locked like the name). */
  birthday: raw(40),
  permanentAddress: raw(PROFILE_TEXT_MAX.permanentAddress * 4),
  currentAddress: raw(PROFILE_TEXT_MAX.currentAddress * 4),
  placeOfBirth: raw(PROFILE_TEXT_MAX.placeOfBirth * 4),
  /** ISO 3166-1 alpha-2, e.g. "KH". */
  nationality: raw(8),
  sourceOfIncome: raw(32),
  occupation: raw(PROFILE_TEXT_MAX.occupation * 4),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

/** GET /wps/member/profile (and the answer to PUT). */
export const ProfileValue = z.object({
  fullname: z.string().nullable(),
  /** Set once by the member (here or in the security center); changed afterwards only by customer service. */
  fullnameLocked: z.boolean(),
  birthday: z.string().nullable(),
  birthdayLocked: z.boolean(),
  permanentAddress: z.string().nullable(),
  currentAddress: z.string().nullable(),
  placeOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  occupation: z.string().nullable(),
  sourceOfIncome: z.enum(INCOME_SOURCES).nullable(),
  /** The site's minimum age (merchant config register.minAge). */
  minAge: z.number().int(),
  /** The site's calendar day, for the birthday picker's limits. */
  today: z.string(),
  updatedAt: z.string().nullable(),
});
export type ProfileValue = z.infer<typeof ProfileValue>;
export const ProfileResponse = ok(ProfileValue);

/** GET /ops/members/:id/profile — the same profile, as the back office reads it. */
export const OpsMemberProfileResponse = ok(ProfileValue.extend({ memberId: IdString }));
export type OpsMemberProfileValue = z.infer<typeof OpsMemberProfileResponse>['value'];

/**
 * PATCH /ops/members/:id/profile — customer service corrects the locked fields, with a reason;
 * audited with before and after. At least one of fullname and birthday.
 */
export const OpsProfileCorrectionBody = z
  .strictObject({ fullname: text(200).optional(), birthday: text(40).optional(), reason: AdjustmentReason })
  .refine((b) => b.fullname !== undefined || b.birthday !== undefined, { message: 'fullname or birthday', path: ['fullname'] });
export type OpsProfileCorrectionBody = z.infer<typeof OpsProfileCorrectionBody>;
