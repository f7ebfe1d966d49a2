import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.js';
import {
  DEFAULT_REGISTER_RULES,
  PATTERN_IDS,
  PATTERN_MESSAGES,
  PATTERNS,
  PatternConfigError,
  compilePattern,
  patternMessage,
  testPattern,
  validationMessage,
  VALIDATION_MESSAGES,
  type PatternId,
} from './patterns.js';
import { REGISTER_FIELDS } from './register-fields.js';

type Examples = { valid: string[]; invalid: string[] };

/** Two or more examples each way for every variant; ANY is match-all, so it can have no invalid ones. */
const EXAMPLES: Record<PatternId, Examples> = {
  DIGITS: { valid: ['0123456789', '855'], invalid: ['12a3', '１２３', '12 3', '-12'] },
  LETTER_FIRST_ALNUM: { valid: ['player01', 'Abc', 'a'], invalid: ['1player', 'play_er', 'player one', '玩家01'] },
  ALNUM: { valid: ['abc123', 'ABC', '2024'], invalid: ['abc-123', '用户abc', 'ab c', 'café'] },
  ALNUM_MIXED: { valid: ['abc123', '9Lives', 'abc123!@'], invalid: ['abcdef', '123456', 'abc 123', '密码abc123'] },
  HAS_UPPERCASE: { valid: ['Password', 'pa$$Word1', 'Élan'], invalid: ['password', '12345!', 'ពាក្យសម្ងាត់'] },
  NO_SPACES: {
    valid: ['no-spaces_here', 'សួស្តី', '密码'],
    invalid: ['two words', ' lead', 'tab\tx', 'nbsp\u00A0x', 'ideographic\u3000space'],
  },
  ENGLISH_SPACES: { valid: ['John Smith', 'Alice'], invalid: ['John3', 'Jean-Luc', 'José', '   '] },
  TWO_LETTERS_SPACES: { valid: ['Li Na', 'ab', 'សុខ ដារ៉ា', '张伟'], invalid: ['a', 'a 1', 'Li-Na', '  a  '] },
  ALNUM_SYMBOLS: { valid: ['abc123!@#', 'P@ss_w0rd', '~'], invalid: ['abc 123', '密码123', 'naïve'] },
  UPPERCASE_ONLY: { valid: ['ABC', 'Z'], invalid: ['ABc', 'AB1', 'ÀB', 'A B'] },
  THAI_ONLY: { valid: ['สมชาย', 'ภาษาไทย'], invalid: ['สมชาย ใจดี', 'Somchai', 'สมชาย1'] },
  KOREAN_ONLY: { valid: ['홍길동', '김민수'], invalid: ['홍 길동', 'Hong', '홍길동1', '洪吉童'] },
  THAI_OR_ENGLISH: { valid: ['สมชาย', 'Somchai'], invalid: ['Somชาย', 'สมชาย ใจดี', 'Som1'] },
  CHINESE_SYMBOLS: { valid: ['张三', '艾力·买买提', '中文（测试）！'], invalid: ['·！', 'abc张三', '张 三', '张三1'] },
  LETTERS_CHINESE: { valid: ['张三', 'Zhang三', 'abc'], invalid: ['张三1', 'Zhang San', '张_三'] },
  JAPANESE_FULLWIDTH: {
    valid: ['やまだたろう', '山田太郎', 'ヤマダ・タロー', 'ＡＢＣ１２３'],
    invalid: ['ﾔﾏﾀﾞ', '山田 太郎', '山田\u3000太郎', 'Yamada'],
  },
  EMAIL: {
    valid: ['player@example.com', 'first.last+tag@mail.example.co.uk', 'a_b@xn--80ak6aa92e.xn--p1ai'],
    invalid: [
      'player@localhost',
      'player@@example.com',
      '.player@example.com',
      'play..er@example.com',
      'player@exa_mple.com',
      'player @example.com',
      'player@-example.com',
    ],
  },
  FULL_NAME: {
    valid: ['John Smith', "Mary-Jane O'Neil", 'សុខ ដារ៉ា', 'Nguyễn Văn An'],
    invalid: ['John', 'John Smith2', 'John_Smith', "'John Smith"],
  },
  DATE: {
    valid: ['2024-02-29', '12-31-1999', '2000-02-29', '02-29-2024'],
    invalid: ['2023-02-29', '2024-02-30', '02-30-2024', '1900-02-29', '2024-13-01', '2024-1-01', '2024/01/01', '0000-01-01', '2024-04-31'],
  },
  STRONG_PASSWORD: {
    valid: ['Abcdef1!', 'P@ssw0rd', 'Zz9_zzzz'],
    invalid: ['abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdef12', 'Abc def1!'],
  },
  ANY: { valid: ['', 'anything at all 任何', 'line\nbreak', '\uD800'], invalid: [] },
};

describe('pattern catalogue', () => {
  it('covers every pattern variant with examples', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...PATTERN_IDS].sort());
    for (const id of PATTERN_IDS) {
      expect(EXAMPLES[id].valid.length, id).toBeGreaterThanOrEqual(2);
      if (id !== 'ANY') expect(EXAMPLES[id].invalid.length, id).toBeGreaterThanOrEqual(2);
    }
  });

  it.each(PATTERN_IDS)('%s compiles with the u flag and is anchored', (id) => {
    expect(compilePattern(PATTERNS[id].source).flags).toBe('u');
    expect(PATTERNS[id].source.startsWith('^') && PATTERNS[id].source.endsWith('$')).toBe(true);
  });

  const cases = PATTERN_IDS.flatMap((id) => [
    ...EXAMPLES[id].valid.map((value) => ({ id, value, expected: true })),
    ...EXAMPLES[id].invalid.map((value) => ({ id, value, expected: false })),
  ]);
  it.each(cases)('$id: $value → $expected', ({ id, value, expected }) => {
    // Empty acceptedPattern: the catalogue regex of the id.
    expect(testPattern('', id, value)).toBe(expected);
    // The catalogue source sent back as acceptedPattern behaves the same, extra check included.
    expect(testPattern(PATTERNS[id].source, id, value)).toBe(expected);
  });
});

describe('testPattern', () => {
  it("treats '*' as match-all, whatever the id and value", () => {
    for (const value of ['', ' ', 'x', '密码 ! \n', '\uD800']) {
      expect(testPattern('*', 'DIGITS', value)).toBe(true);
      expect(testPattern('*', 'NOT_A_PATTERN', value)).toBe(true);
    }
  });

  it("lets the merchant's acceptedPattern override the catalogue source", () => {
    expect(testPattern('^[a-z]+$', 'DIGITS', 'abc')).toBe(true);
    expect(testPattern('^[a-z]+$', 'DIGITS', '123')).toBe(false);
    // A merchant id we have no entry for works when it brings its own regex.
    expect(testPattern('^VIP[0-9]{3}$', 'MERCHANT_VIP', 'VIP007')).toBe(true);
    expect(testPattern('^VIP[0-9]{3}$', 'MERCHANT_VIP', 'VIP7')).toBe(false);
  });

  it("takes the merchant's regex as written (unanchored means a partial match)", () => {
    expect(testPattern('[0-9]', 'DIGITS', 'abc1')).toBe(true);
  });

  it("runs the calendar check only with the catalogue's DATE regex", () => {
    expect(testPattern('', 'DATE', '2024-02-30')).toBe(false);
    expect(testPattern(String.raw`^\d{4}-\d{2}-\d{2}$`, 'DATE', '2024-02-30')).toBe(true);
    expect(testPattern(String.raw`^\d{4}/\d{2}/\d{2}$`, 'DATE', '2024/02/29')).toBe(true);
  });

  it('throws a PatternConfigError for a configured regex that does not compile', () => {
    expect(() => testPattern('([a-z', 'DIGITS', 'abc')).toThrow(PatternConfigError);
    expect(() => testPattern('([a-z', 'DIGITS', 'abc')).toThrow(/Registration pattern \/\(\[a-z\/u does not compile/);
    // Valid without the u flag, invalid with it: both sides compile with u, so this is a config error too.
    expect(() => testPattern(String.raw`^\_+$`, 'DIGITS', '_')).toThrow(PatternConfigError);
  });

  it('throws a PatternConfigError when there is no regex at all', () => {
    expect(() => testPattern('', 'NOT_A_PATTERN', 'abc')).toThrow(PatternConfigError);
    expect(() => testPattern('', 'NOT_A_PATTERN', 'abc')).toThrow(/"NOT_A_PATTERN" is not in the catalogue/);
  });
});

describe('patternMessage', () => {
  it('fills (min) and (max) in each language', () => {
    expect(patternMessage('DIGITS', 'en', 6, 15)).toBe('Please enter 6 - 15 characters, digits only');
    expect(patternMessage('DIGITS', 'km', 6, 15)).toBe('សូមបញ្ចូល 6 - 15 តួអក្សរ តែលេខប៉ុណ្ណោះ');
    expect(patternMessage('DIGITS', 'cn', 6, 15)).toBe('请输入6-15个字符，仅限数字');
    expect(patternMessage('LETTER_FIRST_ALNUM', 'en', 4, 16)).toBe(
      'Please enter 4 - 16 characters, starting with a letter, then letters and digits',
    );
    expect(patternMessage('STRONG_PASSWORD', 'cn', 8, 20)).toBe('请输入8-20个字符，强密码，须包含大写字母、小写字母、数字和符号');
  });

  it.each(PATTERN_IDS)('%s has a complete text in km, en and cn', (id) => {
    const texts = LANGUAGES.map((lang) => patternMessage(id, lang, 3, 42));
    for (const text of texts) {
      expect(text).toContain('3');
      expect(text).toContain('42');
      expect(text).not.toMatch(/\((min|max)\)/);
    }
    expect(new Set(texts).size).toBe(3);
    for (const lang of LANGUAGES) expect(PATTERN_MESSAGES[id][lang]).toMatch(/\(min\).*\(max\)/);
  });

  it('gives each variant its own text', () => {
    for (const lang of LANGUAGES) {
      expect(new Set(PATTERN_IDS.map((id) => PATTERN_MESSAGES[id][lang])).size).toBe(PATTERN_IDS.length);
    }
  });

  it('falls back to the length text for ANY and for ids outside the catalogue', () => {
    expect(patternMessage('ANY', 'en', 1, 16)).toBe('Please enter 1 - 16 characters');
    expect(patternMessage('MERCHANT_VIP', 'cn', 1, 16)).toBe('请输入1-16个字符');
  });
});

describe('validation messages', () => {
  it('has every message in km, en and cn', () => {
    for (const [key, texts] of Object.entries(VALIDATION_MESSAGES)) {
      for (const lang of LANGUAGES) expect(texts[lang].trim(), `${key}.${lang}`).not.toBe('');
      expect(new Set(LANGUAGES.map((lang) => texts[lang])).size, key).toBe(3);
    }
  });

  it('uses the spec wording in English', () => {
    expect(validationMessage('verificationCodeInvalid', 'en')).toBe('Please enter a valid verification code');
    expect(validationMessage('confirmPasswordIncorrect', 'en')).toBe('Confirmation password is not correct.');
    expect(validationMessage('inputEmpty', 'en')).toBe('Input cannot be empty');
    expect(validationMessage('captchaRequired', 'en')).toBe('Please enter the captcha');
    expect(validationMessage('invitationCodeInvalid', 'en')).toBe('Invalid invitation code');
  });

  it('takes the age as a parameter, 18 by default', () => {
    expect(validationMessage('ageConfirm', 'en')).toBe('Please confirm you are 18 years old');
    expect(validationMessage('ageConfirm', 'en', [21])).toBe('Please confirm you are 21 years old');
    expect(validationMessage('ageConfirm', 'cn', [21])).toBe('请确认您已年满21岁');
    expect(validationMessage('ageConfirm', 'km', [21])).toBe('សូមបញ្ជាក់ថាអ្នកមានអាយុគ្រប់ 21 ឆ្នាំ');
  });

  it('fills the word range', () => {
    expect(validationMessage('contentWords', 'en', [20, 200])).toBe('The content is between 20 and 200 words');
    expect(validationMessage('contentWords', 'cn', [20, 200])).toBe('内容须在20至200字之间');
    expect(validationMessage('contentWords', 'km', [20, 200])).toBe('ខ្លឹមសារត្រូវមានចន្លោះពី 20 ដល់ 200 ពាក្យ');
  });
});

describe('DEFAULT_REGISTER_RULES', () => {
  it('has a consistent rule for every field', () => {
    expect(Object.keys(DEFAULT_REGISTER_RULES).sort()).toEqual([...REGISTER_FIELDS].sort());
    for (const [field, rule] of Object.entries(DEFAULT_REGISTER_RULES)) {
      expect(PATTERN_IDS, field).toContain(rule.patternId);
      expect(rule.minLength, field).toBeLessThanOrEqual(rule.maxLength);
      if (rule.required) expect(rule.enabled, field).toBe(true);
    }
  });

  it('matches the production defaults', () => {
    expect(DEFAULT_REGISTER_RULES.username).toMatchObject({ enabled: true, required: true, patternId: 'LETTER_FIRST_ALNUM', minLength: 4, maxLength: 16 });
    expect(DEFAULT_REGISTER_RULES.password).toMatchObject({ enabled: true, required: true, patternId: 'ALNUM_MIXED', minLength: 6, maxLength: 20 });
    expect(DEFAULT_REGISTER_RULES.mobileNum).toMatchObject({ patternId: 'DIGITS', minLength: 6, maxLength: 15 });
    expect(DEFAULT_REGISTER_RULES.email.patternId).toBe('EMAIL');
    expect(DEFAULT_REGISTER_RULES.captcha).toMatchObject({ enabled: true, required: true });
  });
});
