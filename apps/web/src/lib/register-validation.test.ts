import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REGISTER_RULES,
  LANGUAGES,
  PATTERN_IDS,
  REGISTER_FIELDS,
  buildRegisterFormSchema,
  patternMessage,
  validationMessage,
  type Lang,
  type PatternId,
  type RegisterField,
  type RegisterFieldRule,
  type RegisterSettingValue,
} from '@apsara/contracts';

/**
 * The web half of "checked on both sides with the same code" (DESIGN §3.8): every pattern variant
 * goes through the schema the register form hands to zodResolver, and the field shows the message.
 */

const MIN = 1;
const MAX = 40;

/** Only payeeName is checked, so each case isolates one pattern; it is trimmed, so no edge blanks here. */
const settingsFor = (patternId: PatternId): RegisterSettingValue => ({
  fields: Object.fromEntries(
    REGISTER_FIELDS.map((f): [RegisterField, RegisterFieldRule] => [
      f,
      f === 'payeeName'
        ? { enabled: true, required: true, acceptedPattern: '', patternId, minLength: MIN, maxLength: MAX }
        : { ...DEFAULT_REGISTER_RULES[f], enabled: false, required: false },
    ]),
  ) as RegisterSettingValue['fields'],
  minAge: 18,
  termsDefaultChecked: true,
});

const EXAMPLES: Record<PatternId, { valid: string[]; invalid: string[] }> = {
  DIGITS: { valid: ['012345678', '855'], invalid: ['12a3', '１２３'] },
  LETTER_FIRST_ALNUM: { valid: ['player01', 'Abc'], invalid: ['1player', 'play_er'] },
  ALNUM: { valid: ['abc123', 'ABC'], invalid: ['abc-123', '用户abc'] },
  ALNUM_MIXED: { valid: ['abc123', '9Lives!'], invalid: ['abcdef', '123456'] },
  HAS_UPPERCASE: { valid: ['Password', 'pa$$Word1'], invalid: ['password', '12345!'] },
  NO_SPACES: { valid: ['no-spaces_here', 'សួស្តី'], invalid: ['two words', 'nbsp\u00A0x'] },
  ENGLISH_SPACES: { valid: ['John Smith', 'Alice'], invalid: ['John3', 'José'] },
  TWO_LETTERS_SPACES: { valid: ['Li Na', 'សុខ ដារ៉ា'], invalid: ['a', 'Li-Na'] },
  ALNUM_SYMBOLS: { valid: ['abc123!@#', 'P@ss_w0rd'], invalid: ['abc 123', '密码123'] },
  UPPERCASE_ONLY: { valid: ['ABC', 'Z'], invalid: ['ABc', 'AB1'] },
  THAI_ONLY: { valid: ['สมชาย', 'ภาษาไทย'], invalid: ['Somchai', 'สมชาย ใจดี'] },
  KOREAN_ONLY: { valid: ['홍길동', '김민수'], invalid: ['Hong', '홍 길동'] },
  THAI_OR_ENGLISH: { valid: ['สมชาย', 'Somchai'], invalid: ['Somชาย', 'Som1'] },
  CHINESE_SYMBOLS: { valid: ['张三', '艾力·买买提'], invalid: ['abc张三', '张三1'] },
  LETTERS_CHINESE: { valid: ['张三', 'Zhang三'], invalid: ['张三1', 'Zhang San'] },
  JAPANESE_FULLWIDTH: { valid: ['山田太郎', 'ヤマダ・タロー'], invalid: ['ﾔﾏﾀﾞ', '山田\u3000太郎'] },
  EMAIL: { valid: ['player@example.com', 'first.last+tag@mail.example.co.uk'], invalid: ['player@localhost', 'play..er@example.com'] },
  FULL_NAME: { valid: ['John Smith', 'សុខ ដារ៉ា'], invalid: ['John', 'John_Smith'] },
  DATE: { valid: ['2024-02-29', '12-31-1999'], invalid: ['2023-02-29', '02-30-2024'] },
  STRONG_PASSWORD: { valid: ['Abcdef1!', 'P@ssw0rd'], invalid: ['abcdef1!', 'Abcdef12'] },
  // Match-all: only the length can make it fail.
  ANY: { valid: ['anything at all 任何', '!'], invalid: ['x'.repeat(MAX + 1)] },
};

const submit = (patternId: PatternId, payeeName: string, lang: Lang) =>
  buildRegisterFormSchema(settingsFor(patternId), { lang, mode: 'username', smsVerification: false }).safeParse({
    payeeName,
    termsAccepted: true,
    ageConfirmed: true,
  });

const cases = PATTERN_IDS.flatMap((id, i) => {
  // Spread the three languages over the variants so each language is exercised throughout.
  const lang = LANGUAGES[i % LANGUAGES.length];
  return [
    ...EXAMPLES[id].valid.map((value) => ({ id, lang, value, valid: true })),
    ...EXAMPLES[id].invalid.map((value) => ({ id, lang, value, valid: false })),
  ];
});

describe('register form schema, every pattern variant', () => {
  it('has examples for every variant', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...PATTERN_IDS].sort());
  });

  it.each(cases)('$id ($lang): "$value" valid=$valid', ({ id, lang, value, valid }) => {
    const result = submit(id, value, lang);
    const messages = (result.error?.issues ?? []).filter((i) => i.path[0] === 'payeeName').map((i) => i.message);
    expect(messages).toEqual(valid ? [] : [patternMessage(id, lang, MIN, MAX)]);
    expect(result.success).toBe(valid);
  });
});

describe('register form through zodResolver', () => {
  const resolve = (values: Record<string, unknown>, lang: Lang = 'en') =>
    zodResolver(buildRegisterFormSchema(settingsFor('FULL_NAME'), { lang, mode: 'username', smsVerification: false }))(
      values,
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );

  it('gives react-hook-form a message per field', async () => {
    const { errors } = await resolve({ payeeName: 'John', termsAccepted: false, ageConfirmed: false }, 'cn');
    expect(errors.payeeName?.message).toBe(patternMessage('FULL_NAME', 'cn', MIN, MAX));
    expect(errors.termsAccepted?.message).toBe(validationMessage('termsRequired', 'cn'));
    expect(errors.ageConfirmed?.message).toBe(validationMessage('ageConfirm', 'cn', [18]));
  });

  it('passes valid values through, extra form fields included', async () => {
    const { errors, values } = await resolve({ payeeName: 'John Smith', termsAccepted: true, ageConfirmed: true, countryDialingCode: '855' });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ payeeName: 'John Smith', countryDialingCode: '855' });
  });
});
