import { describe, expect, it } from 'vitest';
import type { RegisterField, RegisterFieldRule } from './register-fields.js';
import { DEFAULT_REGISTER_RULES, PatternConfigError, patternMessage, validationMessage } from './patterns.js';
import {
  buildChangePasswordFormSchema,
  buildRegisterFormSchema,
  normalizeRegistration,
  usernameFromMobile,
  validateField,
  validatePasswordChange,
  validateRegistration,
  type RegisterInput,
  type RegisterOptions,
  type RegisterSettings,
} from './validate.js';

const rules = (overrides: Partial<Record<RegisterField, Partial<RegisterFieldRule>>> = {}) =>
  Object.fromEntries(
    Object.entries(DEFAULT_REGISTER_RULES).map(([f, r]) => [f, { ...r, ...overrides[f as RegisterField] }]),
  ) as Record<RegisterField, RegisterFieldRule>;

const settings = (overrides: Parameters<typeof rules>[0] = {}, minAge = 18): RegisterSettings => ({ fields: rules(overrides), minAge });
const EN: RegisterOptions = { lang: 'en', mode: 'username', smsVerification: false };

const validInput = (): RegisterInput => ({
  username: 'player01',
  password: 'secret123',
  confirmPassword: 'secret123',
  payeeName: 'Sok Dara',
  email: 'sok@example.com',
  mobileNum: '012345678',
  affiliateCode: '',
  captcha: 'x7k2',
  termsAccepted: true,
  ageConfirmed: true,
});

const byField = (errors: { field: string; rule: string }[]) => Object.fromEntries(errors.map((e) => [e.field, e.rule]));

const USERNAME = DEFAULT_REGISTER_RULES.username;
const usernameMsg = patternMessage('LETTER_FIRST_ALNUM', 'en', 4, 16);

describe('validateField', () => {
  it('ignores a disabled field, whatever its value', () => {
    expect(validateField('qqNum', 'not digits at all', DEFAULT_REGISTER_RULES.qqNum, 'en')).toBeNull();
    expect(validateField('username', '', { ...USERNAME, enabled: false }, 'en')).toBeNull();
  });

  it('requires a required field, counting blanks as empty', () => {
    for (const value of ['', '   ', undefined, null]) {
      expect(validateField('username', value, USERNAME, 'en')).toEqual({ field: 'username', rule: 'required', message: 'Input cannot be empty' });
    }
  });

  it('lets an empty optional field pass', () => {
    expect(validateField('email', '', DEFAULT_REGISTER_RULES.email, 'en')).toBeNull();
    expect(validateField('email', '  ', DEFAULT_REGISTER_RULES.email, 'en')).toBeNull();
    expect(validateField('email', undefined, DEFAULT_REGISTER_RULES.email, 'en')).toBeNull();
  });

  it('uses the field-specific text when empty', () => {
    expect(validateField('captcha', '', DEFAULT_REGISTER_RULES.captcha, 'en')?.message).toBe('Please enter the captcha');
    expect(validateField('mobileNum', '', { ...DEFAULT_REGISTER_RULES.mobileNum, required: true }, 'cn')?.message).toBe('请输入有效的手机号码');
  });

  it('checks min and max length at the boundaries', () => {
    expect(validateField('username', 'abc', USERNAME, 'en')).toEqual({ field: 'username', rule: 'minLength', message: usernameMsg });
    expect(validateField('username', 'abcd', USERNAME, 'en')).toBeNull();
    expect(validateField('username', 'a'.repeat(16), USERNAME, 'en')).toBeNull();
    expect(validateField('username', 'a'.repeat(17), USERNAME, 'en')).toEqual({ field: 'username', rule: 'maxLength', message: usernameMsg });
  });

  it('counts length in code points, not UTF-16 units', () => {
    const rule: RegisterFieldRule = { enabled: true, required: true, acceptedPattern: '', patternId: 'LETTERS_CHINESE', minLength: 2, maxLength: 2 };
    // U+20BB7 is one character but two UTF-16 units.
    expect('𠮷𠮷'.length).toBe(4);
    expect(validateField('payeeName', '𠮷𠮷', rule, 'en')).toBeNull();
    expect(validateField('payeeName', '𠮷', rule, 'en')?.rule).toBe('minLength');
    expect(validateField('payeeName', '𠮷𠮷𠮷', rule, 'en')?.rule).toBe('maxLength');
  });

  it('reports a pattern failure with the pattern text in the caller language', () => {
    expect(validateField('username', '1player', USERNAME, 'en')).toEqual({ field: 'username', rule: 'pattern', message: usernameMsg });
    expect(validateField('username', '1player', USERNAME, 'km')?.message).toBe(patternMessage('LETTER_FIRST_ALNUM', 'km', 4, 16));
    expect(validateField('username', '1player', USERNAME, 'cn')?.message).toBe('请输入4-16个字符，以字母开头，由字母和数字组成');
  });

  it('trims names, e-mails and passwords alike (sign-in trims, so a stored edge space could never be typed again)', () => {
    expect(validateField('username', '  player01  ', USERNAME, 'en')).toBeNull();
    expect(validateField('email', ' sok@example.com ', DEFAULT_REGISTER_RULES.email, 'en')).toBeNull();
    expect(validateField('password', ' secret123 ', DEFAULT_REGISTER_RULES.password, 'en')).toBeNull();
    expect(validateField('password', '   ', DEFAULT_REGISTER_RULES.password, 'en')?.rule).toBe('required');
  });

  it("passes anything under '*' but still applies the length", () => {
    const rule: RegisterFieldRule = { enabled: true, required: false, acceptedPattern: '*', patternId: 'DIGITS', minLength: 2, maxLength: 5 };
    expect(validateField('line', 'a b!', rule, 'en')).toBeNull();
    expect(validateField('line', 'toolong', rule, 'en')?.rule).toBe('maxLength');
  });

  it('throws when the configured regex is broken: a server config error, not a user error', () => {
    const broken = { ...USERNAME, acceptedPattern: '[a-z' };
    expect(() => validateField('username', 'player01', broken, 'en')).toThrow(PatternConfigError);
    // A value stopped by length never reaches the regex.
    expect(validateField('username', 'ab', broken, 'en')?.rule).toBe('minLength');
  });
});

describe('validateRegistration', () => {
  it('accepts a complete valid registration', () => {
    expect(validateRegistration(validInput(), settings(), EN)).toEqual([]);
  });

  it('checks every enabled field by its rule and skips disabled ones', () => {
    const input = { ...validInput(), username: '1x', email: 'nope@nope', payeeName: 'x', qqNum: 'abc' };
    expect(byField(validateRegistration(input, settings(), EN))).toEqual({ username: 'minLength', email: 'pattern', payeeName: 'minLength' });
    const withQq = settings({ qqNum: { enabled: true } });
    expect(byField(validateRegistration({ ...validInput(), qqNum: 'abc' }, withQq, EN))).toEqual({ qqNum: 'minLength' });
  });

  it('requires what the merchant marks required', () => {
    const s = settings({ wechat: { enabled: true, required: true }, idNumber: { enabled: true, required: true } });
    expect(byField(validateRegistration(validInput(), s, EN))).toEqual({ wechat: 'required', idNumber: 'required' });
  });

  it('reports at most one error per field', () => {
    const errors = validateRegistration({ ...validInput(), username: '1' }, settings(), EN);
    expect(errors.filter((e) => e.field === 'username')).toHaveLength(1);
  });

  it('requires the confirmation to equal the password ("inconsistent twice")', () => {
    const mismatch = validateRegistration({ ...validInput(), confirmPassword: 'secret124' }, settings(), EN);
    expect(mismatch).toEqual([{ field: 'confirmPassword', rule: 'mismatch', message: 'The two passwords you entered do not match' }]);
    const empty = validateRegistration({ ...validInput(), confirmPassword: '' }, settings(), EN);
    expect(empty).toEqual([{ field: 'confirmPassword', rule: 'required', message: 'Input cannot be empty' }]);
    // Both sides are trimmed before they are compared, as sign-in trims the password.
    expect(byField(validateRegistration({ ...validInput(), confirmPassword: 'secret123 ' }, settings(), EN))).toEqual({});
  });

  it('has no confirmation to check when the password field is disabled', () => {
    const s = settings({ password: { enabled: false, required: false } });
    expect(validateRegistration({ ...validInput(), password: undefined, confirmPassword: undefined }, s, EN)).toEqual([]);
  });

  it('requires the terms', () => {
    for (const termsAccepted of [false, undefined, null]) {
      expect(validateRegistration({ ...validInput(), termsAccepted }, settings(), EN)).toEqual([
        { field: 'termsAccepted', rule: 'terms', message: 'Please accept the terms and conditions' },
      ]);
    }
  });

  it('requires the age confirmation with the merchant age', () => {
    expect(validateRegistration({ ...validInput(), ageConfirmed: false }, settings({}, 18), EN)).toEqual([
      { field: 'ageConfirmed', rule: 'age', message: 'Please confirm you are 18 years old' },
    ]);
    expect(validateRegistration({ ...validInput(), ageConfirmed: undefined }, settings({}, 21), { ...EN, lang: 'cn' })).toEqual([
      { field: 'ageConfirmed', rule: 'age', message: '请确认您已年满21岁' },
    ]);
    expect(validateRegistration({ ...validInput(), ageConfirmed: undefined }, settings({}, 0), EN)).toEqual([]);
  });

  describe('SMS verification code', () => {
    const SMS = { ...EN, smsVerification: true };
    it('is required when SMS verification is on', () => {
      expect(validateRegistration(validInput(), settings(), SMS)).toEqual([
        { field: 'verificationCode', rule: 'required', message: 'Please enter a valid verification code' },
      ]);
      expect(validateRegistration({ ...validInput(), verificationCode: '123456' }, settings(), SMS)).toEqual([]);
    });

    it('is at most 255 characters, even if the merchant allows more', () => {
      const s = settings({ verificationCode: { maxLength: 1000 } });
      expect(validateRegistration({ ...validInput(), verificationCode: 'x'.repeat(255) }, s, SMS)).toEqual([]);
      expect(byField(validateRegistration({ ...validInput(), verificationCode: 'x'.repeat(256) }, s, SMS))).toEqual({ verificationCode: 'maxLength' });
    });

    it("follows the merchant's format when one is set", () => {
      const s = settings({ verificationCode: { patternId: 'DIGITS', minLength: 6, maxLength: 6 } });
      expect(byField(validateRegistration({ ...validInput(), verificationCode: '12a456' }, s, SMS))).toEqual({ verificationCode: 'pattern' });
    });

    it('is ignored when SMS verification is off, even if the rule is enabled', () => {
      const s = settings({ verificationCode: { enabled: true, required: true } });
      expect(validateRegistration(validInput(), s, EN)).toEqual([]);
    });
  });

  describe('mobile registration', () => {
    const MOBILE: RegisterOptions = { ...EN, mode: 'mobile' };
    it('requires the mobile number, even when the merchant left it disabled', () => {
      const s = settings({ mobileNum: { enabled: false } });
      const errors = validateRegistration({ ...validInput(), mobileNum: '' }, s, MOBILE);
      expect(errors).toEqual([{ field: 'mobileNum', rule: 'required', message: 'Please enter a valid mobile number' }]);
    });

    it('shows the phone number limit message for a bad number', () => {
      const errors = validateRegistration({ ...validInput(), mobileNum: '12-34-56' }, settings(), MOBILE);
      expect(errors).toEqual([{ field: 'mobileNum', rule: 'pattern', message: 'Please enter 6 - 15 characters, digits only' }]);
    });

    it('does not check the username, which comes from the number', () => {
      expect(validateRegistration({ ...validInput(), username: '' }, settings(), MOBILE)).toEqual([]);
    });

    it('refuses a number that leaves no username', () => {
      expect(byField(validateRegistration({ ...validInput(), mobileNum: '000000' }, settings(), MOBILE))).toEqual({ mobileNum: 'pattern' });
    });

    it('derives the username without leading zeros', () => {
      expect(usernameFromMobile('0012345678')).toBe('12345678');
      expect(usernameFromMobile(' 012345678 ')).toBe('12345678');
      expect(usernameFromMobile('85512345678')).toBe('85512345678');
      expect(normalizeRegistration({ username: 'ignored', mobileNum: ' 012345678 ', password: ' p ' }, 'mobile')).toEqual({
        username: '12345678',
        mobileNum: '012345678',
        password: 'p',
      });
    });

    it('leaves the mobile number optional in username registration unless configured', () => {
      expect(validateRegistration({ ...validInput(), mobileNum: '' }, settings(), EN)).toEqual([]);
      const s = settings({ mobileNum: { required: true } });
      expect(byField(validateRegistration({ ...validInput(), mobileNum: '' }, s, EN))).toEqual({ mobileNum: 'required' });
    });
  });

  it('answers in the requested language', () => {
    const errors = validateRegistration({ ...validInput(), username: '', termsAccepted: false }, settings(), { ...EN, lang: 'km' });
    expect(errors.map((e) => e.message)).toEqual([validationMessage('inputEmpty', 'km'), validationMessage('termsRequired', 'km')]);
  });

  it('normalizes by trimming every field', () => {
    expect(normalizeRegistration({ username: ' player01 ', email: ' a@b.co ', password: ' x ', termsAccepted: true }, 'username')).toEqual({
      username: 'player01',
      email: 'a@b.co',
      password: 'x',
      termsAccepted: true,
    });
  });
});

describe('buildRegisterFormSchema', () => {
  const schema = buildRegisterFormSchema(settings(), EN);

  it('parses a valid form and keeps fields outside the rules', () => {
    const result = schema.safeParse({ ...validInput(), countryDialingCode: '855' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ countryDialingCode: '855', username: 'player01' });
  });

  it('puts each error on its field path with its message', () => {
    const result = schema.safeParse({ ...validInput(), username: '1player', confirmPassword: 'other123', termsAccepted: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['username'], usernameMsg],
      [['confirmPassword'], 'The two passwords you entered do not match'],
      [['termsAccepted'], 'Please accept the terms and conditions'],
    ]);
  });
});

describe('validatePasswordChange', () => {
  const RULE = DEFAULT_REGISTER_RULES.password;
  const ok = { oldPassword: 'old12345', newPassword: 'new12345', confirmNewPassword: 'new12345' };

  it('accepts a valid change', () => {
    expect(validatePasswordChange(ok, RULE, 'en')).toEqual([]);
  });

  it('requires all three fields', () => {
    expect(validatePasswordChange({}, RULE, 'en')).toEqual([
      { field: 'oldPassword', rule: 'required', message: 'Input cannot be empty' },
      { field: 'newPassword', rule: 'required', message: 'Input cannot be empty' },
      { field: 'confirmNewPassword', rule: 'required', message: 'Input cannot be empty' },
    ]);
  });

  it('does not ask for the old password when it is already known', () => {
    expect(validatePasswordChange({ ...ok, oldPassword: '' }, RULE, 'en', { requireOld: false })).toEqual([]);
  });

  it('holds the new password to the password rule, even if registration disabled it', () => {
    const weak = { ...ok, newPassword: 'abcdefg', confirmNewPassword: 'abcdefg' };
    const message = patternMessage('ALNUM_MIXED', 'en', 6, 20);
    expect(validatePasswordChange(weak, RULE, 'en')).toEqual([{ field: 'newPassword', rule: 'pattern', message }]);
    expect(validatePasswordChange(weak, { ...RULE, enabled: false, required: false }, 'en')).toHaveLength(1);
    const short = { ...ok, newPassword: 'ab1', confirmNewPassword: 'ab1' };
    expect(byField(validatePasswordChange(short, RULE, 'en'))).toEqual({ newPassword: 'minLength' });
  });

  it('requires the confirmation to equal the new password', () => {
    expect(validatePasswordChange({ ...ok, confirmNewPassword: 'new12346' }, RULE, 'en')).toEqual([
      { field: 'confirmNewPassword', rule: 'mismatch', message: 'Confirmation password is not correct.' },
    ]);
  });

  it('requires the new password to differ from the old one', () => {
    expect(validatePasswordChange({ oldPassword: 'same1234', newPassword: 'same1234', confirmNewPassword: 'same1234' }, RULE, 'cn')).toEqual([
      { field: 'newPassword', rule: 'sameAsOld', message: '新密码不能与原密码相同' },
    ]);
  });

  it('works as a form schema', () => {
    const schema = buildChangePasswordFormSchema(RULE, 'en');
    expect(schema.safeParse(ok).success).toBe(true);
    const result = schema.safeParse({ ...ok, confirmNewPassword: 'x' });
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([[['confirmNewPassword'], 'Confirmation password is not correct.']]);
  });
});
