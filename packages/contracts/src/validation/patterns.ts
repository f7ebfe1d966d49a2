import { DEFAULT_MIN_AGE, type Lang } from '../constants.js';
import { ERRORS, fillPlaceholders } from '../errors.js';
import type { RegisterField, RegisterFieldRule } from './register-fields.js';

/**
 * The registration pattern catalogue of spec §5. Every source is compiled with the `u` flag only
 * (no `g`, so a cached RegExp carries no lastIndex state) and uses nothing newer than ES2018, so
 * Node 20 and Chromium agree. Sources are anchored: a value must match as a whole.
 */
export const PATTERN_IDS = [
  'DIGITS',
  'LETTER_FIRST_ALNUM',
  'ALNUM',
  'ALNUM_MIXED',
  'HAS_UPPERCASE',
  'NO_SPACES',
  'ENGLISH_SPACES',
  'TWO_LETTERS_SPACES',
  'ALNUM_SYMBOLS',
  'UPPERCASE_ONLY',
  'THAI_ONLY',
  'KOREAN_ONLY',
  'THAI_OR_ENGLISH',
  'CHINESE_SYMBOLS',
  'LETTERS_CHINESE',
  'JAPANESE_FULLWIDTH',
  'EMAIL',
  'FULL_NAME',
  'DATE',
  'STRONG_PASSWORD',
  'ANY',
] as const;
export type PatternId = (typeof PATTERN_IDS)[number];

export type PatternDef = {
  source: string;
  /** For what a regex cannot say (a real calendar date); runs only after the regex matched. */
  extraCheck?: (value: string) => boolean;
};

const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Accepts the two DATE layouts; Feb 30, month 13 or year 0 are not dates. */
const isCalendarDate = (value: string) => {
  const iso = value[4] === '-';
  const y = Number(iso ? value.slice(0, 4) : value.slice(6, 10));
  const m = Number(iso ? value.slice(5, 7) : value.slice(0, 2));
  const d = Number(iso ? value.slice(8, 10) : value.slice(3, 5));
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const days = m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1];
  return d <= days;
};

// Printable ASCII without the space: what "symbols" means on a keyboard-typed credential.
const ASCII_VISIBLE = '!-~';
// Latin letters and digits of email labels; the TLD may be punycode (xn--…).
const EMAIL_LOCAL = "[A-Za-z0-9!#$%&'*+/=?^_{|}~-]+";
const EMAIL_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// A name word starts with a letter; marks (Khmer/Thai vowel signs), apostrophes, dots and hyphens may follow.
const NAME_WORD = String.raw`\p{L}[\p{L}\p{M}'’.-]*`;

export const PATTERNS: Record<PatternId, PatternDef> = {
  DIGITS: { source: '^[0-9]+$' },
  LETTER_FIRST_ALNUM: { source: '^[A-Za-z][A-Za-z0-9]*$' },
  ALNUM: { source: '^[A-Za-z0-9]+$' },
  // Symbols are allowed: the rule promises a mix of letters and digits, and rejecting "abc123!" under
  // that message would confuse people (and their password managers).
  ALNUM_MIXED: { source: String.raw`^(?=.*[A-Za-z])(?=.*[0-9])[${ASCII_VISIBLE}]+$` },
  HAS_UPPERCASE: { source: String.raw`^(?=.*\p{Lu}).+$` },
  // \S under `u` also refuses no-break and ideographic spaces.
  NO_SPACES: { source: String.raw`^\S+$` },
  ENGLISH_SPACES: { source: '^(?=.*[A-Za-z])[A-Za-z ]+$' },
  // Any script's letters (with their combining marks, which Khmer and Thai need), spaces allowed.
  TWO_LETTERS_SPACES: { source: String.raw`^(?=(?:[^\p{L}]*\p{L}){2})[\p{L}\p{M} ]+$` },
  ALNUM_SYMBOLS: { source: `^[${ASCII_VISIBLE}]+$` },
  UPPERCASE_ONLY: { source: '^[A-Z]+$' },
  THAI_ONLY: { source: String.raw`^\p{Script=Thai}+$` },
  KOREAN_ONLY: { source: String.raw`^\p{Script=Hangul}+$` },
  THAI_OR_ENGLISH: { source: String.raw`^(?:\p{Script=Thai}+|[A-Za-z]+)$` },
  CHINESE_SYMBOLS: { source: String.raw`^(?=.*\p{Script=Han})[\p{Script=Han}\p{P}\p{S}]+$` },
  LETTERS_CHINESE: { source: String.raw`^[A-Za-z\p{Script=Han}]+$` },
  // Explicit code-point ranges rather than \p{Script=Katakana}, which also admits half-width kana.
  // Hiragana, full-width katakana (with ・ and ー), kanji, full-width digits and Latin letters.
  JAPANESE_FULLWIDTH: {
    source: String.raw`^[\u3041-\u3096\u309D-\u309F\u30A1-\u30FF\p{Script=Han}\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]+$`,
  },
  EMAIL: {
    source: String.raw`^${EMAIL_LOCAL}(?:\.${EMAIL_LOCAL})*@(?:${EMAIL_LABEL}\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$`,
  },
  FULL_NAME: { source: `^${NAME_WORD}(?: +${NAME_WORD})+$` },
  DATE: {
    source: '^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{2}-[0-9]{2}-[0-9]{4})$',
    extraCheck: isCalendarDate,
  },
  STRONG_PASSWORD: { source: String.raw`^(?=.*\p{Ll})(?=.*\p{Lu})(?=.*[0-9])(?=.*[^\p{L}\p{M}\p{N}\s])\S+$` },
  ANY: { source: String.raw`^[\s\S]*$` },
};

export const isPatternId = (id: string): id is PatternId => Object.hasOwn(PATTERNS, id);

/** A merchant rule the code cannot apply. It is the operator's mistake, not the player's: answer 5xx. */
export class PatternConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatternConfigError';
  }
}

const compiled = new Map<string, RegExp>();

/** Compiles (once) a pattern source exactly as both sides will run it; the server can call it when a merchant saves a rule. */
export const compilePattern = (source: string): RegExp => {
  const cached = compiled.get(source);
  if (cached) return cached;
  let re: RegExp;
  try {
    re = new RegExp(source, 'u');
  } catch (e) {
    throw new PatternConfigError(`Registration pattern /${source}/u does not compile: ${(e as Error).message}`);
  }
  compiled.set(source, re);
  return re;
};

/**
 * Does `value` satisfy a field's pattern? '*' matches everything. A non-empty acceptedPattern is the
 * merchant's own regex and wins, taken as written (not re-anchored); an empty one means "the
 * catalogue regex of patternId". Length is not checked here: callers check it first, which also
 * bounds the work a merchant's regex can do.
 */
export const testPattern = (acceptedPattern: string, patternId: string, value: string): boolean => {
  if (acceptedPattern === '*') return true;
  const def = isPatternId(patternId) ? PATTERNS[patternId] : undefined;
  const source = acceptedPattern || def?.source;
  if (!source) {
    throw new PatternConfigError(`Registration pattern "${patternId}" is not in the catalogue and no acceptedPattern is set`);
  }
  if (!compilePattern(source).test(value)) return false;
  // The extra check belongs to the catalogue regex; a merchant's different regex may use other layouts.
  return def?.extraCheck && source === def.source ? def.extraCheck(value) : true;
};

type Texts = Record<Lang, string>;

const PATTERN_PREFIX: Texts = {
  km: 'សូមបញ្ចូល (min) - (max) តួអក្សរ',
  en: 'Please enter (min) - (max) characters',
  cn: '请输入(min)-(max)个字符',
};
const PATTERN_JOIN: Texts = { km: ' ', en: ', ', cn: '，' };

const PATTERN_VARIANTS: Record<Exclude<PatternId, 'ANY'>, Texts> = {
  DIGITS: { km: 'តែលេខប៉ុណ្ណោះ', en: 'digits only', cn: '仅限数字' },
  LETTER_FIRST_ALNUM: {
    km: 'ចាប់ផ្តើមដោយអក្សរ បន្ទាប់មកជាអក្សរ និងលេខ',
    en: 'starting with a letter, then letters and digits',
    cn: '以字母开头，由字母和数字组成',
  },
  ALNUM: { km: 'អក្សរ និងលេខ ដោយគ្មានអក្សរចិន', en: 'letters and digits, no Chinese characters', cn: '字母和数字，不能包含中文' },
  ALNUM_MIXED: { km: 'ត្រូវមានទាំងអក្សរ និងលេខលាយគ្នា', en: 'must mix letters and digits', cn: '必须同时包含字母和数字' },
  HAS_UPPERCASE: { km: 'ត្រូវមានអក្សរធំយ៉ាងហោចណាស់មួយ', en: 'with at least one uppercase letter', cn: '至少包含一个大写字母' },
  NO_SPACES: { km: 'គ្មានដកឃ្លា', en: 'no spaces', cn: '不能包含空格' },
  ENGLISH_SPACES: { km: 'តែអក្សរអង់គ្លេស និងដកឃ្លាប៉ុណ្ណោះ', en: 'English letters and spaces only', cn: '仅限英文字母和空格' },
  TWO_LETTERS_SPACES: {
    km: 'អក្សរយ៉ាងហោចណាស់ពីរ និងអាចមានដកឃ្លា',
    en: 'at least two letters, spaces allowed',
    cn: '至少两个字母，可包含空格',
  },
  ALNUM_SYMBOLS: { km: 'អក្សរ លេខ និងនិមិត្តសញ្ញា', en: 'letters, digits and symbols', cn: '字母、数字和符号' },
  UPPERCASE_ONLY: { km: 'តែអក្សរអង់គ្លេសធំប៉ុណ្ណោះ', en: 'uppercase English letters only', cn: '仅限大写英文字母' },
  THAI_ONLY: { km: 'តែអក្សរថៃប៉ុណ្ណោះ', en: 'Thai only', cn: '仅限泰文' },
  KOREAN_ONLY: { km: 'តែអក្សរកូរ៉េប៉ុណ្ណោះ', en: 'Korean only', cn: '仅限韩文' },
  THAI_OR_ENGLISH: { km: 'អក្សរថៃ ឬអក្សរអង់គ្លេស', en: 'Thai or English', cn: '泰文或英文' },
  CHINESE_SYMBOLS: { km: 'អក្សរចិន និងនិមិត្តសញ្ញា', en: 'Chinese characters and symbols', cn: '中文和符号' },
  LETTERS_CHINESE: { km: 'អក្សរឡាតាំង និងអក្សរចិន', en: 'letters plus Chinese characters', cn: '字母加中文' },
  JAPANESE_FULLWIDTH: {
    km: 'អក្សរជប៉ុនពេញទទឹង គ្មានដកឃ្លា',
    en: 'Japanese full-width characters, no spaces',
    cn: '日文全角字符，不能包含空格',
  },
  EMAIL: { km: 'អាសយដ្ឋានអ៊ីមែលដែលត្រឹមត្រូវ', en: 'a valid e-mail address', cn: '有效的电子邮箱地址' },
  FULL_NAME: {
    km: 'ឈ្មោះពេញ (នាមត្រកូល និងនាមខ្លួន)',
    en: 'full name (first and last name)',
    cn: '完整姓名（名和姓）',
  },
  DATE: {
    km: 'កាលបរិច្ឆេទជាទម្រង់ yyyy-MM-dd ឬ MM-dd-yyyy',
    en: 'a date as yyyy-MM-dd or MM-dd-yyyy',
    cn: '日期格式为 yyyy-MM-dd 或 MM-dd-yyyy',
  },
  STRONG_PASSWORD: {
    km: 'ពាក្យសម្ងាត់ខ្លាំងដែលមានអក្សរធំ អក្សរតូច លេខ និងនិមិត្តសញ្ញា',
    en: 'a strong password with uppercase, lowercase, digit and symbol',
    cn: '强密码，须包含大写字母、小写字母、数字和符号',
  },
};

/** The translated texts per pattern id, with (min) and (max) still in place (spec §5). */
export const PATTERN_MESSAGES = Object.fromEntries(
  PATTERN_IDS.map((id) => {
    const variant = id === 'ANY' ? undefined : PATTERN_VARIANTS[id];
    const text = (lang: Lang) => PATTERN_PREFIX[lang] + (variant ? PATTERN_JOIN[lang] + variant[lang] : '');
    return [id, { km: text('km'), en: text('en'), cn: text('cn') }];
  }),
) as Record<PatternId, Texts>;

/** A merchant's own pattern id we have no text for still gets the length part. */
export const patternMessage = (patternId: string, lang: Lang, min: number, max: number): string =>
  (isPatternId(patternId) ? PATTERN_MESSAGES[patternId][lang] : PATTERN_PREFIX[lang])
    .replaceAll('(min)', String(min))
    .replaceAll('(max)', String(max));

const fromCatalogue = ({ km, en, cn }: Texts): Texts => ({ km, en, cn });

/**
 * The "other messages" of spec §5, plus the few the rules need. Where the error catalogue already
 * says the same thing, its text is reused so a field message and an API error never disagree.
 */
export const VALIDATION_MESSAGES = {
  verificationCodeInvalid: {
    km: 'សូមបញ្ចូលលេខកូដផ្ទៀងផ្ទាត់ដែលត្រឹមត្រូវ',
    en: 'Please enter a valid verification code',
    cn: '请输入有效的验证码',
  },
  mobileInvalid: { km: 'សូមបញ្ចូលលេខទូរស័ព្ទដែលត្រឹមត្រូវ', en: 'Please enter a valid mobile number', cn: '请输入有效的手机号码' },
  confirmInputIncorrect: { km: 'ការបញ្ចូលដើម្បីបញ្ជាក់មិនត្រឹមត្រូវ', en: 'Incorrect confirmation input', cn: '确认输入不正确' },
  realNameFormat: { km: 'ទម្រង់ឈ្មោះពិតមិនត្រឹមត្រូវ', en: 'Real name format is incorrect', cn: '真实姓名格式不正确' },
  dialingCodeNotServed: {
    km: 'គេហទំព័រនេះមិនទទួលលេខទូរស័ព្ទដែលមានលេខកូដប្រទេសនេះទេ',
    en: 'This site does not take numbers with this country code',
    cn: '本站不接受该国家区号的手机号码',
  },
  phoneFormat: { km: 'ទម្រង់លេខទូរស័ព្ទមិនត្រឹមត្រូវ', en: 'Phone number format is incorrect', cn: '手机号码格式不正确' },
  invitationCodeInvalid: fromCatalogue(ERRORS.INVITATION_CODE_INVALID),
  accountFormat: { km: 'ទម្រង់គណនីមិនត្រឹមត្រូវ', en: 'Account format is incorrect', cn: '账号格式不正确' },
  passwordFormat: { km: 'ទម្រង់ពាក្យសម្ងាត់មិនត្រឹមត្រូវ', en: 'Password format is incorrect', cn: '密码格式不正确' },
  emailFormat: { km: 'ទម្រង់អ៊ីមែលមិនត្រឹមត្រូវ', en: 'E-mail format is incorrect', cn: '电子邮箱格式不正确' },
  confirmPasswordIncorrect: {
    km: 'ពាក្យសម្ងាត់បញ្ជាក់មិនត្រឹមត្រូវទេ។',
    en: 'Confirmation password is not correct.',
    cn: '确认密码不正确。',
  },
  captchaRequired: { km: 'សូមបញ្ចូលលេខកូដក្នុងរូបភាព', en: 'Please enter the captcha', cn: '请输入图形验证码' },
  inputEmpty: fromCatalogue(ERRORS.INPUT_EMPTY),
  ageConfirm: { km: 'សូមបញ្ជាក់ថាអ្នកមានអាយុគ្រប់ {0} ឆ្នាំ', en: 'Please confirm you are {0} years old', cn: '请确认您已年满{0}岁' },
  contentWords: {
    km: 'ខ្លឹមសារត្រូវមានចន្លោះពី {0} ដល់ {1} ពាក្យ',
    en: 'The content is between {0} and {1} words',
    cn: '内容须在{0}至{1}字之间',
  },
  // Spec §5: registration's "inconsistent twice".
  passwordInconsistent: {
    km: 'ពាក្យសម្ងាត់ដែលបានបញ្ចូលទាំងពីរដងមិនដូចគ្នាទេ',
    en: 'The two passwords you entered do not match',
    cn: '两次输入的密码不一致',
  },
  termsRequired: fromCatalogue(ERRORS.TERMS_REQUIRED),
  passwordSameAsOld: fromCatalogue(ERRORS.PASSWORD_SAME_AS_OLD),
} as const satisfies Record<string, Texts>;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

const DEFAULT_ARGS: Partial<Record<ValidationMessageKey, readonly (string | number)[]>> = { ageConfirm: [DEFAULT_MIN_AGE] };

export const validationMessage = (key: ValidationMessageKey, lang: Lang, args: readonly (string | number)[] = []): string =>
  fillPlaceholders(VALIDATION_MESSAGES[key][lang], args.length ? args : (DEFAULT_ARGS[key] ?? []));

const rule = (patternId: PatternId, minLength: number, maxLength: number, enabled = false, required = false): RegisterFieldRule => ({
  enabled,
  required,
  // Empty means "the catalogue regex of patternId", so a merchant who overrides only patternId gets a
  // regex and a message that agree.
  acceptedPattern: '',
  patternId,
  minLength,
  maxLength,
});

/** Production defaults; a merchant's config overlays them field by field. */
export const DEFAULT_REGISTER_RULES: Record<RegisterField, RegisterFieldRule> = {
  username: rule('LETTER_FIRST_ALNUM', 4, 16, true, true),
  password: rule('ALNUM_MIXED', 6, 20, true, true),
  // Unicode letters so Khmer, Chinese and Latin names all fit; a surname-less name is still a name.
  payeeName: rule('TWO_LETTERS_SPACES', 2, 50, true, false),
  email: rule('EMAIL', 6, 254, true, false),
  qqNum: rule('DIGITS', 5, 12),
  mobileNum: rule('DIGITS', 6, 15, true, false),
  paymentPassword: rule('DIGITS', 4, 6),
  line: rule('NO_SPACES', 1, 50),
  whatsapp: rule('DIGITS', 6, 15),
  facebook: rule('ANY', 1, 100),
  wechat: rule('NO_SPACES', 6, 20),
  telegram: rule('NO_SPACES', 5, 32),
  zalo: rule('DIGITS', 6, 15),
  idNumber: rule('ALNUM', 6, 20),
  // The invitation code is optional (spec §5).
  affiliateCode: rule('ALNUM', 1, 32, true, false),
  referralCode: rule('ALNUM', 1, 32),
  recommenderId: rule('ALNUM', 1, 32),
  // The captcha's correctness is the server's business; the form only insists on an answer.
  captcha: rule('ANY', 1, 16, true, true),
  // Only checked when SMS verification is on; the spec fixes no format beyond 255 characters.
  verificationCode: rule('ANY', 1, 255),
};
