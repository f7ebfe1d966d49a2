import { z } from 'zod';
import type { Lang } from '../constants.js';
import { patternMessage, testPattern, validationMessage, type ValidationMessageKey } from './patterns.js';
import { REGISTER_FIELDS, type RegisterField, type RegisterFieldRule } from './register-fields.js';

/**
 * Registration and change-password rules (spec §5) as pure functions. The server runs them as the
 * authority; the web form runs the very same code through the zod schemas below.
 */

export type FormField =
  | RegisterField
  | 'confirmPassword'
  | 'termsAccepted'
  | 'ageConfirmed'
  | 'oldPassword'
  | 'newPassword'
  | 'confirmNewPassword';
export type FieldRuleName = 'required' | 'minLength' | 'maxLength' | 'pattern' | 'mismatch' | 'terms' | 'age' | 'sameAsOld';
export type FieldError = { field: FormField; rule: FieldRuleName; message: string };

type Text = string | null | undefined;
export type RegisterInput = { [K in RegisterField | 'confirmPassword']?: Text } & {
  termsAccepted?: boolean | null;
  ageConfirmed?: boolean | null;
};
export type RegisterSettings = { fields: Record<RegisterField, RegisterFieldRule>; minAge: number };
export type RegisterMode = 'username' | 'mobile';
export type RegisterOptions = { lang: Lang; mode: RegisterMode; smsVerification: boolean };
export type ChangePasswordInput = { oldPassword?: Text; newPassword?: Text; confirmNewPassword?: Text };


const REQUIRED_MESSAGE: Partial<Record<FormField, ValidationMessageKey>> = {
  captcha: 'captchaRequired',
  verificationCode: 'verificationCodeInvalid',
  mobileNum: 'mobileInvalid',
};

/**
 * The value as it is checked and stored: missing becomes '', and everything is trimmed — passwords
 * too, because sign-in trims them (spec §5 Login), so a password kept with its edge spaces could
 * never be typed in again.
 */
export const normalizeField = (_field: FormField, value: Text): string => (value == null ? '' : value.trim());

/** Code points, so an emoji or a CJK extension character counts as one, as a person would count it. */
const length = (value: string) => [...value].length;

const fail = (field: FormField, rule: FieldRuleName, message: string): FieldError => ({ field, rule, message });

/** Checks an already-normalized value against an enabled rule. */
const checkValue = (field: FormField, value: string, rule: RegisterFieldRule, lang: Lang): FieldError | null => {
  if (value === '') {
    return rule.required ? fail(field, 'required', validationMessage(REQUIRED_MESSAGE[field] ?? 'inputEmpty', lang)) : null;
  }
  const message = () => patternMessage(rule.patternId, lang, rule.minLength, rule.maxLength);
  const n = length(value);
  if (n < rule.minLength) return fail(field, 'minLength', message());
  if (n > rule.maxLength) return fail(field, 'maxLength', message());
  return testPattern(rule.acceptedPattern, rule.patternId, value) ? null : fail(field, 'pattern', message());
};

/** One field against its merchant rule; disabled fields are ignored and empty optional ones pass. */
export const validateField = (field: RegisterField, value: Text, rule: RegisterFieldRule, lang: Lang): FieldError | null =>
  rule.enabled ? checkValue(field, normalizeField(field, value), rule, lang) : null;

/** Mobile registration's username: the number without its leading zeros (spec §5). */
export const usernameFromMobile = (mobileNum: string): string => mobileNum.trim().replace(/^0+/, '');

const SMS_CODE_MAX = 255;

/** The rule a field is held to in this registration, or null when the field is not checked at all. */
const effectiveRule = (field: RegisterField, rule: RegisterFieldRule, opts: RegisterOptions): RegisterFieldRule | null => {
  // The username is derived from the mobile number, so the username rule has nothing to check.
  if (field === 'username' && opts.mode === 'mobile') return null;
  if (field === 'mobileNum' && opts.mode === 'mobile') return { ...rule, enabled: true, required: true };
  if (field === 'verificationCode') {
    // The SMS flag decides whether a code exists at all; the rule only shapes it.
    if (!opts.smsVerification) return null;
    return { ...rule, enabled: true, required: true, maxLength: Math.min(rule.maxLength, SMS_CODE_MAX) };
  }
  return rule;
};

/** Trimmed values, plus the derived username in mobile registration: what the server should store. */
export const normalizeRegistration = <T extends RegisterInput>(input: T, mode: RegisterMode): T => {
  const out: T = { ...input };
  for (const field of REGISTER_FIELDS) {
    if (typeof input[field] === 'string') out[field] = normalizeField(field, input[field]) as T[typeof field];
  }
  if (mode === 'mobile') out.username = usernameFromMobile(out.mobileNum ?? '') as T['username'];
  return out;
};

/** Every rule of spec §5 Registration; at most one error per field, in form order. */
export const validateRegistration = (input: RegisterInput, settings: RegisterSettings, opts: RegisterOptions): FieldError[] => {
  const { lang } = opts;
  const errors: FieldError[] = [];
  for (const field of REGISTER_FIELDS) {
    const rule = effectiveRule(field, settings.fields[field], opts);
    const error = rule && validateField(field, input[field], rule, lang);
    if (error) errors.push(error);
  }

  // "000" would pass DIGITS but leave no username.
  const mobileOk = !errors.some((e) => e.field === 'mobileNum');
  if (opts.mode === 'mobile' && mobileOk && usernameFromMobile(input.mobileNum ?? '') === '') {
    errors.push(fail('mobileNum', 'pattern', validationMessage('mobileInvalid', lang)));
  }

  if (settings.fields.password.enabled) {
    const confirm = normalizeField('confirmPassword', input.confirmPassword);
    if (confirm === '') errors.push(fail('confirmPassword', 'required', validationMessage('inputEmpty', lang)));
    else if (confirm !== normalizeField('password', input.password)) {
      errors.push(fail('confirmPassword', 'mismatch', validationMessage('passwordInconsistent', lang)));
    }
  }

  if (input.termsAccepted !== true) errors.push(fail('termsAccepted', 'terms', validationMessage('termsRequired', lang)));
  // A merchant with minAge 0 does not ask for the confirmation.
  if (settings.minAge > 0 && input.ageConfirmed !== true) {
    errors.push(fail('ageConfirmed', 'age', validationMessage('ageConfirm', lang, [settings.minAge])));
  }
  return errors;
};

/** Adds each FieldError as a zod issue on its field, which is where react-hook-form shows it. */
const addIssues = (errors: FieldError[], ctx: z.RefinementCtx) => {
  for (const e of errors) ctx.addIssue({ code: 'custom', path: [e.field], message: e.message });
};

const textFields = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, z.string().nullish()]));

/**
 * The registration form's schema for zodResolver. Loose, so fields the rules do not cover (dialing
 * code, captcha id) reach the submit handler untouched.
 */
export const buildRegisterFormSchema = (settings: RegisterSettings, opts: RegisterOptions) =>
  z
    .looseObject({
      ...(textFields([...REGISTER_FIELDS, 'confirmPassword']) as Record<RegisterField | 'confirmPassword', z.ZodOptional<z.ZodNullable<z.ZodString>>>),
      termsAccepted: z.boolean().nullish(),
      ageConfirmed: z.boolean().nullish(),
    })
    .superRefine((data, ctx) => addIssues(validateRegistration(data, settings, opts), ctx));

export type ChangePasswordOptions = {
  /** False when the old password is already known (e.g. the flagged default password), spec §5. */
  requireOld?: boolean;
};

/** Spec §5 Change password, plus "the new password differs from the old one". */
export const validatePasswordChange = (
  body: ChangePasswordInput,
  passwordRule: RegisterFieldRule,
  lang: Lang,
  opts: ChangePasswordOptions = {},
): FieldError[] => {
  const errors: FieldError[] = [];
  const oldPassword = normalizeField('oldPassword', body.oldPassword);
  const newPassword = normalizeField('newPassword', body.newPassword);
  const confirm = normalizeField('confirmNewPassword', body.confirmNewPassword);

  if (oldPassword === '' && opts.requireOld !== false) errors.push(fail('oldPassword', 'required', validationMessage('inputEmpty', lang)));

  // A password change always needs a new password, whatever the registration switch says.
  const newError = checkValue('newPassword', newPassword, { ...passwordRule, enabled: true, required: true }, lang);
  if (newError) errors.push(newError);
  else if (oldPassword !== '' && newPassword === oldPassword) {
    errors.push(fail('newPassword', 'sameAsOld', validationMessage('passwordSameAsOld', lang)));
  }

  if (confirm === '') errors.push(fail('confirmNewPassword', 'required', validationMessage('inputEmpty', lang)));
  else if (confirm !== newPassword) {
    errors.push(fail('confirmNewPassword', 'mismatch', validationMessage('confirmPasswordIncorrect', lang)));
  }
  return errors;
};

export const buildChangePasswordFormSchema = (passwordRule: RegisterFieldRule, lang: Lang, opts: ChangePasswordOptions = {}) =>
  z
    .object({
      oldPassword: z.string().nullish(),
      newPassword: z.string().nullish(),
      confirmNewPassword: z.string().nullish(),
    })
    .superRefine((data, ctx) => addIssues(validatePasswordChange(data, passwordRule, lang, opts), ctx));
